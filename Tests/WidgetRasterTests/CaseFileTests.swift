import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// Cases as data (issue #36): case files under `Cases/` are fixtures keyed `cases/…`, read by
/// `render`'s own option parser, hostile ones refused with one line, and `evidence pin` writes them.
@Suite(.serialized) struct CaseFileTests {
    /// A fresh folder of case files: `files` maps a path below it to its text.
    static func folder(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-cases-\(UUID().uuidString)")
        for (rel, text) in files {
            let url = root.appendingPathComponent(rel)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    static let narrowLarge = """
        {"note": "a narrow Large", "report": "OBJ-2428",
         "options": {"platform": "android", "family": "large", "width": 230, "height": 330, "state": "defaultProgress",\
         "habits": 5, "done": 0},
         "expect": ["+2 more"]}
        """

    /// A case's options are `render`'s command line: the same words give the same target.
    @Test func aCaseIsTheRenderCommandLineItStandsFor() throws {
        let root = try Self.folder(["reported/narrow.json": Self.narrowLarge])
        defer { try? FileManager.default.removeItem(at: root) }
        let c = try #require(try CaseFiles.load(root).first)
        expectTrue(c.key == "cases/reported/narrow")
        expectTrue(c.report == "OBJ-2428" && c.note == "a narrow Large" && c.expect == ["+2 more"])
        let words = [
            "--platform", "android", "--family", "large", "--width", "230", "--height", "330", "--state",
            "defaultProgress", "--habits", "5", "--done", "0",
        ]
        expectTrue(c.arguments == words)
        let o = try AdHocRenderOptions.parse(try AdHocRenderOptions.options.parse(words))
        let (snapshot, asOf) = try o.input.resolveSnapshot { _ throws(InputError) in throw InputError("", "no file") }
        expectTrue(c.target == o.target.with(snapshot: snapshot, asOf: asOf, timeZone: o.input.timeZone))
        // Every option a case takes is one of render's declarations (not a copy of one).
        for spec in CaseFiles.options.all {
            expectTrue(AdHocRenderOptions.options.spec(spec.name) == spec, "--\(spec.name)")
        }
        // The options a case refuses as the gate's are exactly render's tokens, output and report form.
        expectTrue(
            Set(AdHocRenderOptions.options.all.map(\.name))
                == Set(CaseFiles.options.all.map(\.name))
                .union([WidgetInputOptions.snapshot.name]).union(CaseFiles.gateOptions))
    }

    /// A case fixture carries its own facts and is judged on its expectations.
    @Test func aCaseFixtureIsCheckedForWhatItExpects() throws {
        let root = try Self.folder([
            "a.json": Self.narrowLarge.replacingOccurrences(of: "+2 more", with: "never drawn text")
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let f = try #require(try CaseCatalog.fixtures(root).first)
        let pinned = try #require(f.pinned)
        let drawn = f.draw(try FontLibrary.bundled.get())
        let scene = drawn.scene
        expectTrue(drawn.facts?.family == .android(.large))
        expectTrue(drawn.facts?.resolved.habits.count == 5)
        let unmet = CaseFiles.unmetExpectations(pinned, key: f.key, scene: scene)
        expectTrue(unmet.map(\.kind) == [.lostMeaning])
        expectTrue(
            unmet.first?.detail == "Cases/a.json expects \"never drawn text\" drawn; the render does not draw it")
        expectTrue(f.matrixEntry == "cases/a \(pinned.digest)")
        // Review pages and summaries group a case by its folder, never as a stale key.
        expectTrue(
            KeyParts("cases/reported/obj-2428").area == "cases/reported" && KeyParts("cases/a").area == "cases/-")
        expectTrue(KeyParts("android/gone/key").area == "stale")
    }

    /// Every malformed or hostile case folder is one `InputError` line naming the file and where.
    @Test(
        arguments: [
            (["a.json": "[1]"], "a.json: $: expected an object, got an array"),
            (["a.json": "{\"options\": []}"], "a.json: $.options: expected an object of render options, got an array"),
            (
                ["a.json": "{\"options\": {\"width\": true}}"],
                "a.json: $.options.width: expected a string or a number, got a boolean"
            ),
            (
                ["a.json": "{\"options\": {\"widht\": 230}}"],
                "a.json: $.options.widht: unknown option; did you mean 'width'?"
            ),
            (
                ["a.json": "{\"options\": {\"output\": \"x.png\"}}"],
                "a.json: $.options.output: is not an option a case takes"
            ),
            (["a.json": "{\"options\": {\"width\": 5000}}"], "a.json: $.options.width: 5000 is outside 40.0…1000.0 dp"),
            (["a.json": "{\"notes\": \"x\"}"], "a.json: $.notes: unknown field; did you mean 'note'?"),
            (
                ["a.json": "{\"expect\": [3]}"],
                "a.json: $.expect[0]: expected a text the render must draw, got a number"
            ),
            (
                ["a.json": "{\"snapshot\": 5}"],
                "a.json: $.snapshot: expected a snapshot object or a NAME.snapshot.json file name, got a number"
            ),
            (
                ["a.json": "{\"snapshot\": {\"habits\": 1}}"],
                "a.json: $.snapshot.habits: expected an array, got a number"
            ),
            (
                ["a.json": "{\"snapshot\": \"../../etc/passwd.snapshot.json\"}"],
                "a.json: $.snapshot: '../../etc/passwd.snapshot.json' is not a NAME.snapshot.json file beside the case"
            ),
            (
                [
                    "a.json":
                        "{\"snapshot\": {\"syncedAt\": \"2026-11-30T19:00:00Z\", \"streak\": 1, \"longestStreak\": 1, "
                        + "\"habits\": []}}"
                ],
                "a.json: $.options.as-of: needed: the render moment"
            ),
            (
                ["a.json": "{\"options\": {\"platform\": \"android\", \"host-mode\": \"tinted\"}}"],
                "a.json: $.options.host-mode: only applies to --platform ios"
            ),
            (
                ["my case.json": "{}"],
                "my case.json: cannot name a fixture: its key cases/my case has a character outside"
            ),
            (["a.json.txt": "{}"], "a.json.txt: is not a case file (NAME.json)"),
            (["a.json": "{\"x\": 1"], "a.json: line 1, column 8: malformed JSON"),
        ] as [([String: String], String)])
    func aHostileCaseIsOneLineNamingItsFileAndPath(_ files: [String: String], _ expected: String) throws {
        let root = try Self.folder(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let error = try #require(throws: InputError.self) { try CaseFiles.load(root) }
        let line = error.description
        expectTrue(line.hasPrefix(root.path + "/"), "\(line)")
        expectTrue(line.contains(expected), "\(line)")
        expectTrue(!line.contains("\n"))
    }

    /// `count` files `c0.json`… in `folder`, each written by one open/write/close (FileManager's
    /// atomic create took seconds of system time for a flood).
    static func touch(_ count: Int, in folder: URL, contents: String = "") throws {
        for i in 0..<count {
            let fd = open(folder.appendingPathComponent("c\(i).json").path, O_CREAT | O_WRONLY | O_EXCL, 0o644)
            guard fd >= 0 else { throw POSIXError(POSIXErrorCode(rawValue: errno) ?? .EIO) }
            defer { close(fd) }
            if !contents.isEmpty {
                _ = contents.utf8CString.withUnsafeBufferPointer { write(fd, $0.baseAddress, $0.count - 1) }
            }
        }
    }

    /// Links (a case file, a folder, the cases folder itself), too many files and too large a file.
    @Test func linksFloodsAndHugeFilesAreRefused() throws {
        let fm = FileManager.default
        let outside = try Self.folder(["b.json": "{}", "sub/c.json": "{}"])
        defer { try? fm.removeItem(at: outside) }
        func refusal(_ make: (URL) throws -> Void) throws -> String {
            let root = try Self.folder(["ok.json": "{}"])
            defer { try? fm.removeItem(at: root) }
            try make(root)
            return try #require(throws: InputError.self) { try CaseFiles.load(root) }.description
        }
        expectTrue(
            try refusal {
                try fm.createSymbolicLink(
                    at: $0.appendingPathComponent("b.json"),
                    withDestinationURL: outside.appendingPathComponent("b.json"))
            }
            .contains("b.json: is a symbolic link"))
        expectTrue(
            try refusal {
                try fm.createSymbolicLink(
                    at: $0.appendingPathComponent("sub"), withDestinationURL: outside.appendingPathComponent("sub"))
            }
            .contains("sub: is a symbolic link"))
        expectTrue(
            try refusal { try Data(count: 1 << 20).write(to: $0.appendingPathComponent("big.json")) }
                .contains("big.json: is 1048576 bytes, more than the 262144"))
        expectTrue(
            try refusal { root in
                let many = root.appendingPathComponent("many")
                try fm.createDirectory(at: many, withIntermediateDirectories: true)
                try Self.touch(CaseFiles.maxEntries + 1, in: many)
            }.contains("holds more than \(CaseFiles.maxEntries) entries"))
        expectTrue(
            try refusal { root in
                let many = root.appendingPathComponent("many")
                try fm.createDirectory(at: many, withIntermediateDirectories: true)
                try Self.touch(CaseFiles.maxFiles, in: many, contents: "{}")
            }.contains("holds 1001 files, more than the 1000"))
        // The cases folder itself a link: refused, never followed.
        let link = fm.temporaryDirectory.appendingPathComponent("evidence-cases-link-\(UUID().uuidString)")
        try fm.createSymbolicLink(at: link, withDestinationURL: outside)
        defer { try? fm.removeItem(at: link) }
        #expect(throws: InputError.self) { try CaseFiles.load(link) }
        // No folder: no cases.
        expectTrue(try CaseFiles.load(outside.appendingPathComponent("absent")).isEmpty)
    }

    /// The acceptance, through the binary in a sandbox: pin a report, record its golden
    /// with --mode missing, verify passes; edit the case's size and verify fails. Hostile case
    /// folders make verify and record exit 2 with one line and leave every file as it was.
    @Test func pinRecordVerifyAndHostileCasesThroughTheBinary() throws {
        let sandbox = try HostileCaseTests.Sandbox(filter: "cases/reported/mine")
        defer { sandbox.remove() }
        let repo = sandbox.root.appendingPathComponent("repo")
        let cases = repo.appendingPathComponent("Cases").path
        let goldens = sandbox.goldens.path
        let snapshot = repo.appendingPathComponent("snap.json")
        try Data(
            Scenario(total: 5, done: 0, extendedToday: false, titles: Scenario.referenceTitles).snapshot.json.encoded()
                .utf8
        ).write(to: snapshot)
        let pin = [
            "pin", "--platform", "android", "--family", "large", "--width", "230", "--height", "330", "--snapshot",
            snapshot.path,
            "--as-of", "2026-11-30T15:00:00-05:00", "--time-zone", "America/New_York", "--name", "reported/mine",
            "--cases", cases,
        ]
        let pinned = try HostileCaseTests.evidence(pin)
        expectTrue(pinned.code == 0, "\(pinned.err)")
        expectTrue(pinned.out.contains("fixture cases/reported/mine"))
        // A name that would leave Cases/: refused before anything is read or written.
        let escape = try HostileCaseTests.evidence(
            Array(pin.dropLast(4)) + ["--name", "../../canary/evil", "--cases", cases])
        expectTrue(
            escape.code == 2 && escape.errLines.count == 1 && escape.err.contains("has a '.' or '..' segment"),
            "\(escape.err)")
        expectTrue(!FileManager.default.fileExists(atPath: sandbox.canary.appendingPathComponent("evil.json").path))
        let again = try HostileCaseTests.evidence(pin)
        expectTrue(
            again.code == 2 && again.errLines.count == 1 && again.err.contains("exists; pass --force"), "\(again.err)")
        let gate = ["--goldens", goldens, "--cases", cases, "--filter", "cases/reported/mine", "--quiet"]
        let recorded = try HostileCaseTests.evidence(["record", "--mode", "missing"] + gate)
        expectTrue(
            recorded.code == 0 && recorded.out.contains("added   cases/reported/mine"), "\(recorded.out)\(recorded.err)"
        )
        let verified = try HostileCaseTests.evidence(
            ["verify", "--report", sandbox.root.appendingPathComponent("report").path] + gate)
        expectTrue(verified.code == 0 && verified.out.contains("1 passed, 0 failed"), "\(verified.out)\(verified.err)")

        let file = URL(fileURLWithPath: cases).appendingPathComponent("reported/mine.json")
        let text = try String(contentsOf: file, encoding: .utf8)
        expectTrue(text.contains("\"height\": 330"))
        try Data(text.replacingOccurrences(of: "\"height\": 330", with: "\"height\": 300").utf8).write(to: file)
        let edited = try HostileCaseTests.evidence(
            ["verify", "--report", sandbox.root.appendingPathComponent("report").path] + gate)
        expectTrue(
            edited.code == 1 && edited.out.contains("FAIL size cases/reported/mine"), "\(edited.out)\(edited.err)")

        // Hostile: nothing written, one line, exit 2 — for verify, record and list alike.
        try Data("{\"options\": {\"width\": [1]}}".utf8).write(to: file)
        let before = sandbox.state()
        for command in [
            ["verify", "--report", sandbox.root.appendingPathComponent("report2").path], ["record"], ["list"],
        ] {
            let args = command + (command[0] == "list" ? ["--cases", cases] : gate)
            let r = try HostileCaseTests.evidence(args)
            expectTrue(r.code == 2 && r.errLines.count == 1, "\(command[0]): \(r.err)")
            expectTrue(
                r.err.contains("reported/mine.json: $.options.width: expected a string or a number, got an array"),
                "\(r.err)")
        }
        expectTrue(sandbox.state() == before)
    }
}
