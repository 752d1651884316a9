import CairoShim
import Foundation

/// Draws a `Scene` into pixels. The only code that touches Cairo. Font options are fixed
/// (grey antialiasing, no hinting, unhinted metrics) so output depends on nothing but the scene.
public struct CairoPainter: Sendable {
    public let fonts: FontLibrary
    public init(fonts: FontLibrary) { self.fonts = fonts }

    /// Renders `scene` at its density. Transparent outside the card.
    public func render(_ scene: Scene) -> RGBAImage {
        let w = scene.pixelWidth, h = scene.pixelHeight
        let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(w), Int32(h))!
        defer { cairo_surface_destroy(surface) }
        let cr = cairo_create(surface)!
        defer { cairo_destroy(cr) }
        let options = cairo_font_options_create()!
        defer { cairo_font_options_destroy(options) }
        cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
        cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
        cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
        cairo_set_font_options(cr, options)
        cairo_set_antialias(cr, CAIRO_ANTIALIAS_GRAY)
        cairo_scale(cr, scene.density, scene.density)

        for node in scene.nodes { draw(node, cr) }
        cairo_surface_flush(surface)
        return Self.unpremultiply(surface, width: w, height: h)
    }

    private func draw(_ node: SceneNode, _ cr: OpaquePointer) {
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
                cairo_set_line_cap(cr, {
                    switch stroke.cap { case .butt: CAIRO_LINE_CAP_BUTT; case .round: CAIRO_LINE_CAP_ROUND; case .square: CAIRO_LINE_CAP_SQUARE }
                }())
                cairo_set_line_join(cr, {
                    switch stroke.join { case .miter: CAIRO_LINE_JOIN_MITER; case .round: CAIRO_LINE_JOIN_ROUND; case .bevel: CAIRO_LINE_JOIN_BEVEL }
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
            let x = t.alignment.lineX(width: shaped.width, in: box, paragraphRightToLeft: shaped.rightToLeft,
                                      leadingEdge: t.leadingEdge)
            let y = box.minY + Double(i) * t.lineHeight + baselineOffset
            for run in shaped.runs {
                // A colour face (emoji bitmaps) ignores the source colour; cairo scales its strike to the size.
                cairo_set_font_face(cr, run.face.cairoFace)
                var glyphs = run.glyphs.map { cairo_glyph_t(index: UInt($0.glyph), x: x + $0.x, y: y + $0.y) }
                cairo_show_glyphs(cr, &glyphs, Int32(glyphs.count))
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
        if rad <= 0 { cairo_rectangle(cr, r.x, r.y, r.width, r.height); return }
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
            for st in stops { let (r, g, b, a) = rgba(st.color); cairo_pattern_add_color_stop_rgba(pat, st.offset, r, g, b, a) }
            cairo_set_source(cr, pat)
        case .radial(let c, let radius, let stops):
            let pat = cairo_pattern_create_radial(c.x, c.y, 0, c.x, c.y, radius)!
            defer { cairo_pattern_destroy(pat) }
            for st in stops { let (r, g, b, a) = rgba(st.color); cairo_pattern_add_color_stop_rgba(pat, st.offset, r, g, b, a) }
            cairo_set_source(cr, pat)
        }
    }

    /// Cairo's ARGB32 is premultiplied, native-endian 32-bit words; convert to straight RGBA bytes.
    private static func unpremultiply(_ surface: OpaquePointer, width: Int, height: Int) -> RGBAImage {
        let stride = Int(cairo_image_surface_get_stride(surface))
        let data = cairo_image_surface_get_data(surface)!
        var out = [UInt8](repeating: 0, count: width * height * 4)
        out.withUnsafeMutableBufferPointer { dst in
            for y in 0..<height {
                let row = UnsafeRawPointer(data + y * stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width {
                    let v = row[x]
                    let a = UInt32(v >> 24)
                    let o = (y * width + x) * 4
                    guard a != 0 else { continue }
                    var r = (v >> 16) & 0xFF, g = (v >> 8) & 0xFF, b = v & 0xFF
                    if a != 255 {
                        r = (r * 255 + a / 2) / a; g = (g * 255 + a / 2) / a; b = (b * 255 + a / 2) / a
                    }
                    dst[o] = UInt8(r); dst[o + 1] = UInt8(g); dst[o + 2] = UInt8(b); dst[o + 3] = UInt8(a)
                }
            }
        }
        return RGBAImage(width: width, height: height, pixels: out)
    }
}
