import Foundation
import WidgetRaster

/// `evidence version` / `evidence --version`: the tool and the renderer environment a record would
/// write into Goldens/manifest.json, so a bug report or a CI log says what drew the pixels.
struct VersionCommand: EvidenceCommand {
    static let name = "version"
    static let summary = "Print the tool version and the renderer environment (library versions, font hashes)"
    static let usage = """
        usage: evidence version [--json]
               evidence --version

        Prints the tool version, then the renderer environment a record would write into
        Goldens/manifest.json (the Cairo, FreeType, HarfBuzz, libpng and zlib versions and the hash
        of every font file loaded) and whether it matches the manifest's.
        """
    static let options = OptionTable([.flag("json", "{version, environment, manifest} as JSON")])

    struct Report: Encodable {
        var version: String
        var environment: RendererEnvironment
        /// The differences from Goldens/manifest.json's environment (empty: it matches); nil without a readable manifest.
        var manifestDifferences: [String]?
    }

    static func run(_ a: ParsedArguments) throws -> Int32 {
        let env = RendererEnvironment.current(fonts: try FontLibrary.bundled.get())
        let recorded = (try? Manifest.load(from: PackagePaths.goldens))??.environment
        let report = Report(version: ToolVersion.current, environment: env, manifestDifferences: recorded.map(env.differences))
        if a.has("json") { try printJSON(report); return 0 }
        print("evidence \(ToolVersion.current)")
        print("renderer: cairo \(env.cairo), freetype \(env.freetype), harfbuzz \(env.harfbuzz), libpng \(env.libpng), zlib \(env.zlib)")
        print("fonts: \(env.fonts.count) files")
        for (file, hash) in env.fonts.sorted(by: { $0.key < $1.key }) { print("  \(hash)  \(file)") }
        switch report.manifestDifferences {
        case nil: print("manifest: none readable in \(PackagePaths.goldens.path)")
        case let d? where d.isEmpty: print("manifest: matches Goldens/manifest.json (verify compares exactly)")
        case let d?: print("manifest: differs from Goldens/manifest.json (\(d.joined(separator: "; "))): verify compares perceptually")
        }
        return 0
    }
}
