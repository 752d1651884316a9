import Foundation

/// Where the package's own files live. Resolved from this source file's compile-time path, so a
/// build from a clone always finds its own `Fonts/` and `Goldens/` — never system folders.
public enum PackagePaths {
    public static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // WidgetRaster
        .deletingLastPathComponent()  // Sources
        .deletingLastPathComponent()  // package root
    public static var fonts: URL { root.appendingPathComponent("Fonts") }
    public static var goldens: URL { root.appendingPathComponent("Goldens") }
    /// The case files (`CaseFiles`): one render each, pinned as data.
    public static var cases: URL { root.appendingPathComponent("Cases") }
    public static var tokens: URL { root.appendingPathComponent("Tokens") }
    /// The committed known-findings file (`KnownFindings`).
    public static var knownFindings: URL { root.appendingPathComponent(KnownFindings.fileName) }
}
