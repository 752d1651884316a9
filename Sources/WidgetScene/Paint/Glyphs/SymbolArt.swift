import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

public enum SymbolArt {
    /// Outline strokes, in viewport units (≈ SF Symbols' regular weight at text size).
    package static let strokeWidth = 1.9

    /// One or more parts of `element` (an iOS scene's: SF Symbols are iOS's), all in `ink`, inside `rect`.
    public static func nodes(
        _ symbol: AccessorySymbol, in rect: Rect, container: Rect, ink: GlyphInk,
        element: SceneElement
    ) -> [SceneNode] {
        let map = ViewportMap(rect)
        var out: [SceneNode] = []
        func add(_ part: String, _ path: ViewportPath, filled: Bool, width: Double = strokeWidth) {
            let commands = map.commands(path)
            guard var box = PathBounds.of(commands) else { return }
            let stroke: Stroke? = filled ? nil : Stroke(.solid(ink.color), width: map.length(width))
            if let stroke { box = box.insetBy(dx: -stroke.width / 2, dy: -stroke.width / 2) }
            out.append(
                SceneNode(
                    element, on: .ios, part: part, role: .graphic, token: ink.token, bounds: box, container: container,
                    content: .path(commands, fill: filled ? .solid(ink.color) : nil, stroke: stroke)))
        }
        switch symbol {
        case .flameFill, .flame:
            add("flame", GlyphPaths.flameBody(inset: symbol == .flame), filled: symbol == .flameFill)
        case .stackFill, .stack:
            for (i, b) in GlyphPaths.stoneBoxes.enumerated() {
                var p = ViewportPath()
                let inset = symbol == .stack ? strokeWidth / 2 : 0
                p.roundedRect(
                    b.0 + inset, b.1 + inset, b.2 - 2 * inset, b.3 - 2 * inset, radius: (b.3 - 2 * inset) * 0.48)
                add("stone-\(i + 1)", p, filled: symbol == .stackFill)
            }
        case .leafFill, .leaf:
            var p = ViewportPath()
            p.move(4.2, 20.2)
            p.curve(3.2, 10.4, 9.6, 3.6, 20.6, 3.4)
            p.curve(21.4, 14.2, 14.8, 20.8, 4.2, 20.2)
            p.close()
            add("leaf", p, filled: symbol == .leafFill)
            var vein = ViewportPath()
            vein.move(3.0, 21.4)
            vein.curve(7.6, 15.2, 11.6, 11.0, 16.4, 7.6)
            // The vein reads on the outline; on the filled leaf it would vanish in one ink.
            if symbol == .leaf { add("vein", vein, filled: false) }
        case .mountainFill, .mountain:
            var p = ViewportPath()
            let i = symbol == .mountain ? strokeWidth / 2 : 0
            p.move(1.6 + i, 20.4 - i)
            p.line(8.0, 10.6 + i)
            p.line(11.0, 14.6)
            p.line(15.0, 4.2 + i)
            p.line(22.4 - i, 20.4 - i)
            p.close()
            add("peaks", p, filled: symbol == .mountainFill)
        case .waves:
            for (i, y) in [6.2, 12.0, 17.8].enumerated() {
                var p = ViewportPath()
                p.move(2.6, y)
                for k in 0..<3 {
                    let x = 2.6 + Double(k) * 6.3
                    let dy = k % 2 == 0 ? -2.4 : 2.4
                    p.curve(x + 2.3, y + dy, x + 4.0, y + dy, x + 6.3, y)
                }
                add("wave-\(i + 1)", p, filled: false, width: 2.1)
            }
        case .moon:
            add("moon", GlyphPaths.crescent(), filled: true)
        case .sunrise:
            var sun = ViewportPath()
            sun.arc(12, 16.5, 5.2, from: Double.pi, to: 2 * Double.pi, connect: false)
            add("sun", sun, filled: false)
            var rays = ViewportPath()
            for a in [-150.0, -90, -30] {
                let r = a * Double.pi / 180
                rays.move(12 + 7.6 * cos(r), 16.5 + 7.6 * sin(r))
                rays.line(12 + 10.2 * cos(r), 16.5 + 10.2 * sin(r))
            }
            rays.move(1.6, 20.4)
            rays.line(22.4, 20.4)
            add("rays", rays, filled: false)
        case .arrowClockwise:
            var arc = ViewportPath()
            arc.arc(12, 12.8, 7.8, from: -Double.pi / 2 + 0.55, to: 1.5 * Double.pi - 0.15, connect: false)
            add("arc", arc, filled: false)
            var head = ViewportPath()
            head.move(10.0, 1.6)
            head.line(15.4, 5.0)
            head.line(10.0, 8.4)
            head.close()
            add("head", head, filled: true)
        case .checkmark:
            var p = ViewportPath()
            p.move(4.2, 12.8)
            p.line(9.6, 18.2)
            p.line(19.8, 6.0)
            add("check", p, filled: false, width: 2.6)
        }
        return out
    }
}

/// Viewport paths shared by the Home Screen glyph art and the accessory symbols.
package enum GlyphPaths {
    /// (x, y, width, height) of the three stones, bottom first.
    package static let stoneBoxes: [(Double, Double, Double, Double)] = [
        (2.4, 16.2, 19.2, 5.9),
        (4.4, 9.6, 15.2, 5.4),
        (6.6, 3.0, 10.8, 5.4),
    ]

    /// The flame silhouette; `inset` pulls it in by half an outline stroke so the stroke stays inside.
    package static func flameBody(inset: Bool = false) -> ViewportPath {
        var body = ViewportPath()
        body.move(12.4, 1.7)
        body.curve(13.6, 5.0, 19.9, 8.6, 19.9, 14.6)
        body.curve(19.9, 19.2, 16.4, 22.3, 12.0, 22.3)
        body.curve(7.6, 22.3, 4.1, 19.2, 4.1, 14.8)
        body.curve(4.1, 11.6, 5.6, 9.3, 7.3, 7.6)
        body.curve(7.3, 9.6, 8.2, 11.0, 9.4, 11.6)
        body.curve(9.4, 7.6, 10.6, 4.4, 12.4, 1.7)
        body.close()
        guard inset else { return body }
        // Scale about the centre by (24 − stroke) / 24: the outline's outer edge lands on the filled silhouette.
        let k = (24 - SymbolArt.strokeWidth) / 24
        var out = ViewportPath()
        func p(_ q: Point) -> Point { Point(12 + (q.x - 12) * k, 12 + (q.y - 12) * k) }
        for c in body.commands {
            switch c {
            case .move(let a): out.move(p(a).x, p(a).y)
            case .line(let a): out.line(p(a).x, p(a).y)
            case .curve(let a, let b, let e): out.curve(p(a).x, p(a).y, p(b).x, p(b).y, p(e).x, p(e).y)
            case .arc, .close: out.close()
            }
        }
        return out
    }

    /// The rest moon: an outer disc less an offset disc, as one outline.
    package static func crescent() -> ViewportPath {
        let (cx, cy, R) = (12.0, 12.0, 9.6)
        let (ix, iy, r) = (16.8, 7.6, 8.2)
        let dx = ix - cx
        let dy = iy - cy
        let d = (dx * dx + dy * dy).squareRoot()
        let phi = atan2(dy, dx)
        let alpha = acos((d * d + R * R - r * r) / (2 * d * R))
        let a0 = phi + alpha
        let a1 = phi + 2 * Double.pi - alpha
        var moon = ViewportPath()
        moon.arc(cx, cy, R, from: a0, to: a1, connect: false)
        let end = Point(cx + R * cos(a1), cy + R * sin(a1))
        let start = Point(cx + R * cos(a0), cy + R * sin(a0))
        let b0 = atan2(end.y - iy, end.x - ix)
        var b1 = atan2(start.y - iy, start.x - ix)
        let toward = phi + Double.pi
        func normalized(_ a: Double) -> Double {
            var a = a
            while a < 0 { a += 2 * .pi }
            while a >= 2 * .pi { a -= 2 * .pi }
            return a
        }
        if normalized(toward - b1) < normalized(b0 - b1) {
            if b1 > b0 { b1 -= 2 * .pi }
        } else {
            if b1 < b0 { b1 += 2 * .pi }
        }
        moon.arc(ix, iy, r, from: b0, to: b1)
        moon.close()
        return moon
    }
}
