/// Pixels read as packed 32-bit words — equal words are equal colours — so a scan can compare and
/// deduplicate pixels without building a `Color` per pixel. `RGBAImage` packs straight RGBA;
/// a `Canvas` packs Cairo's premultiplied ARGB.
public protocol PixelGrid {
    var width: Int { get }
    var height: Int { get }
    func packed(x: Int, y: Int) -> UInt32
    /// The straight-alpha colour a word from `packed` stands for.
    func color(packed: UInt32) -> Color
}

extension RGBAImage: PixelGrid {
    @inline(__always) public func packed(x: Int, y: Int) -> UInt32 {
        let i = (y * width + x) * 4
        return pixels.withUnsafeBytes { UInt32(littleEndian: $0.loadUnaligned(fromByteOffset: i, as: UInt32.self)) }
    }
    @inline(__always) public func color(packed v: UInt32) -> Color {
        Color(r: UInt8(truncatingIfNeeded: v), g: UInt8(truncatingIfNeeded: v >> 8),
              b: UInt8(truncatingIfNeeded: v >> 16), a: UInt8(truncatingIfNeeded: v >> 24))
    }
}

extension Canvas: PixelGrid {
    @inline(__always) public func packed(x: Int, y: Int) -> UInt32 { word(x: x, y: y) }
    @inline(__always) public func color(packed v: UInt32) -> Color {
        let s = Canvas.straightRGBA(v)
        return Color(r: UInt8(truncatingIfNeeded: s), g: UInt8(truncatingIfNeeded: s >> 8),
                     b: UInt8(truncatingIfNeeded: s >> 16), a: UInt8(truncatingIfNeeded: s >> 24))
    }
}
