#!/usr/bin/env bash
# The build the README's two commands share, scripts/verify.sh then scripts/test.sh: release, with
# -enable-testing so the test bundle's `@testable import` compiles against the same optimised
# modules. After verify.sh, test.sh compiles only the test target, and the sweeps (tens of
# thousands of plans and renders) run optimised without an optimised debug build (issue #57).
# The binary is .build/release/evidence; the relocatable one is scripts/build-release.sh's.
# `--build-tests` builds the test bundle too, else the evidence product alone; other arguments go
# to `swift build`.
set -euo pipefail
cd "$(dirname "$0")/.."
flags=(-c release -Xswiftc -enable-testing)
if [ "${1:-}" = --build-tests ]; then shift; exec swift build "${flags[@]}" --build-tests "$@"; fi
exec swift build "${flags[@]}" --product evidence "$@"
