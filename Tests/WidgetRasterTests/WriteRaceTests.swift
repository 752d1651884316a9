import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

#if canImport(Glibc)
    import Glibc
#endif

/// Issue #55's last Low items: the check-then-write race (a folder on an output's path swapped for a
/// link after the output check), SIGTERM during `pin`, and closed-pipe exit codes.
@Suite(.serialized) struct WriteRaceTests {
    /// A folder standing for the project (`Goldens/manifest.json` inside) and an output folder `out/`.
    static func scene() throws -> PrivateFolder {
        let dir = try PrivateFolder.make("evidence-race")
        let fm = FileManager.default
        try fm.createDirectory(at: dir.url.appendingPathComponent("Goldens"), withIntermediateDirectories: true)
        try fm.createDirectory(at: dir.url.appendingPathComponent("out"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: dir.url.appendingPathComponent("Goldens/manifest.json"))
        return dir
    }

    /// `out` becomes a link to `Goldens` after the check approved `out/…`.
    static func swap(_ dir: PrivateFolder) throws {
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("out"))
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("out").path, withDestinationPath: "Goldens")
    }

    static func goldens(_ dir: PrivateFolder) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: dir.url.appendingPathComponent("Goldens").path).sorted()
    }

    /// `-o out/x.png` checked, then `out` swapped for a link into the goldens: the write refuses.
    @Test func aFileOutputSwappedForALinkWritesNothing() throws {
        let dir = try Self.scene()
        defer {
            dir.remove()
            OutputApprovals.reset()
        }
        let out = dir.url.appendingPathComponent("out/x.png").path
        OutputApprovals.activate(outputs: [KernelPath.resolve(out)], protected: [KernelPath.resolve(dir.url.path)])
        try Self.swap(dir)
        let e = try #require(throws: InputError.self) { try OutputFile.write([1, 2, 3], to: out) }
        expectTrue(e.problem.contains("which is not where it led when it was checked"), "\(e)")
        expectTrue(try Self.goldens(dir) == ["manifest.json"])
    }

    /// A report folder swapped for a link into the goldens between the check and the first image.
    @Test func aFolderOutputSwappedForALinkWritesNothing() throws {
        let dir = try Self.scene()
        defer {
            dir.remove()
            OutputApprovals.reset()
        }
        let rep = dir.url.appendingPathComponent("out")
        OutputApprovals.activate(outputs: [KernelPath.resolve(rep.path)], protected: [KernelPath.resolve(dir.url.path)])
        try Self.swap(dir)
        #expect(throws: InputError.self) { try ContainedFolder(rep).write([1], to: "android/x.png") }
        #expect(throws: InputError.self) { try ContainedFolder(rep).write([1], to: "manifest.json") }
        expectTrue(
            try String(contentsOf: dir.url.appendingPathComponent("Goldens/manifest.json"), encoding: .utf8) == "keep")
        expectTrue(try Self.goldens(dir) == ["manifest.json"])
    }

    /// What the check approved is written: through a link that was there when it was checked too.
    @Test func anUnchangedPathIsWritten() throws {
        let dir = try Self.scene()
        defer {
            dir.remove()
            OutputApprovals.reset()
        }
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("via").path, withDestinationPath: "out")
        let paths = [
            dir.url.appendingPathComponent("out/a.png").path, dir.url.appendingPathComponent("via/b.png").path,
        ]
        OutputApprovals.activate(
            outputs: paths.map { KernelPath.resolve($0) } + [
                KernelPath.resolve(dir.url.appendingPathComponent("out/rep").path)
            ],
            protected: [KernelPath.resolve(dir.url.path)])
        for p in paths { try OutputFile.write([1], to: p) }
        try ContainedFolder(dir.url.appendingPathComponent("out/rep")).write([1], to: "k/x.png")
        expectTrue(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out/b.png").path))
        expectTrue(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("out/rep/k/x.png").path))
    }

    /// The descriptor walk reaches what the kernel reaches: `..` after a link, absolute links, chains.
    @Test(arguments: ["lnk/../manifest.json", "abs/out", "chain/x", "out/./../Goldens", "nope/a/b", "lnk/android"])
    func theWalkResolvesAsTheKernel(rel: String) throws {
        let dir = try Self.scene()
        defer { dir.remove() }
        let fm = FileManager.default
        try fm.createDirectory(at: dir.url.appendingPathComponent("Goldens/android"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("lnk").path, withDestinationPath: "Goldens/android")
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("abs").path, withDestinationPath: dir.url.path)
        try fm.createSymbolicLink(atPath: dir.url.appendingPathComponent("chain").path, withDestinationPath: "abs/out")
        let path = dir.url.appendingPathComponent(rel).path
        let folder = splitPath(path).folder
        switch FolderWalk.open(folder) {
        case .success(let (fd, reached)):
            close(fd)
            expectTrue(reached == KernelPath.resolve(folder), "\(rel)")
        case .failure(let f):
            expectTrue(rel.hasPrefix("nope") && f.errno == ENOENT, "\(rel): \(f)")
        }
    }

    /// A proofs cache named through a link into the project, at a folder not made yet, lies inside
    /// the project as the kernel reaches it (Foundation's link resolution left it alone: issue #55,
    /// "the cache link check").
    @Test func aCacheThroughALinkIntoTheProjectIsRefused() throws {
        let dir = try PrivateFolder.make("evidence-cache-link")
        defer { dir.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("lnk").path, withDestinationPath: PackagePaths.root.path)
        let r = try HostileCaseTests.evidence(
            shell:
                "verify --root '\(PackagePaths.root.path)' --filter 'android/small/empty/*' --report "
                + "'\(dir.url.path)/rep'",
            before: "EVIDENCE_CACHE='\(dir.url.path)/lnk/new-cache/evidence'")
        expectTrue(r.code == 2 && r.err.contains("lies inside the project"), "\(r.code): \(r.err)")
        expectTrue(!FileManager.default.fileExists(atPath: PackagePaths.root.appendingPathComponent("new-cache").path))
    }

    /// SIGTERM at any moment of a `pin`: exit 143 (or the default death before the handler is
    /// installed, or 0 when it finished), never a temp file left in the cases folder, and the case
    /// file either absent or whole. The kill moments are spread over one measured pin.
    @Test func sigtermDuringPinLeavesNothingHalfWritten() throws {
        let dir = try PrivateFolder.make("evidence-pin-term")
        defer { dir.remove() }
        let cases = dir.url.appendingPathComponent("Cases")
        let args = [
            "pin", "--root", PackagePaths.root.path, "--platform", "android", "--family", "small", "--cases",
            cases.path, "--name", "t/x",
        ]
        let started = Date()
        let whole = try HostileCaseTests.evidence(args, in: dir.url)
        let seconds = Date().timeIntervalSince(started)
        expectTrue(whole.code == 0, "\(whole.err)")
        let complete = try Data(contentsOf: cases.appendingPathComponent("t/x.json"))
        for step in 0..<12 {
            try? FileManager.default.removeItem(at: cases)
            let p = Process()
            p.executableURL = HostileCaseTests.binary
            p.arguments = args
            p.currentDirectoryURL = dir.url
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            usleep(useconds_t(seconds * 1_000_000 * Double(step) / 10))
            p.terminate()
            p.waitForExit()
            let code = p.terminationStatus
            let reason = p.terminationReason
            expectTrue(
                code == 143 || code == 0 || (reason == .uncaughtSignal && code == SIGTERM), "step \(step): exit \(code)"
            )
            let left = (FileManager.default.enumerator(atPath: cases.path)?.allObjects as? [String]) ?? []
            expectTrue(!left.contains { $0.contains(".tmp-") }, "step \(step): \(left)")
            if let written = try? Data(contentsOf: cases.appendingPathComponent("t/x.json")) {
                expectTrue(written == complete, "step \(step): a half-written case file")
            }
        }
    }

    /// A reader that closed the pipe took what it wanted: every command ends with the code it has
    /// with its output read whole (issue #55: closed-pipe exit codes inconsistent), never 141 or 2.
    @Test(arguments: [
        ["list"], ["list", "--json"], ["help"], ["help", "--markdown"], ["strings"], ["version"], ["--version"],
        ["plan", "--json"], ["contrast", "--json"], ["list", "--help"], ["render", "--fixture", "nope", "-o", "x.png"],
        ["verify", "--filter", "android/small/empty/*", "--report", "rep"],
        ["verify", "--filter", "android/small/empty/*", "--report", "rep", "--json"],
    ])
    func aClosedPipeKeepsTheExitCode(args: [String]) throws {
        let dir = try PrivateFolder.make("evidence-pipe")
        defer { dir.remove() }
        func run(closedPipe: Bool) throws -> Int32 {
            let p = Process()
            p.executableURL = HostileCaseTests.binary
            p.arguments = args + ["--root", PackagePaths.root.path]
            p.currentDirectoryURL = dir.url
            if closedPipe {
                let pipe = Pipe()
                try pipe.fileHandleForReading.close()
                p.standardOutput = pipe
            } else {
                p.standardOutput = FileHandle.nullDevice
            }
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitForExit()
            expectTrue(p.terminationReason == .exit, "\(args): killed by signal \(p.terminationStatus)")
            return p.terminationStatus
        }
        expectTrue(try run(closedPipe: true) == run(closedPipe: false), "\(args)")
    }
}
