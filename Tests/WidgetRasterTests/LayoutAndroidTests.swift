import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetText

@testable import WidgetRaster

/// The real HarfBuzz measurer with a memo, so the property sweep stays fast in debug builds.
/// Guarded by a pthread-backed NSLock rather than Synchronization's Mutex: ThreadSanitizer does not
/// see Mutex's futex hand-off on Linux and reports every memo access as a race (scripts/sanitize.sh).
final class MemoMeasurer: TextMeasuring, @unchecked Sendable {
    let base: TextMeasuring
    private let lock = NSLock()
    // Unbounded, unlike FontLibrary's caches: a sweep's working set (every width × every title)
    // outgrows them, and a sweep that measures each line again is what made the suite slow.
    private struct AdvanceKey: Hashable {
        var text: String
        var style: TextStyle
    }
    private struct WrapKey: Hashable {
        var text: String
        var width: Double
        var maxLines: Int
        var style: TextStyle
    }
    private var advances: [AdvanceKey: Double] = [:]
    private var wraps: [WrapKey: WrappedText] = [:]
    init(_ base: TextMeasuring) { self.base = base }
    func advance(_ text: String, style: TextStyle) -> Double {
        remembered(\.advances, AdvanceKey(text: text, style: style)) { base.advance(text, style: style) }
    }
    func wrap(_ text: String, width: Double, maxLines: Int, style: TextStyle) -> WrappedText {
        remembered(\.wraps, WrapKey(text: text, width: width, maxLines: maxLines, style: style)) {
            TextWrap.wrapped(text, width: width, maxLines: maxLines, style: style, measurer: self)
        }
    }
    private func remembered<Key: Hashable, Value>(
        _ table: ReferenceWritableKeyPath<MemoMeasurer, [Key: Value]>, _ key: Key,
        _ make: () -> Value
    ) -> Value {
        if let v = lock.withLock({ self[keyPath: table][key] }) { return v }
        let v = make()
        lock.withLock { self[keyPath: table][key] = v }
        return v
    }
    func verticalMetrics(_ style: TextStyle) -> (ascent: Double, descent: Double) { base.verticalMetrics(style) }
}

let layoutMeasurer = MemoMeasurer(FontLibrary.shared)

private func plan(_ input: AndroidPlanInput) -> AndroidWidgetPlan { planAndroidWidget(input, measurer: layoutMeasurer) }

/// Smallest height in `range` from which `shown` holds for every taller height (nil if never).
private func threshold(_ range: ClosedRange<Int>, _ shown: (Int) -> Bool) -> Int? {
    var result: Int?
    for h in range.reversed() {
        if shown(h) { result = h } else { break }
    }
    return result
}

@Suite struct LayoutMeasuredAdvanceTests {
    // Seed 000 "Width budget": days label 23/30/46; numerals 13/14/21, 26/27/42, 38/41/62 (rounded up).
    @Test(arguments: [(1.0, 23.0, [13.0, 26, 38]), (1.3, 30, [14, 27, 41]), (2.0, 46, [21, 42, 62])])
    func seedAdvanceTable(fs: Double, days: Double, numerals: [Double]) {
        let m = AndroidTextMetrics(measurer: layoutMeasurer, fontScale: fs)
        expectTrue(m.width("days", m.body) == days)
        for (i, text) in ["7", "42", "365"].enumerated() {
            expectTrue(m.width(text, m.numeral(.small)) == numerals[i], "\(text) at fs \(fs)")
        }
    }
    @Test func newDayAdvance() {
        // "New day" 42–84 dp of advance (fontScale 1.0 … 2.0).
        expectTrue(
            AndroidTextMetrics(measurer: layoutMeasurer, fontScale: 1.0).width(
                "New day", .roboto(.regular, sp: 11, fontScale: 1.0)) == 42)
        expectTrue(
            AndroidTextMetrics(measurer: layoutMeasurer, fontScale: 2.0).width(
                "New day", .roboto(.regular, sp: 11, fontScale: 2.0)) == 84)
    }
}

@Suite struct LayoutHeightBudgetTests {
    private func medium(_ h: Int, fs: Double, state: WidgetState = .defaultProgress, width: Int = 320)
        -> AndroidWidgetPlan
    {
        plan(.reference(family: .medium, widthDp: Double(width), heightDp: Double(h), fontScale: fs, state: state))
    }

    /// Every width Medium takes from the seed's maxResizeWidth (250 dp, where its tables were
    /// measured) up: the tables have no width column, so no width may move them (issue #31 item 3).
    /// Every width's boundary is checked; every tenth width's whole height scan (and 251's).
    static let tableWidths = Array(200...400)

    @Test(arguments: [(1.0, 63.0, 72.0), (1.3, 71, 80)])
    func cores(fs: Double, core: Double, staleCore: Double) {
        for w in Self.tableWidths {
            let p = medium(400, fs: fs, width: w)
            expectTrue(p.element(.numeral).costDp + p.element(.captionRow).costDp == core, "w \(w)")
            let s = medium(400, fs: fs, state: .stale, width: w)
            expectTrue(!s.shows(.captionRow))
            expectTrue(s.element(.numeral).costDp + s.element(.staleFooter).costDp == staleCore, "w \(w)")
        }
    }

    @Test(arguments: [
        (1.0, WidgetState.defaultProgress, 124, 147), (1.15, .defaultProgress, 135, 160),
        (1.3, .defaultProgress, 137, 165),
        (1.0, .stale, 133, 156), (1.3, .stale, 146, 174),
    ])
    func labelThresholds(fs: Double, state: WidgetState, dayStreak: Int, longest: Int) {
        var wrong: [String] = []
        for w in Self.tableWidths {
            if w % 10 == 0 || w == Self.tableWidths.first! + 1 {
                // The whole scan: shown at every height from 260 dp down to the threshold, not below it.
                let plans = Dictionary(
                    uniqueKeysWithValues: (100...260).map { ($0, medium($0, fs: fs, state: state, width: w)) })
                let ds = threshold(100...260) { plans[$0]!.shows(.dayStreakLabel) }
                let lg = threshold(100...260) { plans[$0]!.shows(.longestLabel) }
                if ds != dayStreak || lg != longest {
                    wrong.append(
                        "w \(w): DAY STREAK from \(ds.map(String.init) ?? "never"), Longest from "
                            + "\(lg.map(String.init) ?? "never")"
                    )
                }
            } else {
                // Between them, the boundary itself: shown at the threshold, shed one dp below it.
                let (atDS, belowDS) = (
                    medium(dayStreak, fs: fs, state: state, width: w),
                    medium(dayStreak - 1, fs: fs, state: state, width: w)
                )
                let (atLg, belowLg) = (
                    medium(longest, fs: fs, state: state, width: w), medium(longest - 1, fs: fs, state: state, width: w)
                )
                if !atDS.shows(.dayStreakLabel) || belowDS.shows(.dayStreakLabel) || !atLg.shows(.longestLabel)
                    || belowLg.shows(.longestLabel)
                {
                    wrong.append("w \(w): a threshold moved off \(dayStreak) / \(longest) dp")
                }
            }
        }
        expectTrue(wrong.count == 0, "\(wrong.prefix(8).joined(separator: "; "))")
    }

    @Test func shedOrderLongestBeforeDayStreak() {
        for h in 100...260 {
            let p = medium(h, fs: 1.0)
            if p.shows(.longestLabel) { expectTrue(p.shows(.dayStreakLabel)) }
        }
    }

    /// The seed's Small numbers describe the legacy stack (progress text + the 4-pip row, so four
    /// habits); the kindling body leads with the next-due row and the pill instead.
    @Test func smallDefaultStackIs93AtFs13AndPipRowDrops() {
        let p = plan(
            .reference(family: .small, widthDp: 150, heightDp: 400, fontScale: 1.3, kindling: false, habitCount: 4))
        let stack = [PlanPart.numeral, .captionRow, .progress, .pipRow].map { p.element($0).costDp }.reduce(0, +)
        expectTrue(stack == 93)
        let floor = plan(.reference(family: .small, widthDp: 150, heightDp: 130, fontScale: 1.3, kindling: false))
        expectTrue(floor.mainRowBudgetDp == 84)
        expectTrue(!floor.shows(.pipRow) && floor.shows(.progress))
    }
}

@Suite struct LayoutWidthBudgetTests {
    // Seed 000 band table: w × fontScale × digits → showsFlame, showsDaysLabel.
    static let rows: [(Int, [Double], [Int], Bool, Bool)] = [
        (110, [1.0, 1.15, 1.3], [1, 2], true, false),
        (110, [1.3], [3], false, false),
        (110, [2.0], [2, 3], false, false),
        (130, [1.0, 1.15, 1.3], [1], true, true),
        (130, [2.0], [3], false, false),
        (180, [1.0, 1.15, 1.3], [1, 2, 3], true, true),
        (180, [2.0], [1, 2], true, true),
        (250, [1.0, 1.15, 1.3, 2.0], [1, 2, 3], true, true),
    ]
    @Test(arguments: rows.indices)
    func bandTableRow(_ i: Int) {
        let (w, scales, digits, flame, days) = Self.rows[i]
        for fs in scales {
            for d in digits {
                let streak = [7, 42, 365][d - 1]
                // The width table has no height column: it holds at every height Small takes.
                for h in stride(from: 130, through: 400, by: 5) {
                    let p = plan(
                        .reference(
                            family: .small, widthDp: Double(w), heightDp: Double(h), fontScale: fs, streak: streak))
                    expectTrue(p.shows(.flame) == flame, "w \(w) h \(h) fs \(fs) digits \(d)")
                    expectTrue(p.shows(.daysLabel) == days, "w \(w) h \(h) fs \(fs) digits \(d)")
                    expectTrue(p.shows(.numeral))
                }
            }
        }
    }
    @Test func days85Plus6Over90() {
        let p = plan(.reference(family: .small, widthDp: 130, heightDp: 180, fontScale: 1.0, streak: 42))
        expectTrue(p.shows(.flame) && !p.shows(.daysLabel))
        expectTrue(p.element(.daysLabel).reason.contains("91 > 90"))
    }
    @Test func compactProgressAtFs2() {
        let p = plan(.reference(family: .small, widthDp: 110, heightDp: 400, fontScale: 2.0, habitCount: 4))
        expectTrue(p.element(.progress).text == "0/4")
        let q = plan(.reference(family: .small, widthDp: 110, heightDp: 400, fontScale: 1.0, habitCount: 4))
        expectTrue(q.element(.progress).text == "0 of 4 done")
    }
}

@Suite struct LayoutSizeTests {
    @Test func resolveSizeWidthBoundary() {
        for (w, expected) in [(199.0, AndroidFamily.small), (200, .large), (201, .large)] {
            let p = plan(.reference(widthDp: w, heightDp: AndroidLayout.largeHeightThresholdDp, kindling: true))
            expectTrue(p.size == expected, "\(w)")
        }
    }
    @Test func resolveSizePure() {
        expectTrue(
            resolveSize(minWidthDp: 300, minHeightDp: 400, kindling: false, largeHabitCapacity: 6).size == .medium)
        expectTrue(
            resolveSize(minWidthDp: 300, minHeightDp: 269, kindling: true, largeHabitCapacity: 6).size == .medium)
        expectTrue(
            resolveSize(minWidthDp: 300, minHeightDp: 400, kindling: true, largeHabitCapacity: 1).size == .medium)
        expectTrue(resolveSize(minWidthDp: 300, minHeightDp: 400, kindling: true, largeHabitCapacity: 2).size == .large)
    }
    @Test func viabilityFallsBackToMediumAtLargeFontScale() {
        // At fontScale 2.0 the 270 dp floor can't seat 2 rows → Medium; tall enough → Large.
        expectTrue(plan(.reference(widthDp: 300, heightDp: 270, fontScale: 2.0)).size == .medium)
        let tall = plan(.reference(widthDp: 500, heightDp: 400, fontScale: 2.0))
        expectTrue(tall.size == .large && tall.habitRows.count >= 2)
    }
}

@Suite struct LayoutLargeTests {
    private func rungAt(_ w: Int, fs: Double) -> LargeHeaderRung? {
        plan(.reference(family: .large, widthDp: Double(w), heightDp: 400, fontScale: fs)).rung
    }
    // Reference case: 2-digit streak (12), "Longest 21", stones not-yet "Add a stone".
    @Test(arguments: [(1.0, 290, 219), (1.3, 334, 244), (2.0, 460, 325)])
    func ladderThresholds(fs: Double, inline: Int, compact: Int) {
        expectTrue(threshold(150...700) { rungAt($0, fs: fs) == .inline } == inline)
        expectTrue(threshold(150...700) { rungAt($0, fs: fs) != .stacked } == compact)
    }
    @Test func reportedGeometry() {
        let p = plan(.reference(widthDp: 230, heightDp: 330, fontScale: 1.0))
        expectTrue(p.size == .large)
        expectTrue(p.rung == .compact)
        expectTrue(p.habitRows.count == 5)
        expectTrue(p.overflow == 0 && !p.shows(.overflowLine))
        expectTrue(!p.levelB)
        // Level A: the next-due row seats two label lines in its 44 dp row.
        let next = p.habitRows.first { $0.isNextDue }
        expectTrue(next?.labelMaxLines == 2 && next?.frame.height == AndroidLayout.kindlingNextDueRowHeightDp)
        expectTrue(p.habitRows.filter { !$0.isNextDue }.allSatisfy { $0.labelMaxLines == 1 })
        // COMPACT renders coachLineShort; the labels wrapper is gone.
        expectTrue(p.element(.coachLine).text == "Add today's stone.")
        expectTrue(!p.shows(.dayStreakLabel) && !p.shows(.longestLabel))
    }
    @Test func levelBFiresWhenRoomy() {
        let p = plan(.reference(widthDp: 400, heightDp: 400, fontScale: 1.0, habitCount: 3))
        expectTrue(p.size == .large && p.rung == .inline && p.levelB)
        expectTrue(p.habitRows.allSatisfy { $0.labelMaxLines == 2 })
        expectTrue(p.element(.coachLine).text == "Add today's stone to keep the tower rising.")
    }
    @Test func overflowAndCap() {
        let p = plan(.reference(widthDp: 400, heightDp: 400, fontScale: 1.0, habitCount: 9))
        expectTrue(p.habitRows.count <= AndroidLayout.largeMaxHabitRows)
        expectTrue(p.overflow == 9 - p.habitRows.count && p.shows(.overflowLine))
        expectTrue(!p.levelB)
    }
    @Test func nextDueStaysVisible() {
        let p = plan(.reference(widthDp: 230, heightDp: 330, fontScale: 1.0, habitCount: 9, doneCount: 8))
        expectTrue(p.habitRows.last?.habitIndex == 8 && p.habitRows.last?.isNextDue == true)
    }
}

@Suite struct LayoutNewDayTests {
    // Seed: at 110 dp × fontScale 2.0, below 160 dp "New day" needs 2 lines but only 1 is granted —
    // the caption row ("Add to…", ellipsized) renders instead.
    @Test func smallFloorLimitation() {
        for h in 130..<160 {
            let p = plan(.reference(family: .small, widthDp: 110, heightDp: Double(h), fontScale: 2.0, state: .newDay))
            expectTrue(!p.shows(.newDayLine) && !p.shows(.newDayIcon), "\(h)")
            expectTrue(p.shows(.captionRow) && p.element(.captionRow).ellipsized, "\(h)")
        }
        let p = plan(.reference(family: .small, widthDp: 110, heightDp: 160, fontScale: 2.0, state: .newDay))
        expectTrue(p.shows(.newDayLine) && p.element(.newDayLine).lines == 2)
        expectTrue(p.shows(.newDayIcon))
        expectTrue(!p.shows(.captionRow))
    }
    /// Seed 000 OBJ-1382, the formula itself: maxNewDayLines = min(2, floor((budget(h) − head(fs) −
    /// 6) / lineBox(11, fs))); showsNewDayIcon = wraps("New day", textBox(w, true)) ≤ maxNewDayLines;
    /// showsNewDayLine = showsNewDayIcon ∨ wraps("New day", textBox(w, false)) ≤ maxNewDayLines;
    /// showsCaptionRow = ¬showsNewDayLine — at the body size, never stepped down (the old layout
    /// stepped it above the floor), across every height Small reaches × font scale × streak digits.
    @Test func newDayFollowsTheSeedsFormula() {
        var wrong: [String] = []
        var fallbacks = 0
        for w in [110, 111, 115, 120, 124, 130, 150, 180, 199] {
            for h in stride(from: 130, through: 200, by: 5) {
                for fs in [1.0, 1.15, 1.3, 1.5, 2.0] {
                    for streak in [7, 42, 365] {
                        let p = plan(
                            .reference(
                                family: .small, widthDp: Double(w), heightDp: Double(h), fontScale: fs, state: .newDay,
                                streak: streak, longest: max(streak, 21)))
                        let m = AndroidTextMetrics(measurer: layoutMeasurer, fontScale: fs)
                        let head = p.element(.numeral).costDp
                        let maxLines = min(2, Int(((p.mainRowBudgetDp - head - 6) / m.line).rounded(.down)))
                        let cw = AndroidLayout.contentWidth(Double(w))
                        let icon = (m.wrapLines("New day", width: cw - 17, style: m.body) ?? 99) <= maxLines
                        let line = icon || (m.wrapLines("New day", width: cw, style: m.body) ?? 99) <= maxLines
                        let ctx = "\(w)×\(h) fs \(fs) streak \(streak)"
                        if p.shows(.newDayIcon) != icon || p.shows(.newDayLine) != line || p.shows(.captionRow) == line
                        {
                            wrong.append(ctx)
                        }
                        if p.shows(.newDayLine) && p.element(.newDayLine).style?.size != 11 * fs {
                            wrong.append("\(ctx): New day stepped")
                        }
                        if !line { fallbacks += 1 }
                    }
                }
            }
        }
        expectTrue(wrong.isEmpty, "\(wrong.count) plans off the formula, e.g. \(wrong.prefix(6))")
        expectTrue(fallbacks > 0)  // the sweep reaches the caption fallback
    }
    @Test func roomyNewDayShedsCaptionUnconditionally() {
        let p = plan(.reference(family: .small, widthDp: 180, heightDp: 180, fontScale: 1.0, state: .newDay))
        expectTrue(p.shows(.newDayIcon) && p.shows(.newDayLine) && p.element(.newDayLine).lines == 1)
        expectTrue(!p.shows(.captionRow) && !p.shows(.pipRow) && !p.shows(.progress))
    }
}

@Suite struct LayoutPropertySweep {
    // Every 40 dp wide / 30 dp tall plus the seed's boundaries (keeps the debug run to a few seconds).
    static let widths = Array(
        Set(
            Array(stride(from: 110, through: 500, by: 40)) + [
                117, 130, 180, 199, 200, 219, 230, 250, 290, 334, 460, 500,
            ])
    ).sorted()
    static let heights = Array(
        Set(Array(stride(from: 130, through: 400, by: 30)) + [124, 147, 155, 165, 174, 180, 269, 270, 330, 400])
    ).sorted().filter { $0 >= 130 }
    static let scales = [1.0, 1.15, 1.3, 2.0]
    static let streaks = [7, 42, 365, 1234]

    @Test(arguments: scales)
    func sweep(fs: Double) {
        var failures: [String] = []
        for state in WidgetState.allCases {
            for streak in Self.streaks {
                var a11y: Set<AccessibilityContent> = []
                for w in Self.widths {
                    for h in Self.heights {
                        let input = AndroidPlanInput.reference(
                            widthDp: Double(w), heightDp: Double(h), fontScale: fs, state: state,
                            streak: streak, longest: max(streak, 21), habitCount: 5,
                            doneCount: state == .allDone ? 5 : 1)
                        let p = plan(input)
                        check(
                            p, "\(w)×\(h) fs \(fs) \(state) streak \(streak) → \(p.size)", state: state, into: &failures
                        )
                        a11y.insert(p.accessibility)
                    }
                }
                expectTrue(a11y.count == 1, "accessibility differs across bands: \(state) fs \(fs) streak \(streak)")
            }
        }
        expectTrue(
            failures.count == 0, "\(failures.count) failure(s), first: \(failures.prefix(12).joined(separator: "\n"))")
    }

    /// Every failure of one plan, appended to `failures` (one `#expect` per sweep, not per check:
    /// a recorded expectation per element of ~38,000 plans was most of the suite's time).
    func check(
        _ p: AndroidWidgetPlan, _ ctx: @autoclosure () -> String, state: WidgetState, into failures: inout [String]
    ) {
        if state != .firstRun { if !(p.shows(.numeral)) { failures.append("numeral hidden: \(ctx())") } }
        let box = p.contentBox
        let mainBox = Rect(x: box.x, y: box.y, width: box.width, height: p.mainRowBudgetDp)
        for e in p.elements.values where e.shown {
            guard let f = e.frame else {
                failures.append("shown without frame: \(e.key) \(ctx())")
                continue
            }
            let container = e.key == .staleFooter ? box : mainBox
            if !(container.contains(f)) { failures.append("\(e.key) \(f) outside \(container): \(ctx())") }
            if e.maxLines == 1, let text = e.text, let style = e.style, e.key != .numeral {
                let need = AndroidLayout.ceilDp(layoutMeasurer.advance(text, style: style))
                if !(need <= f.width + 0.01 || e.ellipsized) {
                    failures.append("\(e.key) \"\(text)\" \(need) > \(f.width) not ellipsized: \(ctx())")
                }
            }
            if e.key == .numeral, let text = e.text, let style = e.style {
                if !(AndroidLayout.ceilDp(layoutMeasurer.advance(text, style: style)) <= f.width + 0.01) {
                    failures.append("numeral clipped: \(ctx())")
                }
            }
        }
        for r in p.habitRows {
            if !(mainBox.contains(r.frame)) {
                failures.append("habit row \(r.habitIndex) \(r.frame) outside \(mainBox): \(ctx())")
            }
            if !(r.frame.contains(r.labelFrame)) { failures.append("label outside row: \(ctx())") }
        }
        // Budgeted rows: inside their column, no overlaps.
        for column in Set(p.rows.map(\.column)) {
            let rs = p.rows.filter { $0.column == column }.sorted { $0.y < $1.y }
            for (a, b) in zip(rs, rs.dropFirst()) {
                if !(a.y + a.height <= b.y + 0.01) { failures.append("\(a.owner) overlaps \(b.owner): \(ctx())") }
            }
            for r in rs {
                let bottom = column == .footer ? box.maxY : box.y + p.mainRowBudgetDp
                if !(r.y >= box.y - 0.01 && r.y + r.height <= bottom + 0.01) {
                    failures.append("\(r.owner) beyond budget: \(ctx())")
                }
            }
        }
        let total = p.habitRows.count + p.overflow
        if p.size != .small, [.defaultProgress, .stale].contains(state) {
            if !(total == 5) { failures.append("rows + overflow ≠ habits: \(ctx())") }
        }
    }
}
