import EvidenceCore
import Foundation

extension Canvas: PixelGrid {
    public func withPackedWords<R>(_ body: (UnsafePointer<UInt32>) throws -> R) rethrows -> R { try body(pixels) }
    @inline(__always) public func color(packed v: UInt32) -> Color {
        let s = Canvas.straightRGBA(v)
        return Color(
            r: UInt8(truncatingIfNeeded: s), g: UInt8(truncatingIfNeeded: s >> 8),
            b: UInt8(truncatingIfNeeded: s >> 16), a: UInt8(truncatingIfNeeded: s >> 24))
    }
}
