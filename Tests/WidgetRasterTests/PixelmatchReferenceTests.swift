import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// The perceptual comparison agrees with pixelmatch 7.2.0 itself: every count below was produced
/// by the reference implementation (github.com/mapbox/pixelmatch at tag v7.2.0, `index.js` run
/// under Node v20 on the RGBA bytes of these exact PNG pairs, default options — `checkerboard:
/// true` — with the threshold given and `includeAA` as given). Nothing of pixelmatch is in the repo.
///
/// - `a1`/`b1`, `a2`/`b2`: opaque, two real Android renders each, differing in glyph, caption and text.
/// - `alpha1`: the Lock Screen accessory `ios/accessoryCircular/default-some-extended/flame/any-body/dark`
///   (white ink on transparency) against a copy with every ink pixel made fully transparent (colour
///   kept): the "vanished ink" of issue #23, which a comparison blending over white cannot see.
/// - `alpha2`: two real semi-transparent renders, `accessoryRectangular` default-some-extended/flame
///   vs default-some-notyet/flame.
/// - `alpha3`: `a1`/`b1` with the same alpha ramp ((5x + 3y) mod 256) laid over both: colour on
///   every level of translucency.
@Suite struct PixelmatchReferenceTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
        "Fixtures/pixelmatch")

    static func load(_ name: String) throws -> RGBAImage {
        try PNGCodec.decodeFile(atPath: dir.appendingPathComponent(name).path)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let a: String, b: String, threshold: Double, includeAA: Bool, pixelmatch: Int
        var testDescription: String { "\(a) vs \(b) at \(threshold)\(includeAA ? " includeAA" : ""): \(pixelmatch)" }
    }

    static let cases: [Case] = [
        // Opaque: today's counts, unchanged by the alpha rule.
        Case(a: "a1.png", b: "b1.png", threshold: 0.05, includeAA: false, pixelmatch: 500),
        Case(a: "a1.png", b: "b1.png", threshold: 0.1, includeAA: false, pixelmatch: 475),
        Case(a: "a1.png", b: "b1.png", threshold: 0.3, includeAA: false, pixelmatch: 397),
        Case(a: "a2.png", b: "b2.png", threshold: 0.05, includeAA: false, pixelmatch: 1271),
        Case(a: "a2.png", b: "b2.png", threshold: 0.1, includeAA: false, pixelmatch: 1151),
        Case(a: "a2.png", b: "b2.png", threshold: 0.3, includeAA: false, pixelmatch: 554),
        Case(a: "a1.png", b: "b1.png", threshold: 0.1, includeAA: true, pixelmatch: 704),
        Case(a: "a2.png", b: "b2.png", threshold: 0.1, includeAA: true, pixelmatch: 1608),
        // Vanished ink.
        Case(a: "alpha1-a.png", b: "alpha1-b.png", threshold: 0.05, includeAA: false, pixelmatch: 16533),
        Case(a: "alpha1-a.png", b: "alpha1-b.png", threshold: 0.1, includeAA: false, pixelmatch: 10555),
        Case(a: "alpha1-a.png", b: "alpha1-b.png", threshold: 0.3, includeAA: false, pixelmatch: 3695),
        Case(a: "alpha1-a.png", b: "alpha1-b.png", threshold: 0.1, includeAA: true, pixelmatch: 11937),
        // Semi-transparent renders.
        Case(a: "alpha2-a.png", b: "alpha2-b.png", threshold: 0.05, includeAA: false, pixelmatch: 162),
        Case(a: "alpha2-a.png", b: "alpha2-b.png", threshold: 0.1, includeAA: false, pixelmatch: 160),
        Case(a: "alpha2-a.png", b: "alpha2-b.png", threshold: 0.3, includeAA: false, pixelmatch: 151),
        Case(a: "alpha2-a.png", b: "alpha2-b.png", threshold: 0.1, includeAA: true, pixelmatch: 266),
        // Colour under an alpha ramp.
        Case(a: "alpha3-a.png", b: "alpha3-b.png", threshold: 0.05, includeAA: false, pixelmatch: 587),
        Case(a: "alpha3-a.png", b: "alpha3-b.png", threshold: 0.1, includeAA: false, pixelmatch: 464),
        Case(a: "alpha3-a.png", b: "alpha3-b.png", threshold: 0.3, includeAA: false, pixelmatch: 219),
    ]

    @Test(arguments: cases)
    func countsMatchPixelmatch(_ c: Case) throws {
        let a = try Self.load(c.a)
        let b = try Self.load(c.b)
        let r = ImageComparator.perceptual(threshold: c.threshold, includeAA: c.includeAA).compare(
            expected: a, actual: b)
        expectTrue(r.differingPixels == c.pixelmatch)
        expectTrue(r.outcome == .pixels)
    }

    /// The vanished ink differs only in alpha (every colour byte kept), and a comparison that
    /// blended over white saw nothing: white ink over white is white.
    @Test func vanishedInkDiffersOnlyInAlpha() throws {
        let a = try Self.load("alpha1-a.png")
        let b = try Self.load("alpha1-b.png")
        expectTrue(a.size == b.size)
        for i in stride(from: 0, to: a.pixels.count, by: 4) {
            expectTrue(a.pixels[i..<i + 3] == b.pixels[i..<i + 3])
        }
        expectTrue(b.pixels.enumerated().allSatisfy { $0.offset % 4 != 3 || $0.element == 0 })
    }
}
