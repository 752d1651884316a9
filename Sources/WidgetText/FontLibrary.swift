import CairoShim
import EvidenceCore
import Foundation

/// One font face, opened twice: as a HarfBuzz face for shaping, measuring and coverage, and as a
/// FreeType face wrapped for Cairo to draw. Frees the HarfBuzz objects and its Cairo reference in
/// `deinit`; the FT_Face goes when Cairo lets go of the font face (its caches may outlive us).
package final class FontFace: @unchecked Sendable {
    // Immutable after init; HarfBuzz fonts are safe to shape with from several threads, and
    // Cairo serialises its own access to the FT_Face, which nothing else touches.
    package let hbFont: OpaquePointer
    private let hbFace: OpaquePointer
    package let cairoFace: OpaquePointer
    package let file: FontFile
    package let unitsPerEm: Double
    /// hhea ascender / descender in font units (descender positive, below the baseline).
    package let ascender: Double
    package let descender: Double
    /// A colour font (Noto Color Emoji's CBDT bitmaps): preferred for emoji-presentation clusters.
    package let hasColor: Bool

    /// Why a font would not open, asked of the file itself: HarfBuzz and FreeType only say "no", and
    /// a process out of descriptors is not a missing font (issue #24: EMFILE read as "fallback font
    /// not installed").
    package static func openFailure(_ path: String, missing: String) -> InputError {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd >= 0 {
            // The file is there: under an address-space limit the library's map or allocation is
            // what failed (issue #34: ENOMEM read as "fallback font not installed").
            var st = stat()
            let size = fstat(fd, &st) == 0 ? Int(st.st_size) : 0
            close(fd)
            if addressSpaceLimit != nil, !addressSpaceAvailable(2 * size + fontLoadHeadroom) {
                return resourceError(ENOMEM, path, "loading the font")!
            }
            return InputError(path, missing)
        }
        let err = errno
        return resourceError(err, path, "opening the font")
            ?? InputError(path, err == ENOENT ? missing : "\(missing) (\(String(cString: strerror(err))))")
    }

    /// Address space a font's load needs beyond twice its file (HarfBuzz's map, FreeType's tables).
    package static let fontLoadHeadroom = 64 << 20

    package init(_ file: FontFile, library: FT_Library, missing: String) throws(InputError) {
        let path = file.path
        let embedded = file.isEmbedded ? BundledFonts.bytes(named: file.fileName) : nil
        if file.isEmbedded && embedded == nil {
            throw InputError(path, "no font of that name is compiled into this evidence")
        }
        // An embedded font's bytes live for the process (static data), so neither library copies them.
        let opened =
            embedded.map {
                hb_blob_create(
                    $0.baseAddress!.assumingMemoryBound(to: CChar.self), UInt32($0.count), HB_MEMORY_MODE_READONLY, nil,
                    nil)
            }
            ?? hb_blob_create_from_file_or_fail(path)
        guard let blob = opened else { throw Self.openFailure(path, missing: missing) }
        defer { hb_blob_destroy(blob) }
        guard hb_face_count(blob) > UInt32(file.index), let face = hb_face_create(blob, UInt32(file.index)) else {
            throw InputError(path, "not a font file HarfBuzz can read (face \(file.index))")
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
        let ftError =
            embedded.map {
                FT_New_Memory_Face(
                    library, $0.baseAddress!.assumingMemoryBound(to: FT_Byte.self), FT_Long($0.count),
                    FT_Long(file.index), &ft)
            }
            ?? FT_New_Face(library, path, FT_Long(file.index), &ft)
        guard ftError == 0, let ft else {
            hb_font_destroy(hbFont)
            hb_face_destroy(face)
            throw Self.openFailure(path, missing: "FreeType cannot open this font")
        }
        hasColor = ft.pointee.face_flags & FT_Long(FT_FACE_FLAG_COLOR) != 0
        self.file = file
        // Outlines only, never the font's hinting bytecode: hinting is platform-dependent pixel snapping.
        cairoFace = cairo_ft_font_face_create_for_ft_face(ft, Int32(FT_LOAD_NO_HINTING))
        cairo_font_face_set_user_data(cairoFace, Self.ftFaceKey, UnsafeMutableRawPointer(ft)) { p in
            if let p { FT_Done_Face(p.assumingMemoryBound(to: FT_FaceRec_.self)) }
        }
    }

    /// The face maps `scalar` to a glyph of its own (its cmap; no shaping needed to ask).
    package func covers(_ scalar: UInt32) -> Bool {
        var glyph: hb_codepoint_t = 0
        return hb_font_get_nominal_glyph(hbFont, scalar, &glyph) != 0
    }

    package var name: String { file.fileName }

    /// Cairo's user-data key tying each FT_Face's lifetime to its Cairo font face (Cairo's documented pattern).
    nonisolated(unsafe) private static let ftFaceKey = UnsafeMutablePointer<cairo_user_data_key_t>.allocate(capacity: 1)

    deinit {
        cairo_font_face_destroy(cairoFace)
        hb_font_destroy(hbFont)
        hb_face_destroy(hbFace)
    }
}

/// A shaped glyph, positioned in layout units relative to the line's origin on the baseline.
public struct ShapedGlyph: Sendable, Equatable {
    public var glyph: UInt32
    public var x: Double
    public var y: Double
    /// Index of the first Unicode scalar of the glyph's cluster in the shaped text.
    public var cluster: Int
}

/// The bundled primary fonts in `Fonts/` and the fixed Noto fallback chain, each loaded from an
/// explicit path — never fontconfig, never a folder scan. Measures and draws text through one
/// routine (`shapeLine`), so a width the layout measured is the width the painter draws.
public final class FontLibrary: TextMeasuring, @unchecked Sendable {
    private let primaries: [FaceKey: FontFace]
    /// Per primary face: itself, then its weight's fallback faces (shared between weights).
    private let chains: [FaceKey: [FontFace]]
    private let measureCache = RememberedValues<AdvanceKey, Measured>(limit: cacheLimit)
    private let shapeCache = RememberedValues<ShapeKey, ShapedLine>(limit: cacheLimit)
    private let wrapCache = RememberedValues<WrapKey, WrappedText>(limit: cacheLimit)
    /// Entries per cache: the bundled matrix needs 1,337 measures, 1,831 shapes and 1,432 wraps;
    /// a run through unbounded text (a contact sheet's 36,864 key labels) starts afresh here.
    package static let cacheLimit = 4096

    /// Every font file loaded, each once: primaries, then fallbacks in chain order. What the
    /// manifest's environment hashes, so no file that can draw a pixel escapes it.
    public let files: [FontFile]

    private struct FaceKey: Hashable {
        var family: FontFamily
        var weight: FontWeight
    }
    private struct AdvanceKey: Hashable {
        var text: String
        var face: FaceKey
    }
    private struct ShapeKey: Hashable {
        var text: String
        var style: TextStyle
        var direction: ParagraphDirection
    }
    private struct WrapKey: Hashable {
        var text: String
        var width: Double
        var maxLines: Int
        var style: TextStyle
    }
    private struct Measured {
        var perUnitWidth: Double
        var missing: [Unicode.Scalar]
    }

    /// File names in `Fonts/`. Inter stands in for SF Pro; Roboto has no SemiBold, so it maps to Medium.
    package static func fileName(_ family: FontFamily, _ weight: FontWeight) -> String {
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

    /// Loads the primary faces from `directory` and each weight's `fallbacks` (the Noto chain by default).
    public convenience init(directory: URL, fallbacks: (FontWeight) -> [FontFile] = FallbackChain.faces)
        throws(InputError)
    {
        try self.init(
            primary: { FontFile(directory.appendingPathComponent(Self.fileName($0, $1)).path) }, fallbacks: fallbacks)
    }

    /// Loads each family × weight's `primary` file and each weight's `fallbacks`.
    package init(
        primary: (FontFamily, FontWeight) -> FontFile, fallbacks: (FontWeight) -> [FontFile] = FallbackChain.faces
    ) throws(InputError) {
        // The FreeType library is never freed: Cairo may hold this library's faces in its caches for
        // the life of the process, and a FontLibrary is made a handful of times per process at most.
        var lib: FT_Library?
        guard FT_Init_FreeType(&lib) == 0, let lib else { throw InputError("FreeType", "cannot initialise") }
        var loaded: [FaceKey: FontFace] = [:]
        var chains: [FaceKey: [FontFace]] = [:]
        var shared: [FontFile: FontFace] = [:]
        var primaryFiles: [FontFile] = []
        var fallbackFiles: [FontFile] = []
        for family in FontFamily.allCases {
            for weight in FontWeight.allCases {
                let key = FaceKey(family: family, weight: weight)
                let primary = try FontFace(
                    primary(family, weight), library: lib, missing: "cannot read bundled font; is the clone complete?")
                if !primaryFiles.contains(primary.file) { primaryFiles.append(primary.file) }
                var chain = [primary]
                for file in fallbacks(weight) {
                    if shared[file] == nil {
                        fallbackFiles.append(file)
                        shared[file] = try FontFace(
                            file, library: lib,
                            missing:
                                "fallback font not installed; run scripts/ensure-deps.sh (fonts-noto-color-emoji, "
                                + "fonts-noto-cjk, fonts-noto-core)"
                        )
                    }
                    chain.append(shared[file]!)
                }
                loaded[key] = primary
                chains[key] = chain
            }
        }
        primaries = loaded
        self.chains = chains
        files = primaryFiles + fallbackFiles
    }

    /// The package's own fonts, compiled into the binary (`BundledFonts`): the same bytes wherever
    /// the binary was copied or installed (issue #32). Loaded once; a missing fallback is an `InputError`.
    public static let bundled: Result<FontLibrary, InputError> = Result { () throws(InputError) in
        try FontLibrary(primary: { FontFile(BundledFonts.prefix + fileName($0, $1)) })
    }

    /// Convenience for code that runs after the CLI has checked `bundled` (and for tests).
    public static var shared: FontLibrary {
        switch bundled {
        case .success(let lib): return lib
        case .failure(let e): fatalError("bundled fonts unavailable: \(e)")
        }
    }

    private func key(_ style: TextStyle) -> FaceKey { FaceKey(family: style.family, weight: style.weight) }
    package func face(_ style: TextStyle) -> FontFace { primaries[key(style)]! }
    package func chain(_ style: TextStyle) -> [FontFace] { chains[key(style)]! }

    /// The file names of `style`'s chain, primary first — for messages that name what was tried.
    public func chainFileNames(_ style: TextStyle) -> [String] { chain(style).map(\.name) }

    public func advance(_ text: String, style: TextStyle) -> Double { measured(text, style).perUnitWidth * style.size }

    /// Code points of `text` that no face of `style`'s chain draws (each would be a `.notdef` box).
    public func missingGlyphs(_ text: String, style: TextStyle) -> [Unicode.Scalar] { measured(text, style).missing }

    /// Width and missing code points of one line, shaped once per text and face and cached: the
    /// layout, the clip check and the glyph check all ask about the same lines.
    private func measured(_ text: String, _ style: TextStyle) -> Measured {
        measureCache.value(AdvanceKey(text: text, face: key(style))) {
            let line = shapeLine(text, style: TextStyle(style.family, style.weight, size: 1))
            return Measured(perUnitWidth: line.width, missing: line.missing)
        }
    }

    /// One line of text, itemized, bidi-ordered and shaped at `style.size`: what the painter draws
    /// and what `advance` measures. Shaped once per line, style and direction (a matrix draws the
    /// same lines in many fixtures); the cache starts afresh at `cacheLimit` lines.
    public func shapeLine(_ text: String, style: TextStyle, direction: ParagraphDirection = .firstStrong) -> ShapedLine
    {
        shapeCache.value(ShapeKey(text: text, style: style, direction: direction)) {
            TextShaper(chain: chain(style), size: style.size).shape(text, direction: direction)
        }
    }

    /// `TextWrap`'s answer, remembered per text, width, line limit and style (the catalog wraps
    /// each line about a dozen times across its fixtures); starts afresh at `cacheLimit` entries.
    public func wrap(_ text: String, width: Double, maxLines: Int, style: TextStyle) -> WrappedText {
        wrapCache.value(WrapKey(text: text, width: width, maxLines: maxLines, style: style)) {
            TextWrap.wrapped(text, width: width, maxLines: maxLines, style: style, measurer: self)
        }
    }

    /// Ascender and descender (positive) at `style.size`, for placing a baseline in a line box.
    /// The primary face's: a fallback glyph sits on the same baseline in the same line box.
    public func verticalMetrics(_ style: TextStyle) -> (ascent: Double, descent: Double) {
        let f = face(style)
        return (f.ascender / f.unitsPerEm * style.size, f.descender / f.unitsPerEm * style.size)
    }
}
