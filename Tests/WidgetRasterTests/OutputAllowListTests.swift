import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

/// Issue #55: outputs by allow-list, every input bounded, results and caches trusted only for what
/// they prove. Each test failed before its fix (the reproducer in scripts/reproducers.sh, [t55]).
@Suite(.serialized) struct OutputAllowListTests {
    static let fixture = HostileCaseTests.realEntry

    /// A small project: its config, goldens (one real golden and the manifest), cases, tokens, fonts,
    /// `.git`, a source file and a README — and a link `lnk → Goldens/android`.
    static func project() throws -> PrivateFolder {
        let dir = try PrivateFolder.make("evidence-allow")
        let fm = FileManager.default
        let r = dir.url
        for d in [
            "Goldens/android", "Cases/reported", "Tokens/android/res/values",
            "Tokens/ios/Assets.xcassets/WidgetInk.colorset", "Fonts", ".git", "Sources",
        ] {
            try fm.createDirectory(at: r.appendingPathComponent(d), withIntermediateDirectories: true)
        }
        try fm.removeItem(at: r.appendingPathComponent("Tokens"))
        try fm.copyItem(at: PackagePaths.root.appendingPathComponent("Tokens"), to: r.appendingPathComponent("Tokens"))
        try Data("{}\n".utf8).write(to: r.appendingPathComponent("evidence.json"))
        try fm.copyItem(
            at: PackagePaths.root.appendingPathComponent("known-findings.json"),
            to: r.appendingPathComponent("known-findings.json"))
        try Data("{\"x\":1}".utf8).write(to: r.appendingPathComponent("Goldens/manifest.json"))
        try Data("{}".utf8).write(to: r.appendingPathComponent("Cases/reported/x.json"))
        try Data("font".utf8).write(to: r.appendingPathComponent("Fonts/Inter-Bold.otf"))
        try Data("ref: refs/heads/main\n".utf8).write(to: r.appendingPathComponent(".git/HEAD"))
        try Data("// swift-tools-version:6.0\n".utf8).write(to: r.appendingPathComponent("Package.swift"))
        try Data("# readme\n".utf8).write(to: r.appendingPathComponent("README.md"))
        try fm.createSymbolicLink(atPath: r.appendingPathComponent("lnk").path, withDestinationPath: "Goldens/android")
        return dir
    }

    /// Every output that lands on, in or around an input of the project, in every variant the issue
    /// names: refused before any work (exit 2, one line), nothing in the project changed.
    @Test(arguments: [
        ["pin", "--cases", "Goldens", "--name", "manifest", "--force"],
        ["pin", "--cases", ".", "--name", "known-findings", "--force"],
        ["pin", "--cases", ".", "--name", "evidence", "--force"],
        ["pin", "--cases", "Tokens/ios/Assets.xcassets/WidgetInk.colorset", "--name", "Contents", "--force"],
        ["pin", "--cases", "Tokens", "--name", "x"],
        ["pin", "--cases", "Fonts", "--name", "x"],
        ["pin", "--cases", ".git", "--name", "x"],
        ["pin", "--cases", "Goldens/cases", "--name", "x"],
        ["pin", "--cases", "lnk/..", "--name", "manifest", "--force"],
        ["pin", "--name", "reported/x", "--snapshot", "Cases/reported/x.json", "--force"],
        ["render", "--fixture", fixture, "-o", "evidence.json"],
        ["render", "--fixture", fixture, "-o", "Fonts/Inter-Bold.otf"],
        ["render", "--fixture", fixture, "-o", "Cases/r.png"],
        ["render", "--fixture", fixture, "-o", "lnk/../manifest.json"],
        ["render", "--fixture", fixture, "-o", "Package.swift"],
        ["render", "--fixture", fixture, "-o", ".git/HEAD"],
        ["render", "--fixture", fixture, "-o", "."],
        ["timeline", "--snapshot", "s.json", "--from", "2026-03-28T22:30:00+01:00", "-o", "Goldens/t.png"],
        ["sheet", "--filter", "android/small/*", "-o", "Cases/s.png"],
        ["compare", "a.png", "b.png", "-o", "Cases/d.png"],
        ["compare", "a.png", "b.png", "-o", "a.png"],
        ["verify", "--junit", "Cases/reported/x.json"],
        ["verify", "--junit", "README.md"],
        ["verify", "--html", "Cases/page"],
        ["verify", "--html", "Tokens/page"],
        ["verify", "--report", "lnk/../rep"],
        ["verify", "--html", "page", "--junit", "page"],
        ["report", "--from", "r.json", "-o", "Fonts"],
        ["report", "--from", "r.json", "-o", "rep", "--junit", "rep"],
        ["gallery", "-o", "Cases/g"],
        ["record", "--goldens", "Tokens"],
        ["record", "--goldens", "."],
    ])
    func anOutputOnAnInputIsRefused(args: [String]) throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let before = GateTrustTests.tree(dir.url)
        let r = try GateTrustTests.evidence(args, in: dir.url)
        expectTrue(r.code == 2, "\(args): \(r.err)")
        expectTrue(r.errLines.count == 1, "\(args): \(r.err)")
        expectTrue(GateTrustTests.tree(dir.url) == before, "\(args)")
    }

    /// `bench --prepare DIR` writes a goldens folder: an output like any page folder (it was not
    /// declared one, so `--prepare Cases/b` filled the case files with PNGs that broke every later run).
    @Test(arguments: ["Cases/b", "Goldens/b", "Tokens/b", ".git/b"])
    func benchPrepareIsAnOutput(folder: String) throws {
        let dir = try Self.project()
        defer { dir.remove() }
        try FileManager.default.removeItem(at: dir.url.appendingPathComponent("Cases/reported/x.json"))
        let before = GateTrustTests.tree(dir.url)
        let goldens = PackagePaths.root.appendingPathComponent("Goldens").path
        let r = try GateTrustTests.evidence(
            ["bench", "--goldens", goldens, "--filter", "android/small/empty/*", "--prepare", folder], in: dir.url)
        expectTrue(r.code == 2, "\(r.err)")
        expectTrue(r.errLines.count == 1 && r.err.contains("--prepare: '\(folder)'"), "\(r.err)")
        expectTrue(GateTrustTests.tree(dir.url) == before)
    }

    /// `cd Cases && evidence verify`: the default ./report would lie in the case files.
    @Test func verifyInsideTheCasesFolderWritesNothingThere() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let r = try GateTrustTests.evidence(["verify"], in: dir.url.appendingPathComponent("Cases"))
        expectTrue(r.code == 2, "\(r.err)")
        expectTrue(r.err.contains("the project's case files"), "\(r.err)")
        expectTrue(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("Cases/report").path))
    }

    /// Two outputs of one command naming one file: JUnit and the step summary.
    @Test func twoOutputsMayNotNameOneFile() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let r = try HostileCaseTests.evidence(
            shell: "verify --junit j.xml", before: "cd '\(dir.url.path)' && GITHUB_STEP_SUMMARY=j.xml")
        expectTrue(r.code == 2)
        expectTrue(r.err.contains("two outputs of one command never name the same file"), "\(r.err)")
    }

    /// What the allow-list lets through: a new PNG in the project, the same PNG again, a file outside it.
    @Test func aNewOutputAndItsReplacementAreWritten() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        for _ in 0..<2 {
            let r = try GateTrustTests.evidence(["render", "--fixture", Self.fixture, "-o", "out.png"], in: dir.url)
            expectTrue(r.code == 0, "\(r.err)")
        }
        let sub = try GateTrustTests.evidence(
            ["render", "--fixture", Self.fixture, "-o", "Sources/shot.png"], in: dir.url)
        expectTrue(sub.code == 0, "\(sub.err)")
    }

    /// `..` after a link is resolved as the kernel does: from the link's target.
    @Test func dotDotAfterALinkIsTheTargetsParent() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let root = KernelPath.resolve(dir.url.path)
        expectTrue(
            KernelPath.resolve("lnk/../manifest.json", workingDirectory: root) == root + "/Goldens/manifest.json")
        expectTrue(KernelPath.resolve("lnk/x/../../y", workingDirectory: root) == root + "/Goldens/y")
        expectTrue(KernelPath.resolve("missing/../y", workingDirectory: root) == root + "/y")
        expectTrue(KernelPath.resolve("/", workingDirectory: root) == "/")
        expectTrue(
            ProtectedInput.resolved("lnk/../manifest.json", workingDirectory: root) == root + "/Goldens/manifest.json")
    }

    /// evidence.json's goldens as a link to a folder outside the project: record wrote 2,039 files there.
    @Test func aRootLinkedOutOfTheProjectIsRefused() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let outside = try PrivateFolder.make("evidence-outside")
        defer { outside.remove() }
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("GG").path, withDestinationPath: outside.url.path)
        try Data("{\"goldens\": \"GG\"}".utf8).write(to: dir.url.appendingPathComponent("evidence.json"))
        #expect(throws: InputError.self) { try Project.at(root: dir.url, origin: "test") }
        let r = try GateTrustTests.evidence(["record", "--filter", "android/small/empty/*"], in: dir.url)
        expectTrue(r.code == 2)
        expectTrue(r.err.contains("outside the project"), "\(r.err)")
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: outside.url.path).isEmpty)
    }

    /// `record --cases <typo>` deleted every case golden, and verify then passed with the same typo.
    @Test(arguments: ["record", "verify", "list"])
    func aMissingCasesFolderIsExit2(command: String) throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let r = try GateTrustTests.evidence(
            [command, "--cases", "Casse", "--filter", "android/small/empty/*"], in: dir.url)
        expectTrue(r.code == 2, "\(r.err)")
        expectTrue(r.err.contains("no such cases folder"), "\(r.err)")
    }

    /// A proofs cache someone else can write is not evidence: ignored, said once.
    @Test func aSharedProofsCacheIsNotTrusted() throws {
        let dir = try PrivateFolder.make("evidence-cache")
        defer { dir.remove() }
        expectTrue(ProvenGoldens.distrust(dir.url) == nil)
        chmod(dir.url.path, 0o777)
        expectTrue(ProvenGoldens.distrust(dir.url)?.contains("writable by its group or others") == true)
        chmod(dir.url.path, 0o700)
        try Data("x".utf8).write(to: dir.url.appendingPathComponent(ProvenGoldens.fileName))
        chmod(dir.url.appendingPathComponent(ProvenGoldens.fileName).path, 0o666)
        expectTrue(ProvenGoldens.distrust(dir.url) != nil)
        expectTrue(ProvenGoldens.distrust(dir.url, user: geteuid() + 1)?.contains("not to this user") == true)
        expectTrue(ProvenGoldens.open(dir.url).distrusted != nil)
    }

    /// pin creates a case only where none is: of two writes of one name without --force, one wins.
    @Test func aCaseIsCreatedWithoutReplacing() throws {
        let dir = try PrivateFolder.make("evidence-noreplace")
        defer { dir.remove() }
        let folder = ContainedFolder(dir.url)
        try folder.write(Array("one".utf8), to: "a/x.json", replacing: false)
        #expect(throws: InputError.self) { try folder.write(Array("two".utf8), to: "a/x.json", replacing: false) }
        expectTrue(try String(contentsOf: dir.url.appendingPathComponent("a/x.json"), encoding: .utf8) == "one")
        expectTrue(folder.walk().files == ["a/x.json"])  // no temp file left
        try folder.write(Array("three".utf8), to: "a/x.json")
        expectTrue(try String(contentsOf: dir.url.appendingPathComponent("a/x.json"), encoding: .utf8) == "three")
    }

    /// Only a dead process's temp file is swept; a live one's (this process, init) never.
    @Test func onlyAbandonedTempFilesAreSwept() throws {
        expectTrue(!TempFiles.isAbandoned(".x.json.tmp-\(getpid())"))
        expectTrue(!TempFiles.isAbandoned(".x.json.tmp-1"))
        expectTrue(TempFiles.isAbandoned(".x.json.tmp-999999999"))
        expectTrue(!TempFiles.isAbandoned("x.json.tmp-999999999"))
        let dir = try PrivateFolder.make("evidence-sweep")
        defer { dir.remove() }
        for name in [".a.json.tmp-999999999", ".b.json.tmp-1", ".c.json.tmp-\(getpid())"] {
            try Data().write(to: dir.url.appendingPathComponent(name))
        }
        expectTrue(ContainedFolder(dir.url).removeStaleTempFiles() == [".a.json.tmp-999999999"])
    }

    /// A temp file a killed pin left never blocks the next run; a FIFO named like a case is refused,
    /// never skipped (record then deleted its golden); names and expected texts are bounded.
    @Test func theCasesFolderIsBounded() throws {
        let dir = try PrivateFolder.make("evidence-cases")
        defer { dir.remove() }
        try Data().write(to: dir.url.appendingPathComponent(".x.json.tmp-999999999"))
        expectTrue(try CaseFiles.load(dir.url).isEmpty)
        mkfifo(dir.url.appendingPathComponent("f.json").path, 0o644)
        #expect(throws: InputError.self) { try CaseFiles.load(dir.url) }
        #expect(throws: InputError.self) {
            try CaseFiles.key(forFile: String(repeating: "a/", count: 2_100) + "x.json")
        }
        #expect(throws: InputError.self) { try CaseFiles.key(forFile: String(repeating: "a", count: 600) + ".json") }
        let long = "{\"expect\": [\"\(String(repeating: "x", count: CaseFiles.maxExpectCharacters + 1))\"]}"
        #expect(throws: InputError.self) {
            try CaseFiles.parse("y.json", bytes: Array(long.utf8), in: ContainedFolder(dir.url))
        }
    }

    /// The console escapes every text of a result: a newline in `comparison` or `reportDirectory`
    /// (a fork's artefact) would start a workflow command line of its own.
    @Test func aResultsTextsAreEscapedOnTheConsoleAndInTheSummary() throws {
        var r = VerifyResult(
            passed: [],
            failures: [GateFailure(key: "a/b", kind: .pixels, detail: "d [x](javascript:alert(1)) <img src=x>")],
            comparison: "exact\n::error::forged", fastPath: 0)
        r.reportDirectory = "rep\n::add-mask::x"
        let lines = ConsoleHandler().lines(r)
        expectTrue(!lines.contains { $0.contains("\n") || $0.hasPrefix("::") }, "\(lines)")
        let summary = GitHubAnnotations.summary(r, page: nil)
        expectTrue(!summary.contains("<img"), "\(summary)")
        expectTrue(!summary.contains("[x](javascript"), "\(summary)")
        expectTrue(!summary.split(separator: "\n").contains { $0.hasPrefix("::") })
    }

    /// A result's run must list exactly this evidence's checks; `**` is a whole-matrix claim; a key counted twice is
    /// refused.
    @Test func aResultIsTrustedOnlyForWhatItProves() throws {
        let catalog = ResultFile.catalogOrNone()
        var r = VerifyResult(passed: ["android/made/up"], failures: [], comparison: "exact", fastPath: 0)
        r.run = RunInfo(
            matrix: "m", environment: RendererEnvironment.current(), filter: "**", checks: ResultFile.expectedChecks)
        expectTrue(ResultFile.coverageFailures(r, catalog: { catalog }).first?.kind == .selfCheck)
        r.run?.checks = ["not-a-check"]
        r.run?.filter = "android/made/*"
        let checks = ResultFile.coverageFailures(r, catalog: { catalog })
        expectTrue(checks.first?.detail.contains("not this evidence's") == true, "\(checks)")
        var twice = VerifyResult(passed: ["a/b", "a/b"], failures: [], comparison: "exact", fastPath: 0)
        twice.run = nil
        #expect(throws: InputError.self) { try ResultFile.check(twice, path: "r.json") }
    }

    /// A fixture is judged by its verdict: a result whose `cases` rows name every key of its filter
    /// while passed and failures are empty passed as "0 passed, 0 failed" (hostile variant).
    @Test func aCaseRowWithoutAVerdictIsNoPass() throws {
        let catalog = ResultFile.catalogOrNone()
        let filter = "android/small/empty/*"
        let keys = catalog.keys.filter { Glob.matches(filter, $0) }
        try #require(!keys.isEmpty)
        var r = VerifyResult(passed: [], failures: [], comparison: "exact", fastPath: 0)
        r.run = RunInfo(
            matrix: RunInfo.matrixID(catalog.entries), environment: RendererEnvironment.current(), filter: filter,
            checks: ResultFile.expectedChecks)
        r.cases = keys.map { CaseRecord(key: $0, platform: "android", family: "small", seconds: 0) }
        let silent = ResultFile.coverageFailures(r, catalog: { catalog })
        expectTrue(
            silent.first?.kind == .selfCheck && silent.first?.detail.contains("neither passed nor failed") == true,
            "\(silent)")
        r.passed = keys
        expectTrue(ResultFile.coverageFailures(r, catalog: { catalog }).isEmpty)
    }

    /// Not under ThreadSanitizer (scripts/sanitize.sh sets EVIDENCE_SANITIZER): its runtime dies of
    /// SIGBUS in its own start-up under `ulimit -f 1`, before `main` — `evidence help` too.
    static let fileSizeLimitRuns = Testing.Comment(
        rawValue: "ThreadSanitizer's runtime cannot start under ulimit -f (SIGBUS before main)")
    static var underThreadSanitizer: Bool { ProcessInfo.processInfo.environment["EVIDENCE_SANITIZER"] == "thread" }

    /// `ulimit -f`: SIGXFSZ killed the run mid-write (exit 153) leaving its temp file.
    @Test(.disabled(if: underThreadSanitizer, fileSizeLimitRuns)) func aFileSizeLimitIsACleanExit2() throws {
        let dir = try PrivateFolder.make("evidence-xfsz")
        defer { dir.remove() }
        let r = try HostileCaseTests.evidence(
            shell: "render --root '\(PackagePaths.root.path)' --fixture \(Self.fixture) -o '\(dir.url.path)/big.png'",
            before: "ulimit -f 1;")
        expectTrue(r.code == 2, "\(r.code) \(r.err)")
        expectTrue(r.errLines.count == 1)
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }

    /// A pin whose write fails (`ulimit -f`) leaves no empty folders of its name in Cases/ (hostile variant).
    @Test(.disabled(if: underThreadSanitizer, fileSizeLimitRuns)) func aFailedPinLeavesNoFolders() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let before = GateTrustTests.tree(dir.url)
        let note = String(repeating: "n", count: 3_000)  // past one 1,024-byte block
        let r = try HostileCaseTests.evidence(
            shell: "pin --platform android --family small --name new1/new2/x --note \(note)",
            before: "cd '\(dir.url.path)' && ulimit -f 1;")
        expectTrue(r.code == 2, "\(r.code) \(r.err)")
        expectTrue(r.errLines.count == 1 && r.err.contains("cannot write"), "\(r.err)")
        expectTrue(GateTrustTests.tree(dir.url) == before)
    }

    /// A walk stops at its bounds and says which: 100,000 stray files in Goldens/ cost 84 s.
    @Test func aFolderWalkIsBounded() throws {
        let dir = try PrivateFolder.make("evidence-bounds")
        defer { dir.remove() }
        for i in 0..<30 { try Data().write(to: dir.url.appendingPathComponent("f\(i).png")) }
        try FileManager.default.createDirectory(
            at: dir.url.appendingPathComponent("a/b/c"), withIntermediateDirectories: true)
        let folder = ContainedFolder(dir.url)
        expectTrue(folder.list(maxEntries: 10).overLimit == "more than 10 entries")
        expectTrue(folder.list(maxDepth: 2).overLimit?.hasPrefix("folders deeper than 2") == true)
        expectTrue(folder.list().overLimit == nil && folder.list().files.count == 30)
        // within its bounds
        expectTrue(try Manifest.strays(in: dir.url, listed: [], linksExcluding: [], filter: nil).unlisted.count == 30)
    }

    /// evidence.json with a key given twice was read as its last value.
    @Test func aConfigKeyGivenTwiceIsRefused() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        try Data("{\"goldens\": \"Goldens\", \"goldens\": \"Tokens\"}".utf8).write(
            to: dir.url.appendingPathComponent("evidence.json"))
        #expect(throws: InputError.self) { try Project.at(root: dir.url, origin: "test") }
    }

    /// A known finding naming only its platform — or its platform with ranges and lists that admit
    /// every value (a huge width range, every family) — would match every render of it.
    @Test(arguments: [
        (#"{"platform": "android"}"#, "names only the platform"),
        (#"{"platform": "android", "width": [0, 1e9]}"#, "admit every value"),
        (#"{"platform": "ios", "width": [-1e300, 1e300], "height": [0, 5000]}"#, "admit every value"),
        (
            #"{"platform": "android", "family": ["small", "medium", "large"], "fontScale": [0, 99]}"#,
            "admit every value"
        ),
        (#"{"width": [0, 1e9], "coachLine": ["absent", "present"]}"#, "would match every render"),
    ])
    func aKnownFindingCannotMatchAWholePlatform(conditions: String, words: String) throws {
        let json =
            #"{"findings": [{"class": "known", "kind": "truncated", "node": "*", "seed": "s", "conditions": "#
            + conditions + "}]}"
        let dir = try PrivateFolder.make("evidence-known")
        defer { dir.remove() }
        let file = dir.url.appendingPathComponent("known-findings.json")
        try Data(json.utf8).write(to: file)
        let e = try #require(throws: InputError.self) { try KnownFindings.load(from: file) }
        expectTrue(e.description.contains(words), "\(e)")
    }

    /// A range that leaves most renders out narrows, and so does a named element (up to half of the
    /// platform, `KnownCoverageTests`): the entry loads.
    @Test(arguments: [
        (#"{"platform": "android", "width": [0, 112]}"#, "*"),
        (#"{"platform": "android", "family": ["small"]}"#, "caption"),
    ])
    func aNarrowingKnownFindingLoads(conditions: String, node: String) throws {
        let json =
            #"{"findings": [{"class": "known", "kind": "truncated", "seed": "s", "node": ""# + node
            + #"", "conditions": "#
            + conditions + "}]}"
        expectTrue(try KnownFindings.parse(Array(json.utf8), name: "k").entries.count == 1)
    }

    /// A step summary with a second name (a hard link to a golden) is refused before any work.
    @Test func aHardLinkedStepSummaryIsRefused() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        try FileManager.default.linkItem(
            at: dir.url.appendingPathComponent("Goldens/manifest.json"), to: dir.url.appendingPathComponent("s.md"))
        let r = try HostileCaseTests.evidence(
            shell: "verify --filter 'android/small/empty/*'", before: "cd '\(dir.url.path)' && GITHUB_STEP_SUMMARY=s.md"
        )
        expectTrue(r.code == 2)
        expectTrue(r.err.contains("hard links"), "\(r.err)")
        expectTrue(
            try String(contentsOf: dir.url.appendingPathComponent("Goldens/manifest.json"), encoding: .utf8)
                == "{\"x\":1}")
    }

    /// A diagnostic line is at most 2,048 bytes, cut at a character.
    @Test func diagnosticsAreCapped() throws {
        let r = try HostileCaseTests.evidence([
            "render", "--root", PackagePaths.root.path, "--fixture", Self.fixture,
            "-o", String(repeating: "d/", count: 3_000) + "x.png",
        ])
        expectTrue(r.code == 2)
        expectTrue(r.err.utf8.count <= maxErrorLineBytes + 1, "\(r.err.utf8.count) bytes")
    }

    /// verify names the project it checked (inside a nested project it checks the outer one).
    @Test func verifyNamesItsProject() throws {
        let line = ConsoleHandler(projectLine: "project: /r (found evidence.json at or above the working folder)")
            .lines(VerifyResult(passed: [], failures: [], comparison: "exact", fastPath: 0))
        expectTrue(
            line.prefix(2) == ["comparison: exact", "project: /r (found evidence.json at or above the working folder)"])
    }

    /// `--root` naming another project leaves the one the working folder is in protected.
    @Test func anotherRootDoesNotUnprotectTheWorkingProject() throws {
        let dir = try Self.project()
        defer { dir.remove() }
        let before = GateTrustTests.tree(dir.url)
        let r = try GateTrustTests.evidence(
            ["render", "--root", PackagePaths.root.path, "--fixture", Self.fixture, "-o", "Goldens/manifest.json"],
            in: dir.url)
        expectTrue(r.code == 2, "\(r.err)")
        expectTrue(GateTrustTests.tree(dir.url) == before)
    }
}
