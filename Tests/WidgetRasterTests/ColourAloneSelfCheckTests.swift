import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// The colour-alone check's self-check and its advisory split (review items 5 and 11), and the
/// contrast command's judged-nothing and known-findings paths (item 12).
@Suite struct ColourAloneSelfCheckTests {
    var painter: CairoPainter { CairoPainter(fonts: FontLibrary.shared) }

    /// The iOS Small and accessory fixtures: one-tint renders of every meaning the check reads —
    /// pips (markers), the streak glyph, the caption and the all-done copy — with their full-colour sources.
    static func slice() throws -> [Fixture] {
        try FixtureCatalog.load().filter { $0.key.hasPrefix("ios/systemSmall/") || $0.key.hasPrefix("ios/accessory") }
    }

    /// The same fixtures with every node of `kinds` retagged as `to` (a builder that renamed the element).
    static func retagged(_ fixtures: [Fixture], _ kinds: Set<ElementKind>, as to: SceneElement) -> [Fixture] {
        fixtures.map { f in
            let draw = f.draw
            return Fixture(
                id: f.id!,
                draw: { fonts in
                    var d = draw(fonts)
                    d.scene.nodes = d.scene.nodes.map { n in
                        var m = n
                        if kinds.contains(n.element.kind) { m.element = to }
                        return m
                    }
                    return d
                })
        }
    }

    /// A whole run (no filter, no shard) over `catalog` with only the colour-alone check: its self-check lines.
    func colourAloneSelfChecks(_ catalog: [Fixture]) throws -> [GateFailure] {
        var o = GateOptions(jobs: 2)
        o.colourAlone = true
        o.knownFindings = try KnownFindings.load(from: PackagePaths.knownFindings)
        return try Verifier.verify(o, catalog: catalog, painter: painter).failures.filter { $0.kind == .selfCheck }
    }

    /// Item 5: the real fixtures compare every meaning, so no self-check line; a builder that
    /// retags the streak glyph leaves its pairs with nothing to compare — which used to count as
    /// judged (markers kept the total above zero) and now fails the run, naming the meaning.
    @Test func aRetaggedMeaningFailsTheSelfCheck() throws {
        let slice = try Self.slice()
        expectTrue(try colourAloneSelfChecks(slice).isEmpty)

        let noGlyph = try colourAloneSelfChecks(Self.retagged(slice, [.streakGlyph], as: .stateGlyph))
        expectTrue(noGlyph.count == 1)
        expectTrue(noGlyph.first?.key == "(self-check)")
        expectTrue(
            noGlyph.first?.detail.hasPrefix(
                "the colour-alone check compared no streak-glyph (streak-glyph nodes of one-tint renders, extended vs "
                    + "notyet)"
            ) == true)

        let noCaption = try colourAloneSelfChecks(Self.retagged(slice, [.caption, .captionGlyph], as: .coachLine))
        expectTrue(
            noCaption.count == 1
                && noCaption.first?.detail.contains("compared no caption (caption, caption-glyph nodes") == true)

        let noMarkers = try colourAloneSelfChecks(Self.retagged(slice, [.pip, .habitCheck], as: .progress))
        expectTrue(noMarkers.count == 1 && noMarkers.first?.detail.contains("compared no habit markers") == true)
    }

    /// Item 5 on the whole catalog: every meaning and the markers are really compared.
    @Test func theCatalogComparesEveryMeaning() throws {
        let run = ColourAloneCheck.run(try FixtureCatalog.load(), painter: painter, jobs: 2)
        expectTrue(run.tally.markers > 0)
        for m in ColourAloneCheck.meanings { expectTrue(run.tally.meanings[m.name, default: 0] > 0, "\(m.name)") }
        expectTrue(ColourAloneCheck.selfCheckFailures(run.tally, fixtures: 1).isEmpty)
        // Nothing compared: one line per meaning and one for the markers.
        expectTrue(
            ColourAloneCheck.selfCheckFailures(ColourAloneCheck.Tally(), fixtures: 7).count == ColourAloneCheck.meanings
                .count + 1)
    }

    /// Item 11: with colour-alone advisory, its finding is listed in `advisory` and fails nothing.
    @Test func advisoryColourAloneFailsNothing() throws {
        var o = GateOptions(filter: "ios/accessory*/*waves*", jobs: 2)
        o.colourAlone = true
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        o.knownFindings = KnownFindings(entries: known.entries.filter { $0.kind != .colourAlone })
        o.advisoryKinds = [.colourAlone]
        let result = try Verifier.verify(o, catalog: try FixtureCatalog.load(), painter: painter)
        expectTrue(result.failures.isEmpty)
        expectTrue(result.advisory?.contains { $0.kind == .colourAlone && $0.key.contains("-notyet/waves/") } == true)
        expectTrue(result.passed.contains { $0.contains("-notyet/waves/") })
    }

    /// Item 6, second half: a colour-alone finding carries its pending render's facts, so an entry's
    /// conditions decide; without facts an entry with conditions matches nothing (fail closed).
    @Test func colourAloneKnownFindingsAreMatchedByTheirConditions() throws {
        let findings = ColourAloneCheck.run(
            try FixtureCatalog.filtered("ios/accessory*/*waves*"), painter: painter, jobs: 2
        ).findings
        expectTrue(
            findings.count == 7
                && findings.allSatisfy { $0.facts?.platform == .ios && $0.facts?.resolved.motif == .waves })
        func entry(_ c: KnownConditions) -> KnownFindings {
            KnownFindings(entries: [
                KnownFinding(conditions: c, kind: .colourAlone, node: "streak-glyph", seed: "001 §4 test")
            ])
        }
        // fixture "*" with conditions outside these renders: nothing known.
        let android = ColourAloneCheck.partition(findings, with: entry(KnownConditions(platform: .android)))
        expectTrue(android.known.isEmpty && android.failures.count == 7)
        let flame = ColourAloneCheck.partition(findings, with: entry(KnownConditions(platform: .ios, motif: [.flame])))
        expectTrue(flame.known.isEmpty)
        // Inside them: all known.
        let waves = ColourAloneCheck.partition(
            findings, with: entry(KnownConditions(platform: .ios, reactive: ["notYet"], motif: [.waves])))
        expectTrue(waves.failures.isEmpty && waves.known.count == 7)
        // No facts: conditions nobody can check match nothing; an entry without conditions still matches.
        let f = findings[0].failure
        expectTrue(
            !KnownFinding(
                conditions: KnownConditions(platform: .ios), kind: .colourAlone, node: "streak-glyph", seed: "s"
            ).matches(f))
        expectTrue(KnownFinding(fixture: "ios/*", kind: .colourAlone, node: "streak-glyph", seed: "s").matches(f))
    }

    // MARK: - evidence contrast (item 12)

    /// A fixture with no identity whose new-day line sits on the ember's centre: below its floor.
    static let lowContrast = Fixture(key: "t/low-contrast") { _ in
        let c = ContrastRenderedTests.glyphCentre
        return ContrastRenderedTests.scene([
            ContrastRenderedTests.textNode(
                token: "widget_stone_muted",
                at: Rect(x: c.x - 2, y: c.y + 2, width: 60, height: 15))
        ])
    }
    /// Only decoration: nothing the audit measures, nothing colour-alone compares.
    static let blank = Fixture(key: "t/blank") { _ in ContrastRenderedTests.scene([]) }

    @Test func renderedPartitionsKnownFindings() throws {
        let bare = ContrastCommand.auditRendered(
            [Self.lowContrast], painter: painter, known: KnownFindings(), wholeRun: false, jobs: 1)
        expectTrue(bare.failures.count == 1 && bare.known.isEmpty && bare.exitCode == 1)
        let entry = KnownFinding(
            fixture: "t/*", kind: .contrast, node: ElementKind.newDayLine.rawValue, seed: "000 test passage")
        let run = ContrastCommand.auditRendered(
            [Self.lowContrast], painter: painter, known: KnownFindings(entries: [entry]), wholeRun: false, jobs: 1)
        expectTrue(run.failures.isEmpty && run.exitCode == 0)
        expectTrue(run.known.count == 1 && run.known.first?.entry == entry)
        expectTrue(run.rows.contains { !$0.finding.passes && $0.known == "000 test passage" })
        expectTrue(
            KnownFindingLines.lines(run.known, entries: run.entries) == [
                "KNOWN contrast t/* new-day-line: 1 fixture [seed 000 test passage]"
            ])
    }

    @Test func renderedWholeRunThatMeasuresNothingFails() {
        let whole = ContrastCommand.auditRendered(
            [Self.blank], painter: painter, known: KnownFindings(), wholeRun: true, jobs: 1)
        expectTrue(whole.rows.isEmpty && whole.exitCode == 1)
        expectTrue(
            whole.selfCheck.count == 1
                && whole.selfCheck.first?.detail.hasPrefix("the contrast check found nothing it reads") == true)
        // A filtered run may select nothing the audit reads.
        expectTrue(
            ContrastCommand.auditRendered(
                [Self.blank], painter: painter, known: KnownFindings(), wholeRun: false, jobs: 1
            ).exitCode == 0)
    }

    @Test func colourAloneWholeRunThatComparesNothingFails() {
        let whole = ContrastCommand.judgeColourAlone(
            [Self.blank], painter: painter, known: KnownFindings(), wholeRun: true, jobs: 1)
        expectTrue(whole.exitCode == 1 && whole.report.failures.isEmpty)
        expectTrue(whole.report.selfCheck?.count == ColourAloneCheck.meanings.count + 1)
        let filtered = ContrastCommand.judgeColourAlone(
            [Self.blank], painter: painter, known: KnownFindings(), wholeRun: false, jobs: 1)
        expectTrue(filtered.exitCode == 0 && filtered.report.selfCheck == nil)
    }
}
