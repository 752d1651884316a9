import CairoShim
import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene

@testable import WidgetRaster

/// A contact sheet of every glyph, light and dark, at its natural size and enlarged, for eyeballing.
/// Writes only when asked: `GLYPH_SHEET=/tmp/glyphs.png GLYPH_ZOOM=/tmp/zoom.png swift test --filter GlyphContactSheet`
/// (the zoom sheet is every glyph at its natural size at 2×, pixels enlarged 3× with no smoothing).
@Suite struct GlyphContactSheet {
    /// The size each glyph is drawn at in the widget (dp): the 18 dp streak envelope, the 11 sp
    /// caption glyphs, the 13 dp new-day icon, the 20 × 8 pip.
    static func naturalSize(_ kind: GlyphKind) -> Size {
        switch kind {
        case .flame, .stones, .sprout, .mountain, .waves, .restMoon: return Size(18, 18)
        case .newDaySun: return Size(13, 13)
        case .doneCheck: return Size(14, 14)
        case .pip: return Size(20, 8)
        case .captionSpark, .captionRing, .dashedSlotIcon: return Size(11, 11)
        case .firstRunAppGlyph: return Size(24, 24)
        }
    }

    static func sheet(density: Double = 2) -> Scene {
        let kinds = GlyphKind.allCases
        let columns = 5
        let tile = Size(190, 96)
        let rows = (kinds.count + columns - 1) / columns
        let size = Size(tile.width * Double(columns), tile.height * Double(rows))
        var nodes: [SceneNode] = []
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        for (i, kind) in kinds.enumerated() {
            let ox = Double(i % columns) * tile.width
            let oy = Double(i / columns) * tile.height
            for (j, theme) in Theme.allCases.enumerated() {
                let palette = (theme == .light ? GlyphPalette.light : GlyphPalette.dark)
                let panel = Rect(x: ox + Double(j) * tile.width / 2, y: oy, width: tile.width / 2, height: tile.height)
                nodes.append(
                    SceneNode(
                        .card, on: .android, role: .decorative, token: "widget_card", bounds: panel, container: whole,
                        content: .rect(cornerRadius: 0, fill: .solid(palette.card.color))))
                let n = naturalSize(kind)
                let small = Rect(x: panel.minX + 8, y: panel.minY + 46 - n.height / 2, width: n.width, height: n.height)
                let scale = 56 / max(n.width, n.height)
                let big = Rect(
                    x: panel.minX + 34, y: panel.minY + 46 - n.height * scale / 2,
                    width: n.width * scale, height: n.height * scale)
                for r in [small, big] {
                    nodes += GlyphArt.nodes(
                        kind, in: r, container: panel, palette: palette, element: .streakGlyph, on: .android)
                }
            }
            let label = TextContent(
                lines: [kind.id], style: .roboto(.regular, sp: 9, fontScale: 1),
                color: Color(hex: "#888888")!, lineHeight: 12)
            nodes.append(
                SceneNode(
                    .sheetLabel, on: .android, role: .text, token: "widget_muted",
                    bounds: Rect(x: ox + 4, y: oy + 2, width: tile.width - 8, height: 12),
                    container: whole, content: .text(label)))
        }
        return Scene(size: size, density: density, card: whole, nodes: nodes, accessibilityLabel: "glyph contact sheet")
    }

    /// Natural sizes only, at 2×, every glyph light then dark, for a pixel-level look (`GLYPH_ZOOM=…`).
    static func naturalSheet() -> Scene {
        let kinds = GlyphKind.allCases
        let cell = 28.0
        let columns = 10
        let rows = (kinds.count + columns - 1) / columns
        let size = Size(cell * Double(columns), cell * Double(rows) * 2)
        let whole = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var nodes: [SceneNode] = []
        for (t, theme) in Theme.allCases.enumerated() {
            let palette = (theme == .light ? GlyphPalette.light : GlyphPalette.dark)
            let band = Rect(x: 0, y: Double(t * rows) * cell, width: size.width, height: Double(rows) * cell)
            nodes.append(
                SceneNode(
                    .card, on: .android, role: .decorative, token: "widget_card", bounds: band, container: whole,
                    content: .rect(cornerRadius: 0, fill: .solid(palette.card.color))))
            for (i, kind) in kinds.enumerated() {
                let n = naturalSize(kind)
                let ox = Double(i % columns) * cell
                let oy = band.minY + Double(i / columns) * cell
                let r = Rect(
                    x: ox + (cell - n.width) / 2, y: oy + (cell - n.height) / 2, width: n.width, height: n.height)
                nodes += GlyphArt.nodes(
                    kind, in: r, container: Rect(x: ox, y: oy, width: cell, height: cell),
                    palette: palette, element: .streakGlyph, on: .android)
            }
        }
        return Scene(size: size, density: 2, card: whole, nodes: nodes, accessibilityLabel: "glyphs at natural size")
    }

    static func upscaled(_ image: RGBAImage, by k: Int) -> RGBAImage {
        var out = RGBAImage(width: image.width * k, height: image.height * k)
        for y in 0..<out.height { for x in 0..<out.width { out.setPixel(x: x, y: y, image.pixel(x: x / k, y: y / k)) } }
        return out
    }

    @Test func writeZoomWhenAsked() throws {
        guard let path = ProcessInfo.processInfo.environment["GLYPH_ZOOM"] else { return }
        let image = CairoPainter(fonts: .shared).render(Self.naturalSheet())
        try Self.writePNG(Self.upscaled(image, by: 3), to: path)
    }

    @Test func writeSheetWhenAsked() throws {
        guard let path = ProcessInfo.processInfo.environment["GLYPH_SHEET"] else { return }
        let image = CairoPainter(fonts: .shared).render(Self.sheet())
        try Self.writePNG(image, to: path)
    }

    /// Debug-only PNG writer straight through Cairo (straight RGBA → premultiplied ARGB32).
    static func writePNG(_ image: RGBAImage, to path: String) throws {
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(image.width), Int32(image.height))!
        defer { cairo_surface_destroy(surface) }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        for y in 0..<image.height {
            let row = UnsafeMutableRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<image.width {
                let c = image.pixel(x: x, y: y)
                let a = UInt32(c.a)
                func pm(_ v: UInt8) -> UInt32 { (UInt32(v) * a + 127) / 255 }
                row[x] = a << 24 | pm(c.r) << 16 | pm(c.g) << 8 | pm(c.b)
            }
        }
        cairo_surface_mark_dirty(surface)
        let status = cairo_surface_write_to_png(surface, path)
        expectTrue(status == CAIRO_STATUS_SUCCESS)
    }
}
