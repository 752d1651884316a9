import CPixels
import Testing

/// `cpixels_pack` (the painter's kept prefix frames): runs of three or more equal words as a run,
/// everything else copied in stretches. Issue #56 let it step over words that start no run without
/// a call; the packed words are what the loop made before, and unpack to the frame.
@Suite struct PixelPackTests {
    static let run: UInt32 = 0x8000_0000

    /// The packing as it was written before (the reference): a run is at least three equal words.
    static func reference(_ src: [UInt32]) -> [UInt32] {
        var out: [UInt32] = []
        var i = 0
        var stretch = 0
        func flushStretch(to end: Int) {
            var s = stretch
            while s < end {
                let n = min(end - s, Int(run) - 1)
                out.append(UInt32(n))
                out += src[s..<(s + n)]
                s += n
            }
        }
        while i < src.count {
            var length = 1
            while i + length < src.count, src[i + length] == src[i] { length += 1 }
            if length < 3 {
                i += length
                continue
            }
            flushStretch(to: i)
            out += [run | UInt32(length), src[i]]
            i += length
            stretch = i
        }
        flushStretch(to: src.count)
        return out
    }

    @Test func packedRunsAreTheReferenceAndUnpackToTheWords() {
        var rng = SplitMix(seed: 56_000)
        for trial in 0..<400 {
            let count = Int(rng.next() % 3_000)
            var words: [UInt32] = []
            while words.count < count {
                let length = rng.next() % 5 == 0 ? 1 + Int(rng.next() % 400) : 1 + Int(rng.next() % 4)
                let word = UInt32(truncatingIfNeeded: rng.next() % 4) &* 0x0101_0101
                words += Array(repeating: word, count: min(length, count - words.count))
            }
            var packed = [UInt32](repeating: 0, count: count + 2)
            let n = cpixels_pack(words, count, &packed)
            expectTrue(Array(packed.prefix(n)) == Self.reference(words), "trial \(trial)")
            var back = [UInt32](repeating: 0xDEAD_BEEF, count: count)
            cpixels_unpack(packed, n, &back, count)
            expectTrue(back == words, "trial \(trial)")
        }
    }
}
