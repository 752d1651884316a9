import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// The built `evidence` binary (the test target depends on it) run as a hostile user would: bad
/// manifests, links leading out, `-o` at devices and FIFOs, closed and full streams, concurrent
/// and killed records — against a temporary copy of the goldens with a canary tree around it.
@Suite(.serialized) struct HostileCaseTests {
    static let filter = "android/small/empty/*"

    /// A temp tree: `repo/Goldens` (the manifest + the filter's PNGs), `repo/Sources/…`,
    /// `etc/passwd` and `canary/…` — every file outside `repo/Goldens` is a canary.
    struct Sandbox {
        let root: URL
        var goldens: URL { root.appendingPathComponent("repo/Goldens") }
        var canary: URL { root.appendingPathComponent("canary") }

        init(filter: String = HostileCaseTests.filter) throws {
            let fm = FileManager.default
            root = fm.temporaryDirectory.appendingPathComponent("evidence-hostile-\(UUID().uuidString)")
            for d in ["repo/Goldens", "repo/Sources", "etc", "canary/stones"] {
                try fm.createDirectory(at: root.appendingPathComponent(d), withIntermediateDirectories: true)
            }
            try Data("let canary = 1\n".utf8).write(to: root.appendingPathComponent("repo/Sources/canary.swift"))
            try Data("root:SECRET-CANARY:0:0\n".utf8).write(to: root.appendingPathComponent("etc/passwd"))
            try Data("canary".utf8).write(to: root.appendingPathComponent("canary/file.png"))
            try Data("canary".utf8).write(to: root.appendingPathComponent("canary/stones/light.png"))
            let source = PackagePaths.goldens
            var manifest = try #require(try PackagePaths.manifest.get())
            manifest.goldens = manifest.goldens.filter { Glob.matches(filter, $0.key) }
            for entry in manifest.goldens.values {
                let dest = goldens.appendingPathComponent(entry.file)
                try fm.createDirectory(at: dest.deletingLastPathComponent(), withIntermediateDirectories: true)
                try fm.copyItem(at: source.appendingPathComponent(entry.file), to: dest)
            }
            try Data(manifest.encoded()).write(to: goldens.appendingPathComponent(Manifest.fileName))
        }

        /// Every path under `root` (links not followed) with its type and bytes.
        func state(excludingGoldens: Bool = false) -> [String: String] {
            var out: [String: String] = [:]
            let e = FileManager.default.enumerator(atPath: root.path)!
            while let rel = e.nextObject() as? String {
                if excludingGoldens, rel.hasPrefix("repo/Goldens") { continue }
                let p = root.appendingPathComponent(rel).path
                var st = stat()
                guard lstat(p, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFLNK:
                    out[rel] = "link → " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: p)) ?? "?")
                case S_IFDIR: out[rel] = "dir"
                case S_IFREG: out[rel] = ImageOps.hash([UInt8](FileManager.default.contents(atPath: p) ?? Data())).hex
                default: out[rel] = "special \(st.st_mode & S_IFMT)"
                }
            }
            return out
        }

        func editManifest(_ change: (inout [String: Any]) -> Void) throws {
            try Self.editManifest(at: goldens, change)
        }

        static func editManifest(at goldens: URL, _ change: (inout [String: Any]) -> Void) throws {
            let url = goldens.appendingPathComponent(Manifest.fileName)
            var json = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [String: Any]
            var g = json["goldens"] as! [String: Any]
            change(&g)
            json["goldens"] = g
            try JSONSerialization.data(withJSONObject: json, options: [.sortedKeys]).write(to: url)
        }

        func remove() { try? FileManager.default.removeItem(at: root) }
    }

    struct Run {
        var code: Int32
        var out: String
        var err: String
        var errLines: [Substring] { err.split(separator: "\n") }
    }

    /// The CLI built with the test bundle: beside it (the bundle's folder, or its parent where the
    /// bundle is a folder of its own), so a sanitizer build (scripts/sanitize.sh, its own scratch
    /// path) runs its own instrumented CLI; else the default debug build.
    static var binary: URL {
        let bundle = Bundle.main.bundleURL
        for folder in [bundle, bundle.deletingLastPathComponent()] {
            let beside = folder.appendingPathComponent("evidence")
            if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        }
        return PackagePaths.root.appendingPathComponent(".build/debug/evidence")
    }

    /// Runs `evidence args…`; with `shell`, runs `sh -c "<before> exec evidence <shell>"`
    /// (redirections, a `ulimit` first); in `cwd` when given.
    static func evidence(_ args: [String] = [], shell: String? = nil, before: String = "", in cwd: URL? = nil) throws
        -> Run
    {
        let p = Process()
        if let shell {
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "\(before) exec '\(binary.path)' \(shell)"]
        } else {
            p.executableURL = binary
            p.arguments = args
        }
        if let cwd { p.currentDirectoryURL = cwd }
        return try collect(p)
    }

    /// Runs a configured process to its end, with its standard output and error.
    static func collect(_ p: Process) throws -> Run {
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        // Read both pipes before waiting, so a large output cannot block the child.
        let errData = ReadBox()
        let t = Thread { errData.data = err.fileHandleForReading.readDataToEndOfFile() }
        t.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitForExit()
        while !errData.done { usleep(1000) }
        return Run(
            code: p.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errData.data ?? Data(), as: UTF8.self))
    }

    final class ReadBox: @unchecked Sendable {
        private let lock = NSLock()
        private var _data: Data?
        var data: Data? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return _data
            }
            set {
                lock.lock()
                _data = newValue
                lock.unlock()
            }
        }
        var done: Bool { data != nil }
    }

    static let realEntry = "android/small/empty/stones/kindling/light"

    // MARK: Manifest entries that name paths outside the goldens

    static let hostileEntries: [(key: String, file: String)] = [
        ("android/small/empty/zz-sources", "../Sources"),
        ("android/small/empty/zz-empty", ""),
        ("android/small/empty/zz-android", "android"),
        ("android/small/empty/zz-absolute", "/CANARY"),  // stands in for /etc: an absolute path into the canary tree
        ("/etc", "/etc"),
        ("android/small/empty/zz-passwd", "../../etc/passwd"),
        ("android/small/empty/../../../Sources", "android/small/empty/../../../Sources.png"),
        ("android/small/empty/stones/kindling/light", "../../etc/passwd"),  // a real key, its file redirected
    ]

    @Test(arguments: hostileEntries.indices)
    func hostileManifestEntry(index: Int) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let (key, rawFile) = Self.hostileEntries[index]
        let file = rawFile.replacingOccurrences(of: "/CANARY", with: box.canary.path)
        try box.editManifest { g in
            var entry = g[Self.realEntry] as! [String: Any]
            entry["file"] = file
            g[key] = entry
        }
        let before = box.state()

        let v = try Self.evidence([
            "verify", "--goldens", box.goldens.path, "--filter", Self.filter,
            "--report", box.root.appendingPathComponent("report").path, "--jobs", "2",
        ])
        expectTrue(v.code == 1)
        expectTrue(v.out.contains("FAIL unreadable \(key): manifest.json entry"))
        expectTrue(!v.out.contains("SECRET") && !v.err.contains("SECRET"))

        let r = try Self.evidence(["record", "--goldens", box.goldens.path, "--filter", Self.filter, "--jobs", "2"])
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1)
        expectTrue(r.err.contains("manifest.json: entry '\(key)'"))
        expectTrue(!r.err.contains("SECRET"))

        let after = box.state().filter { !$0.key.hasPrefix("report") }
        expectTrue(
            after == before,
            "record or verify touched a file: \(Set(after.map(\.key)).symmetricDifference(before.map(\.key)))")

        // The documented way out: rebuild the manifest, which drops the entry and touches nothing else outside.
        let rebuilt = try Self.evidence([
            "record", "--goldens", box.goldens.path, "--filter", Self.filter, "--rebuild-manifest",
        ])
        expectTrue(rebuilt.code == 0)
        expectTrue(
            box.state(excludingGoldens: true).filter { !$0.key.hasPrefix("report") }
                == before.filter { !$0.key.hasPrefix("repo/Goldens") })
    }

    @Test func corruptManifestSaysHowToRestoreOrRebuild() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try Data("{ not json".utf8).write(to: box.goldens.appendingPathComponent(Manifest.fileName))
        let r = try Self.evidence(["record", "--goldens", box.goldens.path, "--filter", Self.filter])
        expectTrue(r.code == 2 && r.errLines.count == 1)
        expectTrue(r.err.contains("git checkout -- ") && r.err.contains("evidence record --rebuild-manifest"))
        let rebuilt = try Self.evidence([
            "record", "--goldens", box.goldens.path, "--filter", Self.filter, "--rebuild-manifest",
        ])
        expectTrue(rebuilt.code == 0)
        expectTrue(try Self.evidence(["verify", "--goldens", box.goldens.path, "--filter", Self.filter]).code == 0)
    }

    // MARK: Links inside the goldens folder

    @Test(arguments: ["folder", "golden"])
    func symlinkInsideGoldensIsRefused(what: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let fm = FileManager.default
        if what == "folder" {
            let dir = box.goldens.appendingPathComponent("android/small/empty/stones")
            try fm.removeItem(at: dir)
            try fm.createSymbolicLink(at: dir, withDestinationURL: box.canary.appendingPathComponent("stones"))
        } else {
            let file = box.goldens.appendingPathComponent(Self.realEntry + ".png")
            try fm.removeItem(at: file)
            try fm.createSymbolicLink(at: file, withDestinationURL: box.canary.appendingPathComponent("file.png"))
        }
        let before = box.state()
        let v = try Self.evidence([
            "verify", "--goldens", box.goldens.path, "--filter", Self.filter,
            "--report", box.root.appendingPathComponent("report").path,
        ])
        expectTrue(v.code == 1)
        expectTrue(v.out.contains("FAIL unreadable \(Self.realEntry):"))
        expectTrue(v.out.contains("symbolic link"))
        let r = try Self.evidence(["record", "--goldens", box.goldens.path, "--filter", Self.filter])
        expectTrue(r.code == 2 && r.errLines.count == 1)
        expectTrue(r.err.contains("symbolic link"))
        expectTrue(box.state().filter { !$0.key.hasPrefix("report") } == before)
    }

    @Test func aStrayLinkInTheGoldensIsReportedNeverFollowed() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let link = box.goldens.appendingPathComponent("android/small/empty/zz-evil.png")
        try FileManager.default.createSymbolicLink(
            at: link, withDestinationURL: box.root.appendingPathComponent("etc/passwd"))
        let before = box.state()
        let v = try Self.evidence([
            "verify", "--goldens", box.goldens.path, "--filter", Self.filter,
            "--report", box.root.appendingPathComponent("report").path,
        ])
        expectTrue(v.code == 1)
        expectTrue(
            v.out.contains(
                "FAIL unreadable android/small/empty/zz-evil.png: 'android/small/empty/zz-evil.png' is a symbolic link")
        )
        expectTrue(!v.out.contains("SECRET"))
        let r = try Self.evidence(["record", "--goldens", box.goldens.path, "--filter", Self.filter])
        expectTrue(r.code == 0 && r.out.contains("left alone android/small/empty/zz-evil.png: a symbolic link"))
        // record may add the recorded entries' element frames to the manifest (#54); no golden, link or
        // file outside the goldens moves.
        let untouched = { (s: [String: String]) in
            s.filter { !$0.key.hasPrefix("report") && $0.key != "repo/Goldens/manifest.json" }
        }
        expectTrue(untouched(box.state()) == untouched(before))
    }

    // MARK: -o targets that must not be replaced

    @Test(arguments: ["/dev/null", "fifo", "directory", "missing/x.png", "outdir/", "link"])
    func outputTargetsThatAreNotRegularFiles(target: String) throws {
        let box = try Sandbox()
        defer { box.remove() }
        let path: String
        switch target {
        case "/dev/null": path = "/dev/null"
        case "fifo":
            path = box.root.appendingPathComponent("pipe").path
            expectTrue(mkfifo(path, 0o644) == 0)
        case "directory": path = box.canary.path
        case "link":
            path = box.root.appendingPathComponent("link.png").path
            try FileManager.default.createSymbolicLink(
                atPath: path, withDestinationPath: box.canary.appendingPathComponent("file.png").path)
        default: path = box.root.path + "/" + target  // (a URL would drop the trailing slash)
        }
        let before = box.state()
        for command in [["render", "--fixture", Self.realEntry], ["sheet", "--filter", Self.realEntry]] {
            let r = try Self.evidence(command + ["-o", path])
            expectTrue(r.code == 2, "\(command[0]) -o \(target)")
            expectTrue(r.errLines.count == 1)
            expectTrue(box.state() == before, "\(command[0]) -o \(target) changed the tree")
        }
        var st = stat()
        if target == "/dev/null" { expectTrue(stat("/dev/null", &st) == 0 && st.st_mode & S_IFMT == S_IFCHR) }
        expectTrue(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("missing").path))
        expectTrue(!FileManager.default.fileExists(atPath: box.root.appendingPathComponent("outdir").path))
    }

    @Test func outputToARegularFileReplacesItAndLeavesNoTempFile() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let out = box.root.appendingPathComponent("out.png")
        try Data("old".utf8).write(to: out)
        let r = try Self.evidence(["render", "--fixture", Self.realEntry, "-o", out.path])
        expectTrue(r.code == 0)
        let bytes = [UInt8](try Data(contentsOf: out))
        expectTrue(try PNGCodec.decode(bytes, name: out.path).width > 0)
        expectTrue(
            try FileManager.default.contentsOfDirectory(atPath: box.root.path).filter { $0.contains(".tmp-") }.isEmpty)
    }

    // MARK: Streams and sizes

    @Test func listJSONToAFullDiskExitsTwoWithOneLine() throws {
        let r = try Self.evidence(shell: "list --json > /dev/full")
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1)
        expectTrue(r.err.contains("standard output"))
    }

    @Test func parseErrorWithStderrClosedExitsTwo() throws {
        expectTrue(try Self.evidence(shell: "verify --bogus 2>&-").code == 2)
        expectTrue(try Self.evidence(shell: "help >&- 2>&-").code == 2)
        expectTrue(try Self.evidence(shell: "verify --help >&-").code == 2)
    }

    @Test func stdoutClosedDuringAListIsAnErrorNotATrap() throws {
        let r = try Self.evidence(shell: "list >&-")
        expectTrue(r.code == 2 && r.errLines.count == 1)
    }

    @Test func hugeSheetIsRefusedBeforeDrawing() throws {
        let r = try Self.evidence(["sheet", "--columns", "1", "--scale", "2", "-o", "/tmp/never-written-sheet.png"])
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1)
        expectTrue(r.err.contains("million pixels"))
        expectTrue(!FileManager.default.fileExists(atPath: "/tmp/never-written-sheet.png"))
    }

    @Test func controlCharactersInInputStayOnOneLine() throws {
        let r = try Self.evidence(["render", "--fixture", "a\nb\u{0}c", "-o", "/tmp/x\ny.png"])
        expectTrue(r.code == 2 && r.errLines.count == 1)
        let u = try Self.evidence(["no\nsuch"])
        expectTrue(u.code == 2 && u.errLines.count == 1 && u.err.contains("'no\\nsuch'"))
    }

    @Test func aReportFolderThatDoesNotExistYetIsCreatedWithItsParents() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try Data("garbage".utf8).write(to: box.goldens.appendingPathComponent(Self.realEntry + ".png"))
        let report = box.root.appendingPathComponent("deep/er/report")
        let v = try Self.evidence([
            "verify", "--goldens", box.goldens.path, "--filter", Self.filter, "--report", report.path,
        ])
        expectTrue(v.code == 1)
        expectTrue(
            FileManager.default.fileExists(atPath: report.appendingPathComponent(Self.realEntry + "/actual.png").path))
    }

    /// verify marks its report folder as evidence's, and report -o / gallery -o replace a marked
    /// folder whole — so verify must never mark a folder of someone's own (review item 1: `verify
    /// --report .` then `report -o .` deleted the work tree), and a page never replaces the working
    /// folder or a folder holding it.
    @Test func aReportFolderOfSomeonesOwnIsNeverMarkedOrReplaced() throws {
        let box = try Sandbox()
        defer { box.remove() }
        try Data("garbage".utf8).write(to: box.goldens.appendingPathComponent(Self.realEntry + ".png"))
        let before = box.state(excludingGoldens: true)
        for folder in ["repo", "repo/Sources"] {
            let r = try Self.evidence([
                "verify", "--goldens", box.goldens.path, "--filter", Self.filter,
                "--report", box.root.appendingPathComponent(folder).path,
            ])
            // `repo` holds the goldens, which no output may (issue #34); `repo/Sources` is someone's own.
            expectTrue(
                r.code == 2 && r.errLines.count == 1
                    && (r.err.contains("not written by evidence") || r.err.contains("holds the goldens folder")),
                "\(r.err)")
            expectTrue(r.out.isEmpty)
        }
        expectTrue(box.state(excludingGoldens: true) == before, "nothing may be written into a folder of someone's own")
        let cwd = box.root.appendingPathComponent("repo/Sources").path
        for target in [
            box.root.appendingPathComponent("repo/Sources"), box.root.appendingPathComponent("repo"), box.root,
        ] {
            #expect(throws: InputError.self) { try PageFolder.checkReplaceable(target, workingDirectory: cwd) }
        }
        try PageFolder.checkReplaceable(box.root.appendingPathComponent("repo/new-report"), workingDirectory: cwd)
    }

    /// verify's own page folder is marked whether or not the run failed, so the next verify (and CI
    /// re-running the same command) writes into it again.
    @Test func verifyWritesIntoItsOwnPageFolderAgain() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let page = box.root.appendingPathComponent("page")
        for _ in 0..<2 {
            let r = try Self.evidence([
                "verify", "--goldens", box.goldens.path, "--filter", Self.filter, "--html", page.path,
            ])
            expectTrue(r.code == 0, "\(r.err)")
        }
        expectTrue(FileManager.default.fileExists(atPath: page.appendingPathComponent(PageFolder.markerName).path))
    }

    @Test func unwritableReportFolderFailsBeforeAnyWork() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = box.root.appendingPathComponent("report-is-a-file")
        try Data("x".utf8).write(to: file)
        let r = try Self.evidence([
            "verify", "--goldens", box.goldens.path, "--filter", Self.filter, "--report", file.path,
        ])
        expectTrue(r.code == 2 && r.errLines.count == 1)
        expectTrue(r.out.isEmpty)
    }

    // MARK: Unreadable goldens are unreadable, not missing

    @Test func aFolderInAGoldensPlaceIsUnreadable() throws {
        let box = try Sandbox()
        defer { box.remove() }
        let file = box.goldens.appendingPathComponent(Self.realEntry + ".png")
        try FileManager.default.removeItem(at: file)
        try FileManager.default.createDirectory(at: file, withIntermediateDirectories: false)
        let v = try Self.evidence([
            "verify", "--goldens", box.goldens.path, "--filter", Self.filter,
            "--report", box.root.appendingPathComponent("report").path,
        ])
        expectTrue(v.code == 1)
        expectTrue(v.out.contains("FAIL unreadable \(Self.realEntry):") && v.out.contains("is a folder"))
        let r = try Self.evidence(["record", "--goldens", box.goldens.path, "--filter", Self.filter])
        expectTrue(r.code == 2)
        var isDir: ObjCBool = false
        expectTrue(FileManager.default.fileExists(atPath: file.path, isDirectory: &isDir) && isDir.boolValue)
    }

    // MARK: Concurrency and kills

    @Test func concurrentFilteredRecordsBothLand() throws {
        let both = "android/[sm]*/empty/stones/*"
        let box = try Sandbox(filter: both)
        defer { box.remove() }
        // Neither side's goldens are recorded yet: each record must add its own and keep the other's.
        let keys = try #require(try Manifest.load(from: box.goldens)).goldens.keys
        try box.editManifest { g in for k in keys { g[k] = nil } }
        for k in keys { try FileManager.default.removeItem(at: box.goldens.appendingPathComponent(k + ".png")) }
        func start(_ filter: String) throws -> Process {
            let p = Process()
            p.executableURL = Self.binary
            p.arguments = ["record", "--goldens", box.goldens.path, "--filter", filter, "--jobs", "1"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            return p
        }
        let a = try start("android/small/empty/stones/*")
        let b = try start("android/medium/empty/stones/*")
        a.waitForExit()
        b.waitForExit()
        expectTrue(a.terminationStatus == 0 && b.terminationStatus == 0)
        let m = try #require(try Manifest.load(from: box.goldens))
        expectTrue(Set(m.goldens.keys) == Set(keys))
        expectTrue(try Self.evidence(["verify", "--goldens", box.goldens.path, "--filter", both]).code == 0)
    }

    @Test func aSecondRecordWaitsWithAMessageOrFailsWithNoWait() throws {
        let box = try Sandbox()
        defer { box.remove() }
        var lock: FolderLock? = try FolderLock.acquire(box.goldens, .exclusive, wait: false)
        let r = try Self.evidence(["record", "--goldens", box.goldens.path, "--filter", Self.filter, "--no-wait"])
        expectTrue(r.code == 2 && r.errLines.count == 1)
        let v = try Self.evidence(["verify", "--goldens", box.goldens.path, "--filter", Self.filter, "--no-wait"])
        expectTrue(v.code == 2 && v.errLines.count == 1)

        let p = Process()
        p.executableURL = Self.binary
        p.arguments = ["record", "--goldens", box.goldens.path, "--filter", Self.filter]
        let err = Pipe()
        p.standardOutput = FileHandle.nullDevice
        p.standardError = err
        try p.run()
        let waiting = err.fileHandleForReading.availableData  // blocks until the first message
        expectTrue(String(decoding: waiting, as: UTF8.self).contains("waiting for another evidence run"))
        expectTrue(p.isRunning)
        withExtendedLifetime(lock) {}  // held until here
        lock = nil  // release: the waiting record goes ahead
        p.waitForExit()
        expectTrue(p.terminationStatus == 0)
    }

    /// Returns once `process` has a temp file in `goldens` (it is writing), or has ended.
    static func waitForWritePhase(_ process: Process, _ goldens: URL) {
        while process.isRunning, !ContainedFolder(goldens).walk().files.contains(where: { $0.contains(".tmp-") }) {
            usleep(300)
        }
    }

    @Test func interruptedRecordsRemoveTheirOwnTempFiles() throws {
        let small = "android/small/empty/*/kindling/*"
        let box = try Sandbox(filter: small)
        defer { box.remove() }
        var rng = SystemRandomNumberGenerator()
        var interrupted = 0
        // SIGHUP too: a closed terminal or ssh session left `.X.png.tmp-PID` files (issue #55 hostile variant).
        let signals = [SIGINT, SIGTERM, SIGHUP]
        for trial in 0..<9 {
            // Nothing recorded yet: every golden is written, so the run spends its end writing.
            let keys = try #require(try Manifest.load(from: box.goldens)).goldens.keys
            for k in keys { try? FileManager.default.removeItem(at: box.goldens.appendingPathComponent(k + ".png")) }
            try Sandbox.editManifest(at: box.goldens) { g in g.removeAll() }
            let p = Process()
            p.executableURL = Self.binary
            p.arguments = ["record", "--goldens", box.goldens.path, "--filter", small]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            Self.waitForWritePhase(p, box.goldens)
            usleep(UInt32.random(in: 0...3_000, using: &rng))
            kill(p.processIdentifier, signals[trial % signals.count])
            p.waitForExit()
            expectTrue(
                p.terminationReason == .exit && [0, 130, 143, 129].contains(p.terminationStatus),
                "trial \(trial): exit \(p.terminationStatus)")
            if p.terminationStatus != 0 { interrupted += 1 }
            let temps = ContainedFolder(box.goldens).walk().files.filter { $0.contains(".tmp-") }
            expectTrue(temps.isEmpty, "trial \(trial): an interrupted record left \(temps)")
            _ = try Self.evidence(["record", "--goldens", box.goldens.path, "--filter", small, "--rebuild-manifest"])
        }
        print("SIGINT/SIGTERM/SIGHUP trials: \(interrupted) of 9 interrupted mid-write (the rest had finished)")
    }

    @Test func killedRecordsLeaveOldOrNewAndTheNextRunSweeps() throws {
        let small = "android/small/empty/*/kindling/*"  // 10 fixtures: keeps the trials quick
        // Half the kills land in the write phase, half anywhere (even and odd trials): 8 trials by
        // default, 20 under EVIDENCE_SWEEPS=full (`Sweep`).
        let trials = Sweep.full ? 20 : 8
        let box = try Sandbox(filter: small)
        defer { box.remove() }
        let fm = FileManager.default
        let keys = try #require(try Manifest.load(from: box.goldens)).goldens.keys.sorted()
        var new: [String: String] = [:]
        for k in keys {
            new[k] = ImageOps.hash([UInt8](try Data(contentsOf: box.goldens.appendingPathComponent(k + ".png")))).hex
        }
        // The "old" state: half the goldens hold another fixture's pixels, a quarter are not recorded yet.
        let pristine = box.root.appendingPathComponent("pristine")
        try fm.copyItem(at: box.goldens, to: pristine)
        for (i, k) in keys.enumerated() where i % 2 == 0 {
            let other = keys[(i + 1) % keys.count]
            try fm.removeItem(at: pristine.appendingPathComponent(k + ".png"))
            try fm.copyItem(
                at: box.goldens.appendingPathComponent(other + ".png"), to: pristine.appendingPathComponent(k + ".png"))
        }
        let unrecorded = keys.enumerated().filter { $0.offset % 4 == 1 }.map(\.element)
        for k in unrecorded { try fm.removeItem(at: pristine.appendingPathComponent(k + ".png")) }
        try Sandbox.editManifest(at: pristine) { g in for k in unrecorded { g[k] = nil } }
        var old: [String: String] = [:]
        for k in keys {
            old[k] = (fm.contents(atPath: pristine.appendingPathComponent(k + ".png").path)).map {
                ImageOps.hash([UInt8]($0)).hex
            }
        }

        var rng = SystemRandomNumberGenerator()
        var landedMidway = 0
        for trial in 0..<trials {
            let dir = box.root.appendingPathComponent("trial-\(trial)")
            try fm.copyItem(at: pristine, to: dir)
            let p = Process()
            p.executableURL = Self.binary
            p.arguments = ["record", "--goldens", dir.path, "--filter", small, "--jobs", "2"]
            p.standardOutput = FileHandle.nullDevice
            p.standardError = FileHandle.nullDevice
            try p.run()
            if trial % 2 == 0 {
                Self.waitForWritePhase(p, dir)  // half the kills land while files are being written…
                usleep(UInt32.random(in: 0...6_000, using: &rng))
            } else {
                usleep(UInt32.random(in: 100_000...1_200_000, using: &rng))  // …half anywhere in the run
            }
            kill(p.processIdentifier, SIGKILL)
            p.waitForExit()

            var moved = 0
            for k in keys {
                let now = fm.contents(atPath: dir.appendingPathComponent(k + ".png").path).map {
                    ImageOps.hash([UInt8]($0)).hex
                }
                expectTrue(now == old[k] || now == new[k], "trial \(trial): \(k) is neither old nor new")
                if now != old[k] { moved += 1 }
            }
            if moved > 0 { landedMidway += 1 }
            let m = try Manifest.load(from: dir)
            for entry in m?.goldens.values.map(\.file) ?? [] {
                expectTrue(
                    fm.fileExists(atPath: dir.appendingPathComponent(entry).path),
                    "trial \(trial): manifest names missing \(entry)")
            }
            // Verify deletes nothing (issue #24): it names the killed record's temp files…
            let left = ContainedFolder(dir).walk().files.filter { $0.contains(".tmp-") }
            let next = try Self.evidence([
                "verify", "--goldens", dir.path, "--filter", small,
                "--report", box.root.appendingPathComponent("report").path,
            ])
            expectTrue(next.code == 0 || next.code == 1)
            expectTrue(
                ContainedFolder(dir).walk().files.filter { $0.contains(".tmp-") } == left,
                "trial \(trial): verify deleted a file")
            // …and the next record, the command that made them, sweeps them.
            let again = try Self.evidence(["record", "--goldens", dir.path, "--filter", small])
            expectTrue(again.code == 0)
            let temps = ContainedFolder(dir).walk().files.filter { $0.contains(".tmp-") }
            expectTrue(temps.isEmpty, "trial \(trial): temp files left after the next record: \(temps)")
            try fm.removeItem(at: dir)
        }
        // How many kills land mid-write varies with machine load; every state is checked above either way.
        print(
            "kill -9 trials: \(landedMidway) of \(trials) were killed after rewriting at least one golden "
                + "(\(Sweep.size))")
    }
}
