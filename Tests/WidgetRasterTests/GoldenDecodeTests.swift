import CPNG
import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// Issue #56: goldens are inflated by libdeflate (`cpng_decode_rgba8_deflate`) where the file is
/// one of the plain shapes it reads, and by libpng otherwise. What it reads must come out exactly
/// as libpng reads it — every golden, random images of every colour type and row filter — and
/// anything else must be left to libpng.
@Suite struct GoldenDecodeTests {
    // Both return Data: its == is one memcmp, where [UInt8]'s compares element by element in debug.

    /// The file through libdeflate: nil where it leaves the file to libpng.
    static func throughLibdeflate(_ png: [UInt8], _ width: Int, _ height: Int) -> Data? {
        var read = 0
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let rc = png.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer {
                cpng_decode_rgba8_deflate(p.baseAddress, p.count, UInt32(width), UInt32(height), $0.baseAddress, &read)
            }
        }
        return rc == 1 ? Data(out) : nil
    }

    /// The file through libpng alone: nil where libpng refuses it.
    static func throughLibpng(_ png: [UInt8], _ width: Int, _ height: Int) -> Data? {
        var fed = 0
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        var out = [UInt8](repeating: 0, count: width * height * 4)
        let rc = png.withUnsafeBufferPointer { p in
            out.withUnsafeMutableBufferPointer {
                cpng_decode_rgba8(p.baseAddress, p.count, UInt32(width), UInt32(height), $0.baseAddress, &fed, &message)
            }
        }
        return rc == 0 ? Data(out) : nil
    }

    /// Every golden under EVIDENCE_SWEEPS=full; else about one in ten (`Sweep`), with every
    /// platform, family, state, motif, body and theme — each key's part at each place — and every
    /// image size and colour type the goldens hold.
    @Test func everyGoldenReadsThroughLibdeflateAsThroughLibpng() throws {
        let m = try #require(try Manifest.load(from: PackagePaths.goldens))
        expectTrue(m.goldens.count > 1_000)
        // Reading every file is cheap; decoding each twice is what the sample saves.
        let all = try m.goldens.sorted(by: { $0.key < $1.key }).map { key, entry in
            (key, entry, [UInt8](try Data(contentsOf: PackagePaths.goldens.appendingPathComponent(entry.file))))
        }
        let sample = Sweep.sample(all, oneIn: 10) { key, entry, png in
            key.split(separator: "/").enumerated().map { "\($0.offset) \($0.element)" }
                + [
                    "size \(entry.width)×\(entry.height)",
                    "depth \(png.count > 25 ? "\(png[24]) colour \(png[25])" : "none")",
                ]
        }
        for (key, entry, png) in sample {
            let fast = Self.throughLibdeflate(png, entry.width, entry.height)
            expectTrue(fast != nil, "\(key): left to libpng")
            expectTrue(fast == Self.throughLibpng(png, entry.width, entry.height), "\(key)")
        }
        print("GoldenDecodeTests: \(sample.count) of \(all.count) goldens decoded both ways (\(Sweep.size))")
    }

    // MARK: Hand-made PNGs

    // The PNG pieces are ImageFixtures' (the one chunk, CRC and stored-zlib writer the tests share).
    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] { ImageFixtures.chunk(type, data) }
    static func be32(_ v: UInt32) -> [UInt8] { ImageFixtures.be32(v) }
    static func zlibStored(_ data: [UInt8], adler: UInt32? = nil) -> [UInt8] {
        ImageFixtures.zlibStored(data, adler: adler)
    }

    /// A PNG of `rows` (each a filter byte and its samples) in the given colour type.
    static func png(
        _ width: Int, _ height: Int, colour: UInt8, depth: UInt8 = 8, interlace: UInt8 = 0, plte: [UInt8]? = nil,
        trns: [UInt8]? = nil, idat: [[UInt8]], extra: [UInt8] = []
    ) -> [UInt8] {
        var out =
            PNGCodec.signature
            + chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [depth, colour, 0, 0, interlace])
        if let plte { out += chunk("PLTE", plte) }
        if let trns { out += chunk("tRNS", trns) }
        for part in idat { out += chunk("IDAT", part) }
        return out + extra + chunk("IEND", [])
    }

    /// Random images of every colour type, each row under a random filter (samples and filtered
    /// bytes alike random), some split over several IDAT chunks: libdeflate reads each, as libpng does.
    @Test func randomImagesOfEveryColourTypeAndFilterReadAlike() throws {
        var rng = SplitMix(seed: 5_600)
        var read = [UInt8: Int]()
        for trial in 0..<600 {
            let colour = rng.pick([0, 2, 3, 4, 6] as [UInt8])
            let width = 1 + Int(rng.next() % 40)
            let height = 1 + Int(rng.next() % 12)
            let bpp = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colour)]!
            let entries = 1 + Int(rng.next() % 256)
            var plte: [UInt8]?
            var trns: [UInt8]?
            if colour == 3 {
                plte = (0..<(entries * 3)).map { _ in UInt8(truncatingIfNeeded: rng.next()) }
                if rng.next() % 2 == 0 {
                    trns = (0..<(1 + Int(rng.next() % UInt64(entries)))).map { _ in
                        UInt8(truncatingIfNeeded: rng.next())
                    }
                }
            }
            var rows: [UInt8] = []
            for _ in 0..<height {
                rows.append(UInt8(rng.next() % 5))
                for _ in 0..<(width * bpp) {
                    // Palette indices inside the palette; other samples anything, often repeated (so tRNS matches).
                    rows.append(
                        colour == 3
                            ? UInt8(rng.next() % UInt64(entries))
                            : rng.next() % 4 == 0 ? 7 : UInt8(truncatingIfNeeded: rng.next()))
                }
            }
            if colour == 0, rng.next() % 2 == 0 { trns = [0, 7] }
            if colour == 2, rng.next() % 2 == 0 { trns = [0, 7, 0, 7, 0, 7] }
            let stream = Self.zlibStored(rows)
            let cut = Int(rng.next() % UInt64(stream.count + 1))
            let idat = rng.next() % 3 == 0 ? [Array(stream[..<cut]), Array(stream[cut...])] : [stream]
            let file = Self.png(width, height, colour: colour, plte: plte, trns: trns, idat: idat)
            let libpng = Self.throughLibpng(file, width, height)
            expectTrue(libpng != nil, "trial \(trial)")
            // What libdeflate reads must come out as libpng's; what it declines, libpng decodes.
            // (It declines about one random image in six, cause not yet found — never a golden.)
            guard let fast = Self.throughLibdeflate(file, width, height) else { continue }
            expectTrue(fast == libpng, "trial \(trial): colour type \(colour), \(width)×\(height)")
            read[colour, default: 0] += 1
        }
        expectTrue(read.count == 5)
    }

    /// Shapes libdeflate leaves to libpng, which decides them: what `PNGCodec.decode` answers is
    /// libpng's answer.
    @Test func anythingElseIsLeftToLibpng() throws {
        let row: [UInt8] = [0, 10, 20, 30, 40, 50, 60]  // a 2×1 RGB row, filter None
        let plain = Self.png(2, 1, colour: 2, idat: [Self.zlibStored(row)])
        expectTrue(Self.throughLibdeflate(plain, 2, 1) == Data([10, 20, 30, 255, 40, 50, 60, 255]))
        let stream = Self.zlibStored(row)
        let others: [(String, Int, Int, [UInt8])] = [
            ("a bad Adler-32", 2, 1, Self.png(2, 1, colour: 2, idat: [Self.zlibStored(row, adler: 1)])),
            ("bytes after the zlib stream", 2, 1, Self.png(2, 1, colour: 2, idat: [stream + [0]])),
            ("a stream short of the last row", 2, 2, Self.png(2, 2, colour: 2, idat: [stream])),
            ("filter 5", 2, 1, Self.png(2, 1, colour: 2, idat: [Self.zlibStored([5] + Array(row.dropFirst()))])),
            (
                "an ancillary chunk", 2, 1,
                Self.png(2, 1, colour: 2, idat: [stream], extra: Self.chunk("tEXt", Array("a\u{0}b".utf8)))
            ),
            (
                "a chunk between IDATs", 2, 1,
                Array(Self.png(2, 1, colour: 2, idat: [Array(stream.prefix(4))]).dropLast(12))
                    + Self.chunk("tEXt", Array("a\u{0}b".utf8)) + Self.chunk("IDAT", Array(stream.dropFirst(4)))
                    + Self.chunk("IEND", [])
            ),
            ("16 bits", 1, 1, Self.png(1, 1, colour: 2, depth: 16, idat: [Self.zlibStored([0, 1, 2, 3, 4, 5, 6])])),
            ("interlaced", 2, 1, Self.png(2, 1, colour: 2, interlace: 1, idat: [Self.zlibStored(row)])),
            (
                "a palette index past the palette", 2, 1,
                Self.png(2, 1, colour: 3, plte: [1, 2, 3], idat: [Self.zlibStored([0, 0, 1])])
            ),
            ("tRNS on RGBA", 1, 1, Self.png(1, 1, colour: 6, trns: [0, 0], idat: [Self.zlibStored([0, 1, 2, 3, 4])])),
            (
                "a grey tRNS past 8 bits", 1, 1,
                Self.png(1, 1, colour: 0, trns: [1, 7], idat: [Self.zlibStored([0, 7])])
            ),
        ]
        for (name, w, h, file) in others {
            expectTrue(Self.throughLibdeflate(file, w, h) == nil, "\(name)")
            let libpng = Self.throughLibpng(file, w, h)
            do {
                let decoded = try PNGCodec.decode(file, name: "x.png")
                expectTrue(Data(decoded.pixels) == libpng, "\(name)")
            } catch {
                expectTrue(libpng == nil, "\(name): \(error)")
            }
        }
    }
}
