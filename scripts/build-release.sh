#!/usr/bin/env bash
# The release build every script makes (verify.sh, install.sh, in-container.sh, bench.sh): the
# evidence binary with the Swift runtime and Foundation linked in — resolving their symbols at every
# start was a fifth of a one-fixture verify (issue #37). Given here, not as unsafe flags in
# Package.swift, which would make the package unusable as a dependency (issue #57); one command, so
# every script's build is the same build and none relinks another's. Arguments go to `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
exec swift build -c release --static-swift-stdlib --product evidence "$@"
