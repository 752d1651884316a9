import Foundation
import Testing
@testable import WidgetRaster

/// Every file of the committed fuzz corpora (`Fuzz/Corpus/<target>/`) replayed through the same
/// thin call its libFuzzer harness makes (`Fuzz/Sources/<target>/main.swift`), asserting what the
/// harness asserts: a result or a one-line, capped refusal — never a trap. A crash `scripts/fuzz.sh`
/// finds is fixed, then its input is copied into the target's corpus folder (named `crash-…`),
/// which makes it a regression test here.
@Suite struct FuzzCorpusTests {
    static let corpus = PackagePaths.root.appendingPathComponent("Fuzz/Corpus")

    static func inputs(_ target: String) throws -> [(name: String, bytes: [UInt8])] {
        let dir = corpus.appendingPathComponent(target)
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path).sorted()
        return try names.map { ($0, try readFile(atPath: dir.appendingPathComponent($0).path)) }
    }

    func refusal(_ error: InputError, _ input: String) {
        #expect(!error.description.contains("\n"), "\(input)")
        #expect(error.description.utf8.count <= maxErrorLineBytes, "\(input)")
    }

    /// A scratch folder for the harnesses whose entry point reads files.
    func scratch() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-fuzzcorpus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    @Test func everyTargetHasASeedCorpus() throws {
        for target in ["FuzzSnapshotRender", "FuzzPNG", "FuzzTokenXML", "FuzzColorSet", "FuzzResultReport", "FuzzManifest", "FuzzKnownFindings"] {
            #expect(try !Self.inputs(target).isEmpty, "\(target)")
            #expect(FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent("Fuzz/Sources/\(target)/main.swift").path))
        }
    }

    @Test func snapshotRender() throws {
        let painter = CairoPainter(fonts: try FontLibrary.bundled.get())
        let renderer = WidgetRenderer(fonts: painter.fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled())
        let zone = TimeZone(identifier: "Europe/Berlin")!
        for (name, bytes) in try Self.inputs("FuzzSnapshotRender") {
            do {
                let snapshot = try decodeWidgetSnapshot(Data(bytes))
                let frames = try Timeline.frames(snapshot: snapshot, from: snapshot.syncedAt, timeZone: zone)
                for platform in TimelinePlatforms.all(renderer: renderer) {
                    for frame in frames {
                        let image = painter.render(try platform.scene(snapshot: snapshot, asOf: frame.date, timeZone: zone, family: platform.families[0]))
                        #expect(image.width > 0 && image.height > 0, "\(name)")
                    }
                }
            } catch { refusal(error, name) }
        }
    }

    @Test func png() throws {
        for (name, bytes) in try Self.inputs("FuzzPNG") {
            do {
                let image = try PNGCodec.decode(bytes, name: name)
                #expect(image.pixels.count == image.width * image.height * 4, "\(name)")
            } catch { refusal(error, name) }
        }
    }

    @Test func tokenXML() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in try Self.inputs("FuzzTokenXML") {
            for file in [AndroidTokens.lightFile, AndroidTokens.nightFile] {
                let url = dir.appendingPathComponent(file)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(bytes).write(to: url)
            }
            do { _ = try AndroidTokens.load(resDirectory: dir) } catch { refusal(error, name) }
        }
    }

    @Test func colorSet() throws {
        for (name, bytes) in try Self.inputs("FuzzColorSet") {
            do { _ = try AssetCatalogTokens.parseColorSet(Data(bytes), file: name) } catch { refusal(error, name) }
        }
    }

    @Test func resultReport() throws {
        var decoded = 0
        // Through the bounded reader `report --from` uses, as the harness does.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-fuzzresult-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in try Self.inputs("FuzzResultReport") {
            let url = dir.appendingPathComponent("result.json")
            try Data(bytes).write(to: url)
            do {
                let file = try ResultFile.load(url.path)
                decoded += 1
                #expect(!HTMLReport.render(file.result).isEmpty, "\(name)")
                #expect(JUnitReport.render(file.result).hasPrefix("<?xml"), "\(name)")
            } catch { refusal(error, name) }
        }
        #expect(decoded > 0)  // a seed is a real result of this schema, so the fuzzer starts past the reader
    }

    @Test func manifest() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for (name, bytes) in try Self.inputs("FuzzManifest") {
            try Data(bytes).write(to: dir.appendingPathComponent(Manifest.fileName))
            do { _ = try Manifest.loadChecked(from: dir) } catch { refusal(error, name) }
        }
    }

    @Test func knownFindings() throws {
        for (name, bytes) in try Self.inputs("FuzzKnownFindings") {
            do { _ = try KnownFindings.parse(bytes, name: name) } catch { refusal(error, name) }
        }
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
        let bytes = try readFile(atPath: PackagePaths.root.appendingPathComponent("Fuzz/Corpus/FuzzTokenXML/xmlparser-trap.xml").path)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-xmltrap-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        for file in [AndroidTokens.lightFile, AndroidTokens.nightFile] {
            let url = dir.appendingPathComponent(file)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        let error = #expect(throws: InputError.self) { try AndroidTokens.load(resDirectory: dir) }
        #expect(error?.description.contains("\n") == false)
    }
}
