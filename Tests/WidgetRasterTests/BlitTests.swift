import EvidenceCore
import Testing

@testable import WidgetRaster

/// `ContactSheet.blit` (C since the sheet's full-size bands made it the sheet's cost): every pixel
/// of the block lands by the source-over rule, clipped at the destination's edges, and nothing
/// outside the block changes.
@Suite struct BlitTests {
    @Test func everyPixelLandsBySourceOverAndNothingElseMoves() {
        var rng = SplitMix(seed: 4_242)
        for trial in 0..<200 {
            let (sw, sh) = (1 + Int(rng.next() % 9), 1 + Int(rng.next() % 7))
            let (dw, dh) = (1 + Int(rng.next() % 12), 1 + Int(rng.next() % 10))
            let (x, y) = (Int(rng.next() % UInt64(dw + 2)), Int(rng.next() % UInt64(dh + 2)))
            // Alphas drawn so that opaque, transparent and translucent all appear often.
            func byte(_ i: Int) -> UInt8 {
                i % 4 == 3
                    ? [0, 255, UInt8(truncatingIfNeeded: rng.next())][Int(rng.next() % 3)]
                    : UInt8(truncatingIfNeeded: rng.next())
            }
            let src = RGBAImage(width: sw, height: sh, pixels: (0..<sw * sh * 4).map(byte))
            let before = RGBAImage(width: dw, height: dh, pixels: (0..<dw * dh * 4).map(byte))
            var dst = before
            ContactSheet.blit(src, into: &dst, x: x, y: y)
            for dy in 0..<dh {
                for dx in 0..<dw {
                    let d = (dy * dw + dx) * 4
                    let (sx, sy) = (dx - x, dy - y)
                    let old = Array(before.pixels[d..<d + 4])
                    let now = Array(dst.pixels[d..<d + 4])
                    guard sx >= 0, sy >= 0, sx < sw, sy < sh else {
                        expectTrue(now == old, "trial \(trial): (\(dx), \(dy)) is outside the block and moved")
                        continue
                    }
                    let s = Array(src.pixels[(sy * sw + sx) * 4..<(sy * sw + sx) * 4 + 4])
                    let a = Double(s[3]) / 255
                    let want: [UInt8] =
                        switch s[3] {
                        case 255: s
                        case 0: old
                        default:
                            (0..<3).map { UInt8((Double(s[$0]) * a + Double(old[$0]) * (1 - a)).rounded()) } + [255]
                        }
                    expectTrue(now == want, "trial \(trial): (\(dx), \(dy)) alpha \(s[3])")
                }
            }
        }
    }
}
