import Foundation

/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable, Codable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
    public var description: String { "\(width)×\(height)" }
}

/// A rectangle in whole pixels, origin at the top-left of the image.
public struct PixelRect: Hashable, Sendable, Codable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int
    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
    public var description: String { "\(width)×\(height) at (\(x),\(y))" }
}

extension RGBAImage {
    public var size: PixelSize { PixelSize(width: width, height: height) }
}

/// What a comparison found. `outcome` is `.size` whenever the sizes differ (its own failure
/// kind); the counts then cover the union of both images, a pixel present in only one counting
/// as changed.
public struct ComparisonResult: Hashable, Sendable, Codable {
    public enum Outcome: String, Hashable, Sendable, Codable {
        case match, pixels, size
    }
    public var outcome: Outcome
    public var expectedSize: PixelSize
    public var actualSize: PixelSize
    /// Pixels counted as different by the comparator (0 for a match).
    public var differingPixels: Int
    /// The smallest rectangle holding every differing pixel; nil when there are none.
    public var boundingBox: PixelRect?
    /// Perceptual only: pixels over the threshold that were excused as anti-aliasing.
    public var antialiasedPixels: Int

    public var isMatch: Bool { outcome == .match }

    /// One line for a report, e.g. "pixels: 12 differ, in 4×3 at (10,20)".
    public var summary: String {
        switch outcome {
        case .match:
            antialiasedPixels > 0 ? "match (\(antialiasedPixels) anti-aliased pixels ignored)" : "match"
        case .pixels:
            "pixels: \(differingPixels) differ, in \(boundingBox.map(\.description) ?? "?")"
        case .size:
            "size: expected \(expectedSize), got \(actualSize)"
        }
    }
}

/// A comparison strategy as a value (swift-snapshot-testing's `Diffing` idea): verify, the report
/// and `evidence compare` are each handed one and say which they applied.
/// - `.exact`: any difference in any RGBA byte counts.
/// - `.perceptual(threshold:includeAA:)`: pixelmatch 7.2's rule — the YIQ colour delta of the two
///   pixels must exceed `threshold² × 35215`; a pixel that is not opaque in either image is first
///   blended over pixelmatch's checkerboard (its default `checkerboard: true`), so ink that turns
///   transparent is a difference even where it was white on white; and, unless `includeAA`, pixels
///   that look like anti-aliasing in either image (Vyšniauskas' detector: a brightness slope
///   between a darker and a brighter neighbour that each sit in flat areas in both images) are
///   not counted.
public struct ImageComparator: Hashable, Sendable, CustomStringConvertible {
    public enum Method: Hashable, Sendable {
        case exact
        case perceptual(threshold: Double, includeAA: Bool)
    }
    public let method: Method

    public static let exact = ImageComparator(method: .exact)
    /// pixelmatch's default threshold, and the gate's.
    public static let defaultThreshold = 0.1

    /// `threshold` in 0…1 (smaller is stricter; out-of-range values are clamped, NaN means the default).
    public static func perceptual(threshold: Double = defaultThreshold, includeAA: Bool = false) -> ImageComparator {
        let t = threshold.isNaN ? defaultThreshold : Swift.max(0, Swift.min(1, threshold))
        return ImageComparator(method: .perceptual(threshold: t, includeAA: includeAA))
    }

    public var isExact: Bool { self == .exact }

    public var description: String {
        switch method {
        case .exact: "exact"
        case .perceptual(let t, let includeAA):
            "perceptual (pixelmatch 7.2 rule: YIQ threshold \(t), alpha over its checkerboard, anti-aliasing "
                + "\(includeAA ? "counted" : "ignored"))"
        }
    }

    public func compare(expected: RGBAImage, actual: RGBAImage) -> ComparisonResult {
        var result = ComparisonResult(
            outcome: .match, expectedSize: expected.size, actualSize: actual.size,
            differingPixels: 0, boundingBox: nil, antialiasedPixels: 0)
        let sameSize = expected.width == actual.width && expected.height == actual.height
        if sameSize && Self.bytesEqual(expected.pixels, actual.pixels) { return result }

        var tally = Tally()
        scan(expected, actual, into: &tally, marks: nil)
        if !sameSize {
            for r in Self.outOfBounds(expected.size, actual.size) { tally.add(r) }
            tally.count +=
                expected.width * expected.height + actual.width * actual.height
                - 2 * Swift.min(expected.width, actual.width) * Swift.min(expected.height, actual.height)
        }
        result.differingPixels = tally.count
        result.antialiasedPixels = tally.antialiased
        result.boundingBox = tally.box
        result.outcome = !sameSize ? .size : (tally.count > 0 ? .pixels : .match)
        return result
    }

    /// A picture of the differences, over the union of both sizes: a faded grey copy of
    /// `expected`, changed pixels in red, and (perceptual) excused anti-aliased pixels in yellow.
    /// Pixels inside only one of the images are red; pixels in neither are white.
    public func diffImage(expected: RGBAImage, actual: RGBAImage) -> RGBAImage {
        let w = Swift.max(expected.width, actual.width)
        let h = Swift.max(expected.height, actual.height)
        var canvas = RGBAImage(width: w, height: h, fill: .white)
        canvas.pixels.withUnsafeMutableBufferPointer { out in
            expected.pixels.withUnsafeBufferPointer { e in
                for y in 0..<expected.height {
                    for x in 0..<expected.width {
                        let i = (y * expected.width + x) * 4
                        let lum = Self.luma(Double(e[i]), Double(e[i + 1]), Double(e[i + 2]))
                        let v = 255 + (lum - 255) * Self.fade * Double(e[i + 3]) / 255
                        let g = UInt8(Swift.max(0, Swift.min(255, v.rounded())))
                        let o = (y * w + x) * 4
                        out[o] = g
                        out[o + 1] = g
                        out[o + 2] = g
                        out[o + 3] = 255
                    }
                }
            }
            var marks = Marks(base: out.baseAddress!, stride: w)
            var tally = Tally()
            scan(expected, actual, into: &tally, marks: &marks)
            for y in 0..<h {
                for x in 0..<w {
                    let inE = x < expected.width && y < expected.height
                    let inA = x < actual.width && y < actual.height
                    if inE != inA { marks.set(x, y, Self.red) }
                }
            }
        }
        return canvas
    }

    // MARK: - Scanning

    /// How opaque the grey copy of `expected` is in a diff image.
    package static let fade = 0.15
    package static let red: (UInt8, UInt8, UInt8) = (255, 0, 0)
    package static let yellow: (UInt8, UInt8, UInt8) = (255, 210, 0)

    /// The largest YIQ delta two colours can have (black vs white); a threshold scales it.
    package static let maxYIQDelta = 35215.0

    package struct Tally {
        package var count = 0
        package var antialiased = 0
        package var minX = Int.max, minY = Int.max, maxX = Int.min, maxY = Int.min
        package mutating func add(_ x: Int, _ y: Int) {
            count += 1
            if x < minX { minX = x }
            if x > maxX { maxX = x }
            if y < minY { minY = y }
            if y > maxY { maxY = y }
        }
        /// Grows the box only (the caller counts).
        package mutating func add(_ r: PixelRect) {
            minX = Swift.min(minX, r.x)
            maxX = Swift.max(maxX, r.x + r.width - 1)
            minY = Swift.min(minY, r.y)
            maxY = Swift.max(maxY, r.y + r.height - 1)
        }
        package var box: PixelRect? {
            maxX < minX ? nil : PixelRect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
        }
    }

    package struct Marks {
        package let base: UnsafeMutablePointer<UInt8>
        package let stride: Int
        package func set(_ x: Int, _ y: Int, _ c: (UInt8, UInt8, UInt8)) {
            let p = base + (y * stride + x) * 4
            p[0] = c.0
            p[1] = c.1
            p[2] = c.2
            p[3] = 255
        }
    }

    /// One image's pixels with its row length, so two images of different sizes can be walked
    /// over their overlap.
    package struct View {
        package let base: UnsafePointer<UInt8>
        package let stride: Int
        package init(base: UnsafePointer<UInt8>, stride: Int) {
            self.base = base
            self.stride = stride
        }
        @inline(__always) package func at(_ x: Int, _ y: Int) -> UnsafePointer<UInt8> { base + (y * stride + x) * 4 }
        @inline(__always) package func word(_ x: Int, _ y: Int) -> UInt32 {
            UnsafeRawPointer(at(x, y)).loadUnaligned(as: UInt32.self)
        }
    }

    /// Compares the overlap of the two images, tallying (and optionally marking) differences.
    package func scan(
        _ expected: RGBAImage, _ actual: RGBAImage, into tally: inout Tally, marks: UnsafeMutablePointer<Marks>?
    ) {
        let w = Swift.min(expected.width, actual.width)
        let h = Swift.min(expected.height, actual.height)
        guard w > 0, h > 0 else { return }
        expected.pixels.withUnsafeBufferPointer { eb in
            actual.pixels.withUnsafeBufferPointer { ab in
                let e = View(base: eb.baseAddress!, stride: expected.width)
                let a = View(base: ab.baseAddress!, stride: actual.width)
                switch method {
                case .exact:
                    Self.scanExact(e, a, w, h, &tally, marks)
                case .perceptual(let threshold, let includeAA):
                    Self.scanPerceptual(
                        e, a, w, h, Self.maxYIQDelta * threshold * threshold, includeAA: includeAA, &tally, marks)
                }
            }
        }
    }

    package static func scanExact(
        _ e: View, _ a: View, _ w: Int, _ h: Int, _ tally: inout Tally, _ marks: UnsafeMutablePointer<Marks>?
    ) {
        for y in 0..<h {
            if memcmp(e.at(0, y), a.at(0, y), w * 4) == 0 { continue }
            for x in 0..<w where e.word(x, y) != a.word(x, y) {
                tally.add(x, y)
                marks?.pointee.set(x, y, red)
            }
        }
    }

    package static func scanPerceptual(
        _ e: View, _ a: View, _ w: Int, _ h: Int, _ maxDelta: Double, includeAA: Bool,
        _ tally: inout Tally, _ marks: UnsafeMutablePointer<Marks>?
    ) {
        for y in 0..<h {
            if memcmp(e.at(0, y), a.at(0, y), w * 4) == 0 { continue }
            for x in 0..<w where e.word(x, y) != a.word(x, y) {
                let delta = colorDelta(e.at(x, y), a.at(x, y), offset: (y * w + x) * 4)
                guard abs(delta) > maxDelta else { continue }
                if !includeAA && (antialiased(e, x, y, w, h, other: a) || antialiased(a, x, y, w, h, other: e)) {
                    tally.antialiased += 1
                    marks?.pointee.set(x, y, yellow)
                } else {
                    tally.add(x, y)
                    marks?.pointee.set(x, y, red)
                }
            }
        }
    }

    // MARK: - pixelmatch-style metric

    @inline(__always) package static func luma(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }
    @inline(__always) package static func inPhase(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.59597799 - g * 0.27417610 - b * 0.32180189
    }
    @inline(__always) package static func quadrature(_ r: Double, _ g: Double, _ b: Double) -> Double {
        r * 0.21147017 - g * 0.52261711 + b * 0.31114694
    }

    /// The background pixelmatch 7.2 blends a not-opaque pixel over, from the pixel's byte offset
    /// `k` in the image (its `checkerboard` option, on by default): each channel 48 or 207. Its
    /// formula taken as it is — `k` is a multiple of 4, so red is always 48 — because agreeing
    /// with pixelmatch's counts is the point.
    @inline(__always) package static func checkerboard(_ k: Int) -> (r: Double, g: Double, b: Double) {
        let d = Double(k)
        return (
            48 + 159 * Double(k % 2),
            48 + 159 * Double(Int(d / 1.618033988749895) % 2),
            48 + 159 * Double(Int(d / 2.618033988749895) % 2)
        )
    }

    /// The channel differences of two pixels at byte offset `k`, pixelmatch 7.2's way: straight
    /// differences when both are opaque, else each blended over the checkerboard by its alpha.
    @inline(__always)
    package static func channelDeltas(_ p: UnsafePointer<UInt8>, _ q: UnsafePointer<UInt8>, _ k: Int) -> (
        Double, Double, Double
    ) {
        let r1 = Double(p[0])
        let g1 = Double(p[1])
        let b1 = Double(p[2])
        let a1 = Double(p[3])
        let r2 = Double(q[0])
        let g2 = Double(q[1])
        let b2 = Double(q[2])
        let a2 = Double(q[3])
        guard p[3] < 255 || q[3] < 255 else { return (r1 - r2, g1 - g2, b1 - b2) }
        let bg = checkerboard(k)
        let da = a1 - a2
        return (
            (r1 * a1 - r2 * a2 - bg.r * da) / 255,
            (g1 * a1 - g2 * a2 - bg.g * da) / 255,
            (b1 * a1 - b2 * a2 - bg.b * da) / 255
        )
    }

    /// The squared YIQ distance between two pixels at byte offset `k` (both blended over the
    /// checkerboard unless opaque); negative when the first is the lighter one.
    @inline(__always)
    package static func colorDelta(_ p: UnsafePointer<UInt8>, _ q: UnsafePointer<UInt8>, offset k: Int) -> Double {
        if p[0] == q[0] && p[1] == q[1] && p[2] == q[2] && p[3] == q[3] { return 0 }
        let (dr, dg, db) = channelDeltas(p, q, k)
        let y = luma(dr, dg, db)
        let i = inPhase(dr, dg, db)
        let qd = quadrature(dr, dg, db)
        let delta = 0.5053 * y * y + 0.299 * i * i + 0.1957 * qd * qd
        return y > 0 ? -delta : delta
    }

    /// Just the Y (brightness) difference, for the anti-aliasing detector; `k` is the centre pixel's
    /// offset, whose checkerboard square both pixels are blended over (as pixelmatch does).
    @inline(__always)
    package static func brightnessDelta(_ p: UnsafePointer<UInt8>, _ q: UnsafePointer<UInt8>, offset k: Int) -> Double {
        if p[0] == q[0] && p[1] == q[1] && p[2] == q[2] && p[3] == q[3] { return 0 }
        let (dr, dg, db) = channelDeltas(p, q, k)
        return luma(dr, dg, db)
    }

    /// Whether pixel (x, y) of `image` looks like anti-aliasing: among its 8 neighbours at most
    /// two have the same brightness, there is both a darker and a brighter one, and the darkest or
    /// the brightest of them lies in a flat area (3+ identical neighbours) in both images.
    package static func antialiased(_ image: View, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int, other: View) -> Bool {
        let x0 = Swift.max(x1 - 1, 0)
        let y0 = Swift.max(y1 - 1, 0)
        let x2 = Swift.min(x1 + 1, w - 1)
        let y2 = Swift.min(y1 + 1, h - 1)
        let center = image.at(x1, y1)
        let k = (y1 * w + x1) * 4
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        var darkest = 0.0
        var brightest = 0.0
        var minX = 0
        var minY = 0
        var maxX = 0
        var maxY = 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) {
                let delta = brightnessDelta(center, image.at(x, y), offset: k)
                if delta == 0 {
                    zeroes += 1
                    if zeroes > 2 { return false }
                } else if delta < darkest {
                    darkest = delta
                    minX = x
                    minY = y
                } else if delta > brightest {
                    brightest = delta
                    maxX = x
                    maxY = y
                }
            }
        }
        if darkest == 0 || brightest == 0 { return false }
        return (hasManySiblings(image, minX, minY, w, h) && hasManySiblings(other, minX, minY, w, h))
            || (hasManySiblings(image, maxX, maxY, w, h) && hasManySiblings(other, maxX, maxY, w, h))
    }

    /// Whether pixel (x, y) has 3 or more neighbours of exactly its colour (image edges count as one).
    package static func hasManySiblings(_ image: View, _ x1: Int, _ y1: Int, _ w: Int, _ h: Int) -> Bool {
        let x0 = Swift.max(x1 - 1, 0)
        let y0 = Swift.max(y1 - 1, 0)
        let x2 = Swift.min(x1 + 1, w - 1)
        let y2 = Swift.min(y1 + 1, h - 1)
        let center = image.word(x1, y1)
        var zeroes = (x1 == x0 || x1 == x2 || y1 == y0 || y1 == y2) ? 1 : 0
        for x in x0...x2 {
            for y in y0...y2 where !(x == x1 && y == y1) && image.word(x, y) == center {
                zeroes += 1
                if zeroes > 2 { return true }
            }
        }
        return false
    }

    // MARK: - Helpers

    package static func bytesEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        guard a.count == b.count else { return false }
        return a.withUnsafeBytes { pa in
            b.withUnsafeBytes { pb in
                pa.count == 0 || memcmp(pa.baseAddress!, pb.baseAddress!, pa.count) == 0
            }
        }
    }

    /// The parts of each image outside their overlap (up to two rectangles per image).
    package static func outOfBounds(_ e: PixelSize, _ a: PixelSize) -> [PixelRect] {
        let ow = Swift.min(e.width, a.width)
        let oh = Swift.min(e.height, a.height)
        var rects: [PixelRect] = []
        for s in [e, a] {
            if s.width > ow && s.height > 0 {
                rects.append(PixelRect(x: ow, y: 0, width: s.width - ow, height: s.height))
            }
            if s.height > oh && s.width > 0 {
                rects.append(PixelRect(x: 0, y: oh, width: s.width, height: s.height - oh))
            }
        }
        return rects
    }
}
