import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster

/// The golden gate end to end on a temporary goldens folder with a small catalog of real renders.
@Suite(.serialized) struct GateTests {
    let painter = CairoPainter(fonts: .shared)
    let catalog = StarterCatalog.fixtures()

    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-gate-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
    func options(_ dir: URL, jobs: Int = 2, filter: String? = nil) -> GateOptions {
        GateOptions(goldens: dir, filter: filter, jobs: jobs, comparison: .automatic)
    }
    func snapshot(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)!
        while let rel = e.nextObject() as? String {
            var isDir: ObjCBool = false
            let p = dir.appendingPathComponent(rel).path
            if FileManager.default.fileExists(atPath: p, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = FileManager.default.contents(atPath: p)
            }
        }
        return out
    }
    func kinds(_ r: VerifyResult) -> [String: FailureKind] {
        Dictionary(r.failures.map { ($0.key, $0.kind) }, uniquingKeysWith: { a, _ in a })
    }

    @Test func recordThenVerifyPasses() throws {
        let dir = tempDir()
        let r = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        expectTrue(r.added.count == catalog.count)
        let v = try Verifier.verify(options(dir), catalog: catalog, painter: painter)
        expectTrue(v.failures.isEmpty)
        expectTrue(v.fastPath == catalog.count)
        expectTrue(v.summaryLine == "\(catalog.count) passed, 0 failed")
    }

    @Test func recordTwiceChangesNothingAndJobCountDoesNotMatter() throws {
        let one = tempDir()
        let two = tempDir()
        _ = try Recorder.record(options(one, jobs: 1), catalog: catalog, painter: painter)
        _ = try Recorder.record(options(two, jobs: 2), catalog: catalog, painter: painter)
        expectTrue(snapshot(one) == snapshot(two))
        let before = snapshot(one)
        let again = try Recorder.record(options(one, jobs: 2), catalog: catalog, painter: painter)
        expectTrue(again.moved.isEmpty && again.added.isEmpty && again.removed.isEmpty)
        expectTrue(again.unchanged == catalog.count)
        expectTrue(snapshot(one) == before)
    }

    @Test func dryRunReportsButWritesNothing() throws {
        let dir = tempDir()
        let dry = try Recorder.record(options(dir), catalog: catalog, painter: painter, dryRun: true)
        expectTrue(dry.added.count == catalog.count)
        expectTrue(snapshot(dir).isEmpty)
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let before = snapshot(dir)
        let shorter = Array(catalog.dropLast())
        let dry2 = try Recorder.record(options(dir), catalog: shorter, painter: painter, dryRun: true)
        expectTrue(dry2.removed == [catalog.last!.key])
        expectTrue(snapshot(dir) == before)
    }

    @Test func onePixelChangedFailsAsPixelsWithArtifacts() throws {
        let dir = tempDir()
        let report = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let key = catalog[0].key
        let url = dir.appendingPathComponent(catalog[0].goldenPath)
        var img = try PNGCodec.decode([UInt8](try Data(contentsOf: url)), name: url.path)
        let p = img.pixel(x: 5, y: 5)
        img.setPixel(x: 5, y: 5, Color(r: p.r ^ 0x80, g: p.g, b: p.b, a: 255))
        try Data(PNGCodec.encode(img)).write(to: url)
        var o = options(dir)
        o.reportDirectory = report
        let v = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(kinds(v) == [key: .pixels])
        expectTrue(v.failures[0].detail.hasPrefix("1 pixels differ"))
        expectTrue(Set(v.failures[0].artifacts) == ["\(key)/actual.png", "\(key)/expected.png", "\(key)/diff.png"])
        for a in v.failures[0].artifacts {
            expectTrue(FileManager.default.fileExists(atPath: report.appendingPathComponent(a).path))
        }
    }

    @Test func deletedGoldenIsMissingAndExtrasAreStale() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[1].goldenPath))
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent(catalog[0].goldenPath),
            to: dir.appendingPathComponent("starter/extra.png"))
        // A manifest entry whose fixture is gone: verify with a catalog lacking the last fixture.
        let shorter = Array(catalog.dropLast())
        let v = try Verifier.verify(options(dir), catalog: shorter, painter: painter)
        expectTrue(kinds(v) == [catalog[1].key: .missing, "starter/extra": .stale, catalog.last!.key: .stale])
        // Stale is found from the manifest and the folder even when the filter excludes nothing else.
        let filtered = try Verifier.verify(options(dir, filter: "starter/extra*"), catalog: shorter, painter: painter)
        expectTrue(kinds(filtered) == ["starter/extra": .stale])
        // Record removes the stale golden it recorded and adds the missing one; the extra PNG it never
        // wrote is left alone (and said so) — it deletes only what the manifest proves it wrote.
        let r = try Recorder.record(options(dir), catalog: shorter, painter: painter)
        expectTrue(r.added == [catalog[1].key])
        expectTrue(r.removed == [catalog.last!.key])
        expectTrue(!FileManager.default.fileExists(atPath: dir.appendingPathComponent(catalog.last!.goldenPath).path))
        expectTrue(r.leftAlone.count == 1 && r.leftAlone[0].hasPrefix("starter/extra.png: not in manifest.json"))
        expectTrue(
            kinds(try Verifier.verify(options(dir), catalog: shorter, painter: painter)) == ["starter/extra": .stale])
        try FileManager.default.removeItem(at: dir.appendingPathComponent("starter/extra.png"))
        expectTrue(try Verifier.verify(options(dir), catalog: shorter, painter: painter).failures.isEmpty)
    }

    @Test func aStaleGoldenChangedSinceRecordingIsNotDeleted() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let victim = dir.appendingPathComponent(catalog.last!.goldenPath)
        try Data("not what record wrote".utf8).write(to: victim)
        let r = try Recorder.record(options(dir), catalog: Array(catalog.dropLast()), painter: painter)
        expectTrue(r.removed == [catalog.last!.key])
        expectTrue(r.leftAlone == ["\(catalog.last!.goldenPath): changed since it was recorded"])
        expectTrue(try Data(contentsOf: victim) == Data("not what record wrote".utf8))
    }

    @Test func aRecordThatFailsPartWayChangesNothing() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        // Two goldens will move (they hold another fixture's pixels) and one will be added…
        for i in [0, 3] {
            try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[i].goldenPath))
            try FileManager.default.copyItem(
                at: dir.appendingPathComponent(catalog[i + 1].goldenPath),
                to: dir.appendingPathComponent(catalog[i].goldenPath))
        }
        let added = dir.appendingPathComponent(catalog[2].goldenPath)
        try FileManager.default.removeItem(at: added)
        let before = snapshot(dir)
        // …but once every render is decided, a folder appears where the new golden goes.
        #expect(throws: InputError.self) {
            try Recorder.record(
                options(dir), catalog: catalog, painter: painter,
                progress: { p in
                    if p.done == p.total {
                        try? FileManager.default.createDirectory(at: added, withIntermediateDirectories: false)
                    }
                })
        }
        try FileManager.default.removeItem(at: added)
        expectTrue(snapshot(dir) == before)  // no golden rewritten, no temp file, the manifest as it was
    }

    @Test func staleTempFilesAreSweptByTheNextRecord() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let temp = dir.appendingPathComponent("starter/.card-1.png.tmp-999999999")
        try Data("half".utf8).write(to: temp)
        let r = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        expectTrue(r.removedTempFiles == ["starter/.card-1.png.tmp-999999999"])
        expectTrue(!FileManager.default.fileExists(atPath: temp.path))
    }

    @Test(arguments: ["truncated", "crc", "lfs", "empty"])
    func unreadableGoldens(damage: String) throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let url = dir.appendingPathComponent(catalog[2].goldenPath)
        var bytes = [UInt8](try Data(contentsOf: url))
        switch damage {
        case "truncated": bytes = Array(bytes.prefix(bytes.count / 2))
        case "crc": bytes[bytes.count / 2] ^= 0xFF
        case "lfs": bytes = Array("version https://git-lfs.github.com/spec/v1\noid sha256:00\nsize 1\n".utf8)
        default: bytes = []
        }
        try Data(bytes).write(to: url)
        let v = try Verifier.verify(options(dir), catalog: catalog, painter: painter)
        expectTrue(kinds(v) == [catalog[2].key: .unreadable])
        expectTrue(!v.failures[0].detail.contains("\n"))
        expectTrue(v.failures[0].detail.contains(url.path))
        if damage == "lfs" { expectTrue(v.failures[0].detail.contains("git lfs pull")) }
    }

    @Test func corruptManifestIsAnInputError() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        try Data("{ not json".utf8).write(to: dir.appendingPathComponent(Manifest.fileName))
        #expect(throws: InputError.self) { try Verifier.verify(options(dir), catalog: catalog, painter: painter) }
    }

    @Test func selfCheckSeesAKnownDifference() {
        expectTrue(ImageOps.selfCheckFailure(.exact) == nil)
        expectTrue(ImageOps.selfCheckFailure(.perceptual(threshold: 0.1)) == nil)
        // A comparator that can see nothing (threshold 1 on a one-pixel grey step) must fail the self-check.
        expectTrue(ImageOps.selfCheckFailure(.perceptual(threshold: 1.0)) != nil)
    }

    @Test func environmentDriftFailsTheRunAsEnvironment() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let url = dir.appendingPathComponent(Manifest.fileName)
        var m = try #require(try Manifest.load(from: dir))
        m.environment.cairo = "0.0.1"
        try Data(m.encoded()).write(to: url)
        let v = try Verifier.verify(options(dir), catalog: catalog, painter: painter)
        expectTrue(v.failures.map(\.kind) == [.environment])
        expectTrue(v.failures[0].detail.contains("cairo: recorded 0.0.1, found \(RendererEnvironment.current().cairo)"))
        expectTrue(v.failures[0].detail.contains("--compare perceptual"))
        expectTrue(v.passed.isEmpty)
        expectTrue(v.comparison.contains("environment differs"))
    }

    @Test func globMatching() {
        expectTrue(Glob.matches("android/*", "android/medium/default/stones/light"))
        expectTrue(Glob.matches("*/light", "starter/card-12/light"))
        expectTrue(!Glob.matches("ios/*", "android/small"))
        expectTrue(Glob.matches("starter/card-?/dark", "starter/card-7/dark"))
        expectTrue(Glob.matches("starter/card-[17]*", "starter/card-12/dark"))
    }

    /// A filtered run walks only the glob's literal folder (issue #37): over a folder of files,
    /// links (one standing for a folder) and temp files, and every glob a user might type — whole
    /// keys, prefixes, wildcards mid-segment, sets, odd and hostile spellings — the strays found
    /// that way are exactly a whole walk's, filtered.
    @Test func aFilteredWalkFindsWhatAWholeWalkFilteredFinds() throws {
        let dir = tempDir()
        let files = [
            "android/small/a/light.png", "android/small/a/dark.png", "android/smaller/b.png",
            "android/medium/c/light.png",
            "ios/systemSmall/d.png", "top.png", "android/small/a/.light.png.tmp-999999999", "android/x.txt",
        ]
        for f in files {
            let u = dir.appendingPathComponent(f)
            try FileManager.default.createDirectory(
                at: u.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: u)
        }
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("android/small/link.png").path, withDestinationPath: "/etc/passwd")
        try FileManager.default.createSymbolicLink(
            atPath: dir.appendingPathComponent("android/linked").path,
            withDestinationPath: dir.appendingPathComponent("ios").path)
        let globs = [
            "android/small/a/light", "android/small/*", "android/sm*", "android/small?a/*", "android/[sm]*/*", "*",
            "android/*/light",
            "android/linked/*", "android/linked", "android/small/link", "ios/systemSmall/d", "top", "nope/*",
            "/android/*",
            "../android/*", "android//small/*", "android/./small/*", "android/small/a/light/*", "android/x.txt",
        ]
        let whole = ContainedFolder(dir).walk()
        for glob in globs {
            let filtered = try Manifest.strays(in: dir, listed: [], linksExcluding: [], filter: glob)
            let expected = (
                whole.files.filter { $0.hasSuffix(".png") && Glob.matches(glob, String($0.dropLast(4))) },
                whole.links.filter { Glob.matches(glob, $0.hasSuffix(".png") ? String($0.dropLast(4)) : $0) }
            )
            expectTrue(filtered.unlisted == expected.0, "\(glob)")
            expectTrue(filtered.links == expected.1, "\(glob)")
            let folder = Glob.literalFolder(glob)
            expectTrue(
                ContainedFolder(dir).walk(under: folder).files.allSatisfy {
                    folder == nil || $0.hasPrefix(folder! + "/")
                }, "\(glob)")
        }
        expectTrue(Glob.literalFolder("android/small/*") == "android/small")
        expectTrue(Glob.literalFolder("android/sm*") == "android")
        expectTrue(Glob.literalFolder("*/light") == nil)
        expectTrue(Glob.literalFolder("../x/*") == nil)
        expectTrue(
            ContainedFolder(dir).staleTempFiles(under: "android/small") == ["android/small/a/.light.png.tmp-999999999"])
        expectTrue(ContainedFolder(dir).staleTempFiles(under: "ios").isEmpty)
        expectTrue(ContainedFolder(dir).walk(under: "android/linked").files.isEmpty)  // a link is never walked into
    }
}
