import Foundation

/// A raster in 8-bit RGBA, straight alpha, row-major, top row first — the one pixel format
/// shared by the painter, the PNG codec, the comparisons and the contrast audit.
public struct RGBAImage: Equatable, Sendable {
    public let width: Int
    public let height: Int
    /// `width * height * 4` bytes: R, G, B, A.
    public var pixels: [UInt8]

    public init(width: Int, height: Int, pixels: [UInt8]) {
        precondition(pixels.count == width * height * 4, "RGBAImage: pixel count does not match size")
        self.width = width
        self.height = height
        self.pixels = pixels
    }
    public init(width: Int, height: Int, fill: Color = .clear) {
        self.width = width
        self.height = height
        var p = [UInt8](repeating: 0, count: width * height * 4)
        if fill != .clear {
            // One word a pixel (R, G, B, A in memory), not a byte loop: the sheets fill 100 Mpx bands.
            let word = (UInt32(fill.r) | UInt32(fill.g) << 8 | UInt32(fill.b) << 16 | UInt32(fill.a) << 24).littleEndian
            p.withUnsafeMutableBytes { $0.withMemoryRebound(to: UInt32.self) { $0.update(repeating: word) } }
        }
        self.pixels = p
    }

    /// One memcmp over the pixels: the synthesised == compares them a byte at a time, which an
    /// unoptimised build (the test suite's) pays for on every image.
    public static func == (a: RGBAImage, b: RGBAImage) -> Bool {
        a.width == b.width && a.height == b.height
            && a.pixels.withUnsafeBytes { x in
                b.pixels.withUnsafeBytes { y in
                    x.count == y.count && (x.isEmpty || memcmp(x.baseAddress!, y.baseAddress!, x.count) == 0)
                }
            }
    }
    public func pixel(x: Int, y: Int) -> Color {
        let i = (y * width + x) * 4
        return Color(r: pixels[i], g: pixels[i + 1], b: pixels[i + 2], a: pixels[i + 3])
    }
    public mutating func setPixel(x: Int, y: Int, _ c: Color) {
        let i = (y * width + x) * 4
        pixels[i] = c.r
        pixels[i + 1] = c.g
        pixels[i + 2] = c.b
        pixels[i + 3] = c.a
    }
}
