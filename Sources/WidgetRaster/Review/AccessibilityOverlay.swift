import EvidenceCore
import Foundation
import WidgetScene
import WidgetText

/// An accessibility view of one render, as Paparazzi's accessibility snapshot draws it: the render
/// (on the wallpaper grey where it is a one-tint host mode, on white otherwise) with every element
/// that carries meaning outlined in its own colour, and beside it a legend — per element its
/// number, role, name, what the label speaks of it and its measured contrast against the pixels
/// beneath it (the rendered audit's measure, the one `verify` gates on). `evidence render --overlay`.
public enum AccessibilityOverlay {
    /// One legend entry: a node the overlay outlines.
    public struct Entry: Equatable, Sendable {
        public var number: Int
        public var node: String
        public var role: NodeRole
        /// The text the widget's label reads for it; nil where the element is decoration to the label.
        public var spoken: String?
        public var contrast: ContrastFinding?
        public var box: PixelRect
        public var colour: Color

        /// "3 numeral · text · spoken “12” · 7.21:1 ≥ 4.5:1 pass"
        public var line: String {
            var s = "\(number) \(node) · \(role.rawValue) · " + (spoken.map { "spoken “\($0)”" } ?? "not spoken")
            if let c = contrast {
                s +=
                    " · \(WCAG.display(c.ratio)):1 \(c.passes ? "≥" : "<") \(WCAG.display(c.floor)):1 "
                    + "\(c.passes ? "pass" : "FAIL")"
            }
            return s
        }
    }

    /// Its name beside a failing fixture's other images in a review page.
    public static let fileName = "a11y.png"
    public static func path(_ key: String) -> String { key + "/" + fileName }

    /// Outline colours, each clear of white and of the wallpaper grey.
    static let palette: [Color] = [
        "#D7263D", "#1B998B", "#2E86AB", "#F46036", "#8E44AD", "#C5A100", "#E84393", "#00A8E8",
    ].compactMap(Color.init(hex:))
    static let wallpaper = Color(r: 0x5D, g: 0x64, b: 0x72)
    static let legendWidth = 460, lineBox = 24, gap = 12

    /// The nodes that carry meaning (text, graphics, anything the label speaks), in paint order.
    public static func entries(_ scene: Scene, contrast: [ContrastFinding]) -> [Entry] {
        let measured = Dictionary(contrast.map { ($0.node, $0) }, uniquingKeysWith: { a, _ in a })
        var out: [Entry] = []
        for node in scene.nodes where node.role != .decorative || node.element.speech == .spoken {
            var spoken: String?
            if node.element.speech == .spoken, case .text(let t) = node.content { spoken = t.text }
            out.append(
                Entry(
                    number: out.count + 1, node: node.name, role: node.role, spoken: spoken,
                    contrast: measured[node.name],
                    box: scene.pixelRect(node.bounds), colour: palette[out.count % palette.count]))
        }
        return out
    }

    /// The overlay image — render and outlines on the left, the legend on the right — and its entries.
    public static func draw(_ scene: Scene, painter: CairoPainter) -> (image: RGBAImage, entries: [Entry]) {
        let render = painter.render(scene)
        // Ink coverage, as verify's contrast check (`ContrastCheck.findings`) reads the pixels; the
        // render above is the audit's image, so only its foreground-free twin is drawn again.
        let found = ContrastAudit.auditRendered(
            scene: scene, image: render, background: painter.render(scene.withoutForeground()), coverage: .ink)
        let list = entries(scene, contrast: found)
        let style = TextStyle(.roboto, .regular, size: 15)
        let legends = list.map { e in
            ContactSheet.caption(
                TextWrap.wrap(
                    e.line, width: Double(legendWidth - 28), maxLines: 3, style: style, measurer: painter.fonts
                ).lines,
                width: legendWidth - 28, style: style, painter: painter)
        }
        let legendHeight = legends.reduce(gap) { $0 + $1.height + 4 }
        var out = RGBAImage(
            width: gap + render.width + gap + legendWidth, height: max(render.height + 2 * gap, legendHeight),
            fill: .white)
        let ground = scene.rendering.isOneTint ? wallpaper : .white
        fill(&out, PixelRect(x: gap, y: gap, width: render.width, height: render.height), ground)
        ContactSheet.blit(render, into: &out, x: gap, y: gap)
        for e in list {
            outline(
                &out, PixelRect(x: e.box.x + gap, y: e.box.y + gap, width: e.box.width, height: e.box.height), e.colour)
        }
        var y = gap
        let x = gap + render.width + gap
        for (e, legend) in zip(list, legends) {
            fill(&out, PixelRect(x: x, y: y + 5, width: 14, height: 14), e.colour)
            ContactSheet.blit(legend, into: &out, x: x + 24, y: y)
            y += legend.height + 4
        }
        return (out, list)
    }

    static func fill(_ img: inout RGBAImage, _ r: PixelRect, _ c: Color) {
        for y in max(0, r.y)..<min(img.height, r.y + r.height) {
            for x in max(0, r.x)..<min(img.width, r.x + r.width) { img.setPixel(x: x, y: y, c) }
        }
    }

    /// A 2 px frame just outside the box (so the outline never covers what it marks).
    static func outline(_ img: inout RGBAImage, _ r: PixelRect, _ c: Color) {
        let (x0, y0, x1, y1) = (r.x - 2, r.y - 2, r.x + max(1, r.width) + 2, r.y + max(1, r.height) + 2)
        fill(&img, PixelRect(x: x0, y: y0, width: x1 - x0, height: 2), c)
        fill(&img, PixelRect(x: x0, y: y1 - 2, width: x1 - x0, height: 2), c)
        fill(&img, PixelRect(x: x0, y: y0, width: 2, height: y1 - y0), c)
        fill(&img, PixelRect(x: x1 - 2, y: y0, width: 2, height: y1 - y0), c)
    }
}
