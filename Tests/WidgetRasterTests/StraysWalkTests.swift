import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster

/// Issue #56: verify walks the goldens folder once — the walk that finds stray goldens and links
/// also finds a killed record's temp files, which verify names (and never deletes).
@Suite struct StraysWalkTests {
    let painter = CairoPainter(fonts: .shared)
    let catalog = StarterCatalog.fixtures()

    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-strays-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// A killed record's temp file is named once the run's walk of the goldens is in (verify
    /// deletes nothing), from the same walk that finds stray goldens.
    @Test func aStaleTempFileIsNamedFromTheStraysWalk() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var o = GateOptions(goldens: dir, jobs: 2)
        o.proofs = .memory()
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        let temp = dir.appendingPathComponent("starter/card-12/.light.png.tmp-999999999")
        try Data("half".utf8).write(to: temp)
        let notes = Notes()
        let v = try Verifier.verify(o, catalog: catalog, painter: painter, notice: notes.add)
        expectTrue(v.failures.isEmpty)
        expectTrue(
            notes.lines == [
                "note: 'starter/card-12/.light.png.tmp-999999999' looks like a temp file an interrupted record left; "
                    + "the next 'evidence record' removes it"
            ])
        expectTrue(FileManager.default.fileExists(atPath: temp.path))
    }

    /// The CLI's verify reads the manifest beside the catalog's load: the same run, and the
    /// errors in the same order — a catalog that cannot load first, then an unreadable manifest.
    @Test func theManifestReadBesideTheCatalogGivesTheSameRun() throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var o = GateOptions(goldens: dir, jobs: 2)
        o.proofs = .memory()
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        let given = try Verifier.verify(o, catalog: catalog, painter: painter)
        let loaded = try Verifier.verify(o, loadingCatalog: { catalog }, painter: painter)
        expectTrue(loaded.passed == given.passed && loaded.fastPath == given.fastPath && loaded.failures.isEmpty)
        try Data("not a manifest".utf8).write(to: dir.appendingPathComponent(Manifest.fileName))
        let broken = InputError("catalog", "cannot be built")
        #expect(throws: broken) {
            try Verifier.verify(o, loadingCatalog: { () throws(InputError) in throw broken }, painter: painter)
        }
        let unreadable = #expect(throws: InputError.self) {
            try Verifier.verify(o, loadingCatalog: { catalog }, painter: painter)
        }
        expectTrue(unreadable?.location == dir.appendingPathComponent(Manifest.fileName).path)
    }

    final class Notes: @unchecked Sendable {
        var lines: [String] = []
        func add(_ line: String) { lines.append(line) }
    }
}
