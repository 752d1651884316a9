import Foundation
import Testing
import WidgetLayout
import WidgetModel

@testable import WidgetRaster

/// Issue #51 Build 1: every Android behaviour the seed states is drawn exactly as stated — even
/// where it loses meaning (the loss is then reported, never bent) — each checked at the sizes where
/// the layout used to depart from it.
@Suite struct SeedFaithfulAndroidTests {
    static func plan(
        _ family: AndroidFamilyRequest, _ w: Double, _ h: Double, _ fs: Double, _ state: WidgetState,
        reactive: ReactiveTreatment = .notYet, kindling: Bool = true, habits: Int = 4, done: Int = 1
    ) -> AndroidWidgetPlan {
        planAndroidWidget(
            .reference(
                family: family, widthDp: w, heightDp: h, fontScale: fs, state: state, reactive: reactive,
                kindling: kindling, habitCount: habits, doneCount: state == .allDone ? habits : done),
            measurer: layoutMeasurer)
    }
    static let fontScales = [1.0, 1.15, 1.3, 1.42, 1.6, 2.0]

    /// Seed 000, Width budget, Structural floor: "Every single-line TextView in
    /// home_widget_small.xml (days_label, reactive_caption_text, progress_default, progress_stale,
    /// stale_caption_small) gets android:maxLines="1" + android:ellipsize="end"", and "Caption floor,
    /// both Large and Medium. reactive_caption_text_large and reactive_caption_text_medium now carry
    /// android:maxLines="1" + android:ellipsize="end"". The audit's example drew the footer as
    /// "Today · / last / synced / 20h ago" (117 × 386 dp, fontScale 1.6).
    @Test func oneLineViewsAreOneLineCutAtTheirEnd() {
        let example = Self.plan(.small, 117, 386, 1.6, .stale)
        let footer = example.element(.staleFooter)
        expectTrue(footer.shown && footer.lines == 1 && footer.maxLines == 1, "\(footer.reason)")
        expectTrue(
            footer.drawn?.lines.count == 1 && footer.drawn?.ellipsized == true, "\(String(describing: footer.drawn))")
        var wrapped: [String] = []
        // 70,308 plans, or about one in twenty (`Sweep`) with every family, width, height, scale and state.
        let cases = Sweep.sample(
            [AndroidFamilyRequest.small, .medium, .large].flatMap { family in
                Array(stride(from: 110.0, through: 400, by: 7)).flatMap { w in
                    Array(stride(from: 130.0, through: 400, by: 9)).flatMap { h in
                        Self.fontScales.flatMap { fs in
                            [WidgetState.defaultProgress, .stale, .allDone].map { (family, w, h, fs, $0) }
                        }
                    }
                }
            },
            oneIn: 20
        ) { family, w, h, fs, state in ["family \(family)", "w \(w)", "h \(h)", "fs \(fs)", "state \(state)"] }
        for (family, w, h, fs, state) in cases {
            let p = Self.plan(
                family, w, h, fs, state, reactive: .extended,
                kindling: family != .small || w.truncatingRemainder(dividingBy: 2) == 0)
            for key in AndroidLayout.oneLineViews(p.size) where p.shows(key) {
                let e = p.element(key)
                if e.lines != 1 || (e.drawn?.lines.count ?? 1) != 1 || e.maxLines != 1 {
                    wrapped.append("\(p.size) \(w)×\(h) fs\(fs) \(state): \(key) on \(e.lines) lines")
                }
            }
        }
        expectTrue(wrapped.isEmpty, "\(wrapped.count) one-line views drawn on more lines, e.g. \(wrapped.prefix(4))")
    }

    /// Seed 000, State catalog: Stale — "Default content + "Today · last synced Xh ago" caption":
    /// one string. The audit's example drew "20h ago" (111 × 148 dp, fontScale 1.42).
    @Test func theStaleFooterIsTheSeedsOneString() {
        for (w, h, fs) in [
            (111.0, 148.0, 1.42), (110, 130, 2.0), (117, 386, 1.6), (160, 180, 1.0), (230, 330, 1.3), (300, 400, 2.0),
        ] {
            for family in [AndroidFamilyRequest.small, .medium, .large] {
                let p = Self.plan(family, w, h, fs, .stale)
                let drawn = p.element(.staleFooter).drawn?.lines.joined() ?? ""
                let seed = "Today · last synced 20h ago"
                expectTrue(
                    drawn == seed || drawn.hasSuffix("…") && seed.hasPrefix(String(drawn.dropLast())),
                    "\(family) \(w)×\(h) fs\(fs): \(drawn)")
            }
        }
    }

    /// Seed 000, The always-visible core: "Core = head row (flame + numeral) + reactive caption row.
    /// Nothing else is guaranteed to render." — all-done's "All done today" never takes the caption
    /// row's place (only NEW_DAY's line does, OBJ-1382). The old layout shed the caption at 110 × 130
    /// dp × fontScale 1.3 for the title.
    @Test func smallAllDoneKeepsTheCoreCaption() {
        for h in stride(from: 130.0, through: 180, by: 5) {
            for fs in [1.0, 1.15, 1.3] {
                for w in [110.0, 130, 160, 199] {
                    let p = Self.plan(.small, w, h, fs, .allDone, reactive: .extended)
                    expectTrue(p.shows(.captionRow), "\(w)×\(h) fs\(fs): \(p.element(.captionRow).reason)")
                }
            }
        }
        // And the numeral keeps its seed size (22 sp ≤ fontScale 1.15, 18 sp above): nothing steps it to make room.
        let p = Self.plan(.small, 110, 130, 1.3, .allDone, reactive: .extended)
        expectTrue(p.element(.numeral).style?.size == 18 * 1.3)
    }

    /// Seed 000, Small widget: "The 4-pip progress row […] drops when the budget is tight — it's
    /// redundant with the "N of M done" text directly above it"; Structural floor: "0 of 4 done […]
    /// HomeWidgetProvider.usesCompactProgress(...) swaps it for 0/4 when the measured advance
    /// exceeds contentWidth". So the pips shed before the text, and the text is never stepped down.
    @Test func smallLegacyStackShedsPipsBeforeTheCountAndCompactsByWidth() {
        var order: [String] = []
        for h in stride(from: 130.0, through: 200, by: 1) {
            for fs in [1.0, 1.3] {
                let p = Self.plan(.small, 150, h, fs, .defaultProgress, kindling: false, habits: 4, done: 0)
                if p.shows(.pipRow) && !p.shows(.progress) { order.append("\(h) fs\(fs)") }
                if p.shows(.progress) { expectTrue(p.element(.progress).style?.size == 11 * fs) }
            }
        }
        expectTrue(order.isEmpty, "pips without the count at \(order)")
        let wide = Self.plan(.small, 150, 400, 1.3, .defaultProgress, kindling: false, habits: 4, done: 0)
        expectTrue(wide.element(.progress).drawn?.lines == ["0 of 4 done"])
        let narrow = Self.plan(.small, 110, 400, 2.0, .defaultProgress, kindling: false, habits: 4, done: 0)
        expectTrue(narrow.element(.progress).drawn?.lines == ["0/4"])
    }

    /// Seed 000 resolveSize: "a granted height that clears the threshold but, at the current font
    /// scale, can't seat at least 2 habit rows falls back to Medium rather than rendering a cramped
    /// Large". No Large is drawn with fewer than two habit rows where its state lists two or more.
    @Test func largeSeatsTwoRowsOrIsMedium() {
        var cramped: [String] = []
        // 30,132 plans, or about one in twenty (`Sweep`) with every width, height, scale, state and count.
        let cases = Sweep.sample(
            Array(stride(from: 200.0, through: 500, by: 10)).flatMap { w in
                Array(stride(from: 270.0, through: 400, by: 5)).flatMap { h in
                    Self.fontScales.flatMap { fs in
                        [WidgetState.defaultProgress, .stale].flatMap { state in
                            [2, 4, 7].map { (w, h, fs, state, $0) }
                        }
                    }
                }
            },
            oneIn: 20
        ) { w, h, fs, state, habits in ["w \(w)", "h \(h)", "fs \(fs)", "state \(state)", "habits \(habits)"] }
        for (w, h, fs, state, habits) in cases {
            let p = Self.plan(.auto, w, h, fs, state, habits: habits, done: 0)
            if p.size == .large && p.habitRows.count < 2 {
                cramped.append("\(w)×\(h) fs\(fs) \(state) \(habits) habits")
            }
        }
        expectTrue(cramped.isEmpty, "\(cramped.count) Large renders with one row, e.g. \(cramped.prefix(4))")
    }

    /// Seed 000, The threshold: DAY STREAK ≥124/135/137 dp, STALE ≥133/146; Longest N ≥147/160/165,
    /// STALE ≥156/174 — "the budget comparison in HomeWidgetProvider.planWidget(...)", with no width
    /// column. At 200–249 dp the old layout capped the left column and wrapped the caption.
    @Test(arguments: [
        (1.0, WidgetState.defaultProgress, 124, 147), (1.15, .defaultProgress, 135, 160),
        (1.3, .defaultProgress, 137, 165),
        (1.0, .stale, 133, 156), (1.3, .stale, 146, 174),
    ])
    func mediumLabelThresholdsHoldAtNarrowWidths(fs: Double, state: WidgetState, dayStreak: Double, longest: Double) {
        for w in stride(from: 200.0, through: 250, by: 1) {
            let (at, below) = (
                Self.plan(.medium, w, dayStreak, fs, state, reactive: .extended),
                Self.plan(.medium, w, dayStreak - 1, fs, state, reactive: .extended)
            )
            expectTrue(at.shows(.dayStreakLabel) && !below.shows(.dayStreakLabel), "w \(w): DAY STREAK")
            let (atL, belowL) = (
                Self.plan(.medium, w, longest, fs, state, reactive: .extended),
                Self.plan(.medium, w, longest - 1, fs, state, reactive: .extended)
            )
            expectTrue(atL.shows(.longestLabel) && !belowL.shows(.longestLabel), "w \(w): Longest N")
        }
    }
}
