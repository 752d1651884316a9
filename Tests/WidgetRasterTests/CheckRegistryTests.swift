import Foundation
import Testing
import WidgetLayout
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// The checks read elements, not names; the registry is the one list; a check with nothing to read
/// over a whole run fails it as `self-check`.
@Suite struct CheckRegistryTests {
    let fonts = FontLibrary.shared
    var painter: CairoPainter { CairoPainter(fonts: fonts) }

    /// Every node of `scene` under a name no code has ever seen.
    static func renamed(_ scene: Scene) -> Scene {
        var s = scene
        s.nodes = scene.nodes.enumerated().map { i, n in
            var m = n
            m.part = "renamed-\(i)"
            return m
        }
        return s
    }

    func scene(_ key: String) throws -> Scene {
        try #require(try FixtureCatalog.filtered(key).first).makeScene(fonts)
    }

    /// Renaming every node (the display names are for reports only) changes no check's verdict:
    /// the truncation finding stays, still KNOWN by its element; the pip reader, the tint groups
    /// and the colour-alone markers read the same elements.
    @Test func renamingEveryNodeKeepsEveryCheckApplying() throws {
        let key = "cases/reported/obj-1382-small-new-day-110x130-fs2.0"
        let original = try scene(key)
        let renamed = Self.renamed(original)
        let a = TruncationCheck.violations(in: original)
        let b = TruncationCheck.violations(in: renamed)
        expectTrue(!a.isEmpty && a.map(\.element) == b.map(\.element) && a.map(\.rule) == b.map(\.rule))
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        let failures = TruncationCheck.gateCheck.run(key, renamed, painter.render(renamed), painter)
        let facts = try #require(try FixtureCatalog.filtered(key).first).draw(painter.fonts).facts
        expectTrue(
            !failures.isEmpty && known.partition(failures, facts: facts).failures.isEmpty,
            "the renamed caption is still the known one")

        let small = try scene("ios/systemSmall/default-some-notyet/stones/legacy/dark")
        expectTrue(RenderReport.pips(Self.renamed(small)).map(\.filled) == RenderReport.pips(small).map(\.filled))
        expectTrue(RenderReport.pips(small).map(\.filled) == [true, true, false, false])
        let tinted = HostRendering.apply(.tinted, to: small)
        let tintedRenamed = HostRendering.apply(.tinted, to: Self.renamed(small))
        expectTrue(tinted.nodes.map(\.content) == tintedRenamed.nodes.map(\.content))
        expectTrue(ClipCheck.violations(in: Self.renamed(small), measurer: fonts).isEmpty)
        expectTrue(TruncationCheck.applies(Self.renamed(small)) && ContrastCheck.applies(Self.renamed(small)))
    }

    /// A genuinely removed element — no text left anywhere in the run — fails a whole verify as
    /// `self-check` for the checks that read text, and only those; a filtered run is not judged.
    @Test func aRemovedElementFailsVerifyAsSelfCheck() throws {
        var textless = try scene("android/small/default-some-notyet/stones/kindling/light")
        textless.nodes.removeAll { if case .text = $0.content { true } else { false } }
        let drawn = textless
        let catalog = [Fixture(key: "test/textless") { _ in drawn }]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-selfcheck-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        var o = GateOptions(goldens: dir, jobs: 1)
        o.checks = CheckRegistry.renderChecks
        let v = try Verifier.verify(o, catalog: catalog, painter: painter)
        let selfChecks = v.failures.filter { $0.kind == .selfCheck }
        expectTrue(selfChecks.count == 2, "\(selfChecks.map(\.detail))")
        expectTrue(selfChecks.contains { $0.detail.hasPrefix("the truncation check found nothing") })
        expectTrue(selfChecks.contains { $0.detail.hasPrefix("the glyphs check found nothing") })
        o.filter = "test/*"
        expectTrue(
            try Verifier.verify(o, catalog: catalog, painter: painter).failures.allSatisfy { $0.kind != .selfCheck })
    }

    /// Over the whole matrix every render check finds an element it reads (what verify's
    /// self-check asserts on every whole run).
    @Test func everyCheckAppliesSomewhereInTheMatrix() throws {
        var applied = Set<String>()
        for f in try FixtureCatalog.load() {
            let s = f.makeScene(fonts)
            for c in CheckRegistry.renderChecks where c.applies(s) { applied.insert(c.name) }
            if applied.count == CheckRegistry.renderChecks.count { break }
        }
        expectTrue(applied == Set(CheckRegistry.renderChecks.map(\.name)))
    }

    /// One list: names unique, every check kind is a check finding and the reverse, and known
    /// findings may list exactly those kinds.
    @Test func theRegistryIsTheOneList() {
        let names = CheckRegistry.checks.map(\.name)
        expectTrue(Set(names).count == names.count)
        expectTrue(CheckRegistry.findingKinds == Set(FailureKind.allCases.filter(\.isCheckFinding)))
        expectTrue(KnownFinding.allowedKinds == CheckRegistry.findingKinds)
        for c in CheckRegistry.checks { if let r = c.render { expectTrue(r.kind == c.kind && r.name == c.name) } }
        // The kind table names each check's registration, and the registry lists exactly those.
        expectTrue(FailureKind.allCases.compactMap(\.check?.name).sorted() == names.sorted())
        for c in CheckRegistry.checks { expectTrue(c.kind.check?.name == c.name) }
    }

    /// No check, pass or report builder decides by a node's display name (issue #20: names are for
    /// JSON and reports only).
    @Test func noCheckReadsADisplayName() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let folders = [
            "Sources/WidgetRaster/Gate", "Sources/WidgetRaster/Contrast", "Sources/WidgetScene/Scene",
            "Sources/WidgetRaster/Review",
        ]
        let forbidden = [
            ".name == \"", ".name.hasPrefix(", ".name.hasSuffix(", ".name.contains(", "\"cta-pill\"", "\"cta-label\"",
            "\"pip-",
            "\"streak-glyph\"", "\"habit-row-", "\"card\"", "\"line3\"",
        ]
        var offences: [String] = []
        for folder in folders {
            let dir = root.appendingPathComponent(folder)
            for file in try FileManager.default.subpathsOfDirectory(atPath: dir.path) where file.hasSuffix(".swift") {
                // SceneElement.swift is where display names are made.
                if file.hasSuffix("SceneElement.swift") { continue }
                let text = try String(contentsOf: dir.appendingPathComponent(file), encoding: .utf8)
                for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
                where !line.trimmingCharacters(in: .whitespaces).hasPrefix("//") {
                    for f in forbidden where line.contains(f) { offences.append("\(folder)/\(file):\(n + 1): \(f)") }
                }
            }
        }
        expectTrue(offences.isEmpty, "\(offences)")
    }
}
