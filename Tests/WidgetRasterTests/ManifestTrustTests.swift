import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster
@testable import evidence

/// Issue #34 item 1: the manifest is an index, never evidence. No value in it can make a render
/// that differs from its golden pass; a manifest whose hashes disagree with its files names the entry.
@Suite struct ManifestTrustTests {
    let painter = CairoPainter(fonts: .shared)
    let catalog = StarterCatalog.fixtures()

    /// A goldens folder recorded from the starter catalog (removed by the caller).
    func recorded() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-trust-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        _ = try Recorder.record(GateOptions(goldens: dir, jobs: 2), catalog: catalog, painter: painter)
        return dir
    }

    func editManifest(_ dir: URL, _ edit: (inout Manifest) -> Void) throws {
        var m = try #require(try Manifest.load(from: dir))
        edit(&m)
        try m.write(into: ContainedFolder(dir))
    }

    /// The catalog with fixture `i` drawing fixture `j`'s scene: a render that moved.
    func moved(_ i: Int, drawing j: Int) -> [Fixture] {
        var c = catalog
        let other = catalog[j]
        c[i] = Fixture(key: catalog[i].key) { fonts in other.makeScene(fonts) }
        return c
    }

    /// Before: the fast path trusted `pixelHash` whenever the file's hash equalled `fileHash`, so
    /// writing the moved render's hash into the manifest passed it against the old golden.
    @Test func editingOnlyThePixelHashCannotPassADifferingRender() throws {
        let dir = try recorded()
        defer { try? FileManager.default.removeItem(at: dir) }
        let changed = moved(0, drawing: 2)
        let newHash = painter.render(changed[0].makeScene(.shared)).pixelHash
        try editManifest(dir) { $0.goldens[catalog[0].key]!.pixelHash = newHash }
        for proofs in [ProvenGoldens.process, ProvenGoldens.memory()] {  // proven by record, and a cold cache
            var o = GateOptions(goldens: dir, jobs: 2)
            o.proofs = proofs
            let v = try Verifier.verify(o, catalog: changed, painter: painter)
            let mine = v.failures.filter { $0.key == catalog[0].key }
            expectTrue(mine.map(\.kind) == [.pixels], "\(v.failures)")
            // The failure also names the entry whose pixelHash is not what its file holds.
            expectTrue(
                mine.first?.detail.contains(
                    "manifest.json's entry \(quoted(catalog[0].key)) disagrees with \(catalog[0].goldenPath): "
                        + "pixelHash \(newHash)"
                ) == true)
            expectTrue(!v.passed.contains(catalog[0].key))
            expectTrue(v.failures.allSatisfy { $0.key == catalog[0].key })
        }
    }

    /// Before: copying another golden over a fixture's file and giving its entry that file's
    /// `fileHash` passed, though the golden now held the other fixture's pixels.
    @Test func aGoldenSwappedForAnotherEntrysFileCannotPass() throws {
        let dir = try recorded()
        defer { try? FileManager.default.removeItem(at: dir) }
        let (a, b) = (catalog[0], catalog[2])
        let bBytes = try Data(contentsOf: dir.appendingPathComponent(b.goldenPath))
        try bBytes.write(to: dir.appendingPathComponent(a.goldenPath))
        let bHash = try #require(try Manifest.load(from: dir)?.goldens[b.key]?.fileHash)
        try editManifest(dir) { $0.goldens[a.key]!.fileHash = bHash }
        let v = try Verifier.verify(GateOptions(goldens: dir, jobs: 2), catalog: catalog, painter: painter)
        expectTrue(v.failures.map(\.kind) == [.pixels], "\(v.failures)")
        expectTrue(v.failures.first?.key == a.key)
        expectTrue(
            v.failures.first?.detail.contains("entry \(quoted(a.key)) disagrees with \(a.goldenPath): pixelHash")
                == true)
        expectTrue(!v.passed.contains(a.key))
    }

    /// A manifest whose `fileHash` disagrees with an unchanged golden fails naming the entry, though
    /// the pixels match: the index is wrong, and it says so rather than being ignored.
    @Test func aFileHashThatDisagreesWithItsFileNamesTheEntry() throws {
        let dir = try recorded()
        defer { try? FileManager.default.removeItem(at: dir) }
        try editManifest(dir) { $0.goldens[catalog[1].key]!.fileHash = Hash128(high: 1, low: 2) }
        let v = try Verifier.verify(GateOptions(goldens: dir, jobs: 2), catalog: catalog, painter: painter)
        expectTrue(v.failures.count == 1)
        expectTrue(v.failures.first?.kind == .unreadable)
        expectTrue(
            v.failures.first?.detail
                == "manifest.json's entry \(quoted(catalog[1].key)) disagrees with \(catalog[1].goldenPath): fileHash "
                + "00000000000000010000000000000002 but the file hashes to "
                + "\(Hash128.of(try Array(Data(contentsOf: dir.appendingPathComponent(catalog[1].goldenPath)))))"
        )
        expectTrue(v.failures.first?.remedy == .restoreManifest)
    }

    /// A cold cache decodes each golden once and proves it: the second run is all fast path, and
    /// its proofs survive a save and an open; a malformed cache file is an empty cache.
    @Test func aColdCacheDecodesOnceAndItsProofsPersist() throws {
        let dir = try recorded()
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-proofs-\(UUID().uuidString)")
        defer {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: cache)
        }
        var o = GateOptions(goldens: dir, jobs: 2)
        o.proofs = .open(cache)
        let cold = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(cold.failures.isEmpty && cold.fastPath == 0)
        try o.proofs.save()
        o.proofs = .open(cache)
        let warm = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(warm.failures.isEmpty && warm.fastPath == catalog.count)
        let file = cache.appendingPathComponent(ProvenGoldens.fileName)
        expectTrue(
            try Data(contentsOf: file).count == ProvenGoldens.magic.count + ProvenGoldens.secretSize + ProvenGoldens
                .recordSize * catalog.count)
        try Data("not proofs".utf8).write(to: file)
        o.proofs = .open(cache)
        expectTrue(try Verifier.verify(o, catalog: catalog, painter: painter).fastPath == 0)
    }

    /// The cache may not live where the repository's files are (a commit could write proofs there).
    @Test func aProofsCacheInsideTheRepositoryIsRefused() throws {
        #expect(throws: InputError.self) {
            try GateArguments.proofs(["EVIDENCE_CACHE": PackagePaths.root.appendingPathComponent("Goldens/x").path])
        }
        #expect(throws: InputError.self) { try GateArguments.proofs(["XDG_CACHE_HOME": PackagePaths.root.path]) }
        _ = try GateArguments.proofs(["EVIDENCE_CACHE": ""])  // the run's own proofs only
    }
}
