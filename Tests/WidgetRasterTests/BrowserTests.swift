import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel

@testable import WidgetRaster
@testable import evidence

/// The report and the gallery opened in headless Chromium, as a reviewer would open them: the DOM
/// after the page's script ran, and a screenshot. Skipped, with the reason shown, where Chromium
/// cannot run.
@Suite(
    .serialized, .enabled(if: HeadlessChromium.available, Comment(rawValue: HeadlessChromium.unavailableReason ?? "")))
struct BrowserTests {
    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-browser-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// `(key, kinds)` of every failing fixture's row the list drew.
    func sections(_ dom: String) -> [(key: String, kinds: String)] {
        let re = try! NSRegularExpression(
            pattern: "<a class=\"row\" href=\"#f=[^\"]*\" data-key=\"([^\"]*)\" data-kinds=\"([^\"]*)\"")
        return re.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { m in
            (unescape(String(dom[Range(m.range(at: 1), in: dom)!])), String(dom[Range(m.range(at: 2), in: dom)!]))
        }
    }
    func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
    func expectScriptRan(_ dom: String) {
        expectTrue(dom.contains("id=\"script-ok\""), "the page's script did not finish")
        expectTrue(!dom.contains("id=\"script-error\""), "the page reported a script error")
    }
    /// Not blank: many colours, and a real share of the page differs from its background.
    func expectNotBlank(_ png: URL) throws {
        let img = try PNGCodec.decode([UInt8](try Data(contentsOf: png)), name: png.path)
        var colours = Set<UInt32>()
        var differing = 0
        let background = img.pixel(x: 0, y: 0)
        for y in stride(from: 0, to: img.height, by: 2) {
            for x in stride(from: 0, to: img.width, by: 2) {
                let p = img.pixel(x: x, y: y)
                colours.insert(UInt32(p.r) << 16 | UInt32(p.g) << 8 | UInt32(p.b))
                if p != background { differing += 1 }
            }
        }
        expectTrue(colours.count > 64, "screenshot has \(colours.count) colours")
        expectTrue(differing * 50 > (img.width / 2) * (img.height / 2), "screenshot is mostly background")
    }

    /// The acceptance run: two goldens corrupted (another fixture's pixels; a truncated file), one deleted.
    @Test func verifyHTMLListsExactlyTheDamagedFixturesWithTheirKinds() throws {
        let work = tempDir()
        defer { try? FileManager.default.removeItem(at: work) }  // a whole copy of Goldens/
        let goldens = work.appendingPathComponent("Goldens")
        let out = work.appendingPathComponent("out")
        try FileManager.default.copyItem(at: PackagePaths.goldens, to: goldens)
        let keys = try FixtureCatalog.load().map(\.key)
        let (swapped, truncated, deleted) = (keys[10], keys[200], keys[400])
        func url(_ key: String) -> URL { goldens.appendingPathComponent(key + ".png") }
        try FileManager.default.removeItem(at: url(swapped))
        try FileManager.default.copyItem(at: url(keys[11]), to: url(swapped))
        try Data(try Data(contentsOf: url(truncated)).prefix(300)).write(to: url(truncated))
        try FileManager.default.removeItem(at: url(deleted))

        let code = try VerifyCommand.run(["--goldens", goldens.path, "--html", out.path, "--quiet"])
        expectTrue(code == 1)
        let page = out.appendingPathComponent("index.html")
        let dom = try HeadlessChromium.dumpDOM(page)
        expectScriptRan(dom)
        let found = sections(dom)
        expectTrue(found.map(\.key).sorted() == [swapped, truncated, deleted].sorted())
        let kinds = Dictionary(found.map { ($0.key, $0.kinds) }, uniquingKeysWith: { a, _ in a })
        expectTrue(kinds[truncated] == "unreadable" && kinds[deleted] == "missing")
        expectTrue(kinds[swapped]?.split(separator: " ").first.map(String.init) == "pixels" || kinds[swapped] == "size")
        expectTrue(dom.contains("\(keys.count - 3) passed, 3 failed"))
        // A deep link to the swapped fixture in the slider view sets the slider up at half.
        let slider = try HeadlessChromium.dumpDOM(page, fragment: "f=\(swapped)&v=slider")
        expectTrue(current(slider) == swapped)
        expectTrue(slider.contains("clip-path: inset(0px 0px 0px 50%)"))
        try expectNotBlank(try HeadlessChromium.screenshot(page))
    }

    @Test func hostileTitleAndKeyShowAsLiteralText() throws {
        let report = tempDir()
        let v = try HostileFixture.result(reportDirectory: report)
        try HTMLReport.write(v, to: ContainedFolder(report))
        let dom = try HeadlessChromium.dumpDOM(report.appendingPathComponent("index.html"))
        expectScriptRan(dom)
        expectTrue(sections(dom).map(\.key) == [HostileFixture.key])
        // Text nodes serialise with < and > escaped; an injected element would serialise as a tag.
        expectTrue(dom.contains("&lt;img src=x onerror=alert(1)&gt;"))
        expectTrue(!dom.contains("<img src=\"x\""))
        expectTrue(!dom.contains("onerror=\"alert"))
    }

    /// The whole-matrix gallery (every fixture rendered) that the tests which only read it share:
    /// written once a process, into .build/browser-tests/gallery (the last run's, replaced).
    static let wholeGallery = Result<URL, any Error> {
        let out = PackagePaths.root.appendingPathComponent(".build/browser-tests/gallery")
        try? FileManager.default.removeItem(at: out)
        try FileManager.default.createDirectory(at: out.deletingLastPathComponent(), withIntermediateDirectories: true)
        let code = try GalleryCommand.run(["-o", out.path])
        guard code == 0 else { throw HeadlessChromium.Failed(description: "evidence gallery exited \(code)") }
        return out
    }

    @Test func galleryListsEveryFixtureKey() throws {
        let out = try Self.wholeGallery.get()
        let page = out.appendingPathComponent("index.html")
        let dom = try HeadlessChromium.dumpDOM(page)
        expectScriptRan(dom)
        let re = try NSRegularExpression(pattern: "<figure class=\"tile[^\"]*\" data-key=\"([^\"]*)\"")
        let listed = re.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map {
            unescape(String(dom[Range($0.range(at: 1), in: dom)!]))
        }
        let keys = try FixtureCatalog.load().map(\.key)
        expectTrue(listed.count == keys.count, "every key once")
        let unlisted = Set(keys).subtracting(listed)
        expectTrue(unlisted.isEmpty, "keys missing from the gallery: \(unlisted.sorted().prefix(5))")
        try expectNotBlank(try HeadlessChromium.screenshot(page, width: 1400, height: 1000))
    }

    /// Measured figures for the reader of the test log (stderr: the runner keeps stdout for itself).
    func logFigures(_ line: String) { FileHandle.standardError.write(Data(("figures: " + line + "\n").utf8)) }

    /// The key of the fixture the detail pane shows.
    func current(_ dom: String) -> String? {
        guard let r = dom.range(of: "<h2 id=\"current\"><code class=\"key\">"),
            let e = dom[r.upperBound...].range(of: "</code>")
        else { return nil }
        return unescape(String(dom[r.upperBound..<e.lowerBound]))
    }

    /// A copy of `page` beside it with `script` run after the page's own (for keys, timings, axe).
    /// `allowEval`: axe-core 3 compiles templates with eval, which the page's policy forbids; only
    /// the test's copy relaxes it.
    func instrumented(_ page: URL, _ script: String, allowEval: Bool = false) throws -> URL {
        var html = try String(contentsOf: page, encoding: .utf8)
        if allowEval {
            html = html.replacingOccurrences(
                of: "script-src 'unsafe-inline'", with: "script-src 'unsafe-inline' 'unsafe-eval'")
        }
        let copy = page.deletingLastPathComponent().appendingPathComponent("instrumented-\(UUID().uuidString).html")
        try Data(html.replacingOccurrences(of: "</body></html>", with: "<script>\(script)</script></body></html>").utf8)
            .write(to: copy)
        return copy
    }

    /// A hand-made run: every kind's look on the page, with real PNGs — an accessory (white on
    /// transparent), a size change 20×10 → 30×10, iOS and Android keys for the glob.
    func reviewFolder() throws -> URL {
        let dir = tempDir()
        func png(_ rel: String, _ w: Int, _ h: Int, white: Bool = false) throws {
            var img = RGBAImage(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    img.setPixel(
                        x: x, y: y,
                        white
                            ? Color(r: 255, g: 255, b: 255, a: x % 2 == 0 ? 255 : 0)
                            : Color(r: UInt8(x * 8 % 256), g: 90, b: 160, a: 255))
                }
            }
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent(rel).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(PNGCodec.encode(img)).write(to: dir.appendingPathComponent(rel))
        }
        let keys = [
            "android/small/a/stones/kindling/light", "ios/systemSmall/b/flame/kindling/dark",
            "ios/accessoryCircular/default-none-notyet/waves/any-body/dark", "ios/systemLarge/d/stones/legacy/light",
        ]
        var failures: [GateFailure] = []
        for (i, k) in keys.enumerated() {
            let sizeChange = i == 3
            try png(k + "/expected.png", sizeChange ? 20 : 24, 10, white: i == 2)
            try png(k + "/actual.png", sizeChange ? 30 : 24, 10, white: i == 2)
            if !sizeChange { try png(k + "/diff.png", 24, 10) }
            failures.append(
                GateFailure(
                    key: k, kind: sizeChange ? .size : .pixels,
                    detail: sizeChange ? "golden is 20×10, render is 30×10" : "3 pixels differ",
                    artifacts: [k + "/expected.png", k + "/actual.png"] + (sizeChange ? [] : [k + "/diff.png"])))
        }
        failures.append(
            GateFailure(
                key: keys[1], kind: .clipped, detail: "spills", node: "status",
                box: PixelRect(x: 2, y: 2, width: 6, height: 4)))
        let details = keys.map {
            FixtureDetail(
                key: $0, width: 24, height: 10, expectedText: ["a"], actualText: ["b"], expectedLabel: "x y",
                actualLabel: "x z")
        }
        let v = VerifyResult(
            passed: ["android/small/ok/stones/kindling/light"], failures: failures, comparison: "exact", fastPath: 0,
            reportDirectory: nil, details: details)
        try HTMLReport.write(v, to: ContainedFolder(dir))
        return dir.appendingPathComponent("index.html")
    }

    @Test func deepLinksKeysAndTheGlobFilter() throws {
        let page = try reviewFolder()
        // Never-re-record kinds first: the clipped fixture leads.
        let dom = try HeadlessChromium.dumpDOM(page)
        expectScriptRan(dom)
        expectTrue(current(dom) == "ios/systemSmall/b/flame/kindling/dark")
        expectTrue(
            try current(HeadlessChromium.dumpDOM(page, fragment: "f=ios/systemLarge/d/stones/legacy/light"))
                == "ios/systemLarge/d/stones/legacy/light")
        // The CLI's glob: * crosses /, the whole key must match; the state stays in the URL.
        let filtered = try HeadlessChromium.dumpDOM(page, fragment: "q=ios/*/dark")
        expectTrue(
            Set(sections(filtered).map(\.key)) == [
                "ios/systemSmall/b/flame/kindling/dark",
                "ios/accessoryCircular/default-none-notyet/waves/any-body/dark",
            ])
        expectTrue(
            sections(try HeadlessChromium.dumpDOM(page, fragment: "q=dark")).isEmpty == false,
            "a word matches part of a key")
        // Keyboard: j twice moves two fixtures on, k one back; ? opens the shortcut list.
        let keys = try instrumented(
            page,
            """
            function press(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
            press('j'); press('j'); press('k'); press('?');
            var d = document.createElement('div'); d.id = 'after-keys'; d.textContent = location.hash;\
             document.body.appendChild(d);
            """)
        let moved = try HeadlessChromium.dumpDOM(keys)
        expectScriptRan(moved)
        let order = sections(dom).map(\.key)
        expectTrue(current(moved) == order[1])
        expectTrue(
            moved.contains("<div id=\"help\" role=\"dialog\" aria-labelledby=\"help-title\">"),
            "? shows the shortcut list")
        expectTrue(
            moved.contains("<div id=\"after-keys\">#f=\(order[1].replacingOccurrences(of: "/", with: "%2F"))</div>"))
    }

    /// A mixed run of 16 failures, every kind's images as verify writes them, on catalog keys.
    func mixedRun() throws -> (page: URL, failing: [String]) {
        let dir = tempDir()
        let catalog = try FixtureCatalog.load().map(\.key)
        func key(_ glob: String, _ n: Int = 0) -> String { catalog.filter { Glob.matches(glob, $0) }[n] }
        func png(_ rel: String, _ w: Int = 48, _ h: Int = 24, white: Bool = false, shift: Int = 0) throws {
            var img = RGBAImage(width: w, height: h)
            for y in 0..<h {
                for x in 0..<w {
                    img.setPixel(
                        x: x, y: y,
                        white
                            ? Color(r: 255, g: 255, b: 255, a: (x + shift) % 3 == 0 ? 255 : 0)
                            : Color(r: UInt8((x + shift) * 5 % 256), g: 90, b: 160, a: 255))
                }
            }
            try FileManager.default.createDirectory(
                at: dir.appendingPathComponent(rel).deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(PNGCodec.encode(img)).write(to: dir.appendingPathComponent(rel))
        }
        var failures: [GateFailure] = []
        var details: [FixtureDetail] = []
        func add(
            _ k: String, _ kind: FailureKind, _ images: [String], detail: String = "found", node: String? = nil,
            element: ElementKind? = nil,
            box: PixelRect? = nil, contrast: ContrastMeasure? = nil, white: Bool = false
        ) throws {
            for (i, name) in images.enumerated() { try png(k + "/" + name, white: white, shift: i) }
            failures.append(
                GateFailure(
                    key: k, kind: kind, detail: detail, artifacts: images.map { k + "/" + $0 }, node: node,
                    element: element, box: box, contrast: contrast))
            if FixtureCatalog.id(forKey: k) != nil {
                // The first contrast failure has its accessibility view, as verify draws it for the first failures.
                let view =
                    kind == .contrast && !failures.dropLast().contains { $0.kind == .contrast }
                    ? AccessibilityOverlay.path(k) : nil
                if let view { try png(view, 96, 24) }
                details.append(
                    FixtureDetail(
                        key: k, width: 48, height: 24, expectedText: ["a", "b", "c"], actualText: ["a", "B", "c"],
                        expectedLabel: "x y", actualLabel: "x z",
                        accessibilityView: view))
            }
        }
        let box = PixelRect(x: 4, y: 4, width: 12, height: 8)
        let m = ContrastMeasure(
            token: "widget_capstone_dash", role: "graphic", ratio: 1.19, floor: 3, foreground: "#D8CDB8",
            background: "#FBDBBB")
        try add(
            key("ios/systemSmall/*waves*/dark"), .pixels, ["expected.png", "actual.png", "diff.png"],
            detail: "3 pixels differ", box: box)
        try add(
            key("ios/accessoryCircular/*"), .pixels, ["expected.png", "actual.png", "diff.png"],
            detail: "5 pixels differ", white: true)
        try add(
            key("android/large/*"), .size, ["expected.png", "actual.png"], detail: "golden is 48×24, render is 48×24")
        try add(key("android/medium/*"), .missing, ["actual.png"], detail: "no golden")
        try add(key("ios/systemMedium/*"), .unreadable, ["actual.png"], detail: "not a PNG")
        try add(
            "android/small/retired-state/stones/kindling/light", .stale, ["expected.png"],
            detail: "recorded but no fixture has this key")
        for n in 0..<3 {
            try add(
                key("ios/accessoryRectangular/*waves*", n), .colourAlone, ["actual.png", "pair.png"],
                detail: "streak glyph is identical in one-tint pixels",
                node: "streak glyph", element: .streakGlyph, box: box, white: true)
        }
        for n in 0..<3 {
            try add(
                key("android/small/*stones/kindling/light", n), .contrast, ["actual.png"],
                detail: "streak-glyph.slot (widget_capstone_dash, graphic): 1.19:1 vs floor 3.00:1",
                node: "streak-glyph.slot", element: .streakGlyph, box: box, contrast: m)
        }
        try add(
            key("android/medium/*waves*", 1), .clipped, ["actual.png"], detail: "spills its row", node: "status",
            element: .statusTitle, box: box)
        try add(
            key("ios/systemLarge/*"), .truncated, ["actual.png"], detail: "cut to 'New d…'", node: "new day",
            element: .newDayLine, box: box)
        try add(key("android/large/*", 3), .text, ["actual.png"], detail: "visible text changed")
        try add(key("ios/bands/*"), .lostMeaning, ["actual.png"], detail: "the stale age is not shown")
        expectTrue(failures.count == 16 && Set(failures.map(\.key)).count == 16)
        let v = VerifyResult(
            passed: [catalog[0]], failures: failures, comparison: "exact", fastPath: 0, reportDirectory: nil,
            details: details)
        try HTMLReport.write(v, to: ContainedFolder(dir))
        return (dir.appendingPathComponent("index.html"), failures.map(\.key))
    }

    /// The acceptance of issue 33 item 1–2 on a mixed 16-failure run at 1280 × 900: every failing
    /// case shows an image, the first above the fold; every key's row holds it whole; each area's
    /// count is what its glob shows; a cause shows its fixtures; words filter.
    @Test func everyFailureHasAPictureAndIsFindable() throws {
        let (page, failing) = try mixedRun()
        let probe = try instrumented(
            page,
            """
            window.addEventListener('load', function () {
              function press(k) { document.dispatchEvent(new KeyboardEvent('keydown', { key: k, bubbles: true })); }
              var r = { fold: null, images: [], rows: [], areas: [], cause: null };
              var first = document.querySelector('#detail img');
              r.fold = first ? Math.round(first.getBoundingClientRect().top) : -1;
              // Every row drawn at once (the list draws what is in view), each holding its key whole.
              var q = document.getElementById('q');
              document.getElementById('list').style.height = '6000px'; q.dispatchEvent(new Event('input'));
              document.querySelectorAll('#list .row').forEach(function (a) {
                r.rows.push([a.dataset.key, a.title, a.textContent, a.scrollWidth <= a.clientWidth && a.scrollHeight <=\
             a.clientHeight,
                             a.scrollWidth + 'x' + a.scrollHeight + ' in ' + a.clientWidth + 'x' + a.clientHeight]);
              });
              document.getElementById('list').style.height = ''; q.dispatchEvent(new Event('input'));
              var n = Number(document.getElementById('shown').textContent);
              for (var i = 0; i < n; i++) {
                if (i) press('j');
                var d = document.getElementById('detail');
                var view = d.querySelector('details.a11y');
                r.images.push([d.querySelector('h2 code.key').textContent, d.querySelectorAll('img').length,
                               view ? (view.querySelector('img') ? 'view' : view.querySelector('code.cmd') ?\
             view.querySelector('code.cmd').textContent : 'empty') : 'none']);
              }
              document.querySelectorAll('button.area').forEach(function (b) {
                b.click(); r.areas.push([b.dataset.glob, Number(b.closest('tr').querySelector('.n').textContent),\
             Number(document.getElementById('shown').textContent)]);
              });
              q.value = ''; q.dispatchEvent(new Event('input'));
              var c = document.querySelector('button.cause'); c.click();
              r.cause = [c.textContent, Number(document.getElementById('shown').textContent)];
              var out = document.createElement('pre'); out.id = 'probe'; out.textContent = JSON.stringify(r);\
             document.body.appendChild(out);
            });
            """)
        let dom = try HeadlessChromium.dumpDOM(probe, windowSize: (1280, 900))
        expectScriptRan(dom)
        guard let r = dom.range(of: "<pre id=\"probe\">"), let e = dom[r.upperBound...].range(of: "</pre>") else {
            Issue.record("the probe did not report")
            return
        }
        struct Probe: Decodable {
            var fold: Int
            var images: [[Value]]
            var rows: [[Value]]
            var areas: [[Value]]
            var cause: [Value]
        }
        enum Value: Decodable {
            case s(String), n(Int), b(Bool)
            init(from d: Decoder) throws {
                let c = try d.singleValueContainer()
                if let b = try? c.decode(Bool.self) {
                    self = .b(b)
                } else if let n = try? c.decode(Int.self) {
                    self = .n(n)
                } else {
                    self = .s(try c.decode(String.self))
                }
            }
            var s: String {
                if case .s(let v) = self { return v }
                return ""
            }
            var n: Int {
                if case .n(let v) = self { return v }
                return -1
            }
            var b: Bool {
                if case .b(let v) = self { return v }
                return false
            }
        }
        let p = try JSONDecoder().decode(
            Probe.self, from: Data(unescape(String(dom[r.upperBound..<e.lowerBound])).utf8))
        logFigures("mixed 16-failure page at 1280 × 900: first image top at \(p.fold) px")
        expectTrue(p.fold >= 0 && p.fold < 700, "the first images start at \(p.fold) px (fold 900)")
        expectTrue(Set(p.images.map { $0[0].s }) == Set(failing), "stepping visits every failing fixture")
        for i in p.images { expectTrue(i[1].n >= 1, "\(i[0].s) shows no image") }
        // The accessibility view where verify drew it, else the command that draws it; none for a stale golden.
        let viewed = try FixtureCatalog.load().map(\.key).first {
            Glob.matches("android/small/*stones/kindling/light", $0)
        }
        for i in p.images {
            let k = i[0].s
            let expected =
                k == viewed
                ? "view" : k.contains("retired-state") ? "none" : "evidence render --fixture \(k) --overlay -o a11y.png"
            expectTrue(i[2].s == expected, "\(k): accessibility view \(i[2].s)")
        }
        expectTrue(Set(p.rows.map { $0[0].s }) == Set(failing), "every row drawn")
        for row in p.rows {
            expectTrue(
                row[1].s == row[0].s && row[2].s == row[0].s && row[3].b,
                "\(row[0].s): key cut in its row (\(row[4].s))")
        }
        expectTrue(!p.areas.isEmpty)
        for a in p.areas {
            expectTrue(a[1].n == a[2].n, "\(a[0].s): the table says \(a[1].n), its glob shows \(a[2].n)")
            expectTrue(a[1].n == failing.filter { Glob.matches(a[0].s, $0) }.count)
        }
        expectTrue(
            p.cause[0].s.hasPrefix("widget_capstone_dash (light, graphic) 1.19:1 < 3:1") && p.cause[1].n == 3,
            "\(p.cause)")
        // Words as well as globs: every word is part of the key, any case.
        let words = try HeadlessChromium.dumpDOM(page, fragment: "q=waves%20DARK%20small")
        let wanted = failing.filter { k in ["waves", "dark", "small"].allSatisfy { k.lowercased().contains($0) } }
        expectTrue(!wanted.isEmpty && Set(sections(words).map(\.key)) == Set(wanted))
        try expectNotBlank(try HeadlessChromium.screenshot(page, width: 1280, height: 900))
    }

    @Test(.enabled(if: Axe.source != nil, Comment(rawValue: Axe.unavailableReason)))
    func axeFindsNothingSeriousInTheMixedRun() throws {
        guard let violations = try axeViolations(try mixedRun().page) else {
            Issue.record("axe did not report")
            return
        }
        logFigures(
            "axe-core on the mixed run: "
                + (violations.isEmpty
                    ? "no violations"
                    : violations.map { "\($0.id) (\($0.impact ?? "-"), \($0.nodes))" }.joined(separator: ", "))
        )
        let bad = violations.filter { $0.impact == "critical" || $0.impact == "serious" }
        expectTrue(bad.isEmpty, "axe: \(bad.map(\.id))")
    }

    @Test func accessoriesOnTheirWallpaperAndASizeChangeAtTrueSize() throws {
        let page = try reviewFolder()
        for view in ["side", "slider", "onion"] {
            let dom = try HeadlessChromium.dumpDOM(
                page, fragment: "f=ios/accessoryCircular/default-none-notyet/waves/any-body/dark&v=\(view)")
            let frames = dom.components(separatedBy: "class=\"frame").count - 1
            let walls = dom.components(separatedBy: "class=\"frame wallpaper\"").count - 1
            expectTrue(frames > 0 && frames == walls, "\(view): every image of the accessory on the wallpaper")
        }
        let sized = try HeadlessChromium.dumpDOM(page, fragment: "f=ios/systemLarge/d/stones/legacy/light&z=1")
        expectTrue(sized.contains("expected · 20 × 10 px") && sized.contains("actual · 30 × 10 px"))
        expectTrue(sized.contains("width: 20px; height: 10px") && sized.contains("width: 30px; height: 10px"))
    }

    /// Every fixture of the matrix failing, as after a token change: the page's size is asserted,
    /// the speed figures are printed (a benchmark's business, never a timed assertion).
    @Test func aWholeMatrixOfFailuresStaysSmallAndQuick() throws {
        let keys = try FixtureCatalog.load().map(\.key)
        let texts = ["Add a stone", "12", "DAY STREAK", "Longest 21", "1 of 2 done", "Read", "Walk", "Synced 2 h ago"]
        let label =
            "Objective. 12 day streak, add today's stone to keep building, longest 21. Today: Walk done, Read not yet."
        let failures = keys.map { k in
            GateFailure(
                key: k, kind: .pixels, detail: "1 pixels differ in 1×1 at (10,10)",
                artifacts: [k + "/actual.png", k + "/expected.png", k + "/diff.png"],
                box: PixelRect(x: 10, y: 10, width: 1, height: 1))
        }
        let details = keys.map {
            FixtureDetail(
                key: $0, width: 340, height: 360, expectedText: texts, actualText: texts, expectedLabel: label,
                actualLabel: label)
        }
        let v = VerifyResult(
            passed: [], failures: failures, comparison: "exact", fastPath: 0, reportDirectory: nil, details: details,
            cases: keys.map { CaseRecord(key: $0, platform: "p", family: "f", seconds: 0.01) })
        let dir = tempDir()
        try HTMLReport.write(v, to: ContainedFolder(dir))
        let page = dir.appendingPathComponent("index.html")
        let bytes = try Data(contentsOf: page).count
        expectTrue(bytes <= 1_500_000, "index.html is \(bytes) bytes at \(keys.count) failures")
        let bench = try instrumented(
            page,
            """
            var nav = performance.getEntriesByType('navigation')[0], q = document.getElementById('q');
            var t0 = performance.now(); q.value = 'ios/*/dark'; q.dispatchEvent(new Event('input')); var dt =\
             performance.now() - t0;
            var d = document.createElement('div'); d.id = 'bench';
            // ready: time from navigation start to the end of the page's own script (list and first detail drawn).
            d.textContent = 'ready=' + t0.toFixed(0) + ' domcontentloaded=' + (nav ?\
             nav.domContentLoadedEventEnd.toFixed(0) : '?') + ' filter=' + dt.toFixed(1) + ' nodes=' +\
             document.getElementsByTagName('*').length + ' shown=' + document.getElementById('shown').textContent;
            document.body.appendChild(d);
            """)
        let started = Date()
        let dom = try HeadlessChromium.dumpDOM(bench)
        let wall = Date().timeIntervalSince(started)
        let blankStart = Date()
        _ = try HeadlessChromium.dumpDOM(URL(fileURLWithPath: "/dev/null"))
        let blank = Date().timeIntervalSince(blankStart)
        expectScriptRan(dom)
        let figures =
            dom.range(of: "<div id=\"bench\">").flatMap { r in
                dom[r.upperBound...].range(of: "</div>").map { String(dom[r.upperBound..<$0.lowerBound]) }
            } ?? "?"
        logFigures(
            "report page at \(keys.count) failures: \(bytes) bytes; \(figures) ms; chromium dump "
                + "\(String(format: "%.2f", wall)) s vs \(String(format: "%.2f", blank)) s for a blank page"
        )
        expectTrue(figures.contains("shown=\(keys.filter { Glob.matches("ios/*/dark", $0) }.count)"))
        // A list that renders what is in view: far fewer nodes than fixtures.
        if let n = figures.split(separator: " ").first(where: { $0.hasPrefix("nodes=") }).flatMap({
            Int($0.dropFirst(6))
        }) {
            expectTrue(n < 1_000, "\(n) DOM nodes")
        }
    }

    /// The gallery on a 390 px phone: no box reaches past 390 px, so no sideways scroll — the widest
    /// goldens (Android's 400 dp Large band, iOS's 338 pt families) shrink to fit. Headless Chromium
    /// will not open a window under 500 px, so the page itself is laid out 390 px wide.
    @Test func galleryFitsA390PxWindow() throws {
        let out = try Self.wholeGallery.get()
        let page = try instrumented(
            out.appendingPathComponent("index.html"),
            """
            document.documentElement.style.width = '390px';
            var right = 0, widest = '';
            document.querySelectorAll('body *').forEach(function (e) {
              var r = e.getBoundingClientRect();
              if (r.width > 0 && r.right > right) { right = r.right; widest = e.tagName + ' ' +\
             (e.closest('[data-key]') || e).getAttribute('data-key'); }
            });
            var d = document.createElement('pre'); d.id = 'fit';
            d.textContent = Math.ceil(right) + ' ' + widest;
            document.body.appendChild(d);
            """)
        let dom = try HeadlessChromium.dumpDOM(page)
        expectScriptRan(dom)
        guard let r = dom.range(of: "<pre id=\"fit\">"), let e = dom[r.upperBound...].range(of: "</pre>") else {
            Issue.record("the measuring script did not report")
            return
        }
        let report = unescape(String(dom[r.upperBound..<e.lowerBound]))
        let right = Int(report.split(separator: " ").first ?? "") ?? .max
        logFigures("gallery at 390 px: the rightmost box ends at \(report)")
        expectTrue(right <= 390, "sideways scroll at 390 px: \(report)")
    }

    /// axe-core's violations on a page, after its own script ran.
    func axeViolations(_ page: URL) throws -> [(id: String, impact: String?, nodes: Int)]? {
        let axe = Axe.source!.replacingOccurrences(of: "</script", with: "<\\/script")
        let checked = try instrumented(
            page,
            axe + """
                ;axe.run(document, { resultTypes: ['violations'] }).then(function (r) {
                  var d = document.createElement('pre'); d.id = 'axe';
                  d.textContent = JSON.stringify(r.violations.map(function (v) { return { id: v.id, impact: v.impact,\
                 nodes: v.nodes.length }; }));
                  document.body.appendChild(d);
                });
                """, allowEval: true)
        let dom = try HeadlessChromium.dumpDOM(checked)
        guard let r = dom.range(of: "<pre id=\"axe\">"), let e = dom[r.upperBound...].range(of: "</pre>") else {
            return nil
        }
        let json = unescape(String(dom[r.upperBound..<e.lowerBound]))
        struct Violation: Decodable {
            var id: String
            var impact: String?
            var nodes: Int
        }
        return try JSONDecoder().decode([Violation].self, from: Data(json.utf8)).map { ($0.id, $0.impact, $0.nodes) }
    }

    /// The gallery under axe-core: no critical or serious violation (every facet's toggles, the
    /// search box, accessories on their wallpaper — a gallery of every family and host mode).
    @Test(.enabled(if: Axe.source != nil, Comment(rawValue: Axe.unavailableReason)))
    func axeFindsNothingSeriousInTheGallery() throws {
        let work = tempDir()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("g")
        expectTrue(try GalleryCommand.run(["--filter", "*/first-run/*", "-o", out.path]) == 0)
        guard let violations = try axeViolations(out.appendingPathComponent("index.html")) else {
            Issue.record("axe did not report")
            return
        }
        logFigures(
            "axe-core on the gallery: "
                + (violations.isEmpty
                    ? "no violations"
                    : violations.map { "\($0.id) (\($0.impact ?? "-"), \($0.nodes))" }.joined(separator: ", "))
        )
        let bad = violations.filter { $0.impact == "critical" || $0.impact == "serious" }
        expectTrue(bad.isEmpty, "axe: \(bad.map(\.id))")
    }

    @Test(.enabled(if: Axe.source != nil, Comment(rawValue: Axe.unavailableReason)))
    func axeFindsNoCriticalOrSeriousViolation() throws {
        guard let violations = try axeViolations(try reviewFolder()) else {
            Issue.record("axe did not report")
            return
        }
        logFigures(
            "axe-core on the report: "
                + (violations.isEmpty
                    ? "no violations"
                    : violations.map { "\($0.id) (\($0.impact ?? "-"), \($0.nodes))" }.joined(separator: ", "))
        )
        let bad = violations.filter { $0.impact == "critical" || $0.impact == "serious" }
        expectTrue(bad.isEmpty, "axe: \(bad.map(\.id))")
    }
}

/// axe-core's `axe.min.js`, from the PyPI wheel `axe-selenium-python` (which vendors it; npm's
/// registry is not reachable here): scripts/ensure-browser.sh unpacks it to .build/browser/.
enum Axe {
    static let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
        .appendingPathComponent(".build/browser/axe.min.js")
    static let source: String? = try? String(contentsOf: file, encoding: .utf8)
    static var unavailableReason: String {
        "axe.min.js not at \(file.path) (scripts/ensure-browser.sh fetches it from PyPI's axe-selenium-python)"
    }
}
