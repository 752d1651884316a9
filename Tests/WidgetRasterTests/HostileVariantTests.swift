import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// Issue #55's last hostile round: variants of its classes that found a hole, each failing before
/// its fix (noted per test), run against the CLI as a user would.
@Suite(.serialized) struct HostileVariantTests {
    static func evidence(_ args: [String], in dir: URL) throws -> HostileCaseTests.Run {
        try HostileCaseTests.evidence(args + ["--root", PackagePaths.root.path], in: dir)
    }
    /// A result `report` reads: no fixture judged, so it is no pass (exit 1), but it is read.
    static let emptyResult =
        #"{"schema":"evidence-result/2","passed":[],"failures":[],"known":[],"details":[],"cases":[],"#
        + #""comparison":"exact","fastPath":0}"#

    /// `report --from DIR` searched 8 folders deep and skipped anything deeper in silence: a
    /// shard's result one level too deep was dropped, its failures with it, and a folder holding
    /// only deeper results said "no result in this folder or below it". Now a deeper folder is
    /// exit 2 naming the cap; 8 levels are still searched.
    @Test func reportFromPastItsDepthCapNamesTheCap() throws {
        let dir = try PrivateFolder.make("evidence-deep")
        defer { dir.remove() }
        func nest(_ levels: Int, under root: String) throws -> URL {
            let folder = (1...levels).reduce(dir.url.appendingPathComponent(root)) {
                $0.appendingPathComponent("\($1)")
            }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(Self.emptyResult.utf8).write(to: folder.appendingPathComponent("result.json"))
            return folder
        }
        _ = try nest(9, under: "deep")
        let r = try Self.evidence(["report", "--from", "deep", "-o", "page"], in: dir.url)
        expectTrue(r.code == 2, "\(r.err)")
        expectTrue(
            r.errLines.count == 1 && r.err.contains("more than 8 levels below it")
                && r.err.contains("report searches 8 levels deep at most"), "\(r.err)")
        expectTrue(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("page").path))
        // Eight levels down is searched: the result is read (and, judging nothing, is no pass).
        _ = try nest(8, under: "eight")
        let ok = try Self.evidence(["report", "--from", "eight", "-o", "page8"], in: dir.url)
        expectTrue(ok.code == 1 && !ok.err.contains("levels below it"), "\(ok.code) \(ok.err)")
    }

    /// `report --from DIR` parsed every `*.json` below DIR to read its schema, and merged every
    /// result it found: a folder of thousands of in-bounds results (or of 16 MB JSON files) was
    /// minutes of parsing. Now at most 1,024 results (the most shards a run splits into) and
    /// 256 MB of JSON, each refused with one line before anything is merged or written.
    @Test func reportFromAFolderOfTooManyResultsIsRefusedBeforeParsingThem() throws {
        let dir = try PrivateFolder.make("evidence-many")
        defer { dir.remove() }
        let many = dir.url.appendingPathComponent("many")
        try FileManager.default.createDirectory(at: many, withIntermediateDirectories: true)
        for i in 0...Shard.maxCount {
            try Data(Self.emptyResult.utf8).write(to: many.appendingPathComponent("r\(i).json"))
        }
        let r = try Self.evidence(["report", "--from", "many", "-o", "page"], in: dir.url)
        expectTrue(r.code == 2 && r.errLines.count == 1, "\(r.err)")
        expectTrue(r.err.contains("--from: 1025 results; at most 1024 (the most shards a run splits into)"), "\(r.err)")
        // 17 JSON files of 16 MB each (sparse: no bytes written) are more than 256 MB to parse.
        let big = dir.url.appendingPathComponent("big")
        try FileManager.default.createDirectory(at: big, withIntermediateDirectories: true)
        for i in 0..<17 {
            let f = big.appendingPathComponent("x\(i).json")
            expectTrue(FileManager.default.createFile(atPath: f.path, contents: nil))
            let h = try FileHandle(forWritingTo: f)
            try h.truncate(atOffset: UInt64(ResultFile.maxBytes))
            try h.close()
        }
        let b = try Self.evidence(["report", "--from", "big", "-o", "page"], in: dir.url)
        expectTrue(b.code == 2 && b.err.contains("holds more than 256 MB of JSON below it"), "\(b.err)")
        expectTrue(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("page").path))
    }

    /// `bench --prepared Goldens --filter X --phase record-same` recorded into the project's own
    /// goldens and removed every golden outside X as stale (2,018 of 2,038): `--prepared` was only
    /// an input. With that phase it is an output the command owns, so the project's goldens (and
    /// anything else the run reads) are refused before any work; a prepared folder of its own is
    /// still recorded into.
    @Test func benchRecordSameNeverRecordsIntoTheProjectsGoldens() throws {
        let dir = try OutputAllowListTests.project()
        defer { dir.remove() }
        let before = GateTrustTests.tree(dir.url)
        let r = try GateTrustTests.evidence(
            ["bench", "--filter", "android/small/empty/*", "--prepared", "Goldens", "--phase", "record-same"],
            in: dir.url)
        expectTrue(r.code == 2, "\(r.err)")
        expectTrue(
            r.err.split(separator: "\n").last?.contains("--prepared: 'Goldens' is the project's goldens folder")
                == true, "\(r.err)")
        expectTrue(GateTrustTests.tree(dir.url) == before)
    }

    /// `bench --scale N` past what a goldens folder may hold is refused before the folder is made
    /// (it was made, then refused by verify's walk of it); the largest scale allowed still runs.
    @Test func benchRefusesAScaleNoGoldensFolderHolds() throws {
        let dir = try OutputAllowListTests.project()
        defer { dir.remove() }
        let listed = try GateTrustTests.evidence(["list"], in: dir.url)
        let fixtures = listed.out.split(separator: "\n").count  // this project's: the matrix, no case files
        let most = GoldensBounds.maxGoldens / fixtures
        expectTrue(most >= 16, "issue #12 measures 16× the matrix")
        let before = GateTrustTests.tree(dir.url)
        let r = try GateTrustTests.evidence(
            ["bench", "--scale", "\(most + 1)", "--prepare", dir.url.appendingPathComponent("scaled").path], in: dir.url
        )
        expectTrue(r.code == 2 && r.errLines.count == 1, "\(r.err)")
        expectTrue(
            r.err.contains(
                "--scale: \(most + 1) copies of \(fixtures) fixtures are \((most + 1) * fixtures) goldens, more than "
                    + "the \(GoldensBounds.maxGoldens) a goldens folder may hold; at most --scale \(most)"), "\(r.err)")
        expectTrue(GateTrustTests.tree(dir.url) == before)
    }
}
