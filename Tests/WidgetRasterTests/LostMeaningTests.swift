import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// The required-content table and the `lost-meaning` check (issue #21 items 1, 2): each rule on a
/// real render with the element the rule is about taken away, cue or sentence doctored; and known
/// findings matched by the conditions their passage names, at any size (item 6).
@Suite struct LostMeaningTests {
    let fonts = FontLibrary.shared

    func fixture(_ key: String) throws -> (Scene, RenderFacts) {
        let f = try #require(try FixtureCatalog.fixture(key: key), "no fixture \(key)")
        let drawn = f.draw(fonts)
        return (drawn.scene, try #require(drawn.facts))
    }

    func without(_ scene: Scene, _ drop: (ElementKind) -> Bool) -> Scene {
        var s = scene
        s.nodes.removeAll { drop($0.element.kind) }
        return s
    }

    func reasons(_ scene: Scene, _ facts: RenderFacts) -> [(LostMeaningCheck.Reason, ElementKind)] {
        LostMeaningCheck.findings(scene, facts).map { ($0.reason, $0.element) }
    }

    /// The facts of a golden are its identity's: state, counts, the family actually drawn.
    @Test func factsComeFromTheIdentity() throws {
        let (_, stale) = try fixture("android/small/stale/stones/kindling/light")
        expectTrue(
            stale.state == .stale && stale.resolved.dueCount == 4 && stale.family == .android(.small)
                && stale.fontScale == 1)
        let (_, band) = try fixture("android/bands/width/w110-fs2.0/1-digit")
        expectTrue(band.fontScale == 2 && band.size.width == 110 && band.state == .defaultProgress)
        let (_, type) = try fixture("ios/bands/type/systemSmall/AX3/first-run")
        expectTrue(type.textSize == .accessibility3 && type.state == .firstRun)
    }

    /// A stale render that does not say it is stale loses its meaning (seed 000 Stale-data threshold).
    @Test func staleWithoutItsAgeIsAbsent() throws {
        let (scene, facts) = try fixture("android/small/stale/stones/kindling/light")
        expectTrue(!reasons(scene, facts).contains { $0.1 == .staleFooter })
        let found = reasons(without(scene) { $0 == .staleFooter }, facts)
        expectTrue(found.contains { $0.0 == .absent && $0.1 == .staleFooter }, "\(found)")
    }

    /// Every state's own line is required: a blank first-run card is a finding.
    @Test(arguments: ["android/medium/first-run/no-motif/legacy/light", "ios/systemMedium/empty/stones/kindling/light"])
    func theStatesOwnLineIsRequired(key: String) throws {
        let (scene, facts) = try fixture(key)
        let blank = without(scene) { $0 == .statusTitle }
        expectTrue(
            LostMeaningCheck.findings(blank, facts).contains {
                $0.reason == .absent && $0.element == .statusTitle && $0.detail.contains("seed 000")
            })
    }

    /// A listing family that guarantees a row keeps the next-due row, and says "+N more" whenever a habit has no row.
    @Test func nextDueRowAndOverflow() throws {
        let (scene, facts) = try fixture("ios/systemMedium/default-none-notyet/stones/kindling/light")
        let noRows = without(scene) {
            $0 == .habitTitle || $0 == .habitCheck || $0 == .habitRowBackground || $0 == .overflowLine
        }
        let found = reasons(noRows, facts)
        expectTrue(found.contains { $0.0 == .absent && $0.1 == .habitTitle }, "\(found)")
        expectTrue(found.contains { $0.0 == .absent && $0.1 == .overflowLine }, "\(found)")
    }

    /// Android Medium's rows may shed whole (seed 000: "Nothing else is guaranteed to render"), last,
    /// and what is left still counts the habits; a row drawn is the next-due one.
    @Test func androidMediumCountsWhatItSheds() throws {
        let (scene, facts) = try fixture("android/medium/default-none-notyet/stones/kindling/light")
        let rowParts: (ElementKind) -> Bool = { $0 == .habitTitle || $0 == .habitCheck || $0 == .habitRowBackground }
        // Rows gone while Longest N and DAY STREAK stay: rows shed before what the seed sheds first.
        let noRows = reasons(without(scene) { rowParts($0) || $0 == .overflowLine }, facts)
        expectTrue(noRows.contains { $0.0 == .shedOrder && $0.1 == .habitTitle }, "\(noRows)")
        expectTrue(
            !noRows.contains { $0.0 == .absent && $0.1 == .habitTitle },
            "no row at all is a shed, not a lost next-due row: \(noRows)")
        if scene.nodes.contains(where: { $0.element.kind == .progress }) {
            expectTrue(!noRows.contains { $0.0 == .absent }, "\"N of M done\" still counts the habits: \(noRows)")
        }
        let uncounted = reasons(without(scene) { rowParts($0) || $0 == .overflowLine || $0 == .progress }, facts)
        expectTrue(uncounted.contains { $0.0 == .absent && $0.1 == .overflowLine }, "\(uncounted)")
        // Rows drawn, but the next-due habit's is not among them.
        var wrong = scene
        wrong.nodes.removeAll { node in
            if case .habitRow(let row, _) = node.element { return row.isNextDue }
            return false
        }
        if wrong.nodes.contains(where: { if case .habitRow = $0.element { return true } else { return false } }) {
            let found = reasons(wrong, facts)
            expectTrue(found.contains { $0.0 == .absent && $0.1 == .habitTitle }, "\(found)")
        }
    }

    /// Longest N sheds before DAY STREAK (seed 000 Shedding order); the days label before the flame.
    @Test func shedOrder() throws {
        let (scene, facts) = try fixture("android/medium/empty/stones/kindling/light")
        guard Set(scene.nodes.map(\.element.kind)).isSuperset(of: [.longestLabel, .dayStreakLabel]) else { return }
        expectTrue(
            reasons(without(scene) { $0 == .dayStreakLabel }, facts).contains {
                $0.0 == .shedOrder && $0.1 == .dayStreakLabel
            })
        expectTrue(!reasons(without(scene) { $0 == .longestLabel }, facts).contains { $0.0 == .shedOrder })
        let (small, sf) = try fixture("android/small/empty/stones/kindling/light")
        let noFlame = without(small) { $0 == .streakGlyph }
        if small.nodes.contains(where: { $0.element.kind == .daysLabel }) {
            expectTrue(reasons(noFlame, sf).contains { $0.0 == .shedOrder && $0.1 == .streakGlyph })
        }
    }

    /// Pips must agree with "N of M done" — the iOS legacy report: 5 solid pips beside 6 of 12.
    @Test func pipsThatContradictTheCount() throws {
        let (scene, facts) = try fixture("ios/systemSmall/default-some-notyet/stones/legacy/dark")
        expectTrue(RenderReport.pips(scene).map(\.filled) == [true, true, false, false])
        expectTrue(!reasons(scene, facts).contains { $0.0 == .contradiction })
        var doctored = scene
        for i in doctored.nodes.indices {
            if case .pip(let p, _) = doctored.nodes[i].element {
                doctored.nodes[i].element = .pip(index: p, filled: true)
            }
        }
        expectTrue(reasons(doctored, facts).contains { $0.0 == .contradiction && $0.1 == .pip })
        // A capped row agrees only on none / all: all solid beside 6 of 12 contradicts, half does not.
        var twelve = facts
        twelve.resolved.habits = (0..<12).map { WidgetHabit(id: "h\($0)", title: "H\($0)", checkedInToday: $0 < 6) }
        twelve.resolved.doneCount = 6
        twelve.resolved.dueCount = 12
        expectTrue(
            LostMeaningCheck.contradictions(LostMeaningCheck.Drawn(doctored), twelve).contains { $0.kind == .pip })
        expectTrue(LostMeaningCheck.contradictions(LostMeaningCheck.Drawn(scene), twelve).isEmpty)
    }

    /// One sentence drawn twice in one render is `repeated`; habit titles may repeat.
    @Test func oneSentenceDrawnTwice() throws {
        let (scene, facts) = try fixture("ios/systemSmall/default-some-notyet/stones/kindling/light")
        expectTrue(!reasons(scene, facts).contains { $0.0 == .repeated })
        var doctored = scene
        let caption = try #require(scene.nodes.first { $0.element.kind == .caption })
        let button = try #require(doctored.nodes.firstIndex { $0.element.kind == .checkOffLabel })
        doctored.nodes[button].content = caption.content
        let found = LostMeaningCheck.findings(doctored, facts).filter { $0.reason == .repeated }
        expectTrue(
            found.count == 1 && found[0].element == .checkOffLabel && found[0].detail.hasPrefix("repeated: "),
            "\(found)")
    }

    /// Two sentences are one when they differ by case, surrounding space or a closing full stop:
    /// the scalar trim equals Foundation's `.whitespacesAndNewlines` trim on every space there is
    /// (every scalar of the set, and its nearest neighbours outside it) around hostile texts.
    @Test func sentencesNormalizeAsFoundationTrims() {
        let spaces = (0...0x3000).compactMap(Unicode.Scalar.init).filter(CharacterSet.whitespacesAndNewlines.contains)
        expectTrue(spaces.count > 20 && spaces.contains("\u{200B}") && spaces.contains("\t"))
        let near = ["\u{200C}", "\u{180E}", "\u{FEFF}", "\u{0301}", "x"].compactMap(\.unicodeScalars.first)
        for s in spaces + near {
            for body in ["All done today.", "ALL DONE TODAY..", "\u{0301}é. ", "", "..", "日本語。"] {
                let text = "\(s)\(s)\(body)\(s)"
                var expected = text.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
                while expected.hasSuffix(".") { expected.removeLast() }
                expectTrue(LostMeaningCheck.normalized(text) == expected, "U+\(String(s.value, radix: 16)) \(body)")
            }
        }
    }
    /// Findings are `lost-meaning` GateFailures with the element named; a bare scene (no facts) has none.
    @Test func theGateCheck() throws {
        let (scene, facts) = try fixture("android/small/stale/stones/kindling/light")
        let painter = CairoPainter(fonts: fonts)
        let image = painter.render(scene)
        let stripped = without(scene) { $0 == .staleFooter }
        let failures = LostMeaningCheck.gateCheck.run("k", stripped, image, painter, facts: facts)
        expectTrue(
            failures.contains { $0.kind == .lostMeaning && $0.element == .staleFooter && $0.node == "staleFooter" })
        expectTrue(LostMeaningCheck.gateCheck.run("k", stripped, image, painter).isEmpty)
        expectTrue(LostMeaningCheck.gateCheck.applies(scene))
    }

    /// Advisory first: registered, run everywhere, not failing until the lead flips `enforced`.
    @Test func registeredAdvisory() {
        let entry = CheckRegistry.checks.first { $0.kind == .lostMeaning }
        expectTrue(entry?.render != nil && entry?.stages == [.render])
        expectTrue(CheckRegistry.advisoryKinds == (entry?.enforced == false ? [.lostMeaning] : []))
        expectTrue(Remedy.default(for: .lostMeaning) == .fixLostMeaning && !Remedy.fixLostMeaning.recordsAGolden)
        expectTrue(
            !AcceptHint.text(GateFailure(key: "a/b", kind: .lostMeaning, detail: "")).contains("evidence record"))
    }

    /// A verify run lists the check's findings under `advisory` and passes the fixture.
    @Test func verifyReportsAdvisoryWithoutFailing() throws {
        let (scene, facts) = try fixture("android/small/stale/stones/kindling/light")
        let stripped = without(scene) { $0 == .staleFooter }
        let id = try #require(try FixtureCatalog.fixture(key: "android/small/stale/stones/kindling/light")?.id)
        let catalog = [Fixture(id: id, draw: { _ in DrawnScene(scene: stripped, facts: facts) })]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-lostmeaning-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let painter = CairoPainter(fonts: fonts)
        var o = GateOptions(goldens: dir, jobs: 1)
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        o.checks = [LostMeaningCheck.gateCheck]
        let v = try Verifier.verify(o, catalog: catalog, painter: painter)
        guard CheckRegistry.advisoryKinds.contains(.lostMeaning) else {
            expectTrue(v.failures.contains { $0.kind == .lostMeaning })
            return
        }
        expectTrue(v.failures.isEmpty && v.passed == [id.key], "\(v.failures)")
        expectTrue(v.advisory?.contains { $0.kind == .lostMeaning && $0.element == .staleFooter } == true)
        let json = try JSONEncoder().encode(v)
        expectTrue(try JSONDecoder().decode(VerifyResult.self, from: json).advisory?.count == v.advisory?.count)
    }

    /// A golden's facts come from its builder, beside its scene (issue #31 item 5): every catalog
    /// fixture has them, they name the family its plan drew — seed 000 "Three-breakpoint model":
    /// Large needs kindling, so the legacy Large cell is drawn, and judged, as Medium.
    @Test func goldenFactsNameTheFamilyThePlanDrew() throws {
        var mismatches: [String] = []
        var legacyLarge = 0
        for f in try FixtureCatalog.load() {
            guard let id = f.id else { continue }
            guard let facts = f.draw(fonts).facts else {
                mismatches.append("\(f.key): no facts")
                continue
            }
            var drawn = id.family
            if id.family == .android(.large), !facts.resolved.kindling {
                drawn = .android(.medium)
                legacyLarge += 1
            }
            if facts.family != drawn {
                mismatches.append("\(f.key): facts \(facts.family.name), expected \(drawn.name)")
            }
        }
        expectTrue(legacyLarge > 0, "the matrix has legacy Large cells")
        expectTrue(mismatches.isEmpty, "\(mismatches.prefix(10))")
    }

    // MARK: Known findings by condition (item 6)

    /// Every entry names conditions; every `known` entry matches at least one render of the matrix
    /// inside them (a spec gap is matched by the seed meaning sweep's renders: `SeedMeaningSweepTests`).
    @Test func everyKnownEntryMatchesARender() throws {
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        let painter = CairoPainter(fonts: fonts)
        let catalog = try FixtureCatalog.load()
        for e in known.entries {
            guard e.findingClass == .known else {
                expectTrue(e.conditions != KnownConditions())
                continue
            }
            expectTrue(e.conditions != KnownConditions(), "\(e.fixture) \(e.kind) names no condition")
            if e.kind == .colourAlone {
                let found = ColourAloneCheck.run(
                    catalog.filter { $0.id?.family.isAccessory == true }, painter: painter, jobs: 2
                ).findings
                expectTrue(
                    found.contains { e.matches($0.failure, facts: $0.facts) },
                    "colour-alone entry \(e.fixture) matched nothing")
                continue
            }
            var matched = false
            for f in catalog where Glob.matches(e.fixture, f.key) {
                let drawn = f.draw(fonts)
                let scene = drawn.scene
                guard let facts = drawn.facts, e.conditions.matches(facts) else { continue }
                let image = painter.render(scene)
                let failures = CheckRegistry.renderChecks.flatMap { $0.run(f.key, scene, image, painter, facts: facts) }
                if failures.contains(where: { e.matches($0, facts: facts) }) {
                    matched = true
                    break
                }
            }
            expectTrue(matched, "entry \(e.kind) \(e.node) \(e.conditions) matched no render")
        }
    }

    /// `render` at an ad-hoc size inside an entry's conditions marks the finding known — the seed's
    /// 110 dp × fontScale 2.0 caption ellipsis (NEW_DAY's one-line fallback caption) at a height no
    /// golden has.
    @Test func anAdHocRenderInsideTheConditionsIsKnown() throws {
        let a = try ArgumentParser.parse(
            [
                "--family", "small", "--width", "110", "--height", "147", "--font-scale", "2.0",
                "--state", "newDay", "-o", "x.png",
            ],
            valued: AdHocRenderOptions.valued, switches: AdHocRenderOptions.switches)
        let drawn = try WidgetPipeline.render(try AdHocRenderOptions.parse(a), fonts: fonts)
        expectTrue(drawn.facts.fontScale == 2 && drawn.facts.size.width == 110)
        let painter = CairoPainter(fonts: fonts)
        let report = RenderReport(
            drawn, image: painter.render(drawn.scene), painter: painter,
            known: try KnownFindings.load(from: PackagePaths.knownFindings), key: "render/android/small")
        let caption = report.findings.filter { $0.kind == .truncated && $0.element == .caption }
        expectTrue(
            !caption.isEmpty && caption.allSatisfy { $0.known && $0.seed?.contains("110dp") == true },
            "\(report.findings.map(\.detail))")
        // Outside the conditions (a wider card) the same entry does not apply.
        var wider = drawn.facts
        wider.size.width = 150
        expectTrue(
            try KnownFindings.load(from: PackagePaths.knownFindings).entries.allSatisfy {
                $0.kind != .truncated || $0.findingClass != .known || !$0.conditions.matches(wider)
            })
    }

    /// A snapshot file with habits due and no coachLine, in a fresh temporary folder.
    func coachLineAbsentSnapshot() throws -> String {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("coach-absent-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("snap.json")
        try Data(
            (#"{"syncedAt":"2026-09-17T07:55:00+02:00","streak":12,"longestStreak":21,"habits":[{"id":"h1","#
                + #""title":"Meditate","checkedInToday":true},{"id":"h2","title":"Read 20 "#
                + #"pages","checkedInToday":false}],"extendedToday":false,"streakMetaphor":"stones","#
                + #""kindlingEnabled":true}"#)
                .utf8
        ).write(to: file)
        return file.path
    }

    /// Every per-render entry (colour-alone is judged across fixtures, not per render) marks an
    /// ad-hoc render inside its conditions known — at a size no golden has.
    @Test func everyRenderEntryMarksAnAdHocRenderKnown() throws {
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        let adHoc: [ElementKind: [String]] = [
            .caption: [
                "--family", "small", "--width", "110", "--height", "147", "--font-scale", "2.0", "--state", "newDay",
            ],
            .staleFooter: [
                "--family", "small", "--width", "143", "--height", "171", "--font-scale", "1.7", "--state", "stale",
            ],
            .newDayLine: [
                "--family", "small", "--width", "110", "--height", "151", "--font-scale", "2.0", "--state", "newDay",
            ],
            // A snapshot without coachLine (after a widget check-off, OBJ-2436), on a device class no case has.
            .coachLine: [
                "--platform", "ios", "--family", "systemLarge", "--device-class", "375x667", "--snapshot",
                try coachLineAbsentSnapshot(),
                "--as-of", "2026-09-17T08:30:00+02:00", "--time-zone", "Europe/Berlin",
            ],
        ]
        let painter = CairoPainter(fonts: fonts)
        // (Spec gaps beyond the coach-line one are matched by the seed meaning sweep's renders.)
        for e in known.entries where e.kind != .colourAlone && (e.findingClass == .known || e.element == .coachLine) {
            let element = try #require(e.element, "\(e.kind) entry names no element")
            let args = try #require(adHoc[element], "no ad-hoc render for the \(element) entry: add one here")
            let a = try ArgumentParser.parse(
                args + ["-o", "x.png"], valued: AdHocRenderOptions.valued, switches: AdHocRenderOptions.switches)
            let drawn = try WidgetPipeline.render(try AdHocRenderOptions.parse(a), fonts: fonts)
            expectTrue(e.conditions.matches(drawn.facts), "\(args) is outside the \(element) entry's conditions")
            let report = RenderReport(
                drawn, image: painter.render(drawn.scene), painter: painter, known: known, key: "render/ad-hoc")
            let hits = report.findings.filter { $0.kind == e.kind && $0.element == element }
            expectTrue(
                !hits.isEmpty && hits.allSatisfy(\.known),
                "\(args): \(report.findings.map { "\($0.kind) \($0.known) \($0.detail)" })")
        }
    }
}
