import EvidenceCore
import Foundation
import WidgetModel

/// The nearest colour to a failing token's that passes on every background it sits on, as Chrome
/// DevTools' contrast picker suggests one: the token's OKLCH lightness moved a step at a time
/// (0.001, darker tried before lighter at each distance) with its hue and chroma kept — chroma
/// lowered only as far as sRGB needs — rounded to 8 bits, its alpha kept, and judged as the audit
/// judges it (composited over each background, compared unrounded with the floor). Deterministic.
public enum NearestPassing {
    /// One background with the floor the token must clear on it.
    public struct Constraint: Hashable, Sendable {
        public var background: CompositeColor
        public var floor: Double
        public init(_ background: CompositeColor, floor: Double) {
            self.background = background
            self.floor = floor
        }
    }

    /// nil when no lightness at this hue passes everywhere (a background light and one dark).
    public static func colour(for colour: Color, passing constraints: [Constraint]) -> Color? {
        if passes(colour, constraints) { return colour }
        let start = OKLab(colour)
        let (l, c, h) = (start.l, start.chroma, start.hue)
        let step = 0.001
        var distance = step
        while distance <= 1 + step {
            for target in [l - distance, l + distance] where (0...1).contains(target) {
                let candidate = OKLab.inGamut(l: target, chroma: c, hue: h, alpha: colour.a)
                if passes(candidate, constraints) { return candidate }
            }
            distance += step
        }
        for extreme in [Color(r: 0, g: 0, b: 0, a: colour.a), Color(r: 255, g: 255, b: 255, a: colour.a)]
        where passes(extreme, constraints) {
            return extreme
        }
        return nil
    }

    static func passes(_ c: Color, _ constraints: [Constraint]) -> Bool {
        constraints.allSatisfy {
            WCAG.passes(WCAG.contrastRatio(WCAG.composite(c, over: $0.background), $0.background), floor: $0.floor)
        }
    }
}

/// Björn Ottosson's OKLab (2020), from and to 8-bit sRGB: the perceptual space the search walks.
struct OKLab {
    var l: Double, a: Double, b: Double
    var chroma: Double { (a * a + b * b).squareRoot() }
    var hue: Double { atan2(b, a) }

    init(l: Double, a: Double, b: Double) {
        self.l = l
        self.a = a
        self.b = b
    }

    init(_ c: Color) {
        let r = WCAG.linearize(Double(c.r))
        let g = WCAG.linearize(Double(c.g))
        let bl = WCAG.linearize(Double(c.b))
        let lms = [
            0.4122214708 * r + 0.5363325363 * g + 0.0514459929 * bl,
            0.2119034982 * r + 0.6806995451 * g + 0.1073969566 * bl,
            0.0883024619 * r + 0.2817188376 * g + 0.6299787005 * bl,
        ].map { cbrt($0) }
        l = 0.2104542553 * lms[0] + 0.7936177850 * lms[1] - 0.0040720468 * lms[2]
        a = 1.9779984951 * lms[0] - 2.4285922050 * lms[1] + 0.4505937099 * lms[2]
        b = 0.0259040371 * lms[0] + 0.7827717662 * lms[1] - 0.8086757660 * lms[2]
    }

    /// Linear-light sRGB, unclipped.
    var linearRGB: (Double, Double, Double) {
        let l_ = l + 0.3963377774 * a + 0.2158037573 * b
        let m_ = l - 0.1055613458 * a - 0.0638541728 * b
        let s_ = l - 0.0894841775 * a - 1.2914855480 * b
        let (x, y, z) = (l_ * l_ * l_, m_ * m_ * m_, s_ * s_ * s_)
        return (
            4.0767416621 * x - 3.3077115913 * y + 0.2309699292 * z,
            -1.2684380046 * x + 2.6097574011 * y - 0.3413193965 * z,
            -0.0041960863 * x - 0.7034186147 * y + 1.7076147010 * z
        )
    }

    static func isInGamut(_ rgb: (Double, Double, Double)) -> Bool {
        let e = 1e-7
        return [rgb.0, rgb.1, rgb.2].allSatisfy { $0 >= -e && $0 <= 1 + e }
    }

    /// The colour at this lightness and hue with the most chroma up to `chroma` that sRGB holds
    /// (bisection on chroma), rounded to 8 bits.
    static func inGamut(l: Double, chroma: Double, hue: Double, alpha: UInt8) -> Color {
        func at(_ c: Double) -> OKLab { OKLab(l: l, a: c * cos(hue), b: c * sin(hue)) }
        var lab = at(chroma)
        if !isInGamut(lab.linearRGB) {
            var lo = 0.0
            var hi = chroma
            for _ in 0..<32 {
                let mid = (lo + hi) / 2
                if isInGamut(at(mid).linearRGB) { lo = mid } else { hi = mid }
            }
            lab = at(lo)
        }
        let (r, g, b) = lab.linearRGB
        func byte(_ v: Double) -> UInt8 {
            let c = min(1, max(0, v))
            let encoded = c <= 0.0031308 ? 12.92 * c : 1.055 * pow(c, 1 / 2.4) - 0.055
            return UInt8((encoded * 255).rounded())
        }
        return Color(r: byte(r), g: byte(g), b: byte(b), a: alpha)
    }
}

/// A colour written as the token file writes it: `#RRGGBB` (`#AARRGGBB` when translucent) in
/// Android's res XML; the `components` of an Xcode colorset, 0–1 to three decimals as Xcode writes them.
public enum TokenNotation {
    public static func write(_ c: Color, platform: Platform) -> String {
        switch platform {
        case .android: return c.hex
        case .ios:
            func f(_ v: UInt8) -> String { String(format: "%.3f", Double(v) / 255) }
            return "\"red\": \"\(f(c.r))\", \"green\": \"\(f(c.g))\", \"blue\": \"\(f(c.b))\", \"alpha\": \"\(f(c.a))\""
        }
    }
}
