import Foundation

/// Layout and scene geometry, in dp (Android) or pt (iOS). Pixels only appear at paint time.
public struct Point: Hashable, Sendable, Codable {
    public var x: Double
    public var y: Double
    public init(_ x: Double, _ y: Double) {
        self.x = x
        self.y = y
    }
}

public struct Size: Hashable, Sendable, Codable {
    public var width: Double
    public var height: Double
    public init(_ width: Double, _ height: Double) {
        self.width = width
        self.height = height
    }
}

public struct Rect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
    public var minX: Double { x }
    public var minY: Double { y }
    public var maxX: Double { x + width }
    public var maxY: Double { y + height }
    public var midX: Double { x + width / 2 }
    public var midY: Double { y + height / 2 }
    public var center: Point { Point(midX, midY) }

    /// True when `other` lies inside this rect, allowing `tolerance` for sub-pixel rounding.
    public func contains(_ other: Rect, tolerance: Double = 0.01) -> Bool {
        other.minX >= minX - tolerance && other.minY >= minY - tolerance
            && other.maxX <= maxX + tolerance && other.maxY <= maxY + tolerance
    }
    public func intersects(_ other: Rect) -> Bool {
        other.minX < maxX && other.maxX > minX && other.minY < maxY && other.maxY > minY
    }
    public func insetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width - 2 * dx, height: height - 2 * dy)
    }
    public func offsetBy(dx: Double, dy: Double) -> Rect {
        Rect(x: x + dx, y: y + dy, width: width, height: height)
    }
    public var description: String {
        func f(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.1f", v) }
        return "(\(f(x)),\(f(y)) \(f(width))×\(f(height)))"
    }
}

extension Rect {
    /// The smallest rect holding all of `rects`; nil for none (nothing to hold, so no rect to trap on).
    public static func union(_ rects: [Rect]) -> Rect? {
        guard let first = rects.first else { return nil }
        return rects.dropFirst().reduce(first) { a, b in
            let x0 = min(a.minX, b.minX)
            let y0 = min(a.minY, b.minY)
            return Rect(x: x0, y: y0, width: max(a.maxX, b.maxX) - x0, height: max(a.maxY, b.maxY) - y0)
        }
    }

    /// This layout-unit rect as whole pixels at `density`, rounded outward (a pixel the rect touches
    /// at all is in); with `frame`, cut to `0..<width` × `0..<height` (empty, width or height 0, where
    /// it lies outside). The one rounding every pixel box, crop and audit region uses.
    public func pixelRect(density: Double, clampedTo frame: PixelSize? = nil) -> PixelRect {
        let r = PixelRect(outwardFrom: minX, minY, maxX, maxY, density: density)
        return frame.map(r.clamped) ?? r
    }
}

extension PixelRect {
    /// The pixels touched by the layout-unit box with these edges at `density`, rounded outward
    /// (`Rect.pixelRect`, for a box whose edges are computed rather than held in a `Rect`).
    public init(outwardFrom minX: Double, _ minY: Double, _ maxX: Double, _ maxY: Double, density: Double) {
        let x0 = Int((minX * density).rounded(.down))
        let y0 = Int((minY * density).rounded(.down))
        let x1 = Int((maxX * density).rounded(.up))
        let y1 = Int((maxY * density).rounded(.up))
        self.init(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }

    /// Its columns and rows, as ranges (empty when the rect is).
    public var xs: Range<Int> { x..<x + width }
    public var ys: Range<Int> { y..<y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// Grown by `dx` columns and `dy` rows on every side.
    public func outset(dx: Int, dy: Int) -> PixelRect {
        PixelRect(x: x - dx, y: y - dy, width: width + 2 * dx, height: height + 2 * dy)
    }

    /// The part inside a `frame.width` × `frame.height` frame; its origin is kept (clamped to ≥ 0)
    /// and its size is 0 where nothing is inside.
    public func clamped(to frame: PixelSize) -> PixelRect {
        let x0 = max(0, x)
        let y0 = max(0, y)
        let x1 = min(frame.width, x + width)
        let y1 = min(frame.height, y + height)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
