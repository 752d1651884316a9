import Foundation

/// A PNG grid of renders with their keys underneath — the whole matrix at a glance.
public enum ContactSheet {
    static let gap = 16, labelHeight = 52
    static let backdrop = Color(r: 0x8A, g: 0x8F, b: 0x98)

    /// Lays out `fixtures` in rows of `columns`, each cell as wide as the widest render, and writes
    /// the PNG to `url` (through a temp file and a rename). `scale` redraws every scene at that
    /// fraction of its density (0.5 halves a 2× golden). The sheet is drawn and encoded one row
    /// of cells at a time, so memory holds a row, never the sheet. Returns the sheet's size.
    @discardableResult
    public static func write(_ fixtures: [Fixture], painter: CairoPainter, columns: Int, scale: Double = 1,
                             jobs: Int, to url: URL) throws(InputError) -> PixelSize {
        @Sendable func scene(_ i: Int) -> Scene {
            var scene = fixtures[i].makeScene(painter.fonts)
            scene.density *= scale
            return scene
        }
        // Cell size first (scenes only, nothing drawn): every cell is as big as the biggest render.
        let sizes: [PixelSize] = parallelMap(fixtures.count, jobs: jobs) { i in
            let s = scene(i)
            return PixelSize(width: s.pixelWidth, height: s.pixelHeight)
        }
        let cellW = (sizes.map(\.width).max() ?? 1) + gap
        let cellH = (sizes.map(\.height).max() ?? 1) + labelHeight + gap
        let cols = max(1, min(columns, fixtures.count))
        let rows = (fixtures.count + cols - 1) / cols
        let size = PixelSize(width: cols * cellW + gap, height: rows * cellH + gap)

        try FileManager.default.createDirectoryOrFail(url.deletingLastPathComponent())
        let tmp = url.deletingLastPathComponent().appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
        do throws(InputError) {
            let png = try PNGCodec.FileWriter(path: tmp.path, width: size.width, height: size.height)
            try png.write(RGBAImage(width: size.width, height: gap, fill: backdrop))
            var band = RGBAImage(width: size.width, height: cellH, fill: backdrop)
            try parallelStream(fixtures.count, jobs: jobs, batch: max(cols, jobs * 2), { canvas, i in
                painter.draw(scene(i), into: canvas)
                return (canvas.image(), label(fixtures[i].key, width: cellW - gap, painter: painter, canvas: canvas.scratch))
            }, consume: { (i: Int, cell: (RGBAImage, RGBAImage)) throws(InputError) in
                let x = gap + (i % cols) * cellW
                blit(cell.0, into: &band, x: x, y: 0)
                blit(cell.1, into: &band, x: x, y: cell.0.height + 4)
                if i % cols == cols - 1 || i == fixtures.count - 1 {
                    try png.write(band)
                    band = RGBAImage(width: size.width, height: cellH, fill: backdrop)
                }
            })
            try png.close()
            guard rename(tmp.path, url.path) == 0 else { throw InputError(url.path, "cannot move the new file into place (errno \(errno))") }
        } catch {
            try? FileManager.default.removeItem(at: tmp)
            throw error
        }
        return size
    }

    static func label(_ key: String, width: Int, painter: CairoPainter, canvas: Canvas) -> RGBAImage {
        let style = TextStyle(.roboto, .regular, size: 20)
        let w = Double(width)
        let lines = TextWrap.wrap(key.replacingOccurrences(of: "/", with: " / "), width: w, maxLines: 2, style: style,
                                  measurer: painter.fonts).lines
        let box = Rect(x: 0, y: 0, width: w, height: 48)
        let scene = Scene(size: Size(w, 48), density: 1, card: box, nodes: [
            SceneNode(name: "key", role: .text, token: "", bounds: box, container: box,
                      content: .text(TextContent(lines: lines, style: style, color: .black, lineHeight: 24))),
        ], accessibilityLabel: "")
        painter.draw(scene, into: canvas)
        return canvas.image()
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

extension FileManager {
    func createDirectoryOrFail(_ dir: URL) throws(InputError) {
        do { try createDirectory(at: dir, withIntermediateDirectories: true) } catch {
            throw InputError(dir.path, "cannot create the folder: \(error.localizedDescription)")
        }
    }
}
