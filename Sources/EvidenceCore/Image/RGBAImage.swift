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
            for i in stride(from: 0, to: p.count, by: 4) {
                p[i] = fill.r
                p[i + 1] = fill.g
                p[i + 2] = fill.b
                p[i + 3] = fill.a
            }
        }
        self.pixels = p
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
