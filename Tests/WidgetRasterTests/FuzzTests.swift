import EvidenceCore
import Foundation
import Testing
import WidgetModel

@testable import WidgetRaster

/// Bad input must give an error, never a crash: seeded mutations of real inputs through the two
/// decoders that read files from disk (PNG goldens, snapshot JSON). Deterministic: fixed seeds.
@Suite struct FuzzTests {
    /// A tiny deterministic PRNG (SplitMix64), so failures reproduce.
    struct SplitMix: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    func mutate(_ bytes: [UInt8], _ rng: inout SplitMix) -> [UInt8] {
        var b = bytes
        switch rng.next() % 4 {
        case 0:  // flip a few bytes
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                b[Int(rng.next() % UInt64(b.count))] ^= UInt8(truncatingIfNeeded: rng.next() | 1)
            }
        case 1:  // truncate
            b = Array(b.prefix(Int(rng.next() % UInt64(b.count))))
        case 2:  // splice a run from elsewhere
            let from = Int(rng.next() % UInt64(b.count))
            let to = Int(rng.next() % UInt64(b.count))
            let n = min(16, b.count - max(from, to))
            if n > 0 { for k in 0..<n { b[to + k] = bytes[from + k] } }
        default:  // insert junk
            let at = Int(rng.next() % UInt64(b.count))
            b.insert(contentsOf: (0..<8).map { _ in UInt8(truncatingIfNeeded: rng.next()) }, at: at)
        }
        return b
    }

    @Test func mutatedPNGsNeverCrash() throws {
        var image = RGBAImage(width: 40, height: 24, fill: .white)
        for x in 0..<40 { image.setPixel(x: x, y: x % 24, Color(r: UInt8(x * 6), g: 80, b: 200)) }
        let png = PNGCodec.encode(image)
        var rng = SplitMix(state: 42)
        var rejected = 0
        for _ in 0..<2000 {
            let bad = mutate(png, &rng)
            do {
                let decoded = try PNGCodec.decode(bad, name: "fuzz.png")
                expectTrue(decoded.pixels.count == decoded.width * decoded.height * 4)
            } catch {
                rejected += 1
                expectTrue(!error.description.contains("\n"))
                expectTrue(error.location == "fuzz.png")
            }
        }
        expectTrue(rejected > 1500)
    }

    @Test func mutatedSnapshotsNeverCrash() throws {
        let json = Array(
            """
            {"syncedAt":"2026-09-17T07:45:00+02:00","streak":12,"longestStreak":21,"extendedToday":false,
             "streakMetaphor":"waves","kindlingEnabled":true,"coachLine":"Add today's stone to keep the tower rising.",
             "habits":[{"id":"a","title":"Meditate","checkedInToday":false},{"title":"Read — 20\
             pages","checkedInToday":true}]}
            """.utf8)
        var rng = SplitMix(state: 7)
        for _ in 0..<3000 {
            let bad = mutate(json, &rng)
            do {
                let s = try decodeWidgetSnapshot(Data(bad))
                expectTrue(s.streak >= 0 && s.longestStreak >= 0)
            } catch {
                expectTrue(!error.description.contains("\n"))
            }
        }
    }
}
