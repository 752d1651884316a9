import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// Issue #56: the manifest's frames lines are read a byte at a time (`ElementFramesText`), and
/// must accept exactly what the split-and-`Double` reading accepted, giving the same frames.
@Suite struct ElementFramesTextTests {
    /// The reading `ElementFrames(text:)` had before: the reference.
    static func splitReading(_ text: String) -> [ElementFrames.Frame]? {
        var frames: [ElementFrames.Frame] = []
        guard !text.isEmpty else { return [] }
        for item in text.split(separator: ";", omittingEmptySubsequences: false) {
            let parts = item.split(separator: " ", omittingEmptySubsequences: false)
            guard parts.count == 5, !parts[0].isEmpty else { return nil }
            let numbers = parts.dropFirst().compactMap { Double($0) }.filter { $0.isFinite && abs($0) < 1e6 }
            guard numbers.count == 4, numbers[2] >= 0, numbers[3] >= 0 else { return nil }
            frames.append(
                .init(
                    name: String(parts[0]),
                    rect: Rect(x: numbers[0], y: numbers[1], width: numbers[2], height: numbers[3])))
        }
        return frames
    }

    /// Same frames or both refused — and the same bits, so -0 stays -0.
    static func agree(_ text: String) -> Bool {
        let fast = ElementFrames(text: text)?.frames
        let reference = splitReading(text)
        guard let fast, let reference else { return fast == nil && reference == nil }
        return fast.count == reference.count
            && zip(fast, reference).allSatisfy { a, b in
                a.name == b.name
                    && [a.rect.x, a.rect.y, a.rect.width, a.rect.height].map(\.bitPattern)
                        == [b.rect.x, b.rect.y, b.rect.width, b.rect.height].map(\.bitPattern)
            }
    }

    /// Every frames line the committed manifest holds, as written (read with JSONSerialization,
    /// not through the reading under test).
    static func manifestLines() throws -> [String] {
        let data = try Data(contentsOf: PackagePaths.goldens.appendingPathComponent(Manifest.fileName))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let goldens = try #require(root["goldens"] as? [String: [String: Any]])
        return goldens.keys.sorted().compactMap { goldens[$0]?["frames"] as? String }
    }

    @Test func everyManifestLineReadsAsTheSplitReadingDid() throws {
        let lines = try Self.manifestLines()
        expectTrue(lines.count > 1_000)
        for line in lines { expectTrue(Self.agree(line), "\(line)") }
    }

    /// Spellings at the edges of each rule: the fast decimal and `Double(_:)`'s own.
    @Test func edgeSpellingsAgree() {
        let numbers = [
            "0", "-0", "00", "007", "1.", ".5", "-.5", "1.50", "12.345", "123456789012345", "1234567890123456",
            "999999.99", "1000000", "-999999.999", "0.1", "0.30000000000000004", "1e3", "1E-2", "0x10", "0x1p3", "+1",
            "--1", "1-", "1..2", "1.2.3", "inf", "-inf", "nan", "infinity", "", " ", "\t1", "1\t", "٣", "1_000",
            "0.000000000000001", "0.0000000000000001", "98765.4321098765",
        ]
        for n in numbers {
            for text in ["a \(n) 2 3 4", "a 1 \(n) 3 4", "a 1 2 \(n) 4", "a 1 2 3 \(n)", "a \(n) \(n) \(n) \(n)"] {
                expectTrue(Self.agree(text), "\(text)")
            }
        }
        for text in [
            "", ";", "a 1 2 3 4;", ";a 1 2 3 4", "a 1 2 3 4;;b 1 2 3 4", "a 1 2 3", "a 1 2 3 4 5", " 1 2 3 4",
            "a  1 2 3 4",
            "a 1 2 3 4 ", "a", "a ", "é-ü 1 2 3 4", "a;b 1 2 3 4", "a 1 2 -3 4", "a 1 2 3 -4", "a 1 2 -0 -0",
            "numeral 16 12.5 40 30.25;dayStreakLabel -0.5 42 80.1 15",
        ] {
            expectTrue(Self.agree(text), "\(text)")
        }
    }

    /// Manifest lines broken a character at a time, at random but the same every run.
    @Test func brokenManifestLinesAgree() throws {
        let lines = try Self.manifestLines()
        var rng = SplitMix(seed: 56)
        let inserts: [Character] = ["-", ".", "e", " ", ";", "0", "9", "x", "+", "n", "\u{00e9}"]
        for _ in 0..<4_000 {
            var chars = Array(rng.pick(lines))
            for _ in 0..<(1 + Int(rng.next() % 3)) {
                let at = Int(rng.next() % UInt64(chars.count + 1))
                switch rng.next() % 3 {
                case 0 where at < chars.count: chars.remove(at: at)
                case 1 where at < chars.count: chars[at] = rng.pick(inserts)
                default: chars.insert(rng.pick(inserts), at: at)
                }
            }
            let text = String(chars)
            expectTrue(Self.agree(text), "\(text)")
        }
    }
}
