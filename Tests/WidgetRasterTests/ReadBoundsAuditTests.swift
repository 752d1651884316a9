import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetScene

@testable import WidgetRaster
@testable import evidence

/// Issue #55's bound audit: files read with no bound but the 256 MB input cap (or none at all),
/// each failing before its fix.
@Suite struct ReadBoundsAuditTests {
    static func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-audit-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// A proofs file as `save` writes it: the magic, a secret, then `count` proofs of key i → pixels i.
    static func proofsFile(_ count: Int) -> [UInt8] {
        var out = ProvenGoldens.magic + [UInt8](repeating: 7, count: ProvenGoldens.secretSize)
        out.reserveCapacity(out.count + count * ProvenGoldens.recordSize)
        for i in 0..<count {
            for word in [UInt64(0), UInt64(i + 1), 0, UInt64(i + 1), 0, 0] {
                withUnsafeBytes(of: word.littleEndian) { out += $0 }
            }
        }
        return out
    }

    /// Before: the cache file was read up to the 256 MB input cap and every record parsed (5.6
    /// million proofs), though `save` never writes more than `maxProofs`. Now a larger file is no
    /// cache (as a malformed one is): started afresh, never parsed.
    @Test func theProofsCacheIsReadOnlyUpToWhatSaveWrites() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent(ProvenGoldens.fileName)
        let first = Hash128(high: 0, low: 1)
        try Data(Self.proofsFile(ProvenGoldens.maxProofs)).write(to: file)
        expectTrue(Self.proofsFile(ProvenGoldens.maxProofs).count == ProvenGoldens.maxFileBytes)
        expectTrue(ProvenGoldens.open(dir).pixels(of: first) == first)
        try Data(Self.proofsFile(ProvenGoldens.maxProofs + 1)).write(to: file)
        expectTrue(ProvenGoldens.open(dir).pixels(of: first) == nil)
    }

    /// Before: a page folder to be replaced was walked whole — a chain of folders thousands deep
    /// rebuilt every deeper path — and a FIFO in it was no problem. Now the walk stops at a page's
    /// own depth, path length and entry count, and anything but files, folders and links is named.
    @Test func aPageFoldersWalkStopsAtAPagesShape() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(PageFolder.markerText.utf8).write(to: dir.appendingPathComponent(PageFolder.markerName))
        let deepest = (0..<PageFolder.maxPageDepth).map { "d\($0)" }.joined(separator: "/")
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(deepest), withIntermediateDirectories: true)
        try Data().write(to: dir.appendingPathComponent(deepest + "/actual.png"))
        expectTrue(PageFolder.pageProblem(ContainedFolder(dir)) == nil)
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent(deepest + "/deeper"), withIntermediateDirectories: true)
        expectTrue(
            PageFolder.pageProblem(ContainedFolder(dir))?.hasPrefix(
                "folders deeper than \(PageFolder.maxPageDepth)") == true)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(deepest + "/deeper"))
        expectTrue(mkfifo(dir.appendingPathComponent("pipe").path, 0o600) == 0)
        expectTrue(PageFolder.pageProblem(ContainedFolder(dir)) == "'pipe', neither a file nor a folder")
    }

    /// Before: the roll-up's "now" read a token file with `String(contentsOf:)` — no size bound, a
    /// FIFO waited for a writer — though `report` draws the roll-up without loading the tokens.
    /// Now it is read as the token loader reads it: at most `TokenFolder.maxTokenFileBytes`.
    @Test func aTokenLiteralIsReadWithinTheTokenFileBound() throws {
        let dir = try Self.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("values"), withIntermediateDirectories: true)
        let color = #"<resources><color name="widget_muted">#A3A3A3</color></resources>"#
        let file = dir.appendingPathComponent("values/colors_widget.xml")
        try Data(color.utf8).write(to: file)
        expectTrue(TokenLiteral.android("widget_muted", theme: .light, res: dir) == "#A3A3A3")
        let padding = String(repeating: " ", count: TokenFolder.maxTokenFileBytes)
        try Data((color + "<!--" + padding + "-->").utf8).write(to: file)
        expectTrue(TokenLiteral.android("widget_muted", theme: .light, res: dir) == nil)
    }
}

/// The audit's text inputs: an accept file and a plan batch, each read to the 256 MB input cap
/// with no count (a batch line naming a 16 MB snapshot, repeated, read terabytes).
@Suite struct TextInputBoundsAuditTests {
    static let hash = String(repeating: "0", count: 32)

    /// Before: any number of keys (each record asked `pixelHash(of:)`, a scan of all of them).
    @Test func anAcceptFileHoldsAtMostTheManifestsKeys() throws {
        let lines = (0..<AcceptFile.maxEntries).map { "k/\($0) \(Self.hash)" }
        let file = try AcceptFile.parse((["# header"] + lines).joined(separator: "\n"), name: "a.txt")
        expectTrue(file.entries.count == AcceptFile.maxEntries)
        expectTrue(file.pixelHash(of: "k/39999") == Hash128(high: 0, low: 0))
        expectTrue(file.pixelHash(of: "k/40000") == nil)
        #expect(throws: InputError("a.txt:40002", "more than 40000 keys: more than the manifest holds")) {
            _ = try AcceptFile.parse(
                (["# header"] + lines + ["k/x \(Self.hash)"]).joined(separator: "\n"), name: "a.txt")
        }
        expectTrue(AcceptFile.maxBytes >= AcceptFile.maxEntries * (ManifestBounds.maxKeyBytes + 34))
    }

    /// `plan --batch`'s budget as `runBatch` spends it, line by line, with small caps.
    @Test func aPlanBatchCountsItsPlansAndTheSnapshotsItsLinesName() throws {
        let dir = try ReadBoundsAuditTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let snap = dir.appendingPathComponent("s.json")
        try Data(repeating: 0x20, count: 60).write(to: snap)
        expectTrue(PlanCommand.snapshotSize(["--snapshot", snap.path, "--as-of", "x"]) == 60)
        expectTrue(PlanCommand.snapshotSize(["--snapshot=\(snap.path)"]) == 60)
        expectTrue(PlanCommand.snapshotSize(["--snapshot", "-"]) == 0)
        var budget = PlanCommand.BatchBudget(maxRequests: 3, maxSnapshotBytes: 100)
        try budget.admit(["--snapshot", snap.path], at: "b:1")
        #expect(
            throws: InputError(
                "b:2", "the snapshots named so far total more than 100 bytes (each line reads its own); split the file")
        ) {
            try budget.admit(["--snapshot", snap.path], at: "b:2")
        }
        var plans = PlanCommand.BatchBudget(maxRequests: 2, maxSnapshotBytes: 100)
        try plans.admit(["--state", "empty"], at: "b:1")
        try plans.admit(["--state", "empty"], at: "b:2")
        #expect(throws: InputError("b:3", "more than 2 plans in one batch; split the file")) {
            try plans.admit(["--state", "empty"], at: "b:3")
        }
        expectTrue(PlanCommand.maxBatchRequests >= 20_000 && PlanCommand.maxBatchSnapshotBytes == maxInputFileBytes)
    }

    /// Before: `report --from DIR` listed each folder whole (`contentsOfDirectory`) before counting
    /// it against `searchEntries`; now the listing itself stops at what is left of the cap, and a
    /// page marker is read only as far as a marker evidence writes.
    @Test func listingsAndMarkersStopAtTheirBound() throws {
        let dir = try ReadBoundsAuditTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        for name in ["a.json", "b", ".hidden", "c.json", "d"] {
            try Data().write(to: dir.appendingPathComponent(name))
        }
        expectTrue(
            ReportCommand.entries(of: dir.path, atMost: 5)?.sorted() == [".hidden", "a.json", "b", "c.json", "d"])
        expectTrue(ReportCommand.entries(of: dir.path, atMost: 4) == nil)
        let marker = dir.appendingPathComponent(PageFolder.markerName)
        try Data((PageFolder.markerText + " ").utf8).write(to: marker)
        guard case .unreadable = ContainedFolder(dir).read(PageFolder.markerName, limit: PageFolder.maxMarkerBytes)
        else {
            Issue.record("a marker longer than any evidence writes was read")
            return
        }
        try Data(PageFolder.markerText.utf8).write(to: marker)
        guard case .bytes = ContainedFolder(dir).read(PageFolder.markerName, limit: PageFolder.maxMarkerBytes) else {
            Issue.record("evidence's own marker was not read")
            return
        }
    }

    /// Before: a case file was read up to the 256 MB input cap before its 256 KB bound was checked
    /// (one past 256 MB was "larger than 256 MB"); now the read stops at the case bound.
    @Test func aCaseFileIsReadNoFurtherThanItsBound() throws {
        let dir = try ReadBoundsAuditTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let file = dir.appendingPathComponent("big.json")
        expectTrue(FileManager.default.createFile(atPath: file.path, contents: nil))
        let size = (300 << 20) as Int
        expectTrue(truncate(file.path, off_t(size)) == 0)  // sparse: no disk used
        #expect(
            throws: InputError(
                file.path, "is \(size) bytes, more than the \(CaseFiles.maxFileBytes) a case or its snapshot may be")
        ) { _ = try CaseFiles.load(dir) }
    }

    /// Before: `pin` read an existing case of the same name up to the 256 MB input cap just to learn
    /// that it exists. Now no further than a case file's bound: a larger one is refused (with or
    /// without --force) as every command that loads the cases refuses it, in the same words.
    @Test func pinReadsAnExistingCaseNoFurtherThanACasesBound() throws {
        let dir = try ReadBoundsAuditTests.scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let cases = dir.appendingPathComponent("Cases")
        try FileManager.default.createDirectory(
            at: cases.appendingPathComponent("reported"), withIntermediateDirectories: true)
        let big = cases.appendingPathComponent("reported/big.json")
        try Data(count: CaseFiles.maxFileBytes + 1).write(to: big)
        for force in [[], ["--force"]] {
            let r = try HostileCaseTests.evidence(
                [
                    "pin", "--platform", "android", "--family", "small", "--no-snapshot", "--as-of",
                    "2026-11-30T15:00:00-05:00", "--time-zone", "America/New_York", "--name", "reported/big",
                    "--cases", cases.path,
                ] + force)
            expectTrue(r.code == 2 && r.errLines.count == 1, "\(force): \(r.err)")
            expectTrue(
                r.err.contains(
                    "\(big.path): is \(CaseFiles.maxFileBytes + 1) bytes, more than the \(CaseFiles.maxFileBytes) a "
                        + "case or its snapshot may be"), "\(force): \(r.err)")
        }
        expectTrue(try Data(contentsOf: big).count == CaseFiles.maxFileBytes + 1)
    }
}
