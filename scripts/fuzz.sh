#!/usr/bin/env bash
# libFuzzer on every input the gate reads (issue #24): builds the Fuzz/ package with
# -sanitize=fuzzer,address and runs each target for SECONDS (default 60) on its committed seed
# corpus (Fuzz/Corpus/<target>/, only read: libFuzzer writes new inputs to the first corpus folder
# given, Fuzz/.build/corpus/<target>/), under a 3 GB memory limit and a 10 s per-input timeout.
# Each target runs with TMPDIR in a folder of its own under Fuzz/.build/fuzz-run/, removed after
# it, so a harness's scratch folder is gone even when libFuzzer ended it with _Exit. Prints one
# line per target with its exec count; exit 1 if any target found a crash, a trap, a leak, a
# timeout or an out-of-memory — its reproducer is kept in Fuzz/.build/artifacts/<target>/ and the
# line says how to replay it.
#   scripts/fuzz.sh 300                      # the acceptance run: five minutes per target
#   FUZZ_TARGETS="FuzzPNG FuzzManifest" scripts/fuzz.sh 30
# New inputs the fuzzer finds go to Fuzz/.build/corpus/<target>/ (never into the committed corpus;
# copy an interesting one into Fuzz/Corpus/ by hand). Fixed seed, so a run is repeatable.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds="${1:-60}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || (( seconds == 0 )); then echo "fuzz.sh: SECONDS must be a whole number > 0, got '$seconds'" >&2; exit 2; fi
all_targets="FuzzSnapshotRender FuzzPNG FuzzTokenXML FuzzColorSet FuzzResultReport FuzzManifest FuzzKnownFindings"
targets="${FUZZ_TARGETS:-$all_targets}"
scripts/ensure-deps.sh

# lld: gold crashes (internal error in format_file_lineno) on the ASan-instrumented objects.
# shellcheck disable=SC2054 # the commas are inside one flag's value
flags=(-c release -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld)
echo "building Fuzz/ (libFuzzer + AddressSanitizer, release)…" >&2
swift build --package-path Fuzz "${flags[@]}" >&2
bin="$(swift build --package-path Fuzz "${flags[@]}" --show-bin-path)"
work=Fuzz/.build/fuzz-run
failed=0
tmp=""
trap '[ -z "$tmp" ] || rm -rf "$tmp"' EXIT   # Ctrl-C of this script too
printf '%-20s %12s %10s %8s  %s\n' target execs "exec/s" corpus result
for t in $targets; do
    [ -x "$bin/$t" ] || { echo "fuzz.sh: no target '$t' (expected one of: $all_targets)" >&2; exit 2; }
    corpus="Fuzz/.build/corpus/$t" artifacts="Fuzz/.build/artifacts/$t/"
    mkdir -p "$corpus" "$artifacts" "$work"
    dict=Fuzz/Corpus/json.dict
    [ "$t" = FuzzTokenXML ] && dict=Fuzz/Corpus/xml.dict
    [ "$t" = FuzzPNG ] && dict=""
    log="$work/$t.log"
    tmp="$work/tmp-$t"
    rm -rf "$tmp" && mkdir -p "$tmp"
    set +e
    # ASan's allocator limit matches the acceptance's 3 GB; a run ends at SECONDS with its stats.
    # The Swift backtracer off: a trap is reported as libFuzzer's deadly signal, not as ASan tripping over the backtracer.
    TMPDIR="$PWD/$tmp" SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=1:allocator_may_return_null=1:${ASAN_OPTIONS:-}" LSAN_OPTIONS="suppressions=$PWD/Fuzz/lsan.supp:${LSAN_OPTIONS:-}" \
        "$bin/$t" "$corpus" "Fuzz/Corpus/$t" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 \
        -seed=24 -print_final_stats=1 -artifact_prefix="$artifacts" ${dict:+-dict=$dict} >"$log" 2>&1
    rc=$?
    set -e
    rm -rf "$tmp"
    execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
    rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -1)
    size=$(find "$corpus" -type f | wc -l)
    if [ "$rc" -eq 0 ]; then
        result=ok
    else
        failed=1
        artifact=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -1)
        what=$(grep -m1 -oE 'ERROR: (libFuzzer|AddressSanitizer|LeakSanitizer): [a-z-]+|Fatal error: .*|deadly signal' "$log" || echo "exit $rc")
        result="FAILED ($what) — replay: $bin/$t ${artifact:-<artifact>}; log: $log"
    fi
    printf '%-20s %12s %10s %8s  %s\n' "$t" "${execs:-?}" "${rate:-?}" "$size" "$result"
done
exit "$failed"
