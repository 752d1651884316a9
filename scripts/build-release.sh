#!/usr/bin/env bash
# The relocatable release build (install.sh, in-container.sh, bench.sh, reproducers.sh): the
# evidence binary with the Swift runtime and Foundation linked in — resolving their symbols at every
# start was a fifth of a one-fixture verify (issue #37) — at .build/static/release/evidence. Given
# here, not as unsafe flags in Package.swift, which would make the package unusable as a dependency
# (issue #57). Its own scratch folder: a static build compiles against the static standard library's
# modules, where swift-testing does not exist, so it cannot share a .build with the tests' build
# (scripts/verify.sh, scripts/test.sh), and in one folder each would recompile the other. Arguments go to
# `swift build` (a --scratch-path among them replaces .build/static).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=(--scratch-path .build/static)
for arg in "$@"; do case "$arg" in --scratch-path|--scratch-path=*) scratch=() ;; esac; done
exec swift build -c release --static-swift-stdlib "${scratch[@]}" --product evidence "$@"
