import EvidenceCore
import WidgetModel

/// iOS `.systemLarge` (LargeWidgetView, seed 000 "Large family"): header (glyph, number,
/// "DAY STREAK · LONGEST N"), the Coach line (1 line), ≤ 4 rows in a window that slides so the
/// next-due row lands last, "+N more in the app" / "+N more done", and the closing motivator
/// (12 pt semibold WidgetStoneCaption, ≤ 2 lines; kindling only; absent on stale and first run,
/// where the sync footer stands).
///
/// Text styles: number `.largeTitle` bold, header label `.caption2` semibold, caption `.caption`,
/// Coach line `.footnote`, rows `.subheadline`, overflow and progress `.footnote`, motivator fixed
/// `.system(size: 12, weight: .semibold)`, footer `.caption2`.
extension IOSPlanBuilder {
    package mutating func planSystemLarge() {
        if w.state == .firstRun {
            firstRunBody()
            return
        }
        var col = column(content)
        staleFooter(in: &col, under: (.largeTitle, IOSLayout.largeHeaderGlyphPt))
        // The motivator is reserved at the bottom first (the checklist cap exists so it is never
        // pushed out), and drawn last, so the texts read top to bottom.
        var closing: (frame: Rect, text: FinishedText)?
        let s = IOSLayout.motivatorStyle
        if let motivator = shownLargeMotivatorText(w, platform: .ios) {
            // Its one form: whole on at most `motivatorLines` lines (never cut), where the room holds it.
            let gap = IOSLayout.largeMotivatorGapPt
            let forms = col.textForms(motivator, style: s, maxLines: IOSLayout.motivatorLines, gap: gap, mayCut: false)
            if let form = ShedOrder<Int>.form(of: forms.heights, room: col.left),
                let r = col.reserveBottom(forms.heights[form])
            {
                var m = column(r)
                closing = m.text(motivator, style: s, form: form, of: forms, gap: gap)
            }
            if closing == nil { hide(.element(.motivator), "no room for the closing motivator") }
        } else {
            hide(
                .element(.motivator),
                !w.kindling
                    ? "legacy body: only kindling draws (and speaks) the motivator"
                    : "no motivator in \(w.state.rawValue)")
        }
        header(in: &col, numeral: .largeTitle, glyphPt: IOSLayout.largeHeaderGlyphPt, label: nil)
        line(
            .headerLabel, largeHeaderLabelText(longestStreak: w.longestStreak), in: &col,
            style: style(.caption2, .semibold),
            ink: mutedInk, gap: IOSLayout.largeHeaderLabelGapPt, reason: "DAY STREAK · LONGEST N")
        caption(in: &col, gap: IOSLayout.captionGapPt)
        if w.kindling, w.state != .newDay, let coach = coachLineText(w, platform: .ios) {
            line(
                .coachLine, coach, in: &col, style: style(.footnote), ink: .coach, gap: IOSLayout.largeCoachGapPt,
                maxLines: IOSLayout.largeCoachLines, mayEllipsize: true,
                reason:
                    "Coach line (snapshot coachLine ?? caption), \(IOSLayout.largeCoachLines) "
                    + "line\(IOSLayout.largeCoachLines == 1 ? "" : "s")"
            )
        } else {
            hide(
                .element(.coachLine),
                !w.kindling ? "legacy body: no Coach line" : "no Coach line in \(w.state.rawValue)")
        }
        switch w.state {
        case .firstRun: break
        case .newDay:
            newDayLine(in: &col, gap: IOSLayout.largeNewDayGapPt)
        case .empty:
            largeStatusBody(under: col)
        case .allDone where !w.kindling:
            largeStatusBody(under: col)
        case .allDone, .defaultProgress, .stale:
            if !w.kindling {
                line(
                    .progress, progressText(w), in: &col, style: style(.footnote), ink: mutedInk,
                    gap: IOSLayout.largeProgressGapPt, maxLines: IOSLayout.progressMaxLines, required: true,
                    reason: "progress")
            }
            let state = w.state
            habitRows(in: &col, cap: IOSLayout.largeMaxRows, gap: IOSLayout.largeRowsGapPt) {
                largeOverflowText(state: state, hiddenCount: $0)
            }
        }
        if let closing {
            addText(
                .motivator, closing, style: s, ink: .stoneCaption, "closing motivator, reserved at the bottom first")
        }
    }

    /// The centred status (empty; legacy's all done) in the room left under the header.
    package mutating func largeStatusBody(under col: StackColumn) {
        let gap = IOSLayout.largeStatusGapPt
        statusBody(
            in: Rect(x: col.x, y: col.y + gap, width: col.width, height: max(0, col.left - gap)), alignment: .center)
    }
}
