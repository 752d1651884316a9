import Foundation
import Testing
@testable import evidence
@testable import WidgetRaster

/// The iOS Home Screen families (issue #15): sizes, container, HabitPip, the Large window and its
/// label, every string drawn, the matrix, and the iOS token audit.
@Suite struct IOSWidgetTests {
    let fonts = FontLibrary.shared
    var builder: IOSSceneBuilder { IOSSceneBuilder(fonts: fonts, tokens: try! AssetCatalogTokens.bundled()) }

    func request(_ f: IOSHomeFamily, _ w: SyntheticWidget, theme: Theme = .light, device: IOSDeviceClass = .standard,
                 text: DynamicTypeSize = .large) throws -> IOSRenderRequest {
        let (snap, at) = try w.snapshot()
        return IOSRenderRequest(family: f.family, deviceClass: device, theme: theme, textSize: text, snapshot: snap, asOf: at,
                                timeZone: SyntheticWidget.timeZone)
    }

    /// Apple's published sizes (pt) per portrait screen class.
    @Test func everyDeviceClassSize() {
        let table: [String: (Double, (Double, Double), (Double, Double))] = [
            "430x932": (170, (364, 170), (364, 382)), "428x926": (170, (364, 170), (364, 382)),
            "414x896": (169, (360, 169), (360, 379)), "414x736": (159, (348, 157), (348, 357)),
            "393x852": (158, (338, 158), (338, 354)), "390x844": (158, (338, 158), (338, 354)),
            "375x812": (155, (329, 155), (329, 345)), "360x780": (155, (329, 155), (329, 345)),
            "375x667": (148, (321, 148), (321, 324)), "320x568": (141, (292, 141), (292, 311)),
        ]
        #expect(IOSDeviceClass.all.count == table.count)
        for c in IOSDeviceClass.all {
            let t = table[c.name]!
            #expect(c.size(.systemSmall) == Size(t.0, t.0) && c.size(.systemMedium) == Size(t.1.0, t.1.1)
                    && c.size(.systemLarge) == Size(t.2.0, t.2.1), "\(c.name)")
        }
        #expect(IOSDeviceClass.standard.name == "393x852")
        let r = IOSRenderRequest(family: .systemSmall, snapshot: nil, asOf: SyntheticWidget.asOf, timeZone: SyntheticWidget.timeZone)
        #expect(r.scale == 2 && builder.scene(r).pixelWidth == 316)
    }

    /// iOS 17+ content margins are the system's 16 pt — not 32 (no view padding on top).
    @Test(arguments: IOSHomeFamily.allCases) func sixteenPointMargins(family: IOSHomeFamily) throws {
        let (_, plan) = builder.plan(try request(family, SyntheticWidget()))
        #expect(plan.content == plan.card.insetBy(dx: 16, dy: 16))
        #expect(plan.item("numeral")!.frame.minY == 16)
        #expect(plan.items.map(\.frame.minX).min() == 16)
        let scene = builder.scene(try request(family, SyntheticWidget()))
        #expect(scene.nodes[0].name == "card" && scene.nodes[0].token == "WidgetCard")
        if case .rect(let radius, _) = scene.nodes[0].content { #expect(radius == IOSLayout.cornerRadiusPt) }
    }

    /// HabitPip: a solid 20 × 8 pt WidgetSuccess capsule when done, a 1.5 pt WidgetMuted outline when not.
    @Test func habitPipShapes() throws {
        var w = SyntheticWidget()
        w.kindling = false; w.habits = 4; w.done = 2
        let scene = builder.scene(try request(.systemSmall, w))
        let pips = scene.nodes.filter { $0.name.hasPrefix("pip-") }
        #expect(pips.count == 4)
        for (i, p) in pips.enumerated() {
            guard case .path(_, let fill, let stroke) = p.content else { Issue.record("pip is not a path"); continue }
            if i < 2 {
                #expect(p.token == "WidgetSuccess" && fill != nil && stroke == nil)
                #expect(p.bounds.width == 20 && p.bounds.height == 8)
            } else {
                #expect(p.token == "WidgetMuted" && fill == nil && stroke?.width == 1.5)
                #expect(p.bounds.width == 20 && p.bounds.height == 8)  // the stroke's outer edge is the capsule's
            }
        }
    }

    /// Seed 000 "Large family": 7 habits, next due at index 5 → rows 2…5 drawn, "+3 more in the app".
    @Test func largeWindowSlidesSoTheNextDueRowLandsLast() throws {
        var w = SyntheticWidget()
        w.habits = 7; w.done = 5
        let req = try request(.systemLarge, w)
        let (resolved, plan) = builder.plan(req)
        #expect(plan.visibleHabits == [2, 3, 4, 5] && plan.overflow == 3)
        #expect(plan.lines("overflow") == ["+3 more in the app"])
        #expect((1...4).map { plan.lines("habit-row-\($0).title")?.first } == ["Stretch", "Journal", "Walk the dog", "Drink water"])
        #expect(IOSPlanBuilder.window(count: 7, cap: 4, nextDue: 5) == [2, 3, 4, 5])
        #expect(IOSPlanBuilder.window(count: 7, cap: 4, nextDue: 2) == [0, 1, 2, 3])
        // The label speaks the visible rows only, then the rest as a count (seed 001 §4).
        let label = builder.scene(resolved, plan, req).accessibilityLabel
        #expect(label.contains("Today: Stretch done, Journal done, Walk the dog done, Drink water not yet. 3 more habits in the app."))
        #expect(!label.contains("Meditate") && !label.contains("Practice guitar"))
        // All done: "+N more done".
        w.done = 7; w.state = .allDone
        #expect(builder.plan(try request(.systemLarge, w)).1.lines("overflow") == ["+3 more done"])
    }

    /// The motivator is spoken exactly when the kindling body draws it (OBJ-3317 Q4).
    @Test func largeMotivatorDrawnAndSpokenTogether() throws {
        for kindling in [true, false] {
            var w = SyntheticWidget()
            w.kindling = kindling
            let req = try request(.systemLarge, w)
            let (resolved, plan) = builder.plan(req)
            let label = builder.scene(resolved, plan, req).accessibilityLabel
            let motivator = try #require(largeMotivatorText(state: resolved.state, motif: resolved.motif, reactive: resolved.reactive,
                                                            doneCount: resolved.doneCount, dueCount: resolved.dueCount))
            #expect((plan.item("motivator") != nil) == kindling)
            #expect(label.contains(motivator) == kindling)
            if kindling, case .text(_, let style, _, let ink, _)? = plan.item("motivator")?.content {
                #expect(style == TextStyle(.inter, .semibold, size: 12) && ink == .stoneCaption)
            }
        }
        // Fixed 12 pt: the motivator does not scale with Dynamic Type.
        var w = SyntheticWidget()
        w.habits = 2
        if case .text(_, let style, _, _, _)? = builder.plan(try request(.systemLarge, w, text: .xxxLarge)).1.item("motivator")?.content {
            #expect(style.size == 12)
        } else { Issue.record("no motivator at xxxLarge") }
    }

    /// Seed 000: the legacy body is byte-identical whatever the kindling-only inputs say (the Coach lines).
    @Test(arguments: IOSHomeFamily.allCases) func legacyIgnoresKindlingOnlyInputs(family: IOSHomeFamily) throws {
        var w = SyntheticWidget()
        w.kindling = false; w.done = 2
        var r = try request(family, w)
        let with = builder.scene(r)
        r.snapshot?.coachLine = nil; r.snapshot?.coachLineShort = nil
        #expect(builder.scene(r) == with)
        #expect(!with.nodes.contains { $0.name == "coach-line" || $0.name == "motivator" || $0.name.hasSuffix(".fill") })
    }

    /// `render --json` on iOS: family, size, state, texts in drawing order, the label, findings.
    @Test func renderReportOnIOS() throws {
        let a = try ArgumentParser.parse(["--platform", "ios", "--family", "systemLarge", "--state", "allDone", "--habits", "6",
                                          "--reactive", "extended", "-o", "x.png"],
                                         valued: AdHocRenderOptions.valued, switches: AdHocRenderOptions.switches)
        let drawn = try WidgetPipeline.render(try AdHocRenderOptions.parse(a), fonts: fonts)
        let painter = CairoPainter(fonts: fonts)
        let report = RenderReport(drawn, image: painter.render(drawn.scene), painter: painter)
        #expect(report.platform == .ios && report.family == "systemLarge" && report.size == Size(338, 354) && report.pixelWidth == 676)
        #expect(report.state == .allDone && report.findings.isEmpty)
        #expect(report.texts.contains("+2 more done") && report.texts.contains("DAY STREAK · LONGEST 21"))
        #expect(report.accessibilityLabel.hasPrefix("Objectuve. 12 day streak"))
    }

    @Test func iosLineMetricsAreIntersOwn() {
        let m = IOSLineMetrics(fonts: fonts)
        for size in [11.0, 12, 17, 34] {
            #expect(abs(m.lineHeight(TextStyle(.inter, .regular, size: size)) - (2728.0 + 680) / 2816 * size) < 1e-9)
        }
        #expect(IOSTextStyle.body.size(.large) == 17 && IOSTextStyle.body.size(.accessibility3) == 40 && IOSTextStyle.caption2.size(.xxxLarge) == 17)
    }
}

/// Every iOS fixture: what it draws is the copy layer's iOS strings, must-keep lines are never cut,
/// nothing clips, and every golden is a distinct scene.
@Suite struct IOSMatrixTests {
    let fonts = FontLibrary.shared

    @Test func everyDrawnStringIsTheCopyLayers() throws {
        let builder = IOSSceneBuilder(fonts: fonts, tokens: try AssetCatalogTokens.bundled())
        var checked = 0
        for (_, deferred) in IOSMatrix.requests() {
            let r = deferred()
            let (w, plan) = builder.plan(r)
            let scene = builder.scene(w, plan, r)
            let c = widgetCopy(w, platform: .ios)
            var allowed: Set<String> = [String(w.streak), c.daysLabel, c.largeHeaderLabel ?? "", fixedText(.newDayVisual, platform: .ios)]
            for s in [c.caption, c.coachLine, c.title, c.subtitle, c.progress, c.staleFooter, c.smallCTA, c.largeMotivator,
                      c.accessoryLines?.line1, c.accessoryLines?.line2, c.accessoryLines?.line3, c.inlineAccessory] { if let s { allowed.insert(s) } }
            allowed.formUnion(c.inlineAccessoryForms ?? [])
            allowed.formUnion(w.habits.map(\.title))
            for n in 1...50 { if let o = largeOverflowText(state: w.state, hiddenCount: n) { allowed.insert(o) } }
            for node in scene.nodes {
                guard case .text(let t) = node.content else { continue }
                // Habit titles, the Coach line, the accessories' next-habit line3 and the inline label may end in "…".
                let mayCut = node.name.hasSuffix(".title") && node.name.hasPrefix("habit-row") || node.name == "coach-line"
                    || (node.name == "line3" && w.state == .defaultProgress) || node.name == "inline"
                #expect(mayCut || !t.ellipsized, "\(node.name) cut: \(t.lines)")
                if !t.ellipsized { #expect(allowed.contains(t.text), "\(node.name): \(t.text)") }
                checked += 1
            }
            #expect(ClipCheck.violations(in: scene, measurer: fonts).isEmpty)
        }
        #expect(checked > 3000)
    }

    /// Seed 000/001: the full NEW_DAY sentence and the three-way all-done sites on iOS.
    @Test func iosStringsAtTheirSites() throws {
        func texts(_ key: String) throws -> [String] {
            let f = try #require(try FixtureCatalog.load().first { $0.key == key }, "no fixture \(key)")
            return f.makeScene(fonts).visibleText
        }
        #expect(try texts("ios/systemSmall/new-day/stones/kindling/light").contains("New day — tap to see today's habits"))
        let baseline = try texts("ios/systemMedium/all-done-baseline/any-motif/kindling/light")
        #expect(baseline.contains("All done today") && baseline.contains("That's the day. Rest easy."))
        for (branch, reactive) in [("extended", ReactiveTreatment.extended), ("notyet", .notYet), ("baseline", nil)] {
            let key = branch == "baseline" ? "ios/systemLarge/all-done-baseline/any-motif/kindling/light"
                                           : "ios/systemLarge/all-done-\(branch)/stones/kindling/light"
            let t = try texts(key)
            #expect(t.contains(try #require(largeMotivatorText(state: .allDone, motif: .stones, reactive: reactive, doneCount: 4, dueCount: 4))), "\(key)")
            let small = try texts(key.replacingOccurrences(of: "systemLarge", with: "systemSmall"))
            #expect(small.contains(allDoneKindlingTitle(motif: .stones, branch: allDoneBranch(reactive))))
            #expect(small.contains(allDoneKindlingSubtitle(motif: .stones, branch: allDoneBranch(reactive))))
        }
        #expect(try texts("ios/systemSmall/default-none-notyet/stones/kindling/light").contains("Lay today's stone"))
    }

    @Test func keysAreUniqueAndEveryGoldenIsADistinctScene() throws {
        let fixtures = try FixtureCatalog.load()
        // The Home Screen matrix and its size/type bands (the international titles are their own band).
        let ios = fixtures.filter { f in
            guard let id = f.id, case .ios(let family) = id.family, !family.isAccessory, id.hostMode == .full else { return false }
            if case .intl? = id.band { return false }
            return true
        }
        // Counted from the matrix's own tables: per family and theme, first run + every cell, the
        // baseline cells one per body (no metaphor without `extendedToday`: the motifs collapse);
        // then the device, content and Dynamic Type bands.
        let motifs = StreakMotif.allCases.count, families = IOSHomeFamily.allCases.count
        let baseline = MatrixCases.cells.filter { $0.branch == .baseline }.count
        // A card whose bodies differ only in the glyph (Medium's New day) is one card for both
        // bodies unless the motif has a kindling drawing (FixtureID.readsBody).
        let bodiesMerged = IOSHomeFamily.allCases.map { f in
            MatrixCases.cells.filter { f.bodiesDifferOnlyInGlyph($0.state) && !$0.motif.hasKindlingDrawing && $0.body == .kindling }.count
        }.reduce(0, +)
        let main = families * Theme.allCases.count * (1 + MatrixCases.cells.count - baseline + baseline / motifs)
            - Theme.allCases.count * bodiesMerged
        let bands = families * ((IOSMatrix.bandClasses.count - 1) * IOSMatrix.bandStates.count
                                + Scenario.digitCounts.count * IOSMatrix.contentHabits.count
                                + (DynamicTypeSize.allCases.count - 1) * IOSMatrix.bandStates.count)
        #expect(ios.count == main + bands)
        // Distinct, except where the Dynamic Type ladder makes AX3 draw at xxxLarge (the largest rung
        // that keeps every required line): then the two type bands of one family and state coincide.
        var byScene: [Scene: [String]] = [:]
        for f in fixtures { byScene[f.makeScene(fonts), default: []].append(f.key) }
        for keys in byScene.values where keys.count > 1 {
            let ladderPair = keys.count == 2 && keys.contains { $0.contains("/AX3/") }
                && Set(keys.map { $0.replacingOccurrences(of: "/AX3/", with: "/xxxLarge/") }).count == 1
            #expect(ladderPair, "one scene for \(keys)")
        }
        #expect(fixtures.contains { $0.key == "ios/systemMedium/default-some-baseline/any-motif/legacy/dark" })
        #expect(fixtures.contains { $0.key == "ios/bands/type/systemLarge/AX3/default" })
    }
}

@Suite struct IOSContrastTests {
    @Test func bundledCatalogPassesTheIOSAudit() throws {
        let r = try ContrastAudit.auditIOS(try AssetCatalogTokens.bundled())
        #expect(r.passed)
        // The seed's one iOS figure: accent on the light card ≈ 2.62:1 (why the number is WidgetInk).
        let accent = try #require(r.rows.first { $0.token == "WidgetAccent" && $0.theme == .light && $0.background == "WidgetCard" })
        #expect(accent.ratioDisplay == "2.62" && accent.floor == nil)
    }

    @Test func inkSetToAccentFailsNamingTheStreakNumber() throws {
        var t = try AssetCatalogTokens.bundled()
        t.light["WidgetInk"] = t.light["WidgetAccent"]
        let r = try ContrastAudit.auditIOS(t)
        let f = try #require(r.failures.first { $0.token == "WidgetInk" && $0.background == "WidgetCard" })
        #expect(f.ratioDisplay == "2.62" && f.usage.contains("streak number"))
    }

    /// The CLI: the bundled catalog passes (exit 0); a copy with WidgetInk's Any set to WidgetAccent's fails (exit 1).
    @Test func contrastCommandOnACatalogCopy() throws {
        #expect(try ContrastCommand.run(["--ios-assets", AssetCatalogTokens.bundledDirectory.path]) == 0)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-ink-\(UUID().uuidString).xcassets")
        try FileManager.default.copyItem(at: AssetCatalogTokens.bundledDirectory, to: dir)
        let accent = try String(contentsOf: dir.appendingPathComponent("WidgetAccent.colorset/Contents.json"), encoding: .utf8)
        // Any = accent's Any; keep WidgetInk's Dark so only the light row moves.
        let ink = try String(contentsOf: dir.appendingPathComponent("WidgetInk.colorset/Contents.json"), encoding: .utf8)
        let anyEnd = { (s: String) in s.range(of: "\"appearances\"")!.lowerBound }
        let patched = String(accent[..<anyEnd(accent)]) + String(ink[anyEnd(ink)...])
        try patched.write(to: dir.appendingPathComponent("WidgetInk.colorset/Contents.json"), atomically: true, encoding: .utf8)
        #expect(try AssetCatalogTokens.load(directory: dir).tokens.color(.ink, theme: .light) == Color(hex: "#F28226"))
        #expect(try ContrastCommand.run(["--ios-assets", dir.path]) == 1)
    }

    @Test func malformedColorsetIsAnInputErrorNamingTheFile() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-bad-\(UUID().uuidString).xcassets")
        let set = dir.appendingPathComponent("WidgetInk.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        try #"{"colors":[{"color":{"color-space":"srgb","components":{"red":"300","green":"0","blue":"0"}}}]}"#
            .write(to: set.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        do { _ = try ContrastCommand.run(["--ios-assets", dir.path]); Issue.record("accepted a malformed colorset") } catch let e as InputError {
            #expect(e.location == set.appendingPathComponent("Contents.json").path && e.problem.contains("out of range"))
        }
    }
}

/// Issue #21 item 3 for iOS: every Home Screen family keeps its meaning at every Apple size and at
/// large / xxxLarge / AX3 — the state's own lines, the next-due row, a button under its habit, an
/// overflow line for every habit without a row, pips that agree with the count, the rest glyph, and
/// no sentence drawn twice (seed 000 "State catalog", "Families", "Large family", "Empty/all-done
/// centering fill").
@Suite struct IOSMeaningTests {
    let fonts = FontLibrary.shared
    var builder: IOSSceneBuilder { IOSSceneBuilder(fonts: fonts, tokens: try! AssetCatalogTokens.bundled()) }

    static let widgets: [SyntheticWidget] = {
        var out: [SyntheticWidget] = []
        for state in WidgetState.allCases {
            for kindling in [true, false] {
                for (habits, done) in [(4, 1), (7, 5), (12, 6)] {
                    for motif in [StreakMotif.stones, .waves, .sprout] {
                        var w = SyntheticWidget()
                        w.state = state; w.kindling = kindling; w.habits = habits; w.done = done; w.motif = motif; w.streak = 1024
                        if state == .allDone { w.extendedToday = true }
                        out.append(w)
                    }
                }
            }
        }
        return out
    }()

    @Test(arguments: IOSHomeFamily.allCases) func everyClassAndTypeSizeKeepsItsMeaning(family: IOSHomeFamily) throws {
        for c in IOSDeviceClass.rows.map({ $0[0] }) {
            for t in DynamicTypeSize.allCases {
                for w in Self.widgets {
                    let (snap, at) = try w.snapshot()
                    let r = IOSRenderRequest(family: family.family, deviceClass: c, textSize: t, snapshot: snap, asOf: at, timeZone: SyntheticWidget.timeZone)
                    let (resolved, plan) = builder.plan(r)
                    let here = "\(family) \(c.name) \(t) \(w.state) kindling \(w.kindling) \(w.habits)/\(w.done) \(w.motif)"
                    #expect(plan.lost.isEmpty, "\(here): \(plan.lost)")
                    #expect(plan.typeStep <= t.step)
                    let texts = plan.items.compactMap { i -> String? in
                        if case .text(let f, _, _, _, _) = i.content { return f.lines.joined(separator: " ") } else { return nil }
                    }
                    #expect(Set(texts).count == texts.count, "\(here): a sentence drawn twice in \(texts)")
                    let pips = plan.items.filter { if case .pip = $0.element { return true } else { return false } }
                    #expect(pips.isEmpty || pips.count == resolved.habits.count, "\(here): \(pips.count) pips for \(resolved.habits.count) habits")
                    guard [.defaultProgress, .stale].contains(resolved.state) else {
                        if resolved.state == .empty && family != .systemLarge { #expect(plan.item("status-glyph") != nil, "\(here): no rest glyph") }
                        continue
                    }
                    let nextDue = resolved.habits.firstIndex { !$0.checkedInToday }
                    if w.kindling || family != .systemSmall, let nextDue {
                        #expect(plan.visibleHabits.contains(nextDue), "\(here): the next-due row is not drawn")
                    }
                    if family != .systemSmall, plan.overflow > 0 { #expect(plan.item("overflow") != nil, "\(here): \(plan.overflow) habits unsaid") }
                    if family == .systemSmall, w.kindling, resolved.state == .defaultProgress {
                        #expect(plan.items.contains { $0.element == .checkOffButton(.label) }, "\(here): no check-off button")
                    }
                }
            }
        }
    }

    /// AX3 draws at the largest rung that keeps every required line, and says so in the arithmetic.
    @Test func ax3StepsDownTheLadderAndSaysSo() throws {
        var w = SyntheticWidget()
        w.streak = 1024; w.habits = 7; w.done = 1
        let (snap, at) = try w.snapshot()
        let r = IOSRenderRequest(family: .systemSmall, textSize: .accessibility3, snapshot: snap, asOf: at, timeZone: SyntheticWidget.timeZone)
        let plan = builder.plan(r).1
        #expect(plan.typeStep < .accessibility3 && plan.lost.isEmpty)
        #expect(plan.arithmetic.contains { $0.hasPrefix("Dynamic Type AX3:") })
        #expect(IOSTextStyle.title.size(at: .accessibility1) == 38 && IOSTextStyle.footnote.size(at: .xLarge) == 15)
        #expect(DynamicTypeStep.accessibility3.downward.first == .accessibility3 && DynamicTypeStep.accessibility3.downward.last == .large)
    }

    /// Legacy pips agree with "N of M done": twelve habits draw twelve narrower pips, never five of twelve.
    @Test func pipsAgreeWithTheCount() throws {
        var w = SyntheticWidget()
        w.kindling = false; w.habits = 12; w.done = 6
        let (snap, at) = try w.snapshot()
        for f in [IOSFamily.systemSmall, .systemMedium] {
            let plan = builder.plan(IOSRenderRequest(family: f, snapshot: snap, asOf: at, timeZone: SyntheticWidget.timeZone)).1
            #expect(plan.lines("progress") == ["6 of 12 done"])
            let pips = plan.items.filter { if case .pip = $0.element { return true } else { return false } }
            #expect(pips.count == 12 && pips.allSatisfy { $0.frame.width >= 8 && $0.frame.maxX <= plan.content.maxX + 1e-9 })
        }
    }
}
