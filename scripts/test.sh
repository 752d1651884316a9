#!/usr/bin/env bash
# Set-up command 2: install what is missing (build deps; chromium for the report's browser
# tests), build and run the whole Swift test suite, then print the ten slowest tests and the
# script's own wall time. The fuzz smoke (scripts/fuzz.sh 8, which builds Fuzz/ with its own
# sanitizers) is a step of its own with its own time: .ci/run calls it after this script;
# EVIDENCE_FUZZ=1 runs it here too. Arguments go to 'swift test' (e.g. --filter GateTests).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
scripts/ensure-deps.sh
scripts/ensure-browser.sh
log=$(mktemp)
trap 'rm -f "$log"' EXIT
set +e
swift test "$@" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
set -e
# Swift Testing's own lines (awk, not head, takes the top ten: head would close the pipe early and
# sort's SIGPIPE fails the script under pipefail, exit 141): '✔ Test name() passed after 1.234 seconds.' (also 'failed after').
echo "ten slowest tests:"
sed -nE 's/^.* Test (.*) (passed|failed) after ([0-9.]+) seconds.*$/\3 \1/p' "$log" | grep -v '^[0-9.]* run with ' | sort -rg | awk 'NR <= 10' |
    awk '{ printf "  %8.2f s  ", $1; $1 = ""; print substr($0, 2) }'
echo "scripts/test.sh: $((SECONDS - started)) s wall (swift test exit $rc)"
[ "$rc" -ne 0 ] || [ "${EVIDENCE_FUZZ:-0}" != 1 ] || scripts/fuzz.sh 8
exit "$rc"
