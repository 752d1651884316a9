/// An sRGB colour with straight (non-premultiplied) alpha, 8 bits per channel — exactly what
/// Android `#AARRGGBB` and iOS colorset components can express.
public struct Color: Hashable, Sendable, Codable, CustomStringConvertible {
    public var r: UInt8
    public var g: UInt8
    public var b: UInt8
    public var a: UInt8
    public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
        self.r = r
        self.g = g
        self.b = b
        self.a = a
    }

    /// Parses `#RRGGBB` or `#AARRGGBB` (Android order: alpha first). Returns nil for anything else.
    public init?(hex: String) {
        var s = Substring(hex.trimmingWhitespace())
        guard s.first == "#" else { return nil }
        s = s.dropFirst()
        guard s.count == 6 || s.count == 8, let v = UInt32(s, radix: 16) else { return nil }
        if s.count == 6 {
            self.init(r: UInt8(v >> 16 & 0xFF), g: UInt8(v >> 8 & 0xFF), b: UInt8(v & 0xFF))
        } else {
            self.init(r: UInt8(v >> 16 & 0xFF), g: UInt8(v >> 8 & 0xFF), b: UInt8(v & 0xFF), a: UInt8(v >> 24))
        }
    }

    public var isOpaque: Bool { a == 255 }
    public func withAlpha(_ alpha: UInt8) -> Color { Color(r: r, g: g, b: b, a: alpha) }
    /// The colour with its alpha multiplied by `factor` (0…1), rounded to the nearest step.
    public func scalingAlpha(by factor: Double) -> Color { withAlpha(UInt8((Double(a) * factor).rounded())) }

    /// `#RRGGBB` when opaque, `#AARRGGBB` otherwise (Android resource order).
    public var hex: String {
        func h(_ v: UInt8) -> String {
            let s = String(v, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return a == 255 ? "#" + h(r) + h(g) + h(b) : "#" + h(a) + h(r) + h(g) + h(b)
    }
    public var description: String { hex }

    public static let black = Color(r: 0, g: 0, b: 0)
    public static let white = Color(r: 255, g: 255, b: 255)
    public static let clear = Color(r: 0, g: 0, b: 0, a: 0)
}

extension StringProtocol {
    package func trimmingWhitespace() -> String {
        String(self.drop(while: { $0.isWhitespace }).reversed().drop(while: { $0.isWhitespace }).reversed())
    }
}
