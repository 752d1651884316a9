import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

/// `evidence map --html` opened in headless Chromium as a designer opens it (BrowserTests' way):
/// the script runs, every cell that loses meaning is listed and links to its render, a deep link
/// shows a cell's plan reasons, and axe-core finds nothing serious or critical.
@Suite(
    .serialized, .enabled(if: HeadlessChromium.available, Comment(rawValue: HeadlessChromium.unavailableReason ?? "")))
struct MapBrowserTests {
    /// Small NEW_DAY at double size around the 110 dp floor: cells that lose meaning, cells that shed.
    static let args = [
        "--family", "small", "--state", "newDay", "--widths", "96..130", "--heights", "120..170", "--step", "2",
        "--font-scales", "1.3,2",
    ]

    func page() throws -> (dir: URL, map: MeaningMap) {
        let work = BrowserTests().tempDir()
        let out = work.appendingPathComponent("map")
        expectTrue(try MapCommand.run(Self.args + ["--html", out.path, "--quiet"]) == 0)
        let grid = try MapTests.grid(Self.args)
        return (out, MapTests.planner.map(grid, jobs: 2))
    }

    /// How far a drawing is from the painter's render: the mean of each pixel's largest channel
    /// difference, and the share of pixels off by more than 96 of 255.
    static func distance(_ a: RGBAImage, _ b: RGBAImage) -> (mean: Double, far: Double) {
        var total = 0
        var far = 0
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            let d = (0..<4).map { abs(Int(a.pixels[i + $0]) - Int(b.pixels[i + $0])) }.max()!
            total += d
            if d > 96 { far += 1 }
        }
        let n = Double(a.pixels.count / 4)
        return (Double(total) / n, Double(far) / n)
    }

    /// Every cell opens a render of that cell — one that shows everything or only sheds too, not
    /// only one that loses meaning: the page draws it from the cell's scene, every node, in the
    /// bundled fonts, and the drawing is the painter's render give or take antialiasing (and not
    /// when a node is missing: the comparison tells them apart).
    @Test func everyCellOpensItsRenderDrawnOnThePage() throws {
        let (dir, map) = try page()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let grid = try MapTests.grid(Self.args)
        let places = grid.places()
        var html = try String(contentsOf: dir.appendingPathComponent("index.html"), encoding: .utf8)
        let ready = "canvas.setAttribute('data-fonts', 'ready');"
        expectTrue(html.contains(ready))
        // The test reads the drawing back as a PNG once the fonts are in.
        html = html.replacingOccurrences(
            of: ready,
            with: ready
                + " var out = document.createElement('pre'); out.id = 'drawn'; out.textContent = "
                + "canvas.toDataURL('image/png'); document.body.appendChild(out);"
        )
        let probe = dir.appendingPathComponent("probe.html")
        try Data(html.utf8).write(to: probe)
        let outcomes = Set(map.cells.map(\.outcome)).sorted()
        expectTrue(outcomes.contains(.shed) && outcomes.count >= 2, "the sample's outcomes: \(outcomes)")
        // The first cell of each outcome in the sample: a cell that sheds has no painter's PNG.
        for outcome in outcomes {
            let i = map.cells.indices.first { map.cells[$0].outcome == outcome }!
            let dom = try HeadlessChromium.dumpDOM(probe, fragment: "c=\(i)")
            BrowserTests().expectScriptRan(dom)
            let scene = MapTests.renderer.draw(grid.target(places[i])).scene
            expectTrue(dom.contains("data-drawn=\"\(scene.nodes.count)\""), "cell \(i): not every node drawn")
            expectTrue(dom.contains("data-fonts=\"ready\""), "cell \(i): the bundled fonts did not load")
            let prefix = "<pre id=\"drawn\">data:image/png;base64,"
            guard let start = dom.range(of: prefix),
                let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
                let png = Data(base64Encoded: String(dom[start.upperBound..<end.lowerBound]))
            else {
                Issue.record("cell \(i): no drawing read back")
                continue
            }
            let drawn = try PNGCodec.decode([UInt8](png), name: "cell \(i)")
            let painted = MapTests.painter.render(scene)
            expectTrue(
                drawn.width == painted.width && drawn.height == painted.height,
                "cell \(i): \(drawn.width)×\(drawn.height) vs \(painted.width)×\(painted.height)")
            guard drawn.width == painted.width, drawn.height == painted.height else { continue }
            let d = Self.distance(drawn, painted)
            expectTrue(d.mean < 3 && d.far < 0.02, "cell \(i) (\(outcome)): mean \(d.mean), far \(d.far)")
            var textless = scene
            textless.nodes.removeAll { if case .text = $0.content { true } else { false } }
            let wrong = Self.distance(drawn, MapTests.painter.render(textless))
            expectTrue(
                wrong.mean >= 3 || wrong.far >= 0.02,
                "cell \(i): the comparison cannot tell a render without its text (mean \(wrong.mean), far \(wrong.far))"
            )
        }
    }

    @Test func everyCellThatLosesMeaningLinksToItsRender() throws {
        let (dir, map) = try page()
        defer { try? FileManager.default.removeItem(at: dir.deletingLastPathComponent()) }
        let lossy = map.cells.indices.filter { map.cells[$0].outcome > .shed }
        expectTrue(!lossy.isEmpty, "the sample loses no meaning: pick another")
        for i in lossy {
            expectTrue(
                FileManager.default.fileExists(atPath: dir.appendingPathComponent("renders/\(i).png").path), "cell \(i)"
            )
        }
        let page = dir.appendingPathComponent("index.html")
        let dom = try HeadlessChromium.dumpDOM(page)
        BrowserTests().expectScriptRan(dom)
        for i in lossy { expectTrue(dom.contains("href=\"#c=\(i)\""), "cell \(i) is not listed") }
        // A deep link: the cell's size, the plan's reasons for what it shed, its render and its command.
        let i = lossy[0]
        let c = map.cells[i]
        let shown = try HeadlessChromium.dumpDOM(page, fragment: "c=\(i)")
        expectTrue(shown.contains("\(MapGrid.number(c.width)) × \(MapGrid.number(c.height)) dp"))
        expectTrue(shown.contains("src=\"renders/\(i).png\""))
        expectTrue(
            shown.contains(
                "evidence render --state newDay --family small --width \(MapGrid.number(c.width)) --height "
                    + "\(MapGrid.number(c.height)) --font-scale"
            ))
        for name in c.shed { expectTrue(shown.contains("<code>\(name)</code>")) }
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
            guard let violations = try BrowserTests().axeViolations(page) else {
                Issue.record("axe did not report")
                return
            }
            let bad = violations.filter { $0.impact == "critical" || $0.impact == "serious" }
            expectTrue(bad.isEmpty, "axe on \(page.lastPathComponent): \(bad.map(\.id))")
        }
    }
}
