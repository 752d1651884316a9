/// A PNG grid of renders with their keys underneath — the whole matrix at a glance.
public enum ContactSheet {
    /// The largest sheet drawn: 160 million pixels (640 MB of RGBA) and 40,000 px a side — the whole
    /// matrix at `--scale 0.5 --columns 24` is about 140 million. Checked before anything is drawn.
    public static let maxPixels = 160_000_000
    public static let maxSide = 40_000

    /// Lays out `fixtures` in rows of `columns`, each cell as wide as the widest render, and returns
    /// the PNG bytes. `scale` redraws every scene at that fraction of its density (0.5 halves a 2×
    /// golden). The size is known from the scenes before any pixel is drawn; past the limits it is
    /// an `InputError`. The sheet is drawn and encoded one grid row at a time, so only one band of
    /// pixels is ever held, never the whole sheet.
    public static func png(_ fixtures: [Fixture], painter: CairoPainter, columns: Int, scale: Double = 1,
                           jobs: Int) throws(InputError) -> (bytes: [UInt8], width: Int, height: Int) {
        let scenes: [Scene] = parallelMap(fixtures.count, jobs: jobs) { i in
            var scene = fixtures[i].makeScene(painter.fonts)
            scene.density *= scale
            return scene
        }
        let gap = 16, labelH = 52
        let cellW = (scenes.map(\.pixelWidth).max() ?? 1) + gap
        let cellH = (scenes.map(\.pixelHeight).max() ?? 1) + labelH + gap
        let cols = max(1, min(columns, scenes.count))
        let rows = (scenes.count + cols - 1) / cols
        let (width, height) = (cols * cellW + gap, rows * cellH + gap)
        let (pixels, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, pixels <= maxPixels, width <= maxSide, height <= maxSide else {
            throw InputError("sheet", "would be \(width)×\(height) px (\(overflow ? "too many" : "\(pixels / 1_000_000) million") pixels), "
                + "past the limit of \(maxPixels / 1_000_000) million pixels and \(maxSide) px a side; "
                + "use a smaller --scale, more --columns or a narrower --filter")
        }
        let background = Color(r: 0x8A, g: 0x8F, b: 0x98)
        let encoder = try PNGStreamEncoder(width: width, height: height)
        try encoder.append(RGBAImage(width: width, height: gap, fill: background))
        for row in 0..<rows {
            let first = row * cols, count = min(cols, scenes.count - first)
            let cells: [(RGBAImage, RGBAImage)] = parallelMap(count, jobs: jobs) { c in
                (painter.render(scenes[first + c]), label(fixtures[first + c].key, width: cellW - gap, painter: painter))
            }
            var band = RGBAImage(width: width, height: cellH, fill: background)
            for (c, (img, lbl)) in cells.enumerated() {
                let x = gap + c * cellW
                blit(img, into: &band, x: x, y: 0)
                blit(lbl, into: &band, x: x, y: img.height + 4)
            }
            try encoder.append(band)
        }
        return (try encoder.finish(), width, height)
    }

    static func label(_ key: String, width: Int, painter: CairoPainter) -> RGBAImage {
        let style = TextStyle(.roboto, .regular, size: 20)
        let lines = TextWrap.wrap(key.replacingOccurrences(of: "/", with: " / "), width: Double(width), maxLines: 2, style: style,
                                  measurer: painter.fonts).lines
        return caption(lines, width: width, style: style, painter: painter)
    }

    /// Lines of black text on a transparent strip `width` px wide, one 24 px line box each.
    static func caption(_ lines: [String], width: Int, style: TextStyle, painter: CairoPainter) -> RGBAImage {
        let w = Double(width), h = Double(max(2, lines.count) * 24)
        let box = Rect(x: 0, y: 0, width: w, height: h)
        let scene = Scene(size: Size(w, h), density: 1, card: box, nodes: [
            SceneNode(name: "caption", role: .text, token: "", bounds: box, container: box,
                      content: .text(TextContent(lines: lines, style: style, color: .black, lineHeight: 24))),
        ], accessibilityLabel: "")
        return painter.render(scene)
    }

    /// Source-over copy of `src` onto `dst` at (x, y).
    static func blit(_ src: RGBAImage, into dst: inout RGBAImage, x: Int, y: Int) {
        for sy in 0..<src.height where y + sy < dst.height {
            for sx in 0..<src.width where x + sx < dst.width {
                let s = src.pixel(x: sx, y: sy)
                guard s.a > 0 else { continue }
                if s.a == 255 { dst.setPixel(x: x + sx, y: y + sy, s); continue }
                let d = dst.pixel(x: x + sx, y: y + sy)
                let a = Double(s.a) / 255
                func mix(_ f: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(f) * a + Double(b) * (1 - a)).rounded()) }
                dst.setPixel(x: x + sx, y: y + sy, Color(r: mix(s.r, d.r), g: mix(s.g, d.g), b: mix(s.b, d.b)))
            }
        }
    }
}
