#!/usr/bin/env bash
# Set-up command 1: install what is missing, build the evidence product in debug — the build
# scripts/test.sh then extends with the test target alone (issue #57) — and verify every render
# against Goldens/. Arguments go to `evidence verify` (.ci/run passes --html and --junit).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
scripts/build-debug.sh --product evidence 2>&1 | tail -n 1
exec "$(swift build --show-bin-path)/evidence" verify "$@"
