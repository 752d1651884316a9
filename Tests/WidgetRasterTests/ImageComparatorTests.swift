import EvidenceCore
import Testing

@testable import WidgetRaster

@Suite struct ImageComparatorTests {
    let base = ImageFixtures.pattern(width: 40, height: 30)

    @Test func identicalImagesMatch() {
        for c in [ImageComparator.exact, .perceptual()] {
            let r = c.compare(expected: base, actual: base)
            expectTrue(r.outcome == .match)
            expectTrue(r.differingPixels == 0 && r.boundingBox == nil && r.isMatch)
        }
    }

    @Test func exactCountsOnePixelAndItsBox() {
        var b = base
        b.pixels[(7 * 40 + 5) * 4 + 3] ^= 1  // alpha of (5,7), one bit
        let r = ImageComparator.exact.compare(expected: base, actual: b)
        expectTrue(r.outcome == .pixels)
        expectTrue(r.differingPixels == 1)
        expectTrue(r.boundingBox == PixelRect(x: 5, y: 7, width: 1, height: 1))
        expectTrue(r.summary == "pixels: 1 differ, in 1×1 at (5,7)")
        b.setPixel(x: 39, y: 29, .black)
        b.setPixel(x: 2, y: 20, .black)
        let r2 = ImageComparator.exact.compare(expected: base, actual: b)
        expectTrue(r2.differingPixels == 3)
        expectTrue(r2.boundingBox == PixelRect(x: 2, y: 7, width: 38, height: 23))
    }

    @Test func sizeMismatchIsItsOwnOutcome() {
        let small = ImageFixtures.pattern(width: 40, height: 28)
        for c in [ImageComparator.exact, .perceptual()] {
            let r = c.compare(expected: base, actual: small)
            expectTrue(r.outcome == .size)
            expectTrue(
                r.expectedSize == PixelSize(width: 40, height: 30) && r.actualSize == PixelSize(width: 40, height: 28))
            expectTrue(r.summary == "size: expected 40×30, got 40×28")
        }
        // Union counting: rows 28-29 exist only in expected (the overlap differs: the pattern scales).
        let same = RGBAImage(width: 4, height: 3, fill: .white)
        let wider = RGBAImage(width: 5, height: 2, fill: .white)
        let r = ImageComparator.exact.compare(expected: same, actual: wider)
        expectTrue(r.differingPixels == 12 + 10 - 2 * 8)
        expectTrue(r.boundingBox == PixelRect(x: 0, y: 0, width: 5, height: 3))
    }

    /// White card with a black block whose right edge is anti-aliased (one grey column).
    func edge(grey: UInt8, width: Int = 20, height: Int = 20) -> RGBAImage {
        var img = RGBAImage(width: width, height: height, fill: .white)
        for y in 0..<height {
            for x in 0..<8 { img.setPixel(x: x, y: y, .black) }
            img.setPixel(x: 8, y: y, Color(r: grey, g: grey, b: grey))
        }
        return img
    }

    @Test func perceptualIgnoresATinyShiftButCountsARealChange() {
        var shifted = base
        for i in stride(from: 0, to: shifted.pixels.count, by: 4) {
            shifted.pixels[i] = UInt8(min(255, Int(shifted.pixels[i]) + 6))
            shifted.pixels[i + 1] = UInt8(min(255, Int(shifted.pixels[i + 1]) + 4))
        }
        expectTrue(ImageComparator.exact.compare(expected: base, actual: shifted).outcome == .pixels)
        expectTrue(ImageComparator.perceptual().compare(expected: base, actual: shifted).outcome == .match)
        // A strict threshold sees it.
        expectTrue(
            ImageComparator.perceptual(threshold: 0.01).compare(expected: base, actual: shifted).outcome == .pixels)

        // A real change: a 3×2 dark blot in the flat white part of the edge image.
        var blot = edge(grey: 128)
        for y in 10..<12 { for x in 14..<17 { blot.setPixel(x: x, y: y, Color(r: 40, g: 40, b: 90)) } }
        let r = ImageComparator.perceptual().compare(expected: edge(grey: 128), actual: blot)
        expectTrue(r.outcome == .pixels)
        expectTrue(r.differingPixels == 6)
        expectTrue(r.boundingBox == PixelRect(x: 14, y: 10, width: 3, height: 2))
    }

    @Test func antialiasedEdgeIsDetectedAndNotCounted() {
        let a = edge(grey: 128)
        let b = edge(grey: 90)
        let ea = a.pixels.withUnsafeBufferPointer { pa in
            b.pixels.withUnsafeBufferPointer { pb in
                (
                    ImageComparator.antialiased(
                        .init(base: pa.baseAddress!, stride: 20), 8, 10, 20, 20,
                        other: .init(base: pb.baseAddress!, stride: 20)),
                    ImageComparator.antialiased(
                        .init(base: pa.baseAddress!, stride: 20), 15, 10, 20, 20,
                        other: .init(base: pb.baseAddress!, stride: 20))
                )
            }
        }
        expectTrue(ea.0 == true, "the grey edge pixel is anti-aliasing")
        expectTrue(ea.1 == false, "a pixel in a flat area is not")

        // The shift (Y delta ≈ 38) is above the 0.1 threshold, so without AA detection it would count.
        let exact = ImageComparator.exact.compare(expected: a, actual: b)
        expectTrue(exact.differingPixels == 20)
        let p = ImageComparator.perceptual().compare(expected: a, actual: b)
        expectTrue(p.outcome == .match)
        expectTrue(p.differingPixels == 0)
        expectTrue(p.antialiasedPixels == 20)
    }

    @Test func colorDeltaBlendsAlphaOverTheCheckerboard() {
        // pixelmatch 7.2's checkerboard: each channel 48 or 207, from the byte offset.
        expectTrue(ImageComparator.checkerboard(0) == (48, 48, 48))
        // 140/1.618 = 86.5 (even), 140/2.618 = 53.5 (odd)
        expectTrue(ImageComparator.checkerboard(140) == (48, 48, 207))
        expectTrue(ImageComparator.checkerboard(12) == (48, 207, 48))  // 12/1.618 = 7.4 (odd), 12/2.618 = 4.6 (even)
        let px: [UInt8] = [255, 255, 255, 0, 255, 255, 255, 255, 0, 0, 0, 255, 0, 0, 0, 0]
        px.withUnsafeBufferPointer { p in
            let b = p.baseAddress!
            // Transparent white vs opaque white at offset 0: the checkerboard (48, 48, 48) shows
            // through one of them, so white ink that vanishes is a difference (0.5053 × 207² in Y).
            let vanished = ImageComparator.colorDelta(b, b + 4, offset: 0)
            expectTrue(abs(vanished - 0.5053 * 207 * 207) < 0.5)
            // Two fully transparent pixels of different colours look the same: the background.
            expectTrue(ImageComparator.colorDelta(b + 12, b, offset: 0) == 0)
            // Opaque white vs black: only Y differs (255), negative because the first is lighter.
            let full = ImageComparator.colorDelta(b + 4, b + 8, offset: 0)
            expectTrue(abs(full + 0.5053 * 255 * 255) < 0.5)
            expectTrue(ImageComparator.colorDelta(b + 8, b + 4, offset: 0) > 0)
            expectTrue(abs(full) < ImageComparator.maxYIQDelta)
        }
    }

    @Test func diffImageMarksChangesOverFadedExpected() {
        var b = base
        b.setPixel(x: 3, y: 4, .black)
        let d = ImageComparator.exact.diffImage(expected: base, actual: b)
        expectTrue(d.size == base.size)
        expectTrue(d.pixel(x: 3, y: 4) == Color(r: 255, g: 0, b: 0))
        let faded = d.pixel(x: 20, y: 15)
        expectTrue(faded.r == faded.g && faded.g == faded.b && faded.r > 200, "faded grey copy: \(faded)")
        // Exactly the counted pixels are red.
        let reds = (0..<d.height).flatMap { y in (0..<d.width).map { d.pixel(x: $0, y: y) } }.filter {
            $0 == Color(r: 255, g: 0, b: 0)
        }
        expectTrue(reds.count == 1)
    }

    @Test func diffImageOverTheUnionOfSizes() {
        let e = RGBAImage(width: 4, height: 3, fill: .white)
        let a = RGBAImage(width: 5, height: 2, fill: .white)
        let d = ImageComparator.exact.diffImage(expected: e, actual: a)
        expectTrue(d.size == PixelSize(width: 5, height: 3))
        let red = Color(r: 255, g: 0, b: 0)
        expectTrue(d.pixel(x: 4, y: 0) == red)  // only in actual
        expectTrue(d.pixel(x: 0, y: 2) == red)  // only in expected
        expectTrue(d.pixel(x: 4, y: 2) == .white)  // in neither
        expectTrue(d.pixel(x: 1, y: 1) != red)  // overlap, equal
    }

    @Test func perceptualDiffImageShowsAntialiasingInYellow() {
        let d = ImageComparator.perceptual().diffImage(expected: edge(grey: 128), actual: edge(grey: 90))
        expectTrue(d.pixel(x: 8, y: 5) == Color(r: 255, g: 210, b: 0))
    }

    @Test func descriptionsSayWhichComparison() {
        expectTrue(ImageComparator.exact.description == "exact")
        expectTrue(
            ImageComparator.perceptual().description
                == "perceptual (pixelmatch 7.2 rule: YIQ threshold 0.1, alpha over its checkerboard, anti-aliasing "
                + "ignored)"
        )
        expectTrue(
            ImageComparator.perceptual(threshold: 0.2, includeAA: true).description
                == "perceptual (pixelmatch 7.2 rule: YIQ threshold 0.2, alpha over its checkerboard, anti-aliasing "
                + "counted)"
        )
        expectTrue(ImageComparator.perceptual(threshold: 7) == .perceptual(threshold: 1))
    }
}
