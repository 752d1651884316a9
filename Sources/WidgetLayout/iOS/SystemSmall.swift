import EvidenceCore
import WidgetModel
import WidgetText

/// iOS `.systemSmall` (seed 000 "Families": SmallWidgetView). Kindling: streak header, the next-due
/// habit, a full-width check-off button ("Lay today's stone" …). Legacy: flame + number, progress,
/// HabitPips. All done / empty: the centred status with its glyph; new day: the sentence.
///
/// Text styles: number `.title` bold, "days" `.caption`, caption `.caption`, habit `.subheadline`,
/// button `.footnote` semibold, progress and new-day line `.footnote`, status title `.headline`,
/// subtitle `.footnote`, stale footer `.caption2`.
extension IOSPlanBuilder {
    package mutating func planSystemSmall() {
        if w.state == .firstRun {
            firstRunBody()
            return
        }
        var col = column(content)
        staleFooter(in: &col, under: (.title, IOSLayout.headerGlyphPt))
        header(
            in: &col, numeral: .title, glyphPt: IOSLayout.headerGlyphPt,
            label: (daysLabelText(streak: w.streak, platform: .ios), style(.caption)))
        switch w.state {
        case .firstRun: break
        case .newDay:
            newDayLine(in: &col, gap: IOSLayout.smallNewDayGapPt)
        case .allDone, .empty:
            // The status lines outrank the caption: it sheds when both cannot fit whole.
            let need = statusTextHeight(in: col)
            let statusReason =
                "sheds before the status lines: caption + \(fmtDp(need)) pt of status > \(fmtDp(col.left)) pt left"
            caption(
                in: &col, gap: IOSLayout.captionGapPt, under: (IOSLayout.smallStatusHeadroomPt + need, statusReason))
            statusBody(in: Rect(x: col.x, y: col.y, width: col.width, height: max(0, col.left)), alignment: .center)
        case .defaultProgress, .stale:
            if w.kindling {
                // Seed 000 "Families": Small = streak header + next-due habit + full-width check-off
                // button, which names the habit it checks off by standing under it. The button is
                // reserved first; the reactive caption takes what the habit row leaves, else sheds.
                let beforeButton = col
                var button = smallCTAText(w).map { (label: $0, slot: reserveCheckOffButton($0, in: &col)) }
                if button == nil { hide(.checkOffButton, "no check-off on \(w.state.rawValue)") }
                // The next-due row outranks the button (ios-choices.md "Small: the row before the
                // button"): a button without the habit it names checks off a habit the widget does not
                // show. Where both cannot stand, the button gives its room back and is lost (reported).
                // As a shed order over the room both had: the row, then the button (drawn only with the row it names).
                enum Part: Hashable { case nextDueRow, button }
                if let slot = button?.slot, nextDueIndex != nil,
                    ShedOrder<Part>([
                        .init(.nextDueRow, forms: [IOSLayout.smallRowGapPt + habitRowHeight]),
                        .init(.button, forms: [slot.pill.height + IOSLayout.buttonGapPt], requires: .nextDueRow),
                    ])
                    .fill(room: beforeButton.left).forms[.button] == nil
                {
                    col = beforeButton
                    button = nil
                    lose(
                        .checkOffButton,
                        "the next-due row and the button do not both fit \(fmtDp(col.left)) pt: the row stays")
                }
                let rowReason = captionText.map { _ in
                    "sheds before the next-due habit: caption + row > \(fmtDp(col.left)) pt left"
                }
                caption(
                    in: &col, gap: IOSLayout.captionGapPt,
                    under: nextDueIndex.map { _ in (IOSLayout.smallRowGapPt + habitRowHeight, rowReason) })
                if let button, let slot = button.slot {
                    placeCheckOffButton(button.label, in: slot.pill, style: slot.style)
                }
                habitRows(in: &col, cap: 1, gap: IOSLayout.smallRowGapPt) { _ in nil }
            } else {
                caption(in: &col, gap: IOSLayout.captionGapPt)
                line(
                    .progress, progressText(w), in: &col, style: style(.footnote), ink: mutedInk,
                    gap: IOSLayout.progressGapPt, maxLines: IOSLayout.progressMaxLines, required: true,
                    reason: "progress")
                pips(in: &col, gap: IOSLayout.pipRowGapPt)
            }
        }
    }

    /// KindlingCheckButton: a full-width capsule at the bottom, WidgetAccentDeep with its label in
    /// WidgetAccentText. The label is never cut: it steps down to 85 % to stay on one line
    /// (`.minimumScaleFactor`; seed silent), else takes a second line. Reserved before the rest of the
    /// body is laid out; nil (and lost) when it cannot fit whole.
    package mutating func reserveCheckOffButton(_ label: String, in col: inout StackColumn) -> (
        pill: Rect, style: TextStyle
    )? {
        let nominal = style(.footnote, .semibold)
        let inner = col.width - 2 * IOSLayout.buttonInsetXPt
        var s = nominal
        while col.lineCount(label, style: s, width: inner) > 1 && s.size > nominal.size * IOSLayout.buttonLabelMinScale
        { s.size -= IOSLayout.buttonLabelStepPt }
        // Two lines stay at the stepped size with a tighter pill (Waves' "Make today's wave" on the
        // 148 and 141 pt classes), so the next-due row above it keeps its room.
        let needed = col.lineCount(label, style: s, width: inner)
        let h = HabitRowSeating.rowHeight(
            lines: min(IOSLayout.buttonLabelMaxLines, needed), lineHeight: metrics.lineHeight(s),
            padding: 2 * (needed > 1 ? IOSLayout.buttonTwoLineInsetYPt : IOSLayout.buttonInsetYPt))
        guard needed <= IOSLayout.buttonLabelMaxLines, let r = col.reserveBottom(h + IOSLayout.buttonGapPt) else {
            lose(.checkOffButton, "the check-off button does not fit with its whole label")
            return nil
        }
        if s.size < nominal.size {
            note("button label stepped \(fmtDp(nominal.size)) → \(fmtDp(s.size)) pt (\(needed) line(s))")
        }
        return (Rect(x: r.minX, y: r.minY + IOSLayout.buttonGapPt, width: r.width, height: h), s)
    }

    package mutating func placeCheckOffButton(_ label: String, in pill: Rect, style s: TextStyle) {
        add(
            .checkOffButton(.pill), pill,
            .fill(.accentDeep, alpha: 1, radius: min(pill.height / 2, IOSLayout.buttonMaxRadiusPt)),
            "full-width check-off button")
        var inner = column(pill.insetBy(dx: IOSLayout.buttonInsetXPt, dy: 0))
        if let placed = inner.text(label, style: s, maxLines: IOSLayout.buttonLabelMaxLines) {
            let f = align(placed.frame, .center, pill)
            let centred = Rect(
                x: f.minX, y: StackColumn.centred(f.height, on: pill.midY), width: f.width, height: f.height)
            addText(
                .checkOffButton(.label), (centred, placed.text), style: s, ink: .accentText, alignment: .center,
                "button label")
        }
    }
}
