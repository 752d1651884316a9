import CairoShim
import Foundation

/// The renderer's pinned environment: library versions and the bundled fonts' hashes. When it
/// differs from the manifest's, exact pixel equality is no longer a fair test (see `verify`).
public struct RendererEnvironment: Codable, Equatable, Sendable {
    public var cairo: String
    public var freetype: String
    public var harfbuzz: String
    public var libpng: String
    /// libdeflate writes the goldens (issue #56): it decides their bytes, never their pixels, so a
    /// drift in it alone is an `encoderDifferences` note, not a reason to refuse exact comparison.
    /// nil in a manifest recorded before it was part of the environment.
    public var libdeflate: String?
    /// zlib inflates the goldens and deflates contact sheets.
    public var zlib: String
    /// Font file name → content hash.
    public var fonts: [String: String]

    /// The environment `fonts` draws in: library versions and the hash of every font file it
    /// loaded — the bundled primaries and each fallback face of the Noto chain.
    /// `hash` reads a font file's hash (a machine cache's memo, `ProvenGoldens.fileHash`).
    public static func current(fonts library: FontLibrary = .shared,
                               hash: (String) -> Hash128? = Hash128.ofFile(atPath:)) -> RendererEnvironment {
        var major: Int32 = 0, minor: Int32 = 0, patch: Int32 = 0
        var lib: FT_Library?
        if FT_Init_FreeType(&lib) == 0, let lib {
            FT_Library_Version(lib, &major, &minor, &patch)
            FT_Done_FreeType(lib)
        }
        var fonts: [String: String] = [:]
        for file in library.files {
            let digest = file.isEmbedded ? BundledFonts.bytes(named: file.fileName).map(Hash128.of) : hash(file.path)
            if let digest { fonts[file.fileName] = digest.hex }
        }
        return RendererEnvironment(
            cairo: String(cString: cairo_version_string()),
            freetype: "\(major).\(minor).\(patch)",
            harfbuzz: String(cString: hb_version_string()),
            libpng: String(cString: png_get_libpng_ver(nil)),
            libdeflate: PNGCodec.libraryVersions["libdeflate"] ?? "unknown",
            zlib: PNGCodec.libraryVersions["zlib"] ?? "unknown",
            fonts: fonts)
    }

    /// The differences that can change pixels, e.g. "cairo 1.18.0 vs 1.16.0" (this machine first).
    /// The encoder's version is not among them (`encoderDifferences`).
    public func differences(from recorded: RendererEnvironment) -> [String] {
        var out: [String] = []
        for (name, mine, theirs) in [("cairo", cairo, recorded.cairo), ("freetype", freetype, recorded.freetype),
                                     ("harfbuzz", harfbuzz, recorded.harfbuzz), ("libpng", libpng, recorded.libpng), ("zlib", zlib, recorded.zlib)]
        where mine != theirs {
            out.append("\(name) \(mine) vs \(theirs)")
        }
        for name in Set(fonts.keys).union(recorded.fonts.keys).sorted() where fonts[name] != recorded.fonts[name] {
            out.append("font \(name) \(fonts[name] == nil ? "missing" : recorded.fonts[name] == nil ? "not recorded" : "changed")")
        }
        return out
    }

    /// The differences that change only the bytes a record would write, e.g. "libdeflate 1.19 vs
    /// 1.14": the gate compares decoded pixels, so these are reported and never fail a run.
    public func encoderDifferences(from recorded: RendererEnvironment) -> [String] {
        libdeflate == recorded.libdeflate ? [] : ["libdeflate \(libdeflate ?? "unknown") vs \(recorded.libdeflate ?? "not recorded")"]
    }
}
