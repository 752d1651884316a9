import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Issue #24's defect classes that are not one parser's: bounded work, capped error lines,
/// honest messages about what really went wrong. Each test is a reproducer of the "Why".
@Suite struct HonestExitTests {
    static let zone = TimeZone(identifier: "Europe/Berlin")!

    static func snapshot(syncedAt: String) -> WidgetSnapshot {
        WidgetSnapshot(
            syncedAt: parseISO8601(syncedAt)!, streak: 3, longestStreak: 5,
            habits: [WidgetHabit(title: "Run", checkedInToday: false)],
            extendedToday: false, streakMetaphor: "flame", kindlingEnabled: true)
    }

    /// A snapshot synced in year 9999, drawn from 2026: ~16,000 DST edges took a 23 GB host. Now
    /// refused (naming --from) before any frame is drawn, and within the frame cap either side.
    @Test func aTimelineYearsLongIsRefusedNotDrawn() throws {
        let snap = Self.snapshot(syncedAt: "9999-06-01T10:00:00Z")
        let from = parseISO8601("2026-03-28T22:30:00+01:00")!
        let error = #expect(throws: InputError.self) {
            try Timeline.frames(snapshot: snap, from: from, timeZone: Self.zone)
        }
        expectTrue(error?.location == "--from")
        expectTrue(error?.problem.contains("9999-06-02T06:00:01+02:00") == true)
        // From the sync itself the same snapshot is an ordinary day.
        expectTrue(try Timeline.frames(snapshot: snap, from: snap.syncedAt, timeZone: Self.zone).count == 4)
    }

    /// Property over a sweep of --from moments before a 2026 sync: never more than the cap.
    @Test(arguments: [0, 1, 30, 200, 400, 800, 2000, 5000])
    func timelineFramesNeverExceedTheCap(daysBefore: Int) throws {
        let snap = Self.snapshot(syncedAt: "2026-09-17T07:45:00+02:00")
        let from = snap.syncedAt.addingTimeInterval(-Double(daysBefore) * 86_400)
        do {
            let frames = try Timeline.frames(snapshot: snap, from: from, timeZone: Self.zone)
            expectTrue(frames.count <= Timeline.maxFrames)
            expectTrue(frames.last?.state == .stale)
        } catch {
            expectTrue(daysBefore > 365)  // refused only when years of DST edges lie between
            expectTrue(error.location == "--from")
        }
    }

    /// `timeline --platform ios`: every iOS family draws a strip through the one render pipeline.
    @Test(arguments: IOSFamily.allCases)
    func timelineDrawsEveryIOSFamily(family: IOSFamily) throws {
        let painter = CairoPainter(fonts: try FontLibrary.bundled.get())
        let renderer = WidgetRenderer(
            fonts: painter.fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled())
        let ios = try #require(TimelinePlatforms.all(renderer: renderer).first { $0.name == "ios" })
        expectTrue(ios.families.first == "systemMedium")
        expectTrue(ios.families.contains(family.rawValue))
        let snap = Self.snapshot(syncedAt: "2026-03-28T22:30:00+01:00")
        let frames = try Timeline.frames(snapshot: snap, from: snap.syncedAt, timeZone: Self.zone)
        let strip = try Timeline.strip(
            frames, platform: ios, snapshot: snap, timeZone: Self.zone, family: family.rawValue, painter: painter)
        // The same scene `render --platform ios` draws at the family's standard size, @2x.
        let scene = try renderer.render(
            .ios(IOSRenderRequest(family: family, snapshot: snap, asOf: frames[0].date, timeZone: Self.zone))
        ).scene
        expectTrue(strip.height >= painter.render(scene).height)
        #expect(throws: InputError.self) {
            try ios.scene(snapshot: snap, asOf: snap.syncedAt, timeZone: Self.zone, family: "medium")
        }
    }

    /// A 1,000,000-digit streak used to become a 1 MB error line; every error line is capped,
    /// keeps its start (where) and its end (the fix), and stays one line.
    @Test func errorLinesCapWhatTheyEcho() throws {
        let json =
            "{\"syncedAt\":\"2026-03-28T22:30:00+01:00\",\"streak\":" + String(repeating: "1", count: 1_000_000)
            + ",\"longestStreak\":1,\"habits\":[]}"
        let error = #expect(throws: InputError.self) { try decodeWidgetSnapshot(json) }
        let line = try #require(error).description
        expectTrue(line.utf8.count <= maxErrorLineBytes)
        expectTrue(line.hasPrefix("$.streak"))
        expectTrue(line.contains("bytes; cut"))
        let long = InputError(
            String(repeating: "é/", count: 100_000), String(repeating: "x\n", count: 100_000) + "; fix it")
        expectTrue(long.description.utf8.count <= maxErrorLineBytes)
        expectTrue(!long.description.contains("\n"))
        expectTrue(long.description.hasSuffix("; fix it"))
        // Short errors are untouched.
        expectTrue(InputError("--width", "must be 1…4000").description == "--width: must be 1…4000")
    }

    // MARK: resources, FIFOs, deep JSON

    /// A FIFO nobody writes to: a true message at once (it used to wait for a writer forever, or
    /// say "permission"), naming the file.
    @Test func aFIFOWithNoWriterIsNamedNotWaitedOn() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let fifo = dir.appendingPathComponent("snapshot.json").path
        expectTrue(mkfifo(fifo, 0o600) == 0)
        let error = #expect(throws: InputError.self) { try readFile(atPath: fifo) }
        expectTrue(error?.location == fifo)
        expectTrue(error?.problem.contains("FIFO with nothing written to it") == true)
    }

    /// Every errno that means the machine ran out names the resource and is marked, so no check
    /// counts it against a golden; any other errno is not one.
    @Test(arguments: [
        (EMFILE, "open files"), (ENFILE, "open files"), (ENOMEM, "memory"), (ENOSPC, "disk space"),
        (EDQUOT, "disk quota"),
    ])
    func resourceErrorsNameTheResource(err: Int32, resource: String) throws {
        let e = try #require(resourceError(err, "Goldens/a.png", "reading"))
        expectTrue(e.isResourceExhaustion)
        expectTrue(e.location == "Goldens/a.png")
        expectTrue(e.problem.contains("out of \(resource)"))
        expectTrue(e.problem.contains("not the file's fault"))
        expectTrue(resourceError(EACCES, "x", "reading") == nil)
        expectTrue(resourceError(ENOENT, "x", "reading") == nil)
    }

    /// Deep but valid JSON is called deep, not malformed.
    @Test func deepValidJSONIsNotCalledMalformed() throws {
        let deep =
            "{\"syncedAt\":\"2026-03-28T22:30:00+01:00\",\"streak\":1,\"longestStreak\":1,\"habits\":[],\"x\":"
            + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
        let error = #expect(throws: InputError.self) { try decodeWidgetSnapshot(deep) }
        expectTrue(error?.problem.contains("nested deeper than") == true)
        expectTrue(error?.problem.contains("malformed") == false)
    }

    // MARK: temp names and private folders

    /// Only `.NAME.tmp-PID` is a temp name: a user's `.notes.tmp-x` or `a.tmp-1` is never swept.
    @Test func onlyTheTempShapeIsATempName() {
        expectTrue(TempFiles.isTempName(TempFiles.name(for: "light.png")))
        expectTrue(TempFiles.isTempName(".card-1.png.tmp-99999"))
        for name in [".notes.tmp-x", "light.png.tmp-12", ".tmp-12", ".a.tmp-", ".a.tmp-12a", "..tmp-1"] {
            expectTrue(!TempFiles.isTempName(name), "\(name)")
        }
    }

    /// `bench`'s scratch folder: new and private whatever was planted (the old predictable
    /// `evidence-bench-<pid>` followed a planted link and deleted its target); removing it never
    /// follows a link inside; a killed run's folder is swept by the next, a live one's never.
    @Test func privateFoldersFollowNoPlantedLink() throws {
        let fm = FileManager.default
        let parent = fm.temporaryDirectory.appendingPathComponent("evidence-private-\(UUID().uuidString)")
        let victim = parent.appendingPathComponent("victim")
        try fm.createDirectory(at: victim, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: parent) }
        try Data("precious".utf8).write(to: victim.appendingPathComponent("file"))
        try fm.createSymbolicLink(
            at: parent.appendingPathComponent("evidence-bench-\(getpid())"), withDestinationURL: victim)
        try fm.createSymbolicLink(
            at: parent.appendingPathComponent("evidence-bench-1-AAAAAA"), withDestinationURL: victim)

        let folder = try PrivateFolder.make("evidence-bench", in: parent)
        var st = stat()
        expectTrue(lstat(folder.url.path, &st) == 0 && st.st_mode & S_IFMT == S_IFDIR && st.st_mode & 0o777 == 0o700)
        expectTrue(folder.url.lastPathComponent.hasPrefix("evidence-bench-\(getpid())-"))
        try fm.createSymbolicLink(at: folder.url.appendingPathComponent("out"), withDestinationURL: victim)
        try fm.createDirectory(
            at: folder.url.appendingPathComponent("goldens/android"), withIntermediateDirectories: true)
        folder.remove()
        expectTrue(!fm.fileExists(atPath: folder.url.path))
        expectTrue(try String(contentsOf: victim.appendingPathComponent("file"), encoding: .utf8) == "precious")

        // A dead process's folder (PID 0x7FFFFFF0 cannot exist) is swept; a link of that shape is not.
        let dead = parent.appendingPathComponent("evidence-bench-2147483632-BBBBBB")
        try fm.createDirectory(at: dead.appendingPathComponent("goldens"), withIntermediateDirectories: true)
        chmod(dead.path, 0o700)
        let live = try PrivateFolder.make("evidence-bench", in: parent)
        defer { live.remove() }
        expectTrue(!fm.fileExists(atPath: dead.path))
        expectTrue(PrivateFolder.sweepAbandoned("evidence-bench", in: parent).isEmpty)  // ours is live
        expectTrue(fm.fileExists(atPath: live.url.path))
        // a link: left alone
        expectTrue(lstat(parent.appendingPathComponent("evidence-bench-1-AAAAAA").path, &st) == 0)
        expectTrue(try String(contentsOf: victim.appendingPathComponent("file"), encoding: .utf8) == "precious")
    }

    // MARK: the CLI (the built binary, as a user types it)

    typealias CLI = HostileCaseTests

    /// `ulimit -n 4` trapped in Dispatch before anything ran; `ulimit -n 12` made verify call
    /// goldens `unreadable`. Both are exit 2 with one line naming the limit.
    @Test(arguments: [4, 12])
    func aLowOpenFileLimitIsExitTwoNamingIt(limit: Int) throws {
        let r = try CLI.evidence(shell: "verify --filter 'android/small/empty/*'")  // baseline: passes
        expectTrue(r.code == 0)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        // No shell redirection: a shell cannot dup2 under `ulimit -n 4` itself.
        p.arguments = ["-c", "ulimit -n \(limit); exec '\(CLI.binary.path)' verify --filter 'android/small/empty/*'"]
        let out = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitForExit()
        expectTrue(p.terminationStatus == 2)
        expectTrue(text.split(separator: "\n").count == 1)
        expectTrue(text.contains("open-file limit is \(limit)"))
        expectTrue(!text.contains("unreadable"))
    }

    /// A read-only verify deletes nothing (it used to delete any `.NAME.tmp-X` by pattern); it
    /// names a killed record's temp file where its filter can match (it walks only the filter's
    /// literal folder, issue #37), and the next record sweeps every one.
    @Test func verifyDeletesNothingRecordSweeps() throws {
        let box = try CLI.Sandbox()
        defer { box.remove() }
        let temp = box.goldens.appendingPathComponent("android/.light.png.tmp-2147483632")
        let inside = box.goldens.appendingPathComponent("android/small/empty/.light.png.tmp-2147483633")
        let user = box.goldens.appendingPathComponent(".notes.tmp-x")
        try FileManager.default.createDirectory(
            at: inside.deletingLastPathComponent(), withIntermediateDirectories: true)
        for file in [temp, inside] { try Data("half".utf8).write(to: file) }
        try Data("mine".utf8).write(to: user)
        let before = box.state()
        let v = try CLI.evidence([
            "verify", "--goldens", box.goldens.path, "--filter", CLI.filter, "--report",
            box.root.appendingPathComponent("rep").path,
        ])
        expectTrue(v.code == 0)
        expectTrue(v.err.contains("android/small/empty/.light.png.tmp-2147483633"))
        expectTrue(!v.err.contains("android/.light.png.tmp-2147483632"))  // outside android/small/empty/: not read
        expectTrue(box.state().filter { !$0.key.hasPrefix("rep/") && $0.key != "rep" } == before)
        let r = try CLI.evidence(["record", "--goldens", box.goldens.path, "--filter", CLI.filter])
        expectTrue(r.code == 0)
        expectTrue(!FileManager.default.fileExists(atPath: temp.path))
        expectTrue(!FileManager.default.fileExists(atPath: inside.path))
        expectTrue(FileManager.default.fileExists(atPath: user.path))  // not a temp name: never ours
    }

    /// `record --goldens <typo>` silently created the folder; `verify --goldens /typo` reported
    /// 2,304 `missing`. Both are exit 2, one line, and nothing is created.
    @Test(arguments: ["record", "verify"])
    func aMistypedGoldensFolderIsExitTwo(command: String) throws {
        let typo = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-Goldnes-\(UUID().uuidString)")
        let r = try CLI.evidence([command, "--goldens", typo.path, "--filter", CLI.filter])
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1)
        expectTrue(r.err.contains("no such goldens folder"))
        expectTrue(!FileManager.default.fileExists(atPath: typo.path))
    }
}
