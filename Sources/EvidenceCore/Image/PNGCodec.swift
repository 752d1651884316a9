import CPNG

/// PNG encode and decode for goldens: encoding through libdeflate, decoding through libpng (both via
/// the small `CPNG` C target, because libpng reports errors with longjmp).
///
/// - Encoding is deterministic: libdeflate at a level chosen from the pixels, filter None, 8-bit, non-interlaced, the
///   smallest colour type the pixels allow, no ancillary chunks (no tIME/tEXt/gAMA/sRGB). Same
///   pixels + same libdeflate → same bytes (its version is in `libraryVersions` for the manifest's
///   environment; the pixels, which the gate compares, do not depend on it).
/// - Decoding accepts any PNG colour type and bit depth and returns straight-alpha RGBA without
///   any gamma or colour-space conversion. Before libpng sees a byte, the file is walked chunk by
///   chunk: signature, Git LFS pointer, truncation, every chunk's CRC, and IHDR's size against
///   `Limits` (so a decompression bomb is refused before anything is allocated). Every rejection
///   is a one-line `InputError` whose location is the file name.
public enum PNGCodec {
    /// The largest image `decode` will allocate. Widgets are at most a few thousand pixels a side.
    public struct Limits: Sendable, Hashable {
        public var maxSide: Int
        public var maxPixels: Int
        public init(maxSide: Int = 16_384, maxPixels: Int = 64 * 1024 * 1024) {
            self.maxSide = maxSide
            self.maxPixels = maxPixels
        }
        public static let standard = Limits()
    }

    /// What IHDR says, read without decoding any image data.
    public struct Header: Sendable, Hashable {
        public var width: Int
        public var height: Int
        public var bitDepth: Int
        public var colorType: Int
        public var interlaced: Bool
        public var size: PixelSize { PixelSize(width: width, height: height) }

        package init(width: Int, height: Int, bitDepth: Int, colorType: Int, interlaced: Bool) {
            self.width = width
            self.height = height
            self.bitDepth = bitDepth
            self.colorType = colorType
            self.interlaced = interlaced
        }
    }

    // MARK: Encoding

    /// The libdeflate levels the goldens are written with (`encode`), through `cpng_encode_golden`:
    /// whole image, every row filtered None, the smallest lossless colour type (grey, an 8-bit
    /// palette, grey + alpha, RGB, RGBA); `dark` where the opaque pixels' mean (r + g + b) / 3 is
    /// below 128, else `light`. Measured (issue #56) by re-encoding all 2,038 goldens with Debian
    /// 12's libdeflate 1.14, each decoded back and compared (0 mismatches), against libpng + zlib
    /// level 3: level 8 everywhere is 75 % of the bytes at 2.9× the encode time, level 7 everywhere
    /// 77.5 % — over the 77 % target — at 1.8×. Level 8's lazy2 parser pays on dark renders (−3.9 %
    /// against level 7 on a sample of 254) and hardly on light ones (−1.4 %, some grow), so dark
    /// at 8 and light at 7 is 76.2 % at 2.1×. Level 12 reaches 70 % at about 60×, and adaptive
    /// filters are larger (87–94 %): rendered UI is flat fills and long horizontal runs that
    /// deflate's matcher already finds, and None costs nothing to decode, which is what verify
    /// pays. `docs/benchmarks.md` has the record rows.
    package static let goldenLevels = (light: Int32(7), dark: Int32(8))

    /// libpng/zlib settings for the row-streaming encoder (`PNGStreamEncoder`: contact sheets, too
    /// large to hold whole, which libdeflate's whole-buffer API would need). Kept as a value so the
    /// choice is visible and testable. Measured (release, this 2-core box) on two Cairo-drawn
    /// 700×340 widget-like images — rounded card with a vertical gradient, a radial glow, a
    /// diagonal-gradient panel, large and small anti-aliased text, translucent circles; light and dark:
    ///
    ///   filter  level   bytes (simple / rich image)   encode ms (simple / rich)   decode ms
    ///   none    1       27.0K / 75.6K                 1.5 / 2.6                   0.6 / 1.1
    ///   none    3       26.0K / 69.6K                 1.6 / 2.9–3.3               0.5 / 1.1
    ///   none    6       20.4K / 50.6K                 3.9 / 6.3                   0.8 / 1.0
    ///   up      1       31.7K / 79.1K                 2.2 / 3.4                   1.3 / 1.5
    ///   paeth   6       26.7K / 55.6K                 5.4 / 12.5                  3.1
    ///   all(adaptive,6) 25.2K / 53.3K                 8.2 / 15.1                  2.6
    ///   none + Z_RLE    312K  / —                     6.0                         —
    ///
    /// A fixed filter keeps the bytes reproducible; None was the smallest fixed filter and the
    /// fastest both ways; level 3 is the smallest of zlib's fast (greedy) levels.
    package struct Encoding: Sendable, Hashable {
        package var filter: Int32
        package var level: Int32
        package var strategy: Int32

        package init(filter: Int32, level: Int32, strategy: Int32) {
            self.filter = filter
            self.level = level
            self.strategy = strategy
        }

        package static let streamed = Encoding(
            filter: Int32(CPNG_FILTER_NONE), level: 3, strategy: Int32(CPNG_Z_DEFAULT_STRATEGY))
    }

    /// Deterministic PNG bytes for `image` (same pixels and libdeflate version → same bytes). The
    /// image must not be empty (a programming error).
    public static func encode(_ image: RGBAImage) -> [UInt8] {
        precondition(image.width > 0 && image.height > 0, "PNGCodec.encode: empty image")
        precondition(image.width <= Int(Int32.max) && image.height <= Int(Int32.max))
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        let rc = image.pixels.withUnsafeBufferPointer { px in
            cpng_encode_golden(
                px.baseAddress, UInt32(image.width), UInt32(image.height), goldenLevels.light, goldenLevels.dark,
                &out, &count, &message)
        }
        // Writing to memory can only fail on allocation failure or bad parameters (both ours).
        guard rc == 0, let out else { fatalError("PNGCodec.encode: \(string(message))") }
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    // MARK: Decoding

    /// Decodes PNG `bytes` read from the file `name` into RGBA.
    public static func decode(_ bytes: [UInt8], name: String, limits: Limits = .standard) throws(InputError)
        -> RGBAImage
    {
        try decode(bytes, validated: try validate(bytes, name: name, limits: limits), name: name)
    }

    /// The bytes `header`'s image takes decoded (RGBA, 8 bits a channel).
    public static func decodedBytes(_ header: Header) -> Int { header.width * header.height * 4 }

    /// Decodes `bytes` whose structure `validate` has checked and returned `header` for: the one
    /// allocation is the header's width × height (so a caller that checked the size first bounds it).
    package static func decode(_ bytes: [UInt8], validated header: Header, name: String) throws(InputError) -> RGBAImage
    {
        try decodeCountingInput(bytes, validated: header, name: name).image
    }

    /// `decode`, also saying how many of the file's bytes the decoder read: reading stops at the
    /// last row IHDR declares, whatever the IDAT stream holds after it. A plain golden is inflated
    /// by libdeflate (`cpng_decode_rgba8_deflate`, which reads what libpng reads to the same
    /// pixels, several times faster: a cold verify decodes every golden); any other file by libpng.
    package static func decodeCountingInput(_ bytes: [UInt8], validated header: Header, name: String) throws(InputError)
        -> (image: RGBAImage, bytesFed: Int)
    {
        // The pixels and the decoder's row buffers, asked for before either is allocated.
        try requireAddressSpace(2 * decodedBytes(header), name, "decoding the PNG")
        let count = header.width * header.height * 4
        var failure: String?
        var fed = 0
        let pixels = bytes.withUnsafeBufferPointer { data in
            [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
                if cpng_decode_rgba8_deflate(
                    data.baseAddress, data.count, UInt32(header.width), UInt32(header.height),
                    buffer.baseAddress, &fed) == 1
                {
                    initialized = count
                    return
                }
                var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
                let rc = cpng_decode_rgba8(
                    data.baseAddress, data.count, UInt32(header.width), UInt32(header.height),
                    buffer.baseAddress, &fed, &message)
                if rc != 0 {
                    failure = string(message)
                    buffer.initialize(repeating: 0)
                }
                initialized = count
            }
        }
        if let failure {
            throw InputError(
                name, "corrupt PNG (\(failure.isEmpty ? "libpng failed" : failure)); re-record or restore it")
        }
        return (RGBAImage(width: header.width, height: header.height, pixels: pixels), fed)
    }

    /// Reads and decodes the PNG file at `path`; an unreadable file is an `InputError` too.
    public static func decodeFile(atPath path: String, limits: Limits = .standard) throws(InputError) -> RGBAImage {
        try decode(try readFile(atPath: path), name: path, limits: limits)
    }

    /// Checks the whole file's structure (signature, chunk lengths, every CRC, IHDR, an IDAT, IEND)
    /// and returns its header, without inflating any image data. `decode` runs this first.
    @discardableResult
    public static func validate(_ bytes: [UInt8], name: String, limits: Limits = .standard) throws(InputError) -> Header
    {
        func fail(_ problem: String) -> InputError { InputError(name, problem) }
        if bytes.isEmpty { throw fail("empty file (0 bytes), expected a PNG") }
        if bytes.starts(with: lfsPointerPrefix) {
            throw fail("this is a Git LFS pointer, not a PNG; run git lfs pull")
        }
        if bytes.count < signature.count, signature.starts(with: bytes) {
            throw fail("truncated PNG: the file ends after \(bytes.count) bytes, inside the PNG signature")
        }
        guard bytes.starts(with: signature) else {
            throw fail("not a PNG (wrong signature: starts with \(hexPreview(bytes)))")
        }
        return try bytes.withUnsafeBufferPointer { (b: UnsafeBufferPointer<UInt8>) throws(InputError) -> Header in
            func be32(_ i: Int) -> UInt32 {
                UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
            }
            var offset = signature.count
            var header: Header?
            var sawIDAT = false
            while true {
                guard offset < b.count else {
                    throw fail("truncated PNG: the file ends at byte \(b.count) before the IEND chunk")
                }
                guard b.count - offset >= 12 else {
                    throw fail(
                        "truncated PNG: the file ends at byte \(b.count), inside the chunk header at byte \(offset)")
                }
                let length = Int(be32(offset))
                let typeBytes = Array(b[(offset + 4)..<(offset + 8)])
                guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                    throw fail("corrupt PNG: invalid chunk type at byte \(offset)")
                }
                let type = String(decoding: typeBytes, as: UTF8.self)
                guard length <= 0x7FFF_FFFF else {
                    throw fail("corrupt PNG: chunk \(type) at byte \(offset) claims \(length) bytes")
                }
                guard b.count - offset - 12 >= length else {
                    throw fail(
                        "truncated PNG: chunk \(type) at byte \(offset) needs \(length + 12) bytes but the file ends "
                            + "at byte \(b.count)"
                    )
                }
                let stored = be32(offset + 8 + length)
                let computed = cpng_crc32(0, b.baseAddress! + offset + 4, length + 4)
                guard stored == computed else {
                    throw fail("corrupt PNG: bad CRC in chunk \(type) at byte \(offset)")
                }
                if header == nil {
                    guard type == "IHDR", length == 13 else {
                        throw fail("corrupt PNG: the first chunk is \(type), expected a 13-byte IHDR")
                    }
                    let d = offset + 8
                    let w = Int(be32(d))
                    let h = Int(be32(d + 4))
                    guard w > 0, h > 0, w <= 0x7FFF_FFFF, h <= 0x7FFF_FFFF else {
                        throw fail("corrupt PNG: IHDR says \(w)×\(h) px")
                    }
                    // The decompression-bomb guard: refuse before anything is allocated.
                    guard w <= limits.maxSide, h <= limits.maxSide, w * h <= limits.maxPixels else {
                        throw fail(
                            "PNG is \(w)×\(h) px, beyond the decode limit of \(limits.maxSide) px a side and "
                                + "\(limits.maxPixels / (1024 * 1024)) Mpx; refusing to decode it"
                        )
                    }
                    header = Header(
                        width: w, height: h, bitDepth: Int(b[d + 8]), colorType: Int(b[d + 9]),
                        interlaced: b[d + 12] != 0)
                } else if type == "IHDR" {
                    throw fail("corrupt PNG: a second IHDR chunk at byte \(offset)")
                }
                if type == "IDAT" { sawIDAT = true }
                offset += 12 + length
                if type == "IEND" { break }
            }
            // Bytes after IEND are ignored, as libpng and every viewer do.
            guard sawIDAT, let header else { throw fail("corrupt PNG: no image data (IDAT chunk)") }
            return header
        }
    }

    /// The versions of the codec's libraries (for the manifest's renderer environment): libdeflate
    /// decides the goldens' bytes; libpng and zlib decode them (and write contact sheets).
    public static var libraryVersions: [String: String] {
        [
            "libpng": String(cString: cpng_libpng_version()), "zlib": String(cString: cpng_zlib_version()),
            "libdeflate": String(cString: cpng_libdeflate_version()),
        ]
    }

    // MARK: Helpers

    package static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    package static let lfsPointerPrefix: [UInt8] = Array("version https://git-lfs.github.com/spec/".utf8)

    private static func string(_ message: [CChar]) -> String {
        let bytes = message.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexPreview(_ bytes: [UInt8]) -> String {
        let hex = bytes.prefix(8).map { b -> String in
            let s = String(b, radix: 16, uppercase: true)
            return s.count == 1 ? "0" + s : s
        }
        return hex.joined(separator: " ")
    }
}
