import Foundation
import Testing

@testable import WidgetRaster

/// Issue #54 items 4–5 in headless Chromium, on a real `verify --html` page: the filter finds a habit
/// word, a token and a kind; two fixtures accepted in the page (one by its checkbox, one by the `a`
/// key) and `record --accept` rewrites exactly those two; a render that changed after review is refused.
@Suite(
    .serialized, .enabled(if: HeadlessChromium.available, Comment(rawValue: HeadlessChromium.unavailableReason ?? "")))
struct AcceptBrowserTests {
    static let area = "android/medium/default-some-notyet"
    let browser = BrowserTests(), project = RecordGuardTests()

    /// The page's accept file after `script` ran (its text, from the panel's textarea).
    func acceptText(_ page: URL, _ script: String) throws -> String {
        let probe = try browser.instrumented(
            page,
            script + """
                ;var o = document.createElement('pre'); o.id = 'accept-out'; o.textContent =\
                 document.getElementById('accept-text').value;
                document.body.appendChild(o);
                """)
        let dom = try HeadlessChromium.dumpDOM(probe)
        browser.expectScriptRan(dom)
        guard let r = dom.range(of: "<pre id=\"accept-out\">"), let e = dom[r.upperBound...].range(of: "</pre>") else {
            return ""
        }
        return browser.unescape(String(dom[r.upperBound..<e.lowerBound]))
    }

    /// Chooses `key`'s row in the list and accepts it: by its checkbox, or by the `a` key.
    func accept(_ key: String, byKey: Bool) -> String {
        """
        document.querySelector('a.row[data-key="\(key)"]').click();
        \(byKey
            ? "document.dispatchEvent(new KeyboardEvent('keydown', { key: 'a', bubbles: true }));"
            : "document.getElementById('accept-this').click();")

        """
    }

    @Test func theFilterFindsWordsAndTwoAcceptedFixturesAreRecordedExactly() throws {
        let dir = try project.project(area: Self.area)
        defer { dir.remove() }
        func file(_ rel: String) -> URL { dir.url.appendingPathComponent(rel) }
        // Three dark goldens moved (another motif's pixels over each); widget_muted light below its floor.
        let moved = ["stones", "flame", "sprout"].map { Self.area + "/\($0)/legacy/dark" }
        let donor = try Data(contentsOf: file("Goldens/\(Self.area)/mountain/kindling/dark.png"))
        for k in moved { try donor.write(to: file("Goldens/\(k).png")) }
        let light = file("Tokens/android/res/values/colors_widget.xml")
        try Data(
            try String(contentsOf: light, encoding: .utf8).replacingOccurrences(
                of: "widget_muted\">#757575<", with: "widget_muted\">#A3A3A3<"
            ).utf8
        ).write(to: light)
        let v = try project.evidence(["verify", "--quiet", "--filter", Self.area + "/*", "--html", "out"], in: dir)
        expectTrue(v.code == 1, "\(v.err)")
        let page = file("out/index.html")
        let failing = browser.sections(try HeadlessChromium.dumpDOM(page)).map(\.key)
        let contrast = failing.filter { $0.hasSuffix("/light") }
        expectTrue(Set(failing) == Set(moved + contrast) && !contrast.isEmpty)

        // A habit title (visible words), a token, a kind, an element: each finds exactly its fixtures.
        for (q, want) in [
            ("Meditate", failing), ("widget_muted", contrast), ("contrast", contrast), ("pixels", failing),
            ("meditate%20dark", moved), ("day-streak-label", contrast),
        ] {
            let dom = try HeadlessChromium.dumpDOM(page, fragment: "q=\(q)")
            expectTrue(Set(browser.sections(dom).map(\.key)) == Set(want), "q=\(q)")
            expectTrue(dom.contains("<span id=\"shown\">\(want.count)</span>"), "q=\(q): the count is in step")
        }

        // Two accepted in the page; the file lists them at the pixel hash the page was made with.
        let text = try acceptText(page, accept(moved[0], byKey: false) + accept(moved[1], byKey: true))
        let accepted = try AcceptFile.parse(text, name: "page")
        expectTrue(accepted.entries.map(\.key) == [moved[0], moved[1]], "\(text)")
        // A fixture whose fix is not to record has no checkbox, and `a` does nothing there.
        expectTrue(try acceptText(page, accept(contrast[0], byKey: true)).isEmpty)
        try Data(text.utf8).write(to: file("accept.txt"))
        let before = try project.goldens(dir)
        let r = try project.evidence(["record", "--quiet", "--accept", "accept.txt"], in: dir)
        expectTrue(r.code == 0, "\(r.out)\(r.err)")
        let now = try project.goldens(dir)
        expectTrue(
            project.changed(before, now).subtracting(["manifest.json"]) == [moved[0] + ".png", moved[1] + ".png"],
            "\(r.out)")
        expectTrue(
            try project.changedEntries(before, now).isSubset(of: [moved[0], moved[1]]),
            "only their entries (gaining their frames)")

        // The third accepted, then its render changes (the night ink edited) before record runs.
        let third = try acceptText(page, accept(moved[2], byKey: false))
        try Data(third.utf8).write(to: file("accept.txt"))
        let night = file("Tokens/android/res/values-night/colors_widget.xml")
        let xml = try String(contentsOf: night, encoding: .utf8)
        let ink = try #require(xml.firstMatch(of: /widget_ink">(#[0-9A-Fa-f]{6})</)?.output.1)
        try Data(xml.replacingOccurrences(of: "widget_ink\">\(ink)<", with: "widget_ink\">#EEEEEE<").utf8).write(
            to: night)
        let after = try project.goldens(dir)
        let refused = try project.evidence(["record", "--quiet", "--accept", "accept.txt"], in: dir)
        expectTrue(
            refused.code == 1
                && refused.out.contains("refused \(moved[2]) (pixels): the render changed since it was reviewed"),
            "\(refused.out)")
        expectTrue(project.changed(after, try project.goldens(dir)).isEmpty)
    }

    @Test(.enabled(if: Axe.source != nil, Comment(rawValue: Axe.unavailableReason)))
    func axeFindsNothingSeriousWithTheAcceptControls() throws {
        let dir = try project.project(area: Self.area)
        defer { dir.remove() }
        let k = Self.area + "/stones/legacy/dark"
        try Data(contentsOf: dir.url.appendingPathComponent("Goldens/\(Self.area)/mountain/kindling/dark.png")).write(
            to: dir.url.appendingPathComponent("Goldens/\(k).png"))
        _ = try project.evidence(["verify", "--quiet", "--filter", Self.area + "/*", "--html", "out"], in: dir)
        let page = dir.url.appendingPathComponent("out/index.html")
        expectTrue(
            try HeadlessChromium.dumpDOM(page).contains("id=\"accept-this\""), "the first fixture's checkbox is drawn")
        guard let violations = try browser.axeViolations(page) else {
            Issue.record("axe did not report")
            return
        }
        let bad = violations.filter { $0.impact == "critical" || $0.impact == "serious" }
        expectTrue(bad.isEmpty, "axe: \(bad.map(\.id))")
    }

    /// Item 6: each outlined finding is numbered, the same number in the findings list, in its own colour.
    @Test func overlayBoxesAreNumberedInTheLegend() throws {
        let (page, failing) = try browser.mixedRun()
        let key = try #require(
            failing.first { $0.hasPrefix("android/small/") && $0.hasSuffix("/light") && !$0.contains("retired") })
        let dom = try HeadlessChromium.dumpDOM(page, fragment: "f=\(key)")
        expectTrue(browser.current(dom) == key)
        expectTrue(
            dom.contains(">1 streak-glyph.slot 1.19:1 vs floor 3.00:1</span>"), "the box's tag carries its number")
        expectTrue(
            dom.contains("<span class=\"num\" title=\"box 1 on the render\" style=\"background: rgb(185, 28, 28);"),
            "the list's number in the box's colour")
    }
}
