import EvidenceCore

@testable import WidgetRaster

/// Builders for test images and hand-made PNG files (so every bad file is generated, not stored).
enum ImageFixtures {
    /// A deterministic picture with gradients, flat areas and varying alpha.
    static func pattern(width: Int, height: Int) -> RGBAImage {
        var img = RGBAImage(width: width, height: height, fill: .white)
        for y in 0..<height {
            for x in 0..<width {
                let inCard = x > width / 8 && x < width * 7 / 8 && y > height / 6 && y < height * 5 / 6
                let c: Color =
                    inCard
                    ? Color(
                        r: UInt8(x * 255 / max(1, width - 1)), g: UInt8(y * 255 / max(1, height - 1)), b: 120,
                        a: UInt8(truncatingIfNeeded: 128 + (x ^ y) % 128))
                    : Color(r: 250, g: 248, b: 240)
                img.setPixel(x: x, y: y, c)
            }
        }
        return img
    }

    // MARK: PNG building blocks

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    static func be32(_ v: UInt32) -> [UInt8] {
        [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func ihdr(width: UInt32, height: UInt32, bitDepth: UInt8, colorType: UInt8, interlace: UInt8 = 0) -> [UInt8]
    {
        chunk("IHDR", be32(width) + be32(height) + [bitDepth, colorType, 0, 0, interlace])
    }

    /// A zlib stream of stored (uncompressed) deflate blocks; `adler` replaces the stream's checksum
    /// (a test of a wrong one).
    static func zlibStored(_ data: [UInt8], adler: UInt32? = nil) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, data.count - i)
            let final: UInt8 = i + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[i..<(i + n)]
            i += n
        } while i < data.count
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + be32(adler ?? (b << 16 | a))
    }

    /// A complete PNG from raw (unfiltered) scanlines: each row gets filter byte 0.
    /// (For an interlaced file, pass each Adam7 pass's rows in order.)
    static func png(
        width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]], extra: [[UInt8]] = [],
        interlace: UInt8 = 0
    ) -> [UInt8] {
        var raw: [UInt8] = []
        for r in rows {
            raw.append(0)
            raw += r
        }
        return signature
            + ihdr(
                width: UInt32(width), height: UInt32(height), bitDepth: bitDepth, colorType: colorType,
                interlace: interlace)
            + extra.flatMap { $0 } + chunk("IDAT", zlibStored(raw)) + chunk("IEND", [])
    }

    /// Offsets and types of the chunks in a PNG (assumes a well-formed file).
    static func chunks(_ png: [UInt8]) -> [(offset: Int, type: String, length: Int)] {
        var out: [(Int, String, Int)] = []
        var o = 8
        while o + 12 <= png.count {
            let len = Int(png[o]) << 24 | Int(png[o + 1]) << 16 | Int(png[o + 2]) << 8 | Int(png[o + 3])
            out.append((o, String(decoding: png[(o + 4)..<(o + 8)], as: UTF8.self), len))
            o += 12 + len
        }
        return out
    }
}
