import Foundation
import Testing
@testable import WidgetRaster

/// Android Small keeps its state's own line (issue #21 item 3): ALL_DONE / EMPTY's title and the
/// legacy stack's "N of M done" outrank the numeral's full size (it steps down, never below today's
/// 22 dp), the STALE footer's second line and the caption row — in that order.
@Suite struct SmallStateLineTests {
    static func input(_ w: Int, _ h: Int, _ fs: Double, _ state: WidgetState, reactive: ReactiveTreatment = .notYet,
                      kindling: Bool = true) -> AndroidPlanInput {
        .reference(family: .small, widthDp: Double(w), heightDp: Double(h), fontScale: fs, state: state,
                   reactive: reactive, kindling: kindling, habitCount: 5, doneCount: state == .allDone ? 5 : 0)
    }
    static func plan(_ w: Int, _ h: Int, _ fs: Double, _ state: WidgetState, reactive: ReactiveTreatment = .notYet,
                     kindling: Bool = true) -> AndroidWidgetPlan {
        planAndroidWidget(input(w, h, fs, state, reactive: reactive, kindling: kindling), measurer: layoutMeasurer)
    }

    /// The task's example: at 110 × 130 dp the two-line footer (41 dp) left 13 dp under the 30 dp
    /// head, so "0 of 5 done" (19 dp) shed; the footer now takes one line (26 dp), in the shorter
    /// form that line holds whole, so the age is not cut ("Today · last syn…" before).
    @Test func legacyStaleKeepsItsProgressOverTheFootersSecondLine() {
        let p = Self.plan(110, 130, 1.0, .stale, kindling: false)
        #expect(p.shows(.progress), "\(p.element(.progress).reason)")
        #expect(p.element(.progress).drawn?.lines == ["0 of 5 done"])
        let footer = p.element(.staleFooter)
        #expect(footer.shown && footer.lines == 1 && !footer.ellipsized, "\(footer.reason)")
        #expect(footer.drawn?.lines.joined().hasSuffix("20h ago") == true, "\(footer.reason)")
        // Where the stack fits beside the lines it wraps to (three at 70 dp), the footer keeps them
        // all, whole (issue #31: it used to stop at two, "synced 20…", with the room unused).
        let roomy = Self.plan(110, 180, 1.0, .stale, kindling: false)
        #expect(roomy.shows(.progress) && roomy.element(.staleFooter).lines == 3 && !roomy.element(.staleFooter).ellipsized)
        #expect(roomy.element(.staleFooter).drawn?.text.contains("20h") == true)
    }

    /// Kindling's STALE Small draws the day's count too (Stale = "Default content + … caption"), and
    /// the footer keeps its age in a shorter form where its lines yield to the count.
    @Test func kindlingStaleKeepsTheCountAndTheFootersAge() {
        let p = Self.plan(110, 130, 1.0, .stale)
        #expect(p.shows(.progress), "\(p.element(.progress).reason)")
        #expect(p.element(.staleFooter).drawn?.text.hasSuffix("20h ago") == true)
        #expect(p.element(.staleFooter).ellipsized == false)
    }

    /// 110 × 130 dp × fontScale 1.3, the task's example: head 32 + "Today's / stone laid" 44 leaves
    /// no room for any caption row (≥ 22 dp) in the 84 dp box, so the caption row yields to the title.
    @Test func allDoneTitleOutranksTheCaptionRow() {
        let p = Self.plan(110, 130, 1.3, .allDone, reactive: .extended)
        #expect(p.shows(.statusTitle), "\(p.element(.statusTitle).reason)")
        #expect(!p.shows(.captionRow))
        #expect(p.element(.captionRow).reason.contains("yields to the state's own line"))
        // With room for both, the caption row stays.
        let roomy = Self.plan(110, 180, 1.3, .allDone, reactive: .extended)
        #expect(roomy.shows(.statusTitle) && roomy.shows(.captionRow))
    }

    /// Before the caption row yields, the numeral steps down — never below today's size.
    @Test func numeralStepsDownBeforeTheCaptionYields() {
        let p = Self.plan(130, 180, 2.0, .defaultProgress, kindling: false)
        #expect(p.shows(.captionRow) && p.shows(.progress))
        #expect(p.element(.progress).drawn?.lines == ["0/5"])
        let numeral = p.element(.numeral).style!.size
        #expect(numeral < 36 && numeral >= AndroidLayout.smallNumeralSp, "\(numeral)")
    }

    /// The state's line wraps to the lines the budget holds: a third line before a blank card.
    @Test func titleTakesAThirdLine() {
        let p = Self.plan(130, 400, 2.0, .empty)
        let title = p.element(.statusTitle)
        #expect(title.shown && title.lines == 3 && title.drawn?.lines == ["Nothing", "due", "today"], "\(title.reason)")
    }

    /// Where nothing else makes room — fontScale 2.0, a word wider than the 110 dp floor's 70 dp box
    /// ("Nothing" is 78 dp at 22 dp) — the state's line steps its text down (the numerals'
    /// sub-linear rule), never below its size at fontScale 1.3 (14.3 dp).
    @Test func stateLineTextStepsDownOnlyWhereNothingElseDrawsIt() {
        let p = Self.plan(110, 400, 2.0, .empty)
        let title = p.element(.statusTitle)
        #expect(title.shown && title.drawn?.lines == ["Nothing", "due", "today"], "\(title.reason)")
        let size = title.style!.size
        #expect(size < 22 && size >= 11 * 1.3, "\(size)")
        // With room at its body size it keeps it (130 dp wide: "Nothing" / "due" / "today" at 22 dp).
        #expect(Self.plan(130, 400, 2.0, .empty).element(.statusTitle).style!.size == 22)
    }

    /// Property: a 2-digit numeral never shrinks below today's size (22 dp) to keep a state's line,
    /// and wherever a legacy stack or an ALL_DONE / EMPTY title sheds, even that numeral could not
    /// have made room (head ≥ 30 dp + the line > the box).
    @Test(arguments: [1.0, 1.15, 1.3, 2.0]) func stateLineShedsOnlyWhenNothingCanYield(fs: Double) {
        for w in [110, 130, 150, 170, 199] { for h in stride(from: 130, through: 400, by: 15) {
            for (state, kindling) in [(WidgetState.defaultProgress, false), (.stale, false), (.allDone, true), (.empty, true)] {
                for reactive in [ReactiveTreatment.extended, .notYet, .baseline] {
                    let input = Self.input(w, h, fs, state, reactive: reactive, kindling: kindling)
                    let p = planAndroidWidget(input, measurer: layoutMeasurer)
                    let ctx = "small \(w)×\(h) fs \(fs) \(state) \(reactive)"
                    #expect(p.element(.numeral).style!.size >= AndroidLayout.smallNumeralSp - 1e-9, "\(ctx)")
                    let key: AndroidElementKey = state == .defaultProgress || state == .stale ? .progress : .statusTitle
                    if p.shows(key), let size = p.element(key).style?.size {
                        // The line's text keeps its body size up to fontScale 1.3, and never steps below that size.
                        if fs <= 1.3 { #expect(size == 11 * fs, "\(ctx)") } else { #expect(size >= 11 * 1.3 - 1e-9, "\(ctx)") }
                    }
                    guard !p.shows(key) else { continue }
                    let m = AndroidTextMetrics(measurer: layoutMeasurer, fontScale: fs)
                    let cw = AndroidLayout.contentWidth(Double(w))
                    let footer = state == .stale ? m.line + AndroidLayout.staleFooterTopMarginDp : 0
                    let room = AndroidLayout.contentBoxHeight(Double(h)) - footer - AndroidLayout.lineBox(size: AndroidLayout.smallNumeralSp)
                    let need: Double
                    if key == .progress {
                        need = AndroidLayout.smallProgressTopMarginDp + m.line
                    } else if let lines = m.wrapLines(input.strings.statusTitle ?? "", width: cw, style: m.body) {
                        need = AndroidLayout.statusTopMarginDp + Double(lines) * m.line
                    } else { continue } // a word wider than the box: never cut
                    #expect(need > room, "\(ctx): \(key) shed with \(need) ≤ \(room) dp of room: \(p.element(key).reason)")
                }
            }
        } }
    }
}
