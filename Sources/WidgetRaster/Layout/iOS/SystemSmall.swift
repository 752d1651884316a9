/// iOS `.systemSmall` (seed 000 "Families": SmallWidgetView). Kindling: streak header, the next-due
/// habit, a full-width check-off button ("Lay today's stone" …). Legacy: flame + number, progress,
/// HabitPips. All done / empty: the centred status with its glyph; new day: the sentence.
///
/// Text styles: number `.title` bold, "days" `.caption`, caption `.caption`, habit `.subheadline`,
/// button `.footnote` semibold, progress and new-day line `.footnote`, status title `.headline`,
/// subtitle `.footnote`, stale footer `.caption2`.
extension IOSPlanBuilder {
    mutating func planSystemSmall() {
        if w.state == .firstRun { firstRunBody(); return }
        var col = column(content)
        staleFooter(in: &col)
        header(in: &col, numeral: .title, glyphPt: 26, label: (fixedText(.daysLabel, platform: .ios), style(.caption)))
        switch w.state {
        case .firstRun: break
        case .newDay:
            newDayLine(in: &col, gap: 8)
        case .allDone, .empty:
            // The status lines outrank the caption: it sheds when both cannot fit whole.
            let need = statusTextHeight(width: col.width)
            if captionHeight(width: col.width, gap: 4) + 4 + need <= col.left {
                caption(in: &col, gap: 4)
            } else {
                hide("caption", "sheds before the status lines: caption + \(fmtDp(need)) pt of status > \(fmtDp(col.left)) pt left")
            }
            statusBody(in: Rect(x: col.x, y: col.y + 4, width: col.width, height: max(0, col.left - 4)), alignment: .center)
        case .defaultProgress, .stale:
            caption(in: &col, gap: 4)
            if w.kindling {
                if let cta = smallCTAText(w) { checkOffButton(cta, in: &col) } else { hide("cta", "no check-off on \(w.state.rawValue)") }
                habitRows(in: &col, cap: 1, gap: 8) { _ in nil }
            } else {
                line(.progress, progressText(w), in: &col, style: style(.footnote), ink: mutedInk, gap: 6, reason: "progress")
                pips(in: &col, gap: 8)
            }
        }
    }

    /// KindlingCheckButton: a full-width capsule at the bottom, WidgetAccentDeep with its label in WidgetAccentText.
    mutating func checkOffButton(_ label: String, in col: inout StackColumn) {
        // The label never truncates: it takes a second line before it would be cut.
        let s = style(.footnote, .semibold)
        let needed = col.lineCount(label, style: s, width: col.width - 16)
        let h = Double(min(2, needed)) * metrics.lineHeight(s) + 12
        guard needed <= 2, let r = col.reserveBottom(h + 8) else {
            hide("cta", "the check-off button does not fit with its whole label: shed"); return
        }
        let pill = Rect(x: r.minX, y: r.minY + 8, width: r.width, height: h)
        add(.checkOffButton(.pill), pill, .fill(.accentDeep, alpha: 1, radius: min(h / 2, 16)), "full-width check-off button")
        var inner = column(pill.insetBy(dx: 8, dy: 6))
        if let placed = inner.text(label, style: s, maxLines: 2) {
            addText(.checkOffButton(.label), (align(placed.frame, .center, pill), placed.text), style: s, ink: .accentText, alignment: .center, "button label")
        }
    }
}
