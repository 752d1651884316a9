import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster

/// The reused drawing surface: its hash is always of what was just drawn (never of a previous
/// frame left in the buffer), and its RGBA is exactly the per-pixel unpremultiply it replaced.
@Suite(.serialized) struct CanvasTests {
    let painter = CairoPainter(fonts: .shared)
    let catalog = StarterCatalog.fixtures()

    /// `scene` with one extra opaque pixel (0.5 dp at density 2, on the pixel grid) at (x, y) px.
    static func withOnePixel(_ scene: Scene, x: Int, y: Int, color: Color = Color(r: 0x12, g: 0xC0, b: 0x5A)) -> Scene {
        var s = scene
        let px = 1 / s.density
        let r = Rect(x: Double(x) * px, y: Double(y) * px, width: px, height: px)
        s.nodes.append(
            SceneNode(
                .card, on: .android, role: .decorative, token: "", bounds: r, container: s.card,
                content: .rect(cornerRadius: 0, fill: .solid(color))))
        return s
    }

    @Test func reusedCanvasHashesTheFrameJustDrawn() {
        let canvas = Canvas()
        let scenes = catalog.map { $0.makeScene(.shared) }
        painter.draw(scenes[0], into: canvas)
        let first = canvas.pixelHash
        expectTrue(first == painter.render(scenes[0]).pixelHash)

        let dotted = Self.withOnePixel(scenes[0], x: 40, y: 30)
        painter.draw(dotted, into: canvas)
        let changed = canvas.image()
        expectTrue(canvas.pixelHash != first)
        expectTrue(canvas.pixelHash == changed.pixelHash)
        let before = painter.render(scenes[0])
        let differing = (0..<changed.height).flatMap { y in (0..<changed.width).map { (x: $0, y: y) } }
            .filter { changed.pixel(x: $0.x, y: $0.y) != before.pixel(x: $0.x, y: $0.y) }
        expectTrue(differing.count == 1 && differing[0] == (x: 40, y: 30))

        // Back to the first scene: nothing of the dot is left behind.
        painter.draw(scenes[0], into: canvas)
        expectTrue(canvas.pixelHash == first)

        // A small frame after a large one on the same canvas: cleared, sized, hashed as fresh.
        let small = Scene(
            size: Size(20, 10), density: 2, card: Rect(x: 0, y: 0, width: 20, height: 10), nodes: [],
            accessibilityLabel: "")
        painter.draw(small, into: canvas)
        expectTrue(canvas.width == 40 && canvas.height == 20)
        expectTrue(canvas.pixelHash == RGBAImage(width: 40, height: 20).pixelHash)
    }

    /// The gate end to end, one worker so every fixture reuses the same canvas: a render that
    /// moved by one pixel while its golden file stayed the same must leave the fast path and fail.
    @Test func fastPathCatchesAOnePixelChangeInTheRender() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-canvas-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)  // record never creates it
        defer { try? FileManager.default.removeItem(at: dir) }
        let options = GateOptions(goldens: dir, jobs: 1, comparison: .automatic)
        _ = try Recorder.record(options, catalog: catalog, painter: painter)

        let target = catalog.count - 1
        var moved = catalog
        let original = catalog[target]
        moved[target] = Fixture(key: original.key) { fonts in
            Self.withOnePixel(original.makeScene(fonts), x: 100, y: 60)
        }
        let v = try Verifier.verify(options, catalog: moved, painter: painter)
        expectTrue(v.failures.map(\.key) == [original.key])
        expectTrue(v.failures.first?.kind == .pixels)
        expectTrue(v.failures.first?.detail.hasPrefix("1 pixels differ") == true)
        expectTrue(v.fastPath == catalog.count - 1)

        // And unchanged it passes on the fast path again, on the same reused canvases.
        let again = try Verifier.verify(options, catalog: catalog, painter: painter)
        expectTrue(again.failures.isEmpty && again.fastPath == catalog.count)
    }

    /// The fast conversion equals the straightforward per-pixel unpremultiply for every
    /// premultiplied value Cairo can store (each alpha, each channel value up to it).
    @Test func straightConversionMatchesTheReference() {
        func reference(_ v: UInt32) -> [UInt8] {
            let a = v >> 24
            guard a != 0 else { return [0, 0, 0, 0] }
            var r = (v >> 16) & 0xFF
            var g = (v >> 8) & 0xFF
            var b = v & 0xFF
            if a != 255 {
                r = (r * 255 + a / 2) / a
                g = (g * 255 + a / 2) / a
                b = (b * 255 + a / 2) / a
            }
            return [UInt8(r), UInt8(g), UInt8(b), UInt8(a)]
        }
        var words: [UInt32] = []
        for a in UInt32(0)...255 {
            for c in stride(from: UInt32(0), through: a, by: 1) {
                words.append(a << 24 | c << 16 | (a - c) << 8 | (c / 2))
            }
        }
        var out = [UInt32](repeating: 0, count: words.count)
        words.withUnsafeBufferPointer { src in
            out.withUnsafeMutableBufferPointer {
                Canvas.straighten(src.baseAddress!, into: $0.baseAddress!, count: words.count)
            }
        }
        let bytes = out.withUnsafeBytes { Array($0) }
        expectTrue(bytes == words.flatMap(reference))
        // A count that is not a whole number of vector blocks: the tail converts the same way.
        let tail = Array(words.suffix(13))
        var tailOut = [UInt32](repeating: 0, count: tail.count)
        tail.withUnsafeBufferPointer { src in
            tailOut.withUnsafeMutableBufferPointer {
                Canvas.straighten(src.baseAddress!, into: $0.baseAddress!, count: tail.count)
            }
        }
        expectTrue(tailOut.withUnsafeBytes { Array($0) } == tail.flatMap(reference))
        // And back: premultiplying what was unpremultiplied gives Cairo's word again.
        let image = RGBAImage(width: words.count, height: 1, pixels: bytes)
        let canvas = Canvas(image)
        expectTrue((0..<words.count).allSatisfy { canvas.word(x: $0, y: 0) == (words[$0] >> 24 == 0 ? 0 : words[$0]) })
    }

    /// Frames are runs: flat opaque or translucent fills, transparent margins, edges between. Runs of
    /// every length and mixture (the 16-pixel fast path, a block repeating the translucent one before
    /// it, a repeat broken in one lane) convert exactly as pixel by pixel.
    @Test func straightConversionOfRunsMatchesThePerPixelOne() {
        let palette: [UInt32] = [
            0, 0xFF33_6699, 0xFF00_0000, 0xFFFF_FFFF, 0x8020_3040, 0x8020_3041, 0x0100_0000,
            0xFE10_2030, 0x4040_4040, 0x0101_0101, 0x7F00_7F00,
        ]
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        for _ in 0..<400 {
            var words: [UInt32] = []
            let target = next(90)
            while words.count < target {
                words += Array(repeating: palette[next(palette.count)], count: 1 + next(24))
            }
            var out = [UInt32](repeating: 0xDEAD_BEEF, count: words.count)
            words.withUnsafeBufferPointer { src in
                out.withUnsafeMutableBufferPointer {
                    Canvas.straighten(src.baseAddress!, into: $0.baseAddress!, count: words.count)
                }
            }
            expectTrue(out == words.map(Canvas.straightRGBA), "\(words.map { String($0, radix: 16) })")
        }
    }

    /// Streamed to a file through `OutputFile`, the PNG is exactly the in-memory stream's bytes
    /// of the whole image at once, however the rows are banded.
    @Test func pngStreamedToAFileMatchesTheEncoder() throws {
        let image = painter.render(catalog[0].makeScene(.shared))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-band-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: url) }
        try OutputFile.write(to: url.path) { fd throws(InputError) in
            let encoder = try PNGStreamEncoder(width: image.width, height: image.height, fd: fd)
            var y = 0
            for band in [1, 7, 50, image.height] where y < image.height {
                let rows = min(band, image.height - y)
                try encoder.append(
                    RGBAImage(
                        width: image.width, height: rows,
                        pixels: Array(image.pixels[(y * image.width * 4)..<((y + rows) * image.width * 4)])))
                y += rows
            }
            expectTrue(try encoder.finish().isEmpty)
        }
        expectTrue([UInt8](try Data(contentsOf: url)) == (try PNGStreamTests.streamed(image, band: image.height)))
    }
}
