import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

/// Issue #53: an environment upgrade is a reviewed change. On a checkout whose manifest names other
/// library versions, `record` refuses, naming each recorded and found version; `record
/// --environment-upgrade` prints (and pages) every fixture that moved beyond anti-aliasing — here
/// goldens that hold another motif's render, recorded as such — then re-records into this environment.
@Suite(.serialized) struct EnvironmentUpgradeTests {
    /// A copy of the checkout's project (goldens hard-linked: record writes a temp file and renames
    /// it, so the clone's files are never written through a link) whose `moved` goldens hold the
    /// donor's render, with manifest entries that say so (as if recorded that way), and whose manifest
    /// environment names cairo 1.18.0 and HarfBuzz 8.3.0.
    static func drifted(moved: [String]) throws -> URL {
        let root = try DocsTests.Scratch.checkout()
        let goldens = root.appendingPathComponent("Goldens")
        var manifest = try #require(try Manifest.load(from: goldens))
        let donor = try #require(manifest.goldens[PipelineTests.donor])
        for key in moved {
            try PipelineTests.replaceGolden(
                key, in: root, with: Data(contentsOf: PipelineTests.golden(PipelineTests.donor, in: PackagePaths.root)))
            var entry = donor
            entry.file = try #require(manifest.goldens[key]).file
            manifest.goldens[key] = entry
        }
        manifest.environment.cairo = "1.18.0"
        manifest.environment.harfbuzz = "8.3.0"
        let file = goldens.appendingPathComponent(Manifest.fileName)
        try FileManager.default.removeItem(at: file)  // a new file, not the clone's through its link
        try Data(manifest.encoded()).write(to: file)
        return root
    }

    @Test func anUpgradeIsRefusedWithoutTheFlagAndReviewedWithIt() throws {
        let moved = Array(PipelineTests.swapped.prefix(2))
        let root = try Self.drifted(moved: moved)
        defer { try? FileManager.default.removeItem(at: root) }
        let here = RendererEnvironment.current()
        let before = try Data(contentsOf: root.appendingPathComponent("Goldens/manifest.json"))

        // Without the flag: exit 2, each library recorded vs found, where to record instead; nothing written.
        let refused = try PipelineTests.sh("evidence record --quiet", in: root)
        expectTrue(refused.code == 2, "\(refused.err)")
        expectTrue(
            refused.err.contains(
                "cairo: recorded 1.18.0, found \(here.cairo); harfbuzz: recorded 8.3.0, found \(here.harfbuzz)"),
            "\(refused.err)")
        expectTrue(
            refused.err.contains("scripts/in-container.sh record") && refused.err.contains("--environment-upgrade"),
            "\(refused.err)")
        let inCI = try PipelineTests.sh("evidence record --quiet", in: root, env: ["CI": "true"])
        expectTrue(
            inCI.code == 2
                && inCI.err.contains(
                    "run this job in the recorded image (container: \(RendererEnvironment.recordedImage)"),
            "\(inCI.err)")
        expectTrue(try Data(contentsOf: root.appendingPathComponent("Goldens/manifest.json")) == before)
        // --html is the upgrade's page only.
        let stray = try PipelineTests.sh("evidence record --quiet --html page", in: root)
        expectTrue(
            stray.code == 2 && stray.err.contains("--html: applies only with --environment-upgrade"), "\(stray.err)")

        // With it: the perceptual report names exactly the moved fixtures, the page shows them, then record.
        let page = PipelineTests.tempDir("upgrade-page").appendingPathComponent("page")
        let r = try PipelineTests.sh("evidence record --quiet --environment-upgrade --html '\(page.path)'", in: root)
        expectTrue(r.code == 0, "\(r.err)\(r.out)")
        let lines = r.out.split(separator: "\n").map(String.init)
        expectTrue(
            lines.first
                == "environment upgrade: cairo: recorded 1.18.0, found \(here.cairo); harfbuzz: recorded 8.3.0, found "
                + "\(here.harfbuzz)",
            "\(r.out)")
        let total = try FixtureCatalog.keys(matching: nil, cases: root.appendingPathComponent(Project.defaultCases))
            .count
        expectTrue(
            lines.contains(
                "perceptual review (pixelmatch 7.2, threshold \(ImageComparator.defaultThreshold), anti-aliasing "
                    + "forgiven): 2 of \(total) fixture(s) moved beyond anti-aliasing"
            ), "\(r.out)")
        let reported = Set(
            lines.compactMap { $0.firstMatch(of: #/^  moved [a-z-]+ (\S+): /#).map { String($0.output.1) } })
        expectTrue(reported == Set(moved), "\(r.out)")
        for key in moved {
            expectTrue(
                lines.contains("moved   \(key) (pixels differ, text unchanged)")
                    || lines.contains { $0.hasPrefix("moved   \(key) ") }, "\(r.out)")
        }
        let html = try String(contentsOf: page.appendingPathComponent("index.html"), encoding: .utf8)
        for key in moved { expectTrue(html.contains(key)) }
        let saved =
            try JSONSerialization.jsonObject(with: Data(contentsOf: page.appendingPathComponent(PageFolder.resultName)))
            as? [String: Any]
        let failures = (saved?["failures"] as? [[String: Any]] ?? []).compactMap { $0["key"] as? String }
        expectTrue(Set(failures) == Set(moved) && failures.count == moved.count, "\(failures)")
        // The manifest now names this environment, and verify passes exactly where the goldens moved
        // (the whole matrix again would double this test's time in a debug build).
        let after = try #require(try Manifest.load(from: root.appendingPathComponent("Goldens")))
        expectTrue(after.environment.differences(from: here) == [])
        expectTrue(moved.allSatisfy { Glob.matches(PipelineTests.filter, $0) })
        let v = try PipelineTests.sh(
            "evidence verify --quiet --filter '\(PipelineTests.filter)' --report \"$R\"", in: root,
            env: ["R": PipelineTests.tempDir("r").appendingPathComponent("report").path])
        expectTrue(v.code == 0 && v.out.contains("comparison: exact"), "\(v.out)")
        // An upgrade is every golden's; then nothing is left to upgrade.
        let filtered = try PipelineTests.sh(
            "evidence record --quiet --environment-upgrade --filter 'android/*'", in: root)
        expectTrue(filtered.code == 2 && filtered.err.contains("drop --filter and --shard"), "\(filtered.err)")
        let again = try PipelineTests.sh("evidence record --quiet --environment-upgrade", in: root)
        expectTrue(again.code == 2 && again.err.contains("nothing to upgrade"), "\(again.err)")
    }

    /// The report lists every moved fixture and counts fixtures, not findings.
    @Test func theReportCountsFixtures() {
        let failures = [
            GateFailure(key: "b", kind: .pixels, detail: "12 pixels differ"),
            GateFailure(key: "a", kind: .size, detail: "1×1 vs 2×2"),
            GateFailure(key: "a", kind: .text, detail: "visible text changed"),
        ]
        let result = VerifyResult(
            passed: ["c", "d"], failures: failures, comparison: "perceptual", fastPath: 0, reportDirectory: nil)
        expectTrue(
            EnvironmentUpgrade.lines(drift: ["cairo: recorded 1, found 2"], result: result, page: nil) == [
                "environment upgrade: cairo: recorded 1, found 2",
                "perceptual review (pixelmatch 7.2, threshold \(ImageComparator.defaultThreshold), anti-aliasing "
                    + "forgiven): 2 of 4 fixture(s) moved beyond anti-aliasing",
                "  moved size a: 1×1 vs 2×2", "  moved text a: visible text changed",
                "  moved pixels b: 12 pixels differ",
            ])
    }
}
