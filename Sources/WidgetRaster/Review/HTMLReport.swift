import EvidenceCore
import Foundation

/// The verify report as one static page (`index.html` beside the report's PNGs) that stays quick
/// at any size: the failures travel as compact JSON, and the script draws only what is on screen —
/// a list that renders the rows in view and one fixture's detail at a time, whose images are the
/// only ones loaded. Static parts: the run's facts, the summary by kind and area, the known findings
/// with their seed passages. Every key, title and message is escaped (JSON inside the page cannot
/// close its script: `<` travels as `\u003c`); the page fetches nothing.
public enum HTMLReport {
    public static let fileName = "index.html"

    /// Writes `index.html` into `folder` (made if needed; images are referenced relative to it).
    public static func write(_ result: VerifyResult, to folder: ContainedFolder) throws(InputError) {
        try folder.write(Array(try render(result).utf8), to: fileName)
    }

    /// Throws only for data JSON cannot hold (`json`): never a page whose list is missing.
    public static func render(_ result: VerifyResult) throws(InputError) -> String {
        let ordered = ReviewOrder.failures(result.failures)
        let failingKeys = orderedUnique(ordered.map(\.key))
        var body = "<header><h1>evidence verify</h1>\n"
        body += "<p class=\"sum\"><b>\(HTML.escape(result.summaryLine))</b>"
        if let shard = result.shard { body += " · shard \(HTML.escape(shard))" }
        // the classes apart (issue #51)
        if let counts = result.classCountsLine { body += " · findings: " + HTML.escape(counts) }
        body += "</p>\n</header>\n<main>\n"
        // Folded, so the first failure's images are in view on opening (1280 × 900).
        body += "<details id=\"summary\"><summary>run, failures by kind and area, known findings, checks</summary>\n"
        body += runFacts(result) + summaryTables(result, ordered: ordered, failingKeys: failingKeys)
        body += knownFindings(result.known + (result.outsideScope ?? [])) + checksTable(result) + "</details>\n"
        let causes = RollUp.groups(result)
        if !causes.isEmpty {
            body +=
                "<section class=\"causes\" aria-labelledby=\"causes-title\"><h2 id=\"causes-title\">failures by "
                + "cause</h2><ol>"
            for (i, g) in causes.enumerated() {
                body +=
                    "<li><button type=\"button\" class=\"cause\" data-i=\"\(i)\" "
                    + "aria-pressed=\"false\">\(HTML.escape(g.line))</button>"
                body +=
                    " <button type=\"button\" class=\"accept-cause\" data-i=\"\(i)\" hidden>accept its recordable "
                    + "fixtures</button></li>"
            }
            body += "</ol></section>\n"
        }
        if !failingKeys.isEmpty {
            body += "<div class=\"bar\" role=\"search\"><span class=\"chips\">"
            for k in ReviewOrder.kinds where ordered.contains(where: { $0.kind == k }) {
                body +=
                    "<label><input type=\"checkbox\" class=\"kind\" value=\"\(k.rawValue)\" checked> "
                    + "\(k.rawValue)</label>"
            }
            body +=
                "</span> <label for=\"q\">filter</label> <input type=\"search\" id=\"q\" placeholder=\"words or a "
                + "glob: waves dark small · ios/*/dark\"> "
            body +=
                "<span class=\"muted\" aria-live=\"polite\"><span id=\"shown\">\(failingKeys.count)</span> of "
                + "\(failingKeys.count) failing shown</span> "
            body +=
                "<button type=\"button\" id=\"prev\">previous (k)</button> <button type=\"button\" id=\"next\">next "
                + "(j)</button> "
            body += "<button type=\"button\" id=\"keys\" aria-controls=\"help\">shortcuts (?)</button></div>\n"
            body +=
                "<div class=\"split\"><nav id=\"list\" class=\"vlist\" aria-label=\"failing fixtures\" "
                + "tabindex=\"0\"><div class=\"inner\"></div></nav>\n"
            body += "<article id=\"detail\" aria-live=\"polite\"></article></div>\n"
            body += acceptPanel
        }
        body += "<details id=\"passed\"><summary>\(result.passed.count) passed</summary>"
        body +=
            "<p class=\"muted\" id=\"pnote\"></p><div class=\"split\"><nav id=\"plist\" class=\"vlist\" "
            + "aria-label=\"passed fixtures\" tabindex=\"0\"><div class=\"inner\"></div></nav>"
        body += "<div id=\"pthumb\"></div></div></details>\n"
        body += help
        var data = pageData(result, ordered: ordered, failingKeys: failingKeys)
        let index = Dictionary(failingKeys.enumerated().map { ($1, $0) }, uniquingKeysWith: { a, _ in a })
        data["c"] = causes.map { $0.keys.compactMap { index[$0] } }
        data["s"] = searchText(result, ordered: ordered, failingKeys: failingKeys)
        data["a"] = acceptable(result, ordered: ordered, failingKeys: failingKeys)
        body += "</main>\n<script type=\"application/json\" id=\"data\">\(try json(data))</script>\n"
        return HTML.page(title: "evidence verify — \(failingKeys.count) failed", css: css, body: body, script: script)
    }

    /// Time, duration, commit, tool version, comparison and why, matrix — what a reviewer checks first.
    static func runFacts(_ r: VerifyResult) -> String {
        var facts: [(String, String)] = [("comparison", r.comparison)]
        if let run = r.run {
            if let t = run.startedAt { facts.append(("started", t)) }
            if let s = run.seconds { facts.append(("duration", String(format: "%.1f s", s))) }
            if let c = run.commit { facts.append(("commit", c)) }
            facts.append(("tool", "\(run.tool) \(run.version)"))
            if let f = run.filter { facts.append(("filter", f)) }
            facts.append(("matrix", run.matrix))
        }
        facts.append(("fast path", "\(r.fastPath) fixtures settled without decoding"))
        return "<dl class=\"run\">"
            + facts.map { "<dt>\(HTML.escape($0.0))</dt><dd>\(HTML.escape($0.1))</dd>" }.joined() + "</dl>\n"
    }

    /// Kinds with failures and fixtures counted apart (one fixture may fail several ways), and areas.
    static func summaryTables(_ result: VerifyResult, ordered: [GateFailure], failingKeys: [String]) -> String {
        guard !ordered.isEmpty else { return "<p class=\"ok\">Every fixture matches its golden.</p>\n" }
        var s =
            "<section class=\"tables\" aria-label=\"summary\"><table><caption>by kind (never-re-record kinds "
            + "first)</caption>"
        s += "<tr><th scope=\"col\">kind</th><th scope=\"col\">fixtures</th><th scope=\"col\">findings</th></tr>"
        for k in ReviewOrder.kinds {
            let fs = ordered.filter { $0.kind == k }
            guard !fs.isEmpty else { continue }
            s +=
                "<tr><td><span class=\"kind "
                + "k-\(k.rawValue)\">\(k.rawValue)</span></td><td>\(Set(fs.map(\.key)).count)</td><td>\(fs.count)"
                + "</td></tr>"
        }
        s +=
            "</table><table><caption>by area (choose one to filter)</caption><tr><th scope=\"col\">area</th><th "
            + "scope=\"col\">failing fixtures</th></tr>"
        // The identity's area (its key's first two segments), so `area/*` matches exactly these keys;
        // a key outside the catalog (a stale golden) has no area.
        let areas = Dictionary(grouping: failingKeys) { k in
            FixtureCatalog.id(forKey: k)?.area ?? CaseFiles.folder(ofKey: k).map { $0 == "-" ? "cases" : "cases/" + $0 }
        }
        .sorted { ($1.value.count, $0.key ?? "~") < ($0.value.count, $1.key ?? "~") }
        for (area, keys) in areas {
            guard let area else {
                s +=
                    "<tr><td>no fixture (a stale golden: also counted under its glob)</td><td "
                    + "class=\"n\">\(keys.count)</td></tr>"
                continue
            }
            // The count is what the glob matches: a stale golden's key under the same prefix too.
            let glob = area + "/*"
            let n = failingKeys.count(where: { Glob.matches(glob, $0) })
            s +=
                "<tr><td><button type=\"button\" class=\"area\" "
                + "data-glob=\"\(HTML.escape(glob))\"><code>\(HTML.escape(glob))</code></button></td><td "
                + "class=\"n\">\(n)</td></tr>"
        }
        return s + "</table></section>\n"
    }

    /// The findings that do not fail, one folded table per class in `FindingClass` order — spec gaps
    /// first, as what the widget's designers should fix (issue #51) — each row with its passage.
    static func knownFindings(_ matches: [KnownMatch]) -> String {
        var s = ""
        for c in FindingClass.allCases {
            let rows = matches.filter { $0.findingClass == c }
            guard !rows.isEmpty else { continue }
            let what: String
            switch c {
            case .specGap: what = "the seed's own rules produce (what the widget's designers should fix; not failures)"
            case .known: what = "the seed accepts by name (not failures)"
            case .outsideScope: what = "outside the seed's scope (not failures)"
            case .failure: what = "failing"  // (failures are the page's list, never a KnownMatch)
            }
            s += "<details class=\"known \(c.rawValue)\"><summary>\(c.counted(rows.count)) — \(what)</summary>"
            s +=
                "<table><tr><th scope=\"col\">kind</th><th scope=\"col\">fixture</th><th scope=\"col\">finding</th><th "
                + "scope=\"col\">seed passage</th></tr>"
            for k in rows {
                s +=
                    "<tr><td>\(k.kind.rawValue)</td><td><code>\(HTML.escape(k.key))</code></td><td>"
                    + "\(k.node.map { "<code>\(HTML.escape($0))</code> " } ?? "")\(HTML.escape(k.detail))</td><td>"
                    + "\(k.boundary.map { "beyond the \(HTML.escape($0)): " } ?? "")<blockquote>"
                    + "\(HTML.escape(k.seed))</blockquote></td></tr>"
            }
            s += "</table></details>\n"
        }
        return s
    }

    /// The accept panel (issue #54 item 5): what the reviewer ticked, as an accept file to save or
    /// copy, and the command that records exactly it.
    static let acceptPanel = """
        <section id="accept" aria-labelledby="accept-title"><h2 id="accept-title">accept what you reviewed</h2>
        <p class="muted">Tick a fixture (or press <kbd>a</kbd>) or accept a cause's recordable fixtures; save the file\
         and run
        <code class="cmd">evidence record --accept accept.txt</code>: it records exactly these, and refuses any render\
         that changed since.</p>
        <p><span id="accept-count" aria-live="polite">0 fixtures accepted</span>
        <a id="accept-save" download="accept.txt" href="data:text/plain,">save accept.txt</a>
        <button type="button" id="accept-copy">copy the file's text</button> <button type="button"\
         id="accept-clear">clear</button></p>
        <label for="accept-text">accept.txt</label><br><textarea id="accept-text" readonly rows="4"\
         cols="80"></textarea></section>

        """

    static let help = """
        <div id="help" role="dialog" aria-labelledby="help-title" hidden><h2 id="help-title">Keyboard shortcuts</h2>
        <table><tr><th scope="col">key</th><th scope="col">does</th></tr>
        <tr><td><kbd>j</kbd> <kbd>↓</kbd> <kbd>n</kbd></td><td>next failing fixture</td></tr>
        <tr><td><kbd>k</kbd> <kbd>↑</kbd> <kbd>p</kbd></td><td>previous failing fixture</td></tr>
        <tr><td><kbd>/</kbd></td><td>focus the filter: words (<code>waves dark small</code>: parts of the key, habit\
         titles and other visible words, token names, element names, kinds) or a glob over the key as in\
         <code>--filter</code> (<code>*</code> crosses <code>/</code>)</td></tr>
        <tr><td><kbd>a</kbd></td><td>accept the current fixture (or take it back), where recording is its fix</td></tr>
        <tr><td><kbd>s</kbd> <kbd>l</kbd> <kbd>o</kbd></td><td>side by side · slider · onion skin</td></tr>
        <tr><td><kbd>1</kbd> <kbd>2</kbd> <kbd>0</kbd></td><td>zoom 1× · 2× · fit</td></tr>
        <tr><td><kbd>?</kbd></td><td>show or hide this list</td></tr>
        <tr><td><kbd>Esc</kbd></td><td>close this list, leave the filter</td></tr></table>
        <button type="button" id="help-close">close</button></div>

        """

    // MARK: data

    /// The page's data: one compact array per failing fixture,
    /// `[key, images (1 expected · 2 actual · 4 diff · 8 pair · 16 accessibility view), vibrant, findings, words]`,
    /// with each finding
    /// `[kind, node, detail, box [x,y,w,h] or 0, hint index]` and words
    /// `[width, height, text now, text diff or 0 when unchanged, label now, label diff or 0]` (a diff
    /// is `[[0 same|1 removed|2 added, text]…]`; an unrecorded fixture's is 1). Hints are shared:
    /// `\u{0}` in a hint stands for the fixture's key.
    static func pageData(_ r: VerifyResult, ordered: [GateFailure], failingKeys: [String]) -> [String: Any] {
        let byKey = Dictionary(grouping: ordered, by: \.key)
        let details = Dictionary(r.details.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let goldens = r.run?.goldens ?? "Goldens"
        var hints: [String] = []
        var hintIndex: [String: Int] = [:]
        func hint(_ f: GateFailure) -> Int {
            let text = AcceptHint.text(f, goldens: goldens)
            let shared =
                text.contains("\u{0}") || f.key.isEmpty ? text : text.replacingOccurrences(of: f.key, with: "\u{0}")
            if let i = hintIndex[shared] { return i }
            hints.append(shared)
            hintIndex[shared] = hints.count - 1
            return hints.count - 1
        }
        let fixtures: [[Any]] = failingKeys.map { key in
            let fs = byKey[key] ?? []
            let artifacts = Set(fs.flatMap(\.artifacts))
            let images =
                (artifacts.contains(key + "/expected.png") ? 1 : 0) | (artifacts.contains(key + "/actual.png") ? 2 : 0)
                | (artifacts.contains(key + "/diff.png") ? 4 : 0) | (artifacts.contains(key + "/pair.png") ? 8 : 0)
                | (details[key]?.accessibilityView == AccessibilityOverlay.path(key) ? 16 : 0)
            let findings: [[Any]] = fs.map { f in
                [
                    f.kind.rawValue, f.node ?? "", f.detail, f.box.map { [$0.x, $0.y, $0.width, $0.height] } ?? 0,
                    hint(f),
                ]
            }
            var entry: [Any] = [key, images, HTML.isVibrant(key) ? 1 : 0, findings]
            if let d = details[key] { entry.append(words(d)) }
            return entry
        }
        return [
            "kinds": ReviewOrder.kinds.map(\.rawValue), "f": fixtures, "hints": hints, "passed": r.passed,
            "goldens": goldensFromPage(r) ?? NSNull(), "schema": r.schema,
        ]
    }

    /// What the filter's words match besides the key, per failing fixture, lower-cased: its kinds,
    /// the nodes and element kinds blamed, the tokens (a contrast failure's, a pixel change's), the
    /// elements a layout edit moved (and the one above them that stayed), and
    /// the render's visible text and label (habit titles among them).
    static func searchText(_ r: VerifyResult, ordered: [GateFailure], failingKeys: [String]) -> [String] {
        let byKey = Dictionary(grouping: ordered, by: \.key)
        let details = Dictionary(r.details.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        return failingKeys.map { key in
            var parts: [String] = []
            for f in byKey[key] ?? [] {
                parts.append(f.kind.rawValue)
                if let n = f.node { parts.append(n) }
                if let e = f.element { parts.append(e.rawValue) }
                if let c = f.contrast { parts.append(c.token) }
                parts += f.tokens ?? []
                if let m = f.layout { parts += [m.element] + (m.above.map { [$0] } ?? []) + m.others }
            }
            if let d = details[key] { parts += d.actualText + [d.actualLabel] }
            return orderedUnique(parts).joined(separator: "\n").lowercased()
        }
    }

    /// Per failing fixture, what accepting it records: the render's pixel hash where every failure's
    /// fix is to record it, `remove` for a stale golden record removes, else 0 (not the page's to accept).
    static func acceptable(_ r: VerifyResult, ordered: [GateFailure], failingKeys: [String]) -> [Any] {
        let byKey = Dictionary(grouping: ordered, by: \.key)
        let hashes = Dictionary(
            r.details.compactMap { d in d.pixelHash.map { (d.key, $0) } }, uniquingKeysWith: { a, _ in a })
        return failingKeys.map { key -> Any in
            let remedies = Set((byKey[key] ?? []).map { $0.remedy ?? Remedy.default(for: $0.kind) })
            if remedies == [.record], let h = hashes[key] { return h }
            if remedies == [.recordRemoves] { return AcceptFile.removeWord }
            return 0
        }
    }

    static func words(_ d: FixtureDetail) -> [Any] {
        func pieces(_ p: [TextDiff.Piece<String>]) -> [[Any]] {
            p.map { piece -> [Any] in
                switch piece {
                case .same(let t): return [0, t]
                case .removed(let t): return [1, t]
                case .added(let t): return [2, t]
                }
            }
        }
        let text: Any =
            d.expectedText.map { $0 == d.actualText ? 0 as Any : pieces(TextDiff.diff($0, d.actualText)) as Any } ?? 1
        let label: Any =
            d.expectedLabel.map {
                $0 == d.actualLabel
                    ? 0 as Any : pieces(TextDiff.diff(TextDiff.words($0), TextDiff.words(d.actualLabel))) as Any
            } ?? 1
        return [d.width, d.height, d.actualText, text, d.actualLabel, label]
    }

    /// The goldens folder as seen from the page (for passed fixtures' thumbnails), when both folders
    /// are named relative to the same place (verify's own report); nil otherwise.
    static func goldensFromPage(_ r: VerifyResult) -> String? {
        guard let report = r.reportDirectory, let goldens = r.run?.goldens, !report.hasPrefix("/"),
            !goldens.hasPrefix("/")
        else { return nil }
        let from = report.split(separator: "/").filter { $0 != "." }
        let to = goldens.split(separator: "/").filter { $0 != "." }
        guard !from.contains(".."), !to.contains("..") else { return nil }
        var common = 0
        while common < min(from.count, to.count), from[common] == to[common] { common += 1 }
        return (Array(repeating: "..", count: from.count - common) + to.dropFirst(common).map(String.init)).joined(
            separator: "/")
    }

    /// JSON safe inside a `<script>` element: `<` escaped so nothing in it can end the element. A
    /// value JSON cannot hold is an error: "{}" would ship a page whose summary lists failures
    /// that its list does not show.
    static func json(_ value: Any) throws(InputError) -> String {
        guard JSONSerialization.isValidJSONObject(value),
            let data = try? JSONSerialization.data(
                withJSONObject: value, options: [.sortedKeys, .withoutEscapingSlashes])
        else {
            throw InputError(fileName, "the page's data cannot be written as JSON")
        }
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "<", with: "\\u003c")
            .replacingOccurrences(of: "\u{2028}", with: "\\u2028").replacingOccurrences(of: "\u{2029}", with: "\\u2029")
    }

    /// The images verify writes per failing fixture: the render, its golden, their diff, and a
    /// colour-alone failure's other render (its pair), and the render's accessibility view.
    public static let artifactNames: Set<String> = [
        "actual.png", "expected.png", "diff.png", "pair.png", AccessibilityOverlay.fileName,
    ]

    /// A report image path as verify writes it: a relative key (no empty, `.` or `..` segment)
    /// then one of `artifactNames`.
    public static func isArtifactPath(_ rel: String) -> Bool {
        let segments = rel.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2, let name = segments.last, artifactNames.contains(String(name)) else { return false }
        return segments.dropLast().allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    static func orderedUnique<T: Hashable>(_ xs: [T]) -> [T] {
        var seen = Set<T>()
        return xs.filter { seen.insert($0).inserted }
    }

    // Colours: white on each chip is at least 4.5:1 (WCAG AA for small text).
    /// One badge and box colour per failure kind, taken from `FailureKind.allCases` — a kind added
    /// there gets its own colour with no edit here. Each colour holds white 12 px text above 4.5:1.
    static let kindPalette = [
        "#b91c1c", "#9d174d", "#166534", "#6d28d9", "#854d0e", "#111827", "#c2410c", "#a16207",
        "#075985", "#0f766e", "#4338ca", "#374151", "#57534e", "#7e22ce", "#be123c", "#1d4ed8",
    ]
    static var kindStyles: String {
        FailureKind.allCases.enumerated().map { i, k in
            let c = kindPalette[i % kindPalette.count]
            return ".k-\(k.rawValue) { background: \(c); } .box.k-\(k.rawValue) { border-color: \(c); }"
        }.joined(separator: "\n")
    }

    /// The checks besides the golden comparison, from `CheckRegistry` (a check added there appears
    /// here with no edit): what each reads, where it runs, what it found to read in this run (or
    /// only that it was configured, in a result that does not record it), and its findings.
    static func checksTable(_ result: VerifyResult) -> String {
        let configured = result.run?.checks.map(Set.init)
        let applied = result.run?.applied
        func inThisRun(_ c: CheckRegistry.Check) -> String {
            guard let configured else { return "not recorded" }
            guard configured.contains(c.name) else { return "not run" }
            guard let applied else { return "configured" }
            if let n = applied.checks[c.name] { return "applied to \(n) of \(applied.renders) renders" }
            guard let tally = applied.colourAlone, c.render == nil else { return "configured" }
            let n = tally.markers + tally.meanings.values.reduce(0, +)
            return "\(n) comparison\(n == 1 ? "" : "s")"
        }
        var s =
            "<details class=\"checks\"><summary>\(CheckRegistry.checks.count) checks besides the golden "
            + "comparison</summary><table>"
        s += "<tr><th scope=\"col\">check</th><th scope=\"col\">kind</th><th scope=\"col\">runs in</th>"
        s += "<th scope=\"col\">in this run</th><th scope=\"col\">findings</th><th scope=\"col\">reads</th></tr>"
        for c in CheckRegistry.checks {
            let findings = result.failures.filter { $0.kind == c.kind }.count
            s +=
                "<tr><td><code>\(HTML.escape(c.name))</code></td><td><span class=\"kind "
                + "k-\(c.kind.rawValue)\">\(c.kind.rawValue)</span></td>"
            s +=
                "<td>\(HTML.escape(c.stages.map(\.rawValue).joined(separator: ", ")))</td><td>\(inThisRun(c))</td><td>"
                + "\(findings)</td><td>\(HTML.escape(c.reads))</td></tr>"
        }
        return s + "</table></details>\n"
    }

    static let css = """
        .muted { color: #6b6560; }
        header h1 { margin: .8rem 0 .2rem; }
        dl.run { display: flex; flex-wrap: wrap; gap: .2rem .4rem; margin: .2rem 0 .8rem; font-size: 13px; }
        dl.run dt { color: #6b6560; } dl.run dd { margin: 0 1rem 0 0; overflow-wrap: anywhere; }
        .tables { display: flex; gap: 2rem; flex-wrap: wrap; }
        table { border-collapse: collapse; margin: .5rem 0 1rem; } caption { text-align: left; font-weight: 600; }
        td, th { border-bottom: 1px solid #e7e5e4; padding: .2rem .6rem; text-align: left; vertical-align: top; }
        blockquote { margin: 0; font-style: italic; max-width: 40rem; }
        .kind { display: inline-block; padding: 0 .4rem; border-radius: .6rem; font-size: 12px; color: #fff;\
         background: #57534e; }
        \(kindStyles)
        .box { position: absolute; border: 2px solid #b91c1c; box-sizing: border-box; pointer-events: none; }
        .box { background: transparent !important; }
        .split { display: flex; gap: 1rem; align-items: flex-start; }
        .vlist { position: relative; flex: 0 0 22rem; max-width: 40%; height: 75vh; overflow: auto; border: 1px solid\
         #e7e5e4; background: #fff; }
        .vlist .inner { position: relative; }
        .vlist .row, .vlist .grp { position: absolute; left: 0; right: 0; padding: 0 .5rem; box-sizing: border-box;\
         overflow: hidden; }
        .vlist .grp { line-height: 28px; white-space: nowrap; }
        /* Keys whole: wrapped at any character (they have no spaces), the row as tall as its lines. */
        .vlist .row { color: #1c1917; text-decoration: none; display: block; padding-top: 4px; line-height: 18px;\
         font-size: 12px; word-break: break-all; }
        .vlist .row code, .vlist .probe { font-size: 12px; }
        .vlist .probe { position: absolute; visibility: hidden; white-space: pre; }
        .causes h2 { font-size: 14px; margin: .3rem 0 .1rem; }
        .causes ol { margin: 0 0 .3rem; padding-left: 1.6rem; max-height: 5.6em; overflow: auto; font-size: 13px; }
        button.cause, button.area { background: none; border: 0; padding: 0 .2rem; font: inherit; text-align: left;\
         cursor: pointer; color: #1c1917; }
        button.cause[aria-pressed="true"] { background: #e0f2fe; font-weight: 600; }
        button.cause:hover, button.area:hover { text-decoration: underline; }
        .legend { font-size: 12px; color: #44403c; margin: .2rem 0 0; padding-left: 1rem; }
        .frame .dim { opacity: .35; }
        .frame .tag { position: absolute; line-height: 16px; white-space: nowrap; pointer-events: none; z-index: 1; }
        .frame .multiply { position: absolute; left: 0; top: 0; mix-blend-mode: multiply; }
        .vlist .row[aria-current="true"] { background: #e0f2fe; font-weight: 600; }
        .vlist .grp { background: #f5f5f4; font-weight: 600; }
        #detail { flex: 1; min-width: 0; }
        #detail h2 { font-size: 15px; margin: .2rem 0; overflow-wrap: anywhere; }
        .findings { margin: .2rem 0 .6rem; padding-left: 1.2rem; }
        .tools { display: flex; flex-wrap: wrap; gap: .4rem 1rem; margin: .4rem 0; }
        .tools button[aria-pressed="true"] { background: #1c1917; color: #fff; }
        .stage { display: flex; gap: 1rem; flex-wrap: wrap; align-items: flex-start; overflow: auto; }
        figure { margin: 0; } figcaption { font-size: 12px; color: #6b6560; }
        .a11y { margin-top: .8rem; } .a11y summary { font-size: 13px; cursor: pointer; } .a11y img { display: block;\
         max-width: 100%; height: auto; margin-top: .3rem; }
        .frame { position: relative; display: inline-block; background: repeating-conic-gradient(#eee 0 25%, #fff 0\
         50%) 0 0 / 16px 16px; line-height: 0; }
        .frame.wallpaper { background: #5d6472; }
        .frame img { display: block; image-rendering: pixelated; }
        .frame .over { position: absolute; left: 0; top: 0; }
        ins { background: #bbf7d0; text-decoration: none; } del { background: #fecaca; }
        .words td { max-width: 28rem; overflow-wrap: anywhere; }
        .cmd { background: #f5f5f4; padding: .1rem .3rem; user-select: all; overflow-wrap: anywhere; }
        .ok { color: #166534; font-weight: bold; }
        .acc { color: #166534; font-weight: 600; }
        .num { color: #fff; padding: 0 .35rem; border-radius: 2px; font-weight: 600; }
        #accept { border-top: 1px solid #d6d3d1; margin-top: 1rem; padding-top: .5rem; }
        #accept textarea { width: 100%; max-width: 60rem; font: 12px ui-monospace, monospace; }
        #help { position: fixed; right: 1rem; top: 4rem; background: #fff; border: 1px solid #a8a29e; padding: .5rem\
         1rem; z-index: 10; box-shadow: 0 4px 16px #0003; }
        #pthumb img { margin-top: .5rem; }
        @media (max-width: 700px) { .split { flex-direction: column; } .vlist { flex: none; width: 100%; max-width:\
         none; height: 40vh; } }
        """

    static let script = #"""
        var D = JSON.parse(document.getElementById('data').textContent);
        var F = D.f;
        function $(id) { return document.getElementById(id); }
        function el(tag, cls, text) { var e = document.createElement(tag); if (cls) e.className = cls; if (text !=\#
         null) e.textContent = text; return e; }
        // The CLI's glob (Gate/Fixture.swift Glob.matches): whole key, * any run (crossing /), ? one character, [abc]\#
         a set.
        function glob(p, t) {
          var pi = 0, ti = 0, starP = -1, starT = 0;
          function one(i, c) {
            if (p[i] === '?') return i + 1;
            if (p[i] === '[') { var close = p.indexOf(']', i + 1); if (close > i) return p.slice(i + 1,\#
         close).indexOf(c) >= 0 ? close + 1 : -1; }
            return p[i] === c ? i + 1 : -1;
          }
          while (ti < t.length) {
            if (pi < p.length && p[pi] === '*') { starP = pi; starT = ti; pi++; continue; }
            var n = pi < p.length ? one(pi, t[ti]) : -1;
            if (n >= 0) { pi = n; ti++; continue; }
            if (starP >= 0) { pi = starP + 1; starT++; ti = starT; continue; }
            return false;
          }
          while (pi < p.length && p[pi] === '*') pi++;
          return pi === p.length;
        }
        // The filter: each space-separated term must match — a term with * ? or [ as a glob over the
        // whole key (as --filter), any other as a part of it, any case (`waves dark small`).
        // A failing fixture's words also match its habit titles and visible words, tokens, element
        // names and kinds (`more`, D.s); a passed fixture's only its key.
        function matches(q, key, more) {
          var lower = key.toLowerCase() + (more ? '\n' + more : '');
          return q.split(/\s+/).every(function (t) {
            if (!t) return true;
            return /[*?\[]/.test(t) ? glob(t, key) : lower.indexOf(t.toLowerCase()) >= 0;
          });
        }
        function path(key, name) { return key.split('/').map(encodeURIComponent).join('/') + '/' + name; }
        function hintText(i, key) { return D.hints[i].split('\u0000').join(key); }
        var S = { q: '', off: {}, sel: -1, drawn: null, zoom: 'fit', view: 'side', cause: -1, acc: {} };
        (function readHash() {
          var h = location.hash.replace(/^#/, '');
          h.split('&').forEach(function (kv) {
            var i = kv.indexOf('='); if (i < 0) return;
            var k = kv.slice(0, i), v = decodeURIComponent(kv.slice(i + 1));
            if (k === 'q') S.q = v;
            else if (k === 'off') v.split(',').forEach(function (x) { if (x) S.off[x] = true; });
            else if (k === 'f') S.want = v;
            else if (k === 'z' && /^(1|2|fit)$/.test(v)) S.zoom = v;
            else if (k === 'v' && /^(side|slider|onion)$/.test(v)) S.view = v;
          });
        })();
        function writeHash() {
          var parts = [];
          if (S.q) parts.push('q=' + encodeURIComponent(S.q));
          var off = Object.keys(S.off).filter(function (k) { return S.off[k]; });
          if (off.length) parts.push('off=' + off.join(','));
          if (S.sel >= 0) parts.push('f=' + encodeURIComponent(F[S.sel][0]));
          if (S.zoom !== 'fit') parts.push('z=' + S.zoom);
          if (S.view !== 'side') parts.push('v=' + S.view);
          history.replaceState(null, '', '#' + parts.join('&'));
        }
        // A list that draws only the rows in view. A heading row is 28 px; a key's row is as many
        // 18 px lines as the key needs at the list's width (monospace: characters per line measured once).
        function VList(box, draw, keyOf) {
          var inner = box.querySelector('.inner'), rows = [], tops = [0], queued = false, perLine = 0;
          function lineChars() {
            if (perLine) return perLine;
            var probe = el('code', 'probe', 'MMMMMMMMMMMMMMMMMMMM'); box.appendChild(probe);
            var cw = probe.getBoundingClientRect().width / 20; box.removeChild(probe);
            var avail = (box.clientWidth || 340) - 16;
            return perLine = cw > 0 && box.clientWidth ? Math.max(8, Math.floor(avail / cw)) : 0;
          }
          function height(r) { var k = keyOf(r); if (k == null) return 28; var n = lineChars(); return 8 + 18 * (n ?\#
         Math.max(1, Math.ceil(k.length / n)) : 3); }
          function at(y) { var lo = 0, hi = rows.length; while (lo < hi) { var m = (lo + hi) >> 1; if (tops[m + 1] <=\#
         y) lo = m + 1; else hi = m; } return lo; }
          function paint() {
            queued = false;
            inner.style.height = tops[rows.length] + 'px';
            var top = box.scrollTop, h = box.clientHeight || 800;
            var a = Math.max(0, at(top) - 8), b = Math.min(rows.length, at(top + h) + 9);
            inner.textContent = '';
            for (var i = a; i < b; i++) { var n = draw(rows[i]); n.style.top = tops[i] + 'px'; n.style.height =\#
         (tops[i + 1] - tops[i]) + 'px'; inner.appendChild(n); }
          }
          function layout() { tops = [0]; perLine = 0; rows.forEach(function (r) { tops.push(tops[tops.length - 1] +\#
         height(r)); }); }
          box.addEventListener('scroll', function () { if (!queued) { queued = true; requestAnimationFrame(paint); } });
          return { set: function (r) { rows = r; layout(); paint(); }, paint: function () { layout(); paint(); },
                   show: function (i) { var t = tops[i], b = tops[i + 1]; if (t < box.scrollTop || b > box.scrollTop +\#
         box.clientHeight) box.scrollTop = Math.max(0, t - 84); paint(); } };
        }
        var visible = [], rowOf = {};
        var list = $('list') ? VList($('list'), function (r) {
          if (r.group) { var g = el('div', 'grp', r.group + ' (' + r.n + ')'); g.setAttribute('role', 'heading');\#
         g.setAttribute('aria-level', '3'); return g; }
          var f = F[r.i], a = el('a', 'row');
          a.href = '#f=' + encodeURIComponent(f[0]);
          a.dataset.key = f[0];
          a.dataset.kinds = kindsOf(f).join(' ');
          a.setAttribute('aria-current', r.i === S.sel ? 'true' : 'false');
          a.title = f[0];
          a.appendChild(el('code', null, f[0]));
          if (S.acc[f[0]]) a.appendChild(el('span', 'acc', ' ✓ accepted'));
          a.addEventListener('click', function (e) { e.preventDefault(); select(r.i); });
          return a;
        }, function (r) { return r.group ? null : F[r.i][0]; }) : null;
        function kindsOf(f) { var out = []; f[3].forEach(function (x) { if (out.indexOf(x[0]) < 0) out.push(x[0]); });\#
         return out; }
        function apply() {
          var kinds = document.querySelectorAll('input.kind');
          for (var k = 0; k < kinds.length; k++) kinds[k].checked = !S.off[kinds[k].value];
          visible = []; rowOf = {};
          var rows = [], lastGroup = null, counts = {};
          for (var i = 0; i < F.length; i++) {
            var ks = kindsOf(F[i]);
            if (!ks.some(function (x) { return !S.off[x]; })) continue;
            if (S.q && !matches(S.q, F[i][0], D.s[i])) continue;
            if (S.cause >= 0 && D.c[S.cause].indexOf(i) < 0) continue;
            visible.push(i); counts[ks[0]] = (counts[ks[0]] || 0) + 1;
          }
          visible.forEach(function (i) {
            var g = kindsOf(F[i])[0];
            if (g !== lastGroup) { rows.push({ group: g, n: counts[g] }); lastGroup = g; }
            rowOf[i] = rows.length; rows.push({ i: i });
          });
          if ($('shown')) $('shown').textContent = String(visible.length);
          if (list) list.set(rows);
          select(visible.indexOf(S.sel) >= 0 ? S.sel : visible.length ? visible[0] : -1);
          passed();
        }
        function step(d) {
          if (!visible.length) return;
          var at = visible.indexOf(S.sel);
          select(visible[Math.max(0, Math.min(visible.length - 1, at < 0 ? 0 : at + d))]);
        }
        // The detail is redrawn only when the fixture changes (a filter keystroke keeps it and its images).
        function select(i) {
          S.sel = i; writeHash();
          if (i !== S.drawn) { S.drawn = i; drawDetail(); } else position();
          if (list && i >= 0) list.show(rowOf[i]);
        }
        // "N of M shown", kept in step with the filter (a keystroke keeps the detail, not its count).
        function position() { var p = $('pos'); if (p && S.sel >= 0) p.textContent = (visible.indexOf(S.sel) + 1) + '\#
         of ' + visible.length + ' shown'; }
        // Accepting: key → the accept file's line; the file lists them in the page's order.
        function toggleAccept(i, on) {
          if (!D.a[i]) return;
          if (on) S.acc[F[i][0]] = F[i][0] + ' ' + D.a[i]; else delete S.acc[F[i][0]];
          drawAccept();
        }
        function drawAccept() {
          var lines = [], n = 0;
          for (var i = 0; i < F.length; i++) if (S.acc[F[i][0]]) { lines.push(S.acc[F[i][0]]); n++; }
          var text = n ? '\#(AcceptFile.header)\n' + lines.join('\n') + '\n' : '';
          $('accept-text').value = text;
          $('accept-count').textContent = n + ' fixture' + (n === 1 ? '' : 's') + ' accepted';
          $('accept-save').href = 'data:text/plain;charset=utf-8,' + encodeURIComponent(text);
          var cb = $('accept-this'); if (cb && S.sel >= 0) cb.checked = !!S.acc[F[S.sel][0]];
          if (list) list.paint();
        }
        function drawDetail() {
          var box = $('detail'); if (!box) return;
          box.textContent = '';
          if (S.sel < 0) { box.appendChild(el('p', 'muted', 'No failing fixture matches the filter.')); return; }
          var f = F[S.sel], key = f[0], imgs = f[1], vibrant = f[2], w = f[4];
          var h = el('h2'); h.id = 'current'; h.appendChild(el('code', 'key', key));
          kindsOf(f).forEach(function (k) { h.appendChild(document.createTextNode(' ')); h.appendChild(el('span',\#
         'kind k-' + k, k)); });
          box.appendChild(h);
          var pos = el('p', 'muted'); pos.id = 'pos'; box.appendChild(pos); position();
          if (D.a[S.sel]) {
            var lab = el('label', 'accept'), cb = el('input'); cb.type = 'checkbox'; cb.id = 'accept-this'; cb.checked\#
         = !!S.acc[key];
            cb.addEventListener('change', function () { toggleAccept(S.sel, cb.checked); });
            lab.appendChild(cb); lab.appendChild(document.createTextNode(' accept this render (record it at the pixels\#
         reviewed here)'));
            box.appendChild(lab);
          }
          var ul = el('ul', 'findings'), hints = [], nums = boxNumbers(f);
          f[3].forEach(function (x, j) {
            var li = el('li');
            if (nums[j]) {
              var st = boxStyle(nums[j] - 1), num = el('span', 'num', String(nums[j]));
              num.style.background = st.color; num.style.borderBottom = '2px ' + st.line + ' #fff'; num.title = 'box '\#
         + nums[j] + ' on the render';
              li.appendChild(num); li.appendChild(document.createTextNode(' '));
            }
            li.appendChild(el('span', 'kind k-' + x[0], x[0])); li.appendChild(document.createTextNode(' '));
            if (x[1]) { li.appendChild(el('code', null, x[1])); li.appendChild(document.createTextNode(' ')); }
            li.appendChild(document.createTextNode(x[2]));
            if (x[3]) li.appendChild(el('span', 'muted', ' [box (' + x[3][0] + ',' + x[3][1] + ' ' + x[3][2] + '×' +\#
         x[3][3] + ')]'));
            ul.appendChild(li);
            var t = hintText(x[4], key); if (hints.indexOf(t) < 0) hints.push(t);
          });
          // The picture first (as Playwright's and reg-cli's reports), then what was found and what to do.
          if (imgs & 11) box.appendChild(images(f));
          box.appendChild(ul);
          hints.forEach(function (t) { var p = el('p', 'hint', 'what to do: '); p.appendChild(el('code', 'cmd', t));\#
         box.appendChild(p); });
          if (w) box.appendChild(words(w));
          box.appendChild(a11y(f));
        }
        // The accessibility view (as Paparazzi's accessibility snapshot): verify draws it for the first
        // failing fixtures in review order; for the others the page gives the command that draws it.
        function a11y(f) {
          var d = el('details', 'a11y'); d.open = true;
          d.appendChild(el('summary', null, 'accessibility view: every element\'s box, role, spoken text and measured\#
         contrast'));
          if (f[1] & 16) {
            var im = img(f, '\#(AccessibilityOverlay.fileName)', 'accessibility view of ' + f[0] + ': each element\#
         outlined and numbered, its role, spoken text and contrast listed beside the render');
            im.loading = 'lazy'; d.appendChild(im);
          } else if (f[1] & 2) {
            var p = el('p', 'hint', 'not drawn for this run (only the first \#(Verifier.accessibilityViewLimit)\#
         failing fixtures get one): ');
            p.appendChild(el('code', 'cmd', 'evidence render --fixture ' + f[0] + ' --overlay -o\#
         \#(AccessibilityOverlay.fileName)')); d.appendChild(p);
          } else return document.createTextNode('');
          return d;
        }
        function tools(f) {
          var t = el('div', 'tools'); t.setAttribute('role', 'toolbar'); t.setAttribute('aria-label', 'comparison view\#
         and zoom');
          function group(label, opts, cur, set) {
            var g = el('span'); g.setAttribute('role', 'group'); g.setAttribute('aria-label', label);
            opts.forEach(function (o) {
              var b = el('button', null, o[1]); b.type = 'button'; b.dataset.value = o[0];
              b.setAttribute('aria-pressed', o[0] === cur ? 'true' : 'false');
              b.addEventListener('click', function () { set(o[0]); });
              g.appendChild(b); g.appendChild(document.createTextNode(' '));
            });
            t.appendChild(g);
          }
          if ((f[1] & 3) === 3) group('view', [['side', 'side by side (s)'], ['slider', 'slider (l)'], ['onion',\#
         'onion skin (o)']], S.view, setView);
          group('zoom', [['1', '1× (1)'], ['2', '2× (2)'], ['fit', 'fit (0)']], S.zoom, setZoom);
          var links = el('span', 'muted', 'full size: ');
          [['expected.png', 1], ['actual.png', 2], ['diff.png', 4]].forEach(function (n) {
            if (!(f[1] & n[1])) return;
            var a = el('a', null, n[0]); a.href = path(f[0], n[0]); a.target = '_blank'; links.appendChild(a);\#
         links.appendChild(document.createTextNode(' '));
          });
          t.appendChild(links);
          return t;
        }
        function setView(v) { S.view = v; writeHash(); drawDetail(); }
        function setZoom(z) { S.zoom = z; writeHash(); drawDetail(); }
        // One scale for every image of a fixture, so a size change shows at its true proportion.
        function scaleImages(stage, imgs, captions) {
          var pending = imgs.length;
          function done() {
            if (--pending > 0) return;
            var widest = 1; imgs.forEach(function (im) { widest = Math.max(widest, im.naturalWidth); });
            var cols = S.view === 'side' ? imgs.length : 1;
            var avail = Math.max(120, (stage.clientWidth || 900) / cols - 16);
            var k = S.zoom === '1' ? 1 : S.zoom === '2' ? 2 : Math.min(1, avail / widest);
            imgs.forEach(function (im, i) {
              im.style.width = (im.naturalWidth * k) + 'px'; im.style.height = (im.naturalHeight * k) + 'px';
              if (captions[i]) captions[i].textContent = captions[i].dataset.name + ' · ' + im.naturalWidth + ' × ' +\#
         im.naturalHeight + ' px';
            });
          }
          imgs.forEach(function (im) { if (im.complete && im.naturalWidth) done(); else { im.addEventListener('load',\#
         done); im.addEventListener('error', done); } });
        }
        function frame(f) { var d = el('div', 'frame' + (f[2] ? ' wallpaper' : '')); return d; }
        function img(f, name, alt, cls) { var i = el('img', cls); i.src = path(f[0], name); i.alt = alt; i.decoding =\#
         'async'; return i; }
        function images(f) {
          var wrap = el('div'); wrap.appendChild(tools(f));
          var stage = el('div', 'stage'); stage.dataset.view = S.view; wrap.appendChild(stage);
          var all = [], caps = [];
          if (S.view !== 'side' && (f[1] & 3) === 3) {
            var fig = el('figure'), cap = el('figcaption'); cap.dataset.name = S.view === 'slider' ? 'slider: expected\#
         left, actual right' : 'onion skin: actual over expected';
            cap.textContent = cap.dataset.name; fig.appendChild(cap);
            var fr = frame(f), under = img(f, 'expected.png', 'expected'), over = img(f, 'actual.png', 'actual',\#
         'over');
            fr.appendChild(under); fr.appendChild(over); fig.appendChild(fr);
            var range = el('input'); range.type = 'range'; range.min = '0'; range.max = '100'; range.value = '50';\#
         range.className = 'pos';
            range.setAttribute('aria-label', S.view === 'slider' ? 'slider position: expected to the left of it,\#
         actual to the right' : 'opacity of actual over expected');
            function upd() {
              if (S.view === 'slider') { over.style.opacity = '1'; over.style.clipPath = 'inset(0 0 0 ' + range.value\#
         + '%)'; }
              else { over.style.clipPath = 'none'; over.style.opacity = String(range.value / 100); }
            }
            range.addEventListener('input', upd); upd();
            fig.appendChild(el('div')).appendChild(range);
            stage.appendChild(fig); all = [under, over]; caps = [cap, null];
          } else {
            // Every kind's picture says what it is: a stale golden, a render with no golden, a
            // colour-alone pair; an accessory's diff over its wallpaper, the render dimmed beneath.
            var ks = kindsOf(f), stale = ks.indexOf('stale') >= 0, alone = ks.indexOf('colour-alone') >= 0;
            [['expected.png', 1, stale ? 'the orphaned golden (no fixture draws it)' : 'expected'],
             ['actual.png', 2, alone ? 'this render, in the one tint' : (f[1] & 1) ? 'actual' : 'the render'],
             ['pair.png', 8, 'its pair: the same meaning, identical in one-tint pixels'],
             ['diff.png', 4, f[2] && (f[1] & 2) ? 'diff over the wallpaper, the render dimmed beneath' :\#
         'diff']].forEach(function (n) {
              if (!(f[1] & n[1])) return;
              var fig = el('figure'), cap = el('figcaption', null, n[2]); cap.dataset.name = n[2]; fig.appendChild(cap);
              var fr = frame(f), im;
              if (n[1] === 4 && f[2] && (f[1] & 2)) {
                var under = img(f, 'actual.png', 'the render, dimmed', 'dim'); fr.appendChild(under); all.push(under);\#
         caps.push(null);
                im = img(f, n[0], n[2], 'multiply');
              } else im = img(f, n[0], n[2]);
              fr.appendChild(im);
              if ((n[1] === 2 || n[1] === 8) && f[4]) boxes(fr, f);
              fig.appendChild(fr); stage.appendChild(fig); all.push(im); caps.push(cap);
            });
          }
          scaleImages(stage, all, caps);
          return wrap;
        }
        // Each outlined finding has its own number, colour and line pattern (colours first, then the
        // pattern once they repeat), the same number as in the findings list, so two boxes of one kind
        // are told apart.
        var BOX = \#(kindPalette), LINE = ['solid', 'dashed', 'dotted', 'double'];
        function boxStyle(n) { return { color: BOX[n % BOX.length], line: LINE[Math.floor(n / BOX.length) %\#
         LINE.length] }; }
        function boxNumbers(f) { var out = [], n = 0; f[3].forEach(function (x) { out.push(x[3] ? ++n : 0); }); return\#
         out; }
        function boxes(fr, f) {
          var W = f[4][0], H = f[4][1]; if (!(W > 0 && H > 0)) return;
          var nums = boxNumbers(f);
          f[3].forEach(function (x, j) {
            if (!x[3]) return;
            var st = boxStyle(nums[j] - 1);
            var b = el('div', 'box k-' + x[0]); b.title = nums[j] + '. ' + x[0] + (x[1] ? ' ' + x[1] : '') + ': ' +\#
         x[2];
            b.style.borderColor = st.color; b.style.borderStyle = st.line; if (st.line === 'double')\#
         b.style.borderWidth = '4px';
            b.style.left = (x[3][0] * 100 / W) + '%'; b.style.top = (x[3][1] * 100 / H) + '%';
            b.style.width = (Math.max(1, x[3][2]) * 100 / W) + '%'; b.style.height = (Math.max(1, x[3][3]) * 100 / H)\#
         + '%';
            fr.appendChild(b);
            // The measure beside the outline: the ratio and floor of a contrast finding, else what it is.
            var m = /\d+\.\d+:1 vs floor \d+\.\d+:1/.exec(x[2]);
            var t = el('span', 'tag kind k-' + x[0], nums[j] + ' ' + (x[1] || x[0]) + (m ? ' ' + m[0] : ''));
            t.style.background = st.color;
            t.style.left = b.style.left; t.style.top = 'calc(' + ((x[3][1] + Math.max(1, x[3][3])) * 100 / H) + '% +\#
         2px)';
            fr.appendChild(t);
          });
        }
        function words(w) {
          var t = el('table', 'words'), head = el('tr');
          ['', 'recorded', 'now'].forEach(function (s, i) { var th = el('th', null, i ? s : 'words'); th.scope =\#
         'col'; head.appendChild(th); });
          t.appendChild(head);
          function row(name, now, diff, joiner) {
            var tr = el('tr'), th = el('th', null, name); th.scope = 'row'; tr.appendChild(th);
            var before = el('td'), after = el('td');
            if (diff === 1) { before.className = 'muted'; before.textContent = 'not recorded'; }
            function put(td, text, tag) { var e = el(tag || (joiner ? 'span' : 'div'), null, text);\#
         td.appendChild(joiner && !tag ? document.createTextNode(text) : e); }
            if (diff === 0 || diff === 1) {
              (joiner ? [now] : now).forEach(function (x) { put(after, x); if (diff === 0) put(before, x); });
            } else {
              diff.forEach(function (p) {
                if (p[0] !== 2) put(before, p[1], p[0] === 1 ? 'del' : null);
                if (p[0] !== 1) put(after, p[1], p[0] === 2 ? 'ins' : null);
              });
            }
            tr.appendChild(before); tr.appendChild(after); t.appendChild(tr);
          }
          row('visible text', w[2], w[3], false);
          row('accessibility label', w[4], w[5], true);
          return t;
        }
        // Passed fixtures: names in a list that draws only what is in view; the golden on demand.
        var plist = VList($('plist'), function (k) {
          var a = el('a', 'row'); a.href = '#'; a.title = k; a.appendChild(el('code', null, k)); a.dataset.key = k;
          a.addEventListener('click', function (e) {
            e.preventDefault();
            var box = $('pthumb'); box.textContent = '';
            box.appendChild(el('p', null, k));
            if (D.goldens == null) { box.appendChild(el('p', 'muted', 'no thumbnail: this page does not know where the\#
         goldens folder is (open the page verify --html wrote)')); return; }
            var fr = el('div', 'frame' + (/^ios\/accessory|\/accessory/.test(k) ? ' wallpaper' : '')), im = el('img');
            im.src = (D.goldens ? D.goldens + '/' : '') + k.split('/').map(encodeURIComponent).join('/') + '.png';\#
         im.alt = 'golden of ' + k; im.style.maxWidth = '100%';
            fr.appendChild(im); box.appendChild(fr);
          });
          return a;
        }, function (k) { return k; });
        function passed() {
          var ks = D.passed.filter(function (k) { return !S.q || matches(S.q, k); });
          $('pnote').textContent = ks.length + ' of ' + D.passed.length + ' passed fixtures match the filter; choose\#
         one to see its golden.';
          plist.set(ks);
        }
        $('passed').addEventListener('toggle', function () { plist.paint(); });
        var q = $('q');
        if (q) {
          q.value = S.q;
          q.addEventListener('input', function () { S.q = q.value; apply(); });
          document.querySelectorAll('input.kind').forEach(function (k) {
            k.addEventListener('change', function () { S.off[k.value] = !k.checked; apply(); });
          });
          $('prev').addEventListener('click', function () { step(-1); });
          $('next').addEventListener('click', function () { step(1); });
          $('keys').addEventListener('click', toggleHelp);
        }
        // A cause shows only its fixtures (again: all); an area puts its glob in the filter.
        document.querySelectorAll('button.cause').forEach(function (b) {
          b.addEventListener('click', function () {
            var i = Number(b.dataset.i); S.cause = S.cause === i ? -1 : i;
            document.querySelectorAll('button.cause').forEach(function (o) { o.setAttribute('aria-pressed',\#
         Number(o.dataset.i) === S.cause ? 'true' : 'false'); });
            apply();
          });
        });
        // A cause's accept button: every fixture of it whose fix is to record (again: take them back).
        document.querySelectorAll('button.accept-cause').forEach(function (b) {
          var ids = D.c[Number(b.dataset.i)].filter(function (i) { return D.a[i]; });
          if (!ids.length) return;
          b.hidden = false; b.textContent = 'accept its ' + ids.length + ' recordable fixture' + (ids.length === 1 ?\#
         '' : 's');
          b.addEventListener('click', function () {
            var all = ids.every(function (i) { return S.acc[F[i][0]]; });
            ids.forEach(function (i) { toggleAccept(i, !all); });
          });
        });
        if ($('accept-copy')) {
          $('accept-copy').addEventListener('click', function () { var t = $('accept-text'); t.select(); if\#
         (navigator.clipboard) navigator.clipboard.writeText(t.value); });
          $('accept-clear').addEventListener('click', function () { S.acc = {}; drawAccept(); });
          drawAccept();
        }
        document.querySelectorAll('button.area').forEach(function (b) {
          b.addEventListener('click', function () { S.q = b.dataset.glob; if (q) q.value = S.q; apply(); });
        });
        $('help-close').addEventListener('click', toggleHelp);
        function toggleHelp() { var h = $('help'); h.hidden = !h.hidden; if (!h.hidden) $('help-close').focus(); }
        document.addEventListener('keydown', function (e) {
          var typing = /^(INPUT|TEXTAREA|SELECT)$/.test((e.target && e.target.tagName) || '');
          if (e.key === 'Escape') { $('help').hidden = true; if (typing) e.target.blur(); return; }
          if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
          var k = e.key;
          if (k === 'j' || k === 'n' || k === 'ArrowDown') { step(1); e.preventDefault(); }
          else if (k === 'k' || k === 'p' || k === 'ArrowUp') { step(-1); e.preventDefault(); }
          else if (k === '/') { if (q) { q.focus(); e.preventDefault(); } }
          else if (k === '?') toggleHelp();
          else if (k === '1' || k === '2') setZoom(k);
          else if (k === '0') setZoom('fit');
          else if (k === 's') setView('side');
          else if (k === 'l') setView('slider');
          else if (k === 'o') setView('onion');
          else if (k === 'a' && S.sel >= 0 && D.a[S.sel]) toggleAccept(S.sel, !S.acc[F[S.sel][0]]);
        });
        window.addEventListener('hashchange', function () {
          var m = /(?:^#|&)f=([^&]*)/.exec(location.hash);
          if (!m) return;
          var key = decodeURIComponent(m[1]);
          for (var i = 0; i < F.length; i++) if (F[i][0] === key && i !== S.sel) { select(i); break; }
        });
        if (S.want != null) { for (var i = 0; i < F.length; i++) if (F[i][0] === S.want) { S.sel = i; break; } }
        apply();
        """#
}
