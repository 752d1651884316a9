import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// Issue #55: `Goldens/manifest.json` arrives in pull requests, and only the 256 MB input cap
/// bounded it — 200,000 stale entries (124 MB) made verify print 200,000 failures in 8.9 s, and
/// one entry could carry a 100 MB key, label or frames text. `ManifestBounds` refuses such a
/// manifest whole (exit 2, one line naming the file and the bound); `record --rebuild-manifest`,
/// which never reads it, is still the way out.
@Suite(.serialized) struct ManifestBoundsTests {
    static let environment = RendererEnvironment(
        cairo: "1", freetype: "2", harfbuzz: "3", libpng: "4", zlib: "5", fonts: [:])

    static func entry(_ key: String) -> GoldenEntry {
        GoldenEntry(
            file: key + ".png", pixelHash: Hash128(high: 0, low: 1), fileHash: Hash128(high: 0, low: 2), width: 1,
            height: 1, visibleText: [], accessibilityLabel: "")
    }

    /// `goldens`, and entries whose keys no fixture has up to `count`, written as `dir`'s manifest:
    /// the encoder's text for `goldens` and one stale entry, with the other stale entries spliced in
    /// as text (`Manifest.encoded()` of 40,000 entries was most of this suite's time in a debug
    /// build, JSONSerialization's bridging as slow).
    static func write(
        _ goldens: [String: GoldenEntry], staleUpTo count: Int, into dir: URL,
        environment: RendererEnvironment = environment
    ) throws {
        let sample = Manifest(
            environment: environment, goldens: goldens.merging(["stale/k0": entry("stale/k0")]) { a, _ in a })
        let text = String(decoding: sample.encoded(), as: UTF8.self)
        // The table opens at the first brace after its key, however the encoder spaces the colon.
        let key = try #require(text.range(of: "\"goldens\""))
        let table = try #require(text.range(of: "{", range: key.upperBound..<text.endIndex))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let one = String(decoding: try encoder.encode(entry("stale/k0")), as: UTF8.self)
        let file = try #require(one.range(of: "stale/k0.png"))
        let (head, tail) = (one[..<file.lowerBound], one[file.upperBound...])
        var spliced = ""
        for i in 1..<max(1, count - goldens.count) {
            spliced += "\"stale/k\(i)\" : " + head + "stale/k\(i).png" + tail + ",\n"
        }
        let json = text[..<table.upperBound] + spliced + text[table.upperBound...]
        try Data(json.utf8).write(to: dir.appendingPathComponent(Manifest.fileName))
    }

    static func folder(_ goldens: [String: GoldenEntry], staleUpTo count: Int = 0) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-mbounds-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        if count > goldens.count {
            try write(goldens, staleUpTo: count, into: dir)
        } else {
            try Manifest(environment: environment, goldens: goldens).write(into: ContainedFolder(dir))
        }
        return dir
    }

    static func refusal(_ goldens: [String: GoldenEntry]) throws -> String? {
        let dir = try folder(goldens)
        defer { try? FileManager.default.removeItem(at: dir) }
        do {
            _ = try Manifest.loadChecked(from: dir)
            return nil
        } catch {
            expectTrue(error.location == dir.appendingPathComponent(Manifest.fileName).path)
            let wayOut = "; " + Manifest.wayOut(dir.appendingPathComponent(Manifest.fileName))
            expectTrue(error.problem.hasSuffix(wayOut))
            return String(error.problem.dropLast(wayOut.count))
        }
    }

    /// `bench --scale 16` (issue #12 bounds memory at 16× the matrix) makes a goldens folder of 16
    /// copies of the matrix, each under `scale-k/`: its goldens, and its goldens with their folders,
    /// are within the bounds the walk and the manifest keep.
    @Test func sixteenTimesTheMatrixIsWithinTheGoldensBounds() throws {
        let keys = try FixtureCatalog.keys(matching: nil)
        var folders = Set<Substring>()
        for key in keys {
            var path = Substring(key)
            while let slash = path.lastIndex(of: "/") {
                path = path[..<slash]
                folders.insert(path)
            }
        }
        expectTrue(16 * keys.count <= GoldensBounds.maxGoldens, "\(keys.count) goldens")
        expectTrue(16 * (keys.count + folders.count + 1) <= GoldensBounds.maxEntries, "\(folders.count) folders")
    }

    @Test func theEntryCapIsTheGoldensWalksAndOneMoreIsRefused() throws {
        expectTrue(ManifestBounds.maxEntries == GoldensBounds.maxGoldens)
        let dir = try Self.folder([:], staleUpTo: ManifestBounds.maxEntries)
        defer { try? FileManager.default.removeItem(at: dir) }
        let (m, rejected) = try Manifest.loadChecked(from: dir)
        expectTrue(m?.goldens.count == ManifestBounds.maxEntries && rejected.isEmpty)
        try Self.write([:], staleUpTo: ManifestBounds.maxEntries + 1, into: dir)
        // A filtered read counts every entry too: the count is checked before any entry is decoded.
        for glob: String? in [nil, "stale/k1"] {
            do {
                _ = try Manifest.loadChecked(from: dir, entries: glob)
                Issue.record("a manifest of \(ManifestBounds.maxEntries + 1) entries was read")
            } catch {
                expectTrue(
                    error.description.hasPrefix(
                        "\(dir.path)/manifest.json: 40001 entries: more than the 40000 a manifest may hold (one per "
                            + "golden; a goldens folder holds at most 40000); restore it with"))
            }
        }
    }

    /// Each bound accepted at its cap and refused one past it, naming the entry and the bound.
    @Test func anEntrysKeyAndTextsAreBoundedAtTheirCaps() throws {
        let key = String(repeating: "k", count: ManifestBounds.maxKeyBytes)
        expectTrue(try Self.refusal([key: Self.entry(key)]) == nil)
        expectTrue(
            try Self.refusal([key + "k": Self.entry(key + "k")])
                == "an entry key of 1021 bytes ('\(key.prefix(80))'…): more than the 1020 a key may have (its golden's "
                + "path is at most 1024)")

        func refusal(_ edit: (inout GoldenEntry) -> Void) throws -> String? {
            var e = Self.entry("a/b")
            edit(&e)
            return try Self.refusal(["a/b": e])
        }
        let text = String(repeating: "é", count: ResultFile.maxText)
        let name = String(repeating: "n", count: ManifestBounds.maxFramesBytes - " 0 0 0 0".utf8.count)
        let frames = try #require(ElementFrames(text: name + " 0 0 0 0"))
        expectTrue(frames.text.utf8.count == ManifestBounds.maxFramesBytes)
        let path = String(repeating: "p", count: GoldensBounds.maxPathBytes)
        for (atCap, over, line) in [
            (
                { (e: inout GoldenEntry) in e.file = path }, { (e: inout GoldenEntry) in e.file = path + "p" },
                "entry 'a/b' has a file of 1025 bytes: more than the 1024 an entry may have"
            ),
            (
                { $0.accessibilityLabel = text }, { $0.accessibilityLabel = text + "x" },
                "entry 'a/b' has an accessibility label of 4097 characters: more than the 4096 an entry may have"
            ),
            (
                { $0.visibleText = Array(repeating: "", count: 256) },
                { $0.visibleText = Array(repeating: "", count: 257) },
                "entry 'a/b' has visible text of 257 lines: more than the 256 an entry may have"
            ),
            (
                { $0.visibleText = ["", text] }, { $0.visibleText = ["", text + "x"] },
                "entry 'a/b' has a visible text line of 4097 characters: more than the 4096 an entry may have"
            ),
            (
                { $0.frames = frames }, { $0.frames = ElementFrames(text: "n" + name + " 0 0 0 0") },
                "entry 'a/b' has frames of 65537 bytes: more than the 65536 an entry may have"
            ),
        ] as [((inout GoldenEntry) -> Void, (inout GoldenEntry) -> Void, String)] {
            expectTrue(try refusal(atCap) == nil, "\(line)")
            expectTrue(try refusal(over) == line)
        }
    }

    /// Before: a manifest of any number of stale entries (under 256 MB) was read and each printed
    /// as a failure. Now verify and record refuse it in one line before drawing anything, and
    /// `record --rebuild-manifest`, which never reads it, writes a good one.
    @Test func anOverfullManifestIsExitTwoAndRebuildIsTheWayOut() throws {
        let box = try HostileCaseTests.Sandbox()
        defer { box.remove() }
        let manifestURL = box.goldens.appendingPathComponent(Manifest.fileName)
        let m = try #require(try Manifest.load(from: box.goldens))
        try Self.write(
            m.goldens, staleUpTo: ManifestBounds.maxEntries + 1, into: box.goldens, environment: m.environment)
        let line =
            "\(manifestURL.path): 40001 entries: more than the 40000 a manifest may hold (one per golden; a "
            + "goldens folder holds at most 40000); restore it with 'git checkout -- \(manifestURL.path)' "
            + "or re-create it with 'evidence record --rebuild-manifest'"
        let filter = HostileCaseTests.filter
        for command in ["verify", "record"] {
            let r = try HostileCaseTests.evidence([command, "--goldens", box.goldens.path, "--filter", filter])
            expectTrue(r.code == 2 && r.errLines.count == 1, "\(command): \(r.err)")
            expectTrue(r.err.hasSuffix(line + "\n"), "\(command): \(r.err)")
            expectTrue(!r.out.contains("stale/"))
        }
        let rebuilt = try HostileCaseTests.evidence([
            "record", "--goldens", box.goldens.path, "--filter", filter, "--rebuild-manifest",
        ])
        expectTrue(rebuilt.code == 0, "\(rebuilt.err)")
        expectTrue(try Manifest.load(from: box.goldens)?.goldens.keys.allSatisfy { !$0.hasPrefix("stale/") } == true)
        expectTrue(
            try HostileCaseTests.evidence(["verify", "--goldens", box.goldens.path, "--filter", filter]).code == 0)
    }
}
