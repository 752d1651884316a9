#!/usr/bin/env bash
# The plan sweep: a seeded list of plan requests over every input a user controls (platform, family,
# size or device class, font scale or Dynamic Type size, state, reactive layer, motif, kindling,
# streak digits, longest, habit counts, done counts, theme, host mode), planned by one `evidence`
# binary through `plan --batch`, one compact JSON plan per line. A refactor that must not move a
# plan (issue #57) runs it with the binary before and after and compares the outputs byte for byte.
#
#   scripts/plan-sweep.sh [--count N] [--seed S] [--out FILE] BIN [OTHER_BIN]
#
# With one binary: writes FILE (default plan-sweep.jsonl) and prints its line count and sha256.
# With two: plans the same requests with both and exits 1 at the first plan that differs, printing
# the request and both plans; exit 0 and "identical" when every plan matches.
set -euo pipefail

count=20000
seed=57
out=plan-sweep.jsonl
while [ $# -gt 0 ]; do
    case "$1" in
        --count) count="$2"; shift 2 ;;
        --seed) seed="$2"; shift 2 ;;
        --out) out="$2"; shift 2 ;;
        -h|--help) sed -n '2,12p' "$0"; exit 0 ;;
        -*) echo "plan-sweep.sh: unknown option $1" >&2; exit 2 ;;
        *) break ;;
    esac
done
if [ $# -lt 1 ] || [ $# -gt 2 ]; then echo "plan-sweep.sh: give one or two evidence binaries" >&2; exit 2; fi
for bin in "$@"; do
    [ -x "$bin" ] || { echo "plan-sweep.sh: $bin: not an executable" >&2; exit 2; }
done

requests=$(mktemp)
trap 'rm -f "$requests" "$requests".*' EXIT

# Park–Miller (16807 · x mod 2^31−1): exact in any awk's doubles, so every awk draws the same list.
awk -v count="$count" -v seed="$seed" '
function rnd(n) { x = (x * 16807) % 2147483647; return int(x / 2147483647 * n) }
function pick(list,   a, k) { k = split(list, a, " "); return a[rnd(k) + 1] }
function digits(d,   v, i) { v = 1 + rnd(9); for (i = 1; i < d; i++) v = v * 10 + rnd(10); return v }
BEGIN {
    x = seed % 2147483646 + 1
    for (i = 0; i < count; i++) {
        state = pick("firstRun stale newDay empty allDone defaultProgress")
        reactive = (state == "newDay") ? pick("extended notyet") : pick("extended notyet off")
        streak = rnd(6) == 0 ? 0 : digits(1 + rnd(5))
        longest = streak + (rnd(3) == 0 ? 0 : rnd(500))
        if (longest > 99999) longest = 99999
        habits = rnd(5) == 0 ? rnd(13) : 1 + rnd(7)
        if (habits == 0 && (state == "allDone" || state == "defaultProgress")) habits = 1
        done = (state == "allDone") ? habits : rnd(habits > 0 ? habits : 1)
        w = "--state " state " --reactive " reactive " --motif " pick("stones flame sprout mountain waves") \
            " --kindling " pick("on off") " --streak " streak " --longest " longest \
            " --habits " habits " --done " done " --theme " pick("light dark")
        if (rnd(2) == 0) {
            print "--platform android --family " pick("auto small medium large") \
                  " --width " 100 + rnd(321) " --height " 100 + rnd(321) \
                  " --font-scale " pick("0.85 1 1.15 1.3 1.5 1.75 2") " " w
        } else {
            family = pick("systemSmall systemMedium systemLarge accessoryCircular accessoryRectangular accessoryInline")
            # StandBy draws systemSmall only; the accessories are always vibrant (no host mode).
            host = (family == "systemSmall") ? " --host-mode " pick("full tinted standby night ios16") \
                 : (family ~ /^system/) ? " --host-mode " pick("full tinted ios16") : ""
            # 320x568 cannot run iOS 16, so it has no Lock Screen accessories.
            classes = "430x932 428x926 414x896 414x736 393x852 390x844 375x812 360x780 375x667"
            if (family ~ /^system/) classes = classes " 320x568"
            print "--platform ios --family " family " --device-class " pick(classes) \
                  " --text-size " pick("large xxxLarge AX3") " --scale " pick("2 3") host " " w
        }
    }
}' > "$requests"

plan() { "$1" plan --batch "$requests" > "$2"; }

if [ $# -eq 1 ]; then
    plan "$1" "$out"
    echo "plan-sweep: $(wc -l < "$out") plans (seed $seed), sha256 $(sha256sum "$out" | cut -d' ' -f1) → $out"
    exit 0
fi

plan "$1" "$requests.a" & planA=$!
plan "$2" "$requests.b"
wait "$planA"
if cmp -s "$requests.a" "$requests.b"; then
    echo "plan-sweep: identical — $(wc -l < "$requests.a") plans (seed $seed), sha256 $(sha256sum "$requests.a" | cut -d' ' -f1)"
    exit 0
fi
line=$(cmp "$requests.a" "$requests.b" | sed -n 's/.* line \([0-9]*\).*/\1/p')
echo "plan-sweep: plan $line of $count differs — request: $(grep -v '^#' "$requests" | sed -n "${line}p")"
echo "--- $1"; sed -n "${line}p" "$requests.a"
echo "--- $2"; sed -n "${line}p" "$requests.b"
exit 1
