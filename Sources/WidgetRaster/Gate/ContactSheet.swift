/// A PNG grid of renders with their keys underneath — the whole matrix at a glance.
public enum ContactSheet {
    /// Lays out `fixtures` in rows of `columns`, each cell as wide as the widest render.
    /// `scale` redraws every scene at that fraction of its density (0.5 halves a 2× golden).
    public static func render(_ fixtures: [Fixture], painter: CairoPainter, columns: Int, scale: Double = 1, jobs: Int) -> RGBAImage {
        let images: [(String, RGBAImage)] = parallelMap(fixtures.count, jobs: jobs) { i in
            var scene = fixtures[i].makeScene(painter.fonts)
            scene.density *= scale
            return (fixtures[i].key, painter.render(scene))
        }
        let gap = 16, labelH = 52
        let cellW = (images.map(\.1.width).max() ?? 1) + gap
        let cellH = (images.map(\.1.height).max() ?? 1) + labelH + gap
        let cols = max(1, min(columns, images.count))
        let rows = (images.count + cols - 1) / cols
        var sheet = RGBAImage(width: cols * cellW + gap, height: rows * cellH + gap, fill: Color(r: 0x8A, g: 0x8F, b: 0x98))
        for (i, (key, img)) in images.enumerated() {
            let x = gap + (i % cols) * cellW, y = gap + (i / cols) * cellH
            blit(img, into: &sheet, x: x, y: y)
            blit(label(key, width: cellW - gap, painter: painter), into: &sheet, x: x, y: y + img.height + 4)
        }
        return sheet
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
