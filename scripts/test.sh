#!/usr/bin/env bash
# Set-up command 2: install what is missing (build deps; chromium for the report's browser
# tests), build and run the whole Swift test suite, then print the ten slowest tests and the
# script's own wall time. The fuzz smoke (scripts/fuzz.sh 8, which builds Fuzz/ with its own
# sanitizers) is a step of its own with its own time: .ci/run calls it after this script;
# EVIDENCE_FUZZ=1 runs it here too.
#
# The suite builds on scripts/verify.sh's debug build: after verify.sh only the test target
# compiles (scripts/build-debug.sh --build-tests, without debug info), and the suite runs
# unoptimised. The long sweeps keep it quick by what they run (issue #57): each runs a
# fixed-seed, stratified sample of its cases
# (Tests/WidgetRasterTests/SweepSample.swift); EVIDENCE_SWEEPS=full runs every case, which .ci/run
# does as a step of its own after this script. For one suite while editing:
# `scripts/test.sh --filter X` (the same build; a plain `swift build` adds debug info and rebuilds all).
#
# With no arguments the suite runs as EVIDENCE_TEST_PROCESSES serial processes (default: one more
# than the cores), each given whole suites so their expected seconds balance (longest first, each
# to the least loaded process): serial, each test's time is its own (less what it waits for a core),
# so the ten slowest are real — under Swift Testing's in-process parallelism every test's
# "passed after" is about the run's end.
# The expected seconds are the last run's (.build/test-seconds.txt), else scripts/test-seconds.txt;
# a suite in neither counts 1 s. The last process runs everything the others skip, so no test is
# left out.
# Arguments go to the test bundle in one process instead (e.g. --filter GateTests).
set -euo pipefail
cd "$(dirname "$0")/.."
started=$SECONDS
scripts/ensure-deps.sh
scripts/ensure-browser.sh
scripts/build-debug.sh --build-tests
bundle="$(swift build --show-bin-path)/evidencePackageTests.xctest"
run_tests() { "$bundle" --testing-library swift-testing --no-parallel "$@"; }
# The suite's scratch folders (sandboxes, pages, browser profiles) go to a temporary folder of this
# run's own, removed at the end, so what a test leaves behind never piles up in /tmp.
work=$(mktemp -d)
trap 'chmod -R u+rwx "$work" 2>/dev/null; rm -rf "$work"' EXIT
export TMPDIR="$work/tmp"
mkdir "$TMPDIR"
if [ $# -gt 0 ]; then
    set +e; "$bundle" --testing-library swift-testing "$@"; rc=$?; set -e
    echo "scripts/test.sh: $((SECONDS - started)) s wall (exit $rc)"
    exit "$rc"
fi
# Suites (the part of each test id before '/'), and the seconds each took last time.
run_tests --list-tests | sed 's#/.*##' | sort -u > "$work/suites"
[ -s "$work/suites" ] || { echo "scripts/test.sh: the test bundle lists no tests" >&2; exit 1; }
costs=.build/test-seconds.txt
[ -s "$costs" ] || costs=scripts/test-seconds.txt
# Each suite to the least loaded of the processes, longest first; the last process runs every
# suite the others do not (so none is left out), and gets the suites the balance gives it.
# One more process than cores: each spends part of its time waiting on the CLI it spawned or on
# chromium, and the extra one fills those waits (two cores, alternating runs with the fuzz on one
# of them: 158 and 162 s with three processes, 162 and 173 s with two). On a quiet machine the gain
# is within the noise (133 s with three, 131 s with two): the extra process is for a loaded runner.
procs=${EVIDENCE_TEST_PROCESSES:-$(($(nproc) + 1))}
case $procs in '' | *[!0-9]* | 0)
    echo "scripts/test.sh: EVIDENCE_TEST_PROCESSES=$procs: expected a whole number of processes, 1 or more" >&2
    exit 2 ;;
esac
awk 'NR == FNR { cost[$2] = $1; next } { print ($1 in cost ? cost[$1] : 1), $1 }' "$costs" "$work/suites" |
    sort -rg | awk -v n="$procs" -v dir="$work" '{
        best = n; for (i = 1; i < n; i++) if (load[i] < load[best]) best = i
        load[best] += $1; if (best < n) print $2 > (dir "/bin-" best) }'
skips=()
for k in $(seq 1 $((procs - 1))); do
    touch "$work/bin-$k"
    while read -r suite; do skips+=(--skip "$suite/"); done < "$work/bin-$k"
done

# Each process's lines as they come (less the 'started' ones), tagged with its number; its whole
# output kept for the summary. A process whose share is empty is not started.
set +e
pids=(); started_procs=()
for k in $(seq 1 "$procs"); do
    args=()
    if [ "$k" -lt "$procs" ]; then
        while read -r suite; do args+=(--filter "$suite/"); done < "$work/bin-$k"
        [ ${#args[@]} -gt 0 ] || continue
    else
        args=("${skips[@]}")
    fi
    run_tests "${args[@]}" > >(tee "$work/$k.log" | sed -u "/ started\.\$/d; s/^/[$k] /") 2>&1 &
    pids+=($!); started_procs+=("$k")
done
rcs=(); rc=0
for p in "${pids[@]}"; do wait "$p"; r=$?; rcs+=("$r"); [ "$rc" -ne 0 ] || rc=$r; done
set -e
sleep 0.2  # the tee processes flush the last lines

# Swift Testing's own lines: '✔ Test name() passed after 1.234 seconds.' (also 'failed after');
# 'Test run with N tests in M suites passed after …' closes each process.
# (Without its colour codes: Swift Testing colours '✘' on a terminal-like TERM, which split "✘ Test".)
for k in "${started_procs[@]}"; do sed 's/\x1b\[[0-9;]*m//g' "$work/$k.log"; done > "$work/all.log"
tests=$(sed -nE 's/^.*Test run with ([0-9]+) tests? .*$/\1/p' "$work/all.log" | awk '{ n += $1 } END { print n + 0 }')
failed=$(grep -E '^.*✘ Test .* failed after' "$work/all.log" | grep -vc ' Test run with ' || true)
sed -nE 's/^.* Test (.*) (passed|failed) after ([0-9.]+) seconds.*$/\3 \1/p' "$work/all.log" | grep -v '^[0-9.]* run with ' > "$work/times"
# Suite seconds for the next run's balance: 'Suite X passed after S seconds', serial, so its own.
# (The last process names every suite, those it skipped whole with about 0 s: the times are added.)
sed -nE 's/^.* Suite ([A-Za-z0-9_]+) (passed|failed) after ([0-9.]+) seconds.*$/\3 \1/p' "$work/all.log" |
    awk '{ s["WidgetRasterTests." $2] += $1 } END { for (k in s) printf "%.3f %s\n", s[k], k }' | sort -rg > "$work/suite-seconds"
[ "$rc" -ne 0 ] || [ ! -s "$work/suite-seconds" ] || cp "$work/suite-seconds" .build/test-seconds.txt
echo "ten slowest tests (each process runs its tests one at a time, so a time is that test's own):"
sort -rg "$work/times" | awk 'NR <= 10' | awk '{ printf "  %8.2f s  ", $1; $1 = ""; print substr($0, 2) }'
shares=""
for i in "${!started_procs[@]}"; do
    k=${started_procs[$i]}
    share=$([ "$k" -lt "$procs" ] && echo "$(wc -l < "$work/bin-$k") suites" || echo "the rest")
    shares+="${shares:+, }$k exit ${rcs[$i]} ($share)"
done
echo "processes: $shares"
# A process that died (a trap, a signal) never printed its closing line: its tests are not counted
# as passed, and it counts as a failure, so the run is never reported as clean.
crashed=0
for i in "${!started_procs[@]}"; do
    k=${started_procs[$i]}
    if ! grep -q 'Test run with' "$work/$k.log"; then
        echo "process $k ended without its summary (exit ${rcs[$i]}): it crashed; its last lines are above"
        crashed=$((crashed + 1))
    fi
done
echo "tests: $((tests - failed)) passed, $((failed + crashed)) failed"
echo "scripts/test.sh: $((SECONDS - started)) s wall (exit $rc)"
[ "$rc" -ne 0 ] || [ "${EVIDENCE_FUZZ:-0}" != 1 ] || scripts/fuzz.sh 8
exit "$rc"
