import EvidenceCore
import WidgetModel
import WidgetText

/// Android Small (2×2): the left-column height budget and the header-row width budget of seed 000.

private typealias L = AndroidLayout

extension AndroidPlanBuilder {
    // MARK: - Small

    package mutating func planSmall() {
        note(
            "contentWidth(\(fmtDp(input.widthDp))) = \(fmtDp(input.widthDp)) − \(fmtDp(L.contentWidthInsetDp)) = "
                + "\(fmtDp(cw))"
        )
        note(contentBoxNote("mainRowBudget"))
        placeFooter()
        for k in [PlanPart.dayStreakLabel, .longestLabel, .coachLine, .overflowLine, .motivatorLine] {
            hide(k, "not part of the small layout")
        }
        if input.state == .firstRun {
            planFirstRun(width: cw)
            return
        }
        hide(.appGlyph, "only in firstRun")

        // Seed 000 "The always-visible core": "Core = head row (flame + numeral) + reactive caption
        // row. Nothing else is guaranteed to render." The caption row is one line — Structural floor:
        // reactive_caption_text gets android:maxLines="1" + android:ellipsize="end" — never wrapped,
        // and it never yields to a state line: only NEW_DAY's line takes its place (OBJ-1382).
        let caption = self.caption
        let captionCost = m.line + L.captionRowTopMarginDp
        let hasCaption = caption != nil && input.state != .newDay
        let nominalHead = L.lineBox(size: m.numeral(.small).size)
        // Beyond the seed's tables only (its worst case, 80 dp, "fits inside the 130dp floor's 84dp
        // content box"): where the core itself overflows, the caption row sheds before the numeral shrinks.
        let captionCoreShed = hasCaption && nominalHead + captionCost > budget
        let daysW = m.width(input.strings.daysLabel, m.body)
        // The days label sheds first on the width axis, and whole where its line is taller than the budget.
        let h = head(
            .small, width: cw, maxHeight: budget,
            trailing: m.line <= budget ? L.headerGapDp + daysW + L.daysLabelHeadroomDp : nil)
        var col = column(x: x0, width: cw)
        let y = col.y
        placeHead(h, x: x0, y: y, column: .main, numeralFamily: "small, \(fmtDp(m.numeralSp(.small))) sp")
        // Days label (width axis).
        if h.flame {
            let need = L.flameContainerDp + L.headerGapDp + h.numeralW + L.headerGapDp + daysW + L.daysLabelHeadroomDp
            let coreW = L.flameContainerDp + L.headerGapDp + h.numeralW
            note(
                "showsDaysLabel: \(fmtDp(coreW)) + \(fmtDp(L.headerGapDp)) + \(fmtDp(daysW)) + "
                    + "\(fmtDp(L.daysLabelHeadroomDp)) = \(fmtDp(need)) \(need <= cw ? "≤" : ">") \(fmtDp(cw))"
            )
            if h.trailing {
                set(
                    PlanElement(
                        key: .daysLabel, shown: true,
                        reason:
                            "\(fmtDp(coreW)) + \(fmtDp(L.headerGapDp)) + \(fmtDp(daysW)) + "
                            + "\(fmtDp(L.daysLabelHeadroomDp)) headroom = \(fmtDp(need)) ≤ \(fmtDp(cw))",
                        costDp: L.headerGapDp + daysW,
                        // On the numeral's baseline (a header row reads as one line of type).
                        // (never above the row: a numeral stepped below the label's size is beyond the seed's tables)
                        frame: Rect(
                            x: x0 + coreW + L.headerGapDp,
                            y: max(y, m.topAligningBaseline(m.body, with: h.numeralStyle, referenceTop: y)),
                            width: daysW, height: m.line),
                        text: input.strings.daysLabel, style: m.body, lines: 1))
            } else {
                hide(
                    .daysLabel,
                    need > cw
                        ? "\(fmtDp(coreW)) + \(fmtDp(L.headerGapDp)) + \(fmtDp(daysW)) + "
                            + "\(fmtDp(L.daysLabelHeadroomDp)) headroom = \(fmtDp(need)) > \(fmtDp(cw)) — the days "
                            + "label sheds first (spoken in full regardless)"
                        : "its line \(fmtDp(m.line)) > main-row budget \(fmtDp(budget)) dp (beyond the seed's tables)")
            }
        } else {
            hide(.daysLabel, "flame shed, so the days label (shed first) is gone too")
        }
        col.take(h.height)  // the numeral never sheds
        note("head = lineBox(\(fmtDp(h.numeralStyle.size)) dp) = \(fmtDp(h.height)); left \(fmtDp(col.left))")

        // NEW_DAY small (OBJ-1382).
        var showsCaption = hasCaption && !captionCoreShed
        var captionReason =
            caption == nil
            ? captionAbsentReason
            : "core: caption row = line \(fmtDp(m.line)) + \(fmtDp(L.captionRowTopMarginDp)) = \(fmtDp(captionCost)); "
                + "one line, cut at its end (reactive_caption_text: maxLines=1, ellipsize=end)"
        if captionCoreShed {
            captionReason =
                "core overflow: head \(fmtDp(nominalHead)) + caption \(fmtDp(captionCost)) > budget \(fmtDp(budget)) — "
                + "caption sheds before the numeral shrinks (beyond the seed's tables)"
        }
        hide(.newDayIcon, "not NEW_DAY")
        hide(.newDayLine, "not NEW_DAY")
        let newDayTop = col.y
        if input.state == .newDay {
            let maxLines = min(
                L.newDayMaxLines,
                StackColumn.linesThatFit(budget - h.height, lineHeight: m.line, gap: L.newDaySmallTopMarginDp))
            note(
                "maxNewDayLines = min(\(L.newDayMaxLines), floor((\(fmtDp(budget)) − \(fmtDp(h.height)) − "
                    + "\(fmtDp(L.newDaySmallTopMarginDp))) / \(fmtDp(m.line)))) = \(maxLines)"
            )
            let boxIcon = cw - L.newDaySmallIconAndGapDp
            let boxPlain = cw
            let wrapsIcon = m.wrapLines(input.strings.newDay, width: boxIcon, style: m.body)
            let wrapsPlain = m.wrapLines(input.strings.newDay, width: boxPlain, style: m.body)
            func d(_ v: Int?) -> String { v.map(String.init) ?? "∞" }
            note(
                "wraps(\"\(input.strings.newDay)\", \(fmtDp(boxIcon))) = \(d(wrapsIcon)); wraps(…, \(fmtDp(boxPlain))) "
                    + "= \(d(wrapsPlain))"
            )
            // The line's forms, largest first: beside its icon, then without it (the icon sheds first:
            // showsNewDayIcon, then showsNewDayLine), both at the body size; where neither fits, the
            // caption row renders instead (showsCaptionRow = ¬showsNewDayLine).
            let top = L.newDaySmallTopMarginDp
            let forms = [
                m.wholeLine(input.strings.newDay, width: boxIcon, maxLines: L.newDayMaxLines, topMargin: top).map {
                    (icon: true, form: $0)
                },
                m.wholeLine(input.strings.newDay, width: boxPlain, maxLines: L.newDayMaxLines, topMargin: top).map {
                    (icon: false, form: $0)
                },
            ]
            .compactMap { $0 }
            enum Line: Hashable { case newDay }
            let chosen = ShedOrder([.init(Line.newDay, forms: forms.map(\.form.cost))]).fill(room: col.left).forms[
                .newDay
            ]
            .map { (forms[$0].icon, forms[$0].form.style, forms[$0].form.lines, forms[$0].form.lineHeight) }
            if let chosen {
                let (showsIcon, style, lines, lineH) = chosen
                let cost = StackColumn.textHeight(lines: lines, lineHeight: lineH, gap: L.newDaySmallTopMarginDp)
                let tx = x0 + (showsIcon ? L.newDaySmallIconAndGapDp : 0)
                let textW = min(showsIcon ? boxIcon : boxPlain, m.width(input.strings.newDay, style))
                let y = take(.newDayLine, cost, in: &col, column: .main).minY
                if showsIcon {
                    set(
                        PlanElement(
                            key: .newDayIcon, shown: true,
                            reason: "wraps(New day, \(fmtDp(boxIcon))) = \(lines) ≤ maxNewDayLines \(maxLines)",
                            costDp: L.newDaySmallIconAndGapDp,
                            frame: Rect(
                                x: x0, y: y + L.newDaySmallTopMarginDp, width: L.newDaySmallIconDp,
                                height: L.newDaySmallIconDp)))
                } else {
                    hide(
                        .newDayIcon,
                        "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines) — the icon "
                            + "sheds first"
                    )
                }
                let reason = "\(lines) line(s) ≤ maxNewDayLines \(maxLines): \(fmtDp(cost)) dp"
                set(
                    PlanElement(
                        key: .newDayLine, shown: true, reason: reason,
                        costDp: cost,
                        frame: Rect(
                            x: tx, y: y + L.newDaySmallTopMarginDp, width: textW,
                            height: StackColumn.textHeight(lines: lines, lineHeight: lineH)),
                        text: input.strings.newDay, style: style, lines: lines, maxLines: L.newDayMaxLines))
                showsCaption = false
                captionReason = "NEW_DAY: state_new_day is the status line, the caption row sheds"
            } else {
                hide(.newDayIcon, "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines)")
                hide(
                    .newDayLine,
                    "wraps(New day, \(fmtDp(boxPlain))) = \(d(wrapsPlain)) > maxNewDayLines \(maxLines) — the caption "
                        + "row renders instead (known limitation)"
                )
                if caption != nil {
                    showsCaption = captionCost <= col.left
                    captionReason =
                        showsCaption
                        ? "NEW_DAY fallback: the New day line can't fit, caption row renders instead"
                        : "NEW_DAY fallback caption row \(fmtDp(captionCost)) > \(fmtDp(col.left)) dp left"
                }
            }
        }
        if let caption, showsCaption {
            let slot = take(.captionRow, captionCost, in: &col, column: .main)
            set(
                captionElement(
                    caption, x: x0, y: slot.minY + L.captionRowTopMarginDp, width: cw, cost: captionCost,
                    reason: captionReason))
            note(
                "caption row = \(fmtDp(m.line)) + \(fmtDp(L.captionRowTopMarginDp)) = \(fmtDp(captionCost)); core = "
                    + "\(fmtDp(h.height + captionCost))"
            )
        } else {
            hide(.captionRow, captionReason)
        }

        // State body, in keep-priority order.
        hide(.pipRow, "no pip row in \(input.state.rawValue)")
        hide(.progress, "no progress text in \(input.state.rawValue)")
        hide(.statusTitle, "no status line in \(input.state.rawValue)")
        hide(.statusSubtitle, "no subtitle in \(input.state.rawValue)")
        hide(.statusGlyph, "no status glyph in \(input.state.rawValue)")
        hide(.ctaPill, "no check-off pill in \(input.state.rawValue)")
        switch input.state {
        case .defaultProgress where input.kindling:
            planSmallKindlingBody(in: col)
        case .defaultProgress, .stale:
            if input.state == .defaultProgress { hide(.ctaPill, "kindling off: the legacy body has no check-off pill") }
            stackSmallProgress(in: &col, withPips: input.state == .defaultProgress)
        case .allDone, .empty:
            let top = col.y
            placeSmallStatusBody(in: &col)
            centre([.statusGlyph, .statusTitle, .statusSubtitle], from: top, used: col.y - top, in: col, column: .main)
        case .newDay:
            centre(
                [.newDayIcon, .newDayLine, .captionRow], from: newDayTop, used: col.y - newDayTop, in: col,
                column: .main)
        case .firstRun:
            break
        }
    }

    /// The legacy stack's progress line: "N of M done" (or "N/M") + its top margin.
    package var smallProgressCost: Double { L.smallProgressTopMarginDp + m.line }

    /// The legacy stack's "N of M done" line, then (DEFAULT only) the 4-pip row — which "drops when
    /// the budget is tight — it's redundant with the 'N of M done' text directly above it" (seed 000,
    /// Small widget). The pip row never shows without the text. The text is one line (Structural
    /// floor: progress_default / progress_stale get maxLines="1" + ellipsize="end"), its compact
    /// "0/4" where "0 of 4 done" is wider than the box (usesCompactProgress: "a fallback, not a truncation").
    package mutating func stackSmallProgress(in col: inout StackColumn, withPips: Bool) {
        let (text, why) = progressText(width: cw)
        let cost = smallProgressCost
        var left = col.left
        // The count, then the pip row that repeats it (never drawn without it).
        enum Part: Hashable { case progress, pips }
        let kept = ShedOrder<Part>([
            .init(.progress, forms: [cost]),
            .init(
                .pips, forms: withPips && PipRow.shows(due: input.habits.count) ? [L.pipRowHeightDp] : [],
                requires: .progress),
        ]).fill(room: left).forms
        guard kept[.progress] != nil else {
            hide(.progress, "progress \(fmtDp(cost)) > \(fmtDp(left)) dp left (spoken in full regardless)")
            if withPips { hide(.pipRow, "shed with the progress text above it") }
            note("progress: \(fmtDp(cost)) > \(fmtDp(left)) → shed")
            return
        }
        let slot = take(.progress, cost, in: &col, column: .main)
        set(
            textLine(
                .progress, text, style: m.body, x: x0, y: slot.minY + L.smallProgressTopMarginDp, width: cw,
                height: m.line, cost: cost,
                reason: "progress \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left; \(why)"))
        note("progress: \(fmtDp(cost)) ≤ \(fmtDp(left)) → shown")
        left = col.left
        guard withPips else { return }
        if !PipRow.shows(due: input.habits.count) {
            hide(.pipRow, "\(PipRow.maxPips) pips cannot say \(input.habits.count) habits; the progress text says them")
            note("pip row: \(input.habits.count) habits > \(PipRow.maxPips) pips → not drawn")
        } else if kept[.pips] != nil {
            let count = PipRow.count(due: input.habits.count)
            let slot = take(.pipRow, L.pipRowHeightDp, in: &col, column: .main)
            set(
                PlanElement(
                    key: .pipRow, shown: true, reason: "pip row \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) dp left",
                    costDp: L.pipRowHeightDp,
                    frame: Rect(
                        x: x0, y: slot.maxY - PipRow.diameterDp, width: min(cw, PipRow.width(count: count)),
                        height: PipRow.diameterDp)))
            note("pip row: \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) → shown")
        } else {
            hide(
                .pipRow,
                "pip row drops when tight: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) dp left (redundant with the "
                    + "progress text)"
            )
            note("pip row: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) → shed")
        }
    }

    /// Small's ALL_DONE / EMPTY body under the core: the state line (the seed does not make it a
    /// one-line view, so it wraps, at most `stateLineMaxLines` lines at its body size — a choice) and
    /// its subline, a sentence that may take a second line; each is otherwise shed whole, and the
    /// loss is reported ("Nothing else is guaranteed to render"). ALL_DONE leads its line with the
    /// success check (seed 000 State catalog: "Success check + 'All done today'"), inline like
    /// NEW_DAY's icon (`newDaySmallIconAndGapDp`) so it costs no height, and — like that icon — it sheds
    /// first: only when the title needs no more lines beside it than without it. EMPTY has no rest
    /// glyph on Small (OBJ-1477: glyph + title + subtitle don't fit its budget).
    package mutating func placeSmallStatusBody(in col: inout StackColumn) {
        guard let title = input.strings.statusTitle else { return }
        let left = col.left
        let wantsCheck = input.state == .allDone
        guard let line = m.wholeLine(title, width: cw, maxLines: L.stateLineMaxLines, topMargin: L.statusTopMarginDp),
            line.cost <= left
        else {
            hide(
                .statusTitle,
                "status title: \(fmtDp(left)) dp left under the core (head + caption row) cannot hold it whole — shed "
                    + "whole, never cut (\"Nothing else is guaranteed to render\")"
            )
            hide(.statusSubtitle, "shed: the status title above it is shed")
            if wantsCheck { hide(.statusGlyph, "shed with the title it leads") }
            return
        }
        let plainLines = line.lines
        let style = line.style
        let margin = L.statusTopMarginDp
        let maxLines = StackColumn.linesThatFit(left, lineHeight: line.lineHeight, gap: margin)
        let withCheck =
            wantsCheck
            ? m.fitLines(title, width: cw - L.newDaySmallIconAndGapDp, style: style, maxLines: maxLines) : nil
        let showsCheck = withCheck != nil && withCheck! <= plainLines
        let lines = showsCheck ? withCheck! : plainLines
        let tx = x0 + (showsCheck ? L.newDaySmallIconAndGapDp : 0)
        let cost = StackColumn.textHeight(lines: lines, lineHeight: line.lineHeight, gap: margin)
        let y = take(.statusTitle, cost, in: &col, column: .main).minY
        if showsCheck {
            set(
                PlanElement(
                    key: .statusGlyph, shown: true,
                    reason:
                        "success check inline: wraps(title, \(fmtDp(cw - L.newDaySmallIconAndGapDp))) = \(lines) ≤ "
                        + "\(plainLines) without it",
                    costDp: 0,
                    frame: Rect(
                        x: x0, y: y + margin + StackColumn.centred(L.newDaySmallIconDp, in: line.lineHeight),
                        width: L.newDaySmallIconDp, height: L.newDaySmallIconDp)))
        } else if wantsCheck {
            hide(
                .statusGlyph,
                "success check sheds first: beside it the title would need more lines "
                    + "(\(withCheck.map(String.init) ?? "> \(maxLines)") > \(plainLines))"
            )
        }
        var e = sentence(
            .statusTitle, title, style: style, x: tx, y: y + margin, width: x0 + cw - tx, lines: lines, cost: cost,
            reason: "status title: \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left")
        e.maxLines = max(lines, L.sentenceMaxLines)
        set(e)
        if let sub = input.strings.statusSubtitle {
            stackOptional(
                [(.statusSubtitle, sub, m.body, 0, "status subtitle", L.sentenceMaxLines)], in: &col, column: .main)
        }
    }

    /// Small kindling's DEFAULT body — seed 000 Families: "Streak header + next-due habit + a
    /// full-width KindlingCheckButton CTA" — then what the legacy stack shows. Keep priority (the
    /// column's `ShedOrder`): the next-due row (KINDLING_NEXT_DUE_ROW_HEIGHT_DP = 44 dp, its label on
    /// 2 lines, Level A; else on one, ellipsized — habit titles may be, by the truncation policy),
    /// the check-off pill (never drawn without the habit it checks off), the progress text, the pip
    /// row (only with the text it repeats). Each takes its largest form that fits what the ones above
    /// left, so the count is drawn where the row can't be rather than leaving the room empty.
    /// Drawn top to bottom: progress, pips, row, pill.
    package mutating func planSmallKindlingBody(in start: StackColumn) {
        var col = start
        let left = col.left
        guard let cta = input.strings.cta, let next = input.habits.firstIndex(where: { !$0.done }) else {
            hide(.ctaPill, "no check-off pill: nothing left to check off")
            stackSmallProgress(in: &col, withPips: true)
            return
        }
        let rowHeights = [m.nextDueRow, m.nextDueOneLineRow]
        let ctaStyle = TextStyle.roboto(.medium, sp: L.ctaLabelSp, fontScale: input.fontScale)
        let ctaLineH = L.lineBox(size: ctaStyle.size)
        let labelW = cw - 2 * L.ctaPaddingDp
        let ctaLines = m.fitLines(cta, width: labelW, style: ctaStyle)
        let pillH = StackColumn.textHeight(lines: ctaLines ?? 1, lineHeight: ctaLineH, gap: L.ctaPaddingDp)
        let ctaCost = L.ctaTopMarginDp + pillH
        let progressCost = smallProgressCost

        enum Item { case row, pill, progress, pips }
        let order = ShedOrder<Item>([
            .init(.row, forms: rowHeights.map { L.statusTopMarginDp + $0 }),
            .init(.pill, forms: ctaLines == nil ? [] : [ctaCost], requires: .row),
            .init(.progress, forms: [progressCost]),
            .init(.pips, forms: [L.pipRowHeightDp], requires: .progress),
        ])
        let (chosen, rest) = order.fill(room: left)
        let rowForm = chosen[.row]
        let showsPill = chosen[.pill] != nil
        let showsProgress = chosen[.progress] != nil
        let showsPips = chosen[.pips] != nil
        note(
            "small kindling: next-due row \(fmtDp(L.statusTopMarginDp)) + "
                + "\(rowHeights.map(fmtDp).joined(separator: " | ")), pill \(ctaLines == nil ? "—" : fmtDp(ctaCost)), "
                + "progress \(fmtDp(progressCost)), pips \(fmtDp(L.pipRowHeightDp)) in \(fmtDp(left)) dp → "
                + "row \(rowForm.map { $0 == 0 ? "2-line" : "1-line" } ?? "shed"), pill "
                + "\(showsPill ? "shown" : "shed"), progress \(showsProgress ? "shown" : "shed"), pips "
                + "\(showsPips ? "shown" : "shed"); \(fmtDp(rest)) dp left"
        )

        if showsProgress {
            // The ShedOrder chose what is drawn: the count (and its pips) get exactly their rows.
            var count = column(x: x0, width: cw, top: col.y, room: progressCost + (showsPips ? L.pipRowHeightDp : 0))
            stackSmallProgress(in: &count, withPips: showsPips)
            col.take(count.used)
        } else {
            hide(
                .progress,
                "progress \(fmtDp(progressCost)) > \(fmtDp(rest)) dp left after the next-due row and the pill (spoken "
                    + "in full regardless)"
            )
        }
        if !showsPips {
            hide(
                .pipRow,
                showsProgress
                    ? "pip row drops when tight: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(rest)) dp left (redundant with "
                        + "the progress text)"
                    : "shed with the progress text above it")
        }
        guard let rowForm else {
            hide(
                .ctaPill,
                "shed: the next-due habit it checks off doesn't fit (row \(fmtDp(L.statusTopMarginDp + rowHeights[1])) "
                    + "> \(fmtDp(left)) dp) — a button that names nothing is never drawn"
            )
            return
        }
        // The next-due row: 44 dp, its label on up to 2 lines (Level A), or on one where only that fits.
        let nextDueH = rowHeights[rowForm]
        let labelMaxLines = rowForm == 0 ? 2 : 1
        let rowCost = L.statusTopMarginDp + nextDueH
        let frame = col.take(nextDueH, gap: L.statusTopMarginDp)
        habitRows.append(
            habitRowPlan(
                next, label: habitLabel(next, rowWidth: frame.width, maxLines: labelMaxLines), maxLines: labelMaxLines,
                isNextDue: true, frame: frame))
        habitRow(next, .main, frame.minY - L.statusTopMarginDp, rowCost)
        guard showsPill, let ctaLines else {
            hide(
                .ctaPill,
                ctaLines == nil
                    ? "pill label needs more than \(L.sentenceMaxLines) lines at \(fmtDp(labelW)) dp — shed whole, "
                        + "never cut"
                    : "check-off pill \(fmtDp(ctaCost)) > \(fmtDp(left - rowCost)) dp left after the next-due row")
            return
        }
        // The pill sits at the bottom of the budget.
        let pillY = y0 + budget - pillH
        set(
            PlanElement(
                key: .ctaPill, shown: true,
                reason: "check-off pill \(fmtDp(ctaCost)) ≤ \(fmtDp(left - rowCost)) dp left after the next-due row"
                    + (ctaLines > 1 ? "; label wraps to \(ctaLines) lines (never cut)" : ""),
                costDp: ctaCost, frame: Rect(x: x0, y: pillY, width: cw, height: pillH),
                text: cta, style: ctaStyle, lines: ctaLines, maxLines: L.sentenceMaxLines))
        row(.ctaPill, .main, pillY - L.ctaTopMarginDp, ctaCost)
    }

}
