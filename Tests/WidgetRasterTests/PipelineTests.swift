import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

/// Issue #32, the gate in a real pipeline: the built binary copied away from its clone, checking
/// temporary checkouts (a subset of the goldens with the project's config, tokens and known
/// findings), its shard artefacts merged in the layouts CI makes, its logs, its exit codes, and
/// one remedy per failure. Each test reproduces a contradiction from the issue's "Why".
@Suite(.serialized) struct PipelineTests {
    static let filter = "android/small/empty/*"
    /// Goldens swapped for another fixture's PNG of the same size: each fails as `pixels`, with images.
    static let swapped = [
        "android/small/empty/stones/kindling/light", "android/small/empty/flame/legacy/dark",
        "android/small/empty/sprout/kindling/dark", "android/small/empty/waves/legacy/light",
    ]
    static let donor = "android/small/empty/mountain/kindling/light"

    static func tempDir(_ name: String = "pipeline") -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-\(name)-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// A checkout of the project at `root`: its config, tokens, known findings and the filter's goldens.
    static func makeCheckout(at root: URL, swapping: [String] = []) throws {
        let fm = FileManager.default
        try fm.createDirectory(at: root.appendingPathComponent("Goldens"), withIntermediateDirectories: true)
        for file in [Project.configName, KnownFindings.fileName] {
            try fm.copyItem(at: PackagePaths.root.appendingPathComponent(file), to: root.appendingPathComponent(file))
        }
        try fm.copyItem(at: PackagePaths.tokens, to: root.appendingPathComponent("Tokens"))
        var manifest = try #require(try PackagePaths.manifest.get())
        manifest.goldens = manifest.goldens.filter { Glob.matches(filter, $0.key) }
        for entry in manifest.goldens.values {
            let dest = root.appendingPathComponent("Goldens").appendingPathComponent(entry.file)
            try fm.createDirectory(at: dest.deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(at: PackagePaths.goldens.appendingPathComponent(entry.file), to: dest)
        }
        try Data(manifest.encoded()).write(
            to: root.appendingPathComponent("Goldens").appendingPathComponent(Manifest.fileName))
        for key in swapping {
            try replaceGolden(key, in: root, with: Data(contentsOf: golden(donor, in: PackagePaths.root)))
        }
    }

    static func golden(_ key: String, in root: URL) -> URL { root.appendingPathComponent("Goldens/\(key).png") }

    static func replaceGolden(_ key: String, in root: URL, with data: Data) throws {
        try FileManager.default.removeItem(at: golden(key, in: root))
        try data.write(to: golden(key, in: root))
    }

    /// The built binary, copied alone into an empty folder: nothing beside it, far from the clone.
    static let copiedBinary: URL = {
        let bin = tempDir("bin").appendingPathComponent("evidence")
        try! FileManager.default.copyItem(at: HostileCaseTests.binary, to: bin)
        return bin
    }()

    struct Run {
        var code: Int32
        var out: String
        var err: String
    }

    /// Runs the copied binary in `cwd` through bash (`set -o pipefail`, GitHub's default shell), so
    /// `command` may pipe and redirect; the CI variables of the machine running the tests are cleared.
    static func sh(_ command: String, in cwd: URL, env: [String: String] = [:]) throws -> Run {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = ["-c", "set -o pipefail; evidence() { '\(copiedBinary.path)' \"$@\"; }; \(command)"]
        p.currentDirectoryURL = cwd
        var environment = ProcessInfo.processInfo.environment.filter {
            !$0.key.hasPrefix("GITHUB_") && $0.key != "CI" && $0.key != "JENKINS_URL"
        }
        environment.merge(env) { _, new in new }
        p.environment = environment
        let out = Pipe()
        let err = Pipe()
        p.standardOutput = out
        p.standardError = err
        try p.run()
        let errBox = HostileCaseTests.ReadBox()
        let t = Thread { errBox.data = err.fileHandleForReading.readDataToEndOfFile() }
        t.start()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        p.waitForExit()
        while !errBox.done { usleep(1000) }
        return Run(
            code: p.terminationStatus, out: String(decoding: outData, as: UTF8.self),
            err: String(decoding: errBox.data ?? Data(), as: UTF8.self))
    }

    static func lastLine(_ s: String) -> String { s.split(separator: "\n").last.map(String.init) ?? "" }

    // MARK: 1. Relocatable

    /// The binary copied alone verifies a checkout from its root, from a subfolder, and a copy of
    /// the checkout at another path: same verdict; and `record` writes the same bytes. Before, it
    /// read the goldens of the clone it was built in (#filePath) wherever it ran: a checkout's
    /// removed golden went unnoticed.
    @Test func aCopiedBinaryChecksAnyCheckoutFromAnyFolder() throws {
        let a = Self.tempDir("checkout").appendingPathComponent("repo")
        try Self.makeCheckout(at: a)
        let sub = a.appendingPathComponent("Tokens/android")
        let b = Self.tempDir("elsewhere").appendingPathComponent("copy")
        try FileManager.default.copyItem(at: a, to: b)
        let verify = "evidence verify --filter '\(Self.filter)' --quiet --report \"$TMPDIR_REPORT\""
        var verdicts: [String] = []
        for cwd in [a, sub, b] {
            let r = try Self.sh(
                verify, in: cwd, env: ["TMPDIR_REPORT": Self.tempDir("r").appendingPathComponent("report").path])
            expectTrue(r.code == 0, "\(cwd.path): \(r.err)\(r.out)")
            verdicts.append(Self.lastLine(r.out))
        }
        expectTrue(verdicts == Array(repeating: "20 passed, 0 failed", count: 3))
        // The checkout's goldens are what is read: remove one and it is missing, in that checkout only.
        let key = Self.swapped[0]
        let original = try Data(contentsOf: Self.golden(key, in: a))
        for root in [a, b] { try FileManager.default.removeItem(at: Self.golden(key, in: root)) }
        let missing = try Self.sh(
            verify, in: sub, env: ["TMPDIR_REPORT": Self.tempDir("r").appendingPathComponent("report").path])
        expectTrue(missing.code == 1 && missing.out.contains("FAIL missing \(key)"), "\(missing.out)")
        // record writes the same bytes from either checkout, and the bytes the clone holds.
        for (root, cwd) in [(a, sub), (b, b)] {
            let r = try Self.sh("evidence record --filter '\(Self.filter)' --quiet", in: cwd)
            expectTrue(r.code == 0 && r.out.contains("added   \(key)"), "\(r.err)\(r.out)")
            expectTrue(try Data(contentsOf: Self.golden(key, in: root)) == original)
        }
        // --root names the project from anywhere; version says where each input came from.
        let v = try Self.sh("evidence version --root '\(b.path)'", in: Self.tempDir())
        expectTrue(
            v.code == 0 && v.out.contains("project: \(b.standardizedFileURL.path) (--root)")
                && v.out.contains("(compiled into evidence)"), "\(v.out)")
        expectTrue(v.out.contains("manifest: matches"))
    }

    @Test func aBadConfigIsOneLineAndExit2() throws {
        let root = Self.tempDir("config")
        try Data("{\"golden\": \"G\"}".utf8).write(to: root.appendingPathComponent(Project.configName))
        let r = try Self.sh("evidence verify --quiet", in: root)
        expectTrue(
            r.code == 2 && r.err.contains("unknown key 'golden'") && r.err.split(separator: "\n").count == 1, "\(r.err)"
        )
        try Data("{\"goldens\": \"../elsewhere\"}".utf8).write(to: root.appendingPathComponent(Project.configName))
        let escape = try Self.sh("evidence list", in: root)
        expectTrue(escape.code == 2 && escape.err.contains("must be a path inside the project"), "\(escape.err)")
    }

    // MARK: 4. A reader that stops early

    /// `evidence list | head -1` under pipefail: one key and exit 0 (before: exit 2, broken pipe).
    @Test func aReaderThatStopsEarlyEndsQuietly() throws {
        let r = try Self.sh("evidence list | head -1", in: PackagePaths.root)
        expectTrue(r.code == 0, "\(r.err)")
        expectTrue(r.out.split(separator: "\n").count == 1 && r.err.isEmpty, "\(r.out)\(r.err)")
        // A closed pipe keeps the code the command had; any other lost write is exit 2, also when
        // the checks failed (before: 1, so the lost output was indistinguishable from a failure).
        var said: [String] = []
        expectTrue(outputVerdict(1, writeError: EPIPE) { said.append($0) } == 1)
        expectTrue(outputVerdict(0, writeError: EPIPE) { said.append($0) } == 0)
        expectTrue(said.isEmpty)
        expectTrue(outputVerdict(1, writeError: ENOSPC) { said.append($0) } == 2)
        expectTrue(outputVerdict(0, writeError: EBADF) { said.append($0) } == 2)
        expectTrue(said.count == 2 && said[0].contains("the output is incomplete"))
    }

    @Test func aLostWriteIsExit2WhateverTheChecksFound() throws {
        let root = Self.tempDir("full").appendingPathComponent("repo")
        try Self.makeCheckout(at: root, swapping: [Self.swapped[0]])
        let r = try Self.sh(
            "evidence verify --filter '\(Self.filter)' --quiet --report '\(Self.tempDir().path)/r' > /dev/full",
            in: root)
        expectTrue(r.code == 2 && r.err.contains("No space left on device"), "\(r.err)")
    }

    // MARK: 3. Logs that say what failed

    /// `verify --json > r.json` with failures: the kinds, the first failures with their fix and the
    /// totals on stderr, stdout the result alone (before: nothing at all on the console).
    @Test func jsonOnStdoutPutsTheSummaryOnStderr() throws {
        let root = Self.tempDir("json").appendingPathComponent("repo")
        try Self.makeCheckout(at: root, swapping: Self.swapped)
        let r = try Self.sh("evidence verify --filter '\(Self.filter)' --quiet --json --report rep > r.json", in: root)
        expectTrue(r.code == 1)
        for key in Self.swapped { expectTrue(r.err.contains("FAIL pixels \(key)"), "\(r.err)") }
        expectTrue(r.err.contains("     fix: after reviewing the render: evidence record --filter"))
        expectTrue(r.err.contains("failures by kind: pixels 4"))
        expectTrue(Self.lastLine(r.err) == "16 passed, 4 failed")
        let json =
            try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("r.json")))
            as? [String: Any]
        expectTrue((json?["failures"] as? [Any])?.count == 4)
        // report prints the same summary as verify, then where its page went.
        let rep = try Self.sh("evidence report --from r.json -o page", in: root)
        expectTrue(rep.code == 1)
        // …less verify's line naming the project it checked (report checks none).
        let verifyLines = r.err.split(separator: "\n").filter { !$0.hasPrefix("wrote ") && !$0.hasPrefix("project: ") }
        expectTrue(rep.out.split(separator: "\n").filter { !$0.hasPrefix("wrote ") } == verifyLines, "\(rep.out)")
        expectTrue(
            rep.out.contains(
                "wrote \(root.appendingPathComponent("page/index.html").standardizedFileURL.path) from 1 result"))
    }

    // MARK: 2. Shard results that merge however CI lays them out

    /// Two shards in every layout the issue names merge into one page showing every image, and
    /// the merged JUnit validates against Jenkins' junit-10.xsd. Before: --html wrote no
    /// result.json, an absolute --html or a result moved into its page folder made report exit 2,
    /// a folder's subfolders were not searched, and one missing image aborted the page.
    @Test func shardArtefactsMergeInEveryLayout() throws {
        let root = Self.tempDir("shards").appendingPathComponent("repo")
        try Self.makeCheckout(at: root, swapping: Self.swapped)
        let outside = Self.tempDir("abs").appendingPathComponent("shard-2")
        // Shard 1 into a relative --html folder, shard 2 into an absolute one outside the working folder.
        let s1 = try Self.sh("evidence verify --filter '\(Self.filter)' --shard 1/2 --quiet --html shard-1", in: root)
        let s2 = try Self.sh(
            "evidence verify --filter '\(Self.filter)' --shard 2/2 --quiet --html '\(outside.path)'", in: root)
        expectTrue(s1.code + s2.code >= 1 && s1.code <= 1 && s2.code <= 1, "\(s1.err)\(s2.err)")
        for dir in [root.appendingPathComponent("shard-1"), outside] {
            expectTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(PageFolder.resultName).path))
        }
        // The layout actions/download-artifact makes: one subfolder per artefact, under any names.
        let downloads = Self.tempDir("downloads")
        try FileManager.default.copyItem(
            at: root.appendingPathComponent("shard-1"), to: downloads.appendingPathComponent("evidence-shard-b"))
        try FileManager.default.copyItem(at: outside, to: downloads.appendingPathComponent("evidence-shard-a"))
        // A third layout: `--json > r.json` beside its report folder, then moved into it.
        let s3 = try Self.sh(
            "evidence verify --filter '\(Self.filter)' --shard 1/2 --quiet --json --report rep-1 > r1.json", in: root)
        expectTrue(s3.code <= 1, "\(s3.err)")
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("rep-1"), withIntermediateDirectories: true)
        try FileManager.default.moveItem(
            at: root.appendingPathComponent("r1.json"), to: root.appendingPathComponent("rep-1/r1.json"))
        let images = Set(Self.swapped.flatMap { k in ["actual", "expected", "diff"].map { "\(k)/\($0).png" } })
        for (name, froms) in [
            ("subfolders", [downloads.path]),
            ("beside and absolute", [root.appendingPathComponent("shard-1/result.json").path, outside.path]),
            (
                "moved into its folder",
                [root.appendingPathComponent("rep-1/r1.json").path, outside.appendingPathComponent("result.json").path]
            ),
        ] {
            let page = Self.tempDir("page").appendingPathComponent("merged")
            let junit = page.deletingLastPathComponent().appendingPathComponent("junit.xml")
            let r = try Self.sh(
                "evidence report " + froms.map { "--from '\($0)'" }.joined(separator: " ")
                    + " -o '\(page.path)' --junit '\(junit.path)'", in: Self.tempDir())
            expectTrue(r.code == 1, "\(name): \(r.err)")
            expectTrue(r.out.contains("16 passed, 4 failed"), "\(name): \(r.out)")
            for image in images {
                expectTrue(
                    FileManager.default.fileExists(atPath: page.appendingPathComponent(image).path), "\(name): \(image)"
                )
            }
            try ReviewTests().expectValidJUnit(String(contentsOf: junit, encoding: .utf8))
        }
        // One image missing: drawn as missing (the finding says so), every other image copied.
        let gone = "\(Self.swapped[0])/actual.png"
        let holder = [
            downloads.appendingPathComponent("evidence-shard-a"), downloads.appendingPathComponent("evidence-shard-b"),
        ]
        .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent(gone).path) }!
        try FileManager.default.removeItem(at: holder.appendingPathComponent(gone))
        let page = Self.tempDir("page").appendingPathComponent("merged")
        let r = try Self.sh("evidence report --from '\(downloads.path)' -o '\(page.path)'", in: Self.tempDir())
        expectTrue(r.code == 1 && r.err.contains("warning: report image") && r.err.contains(gone), "\(r.err)")
        for image in images.subtracting([gone]) {
            expectTrue(FileManager.default.fileExists(atPath: page.appendingPathComponent(image).path))
        }
        let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        expectTrue(html.contains("missing from the result"))
    }

    // MARK: annotations

    /// `file=` relative to GITHUB_WORKSPACE (a package in a subfolder of its repository), and the
    /// "N more" annotation names where the whole list is: this step's log (before: "the log and
    /// the step summary", when the log had none and the summary ten).
    @Test func annotationsPointWhereTheFilesAndTheListAre() throws {
        let files = AnnotationFiles(workingDirectory: "/ws/repo/pkg", workspace: "/ws/repo")
        expectTrue(files.path("Goldens/a/b.png") == "pkg/Goldens/a/b.png")
        expectTrue(files.path("../Goldens/a.png") == "Goldens/a.png")
        expectTrue(files.path("/elsewhere/Goldens/a.png") == "/elsewhere/Goldens/a.png")
        expectTrue(AnnotationFiles(workingDirectory: "/ws/repo/pkg").path("Goldens/a.png") == "Goldens/a.png")
        var v = VerifyResult(
            passed: [],
            failures: (0..<12).map {
                GateFailure(key: "android/small/s\($0)/x", kind: .pixels, detail: "1 pixels differ")
            },
            comparison: "exact", fastPath: 0, reportDirectory: "shard")
        v.run = nil
        let lines = GitHubAnnotations.errorLines(
            v, files: files, listedIn: GitHubAnnotations.listedIn(page: "shard", stepSummary: true))
        expectTrue(lines[0].hasPrefix("::error file=pkg/Goldens/android/small/s"))
        expectTrue(
            lines[10].contains(
                "every failure is listed with its fix in this step's log and on the page shard/index.html; the step "
                    + "summary shows the first 10"
            ))
        expectTrue(!lines[10].contains("every failure is in"))
        // Through the binary: under GITHUB_ACTIONS, --json, in a subfolder of the workspace.
        let ws = Self.tempDir("ws")
        let root = ws.appendingPathComponent("pkg")
        try Self.makeCheckout(at: root, swapping: [Self.swapped[0]])
        let r = try Self.sh(
            "evidence verify --filter '\(Self.filter)' --quiet --json --report rep > r.json", in: root,
            env: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": ws.path])
        expectTrue(r.err.contains("::error file=pkg/Goldens/\(Self.swapped[0]).png,"), "\(r.err)")
    }

    // MARK: 5. One remedy per failure

    /// A render with a contrast finding and a pixel diff offers no record (before: "do not
    /// re-record" and "evidence record --filter KEY" for the same fixture).
    @Test func aRenderThatMustNotBeRecordedOffersNoRecord() {
        let key = "android/small/empty/stones/kindling/light"
        let settled = Remedy.settled([
            GateFailure(key: key, kind: .pixels, detail: "3 pixels differ"),
            GateFailure(key: key, kind: .contrast, detail: "2.1:1", node: "status"),
            GateFailure(key: "android/small/other/x", kind: .pixels, detail: "1 pixel differs"),
        ])
        let hints = settled.map { AcceptHint.text($0) }
        expectTrue(!hints[0].contains("evidence record") && hints[0].contains("fix that first"))
        expectTrue(hints[1].contains("do not re-record"))
        expectTrue(hints[2].contains("evidence record --filter 'android/small/other/x'"))
        let console = ConsoleHandler().lines(
            VerifyResult(passed: [], failures: settled, comparison: "exact", fastPath: 0, reportDirectory: nil))
        expectTrue(!console.contains { $0.contains("evidence record --filter '\(key)'") })
    }

    /// A drifted environment in CI names what drifted and a step for the CI machine (before: "run
    /// verify where the goldens were recorded (CI)" in CI); and a run that rendered nothing says no
    /// known finding "matched nothing".
    @Test func driftGivesTheStepForWhereItRunsAndNoMatchedNothingNotes() throws {
        let drift = GateFailure(
            key: "(environment)", kind: .environment,
            detail: "environment differs from manifest.json: cairo 1.18.0 vs 1.16.0")
        var v = VerifyResult(
            run: RunInfo(matrix: "m", environment: RendererEnvironment.current(), filter: nil, checks: []),
            passed: [], failures: [drift], comparison: "exact", fastPath: 0, reportDirectory: nil)
        var ci = v
        Remedy.whereItRuns(&ci, inCI: true)
        expectTrue(
            AcceptHint.text(ci.failures[0]).contains("this CI machine")
                && !AcceptHint.text(ci.failures[0]).contains("(CI)"))
        Remedy.whereItRuns(&v, inCI: false)
        expectTrue(AcceptHint.text(v.failures[0]).contains("where the goldens were recorded (CI)"))
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        expectTrue(!known.entries.isEmpty)
        let lines = ConsoleHandler(knownFindings: known, wholeRun: true).lines(v)
        expectTrue(!lines.contains { $0.contains("matched nothing") }, "\(lines)")
        expectTrue(lines.contains { $0.contains("cairo 1.18.0 vs 1.16.0") })
        // A whole run that rendered still reports an entry that matched nothing.
        v.run?.applied = CheckApplications(renders: 2048, checks: [:], colourAlone: nil)
        // Only `known` entries: a spec gap is mostly reached at sizes no golden draws (the seed sweep owns it).
        let notes = ConsoleHandler(knownFindings: known, wholeRun: true).lines(v).filter {
            $0.contains("matched nothing")
        }
        expectTrue(
            notes.count == known.entries.filter { $0.findingClass == .known }.count && !notes.isEmpty, "\(notes)")
    }

    /// `record` never replaces a golden verify calls unreadable (an LFS pointer, a corrupt PNG)
    /// unless asked with --replace-unreadable (before: it overwrote the pointer verify had just
    /// said recording would hide).
    @Test func recordNeverReplacesAnUnreadableGoldenUnasked() throws {
        let root = Self.tempDir("lfs").appendingPathComponent("repo")
        try Self.makeCheckout(at: root)
        let key = Self.swapped[0]
        let other = Self.swapped[1]
        let pointer = Data("version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n".utf8)
        try Self.replaceGolden(key, in: root, with: pointer)
        try Self.replaceGolden(other, in: root, with: Data([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]))
        let v = try Self.sh(
            "evidence verify --filter '\(Self.filter)' --quiet --report '\(Self.tempDir().path)/r'", in: root)
        expectTrue(
            v.code == 1 && v.out.contains("FAIL unreadable \(key)") && v.out.contains("git lfs pull"), "\(v.out)")
        let r = try Self.sh("evidence record --filter '\(Self.filter)' --quiet", in: root)
        expectTrue(r.code == 2 && r.err.contains("record never replaces a golden verify calls unreadable"), "\(r.err)")
        expectTrue(try Data(contentsOf: Self.golden(key, in: root)) == pointer)
        let asked = try Self.sh("evidence record --filter '\(Self.filter)' --quiet --replace-unreadable", in: root)
        expectTrue(asked.code == 0 && asked.out.contains("moved   \(key) (unreadable"), "\(asked.err)\(asked.out)")
        expectTrue(
            try Data(contentsOf: Self.golden(key, in: root))
                == Data(contentsOf: Self.golden(key, in: PackagePaths.root)))
    }

    /// Under `set -o pipefail` a reader that stops early (head, grep -q) makes the writer's SIGPIPE the
    /// pipeline's status: CI's exit 141 after a suite that passed. No script pipes into one.
    @Test func noScriptPipesIntoAReaderThatStopsEarly() throws {
        let folder = PackagePaths.root.appendingPathComponent("scripts")
        let scripts =
            try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".sh") }
            .map { "scripts/" + $0 } + [".ci/run"]
        let early = try NSRegularExpression(pattern: #"\|\s*(head\b|grep\s+-[A-Za-z]*q)"#)
        var offenders: [String] = []
        for script in scripts {
            let text = try String(contentsOf: PackagePaths.root.appendingPathComponent(script), encoding: .utf8)
            for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !line.trimmingCharacters(in: .whitespaces).hasPrefix("#") {
                let s = String(line)
                if early.firstMatch(in: s, range: NSRange(s.startIndex..., in: s)) != nil {
                    offenders.append("\(script):\(n + 1): \(s)")
                }
            }
        }
        expectTrue(scripts.count > 5)
        expectTrue(offenders.isEmpty, "\(offenders.joined(separator: "\n"))")
    }

    // MARK: the example pipeline

    /// The committed workflow and the GitLab snippet pass check-jsonschema's bundled schemas
    /// (offline). scripts/ensure-deps.sh installs the linter, so its absence fails, never skips.
    @Test(arguments: [
        (".github/workflows/evidence.yml", "vendor.github-workflows"), ("docs/ci/gitlab-ci.yml", "vendor.gitlab-ci"),
    ])
    func theExamplePipelinesPassTheLinter(file: String, schema: String) throws {
        let linter = [
            "/usr/local/bin", "/usr/bin", NSHomeDirectory() + "/.local/bin", NSHomeDirectory() + "/.pyenv/shims",
        ]
        .map { $0 + "/check-jsonschema" }.first { FileManager.default.isExecutableFile(atPath: $0) }
        guard let linter else {
            Issue.record("check-jsonschema is not installed: run scripts/ensure-deps.sh (it installs it with pip)")
            return
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: linter)
        p.arguments = ["--builtin-schema", schema, PackagePaths.root.appendingPathComponent(file).path]
        let out = Pipe()
        p.standardOutput = out
        p.standardError = out
        try p.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitForExit()
        expectTrue(p.terminationStatus == 0, "\(file): \(text)")
    }
}
