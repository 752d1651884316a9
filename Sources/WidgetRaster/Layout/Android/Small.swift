/// Android Small (2×2): the left-column height budget and the header-row width budget of seed 000.

private typealias L = AndroidLayout

extension AndroidPlanBuilder {
    // MARK: - Small

    mutating func planSmall() {
        note("contentWidth(\(fmtDp(input.widthDp))) = \(fmtDp(input.widthDp)) − 40 = \(fmtDp(cw))")
        note("contentBox(\(fmtDp(input.heightDp))) = \(fmtDp(input.heightDp)) − 16 − 24 − 6 = \(fmtDp(cb)); staleFooter \(fmtDp(footer)); mainRowBudget = \(fmtDp(budget))")
        placeFooter()
        for k in [AndroidElementKey.dayStreakLabel, .longestLabel, .coachLine, .overflowLine, .motivatorLine] {
            hide(k, "not part of the small layout")
        }
        if input.state == .firstRun { planFirstRun(width: cw); return }
        hide(.appGlyph, "only in firstRun")

        let caption = self.caption
        let captionCost = m.line + L.captionRowTopMarginDp
        // Caption row sheds only when even the core overflows (beyond the seed's tables).
        var maxHead = budget
        let nominalHead = L.lineBox(size: m.numeral(.small).size)
        var captionCoreShed = false
        if caption != nil, nominalHead + captionCost > budget, input.state != .newDay {
            captionCoreShed = true
        } else if caption != nil, input.state != .newDay {
            maxHead = budget - captionCost
        }
        let h = head(.small, width: cw, maxHeight: maxHead)
        var y = y0
        placeHead(h, x: x0, y: y, column: "main", numeralFamily: "small, \(fmtDp(m.numeralSp(.small))) sp")
        // Days label (width axis).
        if h.flame {
            let daysW = m.width(input.strings.daysLabel, m.body)
            let need = L.flameContainerDp + L.headerGapDp + h.numeralW + L.headerGapDp + daysW + L.daysLabelHeadroomDp
            let coreW = L.flameContainerDp + L.headerGapDp + h.numeralW
            note("showsDaysLabel: \(fmtDp(coreW)) + 4 + \(fmtDp(daysW)) + 6 = \(fmtDp(need)) \(need <= cw ? "≤" : ">") \(fmtDp(cw))")
            if need <= cw {
                set(PlanElement(key: .daysLabel, shown: true, reason: "\(fmtDp(coreW)) + 4 + \(fmtDp(daysW)) + 6 headroom = \(fmtDp(need)) ≤ \(fmtDp(cw))",
                                costDp: L.headerGapDp + daysW,
                                frame: Rect(x: x0 + coreW + L.headerGapDp, y: y + h.height - m.line, width: daysW, height: m.line),
                                text: input.strings.daysLabel, style: m.body, lines: 1))
            } else {
                hide(.daysLabel, "\(fmtDp(coreW)) + 4 + \(fmtDp(daysW)) + 6 headroom = \(fmtDp(need)) > \(fmtDp(cw)) — the days label sheds first (spoken in full regardless)")
            }
        } else {
            hide(.daysLabel, "flame shed, so the days label (shed first) is gone too")
        }
        y += h.height
        var left = budget - h.height
        note("head = lineBox(\(fmtDp(h.numeralStyle.size)) dp) = \(fmtDp(h.height)); left \(fmtDp(left))")

        // NEW_DAY small (OBJ-1382).
        var showsCaption = caption != nil && !captionCoreShed
        var captionReason = caption == nil ? captionAbsentReason : "core: caption row = line \(fmtDp(m.line)) + \(fmtDp(L.captionRowTopMarginDp)) = \(fmtDp(captionCost))"
        if captionCoreShed { captionReason = "core overflow: head \(fmtDp(nominalHead)) + caption \(fmtDp(captionCost)) > budget \(fmtDp(budget)) — caption sheds before the numeral shrinks (beyond the seed's tables)" }
        hide(.newDayIcon, "not NEW_DAY"); hide(.newDayLine, "not NEW_DAY")
        if input.state == .newDay {
            let maxLines = min(L.newDayMaxLines, Int(((budget - h.height - L.newDaySmallTopMarginDp) / m.line).rounded(.down)))
            note("maxNewDayLines = min(2, floor((\(fmtDp(budget)) − \(fmtDp(h.height)) − 6) / \(fmtDp(m.line)))) = \(maxLines)")
            let boxIcon = cw - L.newDaySmallIconAndGapDp, boxPlain = cw
            let wrapsIcon = m.wrapLines(input.strings.newDay, width: boxIcon, style: m.body)
            let wrapsPlain = m.wrapLines(input.strings.newDay, width: boxPlain, style: m.body)
            func d(_ v: Int?) -> String { v.map(String.init) ?? "∞" }
            note("wraps(\"\(input.strings.newDay)\", \(fmtDp(boxIcon))) = \(d(wrapsIcon)); wraps(…, \(fmtDp(boxPlain))) = \(d(wrapsPlain))")
            let showsIcon = maxLines >= 1 && (wrapsIcon ?? .max) <= maxLines
            let showsLine = showsIcon || (maxLines >= 1 && (wrapsPlain ?? .max) <= maxLines)
            if showsLine {
                let lines = showsIcon ? wrapsIcon! : wrapsPlain!
                let cost = L.newDaySmallTopMarginDp + Double(lines) * m.line
                let tx = x0 + (showsIcon ? L.newDaySmallIconAndGapDp : 0)
                let textW = min(showsIcon ? boxIcon : boxPlain, m.width(input.strings.newDay, m.body))
                if showsIcon {
                    set(PlanElement(key: .newDayIcon, shown: true, reason: "wraps(New day, \(fmtDp(boxIcon))) = \(lines) ≤ maxNewDayLines \(maxLines)",
                                    costDp: L.newDaySmallIconAndGapDp,
                                    frame: Rect(x: x0, y: y + L.newDaySmallTopMarginDp, width: L.newDaySmallIconAndGapDp - 4, height: L.newDaySmallIconAndGapDp - 4)))
                } else {
                    hide(.newDayIcon, "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines) — the icon sheds first")
                }
                set(PlanElement(key: .newDayLine, shown: true, reason: "\(lines) line(s) ≤ maxNewDayLines \(maxLines): \(fmtDp(cost)) dp",
                                costDp: cost, frame: Rect(x: tx, y: y + L.newDaySmallTopMarginDp, width: textW, height: Double(lines) * m.line),
                                text: input.strings.newDay, style: m.body, lines: lines, maxLines: L.newDayMaxLines))
                row("newDayLine", "main", y, cost)
                y += cost; left -= cost
                showsCaption = false
                captionReason = "NEW_DAY: state_new_day is the status line, the caption row sheds"
            } else {
                hide(.newDayIcon, "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines)")
                hide(.newDayLine, "wraps(New day, \(fmtDp(boxPlain))) = \(d(wrapsPlain)) > maxNewDayLines \(maxLines) — the caption row renders instead (known limitation)")
                if caption != nil {
                    showsCaption = captionCost <= left
                    captionReason = showsCaption ? "NEW_DAY fallback: the New day line can't fit, caption row renders instead"
                        : "NEW_DAY fallback caption row \(fmtDp(captionCost)) > \(fmtDp(left)) dp left"
                }
            }
        }
        if let caption, showsCaption {
            set(captionElement(caption, x: x0, y: y + L.captionRowTopMarginDp, width: cw, height: m.line, cost: captionCost, reason: captionReason))
            row("captionRow", "main", y, captionCost)
            note("caption row = \(fmtDp(m.line)) + 2 = \(fmtDp(captionCost)); core = \(fmtDp(h.height + captionCost))")
            y += captionCost; left -= captionCost
        } else {
            hide(.captionRow, captionReason)
        }

        // State body, in keep-priority order.
        hide(.pipRow, "no pip row in \(input.state.rawValue)"); hide(.progress, "no progress text in \(input.state.rawValue)")
        hide(.statusTitle, "no status line in \(input.state.rawValue)"); hide(.statusSubtitle, "no subtitle in \(input.state.rawValue)")
        switch input.state {
        case .defaultProgress, .stale:
            let (text, why) = progressText(width: cw)
            let cost = L.smallProgressTopMarginDp + m.line
            if cost <= left {
                set(textLine(.progress, text, style: m.body, x: x0, y: y + L.smallProgressTopMarginDp, width: cw, height: m.line, cost: cost,
                             reason: "progress \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left; \(why)"))
                row("progress", "main", y, cost)
                note("progress: \(fmtDp(cost)) ≤ \(fmtDp(left)) → shown")
                y += cost; left -= cost
                if input.state == .defaultProgress {
                    if L.pipRowHeightDp <= left {
                        set(PlanElement(key: .pipRow, shown: true, reason: "pip row \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) dp left",
                                        costDp: L.pipRowHeightDp, frame: Rect(x: x0, y: y + L.pipRowHeightDp - 6, width: min(cw, 4 * 6 + 3 * 4), height: 6)))
                        row("pipRow", "main", y, L.pipRowHeightDp)
                        note("pip row: \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) → shown")
                        y += L.pipRowHeightDp; left -= L.pipRowHeightDp
                    } else {
                        hide(.pipRow, "pip row drops when tight: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) dp left (redundant with the progress text)")
                        note("pip row: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) → shed")
                    }
                }
            } else {
                hide(.progress, "progress \(fmtDp(cost)) > \(fmtDp(left)) dp left (spoken in full regardless)")
                if input.state == .defaultProgress { hide(.pipRow, "shed with the progress text above it") }
                note("progress: \(fmtDp(cost)) > \(fmtDp(left)) → shed")
            }
        case .allDone, .empty:
            var items: [(AndroidElementKey, String, TextStyle, Double, String)] = []
            if let t = input.strings.statusTitle { items.append((.statusTitle, t, m.body, L.statusTopMarginDp, "status title")) }
            if let s = input.strings.statusSubtitle { items.append((.statusSubtitle, s, m.body, 0, "status subtitle")) }
            // No rest glyph on Small: glyph + title + subtitle don't fit its floor (OBJ-1477).
            let top = y
            stackOptional(items, x: x0, y: &y, width: cw, left: &left, column: "main")
            centre([.statusTitle, .statusSubtitle], from: top, used: y - top, free: left, column: "main")
        case .newDay, .firstRun:
            break
        }
        if input.kindling && input.state == .defaultProgress { planSmallKindlingExtras(y: y, left: left) }
    }

    /// Small kindling: the next-due habit and the full-width check-off pill, after everything the
    /// legacy body shows — so they are the first to shed. The pill sits at the bottom of the budget.
    mutating func planSmallKindlingExtras(y: Double, left: Double) {
        var y = y, left = left
        guard let cta = input.strings.cta, let next = input.habits.firstIndex(where: { !$0.done }) else {
            hide(.ctaPill, "no check-off pill: nothing left to check off"); return
        }
        let ctaStyle = TextStyle.roboto(.medium, sp: L.ctaLabelSp, fontScale: input.fontScale)
        let pillH = L.lineBox(size: ctaStyle.size) + L.ctaPaddingDp
        let ctaCost = L.ctaTopMarginDp + pillH
        guard ctaCost <= left else {
            hide(.ctaPill, "check-off pill \(fmtDp(ctaCost)) > \(fmtDp(left)) dp left — sheds before anything the legacy body shows")
            note("small kindling: pill \(fmtDp(ctaCost)) > \(fmtDp(left)) → shed")
            return
        }
        let pillY = y0 + budget - pillH
        let textW = min(cw - L.ctaPaddingDp * 2, m.width(cta, ctaStyle))
        set(PlanElement(key: .ctaPill, shown: true, reason: "check-off pill \(fmtDp(ctaCost)) ≤ \(fmtDp(left)) dp left",
                        costDp: ctaCost, frame: Rect(x: x0, y: pillY, width: cw, height: pillH),
                        text: cta, style: ctaStyle, lines: 1, maxLines: 1, ellipsized: m.width(cta, ctaStyle) > textW))
        row("ctaPill", "main", pillY - L.ctaTopMarginDp, ctaCost)
        note("small kindling: pill \(fmtDp(ctaCost)) ≤ \(fmtDp(left)) → shown at the bottom")
        left -= ctaCost
        // The next-due habit, one line, in what remains above the pill.
        let line = L.lineBox(size: m.habitStyle.size)
        let rowH = line + L.habitRowVerticalPaddingDp
        guard rowH + L.statusTopMarginDp <= left else {
            note("small kindling: next-due row \(fmtDp(rowH + L.statusTopMarginDp)) > \(fmtDp(left)) → shed")
            return
        }
        y += L.statusTopMarginDp
        let labelW = cw - L.habitCheckAndGapDp
        let w = TextWrap.wrap(input.habits[next].title, width: labelW, maxLines: 1, style: m.habitStyle, measurer: m.measurer)
        habitRows.append(HabitRowPlan(habitIndex: next, title: input.habits[next].title, done: false, isNextDue: true,
                                      frame: Rect(x: x0, y: y, width: cw, height: rowH),
                                      labelFrame: Rect(x: x0 + L.habitCheckAndGapDp, y: y + (rowH - line) / 2,
                                                       width: labelW, height: line),
                                      labelLines: 1, labelMaxLines: 1, ellipsized: w.ellipsized))
        row("habit[\(next)]", "main", y, rowH)
        note("small kindling: next-due row \(fmtDp(rowH)) ≤ \(fmtDp(left - L.statusTopMarginDp)) → shown")
    }

}
