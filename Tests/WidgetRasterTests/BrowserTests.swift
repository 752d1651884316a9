import Foundation
import Testing
@testable import evidence
@testable import WidgetRaster

/// The report and the gallery opened in headless Chromium, as a reviewer would open them: the DOM
/// after the page's script ran, and a screenshot. Skipped, with the reason shown, where Chromium
/// cannot run.
@Suite(.serialized, .enabled(if: HeadlessChromium.available, Comment(rawValue: HeadlessChromium.unavailableReason ?? "")))
struct BrowserTests {
    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-browser-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// `(key, kinds)` of every fixture section in the dumped DOM.
    func sections(_ dom: String) -> [(key: String, kinds: String)] {
        let re = try! NSRegularExpression(pattern: "<section class=\"fx\" data-key=\"([^\"]*)\" data-kinds=\"([^\"]*)\"")
        return re.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { m in
            (unescape(String(dom[Range(m.range(at: 1), in: dom)!])), String(dom[Range(m.range(at: 2), in: dom)!]))
        }
    }
    func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
    }
    func expectScriptRan(_ dom: String) {
        #expect(dom.contains("id=\"script-ok\""), "the page's script did not finish")
        #expect(!dom.contains("id=\"script-error\""), "the page reported a script error")
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
        #expect(colours.count > 64, "screenshot has \(colours.count) colours")
        #expect(differing * 50 > (img.width / 2) * (img.height / 2), "screenshot is mostly background")
    }

    /// The acceptance run: two goldens corrupted (another fixture's pixels; a truncated file), one deleted.
    @Test func verifyHTMLListsExactlyTheDamagedFixturesWithTheirKinds() throws {
        let work = tempDir()
        defer { try? FileManager.default.removeItem(at: work) }  // a whole copy of Goldens/
        let goldens = work.appendingPathComponent("Goldens"), out = work.appendingPathComponent("out")
        try FileManager.default.copyItem(at: PackagePaths.goldens, to: goldens)
        let keys = try FixtureCatalog.load().map(\.key)
        let (swapped, truncated, deleted) = (keys[10], keys[200], keys[400])
        func url(_ key: String) -> URL { goldens.appendingPathComponent(key + ".png") }
        try FileManager.default.removeItem(at: url(swapped))
        try FileManager.default.copyItem(at: url(keys[11]), to: url(swapped))
        try Data(try Data(contentsOf: url(truncated)).prefix(300)).write(to: url(truncated))
        try FileManager.default.removeItem(at: url(deleted))

        let code = try VerifyCommand.run(["--goldens", goldens.path, "--html", out.path, "--quiet"])
        #expect(code == 1)
        let page = out.appendingPathComponent("index.html")
        let dom = try HeadlessChromium.dumpDOM(page)
        expectScriptRan(dom)
        let found = sections(dom)
        #expect(found.map(\.key).sorted() == [swapped, truncated, deleted].sorted())
        let kinds = Dictionary(found.map { ($0.key, $0.kinds) }, uniquingKeysWith: { a, _ in a })
        #expect(kinds[truncated] == "unreadable" && kinds[deleted] == "missing")
        #expect(kinds[swapped]?.split(separator: " ").first.map(String.init) == "pixels" || kinds[swapped] == "size")
        #expect(dom.contains("\(keys.count - 3) passed, 3 failed"))
        // The comparison script set up the slider on the fixture that has both images.
        #expect(dom.contains("style=\"opacity: 1; clip-path: inset(0px 0px 0px 50%);\""))
        try expectNotBlank(try HeadlessChromium.screenshot(page))
    }

    @Test func hostileTitleAndKeyShowAsLiteralText() throws {
        let report = tempDir()
        let v = try HostileFixture.result(reportDirectory: report)
        try HTMLReport.write(v, to: report)
        let dom = try HeadlessChromium.dumpDOM(report.appendingPathComponent("index.html"))
        expectScriptRan(dom)
        #expect(sections(dom).map(\.key) == [HostileFixture.key])
        // Text nodes serialise with < and > escaped; an injected element would serialise as a tag.
        #expect(dom.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(!dom.contains("<img src=\"x\""))
        #expect(!dom.contains("onerror=\"alert"))
    }

    @Test func galleryListsEveryFixtureKey() throws {
        let work = tempDir()
        defer { try? FileManager.default.removeItem(at: work) }
        let out = work.appendingPathComponent("g")
        #expect(try GalleryCommand.run(["-o", out.path]) == 0)
        let page = out.appendingPathComponent("index.html")
        let dom = try HeadlessChromium.dumpDOM(page)
        expectScriptRan(dom)
        let re = try NSRegularExpression(pattern: "<figure class=\"tile[^\"]*\" data-key=\"([^\"]*)\"")
        let listed = re.matches(in: dom, range: NSRange(dom.startIndex..., in: dom)).map { unescape(String(dom[Range($0.range(at: 1), in: dom)!])) }
        let keys = try FixtureCatalog.load().map(\.key)
        #expect(listed.count == keys.count, "every key once")
        let unlisted = Set(keys).subtracting(listed)
        #expect(unlisted.isEmpty, "keys missing from the gallery: \(unlisted.sorted().prefix(5))")
        try expectNotBlank(try HeadlessChromium.screenshot(page, width: 1400, height: 1000))
    }
}
