/// Pixels read as packed 32-bit words — equal words are equal colours — so a scan can compare and
/// deduplicate pixels without building a `Color` per pixel. `RGBAImage` packs straight RGBA;
/// a `Canvas` packs Cairo's premultiplied ARGB.
public protocol PixelGrid {
    var width: Int { get }
    var height: Int { get }
    /// The pixels as packed words, row-major (pixel (x, y) at `y × width + x`), for the duration of `body`.
    func withPackedWords<R>(_ body: (UnsafePointer<UInt32>) throws -> R) rethrows -> R
    /// The straight-alpha colour a word from `packed` stands for.
    func color(packed: UInt32) -> Color
}

extension RGBAImage: PixelGrid {
    public func withPackedWords<R>(_ body: (UnsafePointer<UInt32>) throws -> R) rethrows -> R {
        try pixels.withUnsafeBytes { try $0.withMemoryRebound(to: UInt32.self) { try body($0.baseAddress!) } }
    }
    @inline(__always) public func color(packed v: UInt32) -> Color {
        Color(
            r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
            b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
    }
}
