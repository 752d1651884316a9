import Foundation
import Testing
@testable import evidence
@testable import WidgetRaster

/// `evidence map --html` opened in headless Chromium as a designer opens it (BrowserTests' way):
/// the script runs, every cell that loses meaning is listed and links to its render, a deep link
/// shows a cell's plan reasons, and axe-core finds nothing serious or critical.
@Suite(.serialized, .enabled(if: HeadlessChromium.available, Comment(rawValue: HeadlessChromium.unavailableReason ?? "")))
struct MapBrowserTests {
    /// Small NEW_DAY at double size around the 110 dp floor: cells that lose meaning, cells that shed.
    func page() throws -> (dir: URL, map: MeaningMap) {
        let work = BrowserTests().tempDir()
        let out = work.appendingPathComponent("map")
        let args = ["--family", "small", "--state", "newDay", "--widths", "96..130", "--heights", "120..170", "--step", "2", "--font-scales", "1.3,2"]
        #expect(try MapCommand.run(args + ["--html", out.path, "--quiet"]) == 0)
        let grid = try MapTests.grid(args)
        return (out, MapTests.planner.map(grid, jobs: 2))
    }

    @Test func everyCellThatLosesMeaningLinksToItsRender() throws {
        let (dir, map) = try page()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let lossy = map.cells.indices.filter { map.cells[$0].outcome > .shed }
        #expect(!lossy.isEmpty, "the sample loses no meaning: pick another")
        for i in lossy { #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("renders/\(i).png").path), "cell \(i)") }
        let page = dir.appendingPathComponent("index.html")
        let dom = try HeadlessChromium.dumpDOM(page)
        BrowserTests().expectScriptRan(dom)
        for i in lossy { #expect(dom.contains("href=\"#c=\(i)\""), "cell \(i) is not listed") }
        // A deep link: the cell's size, the plan's reasons for what it shed, its render and its command.
        let i = lossy[0], c = map.cells[i]
        let shown = try HeadlessChromium.dumpDOM(page, fragment: "c=\(i)")
        #expect(shown.contains("\(MapGrid.number(c.width)) × \(MapGrid.number(c.height)) dp"))
        #expect(shown.contains("src=\"renders/\(i).png\""))
        #expect(shown.contains("evidence render --state newDay --family small --width \(MapGrid.number(c.width)) --height \(MapGrid.number(c.height)) --font-scale"))
        for name in c.shed { #expect(shown.contains("<code>\(name)</code>")) }
    }

    @Test(.enabled(if: Axe.source != nil, Comment(rawValue: Axe.unavailableReason)))
    func axeFindsNothingSeriousOnTheMapPage() throws {
        let (dir, map) = try page()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let lossy = map.cells.indices.first { map.cells[$0].outcome > .shed } ?? 0
        // With a cell shown (its render, its reasons), as a reader sees it after a click.
        var html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        html = html.replacingOccurrences(of: "route();\n", with: "location.hash = 'c=\(lossy)'; show(\(lossy));\n")
        let shown = dir.appendingPathComponent("shown.html")
        try Data(html.utf8).write(to: shown)
        for page in [dir.appendingPathComponent("index.html"), shown] {
            guard let violations = try BrowserTests().axeViolations(page) else { Issue.record("axe did not report"); return }
            let bad = violations.filter { $0.impact == "critical" || $0.impact == "serious" }
            #expect(bad.isEmpty, "axe on \(page.lastPathComponent): \(bad.map(\.id))")
        }
    }
}
