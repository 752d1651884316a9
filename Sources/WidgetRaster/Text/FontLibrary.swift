import CairoShim
import Foundation

/// One bundled font file, opened twice: as a HarfBuzz face for shaping and measuring, and as a
/// FreeType face wrapped for Cairo to draw. Owns all four C objects and frees them in `deinit`.
final class FontFace: @unchecked Sendable {
    // Immutable after init; HarfBuzz fonts are safe to shape with from several threads, and
    // Cairo serialises its own access to the FT_Face, which nothing else touches.
    let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    private let ftFace: FT_Face
    let cairoFace: OpaquePointer
    let unitsPerEm: Double
    /// hhea ascender / descender in font units (descender positive, below the baseline).
    let ascender: Double
    let descender: Double

    init(path: String, library: FT_Library) throws(InputError) {
        guard let blob = hb_blob_create_from_file_or_fail(path) else {
            throw InputError(path, "cannot read bundled font; is the clone complete?")
        }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > 0, let face = hb_face_create(blob, 0) else {
            throw InputError(path, "not a font file HarfBuzz can read")
        }
        hbFace = face
        hbFont = hb_font_create(face)
        let upem = hb_face_get_upem(face)
        unitsPerEm = Double(upem)
        hb_font_set_scale(hbFont, Int32(upem), Int32(upem))
        var ext = hb_font_extents_t()
        hb_font_get_h_extents(hbFont, &ext)
        ascender = Double(ext.ascender)
        descender = Double(-ext.descender)

        var ft: FT_Face?
        guard FT_New_Face(library, path, 0, &ft) == 0, let ft else {
            hb_font_destroy(hbFont); hb_face_destroy(face)
            throw InputError(path, "FreeType cannot open this font")
        }
        ftFace = ft
        // Outlines only, never the font's hinting bytecode: hinting is platform-dependent pixel snapping.
        cairoFace = cairo_ft_font_face_create_for_ft_face(ft, Int32(FT_LOAD_NO_HINTING))
    }

    deinit {
        cairo_font_face_destroy(cairoFace)
        FT_Done_Face(ftFace)
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }
}

/// A shaped glyph, positioned in layout units relative to the run's origin on the baseline.
public struct ShapedGlyph: Sendable, Equatable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
}

/// The bundled fonts in `Fonts/`, loaded by path — never fontconfig, never system folders.
/// Measures text with HarfBuzz shaping (kerning on), so widths are the real advances.
public final class FontLibrary: TextMeasuring, @unchecked Sendable {
    private let faces: [FaceKey: FontFace]
    private var ftLibrary: FT_Library?
    private let cacheLock = NSLock()
    private var advanceCache: [AdvanceKey: Double] = [:]  // advance per unit of font size

    private struct FaceKey: Hashable { var family: FontFamily; var weight: FontWeight }
    private struct AdvanceKey: Hashable { var text: String; var face: FaceKey }

    /// File names in `Fonts/`. Inter stands in for SF Pro; Roboto has no SemiBold, so it maps to Medium.
    static func fileName(_ family: FontFamily, _ weight: FontWeight) -> String {
        switch (family, weight) {
        case (.roboto, .regular): return "Roboto-Regular.ttf"
        case (.roboto, .medium), (.roboto, .semibold): return "Roboto-Medium.ttf"
        case (.roboto, .bold): return "Roboto-Bold.ttf"
        case (.inter, .regular): return "Inter-Regular.otf"
        case (.inter, .medium): return "Inter-Medium.otf"
        case (.inter, .semibold): return "Inter-SemiBold.otf"
        case (.inter, .bold): return "Inter-Bold.otf"
        }
    }

    public init(directory: URL) throws(InputError) {
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw InputError("FreeType", "cannot initialise") }
        ftLibrary = lib
        var loaded: [FaceKey: FontFace] = [:]
        for family in FontFamily.allCases {
            for weight in FontWeight.allCases {
                let path = directory.appendingPathComponent(Self.fileName(family, weight)).path
                loaded[FaceKey(family: family, weight: weight)] = try FontFace(path: path, library: lib)
            }
        }
        faces = loaded
    }

    deinit {
        // Faces must go before the library that created them.
        if let lib = ftLibrary { _ = faces; FT_Done_FreeType(lib) }
    }

    /// The package's own fonts. Loaded once; a broken clone is reported as an `InputError`.
    public static let bundled: Result<FontLibrary, InputError> = Result { () throws(InputError) in
        try FontLibrary(directory: PackagePaths.fonts)
    }

    /// Convenience for code that runs after the CLI has checked `bundled` (and for tests).
    public static var shared: FontLibrary {
        switch bundled {
        case .success(let lib): return lib
        case .failure(let e): fatalError("bundled fonts unavailable: \(e)")
        }
    }

    func face(_ style: TextStyle) -> FontFace {
        faces[FaceKey(family: style.family, weight: style.weight)]!
    }

    public func advance(_ text: String, style: TextStyle) -> Double {
        let key = AdvanceKey(text: text, face: FaceKey(family: style.family, weight: style.weight))
        cacheLock.lock()
        if let cached = advanceCache[key] { cacheLock.unlock(); return cached * style.size }
        cacheLock.unlock()
        let glyphs = shape(text, style: TextStyle(style.family, style.weight, size: 1), includeEnd: true)
        let perUnit = glyphs.last?.x ?? 0
        cacheLock.lock(); advanceCache[key] = perUnit; cacheLock.unlock()
        return perUnit * style.size
    }

    /// Shapes `text` at `style.size`. With `includeEnd`, appends a sentinel whose `x` is the total advance.
    public func shape(_ text: String, style: TextStyle, includeEnd: Bool = false) -> [ShapedGlyph] {
        let f = face(style)
        guard let buf = hb_buffer_create() else { return [] }
        defer { hb_buffer_destroy(buf) }
        hb_buffer_add_utf8(buf, text, -1, 0, -1)
        hb_buffer_guess_segment_properties(buf)
        hb_shape(f.hbFont, buf, nil, 0)
        var count: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buf, &count)
        let positions = hb_buffer_get_glyph_positions(buf, &count)
        let scale = style.size / f.unitsPerEm
        var out: [ShapedGlyph] = []
        out.reserveCapacity(Int(count) + 1)
        var penX = 0.0, penY = 0.0
        for i in 0..<Int(count) {
            let p = positions![i]
            out.append(ShapedGlyph(glyph: infos![i].codepoint,
                                   x: (penX + Double(p.x_offset)) * scale,
                                   y: (penY - Double(p.y_offset)) * scale))
            penX += Double(p.x_advance)
            penY += Double(p.y_advance)
        }
        if includeEnd { out.append(ShapedGlyph(glyph: 0, x: penX * scale, y: 0)) }
        return out
    }

    /// Ascender and descender (positive) at `style.size`, for placing a baseline in a line box.
    public func verticalMetrics(_ style: TextStyle) -> (ascent: Double, descent: Double) {
        let f = face(style)
        return (f.ascender / f.unitsPerEm * style.size, f.descender / f.unitsPerEm * style.size)
    }

    func cairoFace(_ style: TextStyle) -> OpaquePointer { face(style).cairoFace }
}
