#!/usr/bin/env bash
# Set-up command 2: install what is missing (build deps; chromium for the report's browser
# tests), run the whole Swift test suite, then a short libFuzzer run of every target (8 s each,
# scripts/fuzz.sh; EVIDENCE_SKIP_FUZZ=1 skips it).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
scripts/ensure-browser.sh
swift test "$@"
[ "${EVIDENCE_SKIP_FUZZ:-0}" = 1 ] || scripts/fuzz.sh 8
