import CairoShim
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A 128-bit XXH3 hash (libxxhash's `XXH3_128bits`). Written and decoded as 32 lowercase hex
/// digits, high 64 bits first — the same text as `xxhsum -H2` and XXH128's canonical form.
public struct Hash128: Hashable, Sendable, Comparable, Codable, CustomStringConvertible {
    public var high: UInt64
    public var low: UInt64
    public init(high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
    }

    /// Parses 32 hex digits (either case); nil for anything else.
    public init?(hex: String) {
        let utf8 = Array(hex.utf8)
        guard utf8.count == 32, utf8.allSatisfy({ Self.hexValue($0) != nil }) else { return nil }
        func word(_ s: ArraySlice<UInt8>) -> UInt64 { s.reduce(0) { $0 << 4 | UInt64(Self.hexValue($1)!) } }
        self.init(high: word(utf8[0..<16]), low: word(utf8[16..<32]))
    }

    public var hex: String {
        func h(_ v: UInt64) -> String {
            let s = String(v, radix: 16)
            return String(repeating: "0", count: 16 - s.count) + s
        }
        return h(high) + h(low)
    }
    public var description: String { hex }

    public static func < (a: Hash128, b: Hash128) -> Bool { (a.high, a.low) < (b.high, b.low) }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Hash128(hex: text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "expected 32 hex digits, got '\(text)'")
        }
        self = value
    }
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(hex)
    }

    /// XXH3-128 of `bytes` (e.g. a PNG file's bytes, for the manifest's file hash).
    public static func of(_ bytes: [UInt8]) -> Hash128 {
        bytes.withUnsafeBytes { of($0) }
    }
    public static func of(_ bytes: UnsafeRawBufferPointer) -> Hash128 {
        // One call, no state to allocate: a golden file and every kept path node's pixels are hashed so.
        #if arch(x86_64) || arch(i386)
            return Hash128(XXH3_128bits_dispatch(bytes.baseAddress, bytes.count))
        #else
            return Hash128(XXH3_128bits(bytes.baseAddress, bytes.count))
        #endif
    }
    public static func of(_ text: String) -> Hash128 { of(Array(text.utf8)) }

    /// XXH3-128 of a file's bytes, read a megabyte at a time (a CJK font is 27 MB: hashing it must
    /// not hold it whole); nil when it cannot be read.
    public static func ofFile(atPath path: String) -> Hash128? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        let hash = XXH3Stream()
        let chunk = 1 << 20
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: chunk, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let n = read(fd, buffer, chunk)
            if n == 0 { return hash.digest }
            if n < 0 {
                if errno == EINTR { continue }
                return nil
            }
            hash.update(buffer, n)
        }
    }

    package init(_ h: XXH128_hash_t) { self.init(high: h.high64, low: h.low64) }

    private static func hexValue(_ c: UInt8) -> UInt8? {
        switch c {
        case 48...57: c - 48
        case 65...70: c - 55
        case 97...102: c - 87
        default: nil
        }
    }
}

extension RGBAImage {
    /// XXH3-128 over a 16-byte header — width and height as little-endian UInt64 — followed by
    /// the RGBA bytes. Covering the size means a 2×1 and a 1×2 image with the same bytes differ.
    public var pixelHash: Hash128 {
        let hash = XXH3Stream()
        Self.hashHeader(width: width, height: height).withUnsafeBytes { hash.update($0.baseAddress, $0.count) }
        pixels.withUnsafeBytes { hash.update($0.baseAddress, $0.count) }
        return hash.digest
    }
}

/// XXH3-128 over bytes fed in pieces: the same hash as over the pieces joined, however they are cut.
/// On x86 through libxxhash's dispatcher, which uses the widest vector unit the CPU has (AVX2 or
/// AVX-512 where the plain entry points use SSE2): the same hash, several times faster.
package final class XXH3Stream {
    private let state: OpaquePointer

    package init() {
        guard let state = XXH3_createState() else { fatalError("XXH3_createState: out of memory") }
        self.state = state
        XXH3_128bits_reset(state)
    }

    deinit { XXH3_freeState(state) }

    package func update(_ bytes: UnsafeRawPointer?, _ count: Int) {
        #if arch(x86_64) || arch(i386)
            _ = XXH3_128bits_update_dispatch(state, bytes, count)
        #else
            _ = XXH3_128bits_update(state, bytes, count)
        #endif
    }

    package var digest: Hash128 { Hash128(XXH3_128bits_digest(state)) }
}

extension RGBAImage {
    /// The 16 bytes `pixelHash` covers before the pixels: width and height as little-endian UInt64.
    package static func hashHeader(width: Int, height: Int) -> [UInt8] {
        var header = [UInt8](repeating: 0, count: 16)
        for i in 0..<8 {
            header[i] = UInt8(truncatingIfNeeded: UInt64(width) >> (8 * UInt64(i)))
            header[8 + i] = UInt8(truncatingIfNeeded: UInt64(height) >> (8 * UInt64(i)))
        }
        return header
    }
}
