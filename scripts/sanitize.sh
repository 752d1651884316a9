#!/usr/bin/env bash
# The test suite under ThreadSanitizer and AddressSanitizer (issue #24), each in its own build
# folder (.build/sanitize-thread, .build/sanitize-address) so the ordinary build is untouched.
# The suite spawns the `evidence` binary too (HostileCaseTests, HonestExitTests), built with the
# same sanitizer, so the CLI's parallel verify/record run instrumented as well.
#   scripts/sanitize.sh                       # both, the whole suite but the browser tests
#   scripts/sanitize.sh thread --filter GateTests
#   SANITIZERS=address scripts/sanitize.sh
# Prints per sanitizer the number of reports (0 is the goal) and exits 1 when any were found.
# The logs stay in .build/sanitize-<name>.log. Slow (several times the plain suite): not in
# scripts/test.sh; run it after changing the parallel code, the C targets or the parsers.
# LeakSanitizer is off for the suite: Foundation and the Swift runtime keep caches that LSan
# counts at exit; leaks per input are what scripts/fuzz.sh checks (detect_leaks=1).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
which="${SANITIZERS:-thread address}"
case "${1:-}" in thread|address) which="$1"; shift ;; all) shift ;; esac
extra=("$@")
[ ${#extra[@]} -gt 0 ] || extra=(--skip BrowserTests)
scripts/ensure-deps.sh
failed=0
for s in $which; do
    log=".build/sanitize-$s.log"
    mkdir -p .build
    echo "swift test --sanitize=$s ${extra[*]} (log: $log)…" >&2
    # The suite spawns the CLI it finds beside the test bundle: build it the same way first, or the
    # CLI tests fail on a clean clone (no evidence in that scratch path).
    swift build --sanitize="$s" --scratch-path ".build/sanitize-$s" --product evidence >"$log" 2>&1 || {
        echo "$s: building the CLI failed (see $log)"; failed=1; continue; }
    # EVIDENCE_SANITIZER: the tests that cannot run under one (OutputAllowListTests' ulimit -f cases
    # under thread: its runtime dies of SIGBUS before main) say so and are skipped, never passed.
    EVIDENCE_SANITIZER="$s" TSAN_OPTIONS="halt_on_error=0:${TSAN_OPTIONS:-}" ASAN_OPTIONS="detect_leaks=0:halt_on_error=0:${ASAN_OPTIONS:-}" \
        swift test --sanitize="$s" --scratch-path ".build/sanitize-$s" "${extra[@]}" >>"$log" 2>&1
    rc=$?
    case "$s" in
        thread) reports=$(grep -c "WARNING: ThreadSanitizer" "$log") ;;
        address) reports=$(grep -c "ERROR: AddressSanitizer" "$log") ;;
    esac
    summary=$(grep -E "Test run with .* (passed|failed)" "$log" | tail -1)
    echo "$s: $reports report(s); swift test exit $rc; ${summary:-no test summary (see $log)}"
    if [ "$reports" != 0 ] || [ "$rc" != 0 ]; then failed=1; fi
done
exit "$failed"
