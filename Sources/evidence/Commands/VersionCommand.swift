import EvidenceCore
import Foundation
import WidgetRaster
import WidgetScene
import WidgetText

/// `evidence version` / `evidence --version`: the tool and the renderer environment a record would
/// write into Goldens/manifest.json, so a bug report or a CI log says what drew the pixels.
struct VersionCommand: DeclaredCommand {
    static let name = "version"
    static let summary = "Print the tool version and the renderer environment (library versions, font hashes)"
    static let usage = """
        usage: evidence version [--json]
               evidence --version

        Prints the tool version, then the renderer environment a record would write into
        Goldens/manifest.json (the Cairo, FreeType, HarfBuzz, libpng and zlib versions and the hash
        of every font file loaded) and whether it matches the manifest's; then where each input
        comes from: the project root and how it was found, its goldens, token folders and known
        findings, and each font (compiled into evidence, or the system file of the fallback chain).
        """
    struct Arguments: ParsableArguments {
        @Option(.flag("json", "{version, environment, manifest} as JSON")) var json: Bool
    }

    struct Report: Encodable {
        var version: String
        var environment: RendererEnvironment
        /// The differences from Goldens/manifest.json's environment (empty: it matches); nil without a readable
        /// manifest.
        var manifestDifferences: [String]?
        var inputs: Inputs
    }

    /// Where each input of a run comes from (issue #32).
    struct Inputs: Encodable {
        var root: String
        var rootFoundBy: String
        var goldens: String
        var knownFindings: String
        var androidTokens: String
        var iosTokens: String
        var tokensFrom: String
        /// Font file name → "compiled into evidence" or the system file it is read from.
        var fonts: [String: String]

        init(_ p: Project, fonts: FontLibrary) {
            root = p.root.path
            rootFoundBy = p.origin
            goldens = p.goldens.path
            knownFindings = p.knownFindings.path
            func shown(_ u: URL) -> String { BundledTokens.path(of: u) == nil ? u.path : u.absoluteString }
            androidTokens = shown(p.androidTokens)
            iosTokens = shown(p.iosTokens)
            tokensFrom = p.tokensOrigin
            self.fonts = Dictionary(
                fonts.files.map { ($0.fileName, $0.isEmbedded ? "compiled into evidence" : $0.path) },
                uniquingKeysWith: { a, _ in a })
        }

        var lines: [String] {
            [
                "project: \(root) (\(rootFoundBy))", "  goldens: \(goldens)", "  known findings: \(knownFindings)",
                "  tokens (from \(tokensFrom)): \(androidTokens), \(iosTokens)",
            ]
        }
    }

    static func run(_ a: Arguments) throws -> Int32 {
        let fonts = try FontLibrary.bundled.get()
        let env = RendererEnvironment.current(fonts: fonts)
        let recorded = (try? Manifest.load(from: Project.current.goldens))??.environment
        let inputs = Inputs(Project.current, fonts: fonts)
        let report = Report(
            version: ToolVersion.current, environment: env, manifestDifferences: recorded.map(env.differences),
            inputs: inputs)
        if a.json {
            try printJSON(report)
            return 0
        }
        print("evidence \(ToolVersion.current)")
        print(
            "renderer: cairo \(env.cairo), freetype \(env.freetype), harfbuzz \(env.harfbuzz), libpng \(env.libpng), "
                + "zlib \(env.zlib)"
        )
        print("fonts: \(env.fonts.count) files")
        for (file, hash) in env.fonts.sorted(by: { $0.key < $1.key }) {
            print("  \(hash)  \(file)  (\(inputs.fonts[file] ?? "?"))")
        }
        switch report.manifestDifferences {
        case nil: print("manifest: none readable in \(Project.current.goldens.path)")
        case let d? where d.isEmpty: print("manifest: matches Goldens/manifest.json (verify compares exactly)")
        case let d?:
            print(
                "manifest: differs from Goldens/manifest.json (\(d.joined(separator: "; "))): verify compares "
                    + "perceptually"
            )
        }
        inputs.lines.forEach { print($0) }
        return 0
    }
}
