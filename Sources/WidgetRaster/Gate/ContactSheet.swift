import CPixels
import EvidenceCore
import Foundation
import WidgetScene
import WidgetText

/// A PNG grid of renders with their keys underneath — the whole matrix at a glance.
public enum ContactSheet {
    /// The largest sheet drawn: 160 million pixels and 40,000 px a side — the whole matrix at
    /// `--scale 0.5 --columns 24` is about 140 million. Checked before anything is drawn. (The sheet
    /// is drawn and encoded a band at a time, so this bounds what a viewer must open, not our memory.)
    public static let maxPixels = 160_000_000
    public static let maxSide = 40_000
    static let gap = 16, labelHeight = 52
    static let backdrop = Color(r: 0x8A, g: 0x8F, b: 0x98)

    /// Lays out `fixtures` in rows of `columns`, each cell as wide as the widest render, and returns
    /// the PNG bytes. `scale` redraws every scene at that fraction of its density (0.5 halves a 2×
    /// golden). The size is known from the scenes before any pixel is drawn; past the limits it is
    /// an `InputError`. The sheet is drawn and encoded one grid row at a time, so only one band of
    /// pixels is ever held, never the whole sheet.
    public static func png(
        _ fixtures: [Fixture], painter: CairoPainter, columns: Int, scale: Double = 1,
        jobs: Int
    ) throws(InputError) -> (bytes: [UInt8], width: Int, height: Int) {
        let layout = try Layout(fixtures, painter: painter, columns: columns, scale: scale, jobs: jobs, limited: true)
        let encoder = try PNGStreamEncoder(width: layout.width, height: layout.height)
        try draw(layout, into: encoder, painter: painter, jobs: jobs)
        return (try encoder.finish(), layout.width, layout.height)
    }

    /// The same sheet written straight to `path` (an `OutputFile`: temp file, then rename) as it is
    /// encoded, so not even the compressed bytes are held. `limited: false` lifts the size limit
    /// (`evidence bench --scale`, measuring memory on many times the matrix).
    @discardableResult
    public static func write(
        _ fixtures: [Fixture], painter: CairoPainter, columns: Int, scale: Double = 1,
        jobs: Int, to path: String, limited: Bool = true
    ) throws(InputError) -> PixelSize {
        let layout = try Layout(
            fixtures, painter: painter, columns: columns, scale: scale, jobs: jobs, limited: limited)
        try OutputFile.write(to: path) { fd throws(InputError) in
            let encoder = try PNGStreamEncoder(width: layout.width, height: layout.height, fd: fd)
            try draw(layout, into: encoder, painter: painter, jobs: jobs)
            _ = try encoder.finish()
        }
        return PixelSize(width: layout.width, height: layout.height)
    }

    /// Cell and sheet sizes, from the scenes alone (nothing drawn).
    struct Layout {
        let fixtures: [Fixture]
        let scale: Double
        let cellW: Int, cellH: Int, cols: Int, width: Int, height: Int

        init(_ fixtures: [Fixture], painter: CairoPainter, columns: Int, scale: Double, jobs: Int, limited: Bool)
            throws(InputError)
        {
            let sizes: [PixelSize] = parallelMap(fixtures.count, jobs: jobs) { i in
                let s = ContactSheet.scene(fixtures[i], painter: painter, scale: scale)
                return PixelSize(width: s.pixelWidth, height: s.pixelHeight)
            }
            cellW = (sizes.map(\.width).max() ?? 1) + gap
            cellH = (sizes.map(\.height).max() ?? 1) + labelHeight + gap
            cols = max(1, min(columns, fixtures.count))
            let rows = (fixtures.count + cols - 1) / cols
            (width, height) = (cols * cellW + gap, rows * cellH + gap)
            let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
            guard !limited || (!overflow && pixels <= maxPixels && width <= maxSide && height <= maxSide) else {
                throw InputError(
                    "sheet",
                    "would be \(width)×\(height) px (\(overflow ? "too many" : "\(pixels / 1_000_000) million") "
                        + "pixels), "
                        + "past the limit of \(maxPixels / 1_000_000) million pixels and \(maxSide) px a side; "
                        + "use a smaller --scale, more --columns or a narrower --filter")
            }
            self.fixtures = fixtures
            self.scale = scale
        }
    }

    static func scene(_ fixture: Fixture, painter: CairoPainter, scale: Double) -> Scene {
        var scene = fixture.makeScene(painter.fonts)
        scene.density *= scale
        return scene
    }

    /// Draws the cells a few rows at a time on the workers' canvases and hands the encoder one band
    /// (a grid row) at a time; the band buffer is reused for every row.
    static func draw(_ layout: Layout, into encoder: PNGStreamEncoder, painter: CairoPainter, jobs: Int)
        throws(InputError)
    {
        let (fixtures, cols, cellW, scale) = (layout.fixtures, layout.cols, layout.cellW, layout.scale)
        try encoder.append(RGBAImage(width: layout.width, height: gap, fill: backdrop))
        var band = RGBAImage(width: layout.width, height: layout.cellH, fill: backdrop)
        try parallelStream(
            fixtures.count, jobs: jobs, batch: max(cols, jobs * 2),
            { canvas, i in
                painter.draw(scene(fixtures[i], painter: painter, scale: scale), into: canvas)
                return (
                    canvas.image(), label(fixtures[i].key, width: cellW - gap, painter: painter, canvas: canvas.scratch)
                )
            },
            consume: { (i: Int, cell: (RGBAImage, RGBAImage)) throws(InputError) in
                let x = gap + (i % cols) * cellW
                blit(cell.0, into: &band, x: x, y: 0)
                blit(cell.1, into: &band, x: x, y: cell.0.height + 4)
                if i % cols == cols - 1 || i == fixtures.count - 1 {
                    try encoder.append(band)
                    fill(&band, backdrop)
                }
            })
    }

    static func label(_ key: String, width: Int, painter: CairoPainter, canvas: Canvas) -> RGBAImage {
        let style = TextStyle(.roboto, .regular, size: 20)
        let lines = TextWrap.wrap(
            key.replacingOccurrences(of: "/", with: " / "), width: Double(width), maxLines: 2, style: style,
            measurer: painter.fonts
        ).lines
        return caption(lines, width: width, style: style, painter: painter, into: canvas)
    }

    /// Lines of black text on a transparent strip `width` px wide, one 24 px line box each, drawn
    /// in `canvas` (a worker's, when it has one).
    static func caption(
        _ lines: [String], width: Int, style: TextStyle, painter: CairoPainter,
        into canvas: Canvas = Canvas()
    ) -> RGBAImage {
        let w = Double(width)
        let h = Double(max(2, lines.count) * 24)
        let box = Rect(x: 0, y: 0, width: w, height: h)
        let scene = Scene(
            size: Size(w, h), density: 1, card: box,
            nodes: [
                SceneNode(
                    .sheetLabel, on: .android, role: .text, token: "", bounds: box, container: box,
                    content: .text(TextContent(lines: lines, style: style, color: .black, lineHeight: 24)))
            ], accessibilityLabel: "")
        painter.draw(scene, into: canvas)
        return canvas.image()
    }

    /// Source-over copy of `src` onto `dst` at (x, y): opaque pixels copied, transparent ones
    /// skipped, translucent ones mixed over what is there (then opaque).
    static func blit(_ src: RGBAImage, into dst: inout RGBAImage, x: Int, y: Int) {
        let rows = max(0, min(src.height, dst.height - y))
        let cols = max(0, min(src.width, dst.width - x))
        guard rows > 0, cols > 0, x >= 0, y >= 0 else { return }
        let (srcWidth, dstWidth) = (src.width, dst.width)
        // In C: the sheet, the timeline and the overlay copy every pixel through here.
        src.pixels.withUnsafeBytes { s in
            dst.pixels.withUnsafeMutableBytes { d in
                cpixels_blit_over(
                    s.baseAddress!.assumingMemoryBound(to: UInt8.self), srcWidth,
                    d.baseAddress!.assumingMemoryBound(to: UInt8.self) + (y * dstWidth + x) * 4, dstWidth, cols, rows)
            }
        }
    }

    static func fill(_ image: inout RGBAImage, _ color: Color) {
        let word = UInt32(color.r) | UInt32(color.g) << 8 | UInt32(color.b) << 16 | UInt32(color.a) << 24
        image.pixels.withUnsafeMutableBytes { p in
            p.withMemoryRebound(to: UInt32.self) { $0.update(repeating: word.littleEndian) }
        }
    }
}
