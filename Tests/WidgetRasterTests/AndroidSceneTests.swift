import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// The Android drawing as evidence: legacy invariance, the clip check on real scenes, the
/// rendered contrast audit on real scenes, and the matrix's promises.
@Suite struct AndroidSceneTests {
    let fonts = FontLibrary.shared
    let tokens = try! TokenSet.bundled()
    var builder: AndroidSceneBuilder { AndroidSceneBuilder(fonts: fonts, tokens: tokens) }
    let states: [(String, Int, Int, Double)] = [
        ("default", 1, 4, 1), ("all-done", 4, 4, 1), ("empty", 0, 0, 1), ("stale", 1, 4, 20),
    ]

    func request(
        _ snap: WidgetSnapshot?, family: AndroidFamilyRequest = .medium, width: Double = 300, height: Double = 180,
        theme: Theme = .light, at: Date = MatrixCases.asOf
    ) -> AndroidRenderRequest {
        AndroidRenderRequest(
            family: family, widthDp: width, heightDp: height, theme: theme, snapshot: snap,
            asOf: at, timeZone: MatrixCases.timeZone)
    }

    /// Kindling off renders the legacy body: the kindling-only inputs (Coach lines) change nothing,
    /// and on the fail-closed path (no extendedToday) the motif changes nothing either.
    @Test(arguments: [AndroidFamilyRequest.small, .medium, .large], Theme.allCases)
    func legacyBodyIgnoresKindlingOnlyInput(family: AndroidFamilyRequest, theme: Theme) {
        let painter = CairoPainter(fonts: fonts)
        for (_, done, total, ago) in states {
            for extended in [true, false, nil] as [Bool?] {
                var hashes = Set<String>()
                for motif in StreakMotif.allCases where extended == nil || motif == .stones {
                    for coach in [nil, "Add today's stone to keep the tower rising."] as [String?] {
                        var s = MatrixCases.snapshot(
                            done: done, total: total, syncedHoursAgo: ago, motif: motif,
                            extended: extended, kindling: false)
                        s.coachLine = coach
                        s.coachLineShort = coach.map { _ in "Add today's stone." }
                        if extended == nil { s.streakMetaphor = motif.rawValue }
                        let scene = builder.scene(request(s, family: family, theme: theme))
                        hashes.insert(ImageOps.pixelHash(painter.render(scene)).hex + scene.accessibilityLabel)
                    }
                }
                expectTrue(
                    hashes.count == 1,
                    "\(family) \(theme) done \(done)/\(total) extended \(String(describing: extended))")
            }
        }
    }

    /// TalkBack hears the same label in every band: shedding rows, labels or the Coach line
    /// changes pixels, never the contentDescription.
    @Test(arguments: [AndroidFamilyRequest.small, .medium, .large])
    func accessibilityLabelIsTheSameInEveryBand(family: AndroidFamilyRequest) {
        for (_, done, total, ago) in states {
            var s = MatrixCases.snapshot(
                done: done, total: total, syncedHoursAgo: ago, motif: .sprout, extended: false, kindling: true)
            s.habits += (0..<(total == 0 ? 0 : 4)).map {
                WidgetHabit(title: "Extra habit \($0)", checkedInToday: false)
            }
            var labels = Set<String>()
            for width in stride(from: family == .small ? 110.0 : 200, through: family == .small ? 199 : 500, by: 37) {
                for height in stride(from: family == .large ? 270.0 : 130, through: 400, by: 29) {
                    for fs in [1.0, 1.3, 2.0] {
                        var r = request(s, family: family, width: width, height: height)
                        r.fontScale = fs
                        labels.insert(builder.scene(r).accessibilityLabel)
                    }
                }
            }
            expectTrue(labels.count == 1, "\(family) \(done)/\(total): \(labels)")
        }
    }

    /// A habit title that is one over-long word is ellipsized, so it passes; the same scene with
    /// the ellipsis taken away fails the clip check, naming the node.
    @Test func overlongSingleWordIsEllipsizedNotClipped() throws {
        let long = "Pneumonoultramicroscopicsilicovolcanoconiosis"
        var s = MatrixCases.snapshot(done: 0, motif: .stones, extended: false, kindling: true)
        s.habits[0].title = long
        let scene = builder.scene(request(s))
        expectTrue(ClipCheck.violations(in: scene, measurer: fonts).isEmpty)
        let i = try #require(scene.nodes.firstIndex { $0.name == "habit-row-1.title" })
        guard case .text(var t) = scene.nodes[i].content else {
            Issue.record("not text")
            return
        }
        expectTrue(t.ellipsized && t.lines.last!.hasSuffix("…"))
        t.lines = [long]
        t.ellipsized = false
        var broken = scene
        broken.nodes[i].content = .text(t)
        let v = ClipCheck.violations(in: broken, measurer: fonts)
        expectTrue(v.contains { $0.node == "habit-row-1.title" && $0.problem.contains("not ellipsized") })
    }

    /// Text moved next to the ember's centre reads against its darkest composite and fails.
    @Test func captionMovedOntoTheEmberFailsContrast() throws {
        let painter = CairoPainter(fonts: fonts)
        let s = MatrixCases.snapshot(done: 1, motif: .stones, extended: false, kindling: true)
        let scene = builder.scene(request(s, family: .small, width: 170, height: 180))
        let check = ContrastCheck.gateCheck
        expectTrue(check.run("k", scene, painter.render(scene), painter).isEmpty)
        let ember = try #require(scene.nodes.first { $0.name == "ember" })
        let i = try #require(scene.nodes.firstIndex { $0.name == "caption" })
        var moved = scene
        let b = moved.nodes[i].bounds
        moved.nodes[i].bounds = Rect(
            x: ember.bounds.midX - 4, y: ember.bounds.midY - b.height / 2, width: b.width, height: b.height)
        let failures = check.run("k", moved, painter.render(moved), painter)
        expectTrue(
            failures.contains { $0.kind == .contrast && $0.detail.hasPrefix("caption (widget_stone_caption, text)") })
    }

    /// Every golden in the matrix is a distinct render, and the keys are unique.
    @Test func matrixKeysAreUniqueAndScenesDistinct() {
        let fixtures = FixtureCatalog.collapse(
            AndroidMatrix.requests().map { r in MatrixItem(id: r.id) { builder.scene(r.request()) } })
        expectTrue(Set(fixtures.map(\.key)).count == fixtures.count)
        let scenes = fixtures.map { $0.makeScene(fonts) }
        expectTrue(Set(scenes).count == scenes.count)
        // Collapsed groups say what they cover.
        expectTrue(fixtures.contains { $0.key == "android/medium/default-some-baseline/any-motif/legacy/light" })
    }

    /// A family's typical placement draws that family: a fixed request names it, and an `auto` one
    /// (Large, which resolves by size) gets it from resolveSize with kindling on — so a new family
    /// whose placement copies Large's `auto` fails here rather than record Large's renders.
    @Test(arguments: AndroidFamily.allCases)
    func typicalPlacementDrawsItsFamily(family: AndroidFamily) {
        let p = AndroidMatrix.placement(family)
        expectTrue(p.family.fixed ?? family == family)
        let s = MatrixCases.snapshot(done: 1, total: 4, motif: .stones, extended: false, kindling: true)
        let (_, plan) = builder.plan(request(s, family: p.family, width: p.width, height: p.height))
        expectTrue(plan.size == family, "\(p.family) at \(p.width) × \(p.height) drew \(plan.size): \(plan.sizeReason)")
    }

    /// Every family has its `--family` word, and every word but `auto` fixes one family.
    @Test func everyFamilyHasItsRequest() {
        expectTrue(AndroidFamily.allCases.map { AndroidFamilyRequest($0).fixed } == AndroidFamily.allCases)
        expectTrue(AndroidFamilyRequest.allCases.filter { $0.fixed == nil } == [.auto])
        expectTrue(AndroidFamily.allCases.allSatisfy { AndroidFamilyRequest($0).rawValue == $0.rawValue })
    }

    /// Android's first run fails closed to the flat card whatever the standalone kindling key says.
    @Test func firstRunDrawsTheFlatCard() {
        let scene = builder.scene(request(nil))
        expectTrue(scene.nodes.first?.token == "widget_card")
        expectTrue(!scene.nodes.contains { $0.name == "ember" })
        expectTrue(scene.accessibilityLabel == "Objectuve. Open Objectuve to sync today.")
    }

    /// The reported narrow-Large geometry draws COMPACT with five rows and nothing clipped.
    @Test func reportedGeometryDrawsCompactLarge() {
        var s = MatrixCases.snapshot(done: 0, total: 4, motif: .stones, extended: false, kindling: true)
        s.habits.append(WidgetHabit(title: "Walk the dog", checkedInToday: false))
        let (_, plan) = builder.plan(request(s, family: .auto, width: 230, height: 330))
        expectTrue(
            plan.size == .large && plan.rung == .compact && plan.habitRows.count == 5 && plan.overflow == 0
                && !plan.levelB)
        expectTrue(
            ClipCheck.violations(in: builder.scene(request(s, family: .auto, width: 230, height: 330)), measurer: fonts)
                .isEmpty)
    }
}

@Suite struct AdHocRenderOptionsTests {
    func parse(_ args: [String]) throws -> AdHocRenderOptions {
        try AdHocRenderOptions.parse(
            ArgumentParser.parse(args, valued: AdHocRenderOptions.valued, switches: AdHocRenderOptions.switches))
    }
    let base = ["--as-of", "2026-09-17T08:30:00+02:00", "--time-zone", "Europe/Berlin", "-o", "x.png"]

    @Test func defaultsAndValues() throws {
        let o = try parse(["--snapshot", "s.json", "--width=230", "--height", "330", "--theme", "dark"] + base)
        guard case .android(let r) = o.target else {
            Issue.record("not android")
            return
        }
        expectTrue(
            r.widthDp == 230 && r.heightDp == 330 && r.theme == .dark && r.family == .auto && r.fontScale == 1
                && r.density == 2)
    }
    @Test(arguments: [
        ["--width", "0"], ["--width", "100000"], ["--font-scale", "0"], ["--font-scale", "nan"], ["--theme", "sepia"],
        ["--family", "huge"], ["--platform", "ios", "--density", "2"], ["--density", "9"], ["--scale", "2"],
    ])
    func badValuesAreInputErrors(extra: [String]) {
        #expect(throws: InputError.self) { try parse(["--snapshot", "s.json"] + extra + base) }
    }
    /// No --snapshot / --no-snapshot: the synthesized widget, every flag at its default (render
    /// used to refuse that although --help documents the defaults).
    @Test func aSnapshotFirstRunOrTheDefaultWidget() throws {
        expectTrue(try parse(base).input.source == .synthetic(SyntheticWidget()))
        #expect(throws: InputError.self) { try parse(["--snapshot", "s", "--no-snapshot"] + base) }
        expectTrue(try parse(["--no-snapshot"] + base).input.source == .firstRun)
        expectTrue(try parse(["--state", "newDay", "-o", "x.png"]).input.source != .firstRun)
    }
}
