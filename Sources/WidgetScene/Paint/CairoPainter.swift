import CairoShim
import EvidenceCore
import Foundation
import WidgetText

/// Draws a `Scene` into pixels. The only code that touches Cairo. Font options are fixed
/// (grey antialiasing, no hinting, unhinted metrics) so output depends on nothing but the scene.
public struct CairoPainter: Sendable {
    public let fonts: FontLibrary
    /// Frames after a decorative prefix and path nodes over what was beneath them, shared by every
    /// copy of this painter.
    private let prefixes = DrawnPrefixes()
    private let drawnNodes = DrawnNodes()
    private let fontPins = ScaledFontPins()
    /// How many scaled fonts this painter holds (`ScaledFontPins`).
    package var heldFonts: Int { fontPins.count }
    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Renders `scene` at its density into a fresh image. Transparent outside the card.
    /// Loops over many scenes should keep one `Canvas` and call `draw(_:into:)` instead.
    public func render(_ scene: Scene) -> RGBAImage {
        let canvas = Canvas()
        draw(scene, into: canvas)
        return canvas.image()
    }

    /// Renders `scene` at its density into `canvas` (cleared and resized first).
    ///
    /// With `regions`, also leaves `scene.withoutForeground()` drawn in `canvas.scratch` inside
    /// those pixel rectangles (`canvas.holdsBackground`; elsewhere the scratch pixels are stale),
    /// for the price of a copy instead of a second render: the background is the scene's decorative
    /// prefix — copied out on the way, the very pixels a separate render has at that point — and
    /// then the decorative fills the scene draws later, drawn onto the copy as that render would.
    public func draw(_ scene: Scene, into canvas: Canvas, keepingBackgroundIn regions: [PixelRect]? = nil) {
        // The decorative prefix is drawn once per distinct prefix and size; later scenes copy it.
        let prefix = scene.decorativePrefix
        let key = prefix > 0 ? DrawnPrefixes.Key(scene, prefix: prefix) : nil
        let kept = key.flatMap { prefixes.frame(for: $0) }
        let surface =
            kept.map { canvas.makeSurface(width: scene.pixelWidth, height: scene.pixelHeight, unpacking: $0.packed) }
            ?? canvas.makeSurface(width: scene.pixelWidth, height: scene.pixelHeight)
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        setUp(cr, density: scene.density)

        // An empty prefix would leave the separate render's surface still clear for its first fill,
        // which Cairo draws differently (see Canvas.makeSurface): that scene draws it separately.
        let split = regions == nil ? nil : scene.backgroundSplit
        let copyAt = split.flatMap { $0.prefix > 0 ? $0.prefix : nil }
        for i in (kept == nil ? 0 : prefix)..<scene.nodes.count {
            if i == prefix, kept == nil, let key {
                cairo_surface_flush(surface)
                prefixes.keep(canvas, as: key)
            }
            if i == copyAt, let regions {
                cairo_surface_flush(surface)
                canvas.scratch.copy(regions, from: canvas)
            }
            draw(scene.nodes[i], cr, density: scene.density)
        }
        cairo_surface_flush(surface)
        if prefix == scene.nodes.count, kept == nil, let key { prefixes.keep(canvas, as: key) }
        guard let split, let regions else { return }
        if let copyAt {
            if copyAt == scene.nodes.count { canvas.scratch.copy(regions, from: canvas) }
            if !split.later.isEmpty {
                let background = canvas.scratch.surfaceOverPixels()
                defer { cairo_surface_destroy(background) }
                let bcr = cairo_create(background)!
                defer { cairo_destroy(bcr) }
                setUp(bcr, density: scene.density)
                for node in split.later { draw(node, bcr, density: scene.density) }
                cairo_surface_flush(background)
            }
        } else {
            draw(scene.withoutForeground(), into: canvas.scratch)
        }
        canvas.holdsBackground = true
    }

    private func setUp(_ cr: OpaquePointer, density: Double) {
        cairo_set_font_options(cr, Self.fontOptions.pointer)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        cairo_scale(cr, density, density)
    }

    /// Grey antialiasing, no hinting, unhinted metrics: output depends on nothing but the scene.
    private static let fontOptions = FontOptions()
    private final class FontOptions: @unchecked Sendable {  // immutable after init
        let pointer: OpaquePointer
        init() {
            pointer = cairo_font_options_create()!
            cairo_font_options_set_antialias(pointer, CAIRO_ANTIALIAS_GRAY)
            cairo_font_options_set_hint_style(pointer, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(pointer, CAIRO_HINT_METRICS_OFF)
        }
    }

    private func draw(_ node: SceneNode, _ cr: OpaquePointer, density: Double) {
        if case .path = node.content {
            drawnNodes.draw(node, into: cr, density: density) { drawUncached(node, cr) }
        } else {
            drawUncached(node, cr)
        }
    }

    private func drawUncached(_ node: SceneNode, _ cr: OpaquePointer) {
        cairo_save(cr)
        defer { cairo_restore(cr) }
        switch node.content {
        case .rect(let radius, let paint):
            roundedRect(cr, node.bounds, radius: radius)
            setSource(cr, paint)
            cairo_fill(cr)
        case .path(let commands, let fill, let stroke):
            cairo_new_path(cr)
            for c in commands { append(c, cr) }
            if let fill {
                cairo_set_fill_rule(cr, CAIRO_FILL_RULE_WINDING)
                setSource(cr, fill)
                if stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
            }
            if let stroke {
                cairo_set_line_width(cr, stroke.width)
                if !stroke.dash.isEmpty { cairo_set_dash(cr, stroke.dash, Int32(stroke.dash.count), 0) }
                cairo_set_line_cap(
                    cr,
                    {
                        switch stroke.cap {
                        case .butt: CAIRO_LINE_CAP_BUTT
                        case .round: CAIRO_LINE_CAP_ROUND
                        case .square: CAIRO_LINE_CAP_SQUARE
                        }
                    }())
                cairo_set_line_join(
                    cr,
                    {
                        switch stroke.join {
                        case .miter: CAIRO_LINE_JOIN_MITER
                        case .round: CAIRO_LINE_JOIN_ROUND
                        case .bevel: CAIRO_LINE_JOIN_BEVEL
                        }
                    }())
                setSource(cr, stroke.paint)
                cairo_stroke(cr)
            }
        case .text(let t):
            drawText(t, in: node.bounds, cr)
        }
    }

    private func drawText(_ t: TextContent, in box: Rect, _ cr: OpaquePointer) {
        cairo_set_font_size(cr, t.style.size)
        setSource(cr, .solid(t.color))
        let baselineOffset = fonts.baselineOffset(t.style, lineHeight: t.lineHeight)
        // One paragraph: its direction comes from the whole text, so every line starts on the same side.
        let paragraph = TextShaper.isRightToLeftParagraph(t.text) ? ParagraphDirection.rightToLeft : .leftToRight
        for (i, line) in t.lines.enumerated() {
            let shaped = fonts.shapeLine(line, style: t.style, direction: paragraph)
            let x = t.alignment.lineX(
                width: shaped.width, in: box, paragraphRightToLeft: shaped.rightToLeft,
                leadingEdge: t.leadingEdge)
            let y = box.minY + Double(i) * t.lineHeight + baselineOffset
            for run in shaped.runs {
                // A colour face (emoji bitmaps) ignores the source colour; cairo scales its strike to the size.
                cairo_set_font_face(cr, run.face.cairoFace)
                var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: x + $0.x, y: y + $0.y) }
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
                fontPins.pinCurrent(of: cr)
            }
        }
    }

    private func append(_ c: PathCommand, _ cr: OpaquePointer) {
        switch c {
        case .move(let p): cairo_move_to(cr, p.x, p.y)
        case .line(let p): cairo_line_to(cr, p.x, p.y)
        case .curve(let a, let b, let p): cairo_curve_to(cr, a.x, a.y, b.x, b.y, p.x, p.y)
        case .arc(let c, let r, let s, let e): cairo_arc(cr, c.x, c.y, r, s, e)
        case .close: cairo_close_path(cr)
        }
    }

    private func roundedRect(_ cr: OpaquePointer, _ r: Rect, radius: Double) {
        let rad = min(radius, r.width / 2, r.height / 2)
        cairo_new_path(cr)
        if rad <= 0 {
            cairo_rectangle(cr, r.x, r.y, r.width, r.height)
            return
        }
        cairo_arc(cr, r.maxX - rad, r.minY + rad, rad, -Double.pi / 2, 0)
        cairo_arc(cr, r.maxX - rad, r.maxY - rad, rad, 0, Double.pi / 2)
        cairo_arc(cr, r.minX + rad, r.maxY - rad, rad, Double.pi / 2, Double.pi)
        cairo_arc(cr, r.minX + rad, r.minY + rad, rad, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(cr)
    }

    private func setSource(_ cr: OpaquePointer, _ paint: Paint) {
        func rgba(_ c: Color) -> (Double, Double, Double, Double) {
            (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
        }
        switch paint {
        case .solid(let c):
            let (r, g, b, a) = rgba(c)
            cairo_set_source_rgba(cr, r, g, b, a)
        case .linear(let s, let e, let stops):
            let pat = cairo_pattern_create_linear(s.x, s.y, e.x, e.y)!
            defer { cairo_pattern_destroy(pat) }
            for st in stops {
                let (r, g, b, a) = rgba(st.color)
                cairo_pattern_add_color_stop_rgba(pat, st.offset, r, g, b, a)
            }
            cairo_set_source(cr, pat)
        case .radial(let c, let radius, let stops):
            let pat = cairo_pattern_create_radial(c.x, c.y, 0, c.x, c.y, radius)!
            defer { cairo_pattern_destroy(pat) }
            for st in stops {
                let (r, g, b, a) = rgba(st.color)
                cairo_pattern_add_color_stop_rgba(pat, st.offset, r, g, b, a)
            }
            cairo_set_source(cr, pat)
        }
    }
}
