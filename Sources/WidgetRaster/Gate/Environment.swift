import CairoShim
import EvidenceCore
import Foundation
import WidgetText

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
    /// The container image that reproduces this environment (`recordedImage` when recorded; nil in a
    /// manifest written before images were named). Declared, not measured: the workflows, the Jenkins
    /// and GitLab snippets and scripts/in-container.sh run in it (PipelineTests checks they agree).
    public var image: String? = nil

    /// An official Swift image on Debian 12 (bookworm), pinned by tag and digest: Debian 12's cairo,
    /// FreeType, HarfBuzz, libpng and zlib once `scripts/ensure-deps.sh` has installed its packages.
    /// The digest is the tag's multi-arch index as published on Docker Hub.
    public static let recordedImage =
        "swift:6.3.2-bookworm@sha256:de037fec606b26cee2bf7f93dba8eab7a617f067f94cf78669f929e5a0c6146a"

    /// The environment `fonts` draws in: library versions and the hash of every font file it
    /// loaded — the bundled primaries and each fallback face of the Noto chain.
    /// `hash` reads a font file's hash (a machine cache's memo, `ProvenGoldens.fileHash`).
    public static func current(
        fonts library: FontLibrary = .shared,
        hash: (String) -> Hash128? = Hash128.ofFile(atPath:)
    ) -> RendererEnvironment {
        var major: Int32 = 0
        var minor: Int32 = 0
        var patch: Int32 = 0
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
            fonts: fonts, image: recordedImage)
    }

    /// Each difference that can change pixels, recorded against found: "cairo: recorded 1.16.0,
    /// found 1.18.0", "font X.ttf changed: recorded 89f2ab6a, found 3946fcde". `self` is this
    /// machine. The encoder's version is not among them (`encoderDifferences`).
    public func differences(from recorded: RendererEnvironment) -> [String] {
        var out: [String] = []
        for (name, found, was) in [
            ("cairo", cairo, recorded.cairo), ("freetype", freetype, recorded.freetype),
            ("harfbuzz", harfbuzz, recorded.harfbuzz), ("libpng", libpng, recorded.libpng),
            ("zlib", zlib, recorded.zlib),
        ]
        where found != was {
            out.append("\(name): recorded \(was), found \(found)")
        }
        func short(_ hash: String?) -> String { hash.map { String($0.prefix(8)) } ?? "none" }
        for name in Set(fonts.keys).union(recorded.fonts.keys).sorted() where fonts[name] != recorded.fonts[name] {
            let what = fonts[name] == nil ? "missing" : recorded.fonts[name] == nil ? "not recorded" : "changed"
            out.append("font \(name) \(what): recorded \(short(recorded.fonts[name])), found \(short(fonts[name]))")
        }
        // A manifest from before images were named has none to compare.
        if let was = recorded.image, let now = image, was != now {
            out.append("image: recorded \(was), this evidence names \(now)")
        }
        return out
    }

    /// The differences that change only the bytes a record would write, e.g. "libdeflate: recorded
    /// 1.14, found 1.19": the gate compares decoded pixels, so these are reported and never fail a run.
    public func encoderDifferences(from recorded: RendererEnvironment) -> [String] {
        libdeflate == recorded.libdeflate
            ? [] : ["libdeflate: recorded \(recorded.libdeflate ?? "none"), found \(libdeflate ?? "unknown")"]
    }

    /// The one step that fits where a drifted verify runs: in CI, run the job in the recorded image;
    /// locally, run the command in it (`scripts/in-container.sh`).
    public static func driftStep(inCI: Bool, command: String = "verify", image: String = recordedImage) -> String {
        inCI
            ? "run this job in the recorded image (container: \(image); then scripts/ensure-deps.sh --runtime installs "
                + "its libraries)"
            : "run it in the recorded image: scripts/in-container.sh \(command) (docker or podman; \(image))"
    }
}
