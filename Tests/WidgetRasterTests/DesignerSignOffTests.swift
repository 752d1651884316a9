import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// Issue #14: renders a designer would sign off — no cut sentences (the truncation check and the
/// known-findings file), the shed order below the floor, pips that agree with the count, the Small
/// success check and next-due habit, one baseline per header row.
@Suite struct DesignerSignOffTests {
    let fonts = FontLibrary.shared
    let tokens = try! TokenSet.bundled()
    var builder: AndroidSceneBuilder { AndroidSceneBuilder(fonts: fonts, tokens: tokens) }

    func scene(
        done: Int, total: Int, family: AndroidFamilyRequest = .small, width: Double = 170, height: Double = 180,
        fontScale: Double = 1.0, ago: Double = 1, extended: Bool? = false, kindling: Bool = true
    ) -> Scene {
        let s = MatrixCases.snapshot(
            done: done, total: total, syncedHoursAgo: ago, motif: .stones, extended: extended, kindling: kindling)
        return builder.scene(
            AndroidRenderRequest(
                family: family, widthDp: width, heightDp: height, fontScale: fontScale,
                snapshot: s, asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone))
    }

    func text(_ s: Scene, _ name: String) -> (SceneNode, TextContent)? {
        for n in s.nodes where n.name == name { if case .text(let t) = n.content { return (n, t) } }
        return nil
    }

    // MARK: The truncation policy and check

    /// Every text node the matrix draws has an explicit rule on its element (none falls to the
    /// fail-closed default), and the rulings are the seed's.
    @Test func everyDrawnTextHasAPolicy() throws {
        var kinds = Set<ElementKind>()
        for f in try FixtureCatalog.load() {
            for n in f.makeScene(fonts).nodes { if case .text = n.content { kinds.insert(n.element.kind) } }
        }
        for kind in kinds {
            expectTrue(kind.truncation != nil, "no truncation rule for \(kind.rawValue)")
        }
        expectTrue(ElementKind.habitTitle.truncation?.policy == .mayEllipsize)
        expectTrue(ElementKind.coachLine.truncation?.policy == .mayEllipsize)
        for k: ElementKind in [
            .staleFooter, .caption, .statusTitle, .statusSubtitle, .progress, .overflowLine, .checkOffLabel,
            .newDayLine, .motivator,
        ] {
            expectTrue(k.truncation?.policy == .mustNotTruncate, "\(k.rawValue)")
        }
        expectTrue(TruncationRule.unlisted.policy == .mustNotTruncate)
    }

    /// A must-not-truncate text moved to a width where it cannot fit fails the gate as `truncated`,
    /// naming fixture, node and the text drawn; a habit title cut the same way does not.
    @Test func mustNotTruncateTextAtAnImpossibleWidthFailsVerify() throws {
        // NEW_DAY's fallback caption at the 110 dp floor × double-size font: one line, cut to "Ad…"
        // (the seed's own known limitation, OBJ-1382; this gate has no known findings until told).
        let newDay = Scenario.cell(.newDay, branch: nil, motif: .stones, kindling: true)
        let narrow = builder.scene(
            AndroidRenderRequest(
                family: .small, widthDp: 110, heightDp: 150, fontScale: 2.0,
                snapshot: newDay.snapshot, asOf: newDay.asOf, timeZone: MatrixCases.timeZone))
        let key = "test/narrow-caption"
        let catalog = [Fixture(key: key) { _ in narrow }]
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-trunc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let painter = CairoPainter(fonts: fonts)
        var o = GateOptions(goldens: dir, jobs: 1)
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        o.checks = [TruncationCheck.gateCheck]
        let v = try Verifier.verify(o, catalog: catalog, painter: painter)
        let f = try #require(v.failures.first)
        expectTrue(f.kind == .truncated && f.key == key && f.node == "caption")
        expectTrue(f.detail.contains("caption drew \"Ad"), "\(f.detail)")
        expectTrue(v.summaryLine == "0 passed, 1 failed")
        // The same failure listed in a known-findings entry is reported as known and passes.
        o.knownFindings = KnownFindings(entries: [
            KnownFinding(fixture: "test/*", kind: .truncated, node: "caption", seed: "000 …")
        ])
        let k = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(k.failures.isEmpty && k.known.count == 1 && k.known[0].seed == "000 …")
        expectTrue(o.knownFindings.unmatched(by: k.known).isEmpty)
        expectTrue(o.knownFindings.unmatched(by: []).count == 1)
    }

    @Test func habitTitlesMayEllipsize() {
        var s = scene(done: 0, total: 4, family: .medium, width: 300)
        for i in s.nodes.indices where s.nodes[i].name.hasSuffix(".title") {
            if case .text(var t) = s.nodes[i].content {
                t.lines = ["Morning r…"]
                t.ellipsized = true
                s.nodes[i].content = .text(t)
            }
        }
        expectTrue(TruncationCheck.violations(in: s).isEmpty)
    }

    // MARK: Known findings file

    @Test func knownFindingsFileLoadsAndEveryEntryHasASeed() throws {
        let k = try KnownFindings.load(from: PackagePaths.knownFindings)
        expectTrue(!k.entries.isEmpty)
        for e in k.entries {
            expectTrue(!e.seed.trimmingCharacters(in: .whitespaces).isEmpty && e.seed.contains("000"))
        }
    }

    @Test(arguments: [
        (#"{"findings":[{"fixture":"a/*","kind":"truncated","node":"caption"}]}"#, "no seed reference"),
        (#"{"findings":[{"fixture":"a/*","kind":"truncated","node":"caption","seed":"  "}]}"#, "is empty"),
        (
            #"{"findings":[{"fixture":"a/*","kind":"pixels","node":"caption","seed":"000"}]}"#,
            "not a check's finding kind"
        ),
        (
            #"{"findings":[{"fixture":"a/*","kind":"truncated","node":"caption","seed":"000","why":"x"}]}"#,
            "unknown field"
        ),
        (
            #"{"findings":[{"fixture":"a/*","kind":"truncated","node":"cta-pil","seed":"000"}]}"#,
            "'cta-pil' names no scene element"
        ),
        (#"{"findings":[{"kind":"truncated","node":"caption","seed":"000"}]}"#, "no \"conditions\""),
        (
            #"{"findings":[{"conditions":{"size":[1,2]},"kind":"truncated","node":"caption","seed":"000"}]}"#,
            "unknown condition \"size\""
        ),
        (
            #"{"findings":[{"conditions":{"width":[200,110]},"kind":"truncated","node":"caption","seed":"000"}]}"#,
            "above max"
        ),
        (
            #"{"findings":[{"conditions":{"width":[110]},"kind":"truncated","node":"caption","seed":"000"}]}"#,
            "expected [min, max]"
        ),
        (
            #"{"findings":[{"conditions":{"family":["tiny"]},"kind":"truncated","node":"caption","seed":"000"}]}"#,
            "'tiny' is no family"
        ),
        (
            #"{"findings":[{"conditions":{"state":"done"},"kind":"truncated","node":"caption","seed":"000"}]}"#,
            "'done' is not one of"
        ),
        (
            #"{"findings":[{"conditions":{"coachLine":"missing"},"kind":"truncated","node":"caption","seed":"000"}]}"#,
            "'missing' is not one of absent, present"
        ),
        (#"{"findings":[{"conditions":[],"kind":"truncated","node":"caption","seed":"000"}]}"#, "expected an object"),
        (#"{"findings":[{"conditions":{},"kind":"truncated","node":"caption","seed":"000"}]}"#, "names no condition"),
        (#"{"entries":[]}"#, "\"findings\" array"),
        (#"{"findings":[{"fixture":"a/*","kind":"truncated","node":"caption","seed":"000"}"#, "malformed JSON"),
    ])
    func badKnownFindingsAreRejected(json: String, problem: String) {
        #expect {
            _ = try KnownFindings.parse(Array(json.utf8), name: "known-findings.json")
        } throws: { e in
            guard let e = e as? InputError else { return false }
            return e.location.hasPrefix("known-findings.json") && e.problem.contains(problem)
        }
    }

    /// A saved result keeps each finding's element, so its known matches find their entries again
    /// (the console's KNOWN lines and "matched nothing" notes for `report --from`).
    @Test func savedKnownMatchesFindTheirEntries() throws {
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        let entry = try #require(known.entries.first { $0.kind == .truncated && $0.element != nil })
        let element = try #require(entry.element)
        let f = GateFailure(
            key: "android/small/new-day/stones/kindling/light", kind: .truncated, detail: "d", node: entry.node,
            element: element)
        let match = KnownMatch(
            key: f.key, kind: f.kind, node: f.node, element: f.element, detail: f.detail, seed: entry.seed, entry: entry
        )
        let decoded = try JSONDecoder().decode(KnownMatch.self, from: JSONEncoder().encode(match))
        expectTrue(decoded.element == element && decoded.entry == nil)
        expectTrue(known.entry(of: decoded) == entry)
        expectTrue(!known.unmatched(by: [decoded]).contains(entry))
        let failure = try JSONDecoder().decode(GateFailure.self, from: JSONEncoder().encode(f))
        expectTrue(failure.element == element)
    }

    /// An entry's node names an element kind (parsed once); failures match on their element, never
    /// on their display name — an iOS "motivator" and an Android "motivatorLine" are one kind.
    @Test func knownFindingMatchesFixtureKindAndNode() {
        let e = KnownFinding(fixture: "android/bands/width/w110-*", kind: .truncated, node: "caption", seed: "000")
        expectTrue(e.element == .caption)
        expectTrue(
            e.matches(
                GateFailure(
                    key: "android/bands/width/w110-fs2.0/1-digit", kind: .truncated, detail: "", node: "renamed",
                    element: .caption)))
        expectTrue(
            !e.matches(
                GateFailure(
                    key: "android/bands/width/w110-fs2.0/1-digit", kind: .truncated, detail: "", node: "caption")))
        expectTrue(
            !e.matches(
                GateFailure(
                    key: "android/bands/width/w130-fs2.0/1-digit", kind: .truncated, detail: "", element: .caption)))
        expectTrue(
            !e.matches(
                GateFailure(
                    key: "android/bands/width/w110-fs2.0/1-digit", kind: .clipped, detail: "", element: .caption)))
        expectTrue(
            !e.matches(
                GateFailure(
                    key: "android/bands/width/w110-fs2.0/1-digit", kind: .truncated, detail: "", element: .staleFooter))
        )
        expectTrue(ElementKind.named("motivatorLine") == .motivator && ElementKind.named("motivator") == .motivator)
        expectTrue(
            ElementKind.named("habit-row-*.title") == .habitTitle && ElementKind.named("habit-title") == .habitTitle)
        expectTrue(ElementKind.named("cap*") == nil)
    }

    // MARK: Shed order below the floor

    /// At every height from 40 to 400 dp, an element lower in the shed order is never shown while a
    /// higher-priority one is shed (a pair's higher element shed for *width*, at every height, is exempt).
    @Test(arguments: [1.0, 1.15, 1.3, 2.0])
    func shedOrderHoldsAtEveryHeight(fs: Double) {
        // (lower, higher): `lower` may show only if `higher` does.
        let pairs: [(PlanPart, PlanPart)] = [
            (.longestLabel, .dayStreakLabel), (.dayStreakLabel, .captionRow), (.pipRow, .progress),
            (.statusSubtitle, .statusTitle),
        ]
        for kindling in [true, false] {
            for state in WidgetState.allCases {
                for (family, width) in [(AndroidFamilyRequest.small, 150.0), (.medium, 250.0)] {
                    let tall = planAndroidWidget(
                        .reference(
                            family: family, widthDp: width, heightDp: 400, fontScale: fs, state: state,
                            kindling: kindling, habitCount: 4, doneCount: state == .allDone ? 4 : 1),
                        measurer: layoutMeasurer)
                    for h in 40...400 {
                        let p = planAndroidWidget(
                            .reference(
                                family: family, widthDp: width, heightDp: Double(h), fontScale: fs, state: state,
                                kindling: kindling, habitCount: 4, doneCount: state == .allDone ? 4 : 1),
                            measurer: layoutMeasurer)
                        let ctx = "\(family) \(Int(width))×\(h) fs \(fs) \(state) kindling \(kindling)"
                        for (lower, higher) in pairs where p.shows(lower) && tall.shows(higher) {
                            expectTrue(p.shows(higher), "\(lower) shown while \(higher) is shed: \(ctx)")
                        }
                        // Small kindling: the pill never names nothing. (Progress may stand without the row: where
                        // the next-due row cannot fit, the count is the card's sign of today's progress — seed 000
                        // State catalog, Default = "Streak (flame + number) + today's progress / habit rows".)
                        if family == .small && kindling && state == .defaultProgress && p.shows(.ctaPill) {
                            expectTrue(
                                p.habitRows.contains { $0.isNextDue },
                                "pill or progress without the next-due row: \(ctx)")
                        }
                        if state != .firstRun { expectTrue(p.shows(.numeral), "numeral shed: \(ctx)") }
                    }
                }
            }
        }
    }

    /// The issue's case: Medium 250 × 115 at fontScale 1.3 sheds the caption row, so DAY STREAK is gone too.
    @Test func mediumBelowTheFloorShedsDayStreakWithTheCaption() {
        let p = planAndroidWidget(
            .reference(family: .medium, widthDp: 250, heightDp: 115, fontScale: 1.3), measurer: layoutMeasurer)
        expectTrue(!p.shows(.captionRow) && !p.shows(.dayStreakLabel) && !p.shows(.longestLabel) && p.shows(.numeral))
    }

    // MARK: Pips agree with the count

    /// One pip per habit, one filled per habit done; past four habits no row (four pips cannot say 5 of 7).
    @Test(arguments: [(0, 4), (1, 4), (2, 4), (4, 4), (1, 2), (2, 2), (0, 1), (1, 1), (0, 3), (3, 3)])
    func pipsSayTheCount(done: Int, due: Int) {
        expectTrue(PipRow.shows(due: due))
        expectTrue(PipRow.count(due: due) == due)
        expectTrue(PipRow.filled(done: done, due: due) == done)
    }

    @Test(arguments: [(2, 5), (1, 7), (6, 7), (7, 7), (0, 12), (49, 50)])
    func noPipRowPastFourHabits(done: Int, due: Int) {
        expectTrue(!PipRow.shows(due: due))
        expectTrue(scene(done: done, total: due, kindling: false).nodes.filter { $0.name.hasPrefix("pip-") }.isEmpty)
    }

    @Test func pipsAreSameSizeCirclesWhateverTheCount() throws {
        var sizes = Set<String>()
        for (done, total) in [(1, 2), (2, 4), (0, 3), (0, 1)] {
            let s = scene(done: done, total: total, kindling: false)
            let pips = s.nodes.filter { $0.name.hasPrefix("pip-") }
            expectTrue(pips.count == total, "\(done)/\(total)")
            let filled = pips.filter {
                if case .path(_, let fill, _) = $0.content { return fill != nil } else { return false }
            }
            expectTrue(filled.count == PipRow.filled(done: done, due: total))
            for p in pips {
                let outer = p.bounds
                expectTrue(abs(outer.width - outer.height) < 0.01, "pip not round: \(outer)")
                sizes.insert(String(format: "%.2f", outer.width))
            }
        }
        expectTrue(sizes.count == 1, "pip sizes differ: \(sizes)")
    }

    // MARK: Small: success check, next-due habit

    @Test(arguments: [true, false])
    func smallAllDoneDrawsTheSuccessCheck(kindling: Bool) {
        let s = scene(done: 4, total: 4, extended: true, kindling: kindling)
        expectTrue(s.nodes.contains { $0.name.hasPrefix("status-glyph") && $0.token == "widget_success" })
        expectTrue(s.visibleText.contains { $0 == "All done today" || $0 == "Today's stone laid" })
    }

    @Test func smallKindlingAt170x180NamesTheNextDueHabit() {
        let s = scene(done: 1, total: 4)
        expectTrue(s.visibleText.contains("Read 20 min"))  // the next-due habit
        expectTrue(s.visibleText.contains("Lay today's stone"))  // and the pill that checks it off
        let row = s.nodes.first { $0.name == "habit-row-1.tint" }
        expectTrue(row?.bounds.height == AndroidLayout.kindlingNextDueRowHeightDp)
    }

    // MARK: One baseline per header row

    func baseline(_ s: Scene, _ name: String) -> Double? {
        text(s, name).map { n, t in n.bounds.minY + fonts.baselineOffset(t.style, lineHeight: t.lineHeight) }
    }

    @Test(arguments: [1.0, 1.3, 2.0])
    func smallDaysSitsOnTheNumeralBaseline(fs: Double) throws {
        let s = scene(done: 1, total: 4, width: 250, fontScale: fs)
        let n = try #require(baseline(s, "numeral"))
        let d = try #require(baseline(s, "daysLabel"))
        expectTrue(abs(n - d) <= 0.5, "numeral \(n) vs days \(d)")
    }

    @Test(arguments: [230.0, 320.0, 400.0])
    func largeHeaderCaptionSharesTheNumeralRow(width: Double) throws {
        let s = scene(done: 1, total: 4, family: .auto, width: width, height: 360)
        let n = try #require(baseline(s, "numeral"))
        let c = try #require(baseline(s, "caption"))
        expectTrue(abs(n - c) <= 0.5, "numeral \(n) vs caption \(c)")
    }
}

/// Seed 001 §5: "decode failure falls through to .firstRun / legacyBody". The fallback render of a
/// snapshot that doesn't decode is pinned to the first-run golden at the same placement.
@Suite struct BadSnapshotFallbackTests {
    let bad = Data(#"{"syncedAt": "2026-11-30T19:00:00Z", "streak": 12, "habits": ["#.utf8)

    @Test func failPolicyRejectsWithFileAndPosition() {
        #expect(throws: InputError.self) { _ = try BadSnapshotPolicy.fail.decode(bad, name: "bad.json") }
        do { _ = try BadSnapshotPolicy.fail.decode(bad, name: "bad.json") } catch {
            expectTrue(error.location.hasPrefix("bad.json: line 1"))
        }
    }

    @Test func fallbackDrawsTheFirstRunGolden() throws {
        let d = try BadSnapshotPolicy.fallback.decode(bad, name: "bad.json")
        expectTrue(d.snapshot == nil && d.warning?.location.hasPrefix("bad.json") == true)
        let fonts = FontLibrary.shared
        let builder = AndroidSceneBuilder(fonts: fonts, tokens: try TokenSet.bundled())
        // Medium's typical placement (300 × 180 dp, light, density 2), whose first-run golden it must match.
        let scene = builder.scene(
            AndroidRenderRequest(
                family: .auto, widthDp: 300, heightDp: 180, snapshot: d.snapshot,
                asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone))
        let manifest = try #require(try Manifest.load(from: PackagePaths.goldens))
        let golden = try #require(manifest.goldens["android/medium/first-run/no-motif/legacy/light"])
        expectTrue(ImageOps.pixelHash(CairoPainter(fonts: fonts).render(scene)) == golden.pixelHash)
        expectTrue(scene.accessibilityLabel == "Objectuve. Open Objectuve to sync today.")
    }
}

/// Outputs only say what the platform has.
@Suite struct PlatformCopyTests {
    @Test func androidCatalogueHasNoLockScreenOrIOSOnlyLines() {
        let android = copyCatalogue(platform: .android)
        expectTrue(!android.contains { $0.site == .accessoryLine3 })
        let iosOnly: Set<String> = [
            "inlineAccessory", "inlineProgress", "inlineHabitLeft", "inlineStale", "accessoryStreak",
            "accessoryNext", "largeHeaderLabel",
        ]
        expectTrue(!android.contains { $0.site == .template && iosOnly.contains($0.branch) })
        let ios = copyCatalogue(platform: .ios)
        expectTrue(iosOnly.allSatisfy { b in ios.contains { $0.site == .template && $0.branch == b } })
        expectTrue(!ios.contains { $0.branch == "progressCompact" })
    }

    /// `resolve`'s Small label is what a Small render speaks: no Coach line (Small has no Coach row).
    @Test(arguments: [0, 2, 4])
    func resolveSmallLabelMatchesTheSmallRender(done: Int) throws {
        let fonts = FontLibrary.shared
        let builder = AndroidSceneBuilder(fonts: fonts, tokens: try TokenSet.bundled())
        let snap = MatrixCases.snapshot(done: done, motif: .stones, extended: false, kindling: true)
        expectTrue(snap.coachLine != nil)
        let w = resolveWidget(snapshot: snap, asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
        let copy = widgetCopy(w, platform: .android)
        let small = builder.scene(
            AndroidRenderRequest(
                family: .small, widthDp: 170, heightDp: 180, snapshot: snap,
                asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone))
        let medium = builder.scene(
            AndroidRenderRequest(
                family: .medium, widthDp: 300, heightDp: 180, snapshot: snap,
                asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone))
        expectTrue(copy.smallAccessibilityLabel == small.accessibilityLabel)
        expectTrue(!copy.smallAccessibilityLabel.contains(snap.coachLine!))
        expectTrue(copy.accessibilityLabel == medium.accessibilityLabel)
    }
}
