#!/usr/bin/env bash
# Usage: scripts/extension-counts.sh [--rev REV] [--no-tests] [--keep] [EXTENSION...]
#   EXTENSION: ios-family, android-family, motif, check (default: all four, in that order)
#   --rev REV   measure that commit (default HEAD)
#   --no-tests  build only the products (WidgetRaster, evidence), not the test target
#   --keep      leave the scratch clone (its path is printed) instead of deleting it on exit
#
# Measures docs/contributing/extending.md's "Adding …" rounds by doing each extension for real.
# A scratch clone at REV (committed state only; the caller's tree and .build are never touched)
# gets the extension's starting edit, then `swift build --target WidgetRasterTests` (debug:
# WidgetRaster, evidence and the test target) is run round by round: each round's distinct errors
# (file:line:col) are printed with the declaration they are in, then answered the way a
# contributor would — a new arm in each switch the compiler named, copied from a sibling case's
# arm (patterns and `.sibling` in the body renamed), or the new name added to a sibling arm's
# pattern list — until the build is clean. Prints, per extension, the rounds, the errors per
# round, the files touched and the places edited.
#
# Each build type-checks whole modules (-wmo): an incremental build does not recheck the
# dependents of a file whose compile failed, so it names some errors a round late (HostMode.draws
# did), and a count would depend on what was built before. A module is checked only once the
# modules it imports build, so the rounds follow the module order (issue #57's split). A failing
# round then takes seconds; a clean one minutes. One .build serves every round and every
# extension: a .build copied from the caller is no use, its module cache and build records name
# the caller's path (a copy fails or rebuilds from scratch). About 20 min in all on 2 cores.
# Run by hand when the guide changes; not part of CI or the test suite. Needs git, swift, python3.
set -euo pipefail

main() {
    tests=1 keep=0 rev=HEAD exts=()
    while [ $# -gt 0 ]; do
        case "$1" in
            --rev) [ $# -ge 2 ] || { echo "extension-counts: --rev needs a commit" >&2; exit 64; }; rev=$2; shift ;;
            --rev=*) rev=${1#--rev=} ;;
            --no-tests) tests=0 ;;
            --keep) keep=1 ;;
            ios-family|android-family|motif|check) exts+=("$1") ;;
            -h|--help) awk 'NR > 1 && !/^#/ { exit } NR > 1 { sub(/^# ?/, ""); print }' "$0"; exit 0 ;;
            *) echo "extension-counts: unknown argument '$1' (see --help)" >&2; exit 64 ;;
        esac
        shift
    done
    [ ${#exts[@]} -gt 0 ] || exts=(ios-family android-family motif check)

    root=$(git -C "$(dirname "$0")/.." rev-parse --show-toplevel)
    sha=$(git -C "$root" rev-parse --verify "$rev^{commit}")
    short=$(git -C "$root" rev-parse --short "$sha")
    scratch=$(mktemp -d "${TMPDIR:-/tmp}/extension-counts.XXXXXX")
    build_pid=
    # An interrupted run stops its build: swift-build and every compiler under it, by pid (SwiftPM
    # starts each compiler in a process group of its own and does not stop them on SIGTERM).
    # shellcheck disable=SC2317 # called through cleanup, from the trap
    descendants() { local c; for c in $(pgrep -P "$1" || true); do echo "$c"; descendants "$c"; done; }
    # shellcheck disable=SC2317 # called from the trap
    cleanup() {
        if [ -n "$build_pid" ]; then
            # shellcheck disable=SC2046
            kill -TERM "$build_pid" $(descendants "$build_pid") 2>/dev/null || true
            wait "$build_pid" 2>/dev/null || true
        fi
        if [ "$keep" = 1 ]; then echo "kept: $scratch"; else rm -rf "$scratch"; fi
    }
    trap cleanup EXIT
    trap 'exit 130' INT TERM
    repo="$scratch/repo"
    git clone -q --no-checkout "$root" "$repo"
    git -C "$repo" checkout -q --detach "$sha"
    helper="$scratch/counts.py"
    helper_source > "$helper"

    # The test target as a target, not --build-tests: test discovery reads the index store, which
    # -wmo cannot write. -num-threads: one object per source file, the files SwiftPM links.
    if [ "$tests" = 1 ]; then build_args=(--target WidgetRasterTests); else build_args=(--product evidence); fi
    build_args+=(--disable-index-store -Xswiftc -wmo -Xswiftc -num-threads -Xswiftc 2)
    echo "extension-counts on $short: swift build ${build_args[*]} (debug) in $repo"
    started=$SECONDS
    states=()
    for ext in "${exts[@]}"; do
        git -C "$repo" checkout -q -- . && git -C "$repo" clean -fdq
        state="$scratch/$ext.json"
        states+=("$state")
        echo
        python3 "$helper" start "$ext" "$repo" "$state"
        round=1
        while :; do
            log="$scratch/$ext.$round.log"
            t0=$SECONDS
            rc=0
            (cd "$repo" && exec swift build "${build_args[@]}") > "$log" 2>&1 &
            build_pid=$!
            wait "$build_pid" || rc=$?
            build_pid=
            echo "build $round: exit $rc, $((SECONDS - t0)) s"
            step=0
            python3 "$helper" answer "$ext" "$repo" "$state" "$log" "$rc" "$round" || step=$?
            [ "$step" = 0 ] || break          # 10: clean; anything else: stopped (the helper says why)
            round=$((round + 1))
        done
    done
    echo
    python3 "$helper" summary "$short" "$((SECONDS - started))" "${states[@]}"
}

# The helper: reads the compiler's errors, names their declarations, writes the answers.
helper_source() {
    cat <<'PY'
import json, os, re, sys

# ---- the four extensions -------------------------------------------------------------------------
# enum/new/sibling: the starting edit (a case in `enum`) and whose arms the answers copy.
# start_also: enums that get the case in the starting edit too (a Home Screen family is one of
# IOSHomeFamily as well as of IOSFamily: extending.md says to add both at once).
# companions: enums that get the new case in the same round an answered arm's body names `.new`
# (extending.md: "once it is in IOSHomeFamily", "once the drawing's case is in GlyphKind").
# body_renames: besides `.sibling` → `.new`, in the code of a copied arm's body.
# fields: a stored property added in the same round an answered body names it (HomeSizes).
# params: a call's missing labelled argument answered by copying the sibling's argument, with the
# enclosing function's parameter duplicated under a new name (IOSDeviceClass.row).
EXTENSIONS = {
    "ios-family": dict(
        title="a new iOS Home Screen family", enum="IOSFamily", new="systemExtraLarge", sibling="systemLarge",
        start_also=["IOSHomeFamily"],
        body_renames=[(r"(?<![\w.])large\b", "extraLarge")],
        fields=[dict(struct="HomeSizes", after=r"\blarge: Size\b", add="extraLarge: Size", trigger=r"(?<![\w.])extraLarge\b")],
        params=[dict(label="extraLarge", sibling_label="large", param="l", new_param="xl")],
        note="no Layout/iOS/<Family>.swift is written: the planIOSWidget arm calls the sibling's planner"),
    "android-family": dict(
        title="a new Android family", enum="AndroidFamily", new="extraLarge", sibling="large",
        note="no Layout/Android/<Family>.swift is written: the planner arm calls the sibling's planner"),
    "motif": dict(
        title="a new streak motif", enum="StreakMotif", new="lantern", sibling="stones",
        companions=["GlyphKind"],
        note="the drawing is the sibling's (GlyphArt arm copied), its copy the sibling's strings"),
    "check": dict(
        title="a new check", enum="FailureKind", new="emptyCard", sibling="missingGlyph", raw="empty-card",
        check_file="Sources/WidgetRaster/Gate/EmptyCardCheck.swift",
        body_renames=[(r"\bGlyphCoverageCheck\b", "EmptyCardCheck")],
        note="the starting edit is the guide's three steps at once: the kind, Gate/EmptyCardCheck.swift "
             "and its CheckRegistry.checks entry; its remedy is the sibling's (a real check adds a Remedy case and its advice)"),
}

CHECK_SOURCE = '''/// scripts/extension-counts.sh's trivial check: a render with no node at all fails as `empty-card`.
public enum EmptyCardCheck {
    public static let gateCheck = RenderCheck(name: "empty-card", kind: .emptyCard, applies: { _ in true }) { key, scene, _, _ in
        scene.nodes.isEmpty ? [GateFailure(key: key, kind: .emptyCard, detail: "the scene has no node")] : []
    }
    public static let registration = CheckRegistry.Check(
        name: gateCheck.name, kind: .emptyCard, reads: "the scene's node list", stages: [.render], render: gateCheck,
        remedy: .fixGlyph, scope: { _, _ in .layout }, judgedByMaps: true)
}
'''
CHECK_ENTRY = '        EmptyCardCheck.registration,\n'

# ---- reading Swift as text -----------------------------------------------------------------------
# Files are read as Latin-1 so that one character is one byte: the compiler's columns are bytes.

def read(path):
    with open(path, encoding="latin-1") as f:
        return f.read()

def write(path, text):
    with open(path, "w", encoding="latin-1") as f:
        f.write(text)

STRING_START = re.compile(r'#*"')
REGEX_BEFORE = re.compile(r'(?:[(,=:\[{!]|\breturn)[ \t]*$')

def mask(src):
    """The code alone: comments and string literals blanked, same length, newlines kept."""
    n = len(src)
    out = list(src)

    def block_end(j):
        depth = 0
        while j < n:
            if src.startswith("/*", j):
                depth += 1; j += 2
            elif src.startswith("*/", j):
                depth -= 1; j += 2
                if depth == 0:
                    return j
            else:
                j += 1
        return n

    def literal_end(j):
        """The end of the comment or string literal starting at `j`; None where code starts."""
        if src.startswith("//", j):
            e = src.find("\n", j)
            return n if e < 0 else e
        if src.startswith("/*", j):
            return block_end(j)
        if STRING_START.match(src, j) and not (src[j] == "#" and j > 0 and (src[j - 1].isalnum() or src[j - 1] == "_")):
            return string_end(j)
        if src[j] == "/" and j + 1 < n and src[j + 1] not in " \n" and REGEX_BEFORE.search(src, 0, j):
            k = j + 1  # a regex literal, `/…/` (its brackets and quotes are not code)
            while k < n and src[k] != "\n":
                if src[k] == "/":
                    return k + 1
                k += 2 if src[k] == "\\" else 1
        return None

    def code_until_close(j):  # inside \( … ): to just after the matching ')'
        depth = 1
        while j < n:
            e = literal_end(j)
            if e is not None:
                j = e
                continue
            if src[j] == "(":
                depth += 1
            elif src[j] == ")":
                depth -= 1
                if depth == 0:
                    return j + 1
            j += 1
        return n

    def string_end(j):
        hashes = 0
        while src[j] == "#":
            hashes += 1; j += 1
        multi = src.startswith('"""', j)
        quote = '"""' if multi else '"'
        close = quote + "#" * hashes
        j += len(quote)
        while j < n:
            if src[j] == "\\" and src.startswith("#" * hashes, j + 1):
                k = j + 1 + hashes
                if k < n and src[k] == "(":
                    j = code_until_close(k + 1)
                else:
                    j = k + 1
            elif src.startswith(close, j):
                return j + len(close)
            elif src[j] == "\n" and not multi:
                return j
            else:
                j += 1
        return n

    i = 0
    while i < n:
        e = literal_end(i)
        if e is None:
            i += 1
            continue
        is_string = not src.startswith(("//", "/*"), i)
        for k in range(i + is_string, e - is_string):  # a string keeps its delimiters
            if out[k] != "\n":
                out[k] = " "
        i = e
    return "".join(out)

class Source:
    def __init__(self, path):
        self.path = path
        self.text = read(path)
        self.code = mask(self.text)
        self.pair, self.depth = {}, [0] * (len(self.code) + 1)
        stack, d = [], 0
        for i, c in enumerate(self.code):
            self.depth[i] = d
            if c in "({[":
                stack.append(i); d += 1
            elif c in ")}]" and stack:
                o = stack.pop(); d -= 1
                self.pair[o] = i; self.pair[i] = o
        self.depth[len(self.code)] = d
        self.lines = [0] + [i + 1 for i, c in enumerate(self.text) if c == "\n"]

    def offset(self, line, col):
        return self.lines[line - 1] + col - 1

    def line_of(self, off):
        lo, hi = 0, len(self.lines) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if self.lines[mid] <= off:
                lo = mid
            else:
                hi = mid - 1
        return lo + 1

    def line_start(self, off):
        return self.text.rfind("\n", 0, off) + 1

    def line_end(self, off):
        e = self.text.find("\n", off)
        return len(self.text) if e < 0 else e

    def enclosing(self, off, kinds="{"):
        """Open brackets of these kinds whose pair holds `off` (inclusive), outermost first."""
        return sorted(o for o, c in self.pair.items()
                      if o < c and self.code[o] in kinds and o <= off <= c)

    def header(self, brace):
        """The code before a `{` back to the previous `{`, `}` or `;`."""
        k = max(self.code.rfind(ch, 0, brace) for ch in "{};")
        return self.code[k + 1:brace]

TYPE_DECL = re.compile(r"\b(struct|enum|class|extension|protocol|actor)\s+([A-Za-z_][\w.]*)")
MEMBER_DECL = re.compile(r"\b(func|init|subscript|var|let|case)\b\s*([A-Za-z_`][\w`]*)?")

def first_decl(text):
    """The declaration a `{` opens: the last one its header names (a header may span several lines)."""
    t, m = list(TYPE_DECL.finditer(text)), list(MEMBER_DECL.finditer(text))
    t, m = t[-1] if t else None, m[-1] if m else None
    if t and (not m or t.start() > m.start()):
        return "type", t.group(2)
    if m:
        return "member", (m.group(2) or m.group(1)).strip("`")
    return None, None

def declaration(src, off):
    """`Type.member` holding offset `off`, e.g. `IOSDeviceClass.HomeSizes.size`."""
    names, body = [], -1
    for o in src.enclosing(off):
        kind, name = first_decl(src.header(o))
        if kind == "type":
            names.append(name); body = o
        elif kind == "member":
            names.append(name)
            return ".".join(names)
        else:
            break
    level = src.depth[body + 1] if body >= 0 else 0
    last = None
    for m in MEMBER_DECL.finditer(src.code, body + 1, src.line_end(off)):
        if src.depth[m.start()] == level:
            last = m.group(2) or m.group(1)
    if last:
        names.append(last)
    return ".".join(names) or "(file scope)"

def split_top(src, a, b):
    """Spans of the comma-separated items of code[a:b] at the depth of `a`."""
    level, spans, start = src.depth[a], [], a
    for i in range(a, b):
        if src.code[i] == "," and src.depth[i] == level:
            spans.append((start, i)); start = i + 1
    spans.append((start, b))
    return [(s + len(src.code[s:e]) - len(src.code[s:e].lstrip()), e - (len(src.code[s:e]) - len(src.code[s:e].rstrip())))
            for s, e in spans]

def renamed(src, a, b, renames):
    """text[a:b] with each (regex, replacement) applied where the code (not strings or comments) matches."""
    text = src.text[a:b]
    code = src.code[a:b]
    for pattern, repl in renames:
        out, last = [], 0
        for m in re.finditer(pattern, code):
            out.append(text[last:m.start()]); out.append(m.expand(repl)); last = m.end()
        out.append(text[last:])
        text = "".join(out)
        code = mask(text)
    return text

# ---- answers -------------------------------------------------------------------------------------

class Edits:
    """Insertions per file, computed against the text the compiler read, applied bottom-up."""
    def __init__(self):
        self.by_file = {}
        self.places = []

    def insert(self, path, off, text, what):
        self.by_file.setdefault(path, []).append((off, text))
        self.places.append(what)

    def apply(self):
        for path, edits in self.by_file.items():
            text = read(path)
            for off, ins in sorted(edits, key=lambda e: e[0], reverse=True):
                text = text[:off] + ins + text[off:]
            write(path, text)

def sibling_re(name):
    """`.name` as an implicit member (`.stones`, `.home(.systemLarge)`), not a member access (`b.stones(…)`)."""
    return r"(?<![\w)\]?!])\." + re.escape(name) + r"\b"

def answer_switch(src, off, ext, edits, where):
    """A `switch` the compiler called non-exhaustive: copy the sibling's arm, or extend its pattern list."""
    if not src.code.startswith("switch", off):
        return None
    j = off + len("switch")
    while not (src.code[j] == "{" and src.depth[j] == src.depth[off]):
        j += 1
    open_, close = j, src.pair[j]
    arms = []
    for m in re.finditer(r"\b(case|default)\b", src.code[open_ + 1:close]):
        p = open_ + 1 + m.start()
        before = src.code[src.line_start(p):p].rstrip()
        if src.depth[p] == src.depth[open_] + 1 and (not before or before.endswith(("{", ";"))):
            arms.append((p, m.group(1)))
    new, sib = ext["new"], ext["sibling"]
    bodies, before = [], len(edits.places)
    for i, (p, kw) in enumerate(arms):
        if kw != "case":
            continue
        stop = arms[i + 1][0] if i + 1 < len(arms) else close
        colon = p + 4
        while not (src.code[colon] == ":" and src.depth[colon] == src.depth[p]):
            colon += 1
        patterns = split_top(src, p + 4, colon)
        hits = [(a, b) for a, b in patterns if re.search(sibling_re(sib), src.code[a:b])]
        if not hits:
            continue
        new_patterns = [renamed(src, a, b, [(sibling_re(sib), "." + new)]) for a, b in hits]
        if len(hits) < len(patterns):
            edits.insert(src.path, colon, ", " + ", ".join(new_patterns), f"{where}: {', '.join(new_patterns)} added to an arm")
            continue
        code_end = len(src.code[:stop].rstrip())
        arm_start, arm_end = src.line_start(p), src.line_end(code_end - 1)
        body_renames = [(sibling_re(sib), "." + new)] + ext.get("body_renames", [])
        text = (src.text[arm_start:p] + "case " + ", ".join(new_patterns) + ":"
                + renamed(src, colon + 1, arm_end, body_renames))
        edits.insert(src.path, arm_end, "\n" + text, f"{where}: arm {', '.join(new_patterns)}")
        bodies.append(mask(renamed(src, colon + 1, arm_end, body_renames)))
    return bodies if len(edits.places) > before else None

def swift_sources(repo):
    for d, dirs, files in os.walk(os.path.join(repo, "Sources")):
        dirs.sort()
        for f in sorted(files):
            if f.endswith(".swift"):
                yield os.path.join(d, f)

def find_decl(repo, kind, name):
    """(Source, open brace) of `enum Name {` / `struct Name {` anywhere in Sources/."""
    pat = re.compile(r"\b" + kind + r"\s+" + re.escape(name) + r"\b")
    for path in swift_sources(repo):
        text = read(path)
        if not pat.search(text):
            continue
        src = Source(path)
        for m in pat.finditer(src.code):
            j = src.code.find("{", m.end())
            return src, j
    return None, None

def answer_enum_case(repo, enum, ext, edits, raw=None):
    """Add `new` to `enum` beside its `sibling` case: in its list, or as a copied case line."""
    src, open_ = find_decl(repo, "enum", enum.split(".")[-1])
    if src is None:
        return False
    new, sib = ext["new"], ext["sibling"]
    close, level = src.pair[open_], src.depth[open_] + 1
    for m in re.finditer(r"\bcase\b", src.code[open_:close]):
        p = open_ + m.start()
        if src.depth[p] != level:
            continue
        end = src.line_end(p)
        items = split_top(src, p + 4, len(src.code[:end].rstrip()))
        for a, b in items:
            if re.match(re.escape(sib) + r"\b", src.code[a:b]):
                item = renamed(src, a, b, [(r"^" + re.escape(sib) + r"\b", new)])
                if raw is not None:
                    item = re.sub(r'=\s*"[^"]*"', f'= "{raw}"', item) if "=" in item else item
                if len(items) == 1:
                    edits.insert(src.path, end, "\n" + src.text[src.line_start(p):p] + "case " + item,
                                 f"{enum}: case {item}")
                else:
                    edits.insert(src.path, b, ", " + item, f"{enum}: case {item}")
                return True
    return False

def answer_field(repo, field, edits):
    src, open_ = find_decl(repo, "struct", field["struct"])
    if src is None:
        return False
    m = re.compile(field["after"]).search(src.code, open_, src.pair[open_])
    if not m:
        return False
    edits.insert(src.path, m.end(), ", " + field["add"], f"{field['struct']}: var {field['add']}")
    return True

def enclosing_call(src, off, want):
    """The innermost call `name(…)` around `off` whose argument spans satisfy `want`."""
    for o in reversed(src.enclosing(off, "(")):
        k = len(src.code[:o].rstrip())
        if k and (src.code[k - 1].isalnum() or src.code[k - 1] in "_)]>?!"):
            args = split_top(src, o + 1, src.pair[o])
            if want(args):
                return o, args
    return None, None

def answer_missing_label(src, off, ext, edits, where, label):
    """`missing argument for parameter 'label'`: copy the sibling's argument, and its parameter."""
    for spec in ext.get("params", []):
        if spec["label"] != label:
            continue
        sib = re.compile(re.escape(spec["sibling_label"]) + r"\s*:")
        o, args = enclosing_call(src, off, lambda a: any(sib.match(src.code[x:y]) for x, y in a))
        if o is None:
            return False
        a, b = next((x, y) for x, y in args if sib.match(src.code[x:y]))
        arg = renamed(src, a, b, [(r"^" + re.escape(spec["sibling_label"]) + r"\b", label),
                                  (r"(?<![\w.])" + re.escape(spec["param"]) + r"\b", spec["new_param"])])
        edits.insert(src.path, b, ", " + arg, f"{where}: argument {arg}")
        fn = [x for x in src.enclosing(off) if first_decl(src.header(x))[0] == "member"]
        if not fn:
            return False
        head_end = fn[0]
        popen = src.code.rfind("(", 0, head_end)
        while popen >= 0 and src.depth[popen] != src.depth[fn[0]]:
            popen = src.code.rfind("(", 0, popen)
        if popen < 0:
            return False
        for x, y in split_top(src, popen + 1, src.pair[popen]):
            m = re.match(r"(?:_\s+)?" + re.escape(spec["param"]) + r"\s*:", src.code[x:y])
            if m:
                p = renamed(src, x, y, [(r"(?<![\w.])" + re.escape(spec["param"]) + r"\b", spec["new_param"])])
                edits.insert(src.path, y, ", " + p, f"{where}: parameter {p}")
                return True
    return False

def answer_missing_position(src, off, edits, where, number):
    """`missing argument for parameter #N`: the call repeats its argument N-1 (the sibling's)."""
    o, args = enclosing_call(src, off, lambda a: len(a) >= number - 1)
    if o is None:
        return False
    a, b = args[number - 2]
    arg = src.text[a:b]
    edits.insert(src.path, b, ", " + arg, f"{where}: argument {arg}")
    return True

def start(name, repo, state_path):
    ext = EXTENSIONS[name]
    edits = Edits()
    if not answer_enum_case(repo, ext["enum"], ext, edits, raw=ext.get("raw")):
        sys.exit(f"extension-counts: no case {ext['sibling']} in enum {ext['enum']}")
    for enum in ext.get("start_also", []):
        if not answer_enum_case(repo, enum, ext, edits):
            sys.exit(f"extension-counts: no case {ext['sibling']} in enum {enum}")
    if "check_file" in ext:
        path = os.path.join(repo, ext["check_file"])
        write(path, CHECK_SOURCE)
        edits.places.append(f"{ext['check_file'].split('/')[-1]}: the check")
        src, _ = find_decl(repo, "enum", "CheckRegistry")
        m = re.search(r"static let checks: \[Check\] = \[", src.code)
        if not m:
            sys.exit("extension-counts: no CheckRegistry.checks list")
        edits.insert(src.path, src.line_start(src.pair[m.end() - 1]), CHECK_ENTRY, "CheckRegistry.checks: its entry")
    edits.apply()
    files = sorted(set(os.path.relpath(p, repo) for p in edits.by_file) | ({ext["check_file"]} if "check_file" in ext else set()))
    state = dict(name=name, title=ext["title"], enum=ext["enum"], new=ext["new"], sibling=ext["sibling"],
                 note=ext.get("note", ""), files=files, start=edits.places, rounds=[],
                 companions_done=list(ext.get("start_also", [])), outcome="")
    json.dump(state, open(state_path, "w"), indent=1)
    print(f"== {name}: {ext['title']} ({ext['enum']}.{ext['new']}; answers copy .{ext['sibling']}'s arms)")
    print(f"start: {'; '.join(edits.places)} [{', '.join(files)}]")

ERROR = re.compile(r"^(/[^:\n]+\.swift):(\d+):(\d+): error: (.*)$", re.M)

def answer(name, repo, state_path, log_path, rc, round_):
    ext = EXTENSIONS[name]
    state = json.load(open(state_path))
    log = open(log_path, encoding="utf-8", errors="replace").read()
    repo_real = os.path.realpath(repo)
    seen, errors = set(), []
    for m in ERROR.finditer(log):
        path = os.path.realpath(m.group(1))
        key = (path, int(m.group(2)), int(m.group(3)))
        if key not in seen and path.startswith(repo_real + "/"):
            seen.add(key); errors.append((path, int(m.group(2)), int(m.group(3)), m.group(4).strip()))
    errors.sort()

    def finish(outcome, code):
        state["outcome"] = outcome
        json.dump(state, open(state_path, "w"), indent=1)
        sys.exit(code)

    if rc == "0" and not errors:
        print(f"round {round_}: clean")
        finish("clean", 10)
    if not errors:
        print(f"round {round_}: the build failed with no file:line:col error; its log's last lines:")
        print("\n".join(log.rstrip().splitlines()[-15:]))
        finish(f"stopped at build {round_}: a failure with no file:line:col error", 3)

    sources = {}
    def source(p):
        if p not in sources:
            sources[p] = Source(p)
        return sources[p]

    listed = []
    for path, line, col, msg in errors:
        src = source(path)
        listed.append(dict(file=os.path.relpath(path, repo_real), line=line, col=col, message=msg,
                           decl=declaration(src, src.offset(line, col))))
    print(f"round {round_}: {len(errors)} error(s)")
    for e in listed:
        print(f"  {e['file']}:{e['line']}:{e['col']}  {e['decl']}  — {e['message']}")

    edits, unanswered, bodies = Edits(), [], []
    for (path, line, col, msg), e in zip(errors, listed):
        src, off, where = source(path), source(path).offset(line, col), e["decl"]
        ok = False
        if msg.startswith("switch must be exhaustive"):
            got = answer_switch(src, off, ext, edits, where)
            ok = got is not None
            bodies += got or []
        elif m := re.match(r"type '([\w.]+)' has no member '(\w+)'", msg):
            ok = m.group(2) == ext["new"] and answer_enum_case(repo, m.group(1), ext, edits)
        elif m := re.match(r"missing argument for parameter '(\w+)' in call", msg):
            ok = answer_missing_label(src, off, ext, edits, where, m.group(1))
        elif m := re.match(r"missing argument for parameter #(\d+) in call", msg):
            ok = answer_missing_position(src, off, edits, where, int(m.group(1)))
        if not ok:
            unanswered.append(f"{e['file']}:{e['line']}:{e['col']} {msg}")
    code_of_bodies = "\n".join(bodies)
    for enum in ext.get("companions", []):
        if enum not in state["companions_done"] and re.search(sibling_re(ext["new"]), code_of_bodies):
            if answer_enum_case(repo, enum, ext, edits):
                state["companions_done"].append(enum)
    for field in ext.get("fields", []):
        if field["struct"] not in state["companions_done"] and re.search(field["trigger"], code_of_bodies):
            if answer_field(repo, field, edits):
                state["companions_done"].append(field["struct"])
    edits.apply()
    files = sorted(set(os.path.relpath(p, repo_real) for p in edits.by_file))
    state["files"] = sorted(set(state["files"]) | set(files))
    state["rounds"].append(dict(errors=listed, answers=edits.places, files=files))
    for what in edits.places:
        print(f"  answer: {what}")
    if unanswered:
        print("  not answered (the script has no rule for these; stopping this extension):")
        for u in unanswered:
            print(f"    {u}")
        finish(f"stopped after round {round_}: {len(unanswered)} error(s) with no answer rule", 3)
    if int(round_) >= 9:
        finish("stopped: nine rounds without a clean build", 3)
    finish("", 0)

def summary(short, seconds, paths):
    print(f"== summary (measured by scripts/extension-counts.sh on {short}; {int(seconds) // 60} min {int(seconds) % 60} s)")
    for p in paths:
        s = json.load(open(p))
        per = [len(r["errors"]) for r in s["rounds"]]
        places = len(s["start"]) + sum(len(r["answers"]) for r in s["rounds"])
        print(f"{s['name']}: {s['title']} ({s['enum']}.{s['new']}, arms copied from .{s['sibling']})")
        print(f"  rounds with errors: {len(per)}; errors per round: {', '.join(map(str, per)) or '-'}; "
              f"{'build ' + str(len(per) + 1) + ' clean' if s['outcome'] == 'clean' else s['outcome']}")
        print(f"  places edited: {places} (starting edit {len(s['start'])}, answers {places - len(s['start'])}); "
              f"files touched: {len(s['files'])}")
        for f in s["files"]:
            print(f"    {f}")
        for i, r in enumerate(s["rounds"], 1):
            named = [f"{e['decl']} ({e['file'].split('/')[-1]})" for e in r["errors"]]
            decls = [d + (f" ×{named.count(d)}" if named.count(d) > 1 else "") for d in sorted(set(named))]
            print(f"  round {i}: " + "; ".join(decls))
        if s["note"]:
            print(f"  note: {s['note']}")

if __name__ == "__main__":
    cmd = sys.argv[1]
    if cmd == "start":
        start(*sys.argv[2:5])
    elif cmd == "answer":
        answer(*sys.argv[2:8])
    elif cmd == "summary":
        summary(sys.argv[2], sys.argv[3], sys.argv[4:])
PY
}

# On one line, so that bash has read all it runs before running it.
main "$@"; exit
