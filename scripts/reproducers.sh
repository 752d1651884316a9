#!/usr/bin/env bash
# Every reproducer of issue #24's "Why", typed as a user would, each under a 3 GB address-space
# limit (ulimit -v) and a 60 s timeout, in a private scratch folder. Prints, per case: the exit
# code, what the issue expects, and the first line of stderr (or stdout). A case passes when its
# exit code is the expected one and, where the case says so, nothing outside the command's own
# folders changed. Exit 1 if any case fails. Needs a release build:
#   scripts/build-release.sh && scripts/reproducers.sh
# Issue #34's cases are marked [t34] (traps, outputs over inputs, bounded work, words and codes,
# results that judged nothing); issue #55's [t55] (outputs by allow-list, bounds, interruption, trust). Owners: cases marked [t22] (token parsers), [t23] (comparison / PNG header), [t25] (report,
# gallery, escaping) are fixed on those branches and pass only once they are merged; [t24] cases
# are this branch's (timeline, bench, honest exits, capped errors, --goldens typos, FIFOs).
set -uo pipefail
cd "$(dirname "$0")/.." || exit 2
repo="$PWD"
E="${EVIDENCE:-$repo/.build/static/release/evidence}"
[ -x "$E" ] || { echo "reproducers.sh: no $E; run scripts/build-release.sh first" >&2; exit 2; }
scratch="$(mktemp -d "${TMPDIR:-/tmp}/evidence-repro-XXXXXX")"
trap 'rm -rf "$scratch"' EXIT
cd "$scratch" || exit 2
# The scratch folder is a copy of the project (evidence finds its root from the working folder up,
# issue #32): without it every command would stop at the missing Tokens/ for the wrong reason.
cp -r "$repo/Goldens" "$repo/Tokens" "$repo/Cases" "$repo/known-findings.json" "$repo/evidence.json" .
failed=0

# run ID OWNER EXPECTED-CODES COMMAND… — EXPECTED-CODES like "2" or "0|1".
run() {
    local id="$1" owner="$2" want="$3"; shift 3
    local out="$scratch/.out" err="$scratch/.err"
    ( ulimit -v 3000000; timeout 60 "$@" ) >"$out" 2>"$err"
    local rc=$?
    local line; line="$(head -c 300 "$err" | awk 'NR == 1')"
    [ -n "$line" ] || line="$(head -c 300 "$out" | awk 'NR == 1')"
    local lines; lines=$(wc -l <"$err")
    local verdict=ok
    [[ "|$want|" == *"|$rc|"* ]] || verdict=FAIL
    # An exit-2 refusal is one line on stderr.
    if [ "$rc" = 2 ] && [ "$lines" -gt 1 ]; then verdict="FAIL (stderr has $lines lines)"; fi
    [ "$verdict" = ok ] || failed=1
    printf '%-4s %-5s %-28s exit %-3s want %-4s %s\n     %s\n' "$verdict" "$owner" "$id" "$rc" "$want" "" "$line"
}
# Fails the case named $1 unless the line it printed (stderr, else stdout) matches the extended regex $2:
# the answer came from the check the case targets, not an earlier refusal.
expect_line() {
    local line; line="$(head -c 300 "$scratch/.err" | awk 'NR == 1')"
    [ -n "$line" ] || line="$(head -c 300 "$scratch/.out" | awk 'NR == 1')"
    if grep -Eq -- "$2" <<<"$line" && ! grep -q "not an 'evidence verify --json' result" <<<"$line"; then echo "ok    $1: answered by its own check"
    else echo "FAIL  $1: answered by another check: $line"; failed=1; fi
}
# Fails the case named $1 unless the file $2 still holds $3.
untouched() {
    if [ "$(cat "$2" 2>/dev/null)" != "$3" ]; then echo "FAIL  $1: $2 was changed or deleted"; failed=1; else echo "ok    $1: $2 untouched"; fi
}

snap='{"syncedAt":"2026-03-28T22:30:00+01:00","streak":3,"longestStreak":5,"extendedToday":false,"streakMetaphor":"flame","kindlingEnabled":true,"habits":[{"title":"Run","checkedInToday":false}]}'
echo "$snap" > snap.json
res() { mkdir -p "$1/values" "$1/values-night"; cp "$repo/Tokens/android/res/values/colors_widget.xml" "$1/values/"; cp "$repo/Tokens/android/res/values-night/colors_widget.xml" "$1/values-night/"; }

# --- token XML: traps from one byte [t22]
res res-utf8; printf '<!-- \xff\xfe -->' >> res-utf8/values/colors_widget.xml
run xml-invalid-utf8-comment t22 2 "$E" contrast --android-res res-utf8
res res-pi; sed -i 's|<resources>|<resources><?x?>|' res-pi/values/colors_widget.xml
# `<?x?>` is well-formed XML (a processing instruction with no data): libxml2 reads past it, so the
# audit runs (exit 0 when the tokens pass, 1 when one fails) — what matters is that it no longer crashes.
run xml-processing-instruction t22 "0|1|2" "$E" contrast --android-res res-pi
# --- @color chain of 20,000 links (O(n²) memory) [t22]
res res-chain
python3 - <<'EOF'
import re
p='res-chain/values/colors_widget.xml'; s=open(p).read()
chain=''.join(f'<color name="c{i}">@color/c{i+1}</color>' for i in range(20000)) + '<color name="c20000">#FF000000</color>'
open(p,'w').write(s.replace('</resources>', chain + '</resources>'))
EOF
run xml-color-chain-20000 t22 0\|2 "$E" contrast --android-res res-chain
# --- a 50 MB <color> value [t22]
res res-big; python3 -c "
p='res-big/values/colors_widget.xml'; s=open(p).read(); open(p,'w').write(s.replace('</resources>', '<color name=\"x\">#' + 'F'*50_000_000 + '</color></resources>'))"
run xml-50mb-value t22 2 "$E" contrast --android-res res-big
# --- a boolean colour component [t22]
mkdir -p cat.xcassets/WidgetInk.colorset
echo '{"colors":[{"color":{"color-space":"srgb","components":{"alpha":"1","blue":"0","green":"0","red":true}},"idiom":"universal"}]}' > cat.xcassets/WidgetInk.colorset/Contents.json
run colorset-boolean-red t22 2 "$E" contrast --ios-assets cat.xcassets
# --- a FIFO as the token file: a true message, not "permission" [t22 through FileIO]
res res-fifo; rm res-fifo/values/colors_widget.xml; mkfifo res-fifo/values/colors_widget.xml
run xml-fifo t22 2 "$E" contrast --android-res res-fifo

# --- timeline synced in year 9999 (~16,000 DST frames, took 23 GB) [t24]
echo "${snap/2026-03-28T22:30:00+01:00/9999-06-01T10:00:00Z}" > snap9999.json
run timeline-year-9999 t24 2 "$E" timeline --snapshot snap9999.json --from 2026-03-28T22:30:00+01:00 --time-zone Europe/Berlin -o t.png
run timeline-ios t24 0 "$E" timeline --snapshot snap.json --from 2026-03-28T22:30:00+01:00 --time-zone Europe/Berlin --platform ios -o t-ios.png
# --- error lines cap what they echo: a 1,000,000-digit streak [t24]
python3 -c "print('{\"syncedAt\":\"2026-03-28T22:30:00+01:00\",\"streak\":' + '1'*1000000 + ',\"longestStreak\":1,\"habits\":[]}')" > digits.json
run million-digit-streak t24 2 "$E" render --snapshot digits.json --width 300 --height 180 --as-of 2026-03-28T23:00:00+01:00 --time-zone Europe/Berlin -o r.png
bytes=$(wc -c <"$scratch/.err"); if [ "$bytes" -gt 4096 ]; then echo "FAIL  million-digit-streak: the error line is $bytes bytes"; failed=1; fi
# --- deep-but-valid JSON: a true message, not "malformed JSON" [t24]
python3 -c "print('{\"syncedAt\":\"2026-03-28T22:30:00+01:00\",\"streak\":1,\"longestStreak\":1,\"habits\":[],\"x\":' + '['*100000 + ']'*100000 + '}')" > deep.json
run deep-valid-json t24 2 "$E" render --snapshot deep.json --width 300 --height 180 --as-of 2026-03-28T23:00:00+01:00 --time-zone Europe/Berlin -o r.png
# --- a FIFO as the snapshot (no writer): a true message, never a hang [t24]
mkfifo snap.fifo
run snapshot-fifo t24 2 "$E" render --snapshot snap.fifo --width 300 --height 180 --as-of 2026-03-28T23:00:00+01:00 --time-zone Europe/Berlin -o r.png
# --- -o '' [t24] and --html '' [t25]
run empty-output-timeline t24 2 "$E" timeline --snapshot snap.json --from 2026-03-28T22:30:00+01:00 --time-zone Europe/Berlin -o ''
run empty-output-sheet t24 2 "$E" sheet --filter 'android/small/*' -o ''
run empty-html t25 2 "$E" verify --filter 'android/small/*' --html ''

# --- goldens folder typos: never created, never 2,304 'missing' [t24]
run record-goldens-typo t24 2 "$E" record --filter 'android/small/*' --goldens Goldnes
[ -e Goldnes ] && { echo "FAIL  record-goldens-typo: created ./Goldnes"; failed=1; }
run verify-goldens-typo t24 2 "$E" verify --goldens /typo-goldens

# --- a copy of the goldens for verify cases
cp -r "$repo/Goldens" G
# verify deletes nothing: a read-only verify used to delete any .NAME.tmp-X by pattern [t24]
echo keep > G/.notes.tmp-1; echo keep > G/android/.mine.png.tmp-x
run verify-deletes-nothing t24 0 "$E" verify --filter 'android/small/*' --goldens G --report rep
untouched verify-deletes-nothing G/.notes.tmp-1 keep
untouched verify-deletes-nothing G/android/.mine.png.tmp-x keep
# ulimit -n 12: the runner's limit, not 'unreadable' goldens (exit 2, one line naming it) [t24]
run verify-ulimit-n-12 t24 2 bash -c "ulimit -n 12; exec '$E' verify --filter 'android/small/*' --goldens G --report rep"
run verify-ulimit-n-4 t24 2 bash -c "ulimit -n 4; exec '$E' verify --filter 'android/small/*' --goldens G --report rep"
run render-ulimit-n-6-fonts t24 2 bash -c "ulimit -n 6; exec '$E' render --fixture android/medium/default-some-notyet/stones/kindling/light -o r.png"

# --- a 261 KB PNG bomb in place of a golden: a size failure without decoding [t23]
python3 - <<'EOF'
import zlib, struct
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
w = h = 20000
z = zlib.compressobj(9); body = b''
row = b'\0' + b'\0' * (w * 4)
for _ in range(h): body += z.compress(row)
body += z.flush()
png = b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) + chunk(b'IDAT', body) + chunk(b'IEND', b'')
open('bomb.png', 'wb').write(png)
EOF
# shellcheck disable=SC2012 # golden paths are fixture keys: no spaces or newlines
victim=$(ls G/android/small/*/*/*/light.png | awk 'NR == 1')
cp G/"${victim#G/}" victim.bak 2>/dev/null; cp bomb.png "$victim"
run png-bomb-golden t23 1 "$E" verify --filter 'android/small/*' --goldens G --report rep
cp victim.bak "$victim"
# --- an edited manifest environment must not switch to a passing perceptual comparison [t23]
cp -r "$repo/Goldens" G2
python3 - <<'EOF'
import json, zlib, struct, glob
m = json.load(open('G2/manifest.json')); m['environment']['cairo'] = m['environment'].get('cairo', '') + '-edited'
open('G2/manifest.json', 'w').write(json.dumps(m, indent=2, sort_keys=True))
EOF
run manifest-environment-edit t23 1\|2 "$E" verify --filter 'android/small/*' --goldens G2 --report rep2

# --- bench in a predictable $TMPDIR/evidence-bench-<pid>: a planted link's target was written and deleted [t24]
mkdir -p benchtmp victim-dir; echo precious > victim-dir/file
for pid in $(seq $$ $(( $$ + 400 ))); do ln -s "$scratch/victim-dir" "benchtmp/evidence-bench-$pid"; done
run bench-planted-links t24 0 env TMPDIR="$scratch/benchtmp" "$E" bench --filter 'android/small/*' --phase record
untouched bench-planted-links victim-dir/file precious

# --- gallery / report through a linked sub-folder, report copying what a result names [t25]
mkdir -p gal outside; ln -s "$scratch/outside" gal/img
run gallery-linked-subfolder t25 2 "$E" gallery --filter 'android/small/*' -o gal
[ -z "$(ls outside)" ] || { echo "FAIL  gallery-linked-subfolder: wrote into the link's target"; failed=1; }
echo secret > outside-secret.txt
# The results carry the current schema (evidence-result/2) and keys of the grammar, so each case
# reaches the check it targets instead of being refused by the schema check first; `expect_line`
# then proves which check answered.
ok_key=android/small/empty/stones/kindling/light
printf '{"schema":"evidence-result/2","passed":[],"failures":[{"key":"%s","kind":"pixels","detail":"d","artifacts":["../../outside-secret.txt"]}],"known":[],"details":[],"cases":[],"comparison":"exact","fastPath":0,"reportDirectory":"%s"}' "$ok_key" "$scratch/rep" > result.json
run report-copies-named-files t25 2 "$E" report --from result.json -o rep-out
expect_line report-copies-named-files "report image path '../../outside-secret.txt'"
[ ! -e rep-out/outside-secret.txt ] || { echo "FAIL  report-copies-named-files: copied the named file"; failed=1; }
printf '{"schema":"evidence-result/2","passed":["<script>/../x"],"failures":[],"known":[],"details":[],"cases":[],"comparison":"exact","fastPath":0}' > result-key.json
run report-key-outside-grammar t25 2 "$E" report --from result-key.json -o rep-key
expect_line report-key-outside-grammar "key '<script>/../x' has a character outside"
python3 -c "
import json; print(json.dumps({'schema':'evidence-result/2','passed':['android/k%d'%i for i in range(2000000)],'failures':[],'known':[],'details':[],'cases':[],'comparison':'exact','fastPath':0}))" > big-result.json
run report-from-52mb t25 0\|2 "$E" report --from big-result.json -o rep-big
expect_line report-from-52mb "larger than 16 MB|more than"
# Under the size cap but over the fixture cap (50,000): the bound on fixtures answers, not the size.
python3 -c "
import json; print(json.dumps({'schema':'evidence-result/2','passed':['a/k%d'%i for i in range(60000)],'failures':[],'known':[],'details':[],'cases':[],'comparison':'exact','fastPath':0}))" > many-result.json
run report-too-many-fixtures t25 2 "$E" report --from many-result.json -o rep-many
expect_line report-too-many-fixtures "60000 passed: more than the 50000"

# ===== issue #34: nothing can turn a failure green, trap the gate, stall it, or destroy its inputs [t34]
# --- traps: a one-character -o, '-o -' [t34]
run render-o-one-char t34 0 "$E" render --fixture android/small/empty/stones/kindling/light -o x
# '-o -' is standard output by convention; a PNG goes to a file, so it is refused, and ./- is a file called '-' [t55]
run render-o-dash t55 2 "$E" render --fixture android/small/empty/stones/kindling/light -o -
expect_line render-o-dash "'-' \\(standard output\\) is not an output here"
[ ! -e ./- ] || { echo "FAIL  render-o-dash: wrote a file called '-'"; failed=1; }
run render-o-dot-slash-dash t34 0 "$E" render --fixture android/small/empty/stones/kindling/light -o ./-
if [ ! -f x ] || [ ! -f ./- ]; then echo "FAIL  render-o-one-char: ./x or ./- not written"; failed=1; fi
# (A known-findings range beyond Int, and fontScale/textSize on the other platform, are read only from
# the package's own known-findings.json, which this script never edits: GateTrustTests covers them.)
cp -r "$repo/Goldens" G3
# --- traps: ENOMEM under an address-space limit is exit 2 naming the limit, never a Swift fatal error [t34]
run render-ulimit-v-300mb t34 2 bash -c "ulimit -v 300000; exec '$E' render --fixture android/small/empty/stones/kindling/light -o mem.png"
expect_line render-ulimit-v-300mb "address-space limit is 292 MB"
# --- data loss: gallery -o / report -o at the goldens with a planted marker; verify writing into the goldens [t34]
cp -r "$repo/Goldens" G4; echo 'written by evidence; replaced whole by the next run' > G4/.evidence-page
before=$(find G4 -type f | wc -l)
run gallery-o-goldens-planted-marker t34 2 "$E" gallery --filter 'android/small/*' --goldens G4 -o G4
[ "$(find G4 -type f | wc -l)" = "$before" ] || { echo "FAIL  gallery-o-goldens-planted-marker: the goldens changed"; failed=1; }
mkdir -p src-tree; echo 'let x = 1' > src-tree/main.swift; echo 'written by evidence; replaced whole by the next run' > src-tree/.evidence-page
run report-o-source-tree-planted-marker t34 2 "$E" report --from result.json -o src-tree
untouched report-o-source-tree-planted-marker src-tree/main.swift 'let x = 1'
manifest_before=$(cat G4/manifest.json)
run verify-junit-into-goldens t34 2 "$E" verify --filter 'android/small/*' --goldens G4 --junit G4/manifest.json
untouched verify-junit-into-goldens G4/manifest.json "$manifest_before"
run verify-report-into-goldens t34 2 "$E" verify --filter 'android/small/*' --goldens G4 --report G4/rep
[ ! -e G4/rep ] || { echo "FAIL  verify-report-into-goldens: wrote G4/rep"; failed=1; }
run report-o-is-its-from t34 2 "$E" report --from result.json -o result.json
# --- unbounded work: a 1x1 golden whose IDAT inflates to 1 GB of zeros decodes in a moment [t34]
# (libpng's progressive reader is left at the last row: docs/reference/limits.md, PNG inflation.)
python3 - <<'EOF'
import zlib, struct
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
z = zlib.compressobj(9); body = z.compress(b'\0\x10\x20\x30\xff')
for _ in range(1024): body += z.compress(b'\0' * (1 << 20))
body += z.flush()
open('long-idat.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', 1, 1, 8, 6, 0, 0, 0)) + chunk(b'IDAT', body) + chunk(b'IEND', b''))
EOF
cp long-idat.png long-idat-copy.png
SECONDS=0
run png-long-idat t34 0 "$E" compare long-idat.png long-idat-copy.png
[ "$SECONDS" -le 5 ] || { echo "FAIL  png-long-idat: took ${SECONDS} s"; failed=1; }
# --- unbounded work: a token element with 100,000 attributes is refused before libxml2 parses it [t34]
res res-storm; python3 -c "
p='res-storm/values/colors_widget.xml'; s=open(p).read()
open(p,'w').write(s.replace('<resources>', '<resources><color name=\"storm\" ' + ' '.join('a%d=\"\"' % i for i in range(100000)) + '>#FF000000</color>', 1))"
SECONDS=0
run xml-attribute-storm t34 2 "$E" contrast --android-res res-storm
expect_line xml-attribute-storm "more than [0-9]+ attributes"
[ "$SECONDS" -le 5 ] || { echo "FAIL  xml-attribute-storm: took ${SECONDS} s"; failed=1; }
# --- unbounded work: did-you-mean on a 16,000-character fixture key [t34]
SECONDS=0
run did-you-mean-16000 t34 2 "$E" render --fixture "$(python3 -c "print('a'*16000)")" -o dym.png
# The search used to take 25 s unloaded; 20 s leaves room for a loaded machine's start-up.
[ "$SECONDS" -le 20 ] || { echo "FAIL  did-you-mean-16000: took ${SECONDS} s"; failed=1; }
# --- right words: libxml2's messages in the one line (bytes the declared encoding cannot convert) [t34]
res res-enc; printf '<?xml version="1.0" encoding="BIG5"?>\n<resources><color name="widget_ink">#FF\xff\xfe000000</color></resources>\n' > res-enc/values/colors_widget.xml
run xml-unknown-encoding t34 2 "$E" contrast --android-res res-enc
# --- a green report of a result that judged nothing: cut to 0 cases, or no checks [t34]
"$E" verify --filter 'android/small/empty/*' --goldens G3 --report rep5 --json > whole.json 2>/dev/null
python3 - <<'EOF'
import json
r = json.load(open('whole.json'))
c = dict(r, passed=[], cases=[]); json.dump(c, open('cut0.json', 'w'))
c = dict(r, passed=r['passed'][:3], cases=r['cases'][:3]); json.dump(c, open('cut3.json', 'w'))
c = dict(r, run=dict(r['run'], checks=[])); json.dump(c, open('nochecks.json', 'w'))
EOF
run report-result-cut-to-0 t34 1 "$E" report --from cut0.json -o rep-cut0
run report-result-cut-to-3 t34 1 "$E" report --from cut3.json -o rep-cut3
run report-result-no-checks t34 1 "$E" report --from nochecks.json -o rep-nochecks
run report-result-whole t34 0 "$E" report --from whole.json -o rep-whole
# A whole green run of a matrix with case files (their hashes are part of the matrix) is a pass.
"$E" verify --goldens G3 --json > all.json 2>/dev/null
run report-result-whole-matrix t34 0 "$E" report --from all.json -o rep-all

# ===== issue #55: outputs by allow-list, every input bounded, results and caches trusted for what they prove [t55]
# Each refusal also leaves the file it aimed at as it was.
pinargs=(--platform android --family small)
manifest_now=$(cat Goldens/manifest.json); known_now=$(cat known-findings.json); config_now=$(cat evidence.json)
ink=Tokens/ios/Assets.xcassets/WidgetInk.colorset/Contents.json; ink_now=$(cat "$ink")
# --- pin over what the gate reads [t55]
run pin-cases-goldens-manifest t55 2 "$E" pin "${pinargs[@]}" --cases Goldens --name manifest --force
untouched pin-cases-goldens-manifest Goldens/manifest.json "$manifest_now"
run pin-known-findings t55 2 "$E" pin "${pinargs[@]}" --cases . --name known-findings --force
untouched pin-known-findings known-findings.json "$known_now"
run pin-evidence-json t55 2 "$E" pin "${pinargs[@]}" --cases . --name evidence --force
untouched pin-evidence-json evidence.json "$config_now"
run pin-colorset t55 2 "$E" pin "${pinargs[@]}" --cases "${ink%/Contents.json}" --name Contents --force
untouched pin-colorset "$ink" "$ink_now"
mkdir -p Fonts .git; echo font > Fonts/Inter-Bold.otf; echo 'ref: refs/heads/main' > .git/HEAD
for d in Goldens Tokens Fonts .git; do
  run "pin-into-$d" t55 2 "$E" pin "${pinargs[@]}" --cases "$d" --name t55-drop
  [ ! -e "$d/t55-drop.json" ] || { echo "FAIL  pin-into-$d: wrote $d/t55-drop.json"; failed=1; }
done
# --- case files, the config and the fonts as outputs [t55]
case_now=$(cat Cases/reported/obj-2428-narrow-large.json)
run verify-junit-case-file t55 2 "$E" verify --filter 'android/small/empty/*' --junit Cases/reported/obj-2428-narrow-large.json
untouched verify-junit-case-file Cases/reported/obj-2428-narrow-large.json "$case_now"
run render-o-evidence-json t55 2 "$E" render --fixture "$ok_key" -o evidence.json
untouched render-o-evidence-json evidence.json "$config_now"
run render-o-fonts t55 2 "$E" render --fixture "$ok_key" -o Fonts/Inter-Bold.otf
untouched render-o-fonts Fonts/Inter-Bold.otf font
run sheet-o-cases t55 2 "$E" sheet --filter 'android/small/empty/*' -o Cases/sheet.png
run compare-o-cases t55 2 "$E" compare x x -o Cases/diff.png
if ! { [ ! -e Cases/sheet.png ] && [ ! -e Cases/diff.png ]; }; then echo "FAIL  sheet/compare-o-cases: wrote into Cases/"; failed=1; fi
run verify-html-cases t55 2 "$E" verify --filter 'android/small/empty/*' --html Cases/page
cd Cases || exit 2; run verify-inside-cases t55 2 "$E" verify --filter 'android/small/empty/*'; cd "$scratch" || exit 2
if ! { [ ! -e Cases/page ] && [ ! -e Cases/report ]; }; then echo "FAIL  verify-html-cases: wrote a folder into Cases/"; failed=1; fi
run verify-after-cases-refusals t55 0 "$E" verify --filter 'android/small/empty/*' --report rep55
# --- '..' after a link: the kernel follows the link first [t55]
ln -s Goldens/android lnk
run render-o-link-dotdot t55 2 "$E" render --fixture "$ok_key" -o lnk/../manifest.json
untouched render-o-link-dotdot Goldens/manifest.json "$manifest_now"
# --- an existing file of the project that is not what the command writes [t55]
echo '// tools' > Package.swift
run render-o-package-swift t55 2 "$E" render --fixture "$ok_key" -o Package.swift
untouched render-o-package-swift Package.swift '// tools'
# --- two outputs of one command naming one file [t55]
run junit-is-step-summary t55 2 env GITHUB_STEP_SUMMARY=j55.xml "$E" verify --filter 'android/small/empty/*' --junit j55.xml
run report-junit-is-page t55 2 "$E" report --from whole.json -o rep55b --junit rep55b
# --- a goldens root linked out of the project [t55]
mkdir -p proj55/Tokens foreign; cp -r Tokens/. proj55/Tokens/; echo '{"goldens": "GG"}' > proj55/evidence.json
echo '{"foreign": true}' > foreign/manifest.json; ln -s "$scratch/foreign" proj55/GG
cd proj55 || exit 2; run goldens-linked-out t55 2 "$E" record --filter 'android/small/empty/*'; cd "$scratch" || exit 2
untouched goldens-linked-out foreign/manifest.json '{"foreign": true}'
[ "$(ls foreign)" = manifest.json ] || { echo "FAIL  goldens-linked-out: wrote into the link's target"; failed=1; }
# --- record/verify --cases with a missing folder [t55]
run record-cases-typo t55 2 "$E" record --filter 'cases/*' --cases Casse
run verify-cases-typo t55 2 "$E" verify --filter 'cases/*' --cases Casse
# --- a proofs cache others can write is not evidence [t55]
# (outside the project: a cache inside it is refused outright)
shared_cache="$(mktemp -d "${TMPDIR:-/tmp}/evidence-shared-cache-XXXXXX")"; chmod 777 "$shared_cache"
run shared-proofs-cache t55 0 env EVIDENCE_CACHE="$shared_cache" "$E" verify --filter 'android/small/empty/*' --goldens G3 --report rep55c
if grep -q "proofs cache not used" "$scratch/.err"; then echo "ok    shared-proofs-cache: said so"; else echo "FAIL  shared-proofs-cache: no note"; failed=1; fi
[ ! -e "$shared_cache/proven-goldens" ] || { echo "FAIL  shared-proofs-cache: saved proofs into it"; failed=1; }
rm -rf "$shared_cache"
# --- unbounded: 100,000 stray files in a goldens folder (issue #55's flood) are refused at once [t55]
# (past GoldensBounds.maxEntries: 80,000, each golden and a folder of its own — 16× the matrix fits)
cp -r "$repo/Goldens" G55; mkdir -p G55/android/small/empty/stray; ( cd G55/android/small/empty/stray && seq 1 100000 | xargs touch )
SECONDS=0
run goldens-100000-strays t55 2 "$E" verify --filter 'android/small/empty/*' --goldens G55 --report rep55d
expect_line goldens-100000-strays "more than [0-9]+ entries"
[ "$SECONDS" -le 20 ] || { echo "FAIL  goldens-100000-strays: took ${SECONDS} s"; failed=1; }
rm -rf G55
# --- unbounded: report of 8,000 failures, and two shards of 4,000, in linear time [t55]
python3 - <<'PY'
import json
def result(keys, shard=None):
    r = {'schema': 'evidence-result/2', 'passed': [], 'known': [], 'details': [], 'comparison': 'exact', 'fastPath': 0,
         'failures': [{'key': k, 'kind': 'pixels', 'detail': 'd' * 150, 'artifacts': []} for k in keys],
         'cases': [{'key': k, 'platform': 'android', 'family': 'small', 'seconds': 0} for k in keys]}
    if shard: r['shard'] = shard
    return r
json.dump(result(['android/k%d' % i for i in range(8000)]), open('f8000.json', 'w'))
for s in (1, 2): json.dump(result(['android/s%d/k%d' % (s, i) for i in range(4000)], '%d/2' % s), open('f4000-%d.json' % s, 'w'))
PY
SECONDS=0
run report-8000-failures t55 1 "$E" report --from f8000.json -o rep55e
run report-merge-2x4000 t55 1 "$E" report --from f4000-1.json --from f4000-2.json -o rep55f
[ "$SECONDS" -le 20 ] || { echo "FAIL  report-8000-failures: took ${SECONDS} s"; failed=1; }
# --- compare of two in-limit 16384x4096 PNGs under a ulimit -v the tool accepts: exit 2, never SIGABRT [t55]
python3 - <<'PY'
import zlib, struct
def chunk(t, d): return struct.pack('>I', len(d)) + t + d + struct.pack('>I', zlib.crc32(t + d) & 0xffffffff)
w, h = 16384, 4096
z = zlib.compressobj(9); row = b'\0' + b'\0' * (w * 4); body = b''.join(z.compress(row) for _ in range(h)) + z.flush()
open('wide.png', 'wb').write(b'\x89PNG\r\n\x1a\n' + chunk(b'IHDR', struct.pack('>IIBBBBB', w, h, 8, 6, 0, 0, 0)) + chunk(b'IDAT', body) + chunk(b'IEND', b''))
PY
cp wide.png wide2.png
run compare-wide-ulimit-v t55 2 bash -c "ulimit -v 900000; exec '$E' compare wide.png wide2.png -o wide-diff.png"
expect_line compare-wide-ulimit-v "out of memory"
# --- a result's texts reach the console escaped: no workflow command from a fork's artefact [t55]
python3 - <<'PY'
import json
r = json.load(open('whole.json')); r['comparison'] = 'exact\n::error file=x::forged'; r['reportDirectory'] = 'rep\n::add-mask::x'
json.dump(r, open('inject.json', 'w'))
PY
run report-workflow-injection t55 0\|1\|2 env GITHUB_ACTIONS=true "$E" report --from inject.json -o rep55g
if grep -q '^::error file=x::forged' "$scratch/.out" "$scratch/.err"; then echo "FAIL  report-workflow-injection: a forged workflow command line"; failed=1; else echo "ok    report-workflow-injection: escaped"; fi
# --- a killed pin's temp file blocks nothing and is swept by the next pin [t55]
echo half > Cases/.t55-kill.json.tmp-999999999
run temp-left-by-pin t55 0 "$E" verify --filter 'android/small/empty/*' --report rep55h
run next-pin-sweeps t55 0 "$E" pin "${pinargs[@]}" --name t55/swept
[ ! -e Cases/.t55-kill.json.tmp-999999999 ] || { echo "FAIL  next-pin-sweeps: the temp file is still there"; failed=1; }
# --- ulimit -f: SIGXFSZ killed the run (exit 153) and left its temp file [t55]
run render-ulimit-f t55 2 bash -c "ulimit -f 4; exec '$E' render --fixture '$ok_key' -o xfsz.png"
for f in .*.xfsz.png.tmp-* *.xfsz.png.tmp-*; do [ -e "$f" ] && { echo "FAIL  render-ulimit-f: left a temp file"; failed=1; break; }; done
run record-ulimit-f t55 2 bash -c "ulimit -f 4; exec '$E' record --filter 'android/small/empty/*' --goldens G3 --mode all"
[ -z "$(find G3 -name '.*.tmp-*')" ] || { echo "FAIL  record-ulimit-f: left a temp file"; failed=1; }
# --- pin: a long --expect, past the 1,000-file cap, a 4,200-character name, two pins of one name [t55]
run pin-long-expect t55 2 "$E" pin "${pinargs[@]}" --name t55/long --expect "$(python3 -c "print('x' * 5000)")"
run pin-4200-char-name t55 2 "$E" pin "${pinargs[@]}" --name "$(python3 -c "print('a/' * 2100 + 'x')")"
mkdir -p cap55/many; ( cd cap55/many && for i in $(seq 1 1000); do echo '{}' > "c$i.json"; done )
run pin-past-cap t55 2 "$E" pin "${pinargs[@]}" --cases cap55 --name one-more
[ ! -e cap55/one-more.json ] || { echo "FAIL  pin-past-cap: wrote past the cap"; failed=1; }
( for i in 1 2 3 4; do ( "$E" pin "${pinargs[@]}" --name t55/race2 >/dev/null 2>&1 && echo win ) & done; wait ) > race.txt
if [ "$(grep -c win race.txt)" = 1 ]; then echo "ok    concurrent-pins: exactly one of four created it"; else echo "FAIL  concurrent-pins: $(grep -c win race.txt) of four succeeded"; failed=1; fi
# --- report: run.checks naming no real check; a '**' claim with one made-up key; a key twice in passed [t55]
python3 - <<'PY'
import json
r = json.load(open('whole.json'))
json.dump(dict(r, run=dict(r['run'], checks=['made-up'])), open('fakechecks.json', 'w'))
json.dump(dict(r, passed=['android/made/up'], cases=[], run=dict(r['run'], filter='**', matrix='0' * 32)), open('starstar.json', 'w'))
json.dump(dict(r, passed=r['passed'] + r['passed'][:1]), open('twice.json', 'w'))
PY
run report-made-up-checks t55 1 "$E" report --from fakechecks.json -o rep55i
run report-starstar-made-up t55 1 "$E" report --from starstar.json -o rep55j
run report-key-twice t55 2 "$E" report --from twice.json -o rep55k
# --- nested projects: verify names the root it checked [t55]
mkdir -p nested/Goldens
cd nested || exit 2; run nested-project-root t55 0\|1\|2 "$E" verify --filter 'android/small/empty/*' --report "$scratch/rep55l"; cd "$scratch" || exit 2
if grep -q "^project: " "$scratch/.out"; then echo "ok    nested-project-root: named"; else echo "FAIL  nested-project-root: no project line"; failed=1; fi
# --- Low: relative install --prefix, a FIFO case, a hard-linked summary, long error lines, duplicate config keys [t55]
mkfifo Cases/t55-fifo.json
run fifo-case t55 2 "$E" verify --filter 'cases/*'
rm -f Cases/t55-fifo.json
ln Goldens/manifest.json hardlinked-summary.md
run summary-hard-link t55 2 env GITHUB_STEP_SUMMARY=hardlinked-summary.md "$E" verify --filter 'android/small/empty/*' --report rep55m
untouched summary-hard-link Goldens/manifest.json "$manifest_now"
rm -f hardlinked-summary.md
run long-error-line t55 2 "$E" render --fixture "$ok_key" -o "$(python3 -c "print('d/' * 3000)")x.png"
bytes=$(wc -c <"$scratch/.err"); if [ "$bytes" -gt 2100 ]; then echo "FAIL  long-error-line: $bytes bytes"; failed=1; fi
cp evidence.json evidence.json.bak; echo '{"goldens": "Goldens", "goldens": "Tokens"}' > evidence.json
run config-duplicate-key t55 2 "$E" list --filter 'android/small/empty/*'
mv evidence.json.bak evidence.json
mkdir -p inst55; cd inst55 || exit 2; run install-relative-prefix t55 0 "$repo/scripts/install.sh" --prefix pfx --no-build; cd "$scratch" || exit 2
[ -x inst55/pfx/bin/evidence ] || { echo "FAIL  install-relative-prefix: not installed below the working folder"; failed=1; }

# --- a known finding whose platform and ranges admit every render of it [t55]
cp known-findings.json known-findings.json.bak
python3 - <<'PY'
import json
k = json.load(open('known-findings.json'))
k['findings'].append({'class': 'known', 'kind': 'truncated', 'node': '*', 'seed': 'made up',
                      'conditions': {'platform': 'android', 'width': [0, 1e9]}})
json.dump(k, open('known-findings.json', 'w'))
PY
run known-finding-whole-platform t55 2 "$E" verify --filter 'android/small/empty/*' --report rep55n
expect_line known-finding-whole-platform "admit every value"
# --- nor nearly a whole platform: every state but one, with node "*", is most of Android's matrix [t55]
python3 - <<'PY'
import json
k = json.load(open('known-findings.json.bak'))
k['findings'].append({'class': 'known', 'kind': 'truncated', 'node': '*', 'seed': 'made up',
                      'conditions': {'platform': 'android', 'state': ['newDay', 'defaultProgress', 'allDone', 'empty', 'stale']}})
json.dump(k, open('known-findings.json', 'w'))
PY
run known-finding-most-of-platform t55 2 "$E" verify --filter 'android/small/empty/*' --report rep55n
expect_line known-finding-most-of-platform "would match [0-9]+ of the golden matrix's [0-9]+ android fixtures .* at most 10 % of a platform"
mv known-findings.json.bak known-findings.json
# --- report --from a folder deeper than its search cap: exit 2 naming the cap, not a silent skip [t55]
mkdir -p deep55/1/2/3/4/5/6/7/8/9; cp whole.json deep55/1/2/3/4/5/6/7/8/9/result.json
run report-from-past-depth-cap t55 2 "$E" report --from deep55 -o rep55u
expect_line report-from-past-depth-cap "more than 8 levels below it"
# --- the proofs cache named through a link into the project, at a folder not made yet [t55]
ln -s "$scratch" projlink55
run cache-link-into-project t55 2 env EVIDENCE_CACHE="$scratch/projlink55/new-cache55" "$E" verify --filter 'android/small/empty/*' --report rep55o
expect_line cache-link-into-project "lies inside the project"
[ ! -e new-cache55 ] || { echo "FAIL  cache-link-into-project: made the cache inside the project"; failed=1; }
rm -f projlink55
# --- record sweeps only abandoned temp files: a live process's (PID 1) is kept [t55]
echo keep > G3/.notes.tmp-1
run record-keeps-live-temp t55 0 "$E" record --filter 'android/small/empty/*' --goldens G3
untouched record-keeps-live-temp G3/.notes.tmp-1 keep
# --- SIGXFSZ in verify and report: exit 2 with one line, no temp file left [t55]
temps() { find . -name '.*.tmp-*' 2>/dev/null | sort; }
temps_before=$(temps)
run verify-ulimit-f t55 2 bash -c "ulimit -f 4; exec '$E' verify --filter 'android/small/empty/*' --html page55"
run report-ulimit-f t55 2 bash -c "ulimit -f 4; exec '$E' report --from whole.json -o rep55p"
[ "$(temps)" = "$temps_before" ] || { echo "FAIL  verify/report-ulimit-f: left a temp file: $(comm -13 <(echo "$temps_before") <(temps) | sed -n 1,3p)"; failed=1; }
# --- SIGTERM during pin, at three moments: exit 143 (or 0 when done first), no temp file, the case whole or absent [t55]
for delay in 0.05 0.2 0.5; do
  rm -f Cases/t55/term.json
  "$E" pin "${pinargs[@]}" --name t55/term >/dev/null 2>&1 & pid=$!
  sleep "$delay"; kill -TERM "$pid" 2>/dev/null; wait "$pid"; rc=$?
  left=$(find Cases -name '.*.tmp-*' | wc -l)
  if { [ "$rc" = 143 ] || [ "$rc" = 0 ]; } && [ "$left" = 0 ] \
     && { [ ! -e Cases/t55/term.json ] || python3 -c "import json; json.load(open('Cases/t55/term.json'))"; }; then
    echo "ok    pin-sigterm-$delay: exit $rc, nothing half-written"
  else echo "FAIL  pin-sigterm-$delay: exit $rc, $left temp files"; failed=1; fi
done
rm -f Cases/t55/term.json
# --- a closed pipe: each command ends with the code it has when its output is read whole [t55]
cat > closedpipe.py <<'PY'
import os, subprocess, sys
r, w = os.pipe(); os.close(r)
print(subprocess.run(sys.argv[1:], stdout=w, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL).returncode)
PY
set -f
# shellcheck disable=SC2086 # each case is a command line split into words
for c in "list" "list --json" "help --markdown" "strings" "plan --json" "contrast --json" "render --fixture nope -o x.png" \
         "verify --filter android/small/empty/* --report rep55q" "verify --filter android/small/empty/* --report rep55q --json"; do
  want=$("$E" $c >/dev/null 2>&1; echo $?); got=$(python3 closedpipe.py "$E" $c)
  if [ "$want" = "$got" ]; then echo "ok    closed-pipe '$c': exit $got"; else echo "FAIL  closed-pipe '$c': exit $got, $want with its output read"; failed=1; fi
done
set +f
# --- a result's texts reach the step summary escaped: no Markdown or HTML injected [t55]
python3 - <<'PY'
import json
r = json.load(open('whole.json')); r['comparison'] = 'exact | x |\n# forged heading <img src=x onerror=alert(1)> [x](javascript:alert(1))'
json.dump(r, open('md-inject.json', 'w'))
PY
: > sum55.md
run summary-markdown-injection t55 0\|1\|2 env GITHUB_STEP_SUMMARY=sum55.md "$E" report --from md-inject.json -o rep55r
# Escaped, '[x](…)' is '\[x\](…)': only an unescaped '](' would be a link.
if grep -q '^# forged\|<img\|[^\\]\](javascript' sum55.md; then echo "FAIL  summary-markdown-injection: raw Markdown or HTML in the summary"; failed=1; else echo "ok    summary-markdown-injection: escaped"; fi
# --- hostile variants (acceptance 4): bench --prepare was no declared output, so it filled Cases/ [t55]
for d in Cases/b55 Goldens/b55 Tokens/b55; do
  run "bench-prepare-into-${d%%/*}" t55 2 "$E" bench --filter 'android/small/empty/*' --prepare "$d"
  [ ! -e "$d" ] || { echo "FAIL  bench-prepare-into-${d%%/*}: wrote $d"; failed=1; rm -rf "$d"; }
done
run verify-after-bench-prepare t55 0 "$E" verify --filter 'android/small/empty/*' --report rep55s
# --- hostile variant: bench --prepared Goldens --phase record-same recorded into the project's goldens, removing 2,018 as stale [t55]
goldens_count=$(find Goldens -type f | wc -l)
run bench-record-same-into-goldens t55 2 "$E" bench --filter 'android/small/empty/*' --prepared Goldens --phase record-same
[ "$(find Goldens -type f | wc -l)" = "$goldens_count" ] || { echo "FAIL  bench-record-same-into-goldens: the goldens changed"; failed=1; }
# --- hostile variant: a pin whose write fails under ulimit -f left the empty folders of its name in Cases/ [t55]
run pin-ulimit-f-folders t55 2 bash -c "ulimit -f 1; exec '$E' pin ${pinargs[*]} --name t55new/deep/x --note $(printf 'n%.0s' $(seq 1 3000))"
[ ! -e Cases/t55new ] || { echo "FAIL  pin-ulimit-f-folders: left Cases/t55new"; failed=1; rm -rf Cases/t55new; }
# --- hostile variant: a result whose cases rows cover its filter but with no verdict passed as "0 passed, 0 failed" [t55]
python3 -c "import json; r = json.load(open('whole.json')); r['passed'] = []; r['failures'] = []; json.dump(r, open('noverdict.json', 'w'))"
run report-no-verdict t55 1 "$E" report --from noverdict.json -o rep55t
# --- hostile variant: SIGHUP (a closed terminal) during record left .X.png.tmp-PID files: now exit 129, none left [t55]
cp -r "$repo/Goldens" G55h
"$E" record --filter 'android/small/*' --goldens G55h --mode all --quiet >/dev/null 2>&1 & pid=$!
for _ in $(seq 1 600); do [ -n "$(find G55h -name '.*.tmp-*' -print -quit)" ] && break; kill -0 "$pid" 2>/dev/null || break; sleep 0.01; done
kill -HUP "$pid" 2>/dev/null; wait "$pid"; rc=$?
left=$(find G55h -name '.*.tmp-*' | wc -l)
if { [ "$rc" = 129 ] || [ "$rc" = 0 ]; } && [ "$left" = 0 ]; then echo "ok    record-sighup: exit $rc, no temp file"
else echo "FAIL  record-sighup: exit $rc, $left temp files left"; failed=1; fi
rm -rf G55h

# --- a manifest of more stale entries than a goldens folder can hold: every one was a failure (200,000 took 8.9 s);
#     now exit 2 naming the cap before any is read, and --rebuild-manifest, which never reads it, is the way out [t55]
cp -r "$repo/Goldens" G55m
python3 - <<'PY'
import json
m = json.load(open('G55m/manifest.json'))
for i in range(40000):
    k = 'stale/k%d' % i
    m['goldens'][k] = {'file': k + '.png', 'pixelHash': '0' * 32, 'fileHash': '0' * 32, 'width': 1, 'height': 1,
                       'visibleText': [], 'accessibilityLabel': ''}
json.dump(m, open('G55m/manifest.json', 'w'))
PY
run manifest-over-entry-cap t55 2 "$E" verify --goldens G55m --filter 'android/small/empty/*' --report rep55v
expect_line manifest-over-entry-cap "42038 entries: more than the 40000 a manifest may hold"
run manifest-over-cap-rebuild t55 0 "$E" record --goldens G55m --filter 'android/small/empty/*' --rebuild-manifest
# --- one entry with a 2 MB label: refused naming the entry and the bound, before verify echoes it [t55]
python3 -c "import json; m = json.load(open('Goldens/manifest.json')); e = m['goldens'][min(k for k in m['goldens'] if k.startswith('android/small/empty/'))]; e['accessibilityLabel'] = 'x' * 2000000; json.dump(m, open('G55m/manifest.json', 'w'))"
run manifest-entry-text-cap t55 2 "$E" verify --goldens G55m --filter 'android/small/empty/*' --report rep55v
expect_line manifest-entry-text-cap "has an accessibility label of 2000000 characters: more than the 4096"
rm -rf G55m
# --- a page folder to replace, planted with a chain of folders 40 deep: the walk stops at a page's depth [t55]
mkdir -p "page55d/$(printf 'd/%.0s' $(seq 1 40))"; printf 'written by evidence; replaced whole by the next run\n' > page55d/.evidence-page
run page-folder-deep-chain t55 2 "$E" report --from whole.json -o page55d
expect_line page-folder-deep-chain "folders deeper than 17"
[ -d page55d/d ] || { echo "FAIL  page-folder-deep-chain: the planted folder was replaced"; failed=1; }
# --- plan --batch: one 15 MB snapshot named on every line read 15 MB a line, without end; now 256 MB in all [t55]
python3 -c "import sys; s = open('snap.json').read().strip(); open('snap15.json', 'w').write(s[:-1] + ' ' * ((15 << 20) - len(s)) + '}')"
for _ in $(seq 1 18); do echo "--snapshot snap15.json --as-of 2026-03-29T08:00:00+01:00 --time-zone Europe/London"; done > batch55.txt
run plan-batch-snapshot-total t55 2 "$E" plan --batch batch55.txt
expect_line plan-batch-snapshot-total "batch55.txt:18: the snapshots named so far total more than 268435456 bytes"
rm -f snap15.json
# --- record --accept with more keys than a manifest holds [t55]
python3 -c "print('\n'.join('k/%d %s' % (i, '0' * 32) for i in range(40001)))" > accept55.txt
run accept-file-key-cap t55 2 "$E" record --accept accept55.txt --goldens G3 --dry-run
expect_line accept-file-key-cap "accept55.txt:40001: more than 40000 keys"
echo
[ "$failed" = 0 ] && echo "every reproducer behaved" || echo "some reproducers did not behave (see FAIL lines; [t22]/[t23]/[t25] pass once those branches land)"
exit "$failed"
