import EvidenceCore
import WidgetModel

/// iOS `.systemMedium` (MediumWidgetView). Left: the streak header and caption (legacy: progress and
/// HabitPips under it). Right: kindling — the Coach line (≤ 2 lines) over a short frosted checklist;
/// legacy — plain rows. All done / empty: the centred status on the right; new day: the sentence.
///
/// Text styles: number `.title` bold, caption `.caption`, Coach line `.footnote`, habit rows
/// `.subheadline`, progress `.footnote`, status title `.headline`, subtitle `.footnote`, footer `.caption2`.
extension IOSPlanBuilder {
    package mutating func planSystemMedium() {
        if w.state == .firstRun {
            firstRunBody()
            return
        }
        var whole = column(content)
        staleFooter(in: &whole, under: (.title, IOSLayout.headerGlyphPt))
        let gutter = IOSLayout.mediumGutterPt
        let leftW = ((content.width - gutter) * IOSLayout.mediumLeftShare).rounded(.down)
        var left = column(Rect(x: content.minX, y: content.minY, width: leftW, height: whole.left))
        let rightBox = Rect(
            x: content.minX + leftW + gutter, y: content.minY, width: content.width - leftW - gutter, height: whole.left
        )
        var right = column(rightBox)
        header(in: &left, numeral: .title, glyphPt: IOSLayout.headerGlyphPt, label: nil)
        caption(in: &left, gap: IOSLayout.captionGapPt)
        if !w.kindling, [.defaultProgress, .stale].contains(w.state) {
            line(
                .progress, progressText(w), in: &left, style: style(.footnote), ink: mutedInk,
                gap: IOSLayout.progressGapPt, maxLines: IOSLayout.progressMaxLines, required: true, reason: "progress")
            pips(in: &left, gap: IOSLayout.pipRowGapPt)
        }
        switch w.state {
        case .firstRun: break
        case .newDay:
            newDayLine(in: &right, gap: 0)
        case .allDone, .empty:
            statusBody(in: rightBox, alignment: .center)
        case .defaultProgress, .stale:
            if w.kindling, let coach = coachLineText(w, platform: .ios) {
                // The Coach line (≤ 2 lines, seed 000 "Coach line"; it may end in "…") gives up its
                // second line, then its place, before the next-due row sheds (ios-choices.md "Medium
                // Coach line yields"): the checklist is what the seed requires, the Coach line coaching.
                let s = style(.footnote)
                let rowNeed = nextDueIndex == nil ? 0 : IOSLayout.mediumRowsGapPt + habitRowHeight
                // The column's shed order: the next-due row (kept), then the Coach line's forms, its lines down to one.
                enum Part: Hashable { case nextDueRow, coach }
                let coachForms = stride(from: IOSLayout.mediumCoachLines, through: 1, by: -1).map {
                    StackColumn.textHeight(lines: $0, lineHeight: metrics.lineHeight(s))
                }
                let form = ShedOrder<Part>([
                    .init(.nextDueRow, forms: [rowNeed], kept: true), .init(.coach, forms: coachForms),
                ])
                .fill(room: right.left).forms[.coach]
                let lines = form.map { IOSLayout.mediumCoachLines - $0 } ?? 0
                if lines >= 1 {
                    line(
                        .coachLine, coach, in: &right, style: s, ink: .coach, gap: 0, maxLines: lines,
                        mayEllipsize: true,
                        reason: "Coach line (snapshot coachLine ?? caption), ≤ \(lines) line(s)")
                } else {
                    hide(
                        .element(.coachLine),
                        "sheds before the next-due row: a line \(fmtDp(metrics.lineHeight(s))) pt + the row "
                            + "\(fmtDp(rowNeed)) pt > \(fmtDp(right.left)) pt"
                    )
                }
            } else {
                hide(
                    .element(.coachLine),
                    !w.kindling
                        ? "legacy body: no Coach line"
                        : w.state == .stale ? "STALE: Coach line suppressed" : "no Coach line")
            }
            // Medium's overflow line (seed silent): Large's "+N more in the app", so no habit goes unsaid.
            let state = w.state
            habitRows(in: &right, cap: IOSLayout.mediumMaxRows, gap: w.kindling ? IOSLayout.mediumRowsGapPt : 0) {
                largeOverflowText(state: state, hiddenCount: $0)
            }
        }
    }
}
