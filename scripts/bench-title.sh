#!/usr/bin/env bash
# Benchmark (not a test): a hostile snapshot with a 1 MB habit title — one long word, and 1 MB of
# short words — rendered at every family in release. Each render should take well under a second:
# titles are capped (HabitTitle.maxLength) before shaping and ellipsis is found by galloping search.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/ensure-deps.sh
command -v python3 >/dev/null || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3 >/dev/null; }
scripts/build-release.sh 2>&1 | tail -n 1
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
python3 - "$tmp" <<'PY'
import json, sys
d = sys.argv[1]
for name, title in [("word", "x" * 1_000_000), ("words", "ab " * 333_333), ("controls", "a\u0000\n" * 333_333)]:
    snap = {"syncedAt": "2026-09-17T07:30:00+02:00", "streak": 12, "longestStreak": 21, "extendedToday": True,
            "streakMetaphor": "flame", "kindlingEnabled": True,
            "habits": [{"id": "a", "title": title, "checkedInToday": False},
                       {"id": "b", "title": title, "checkedInToday": True}]}
    open(f"{d}/{name}.json", "w").write(json.dumps(snap))
PY
for name in word words controls; do
  for size in "170 180" "300 180" "320 360"; do
    # shellcheck disable=SC2086 # "W H" split into two words on purpose
    set -- $size
    start=$EPOCHREALTIME
    .build/static/release/evidence render --snapshot "$tmp/$name.json" --width "$1" --height "$2" \
      --as-of 2026-09-17T08:30:00+02:00 --time-zone Europe/Berlin -o "$tmp/out.png" >/dev/null
    end=$EPOCHREALTIME
    printf '1 MB title (%-8s) %3s×%-3s dp: %.3f s\n' "$name" "$1" "$2" "$(awk "BEGIN { print $end - $start }")"
  done
done
