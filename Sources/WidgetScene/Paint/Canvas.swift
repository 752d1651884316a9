import CPixels
import CairoShim
import EvidenceCore

#if _endian(big)
    #error("Canvas stores straight RGBA as little-endian words")
#endif

/// A reusable drawing target: one pixel buffer, grown to the largest frame drawn and cleared before
/// each draw, so a worker rendering hundreds of fixtures neither allocates a surface nor has the
/// kernel zero fresh pages per render. Not thread-safe: each worker owns its own.
///
/// Pixel layout (Cairo's `CAIRO_FORMAT_ARGB32`): one native-endian `UInt32` per pixel, alpha in
/// the high byte, colour premultiplied by alpha, rows packed with no padding (stride = width × 4).
/// `pixelHash` and `image()` convert to straight RGBA, so both equal `RGBAImage`'s exactly.
public final class Canvas {
    public private(set) var width = 0
    public private(set) var height = 0
    private var words: UnsafeMutablePointer<UInt32>
    private var capacity = 0
    /// `pixelHash`'s buffer: a stretch of straight RGBA at a time (rows are packed, so stretches
    /// may cross them), never a whole image; small enough to stay in the L1 cache.
    private let stretch = UnsafeMutablePointer<UInt32>.allocate(capacity: Canvas.stretchCount)
    private static let stretchCount = 4096
    /// A second surface for checks that draw a variant of the scene (the contrast audit's
    /// foreground-free background), made on first use.
    public private(set) lazy var scratch = Canvas()
    /// Whether `scratch` holds the background of the frame last drawn, inside the regions the
    /// painter was given (`CairoPainter.draw(_:into:keepingBackgroundIn:)`).
    public internal(set) var holdsBackground = false

    public init() {
        words = .allocate(capacity: 1)
    }

    /// A canvas holding `image` (premultiplied the way Cairo stores it).
    public convenience init(_ image: RGBAImage) {
        self.init()
        resize(width: image.width, height: image.height, clear: false)
        image.pixels.withUnsafeBytes { src in
            for i in 0..<(image.width * image.height) {
                let r = UInt32(src[4 * i])
                let g = UInt32(src[4 * i + 1])
                let b = UInt32(src[4 * i + 2])
                let a = UInt32(src[4 * i + 3])
                func pre(_ c: UInt32) -> UInt32 { (c * a + 127) / 255 }
                words[i] = a << 24 | pre(r) << 16 | pre(g) << 8 | pre(b)
            }
        }
    }

    deinit {
        words.deallocate()
        stretch.deallocate()
    }

    /// Sizes the canvas to `width` × `height`, its pixels cleared to transparent unless `clear` is
    /// false (the caller overwrites them all).
    package func resize(width: Int, height: Int, clear: Bool = true) {
        let count = width * height
        if count > capacity {
            words.deallocate()
            words = .allocate(capacity: count)
            capacity = count
        }
        self.width = width
        self.height = height
        if clear { words.update(repeating: 0, count: count) }
    }

    /// A Cairo surface over the canvas's pixels (`width` × `height`), cleared by a `CLEAR` paint:
    /// that also tells Cairo the surface is clear, as a freshly created one is — Cairo then draws
    /// the first translucent fills as it would on a new surface (it turns OVER on a clear surface
    /// into SOURCE, which rounds differently). Destroy it after drawing.
    package func makeSurface(width: Int, height: Int) -> OpaquePointer {
        resize(width: width, height: height, clear: false)
        holdsBackground = false
        let bytes = UnsafeMutableRawPointer(words).assumingMemoryBound(to: UInt8.self)
        let surface = cairo_image_surface_create_for_data(
            bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))!
        let cr = cairo_create(surface)!
        cairo_set_operator(cr, CAIRO_OPERATOR_CLEAR)
        cairo_paint(cr)
        cairo_destroy(cr)
        return surface
    }

    /// A Cairo surface over the frame `packed` holds (`width` × `height`, from `packedUnlessTransparent`).
    /// Destroy it after drawing.
    package func makeSurface(width: Int, height: Int, unpacking packed: [UInt32]) -> OpaquePointer {
        resize(width: width, height: height, clear: false)
        holdsBackground = false
        cpixels_unpack(packed, packed.count, words, width * height)
        return surfaceOverPixels()
    }

    /// The pixels packed (`cpixels_pack`); nil when every one is transparent.
    package func packedUnlessTransparent() -> [UInt32]? {
        let count = width * height
        let buffer = UnsafeMutablePointer<UInt32>.allocate(capacity: count + 1)
        defer { buffer.deallocate() }
        let n = cpixels_pack(words, count, buffer)
        // All transparent packs to one run of the word 0.
        if count > 0, n == 2, buffer[1] == 0 { return nil }
        return Array(UnsafeBufferPointer(start: buffer, count: n))
    }

    /// A Cairo surface over the pixels as they are (not cleared). Destroy it after drawing.
    package func surfaceOverPixels() -> OpaquePointer {
        let bytes = UnsafeMutableRawPointer(words).assumingMemoryBound(to: UInt8.self)
        return cairo_image_surface_create_for_data(
            bytes, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))!
    }

    /// Sizes this canvas like `frame` and copies `frame`'s pixels inside `regions` (clamped to the
    /// frame); pixels outside them are left as they were.
    package func copy(_ regions: [PixelRect], from frame: Canvas) {
        resize(width: frame.width, height: frame.height, clear: false)
        for r in regions {
            let x0 = max(0, r.x)
            let x1 = min(width, r.x + r.width)
            guard x0 < x1 else { continue }
            for y in max(0, r.y)..<max(max(0, r.y), min(height, r.y + r.height)) {
                (words + y * width + x0).update(from: frame.words + y * width + x0, count: x1 - x0)
            }
        }
    }

    /// The premultiplied ARGB word at (x, y).
    @inline(__always) public func word(x: Int, y: Int) -> UInt32 { words[y * width + x] }

    /// The premultiplied ARGB words, row-major.
    package var pixels: UnsafePointer<UInt32> { UnsafePointer(words) }

    /// The frame as straight RGBA — only when pixels must leave the canvas (a PNG is written, a
    /// golden compared, a report drawn).
    public func image() -> RGBAImage {
        let count = width * height
        let pixels = [UInt8](unsafeUninitializedCapacity: count * 4) { buffer, initialized in
            let out = UnsafeMutableRawPointer(buffer.baseAddress!).bindMemory(to: UInt32.self, capacity: count)
            Self.straighten(words, into: out, count: count)
            initialized = count * 4
        }
        return RGBAImage(width: width, height: height, pixels: pixels)
    }

    /// Exactly `image().pixelHash` (XXH3-128 of the size header and the straight RGBA bytes),
    /// converted a stretch at a time so no image-sized buffer is made.
    public var pixelHash: Hash128 {
        let hash = XXH3Stream()
        RGBAImage.hashHeader(width: width, height: height).withUnsafeBytes { hash.update($0.baseAddress, $0.count) }
        let count = width * height
        for start in stride(from: 0, to: count, by: Self.stretchCount) {
            let n = min(Self.stretchCount, count - start)
            Self.straighten(words + start, into: stretch, count: n)
            hash.update(stretch, n * 4)
        }
        return hash.digest
    }

    /// XXH3-128 of the same size header and then the premultiplied words as they lie, unconverted:
    /// equal words straighten to equal pixels, so a frame whose words hash like one already seen to
    /// straighten to a golden's pixels holds them too (`ProvenGoldens`) — one pass over the frame
    /// where `pixelHash` takes two. Not `pixelHash`: never compared with it.
    public var wordsHash: Hash128 {
        let hash = XXH3Stream()
        RGBAImage.hashHeader(width: width, height: height).withUnsafeBytes { hash.update($0.baseAddress, $0.count) }
        hash.update(words, width * height * 4)
        return hash.digest
    }

    /// Premultiplied ARGB words → straight RGBA bytes (little-endian words: R first — the only
    /// byte order evidence builds for, see the `#error` above), exactly as `straightRGBA` does one
    /// word at a time; in C, four pixels at a time (CanvasTests checks every alpha and channel).
    package static func straighten(_ src: UnsafePointer<UInt32>, into dst: UnsafeMutablePointer<UInt32>, count: Int) {
        cpixels_straighten(src, dst, count)
    }

    /// One premultiplied ARGB word as straight RGBA packed R | G << 8 | B << 16 | A << 24.
    @inline(__always) package static func straightRGBA(_ v: UInt32) -> UInt32 {
        let a = v >> 24
        guard a != 0 else { return 0 }
        var r = (v >> 16) & 0xFF
        var g = (v >> 8) & 0xFF
        var b = v & 0xFF
        if a != 255 {
            // Round to nearest; a premultiplied channel never exceeds alpha, so the result is ≤ 255.
            r = min(255, (r * 255 + a / 2) / a)
            g = min(255, (g * 255 + a / 2) / a)
            b = min(255, (b * 255 + a / 2) / a)
        }
        return r | g << 8 | b << 16 | a << 24
    }
}
