#!/usr/bin/env bash
# Where a whole-matrix `evidence verify --quiet` spends its CPU (issue #56), on the relocatable
# release build (scripts/build-release.sh): `perf record` with DWARF call graphs (frame pointers
# stop at libcairo and pixman, which have none), each sample charged to the first phase its stack
# names from the leaf up — the painter, the pixel hash, each check, the catalog, the manifest — then
# the top symbols. Arguments go to verify (e.g. --jobs 1 for one thread's profile). Proofs come from
# $EVIDENCE_CACHE as verify finds them (a warm cache: the fast path bench.sh's rows time); perf's
# data stays in a temp folder. Needs perf (apt-get install linux-perf) and python3. perf counts CPU
# time (cpu-clock), so a loaded machine stretches the wall but not the shares.
set -euo pipefail
cd "$(dirname "$0")/.."
command -v perf > /dev/null || { echo "profile.sh needs perf (apt-get install linux-perf)" >&2; exit 2; }
scripts/build-release.sh 2>&1 | tail -n 1
E=.build/static/release/evidence
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
"$E" verify --quiet "$@" > /dev/null || true  # proofs warm, files in the page cache
perf record -q -F 1000 --call-graph dwarf,16384 -o "$WORK/perf.data" "$E" verify --quiet "$@" > "$WORK/out" 2>&1 || true
tail -n 1 "$WORK/out"
perf script -i "$WORK/perf.data" -F ip,sym,dso 2> /dev/null | python3 -c '
import collections, re, sys
# The first rule a frame matches, from the leaf up, names the sample'"'"'s phase.
RULES = [(n, re.compile(p)) for n, p in [
    ("start-up (dynamic loader)", r"^_dl_|dl_main"),
    ("PNG decode", r"inflate|png_|cpng_decode|libdeflate_|decodeGolden"),
    ("proofs cache", r"ProvenGoldens"),
    ("goldens folder walk", r"strays|staleTempFiles|ContainedFolderV4list"),
    ("manifest parse", r"8ManifestV|ElementFrames"),
    ("renderer environment", r"RendererEnvironment"),
    ("known findings", r"KnownFindings"),
    ("pixel hash (straighten, XXH3)", r"straighten|XXH3|wordsHash|pixelHash"),
    ("contrast check", r"Contrast"), ("lost-meaning check", r"LostMeaning"), ("clip check", r"ClipCheck"),
    ("truncation check", r"Truncation"), ("glyph coverage check", r"GlyphCoverage"), ("colour-alone check", r"ColourAlone"),
    ("golden file read", r"ContainedFolder.*read|openat2|cfiles_"),
    ("catalog: scene collapse", r"FixtureCatalog.*collapse"), ("catalog: scenes", r"FixtureCatalog"),
    ("painter", r"CairoPainter|DrawnNodes|DrawnPrefixes|cairo_|pixman"),
    ("verify: the rest per fixture", r"Verifier.*check"), ("verify: the rest", r"Verifier"),
    ("command: the rest", r"evidence_main|Command"),
]]
phases, leaves, total, frames = collections.Counter(), collections.Counter(), 0, []
def flush():
    global total
    if not frames: return
    total += 1
    leaves[frames[0][:90]] += 1
    phases[next((n for f in frames for n, p in RULES if p.search(f)), "other (no phase in the stack)")] += 1
for line in sys.stdin:
    if line.startswith("\t"):
        # "address symbol (library)": an unnamed symbol is named by its library
        m = re.match(r"\s*\S+\s+(.*?)\s+\((.*)\)$", line)
        sym, dso = (m.group(1), m.group(2).rsplit("/", 1)[-1]) if m else (line.strip(), "")
        frames.append(f"[{dso}]" if sym == "[unknown]" else sym)
    elif not line.strip():
        flush(); frames = []
flush()
print(f"{total} samples at 1 kHz (CPU ms); by phase:")
for n, c in phases.most_common(): print(f"  {100 * c / total:5.1f} %  {n}")
print("top leaf symbols:")
for n, c in leaves.most_common(15): print(f"  {100 * c / total:5.1f} %  {n}")
'
