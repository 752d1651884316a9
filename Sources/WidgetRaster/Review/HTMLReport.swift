import Foundation

/// The verify report as one static page (`index.html` beside the report's PNGs): summary by kind
/// and area, failures first grouped by kind, each fixture's expected / actual / diff with a slider
/// and onion skin, findings boxed over the render, words before and after, and the command that
/// accepts it. Every key, title and message is escaped; the page fetches nothing.
public enum HTMLReport {
    public static let fileName = "index.html"

    /// Writes `index.html` into `directory` (created if needed); images are referenced relative to it.
    public static func write(_ result: VerifyResult, to directory: URL) throws(InputError) {
        try AtomicFile.write(Data(render(result).utf8), to: directory.appendingPathComponent(fileName))
    }

    public static func render(_ result: VerifyResult) -> String {
        let failingKeys = orderedUnique(result.failures.map(\.key))
        let byKey = Dictionary(grouping: result.failures, by: \.key)
        let details = Dictionary(result.details.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let kindsPresent = FailureKind.allCases.filter { k in result.failures.contains { $0.kind == k } }

        var body = "<h1>evidence verify</h1>\n"
        body += "<p class=\"sum\"><b>\(HTML.escape(result.summaryLine))</b>"
        if let shard = result.shard { body += " · shard \(HTML.escape(shard))" }
        body += " · comparison: \(HTML.escape(result.comparison))</p>\n"
        body += summaryTables(result, failingKeys: failingKeys, byKey: byKey)

        if !failingKeys.isEmpty {
            body += "<div class=\"bar\"><span class=\"chips\">"
            for k in kindsPresent {
                body += "<label><input type=\"checkbox\" class=\"kind\" value=\"\(k.rawValue)\" checked> \(k.rawValue)</label>"
            }
            body += "</span> <input type=\"search\" id=\"q\" placeholder=\"filter by key\"> "
            body += "<span class=\"muted\"><span id=\"shown\">\(failingKeys.count)</span> of \(failingKeys.count) shown</span></div>\n"
        }
        // Each fixture once, under its first failure's kind, in kind order.
        for kind in kindsPresent {
            let keys = failingKeys.filter { byKey[$0]?.first?.kind == kind }
            guard !keys.isEmpty else { continue }
            body += "<h2 class=\"group\" data-kind=\"\(kind.rawValue)\">\(kind.rawValue) <span class=\"muted\">(\(keys.count))</span></h2>\n"
            for key in keys { body += fixtureSection(key, failures: byKey[key] ?? [], detail: details[key]) }
        }
        body += "<details class=\"passed\"><summary>\(result.passed.count) passed</summary><ul>"
        for key in result.passed { body += "<li><code>\(HTML.escape(key))</code></li>" }
        body += "</ul></details>\n"
        let failed = failingKeys.count
        return HTML.page(title: "evidence verify — \(failed) failed", css: css, body: body, script: script)
    }

    static func summaryTables(_ result: VerifyResult, failingKeys: [String], byKey: [String: [GateFailure]]) -> String {
        guard !result.failures.isEmpty else { return "<p class=\"ok\">Every fixture matches its golden.</p>\n" }
        var s = "<div class=\"tables\"><table><tr><th>kind</th><th>failures</th></tr>"
        for k in FailureKind.allCases {
            let n = result.failures.filter { $0.kind == k }.count
            if n > 0 { s += "<tr><td><span class=\"kind k-\(k.rawValue)\">\(k.rawValue)</span></td><td>\(n)</td></tr>" }
        }
        s += "</table><table><tr><th>area</th><th>failing fixtures</th></tr>"
        let areas = Dictionary(grouping: failingKeys) { KeyParts($0).area }.sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }
        for (area, keys) in areas { s += "<tr><td><code>\(HTML.escape(area))/*</code></td><td>\(keys.count)</td></tr>" }
        return s + "</table></div>\n"
    }

    static func fixtureSection(_ key: String, failures: [GateFailure], detail: FixtureDetail?) -> String {
        let kinds = orderedUnique(failures.map(\.kind.rawValue))
        var s = "<section class=\"fx\" data-key=\"\(HTML.escape(key))\" data-kinds=\"\(kinds.joined(separator: " "))\">\n"
        s += "<h3><code class=\"key\">\(HTML.escape(key))</code> "
        s += kinds.map { "<span class=\"kind k-\($0)\">\($0)</span>" }.joined(separator: " ") + "</h3>\n<ul class=\"findings\">"
        for f in failures {
            s += "<li><span class=\"kind k-\(f.kind.rawValue)\">\(f.kind.rawValue)</span> "
            if let node = f.node { s += "<code>\(HTML.escape(node))</code> " }
            s += HTML.escape(f.detail)
            if let b = f.box { s += " <span class=\"muted\">[box \(HTML.escape(b.description))]</span>" }
            s += "</li>"
        }
        s += "</ul>\n"
        s += images(key, failures: failures, detail: detail)
        if let d = detail { s += words(d) }
        s += "<p>accept after review: <code class=\"cmd\">\(HTML.escape(HTML.recordCommand(key)))</code></p>\n</section>\n"
        return s
    }

    /// Expected / actual (findings boxed) / diff side by side, then the slider and onion skin.
    static func images(_ key: String, failures: [GateFailure], detail: FixtureDetail?) -> String {
        let artifacts = Set(failures.flatMap(\.artifacts))
        func path(_ name: String) -> String? { artifacts.contains(key + "/" + name) ? key + "/" + name : nil }
        let expected = path("expected.png"), actual = path("actual.png"), diff = path("diff.png")
        guard expected != nil || actual != nil else { return "" }
        // Show at half the pixel size: goldens are drawn at 2 px per dp, so this is about real size.
        let width = detail.map { max(1, $0.width / 2) }
        let sized = width.map { " style=\"width:\($0)px\"" } ?? ""
        var s = "<div class=\"imgs\(HTML.isVibrant(key) ? " wallpaper" : "")\">"
        if let e = expected { s += "<figure><figcaption>expected</figcaption><img src=\"\(HTML.src(e))\" alt=\"expected\" loading=\"lazy\"\(sized)></figure>" }
        if let a = actual {
            s += "<figure><figcaption>actual</figcaption><div class=\"overlay\"\(sized)><img src=\"\(HTML.src(a))\" alt=\"actual\">"
            if let d = detail, d.width > 0, d.height > 0 {
                for f in failures { if let b = f.box { s += box(b, of: d, f) } }
            }
            s += "</div></figure>"
        }
        if let d = diff { s += "<figure><figcaption>diff</figcaption><img src=\"\(HTML.src(d))\" alt=\"diff\" loading=\"lazy\"\(sized)></figure>" }
        s += "</div>\n"
        if let e = expected, let a = actual {
            s += "<div class=\"cmp\" data-mode=\"slider\"><div class=\"stack\"\(sized)>"
            s += "<img class=\"under\" src=\"\(HTML.src(e))\" alt=\"\"><img class=\"over\" src=\"\(HTML.src(a))\" alt=\"\"></div>"
            s += "<div><button type=\"button\" class=\"mode\">onion skin</button> <input type=\"range\" class=\"pos\" min=\"0\" max=\"100\" value=\"50\"> "
            s += "<span class=\"muted how\">slider: expected on the left, actual on the right</span></div></div>\n"
        }
        return s
    }

    static func box(_ b: PixelRect, of d: FixtureDetail, _ f: GateFailure) -> String {
        func pct(_ v: Int, _ total: Int) -> String { String(format: "%.3f%%", Double(v) * 100 / Double(total)) }
        let style = "left:\(pct(b.x, d.width));top:\(pct(b.y, d.height));width:\(pct(max(b.width, 1), d.width));height:\(pct(max(b.height, 1), d.height))"
        let title = "\(f.kind.rawValue)\(f.node.map { " " + $0 } ?? ""): \(f.detail)"
        return "<div class=\"box k-\(f.kind.rawValue)\" style=\"\(style)\" title=\"\(HTML.escape(title))\"></div>"
    }

    /// Visible text and accessibility label before / after, changed pieces highlighted.
    static func words(_ d: FixtureDetail) -> String {
        var s = "<table class=\"words\"><tr><th></th><th>recorded</th><th>now</th></tr>"
        let before = d.expectedText, after = d.actualText
        s += "<tr><th>visible text</th>"
        if let before {
            let pieces = TextDiff.diff(before, after)
            s += "<td>" + pieces.compactMap { p -> String? in
                switch p {
                case .same(let t): return "<div>\(HTML.escape(t))</div>"
                case .removed(let t): return "<div><del>\(HTML.escape(t))</del></div>"
                case .added: return nil
                }
            }.joined() + "</td><td>" + pieces.compactMap { p -> String? in
                switch p {
                case .same(let t): return "<div>\(HTML.escape(t))</div>"
                case .added(let t): return "<div><ins>\(HTML.escape(t))</ins></div>"
                case .removed: return nil
                }
            }.joined() + "</td>"
        } else {
            s += "<td class=\"muted\">not recorded</td><td>" + after.map { "<div>\(HTML.escape($0))</div>" }.joined() + "</td>"
        }
        s += "</tr><tr><th>accessibility label</th>"
        if let label = d.expectedLabel {
            let pieces = TextDiff.diff(TextDiff.words(label), TextDiff.words(d.actualLabel))
            s += "<td>" + pieces.map { p -> String in
                switch p {
                case .same(let t): return HTML.escape(t)
                case .removed(let t): return "<del>\(HTML.escape(t))</del>"
                case .added: return ""
                }
            }.joined() + "</td><td>" + pieces.map { p -> String in
                switch p {
                case .same(let t): return HTML.escape(t)
                case .added(let t): return "<ins>\(HTML.escape(t))</ins>"
                case .removed: return ""
                }
            }.joined() + "</td>"
        } else {
            s += "<td class=\"muted\">not recorded</td><td>\(HTML.escape(d.actualLabel))</td>"
        }
        return s + "</tr></table>\n"
    }

    /// A report image path as verify writes it: a relative key (no empty, `.` or `..` segment)
    /// then `actual.png`, `expected.png` or `diff.png`.
    public static func isArtifactPath(_ rel: String) -> Bool {
        let segments = rel.split(separator: "/", omittingEmptySubsequences: false)
        guard segments.count >= 2, let name = segments.last, ["actual.png", "expected.png", "diff.png"].contains(name) else { return false }
        return segments.dropLast().allSatisfy { !$0.isEmpty && $0 != "." && $0 != ".." }
    }

    static func orderedUnique<T: Hashable>(_ xs: [T]) -> [T] {
        var seen = Set<T>()
        return xs.filter { seen.insert($0).inserted }
    }

    static let css = HTML.wallpaperCSS + """
    .muted { color: #78716c; }
    .tables { display: flex; gap: 2rem; flex-wrap: wrap; }
    table { border-collapse: collapse; margin: .5rem 0 1rem; }
    td, th { border-bottom: 1px solid #e7e5e4; padding: .2rem .6rem; text-align: left; vertical-align: top; }
    .kind { display: inline-block; padding: 0 .4rem; border-radius: .6rem; font-size: 12px; color: #fff; background: #57534e; }
    .k-pixels, .box.k-pixels { background: #dc2626; border-color: #dc2626; } .k-missing { background: #7c3aed; } .k-stale { background: #a16207; }
    .k-clipped, .box.k-clipped { background: #ea580c; border-color: #ea580c; } .k-contrast, .box.k-contrast { background: #0369a1; border-color: #0369a1; }
    .k-text { background: #15803d; } .k-size { background: #be185d; } .k-unreadable { background: #111827; }
    .fx { background: #fff; border: 1px solid #e7e5e4; border-radius: .5rem; padding: .5rem 1rem; margin: .8rem 0; }
    .fx h3 { margin: .3rem 0; font-size: 15px; }
    .findings { margin: .2rem 0 .6rem; padding-left: 1.2rem; }
    .imgs { display: flex; gap: 1rem; flex-wrap: wrap; align-items: flex-start; }
    figure { margin: 0; } figcaption { font-size: 12px; color: #78716c; }
    figure img, .stack img { display: block; image-rendering: pixelated; background: repeating-conic-gradient(#eee 0 25%, #fff 0 50%) 0 0 / 16px 16px; }
    .overlay { position: relative; } .overlay img { width: 100%; }
    .box { position: absolute; border: 2px solid; background: transparent !important; box-sizing: border-box; }
    .cmp { margin: .6rem 0; }
    .stack { position: relative; } .stack img { width: 100%; } .stack .over { position: absolute; left: 0; top: 0; }
    ins { background: #bbf7d0; text-decoration: none; } del { background: #fecaca; }
    .words td { max-width: 28rem; }
    .cmd { background: #f5f5f4; padding: .1rem .3rem; user-select: all; }
    .ok { color: #15803d; font-weight: bold; }
    """

    static let script = """
    var sections = Array.prototype.slice.call(document.querySelectorAll('section.fx'));
    var kinds = Array.prototype.slice.call(document.querySelectorAll('input.kind'));
    var q = document.getElementById('q');
    function apply() {
      var on = {}; kinds.forEach(function (k) { on[k.value] = k.checked; });
      var text = q ? q.value.toLowerCase() : '';
      var shown = 0;
      sections.forEach(function (s) {
        var show = s.dataset.kinds.split(' ').some(function (k) { return on[k]; }) && s.dataset.key.toLowerCase().indexOf(text) >= 0;
        s.hidden = !show; if (show) shown++;
      });
      document.querySelectorAll('h2.group').forEach(function (h) { h.hidden = !on[h.dataset.kind]; });
      var n = document.getElementById('shown'); if (n) n.textContent = String(shown);
    }
    kinds.forEach(function (k) { k.addEventListener('change', apply); });
    if (q) q.addEventListener('input', apply);
    document.querySelectorAll('.cmp').forEach(function (c) {
      var range = c.querySelector('input.pos'), over = c.querySelector('.over'), button = c.querySelector('button.mode'), how = c.querySelector('.how');
      function update() {
        if (c.dataset.mode === 'slider') { over.style.opacity = '1'; over.style.clipPath = 'inset(0 0 0 ' + range.value + '%)'; }
        else { over.style.clipPath = 'none'; over.style.opacity = String(range.value / 100); }
      }
      range.addEventListener('input', update);
      button.addEventListener('click', function () {
        var slider = c.dataset.mode === 'slider';
        c.dataset.mode = slider ? 'onion' : 'slider';
        button.textContent = slider ? 'slider' : 'onion skin';
        how.textContent = slider ? 'onion skin: actual over expected at the chosen opacity' : 'slider: expected on the left, actual on the right';
        update();
      });
      update();
    });
    apply();
    """
}
