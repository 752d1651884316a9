import EvidenceCore
import Foundation

/// A path authored in the 24 × 24 viewport (Android `<vector android:viewportWidth="24">`),
/// using only move/line/cubic/close so an affine map into layout units is exact.
package struct ViewportPath: Sendable {
    package private(set) var commands: [PathCommand] = []
    private var current = Point(0, 0)

    package init() {}

    package mutating func move(_ x: Double, _ y: Double) {
        commands.append(.move(Point(x, y)))
        current = Point(x, y)
    }
    package mutating func line(_ x: Double, _ y: Double) {
        commands.append(.line(Point(x, y)))
        current = Point(x, y)
    }
    package mutating func curve(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double, _ x: Double, _ y: Double) {
        commands.append(.curve(Point(x1, y1), Point(x2, y2), Point(x, y)))
        current = Point(x, y)
    }
    /// Quadratic Bézier, stored as the equivalent cubic.
    package mutating func quad(_ cx: Double, _ cy: Double, _ x: Double, _ y: Double) {
        let p0 = current
        curve(
            p0.x + 2 / 3 * (cx - p0.x), p0.y + 2 / 3 * (cy - p0.y),
            x + 2 / 3 * (cx - x), y + 2 / 3 * (cy - y), x, y)
    }
    package mutating func close() { commands.append(.close) }

    /// Circular arc from angle `a0` to `a1` (radians, y down, so increasing angle runs clockwise on
    /// screen), as cubics of at most 90° each. Lines to the arc's start if a subpath is open,
    /// otherwise moves there.
    package mutating func arc(
        _ cx: Double, _ cy: Double, _ r: Double, from a0: Double, to a1: Double, connect: Bool = true
    ) {
        let start = Point(cx + r * cos(a0), cy + r * sin(a0))
        if connect && !commands.isEmpty { line(start.x, start.y) } else { move(start.x, start.y) }
        let segments = max(1, Int((abs(a1 - a0) / (Double.pi / 2)).rounded(.up)))
        let step = (a1 - a0) / Double(segments)
        let k = 4.0 / 3.0 * tan(step / 4)
        var a = a0
        for _ in 0..<segments {
            let b = a + step
            let p0 = Point(cx + r * cos(a), cy + r * sin(a))
            let p3 = Point(cx + r * cos(b), cy + r * sin(b))
            curve(
                p0.x - k * r * sin(a), p0.y + k * r * cos(a), p3.x + k * r * sin(b), p3.y - k * r * cos(b), p3.x, p3.y)
            a = b
        }
    }

    package mutating func circle(_ cx: Double, _ cy: Double, _ r: Double) {
        arc(cx, cy, r, from: -Double.pi / 2, to: 3 * Double.pi / 2, connect: false)
        close()
    }

    /// Rounded rectangle, clockwise from the top edge; `radius` is clamped to half the short side.
    package mutating func roundedRect(_ x: Double, _ y: Double, _ w: Double, _ h: Double, radius: Double) {
        let r = min(radius, w / 2, h / 2)
        let h2 = Double.pi / 2
        move(x + r, y)
        arc(x + w - r, y + r, r, from: -h2, to: 0)
        arc(x + w - r, y + h - r, r, from: 0, to: h2)
        arc(x + r, y + h - r, r, from: h2, to: 2 * h2)
        arc(x + r, y + r, r, from: 2 * h2, to: 3 * h2)
        close()
    }

    package mutating func append(_ other: ViewportPath) {
        commands += other.commands
        current = other.current
    }
}

/// Maps the 24 × 24 viewport uniformly into the centred square of a layout rect.
package struct ViewportMap: Sendable {
    package let scale: Double
    package let origin: Point

    package init(_ rect: Rect) {
        scale = min(rect.width, rect.height) / 24
        origin = Point(rect.midX - 12 * scale, rect.midY - 12 * scale)
    }

    package func point(_ p: Point) -> Point { Point(origin.x + p.x * scale, origin.y + p.y * scale) }
    package func point(_ x: Double, _ y: Double) -> Point { point(Point(x, y)) }
    package func length(_ v: Double) -> Double { v * scale }

    package func commands(_ path: ViewportPath) -> [PathCommand] {
        path.commands.map { c in
            switch c {
            case .move(let p): return .move(point(p))
            case .line(let p): return .line(point(p))
            case .curve(let a, let b, let p): return .curve(point(a), point(b), point(p))
            case .arc(let c, let r, let s, let e): return .arc(center: point(c), radius: length(r), start: s, end: e)
            case .close: return .close
            }
        }
    }
}

package enum PathBounds {
    /// Tight bounds of the geometry (exact cubic extrema), before any stroke.
    package static func of(_ commands: [PathCommand]) -> Rect? {
        var minX = Double.infinity
        var minY = Double.infinity
        var maxX = -Double.infinity
        var maxY = -Double.infinity
        func add(_ p: Point) {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        var current = Point(0, 0)
        var subpathStart = Point(0, 0)
        for c in commands {
            switch c {
            case .move(let p):
                add(p)
                current = p
                subpathStart = p
            case .line(let p):
                add(p)
                current = p
            case .curve(let a, let b, let p):
                add(p)
                for t in extremaParameters(current.x, a.x, b.x, p.x) + extremaParameters(current.y, a.y, b.y, p.y) {
                    add(cubic(current, a, b, p, t))
                }
                current = p
            case .arc(let c, let r, let s, let e):
                // Conservative: the full circle's box (glyph art does not emit .arc).
                add(Point(c.x - r, c.y - r))
                add(Point(c.x + r, c.y + r))
                current = Point(c.x + r * cos(e), c.y + r * sin(e))
                _ = s
            case .close: current = subpathStart
            }
        }
        guard minX.isFinite else { return nil }
        return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    private static func cubic(_ p0: Point, _ p1: Point, _ p2: Point, _ p3: Point, _ t: Double) -> Point {
        let u = 1 - t
        let a = u * u * u
        let b = 3 * u * u * t
        let c = 3 * u * t * t
        let d = t * t * t
        return Point(a * p0.x + b * p1.x + c * p2.x + d * p3.x, a * p0.y + b * p1.y + c * p2.y + d * p3.y)
    }

    /// Parameters in (0, 1) where one coordinate of a cubic has a derivative root.
    private static func extremaParameters(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double) -> [Double] {
        // B'(t)/3 = a t² + b t + c
        let a = -p0 + 3 * p1 - 3 * p2 + p3
        let b = 2 * (p0 - 2 * p1 + p2)
        let c = p1 - p0
        var roots: [Double] = []
        if abs(a) < 1e-12 {
            if abs(b) > 1e-12 { roots.append(-c / b) }
        } else {
            let disc = b * b - 4 * a * c
            if disc >= 0 {
                let s = disc.squareRoot()
                roots += [(-b + s) / (2 * a), (-b - s) / (2 * a)]
            }
        }
        return roots.filter { $0 > 0 && $0 < 1 }
    }
}
