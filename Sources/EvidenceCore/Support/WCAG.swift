import Foundation

/// An opaque sRGB colour with unrounded channels (0…255, gamma-encoded), the result of
/// compositing. Kept in doubles so no rounding happens before a ratio is compared with its floor.
public struct CompositeColor: Hashable, Sendable, Codable {
    public var r: Double
    public var g: Double
    public var b: Double
    public init(r: Double, g: Double, b: Double) {
        self.r = r
        self.g = g
        self.b = b
    }
    /// The colour's RGB, ignoring alpha (callers composite translucent colours first).
    public init(_ c: Color) { self.init(r: Double(c.r), g: Double(c.g), b: Double(c.b)) }
    /// The nearest 8-bit colour, for display only.
    public var rounded: Color {
        func q(_ v: Double) -> UInt8 { UInt8(max(0, min(255, v.rounded()))) }
        return Color(r: q(r), g: q(g), b: q(b))
    }
    public var hex: String { rounded.hex }
}

/// WCAG 2.x relative luminance and contrast ratio, and source-over compositing in gamma-encoded
/// sRGB — the space Android's canvas and Cairo both blend in.
public enum WCAG {
    /// The text floor (SC 1.4.3) and the large-text / non-text floor (SC 1.4.3 large, 1.4.11).
    public static let textFloor = 4.5
    public static let largeTextFloor = 3.0
    public static let graphicFloor = 3.0

    /// sRGB channel (0…255) → linear light, with WCAG 2.x's 0.04045 breakpoint.
    /// (WCAG 2.0 printed 0.03928; the two agree on every 8-bit value.)
    public static func linearize(_ channel: Double) -> Double {
        let c = channel / 255
        return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
    }

    public static func relativeLuminance(_ c: CompositeColor) -> Double {
        0.2126 * linearize(c.r) + 0.7152 * linearize(c.g) + 0.0722 * linearize(c.b)
    }
    /// Luminance of an opaque colour's RGB (alpha ignored — composite translucent colours first):
    /// the same doubles as `relativeLuminance(CompositeColor(c))`, its channels' `linearize` read
    /// from a 256-entry table (the rendered audit asks for every distinct background pixel).
    public static func relativeLuminance(_ c: Color) -> Double {
        linearized.withUnsafeBufferPointer { t in 0.2126 * t[Int(c.r)] + 0.7152 * t[Int(c.g)] + 0.0722 * t[Int(c.b)] }
    }
    private static let linearized: [Double] = (0..<256).map { linearize(Double($0)) }

    /// (L_lighter + 0.05) / (L_darker + 0.05), unrounded, in 1…21.
    public static func contrastRatio(_ a: CompositeColor, _ b: CompositeColor) -> Double {
        let la = relativeLuminance(a)
        let lb = relativeLuminance(b)
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
    /// Ratio of two colours' RGB (alpha ignored — composite translucent colours first).
    public static func contrastRatio(_ a: Color, _ b: Color) -> Double {
        contrastRatio(CompositeColor(a), CompositeColor(b))
    }

    /// Source-over: `fg` with its own alpha (× `opacity`) over an opaque `bg`.
    public static func composite(_ fg: Color, opacity: Double = 1, over bg: CompositeColor) -> CompositeColor {
        let a = Double(fg.a) / 255 * opacity
        return CompositeColor(
            r: a * Double(fg.r) + (1 - a) * bg.r,
            g: a * Double(fg.g) + (1 - a) * bg.g,
            b: a * Double(fg.b) + (1 - a) * bg.b)
    }
    public static func composite(_ fg: Color, over bg: Color) -> CompositeColor {
        composite(fg, over: composite(bg, over: CompositeColor(Color.black)))
    }

    /// A ratio as people read it: truncated (never rounded up) to two decimals, so a value that
    /// fails is never displayed as the floor (4.499 shows "4.49", not "4.50").
    public static func display(_ ratio: Double) -> String {
        // The tiny epsilon only absorbs binary representation error (4.58 stored as 4.5799999…).
        let t = (ratio * 100 + 1e-9).rounded(.down) / 100
        return String(format: "%.2f", t)
    }

    /// A margin (ratio − floor) as people read it: rounded toward −∞, so a shortfall of 0.026
    /// shows "-0.03" and a surplus of 0.089 shows "+0.08" — never better than it is.
    public static func displayMargin(_ margin: Double) -> String {
        let t = (margin * 100 + 1e-9).rounded(.down) / 100
        return (t < 0 ? "-" : "+") + String(format: "%.2f", abs(t))
    }

    /// Passes when `ratio ≥ floor`, compared unrounded.
    public static func passes(_ ratio: Double, floor: Double) -> Bool { ratio >= floor }
}
