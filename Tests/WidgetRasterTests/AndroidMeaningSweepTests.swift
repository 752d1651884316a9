import Foundation
import Testing
import WidgetLayout
import WidgetModel

@testable import WidgetRaster

/// Issue #21 item 4 for Android's layout: across sizes 110…400 dp × fontScale 1.0 / 1.15 / 1.3 /
/// 2.0, every family and state keeps what seed 000 says it keeps, and sheds in the seed's order.
/// (The required-content check itself is t21check's; these pin the geometry this layout owns.)
@Suite struct AndroidMeaningSweepTests {
    static let widths = Array(stride(from: 110, through: 400, by: 30)) + [130, 170, 200, 218, 230]
    static let heights = Array(stride(from: 130, through: 400, by: 30)) + [155, 165, 180, 330]
    static let scales = [1.0, 1.15, 1.3, 2.0]
    static let families: [AndroidFamilyRequest] = [.small, .medium, .large]

    static func plan(
        _ family: AndroidFamilyRequest, _ w: Int, _ h: Int, _ fs: Double, _ state: WidgetState,
        reactive: ReactiveTreatment = .notYet, habits: Int = 5
    ) -> AndroidWidgetPlan {
        planAndroidWidget(
            .reference(
                family: family, widthDp: Double(w), heightDp: Double(h), fontScale: fs, state: state,
                reactive: reactive, habitCount: habits, doneCount: state == .allDone ? habits : 1),
            measurer: layoutMeasurer)
    }

    /// Seed 000 "The always-visible core": STALE reserves the footer (72 / 80 dp); the structural
    /// floor ellipsizes stale_caption_small, it never removes it.
    @Test(arguments: scales) func staleFooterIsNeverRemoved(fs: Double) {
        for family in Self.families {
            for w in Self.widths {
                for h in Self.heights {
                    let p = Self.plan(family, w, h, fs, .stale)
                    let footer = p.shows(.staleFooter)
                    let numeral = p.shows(.numeral)
                    let why = p.element(.staleFooter).reason
                    expectTrue(footer, "\(family) \(w)×\(h) fs \(fs): \(why)")
                    expectTrue(numeral, "\(family) \(w)×\(h) fs \(fs): numeral")
                }
            }
        }
    }

    /// Seed 000 "Shedding order": Longest N first, then DAY STREAK, then habit rows from the bottom.
    /// Medium's default 300 × 180 dp at fontScale 1.3 keeps a habit row (issue #21): the Coach line
    /// yields its lines to the first row.
    @Test(arguments: scales) func mediumShedsInTheSeedsOrder(fs: Double) {
        for w in Self.widths where w >= 200 {
            for h in Self.heights {
                for done in [0, 1] {
                    let input = AndroidPlanInput.reference(
                        family: .medium, widthDp: Double(w), heightDp: Double(h), fontScale: fs,
                        habitCount: 5, doneCount: done)
                    let p = planAndroidWidget(input, measurer: layoutMeasurer)
                    let ctx = "medium \(w)×\(h) fs \(fs) done \(done)"
                    let longest = p.shows(.longestLabel)
                    let dayStreak = p.shows(.dayStreakLabel)
                    let overflowLine = p.shows(.overflowLine)
                    let noRow = p.habitRows.isEmpty
                    let hidden = p.overflow > 0
                    if longest { expectTrue(dayStreak, "Longest N without DAY STREAK: \(ctx)") }
                    // The labels live in the left column, the rows in the checklist column, and the
                    // labels' thresholds are the seed's pinned band table; within the checklist column
                    // "rows shed last" means the Coach line gives way before the first row goes.
                    if noRow && p.shows(.coachLine) {
                        var without = input
                        without.coachLine = nil
                        without.coachLineShort = nil
                        let seatsWithout = planAndroidWidget(without, measurer: layoutMeasurer).habitRows.count
                        expectTrue(seatsWithout == 0, "a Coach line kept where shedding it seats a habit row: \(ctx)")
                    }
                    // Beyond the seed's tables (its heights stop at fontScale 1.3): at the 130 dp floor
                    // × 2.0 the 76–96 dp column cannot hold "+5 more in the app" whole even on two lines.
                    // "+N more" is the rest of a list: with no row it is not drawn, and the count says the habits.
                    if hidden && !noRow && !(fs == 2.0 && h == 130) {
                        expectTrue(overflowLine, "a habit hidden without the overflow line: \(ctx)")
                    }
                    if noRow { expectTrue(!overflowLine, "'+N more' with no row above it: \(ctx)") }
                }
            }
        }
        let p = Self.plan(.medium, 300, 180, 1.3, .defaultProgress)
        let keepsNextDue = p.habitRows.contains { $0.isNextDue }
        expectTrue(keepsNextDue)
    }

    /// As the height shrinks, the seed's shed list only ever loses items: never a habit row back
    /// once fewer fit, never Longest N back once it went.
    @Test(arguments: scales) func shedOrderIsMonotonicAsTheBudgetShrinks(fs: Double) {
        for family in Self.families {
            for w in Self.widths {
                var rows = Int.max
                var longest = true
                var dayStreak = true
                for h in Self.heights.sorted(by: >) {
                    let p = Self.plan(family, w, h, fs, .defaultProgress)
                    let ctx = "\(family) \(w)×\(h) fs \(fs) → \(p.size)"
                    guard p.size == (family == .small ? .small : family == .medium ? .medium : .large) else { continue }
                    let count = p.habitRows.count
                    let longestNow = p.shows(.longestLabel)
                    let dayStreakNow = p.shows(.dayStreakLabel)
                    expectTrue(count <= rows, "a habit row came back as the height shrank: \(ctx)")
                    if !longest { expectTrue(!longestNow, "Longest N came back: \(ctx)") }
                    if !dayStreak { expectTrue(!dayStreakNow, "DAY STREAK came back: \(ctx)") }
                    rows = p.habitRows.count
                    longest = p.shows(.longestLabel)
                    dayStreak = p.shows(.dayStreakLabel)
                }
            }
        }
    }

    /// Large: the closing motivator is a sentence — shown whole or shed whole, never cut — and the
    /// seed's reported geometry keeps every habit row (OBJ-2428: "all 5 habit rows still render
    /// with no overflow line").
    @Test(arguments: scales) func largeMotivatorIsNeverCut(fs: Double) {
        for w in Self.widths where w >= 200 {
            for h in Self.heights where h >= 270 {
                for state in [WidgetState.defaultProgress, .allDone, .newDay] {
                    let p = Self.plan(.large, w, h, fs, state)
                    let motivator = p.element(.motivatorLine)
                    let cut = motivator.ellipsized
                    expectTrue(!cut, "large \(w)×\(h) fs \(fs) \(state): \(motivator.drawn?.lines ?? [])")
                }
            }
        }
        let p = Self.plan(.auto, 230, 330, 1.0, .defaultProgress)
        let size = p.size
        let rows = p.habitRows.count
        let overflow = p.overflow
        let overflowLine = p.shows(.overflowLine)
        expectTrue(size == .large && rows == 5 && overflow == 0 && !overflowLine)
    }

    /// Large's all-done body is its checklist closed by the all-done motivator (seed 000 Large
    /// family: the row cap is there "so the closing motivator line is never pushed out of the card by
    /// a long habit list"): wherever Large resolves the motivator draws whole, and "+N more done"
    /// counts every row that yields to it.
    @Test(arguments: scales) func largeAllDoneKeepsItsMotivator(fs: Double) {
        for w in Self.widths where w >= 200 {
            for h in Self.heights where h >= 270 {
                for reactive in ReactiveTreatment.allCases {
                    for habits in [1, 4, 6] {
                        let p = Self.plan(.auto, w, h, fs, .allDone, reactive: reactive, habits: habits)
                        guard p.size == .large else { continue }
                        let motivator = p.shows(.motivatorLine)
                        let why = p.element(.motivatorLine).reason
                        let rows = p.habitRows.count
                        let overflow = p.overflow
                        let overflowLine = p.shows(.overflowLine)
                        expectTrue(motivator, "large \(w)×\(h) fs \(fs) \(reactive) \(habits) habits: \(why)")
                        expectTrue(
                            overflow == habits - rows && (overflow == 0 || overflowLine),
                            Comment(
                                rawValue: "large \(w)×\(h) fs \(fs) \(reactive) \(habits) habits: \(rows) rows, "
                                    + "overflow \(overflow), line \(overflowLine)")
                        )
                    }
                }
            }
        }
    }
}
