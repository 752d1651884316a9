#!/usr/bin/env bash
# The speed and memory benchmark of issue #12, on this machine, in one run (release build):
#   - verify (fast path and full decode), record (writing every golden, and with nothing to
#     write), the rendered contrast audit and the contact sheet: whole-matrix wall, CPU and peak
#     memory (GNU time), per-fixture wall — median of BENCH_RUNS runs (default 5), each phase in
#     its own process (`evidence bench --phase P`);
#   - side by side, `evidence compare`, ImageMagick `compare -metric AE` and PyPI `pixelmatch` on
#     one golden pair (`BENCH_ONLY=compare` runs just these rows);
#   - the matrix at 1×, 4×, 16× (`evidence bench --scale N`): wall and peak memory;
#   - `evidence map`: Small STALE and `auto` at four font scales, iOS systemSmall, alternating
#     (`BENCH_ONLY=map` runs just these rows);
#   - the issue's targets, each met or its gap named;
#   - with BENCH_AGAINST=REV (a commit, e.g. the one before a change): REV's own release build
#     (a git worktree in .build/bench-against/REV) and this one run whole-matrix `verify --quiet`
#     alternately, BENCH_RUNS times each, each on its own Goldens/ — median wall, CPU and per
#     fixture side by side, and whether this build is within 10 % of REV (`BENCH_ONLY=against`
#     runs just these rows); then issue #37's rows, alternating too: one-fixture verify, whole-matrix
#     verify with proofs warm and cold, record per fixture, golden bytes, and with BENCH_FRESH_CLONE=1
#     the README's two commands (verify.sh, then test.sh) on a fresh clone of each
#     (docs/reference/performance.md); and issue #56's:
#     verify's fast path, golden bytes per golden against 24,203 B, and its targets
#     (`BENCH_ONLY=encode` runs just record, the fast path and the bytes, alternating;
#     `BENCH_ONLY=fast` just the fast path and the bytes);
#   - issue #56's whole-matrix verify per fixture against 1/60 of an ImageMagick `compare`, the two
#     alternating in one run (`BENCH_ONLY=magick` runs just this row).
# Installs what it needs when missing: GNU time and ImageMagick (apt), pixelmatch + Pillow (pip,
# into .build/bench-venv), bc. Where ImageMagick cannot be installed its rows say "skipped" and why,
# and the rest run. Timings are only as quiet as the machine: the header prints `uptime`.
set -euo pipefail
cd "$(dirname "$0")/.."
# BENCH_DOC=FILE (default docs/benchmarks.md, '' for none): a finished whole run's output (no
# BENCH_ONLY) is also written there, as the page the docs link — the only place benchmark figures
# live (DocsTests).
BENCH_DOC=${BENCH_DOC-docs/benchmarks.md}
if [ -n "$BENCH_DOC" ] && [ -z "${BENCH_DOC_RUN:-}" ] && [ -z "${BENCH_ONLY:-}" ]; then
  out=$(mktemp); set +e
  BENCH_DOC_RUN=1 "$0" "$@" | tee "$out"; status=${PIPESTATUS[0]}; set -e
  if [ "$status" = 0 ]; then
    { echo "<!-- written by scripts/bench.sh: run it again instead of editing this file -->"
      # shellcheck disable=SC2016 # Markdown backticks, not a command substitution
      printf '# Benchmark results\n\nThe last `scripts/bench.sh` run (%s).\n\n```text\n' "${BENCH_RUNS:+BENCH_RUNS=$BENCH_RUNS }${BENCH_SCALES:+BENCH_SCALES=\"$BENCH_SCALES\" }defaults otherwise"
      cat "$out"; echo '```'; } > "$BENCH_DOC.tmp" && mv "$BENCH_DOC.tmp" "$BENCH_DOC"
  fi
  rm -f "$out"; exit "$status"
fi
if { [ "${BENCH_ONLY:-}" = encode ] || [ "${BENCH_ONLY:-}" = fast ]; } && [ -z "${BENCH_AGAINST:-}" ]; then
  echo "BENCH_ONLY=${BENCH_ONLY} compares with a build before: set BENCH_AGAINST=REV" >&2; exit 2
fi
RUNS=${BENCH_RUNS:-5}
SCALES=${BENCH_SCALES:-"1 4 16"}
PAIR_A=${BENCH_PAIR_A:-Goldens/android/large/default-some-notyet/flame/kindling/light.png}
PAIR_B=${BENCH_PAIR_B:-Goldens/android/large/default-some-notyet/stones/kindling/light.png}

scripts/ensure-deps.sh
missing=()
[ -x /usr/bin/time ] || missing+=(time)
[ -x /usr/bin/compare ] || missing+=(imagemagick)
command -v bc >/dev/null || missing+=(bc)
command -v uptime >/dev/null || missing+=(procps)
python3 -c 'import ensurepip' 2>/dev/null || missing+=(python3-venv)
if [ ${#missing[@]} -gt 0 ]; then
  echo "installing: ${missing[*]}" >&2
  SUDO=""; [ "$(id -u)" -eq 0 ] || SUDO="sudo"
  { $SUDO apt-get -o DPkg::Lock::Timeout=120 update -qq \
      && DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=120 install -y -qq "${missing[@]}" >/dev/null; } \
    || echo "apt-get could not install: ${missing[*]}" >&2
fi
for tool in /usr/bin/time bc uptime; do command -v "$tool" >/dev/null || { echo "bench.sh needs $tool" >&2; exit 2; }; done
# ImageMagick is only a yardstick: without it its rows are skipped, saying so.
MAGICK=/usr/bin/compare
[ -x "$MAGICK" ] || MAGICK=""
NO_MAGICK="skipped — ImageMagick's /usr/bin/compare is not installed (apt-get install imagemagick)"
VENV=.build/bench-venv
if ! "$VENV/bin/python" -c 'import pixelmatch, PIL' 2>/dev/null; then
  python3 -m venv "$VENV"
  "$VENV/bin/pip" install -q pixelmatch pillow
fi
scripts/build-release.sh 2>&1 | tail -n 1
E=.build/static/release/evidence
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

# median of the numbers on stdin
median() { sort -g | awk '{ v[NR] = $1 } END { if (NR == 0) { print "nan"; exit } m = int((NR + 1) / 2); print (NR % 2) ? v[m] : (v[m] + v[m + 1]) / 2 }'; }

# measure NAME RUNS COMMAND…: runs it RUNS times under GNU time; sets M_WALL M_CPU (s), M_RSS (MB),
# M_PHASE (ms, from an `evidence bench --phase` line, else the process wall) and M_OUT (last stdout).
measure() {
  local name=$1 runs=$2; shift 2
  : > "$WORK/$name.times"; : > "$WORK/$name.phase"
  for _ in $(seq "$runs"); do
    /usr/bin/time -f "%e %U %S %M" -o "$WORK/t" "$@" > "$WORK/out" 2> "$WORK/err" || true
    cat "$WORK/t" >> "$WORK/$name.times"
    local ms
    ms=$(sed -n 's/.* \([0-9][0-9]*\) ms wall.*/\1/p' "$WORK/out" | awk 'NR == 1')
    [ -n "$ms" ] || ms=$(awk '{ print $1 * 1000 }' "$WORK/t")
    echo "$ms" >> "$WORK/$name.phase"
  done
  M_WALL=$(awk '{ print $1 }' "$WORK/$name.times" | median)
  M_CPU=$(awk '{ print $2 + $3 }' "$WORK/$name.times" | median)
  M_RSS=$(awk '{ print $4 / 1024 }' "$WORK/$name.times" | median)
  M_PHASE=$(median < "$WORK/$name.phase")
  M_OUT=$(cat "$WORK/out" "$WORK/err")
}

FIXTURES=$($E list | wc -l)
echo "evidence bench — $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load:$(uptime | sed 's/.*load average://')"
echo "matrix: $FIXTURES fixtures; median of $RUNS runs; each row its own process"
echo
[ "${BENCH_ONLY:-}" = magick ] || printf '%-34s %9s %9s %9s %10s %12s\n' "what" "wall s" "CPU s" "peak MB" "phase ms" "ms/fixture"
row() { printf '%-34s %9.3f %9.2f %9.0f %10.0f %12.3f\n' "$1" "$M_WALL" "$M_CPU" "$M_RSS" "$M_PHASE" "$(echo "$M_PHASE / $2" | bc -l)"; }

# Issue #56: whole-matrix verify (whole process) ÷ fixtures against 1/60 of one ImageMagick
# `compare -metric AE` on a golden pair (whole process), run alternately so load falls on both.
# Verify's proofs are the run's own, made by one verify first (the warm fast path a developer's
# machine has; another build's writes to ~/.cache/evidence cannot cool them mid-row).
magick_row() {
  if [ -z "$MAGICK" ]; then printf '  %-58s %s\n' "whole-matrix verify per fixture ≤ 1/60 of compare" "$NO_MAGICK"; return; fi
  : > "$WORK/magick.times"; : > "$WORK/wm.times"; : > "$WORK/floor.times"
  (EVIDENCE_CACHE="$WORK/cache-magick" "$E" verify --quiet > /dev/null 2>&1) || true
  for _ in $(seq "$RUNS"); do
    EVIDENCE_CACHE="$WORK/cache-magick" /usr/bin/time -f "%e" -o "$WORK/t" "$E" verify --quiet > "$WORK/out" 2>&1 || true; cat "$WORK/t" >> "$WORK/wm.times"
    /usr/bin/time -f "%e" -o "$WORK/t" "$MAGICK" -metric AE "$PAIR_A" "$PAIR_B" null: > /dev/null 2>&1 || true; cat "$WORK/t" >> "$WORK/magick.times"
    # The floor under the row: render + words hash + golden read alone (bench's verify phase runs
    # no check, and its phase leaves out start-up, the catalog and the known findings).
    EVIDENCE_CACHE="$WORK/cache-magick" "$E" bench --phase verify 2> /dev/null | sed -n 's/.*(\([0-9.]*\) ms\/fixture).*/\1/p' >> "$WORK/floor.times" || true
  done
  local wm im per share floor
  wm=$(median < "$WORK/wm.times"); im=$(median < "$WORK/magick.times"); floor=$(median < "$WORK/floor.times")
  per=$(echo "$wm * 1000 / $FIXTURES" | bc -l); share=$(echo "$im * 1000 / $per" | bc -l)
  echo "whole-matrix verify and ImageMagick compare, alternating, median of $RUNS each:"
  printf '  %-58s %s\n' "verify --quiet: $(printf '%.3f' "$wm") s for $FIXTURES fixtures = $(printf '%.3f' "$per") ms/fixture" "$(tail -n 1 "$WORK/out")"
  printf '  %-58s %s\n' "compare -metric AE, one golden pair: $(printf '%.1f' "$(echo "$im * 1000" | bc -l)") ms" ""
  if [ "$floor" = nan ]; then
    printf '  %-58s %s\n' "the floor, render + hash alone (bench --phase verify)" "failed: run it by hand to see why"
  else
    printf '  %-58s %s\n' "the floor, render + hash alone (bench --phase verify): $(printf '%.3f' "$floor") ms/fixture" \
      "(1/$(printf '%.0f' "$(echo "$im * 1000 / $floor" | bc -l)") of compare)"
  fi
  printf '  %-58s %s\n' "whole-matrix verify per fixture ≤ 1/60 of compare (1/$(printf '%.0f' "$share"))" \
    "$(if [ "$(echo "$share >= 60" | bc -l)" = 1 ]; then echo met; else echo "NOT MET — $(printf '%.3f' "$per") ms vs $(printf '%.3f' "$(echo "$im * 1000 / 60" | bc -l)") ms"; fi)"
}
if [ "${BENCH_ONLY:-}" = magick ]; then magick_row; exit 0; fi

if [ -n "${BENCH_AGAINST:-}" ]; then
  REV=$(git rev-parse --short "$BENCH_AGAINST^{commit}") || { echo "BENCH_AGAINST: '$BENCH_AGAINST' is not a commit" >&2; exit 2; }
  BASE=.build/bench-against/$REV
  [ -d "$BASE" ] || git worktree add -q --detach "$BASE" "$REV"
  # REV builds its own way: before issue #57 its Package.swift linked the runtime in itself.
  (cd "$BASE" && if [ -x scripts/build-release.sh ]; then scripts/build-release.sh; else swift build -c release --product evidence; fi 2>&1 | tail -n 1)
  # Each side's binary, run in its own folder: REV's where its build put it.
  bin_this=$E bin_base=.build/release/evidence
  [ ! -x "$BASE/$E" ] || bin_base=$E
  ROWS="one warm cold record fast"
  case "${BENCH_ONLY:-}" in encode) ROWS="record fast";; fast) ROWS="fast";; esac
  if [ "$ROWS" = "one warm cold record fast" ]; then
  : > "$WORK/base.times"; : > "$WORK/this.times"
  # Alternate, so a load change on the machine falls on both builds alike.
  for _ in $(seq "$RUNS"); do
    for side in base this; do
      dir=$([ $side = base ] && echo "$BASE" || echo .)
      bin=$([ $side = base ] && echo "$bin_base" || echo "$bin_this")
      (cd "$dir" && /usr/bin/time -f "%e %U %S" -o "$WORK/t" "$bin" verify --quiet > "$WORK/$side.out" 2>&1) || true
      cat "$WORK/t" >> "$WORK/$side.times"
    done
  done
  echo "whole-matrix verify, $REV vs this build, alternating, median of $RUNS each:"
  printf '  %-14s %9s %9s %10s %14s  %s\n' "build" "wall s" "CPU s" "fixtures" "ms/fixture" "verdict"
  for side in base this; do
    w=$(awk '{ print $1 }' "$WORK/$side.times" | median); c=$(awk '{ print $2 + $3 }' "$WORK/$side.times" | median)
    n=$(grep -oE '^[0-9]+ passed' "$WORK/$side.out" | cut -d' ' -f1); n=${n:-0}
    [ $side = base ] && B_WALL=$w
    printf '  %-14s %9.3f %9.2f %10d %14.3f  %s\n' "$([ $side = base ] && echo "$REV" || echo this)" "$w" "$c" "$n" \
      "$(echo "if ($n > 0) $w * 1000 / $n else 0" | bc -l)" "$(tail -n 1 "$WORK/$side.out")"
  done
  T_WALL=$w
  printf '  %-58s %s\n' "this build within 10 % of $REV ($(printf '%.3f' "$T_WALL") vs $(printf '%.3f' "$B_WALL") s)" \
    "$(if [ "$(echo "$T_WALL <= $B_WALL * 1.10" | bc -l)" = 1 ]; then echo met; else echo "NOT MET — $(printf '%.0f' "$(echo "($T_WALL / $B_WALL - 1) * 100" | bc -l)") % slower"; fi)"
  echo
  fi
  # Issue #37's rows, each alternating REV and this build run by run: whole-process wall of a
  # one-fixture verify, of a whole-matrix verify with this machine's proofs warm and with an empty
  # proofs cache (this build decodes every golden once then; REV has no cache), record's per-fixture
  # phase (`bench --phase record`: every golden encoded and written to a temp folder), and the
  # goldens' bytes. Each build's proofs go to its own folder under $WORK, never ~/.cache.
  ONE=${BENCH_ONE_KEY:-android/medium/default-some-notyet/stones/kindling/light}
  : > "$WORK/rows"
  against() {  # against ROW ARGUMENTS… : one timed run of `evidence ARGUMENTS` in each build, in turn
    local row=$1; shift
    for side in base this; do
      dir=$([ $side = base ] && echo "$BASE" || echo .)
      bin=$([ $side = base ] && echo "$bin_base" || echo "$bin_this")
      [ "$row" != cold ] || rm -rf "$WORK/cache-$side"
      (cd "$dir" && EVIDENCE_CACHE="$WORK/cache-$side" /usr/bin/time -f "%e" -o "$WORK/t" "$bin" "$@" > "$WORK/out" 2>&1) || true
      ms=$(sed -n 's/.* \([0-9][0-9]*\) ms wall.*/\1/p' "$WORK/out" | awk 'NR == 1')
      echo "$row $side $(cat "$WORK/t") ${ms:-0}" >> "$WORK/rows"
    done
  }
  (EVIDENCE_CACHE="$WORK/cache-this" "$E" verify --quiet > /dev/null 2>&1) || true  # warms this build's proofs
  for _ in $(seq "$RUNS"); do
    for row in $ROWS; do
      case $row in
        one) against one verify --quiet --filter "$ONE";;
        warm|cold) against "$row" verify --quiet;;
        record) against record bench --phase record;;
        fast) against fast bench --phase verify;;
      esac
    done
  done
  echo "issue #37, $REV vs this build, alternating, median of $RUNS each (whole-process wall; record: its phase):"
  printf '  %-44s %12s %12s %8s\n' "row" "$REV" "this" "ratio"
  declare -A RATIO
  for row in $ROWS; do
    col() { awk -v r="$row" -v s="$1" -v f="$2" '$1 == r && $2 == s { print $f }' "$WORK/rows" | median; }
    case $row in record|fast) b=$(echo "$(col base 4) / $FIXTURES" | bc -l); t=$(echo "$(col this 4) / $FIXTURES" | bc -l); unit="ms/fixture";;
      *) b=$(echo "$(col base 3) * 1000" | bc -l); t=$(echo "$(col this 3) * 1000" | bc -l); unit="ms";; esac
    label=$(case $row in one) echo "verify --filter ONE_KEY ($unit)";; warm) echo "whole-matrix verify, proofs warm ($unit)";;
      cold) echo "whole-matrix verify, proofs cache empty ($unit)";; record) echo "record, every golden written ($unit)";;
      fast) echo "verify fast path, phase ($unit)";; esac)
    RATIO[$row]=$(echo "$t / $b" | bc -l)
    printf '  %-44s %12.3f %12.3f %8.2f\n' "$label" "$b" "$t" "${RATIO[$row]}"
  done
  gb() { find "$1/Goldens" -name '*.png' -type f -printf '%s\n' | awk '{ s += $1; n++ } END { print (n ? s : 0) / ('"${2:-1}"') " " n }'; }
  printf '  %-44s %12.2f %12.2f %8.2f\n' "golden PNG bytes (MB)" "$(gb "$BASE" 1e6 | cut -d' ' -f1)" "$(gb . 1e6 | cut -d' ' -f1)" \
    "$(echo "$(gb . | cut -d' ' -f1) / $(gb "$BASE" | cut -d' ' -f1)" | bc -l)"
  per_golden() { gb "$1" | awk '{ printf "%.0f", $2 ? $1 / $2 : 0 }'; }
  printf '  %-44s %12d %12d %8.2f\n' "golden PNG bytes per golden (B)" "$(per_golden "$BASE")" "$(per_golden .)" \
    "$(echo "$(per_golden .) / $(per_golden "$BASE")" | bc -l)"
  # Issue #56's targets: 24,203 B per golden is what the goldens weighed on 2026-12-01.
  echo "issue #56, this build against $REV:"
  met() { if [ "$(echo "$1" | bc -l)" = 1 ]; then echo met; else echo "NOT MET"; fi; }
  printf '  %-58s %s\n' "golden bytes per golden ≤ 77 % of 24,203 B ($(per_golden .) B = $(printf '%.1f' "$(echo "$(per_golden .) * 100 / 24203" | bc -l)") %)" \
    "$(met "$(per_golden .) <= 24203 * 0.77")"
  [ -z "${RATIO[record]:-}" ] || printf '  %-58s %s\n' "record ≤ 2.5× $REV's time per fixture ($(printf '%.2f' "${RATIO[record]}")×)" "$(met "${RATIO[record]} <= 2.5")"
  printf '  %-58s %s\n' "verify fast path unchanged: within 10 % of $REV ($(printf '%.2f' "${RATIO[fast]}")×)" "$(met "${RATIO[fast]} <= 1.10")"
  if [ "${BENCH_FRESH_CLONE:-0}" = 1 ]; then
    # The README's two commands, scripts/verify.sh then scripts/test.sh, on a fresh clone of each
    # build (its own .build): minutes each, so opt-in; BENCH_FRESH_RUNS rounds (default 1), each
    # round REV then this build, so a load change falls on both (issue #57: ≤ 4 minutes together).
    # A clone reads the seeds beside it, as this checkout does (../shared, FindingClassTests).
    [ ! -d ../shared ] || [ -e "$WORK/shared" ] || ln -s "$(cd ../shared && pwd)" "$WORK/shared"
    for _ in $(seq "${BENCH_FRESH_RUNS:-1}"); do
      for side in base this; do
        rev=$(if [ "$side" = base ]; then echo "$REV"; else git rev-parse HEAD; fi)
        rm -rf "$WORK/clone-$side"; git clone -q "$PWD" "$WORK/clone-$side"; git -C "$WORK/clone-$side" checkout -q --detach "$rev"
        load=$(uptime | sed 's/.*load average: //; s/,.*//')
        s=$SECONDS; (cd "$WORK/clone-$side" && scripts/verify.sh --quiet > "$WORK/verify-$side.log" 2>&1) || true
        v=$((SECONDS - s))
        s=$SECONDS; (cd "$WORK/clone-$side" && scripts/test.sh > "$WORK/test-$side.log" 2>&1) || true
        echo "fresh $side $v $((SECONDS - s)) $load $(tail -n 1 "$WORK/verify-$side.log" | tr ' ' _)" >> "$WORK/rows"
        # What the suite said and its ten slowest, kept for the reader (the run's last lines).
        echo "  $side's scripts/test.sh ended:"; tail -n 15 "$WORK/test-$side.log" | sed 's/^/    /'

        rm -rf "$WORK/clone-$side"
      done
    done
    fresh() { awk -v s="$1" -v f="$2" '$1 == "fresh" && $2 == s { print $f }' "$WORK/rows" | median; }
    for f in 3 4; do
      label=$([ $f = 3 ] && echo "scripts/verify.sh on a fresh clone (s)" || echo "then scripts/test.sh (s)")
      printf '  %-44s %12d %12d %8.2f\n' "$label" "$(fresh base $f)" "$(fresh this $f)" "$(echo "$(fresh this $f) / $(fresh base $f)" | bc -l)"
    done
    both() { awk -v s="$1" '$1 == "fresh" && $2 == s { print $3 + $4 }' "$WORK/rows" | median; }
    printf '  %-44s %12d %12d %8.2f\n' "the two together (s)" "$(both base)" "$(both this)" "$(echo "$(both this) / $(both base)" | bc -l)"
    printf '  %-58s %s\n' "the README's two commands ≤ 4 minutes together ($(both this) s; 1-min load at each start: $(awk '$1 == "fresh" && $2 == "this" { printf "%s ", $5 }' "$WORK/rows"))" \
      "$(met "$(both this) <= 240")"
    awk '$1 == "fresh" { gsub("_", " ", $6); print "  " ($2 == "base" ? "'"$REV"'" : "this") ": verify said: " $6 }' "$WORK/rows"
  fi
  echo
  case "${BENCH_ONLY:-}" in against|encode|fast) exit 0;; esac
fi

# The meaning map (issue #52): the issue's two acceptance maps and `auto` at its defaults,
# plan-only, run alternately (BENCH_RUNS times each, so the machine's load falls on all three);
# the ms/fixture column is ms per cell. Target: each ≤ 5 s wall.
map_row() {
  local names=(small-stale ios-small auto) n _
  declare -A flags=([small-stale]="--family small --state stale" [auto]="--family auto"
                    [ios-small]="--platform ios --family systemSmall --state defaultProgress")
  declare -A labels=([small-stale]="map, Small STALE, 4 font scales" [auto]="map, auto, 4 font scales"
                     [ios-small]="map, iOS systemSmall DEFAULT")
  for n in "${names[@]}"; do : > "$WORK/map-$n.times"; done
  for _ in $(seq "$RUNS"); do
    for n in "${names[@]}"; do
      # shellcheck disable=SC2086 # the flags are words
      /usr/bin/time -f "%e %U %S %M" -o "$WORK/t" "$E" map ${flags[$n]} -o "$WORK/map.png" --quiet > "$WORK/map-$n.out" 2>&1 || true
      cat "$WORK/t" >> "$WORK/map-$n.times"
    done
  done
  local verdicts=() cells
  for n in "${names[@]}"; do
    cells=$(sed -n 's/^\([0-9][0-9]*\) cells in .*/\1/p' "$WORK/map-$n.out")
    [ -n "$cells" ] || { echo "evidence map ${flags[$n]} failed: $(cat "$WORK/map-$n.out")" >&2; exit 1; }
    M_WALL=$(awk '{ print $1 }' "$WORK/map-$n.times" | median)
    M_CPU=$(awk '{ print $2 + $3 }' "$WORK/map-$n.times" | median)
    M_RSS=$(awk '{ print $4 / 1024 }' "$WORK/map-$n.times" | median)
    M_PHASE=$(echo "$M_WALL * 1000" | bc -l)
    row "${labels[$n]}" "$cells"
    verdicts+=("$(printf '  %-58s %s' "${labels[$n]}: $cells cells ≤ 5 s wall ($(printf '%.2f' "$M_WALL") s, CPU $(printf '%.2f' "$M_CPU") s)" \
      "$(if [ "$(echo "$M_WALL <= 5" | bc -l)" = 1 ]; then echo met; else echo "NOT MET — $(printf '%.2f' "$(echo "$M_WALL - 5" | bc -l)") s over"; fi)")")
  done
  echo "  map targets (issue #52), load:$(uptime | sed 's/.*load average://'):"
  printf '%s\n' "${verdicts[@]}"
}
if [ "${BENCH_ONLY:-}" = map ]; then map_row; exit 0; fi

if [ "${BENCH_ONLY:-}" != compare ]; then
measure verify-cli "$RUNS" "$E" verify;                 V_WALL=$M_WALL
if ! grep -q "$FIXTURES passed, 0 failed" <<< "$M_OUT"; then echo "evidence verify is failing: $M_OUT" >&2; exit 1; fi
row "evidence verify (whole command)" "$FIXTURES"
measure fast "$RUNS" "$E" bench --phase verify;         FAST_MS=$M_PHASE; row "verify, fast path" "$FIXTURES"
measure decode "$RUNS" "$E" bench --phase verify-decode; row "verify, full decode" "$FIXTURES"
measure record "$RUNS" "$E" bench --phase record;       REC_MS=$M_PHASE; row "record, all written (temp folder)" "$FIXTURES"
measure same "$RUNS" "$E" bench --phase record-same;    SAME_MS=$M_PHASE; row "record, none written (temp copy)" "$FIXTURES"
measure contrast "$RUNS" "$E" bench --phase contrast;   row "contrast audit (rendered)" "$FIXTURES"
measure sheet "$RUNS" "$E" bench --phase sheet;         row "sheet (scale 0.5, 24 columns)" "$FIXTURES"
map_row
fi

cat > "$WORK/pm.py" <<'PY'
import sys, time
from PIL import Image
from pixelmatch.contrib.PIL import pixelmatch
a, b = Image.open(sys.argv[1]).convert("RGBA"), Image.open(sys.argv[2]).convert("RGBA")
t0 = time.perf_counter()
n = pixelmatch(a, b, threshold=0.1)
print(f"{n} pixels differ, {(time.perf_counter() - t0) * 1000:.0f} ms wall in pixelmatch()")
PY
measure evidence-compare "$RUNS" "$E" compare "$PAIR_A" "$PAIR_B"; EC_OUT=$(sed -n 2p "$WORK/out")
row "evidence compare (whole process)" 1
if [ -n "$MAGICK" ]; then
  measure magick "$RUNS" "$MAGICK" -metric AE "$PAIR_A" "$PAIR_B" null:; IM_WALL=$M_WALL; IM_COUNT=$M_OUT
  row "ImageMagick compare -metric AE" 1
else
  printf '%-34s %s\n' "ImageMagick compare -metric AE" "$NO_MAGICK"; IM_COUNT="(not run)"
fi
measure pixelmatch "$RUNS" "$VENV/bin/python" "$WORK/pm.py" "$PAIR_A" "$PAIR_B"; PM_OUT=$M_OUT
row "pixelmatch (PyPI, whole process)" 1
echo "  one golden pair: ${PAIR_A#Goldens/} vs ${PAIR_B#Goldens/}"
echo "  evidence compare: $EC_OUT; compare -metric AE: $IM_COUNT pixels differ; pixelmatch: $PM_OUT"
[ "${BENCH_ONLY:-}" != compare ] || exit 0

echo
echo "the matrix replicated N times (one run each; phase wall, process peak memory):"
printf '%-6s %9s %14s %10s %14s %10s %14s %10s\n' "scale" "fixtures" "verify ms" "MB" "record ms" "MB" "sheet ms" "MB"
MAX_RSS_16=0; MAX_RSS_1=0
for n in $SCALES; do
  line="$(printf '%-6s %9d' "${n}×" $((FIXTURES * n)))"
  # The N-fold goldens folder is made once, in its own process: making it is not the phase's work.
  "$E" bench --scale "$n" --prepare "$WORK/goldens-$n" > /dev/null
  for p in verify record sheet; do
    measure "scale-$n-$p" 1 "$E" bench --phase "$p" --scale "$n" --prepared "$WORK/goldens-$n"
    line+="$(printf ' %14.0f %10.0f' "$M_PHASE" "$M_RSS")"
    grep -q "ms wall" <<< "$M_OUT" || { echo "bench --scale $n --phase $p failed: $M_OUT" >&2; exit 1; }
    [ "$n" = 1 ] && MAX_RSS_1=$(echo "if ($M_RSS > $MAX_RSS_1) $M_RSS else $MAX_RSS_1" | bc -l)
    [ "$n" = 16 ] && MAX_RSS_16=$(echo "if ($M_RSS > $MAX_RSS_16) $M_RSS else $MAX_RSS_16" | bc -l)
  done
  rm -rf "$WORK/goldens-$n"
  echo "$line"
done

echo
echo "targets (issue #12):"
verdict() { if [ "$(echo "$1" | bc -l)" = 1 ]; then echo "met"; else echo "NOT MET — $2"; fi; }
per_fixture=$(echo "$FAST_MS / $FIXTURES" | bc -l)
printf '  %-58s %s\n' "full matrix verify ≤ 1.0 s wall ($(printf '%.2f' "$V_WALL") s, $FIXTURES fixtures)" \
  "$(verdict "$V_WALL <= 1.0" "$(printf '%.2f' "$(echo "$V_WALL - 1.0" | bc -l)") s over")"
if [ -n "$MAGICK" ]; then
  im_30=$(echo "$IM_WALL * 1000 / 30" | bc -l)
  printf '  %-58s %s\n' "verify per fixture ≤ 1/30 of compare ($(printf '%.3f' "$per_fixture") vs $(printf '%.3f' "$im_30") ms)" \
    "$(verdict "$per_fixture <= $im_30" "$(printf '%.1f' "$(echo "$IM_WALL * 1000 / $per_fixture" | bc -l)")× instead of 30×")"
else
  printf '  %-58s %s\n' "verify per fixture ≤ 1/30 of compare" "$NO_MAGICK"
fi
for s in 1 16; do
  m=$([ $s = 1 ] && echo "$MAX_RSS_1" || echo "$MAX_RSS_16")
  case " $SCALES " in *" $s "*)
    printf '  %-58s %s\n' "peak memory verify/record/sheet ≤ 150 MB at ${s}× ($(printf '%.0f' "$m") MB)" \
      "$(verdict "$m <= 150" "$(printf '%.0f' "$(echo "$m - 150" | bc -l)") MB over")";;
  esac
done
rec_pf=$(echo "$REC_MS / $FIXTURES" | bc -l); same_pf=$(echo "$SAME_MS / $FIXTURES" | bc -l)
printf '  %-58s %s\n' "record ≤ 4 ms per fixture written ($(printf '%.2f' "$rec_pf") ms)" \
  "$(verdict "$rec_pf <= 4" "$(printf '%.2f' "$(echo "$rec_pf - 4" | bc -l)") ms over")"
printf '  %-58s %s\n' "record ≤ 0.5 ms per fixture unchanged ($(printf '%.2f' "$same_pf") ms)" \
  "$(verdict "$same_pf <= 0.5" "$(printf '%.2f' "$(echo "$same_pf - 0.5" | bc -l)") ms over")"
echo "  (the matrix is every fixture of every platform the catalog has: $FIXTURES; the issue expects ≥ 1,500)"
echo
echo "targets (issue #56):"
magick_row
