import Foundation
import Testing
@testable import WidgetRaster

/// The perceptual comparison agrees with pixelmatch itself: the expected counts below were produced
/// by the reference implementation (pixelmatch, `includeAA: false`) on these exact PNG pairs — two
/// real renders each, differing in glyph, caption and text.
@Suite struct PixelmatchReferenceTests {
    static let dir = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/pixelmatch")

    func load(_ name: String) throws -> RGBAImage {
        try PNGCodec.decodeFile(atPath: Self.dir.appendingPathComponent(name).path)
    }

    @Test(arguments: [(1, 0.05, 500), (1, 0.1, 475), (1, 0.3, 397), (2, 0.05, 1271), (2, 0.1, 1151), (2, 0.3, 554)])
    func countsMatchPixelmatch(pair: Int, threshold: Double, expected: Int) throws {
        let a = try load("a\(pair).png"), b = try load("b\(pair).png")
        let r = ImageComparator.perceptual(threshold: threshold).compare(expected: a, actual: b)
        #expect(r.differingPixels == expected)
    }
}
