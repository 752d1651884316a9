import EvidenceCore
import Foundation
import FuzzEntries
import Testing
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Every file of the committed fuzz corpora (`Fuzz/Corpus/<target>/`) replayed through the very
/// function its libFuzzer harness calls (`FuzzEntry`, which `Fuzz/Sources/<target>/main.swift` wraps):
/// a result or a one-line, capped refusal — never a broken promise, never a trap. A crash
/// `scripts/fuzz.sh` finds is fixed, then its input is copied into the target's corpus folder
/// (named `crash-…`), which makes it a regression test here.
@Suite struct FuzzCorpusTests {
    static let corpus = PackagePaths.root.appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let dir = corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return try names.map { ($0, try readFile(atPath: dir.appendingPathComponent($0).path)) }
    }

    /// Replays `target`'s corpus through `entry` in a private scratch folder (the harnesses'
    /// `PrivateFolder`, removed after); returns how many inputs were accepted.
    @discardableResult
    static func replay(_ target: String, _ entry: (_ input: [UInt8], _ scratch: URL) -> FuzzOutcome) throws -> Int {
        let scratch = try PrivateFolder.make("evidence-fuzzcorpus")
        defer { scratch.remove() }
        var accepted = 0
        for (name, bytes) in try inputs(target) {
            let outcome = entry(bytes, scratch.url)
            if case .broken(let why) = outcome { Issue.record("\(target)/\(name): \(why)") }
            if outcome == .accepted { accepted += 1 }
        }
        return accepted
    }

    @Test func everyTargetHasASeedCorpus() throws {
        for target in FuzzEntry.targets {
            expectTrue(try !Self.inputs(target).isEmpty, "\(target)")
            expectTrue(
                FileManager.default.fileExists(
                    atPath: PackagePaths.root.appendingPathComponent("Fuzz/Sources/\(target)/main.swift").path))
        }
    }

    @Test func snapshotRender() throws {
        let painter = CairoPainter(fonts: try FontLibrary.bundled.get())
        let renderer = WidgetRenderer(
            fonts: painter.fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled())
        let drawn = try Self.replay("FuzzSnapshotRender") { input, _ in
            FuzzEntry.snapshotRender(input, renderer: renderer, painter: painter)
        }
        expectTrue(drawn > 0)  // the seeds are real snapshots: the fuzzer starts past the decoder
    }

    @Test func png() throws { try Self.replay("FuzzPNG") { input, _ in FuzzEntry.png(input) } }

    @Test func tokenXML() throws { try Self.replay("FuzzTokenXML", FuzzEntry.tokenXML) }

    @Test func colorSet() throws { try Self.replay("FuzzColorSet") { input, _ in FuzzEntry.colorSet(input) } }

    @Test func resultReport() throws {
        // A seed is a real result of this schema, so the fuzzer starts past the reader.
        expectTrue(try Self.replay("FuzzResultReport", FuzzEntry.resultReport) > 0)
    }

    @Test func manifest() throws { try Self.replay("FuzzManifest", FuzzEntry.manifest) }

    @Test func knownFindings() throws {
        try Self.replay("FuzzKnownFindings") { input, _ in FuzzEntry.knownFindings(input) }
    }

    /// The refusal rule itself: a problem with a newline or a huge echo still prints one capped line.
    @Test func aRefusalIsOneCappedLine() {
        expectTrue(FuzzEntry.judge(InputError("f.json", "bad\nline")) == .refused)
        expectTrue(FuzzEntry.judge(InputError("f.json", String(repeating: "x", count: 100_000))) == .refused)
        expectTrue(FuzzEntry.png([0x89, 0x50]) == .refused)
    }
}

/// Crash reproducers `scripts/fuzz.sh` found, each a regression test of its own (the files live in
/// `Fuzz/Corpus/<target>/`, which the suite above also replays).
@Suite struct FuzzReproducerTests {
    /// One invalid UTF-8 byte (0x97) in an XML comment of `values/colors_widget.xml` traps
    /// (SIGILL) inside FoundationXML's XMLParser — issue #24's first finding, found again by
    /// FuzzTokenXML in 20 s. Fixed by reading token XML through libxml2 (Paint/AndroidTokens).
    @Test
    func invalidUTF8InATokenCommentIsRefusedNotATrap() throws {
        let bytes = try readFile(
            atPath: PackagePaths.root.appendingPathComponent("Fuzz/Corpus/FuzzTokenXML/xmlparser-trap.xml").path)
        let scratch = try PrivateFolder.make("evidence-fuzzcorpus")
        defer { scratch.remove() }
        expectTrue(FuzzEntry.tokenXML(bytes, scratch: scratch.url) == .refused)
    }
}
