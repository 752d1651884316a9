import Foundation

@testable import WidgetRaster

/// This clone's own files, for tests only: found from this source file's path, which a test build
/// always has. The binary never uses it — it finds its project from the working folder (`Project`).
enum PackagePaths {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // WidgetRasterTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // package root
    static var fonts: URL { root.appendingPathComponent("Fonts") }
    static var goldens: URL { root.appendingPathComponent("Goldens") }
    static var tokens: URL { root.appendingPathComponent("Tokens") }
    static var knownFindings: URL { root.appendingPathComponent("known-findings.json") }
    /// The committed manifest, read once per test process (each sandbox read it anew: 2.4 s of the
    /// suite's CPU in a debug build). Tests copy what they change; the checkout's own is never written.
    static let manifest = Result { try Manifest.load(from: goldens) }
}
