/// Android Medium (4×2): streak column on the left, the checklist column on the right.

private typealias L = AndroidLayout

extension AndroidPlanBuilder {
    // MARK: - Medium

    package mutating func planMedium() {
        note("\(contentWidthNote()); \(contentBoxNote("mainRowBudget"))")
        placeFooter()
        for k in [PlanPart.daysLabel, .pipRow, .motivatorLine] { hide(k, "not part of the medium layout") }
        if input.state == .firstRun {
            for k in [PlanPart.coachLine, .progress, .overflowLine, .newDayIcon, .newDayLine, .statusSubtitle] {
                hide(k, "firstRun")
            }
            planFirstRun(width: cw)
            return
        }
        hide(.appGlyph, "only in firstRun")

        // The streak column: seed 000 "Left-column height budget" — flame, streak number, DAY
        // STREAK, the reactive caption row, Longest N. Core = head row + caption row; the caption
        // row is one line (Caption floor: reactive_caption_text_medium carries maxLines="1" +
        // ellipsize="end"); DAY STREAK and Longest N show by the budget comparison alone
        // (planWidget: "Code the comparison"), so the threshold table holds at every width.
        let caption = self.caption
        let captionApplies = caption != nil && input.state != .newDay
        let captionCost = m.line + L.captionRowTopMarginDp
        let nominalHead = L.lineBox(size: m.numeral(.medium).size)
        // Beyond the seed's tables only (the core alone overflows the budget): the caption row sheds.
        let captionCoreShed = captionApplies && nominalHead + captionCost > budget
        let showsCaption = captionApplies && !captionCoreShed
        let h = head(.medium, width: cw, maxHeight: budget)
        let core = h.height + (showsCaption ? captionCost : 0)
        note(
            "core = head \(fmtDp(h.height))\(showsCaption ? " + caption \(fmtDp(captionCost))" : "") = \(fmtDp(core)); "
                + "left \(fmtDp(budget - core))"
        )
        let dsCost = m.line + L.dayStreakTopMarginDp
        let lgCost = m.line + L.longestTopMarginDp
        // Shed order (seed 000 "Shedding order as the budget shrinks"): Longest N first, then DAY
        // STREAK — and only then the core's caption row, so where the core overflows DAY STREAK has gone.
        // A label wider than the card itself (only below Medium's 200 dp, beyond its bounds) sheds
        // whole rather than be cut.
        let dsW = m.width(input.strings.dayStreak, m.dayStreakStyle)
        let lgW = m.width(input.strings.longest, m.body)
        enum Label { case dayStreak, longest }
        let labels = ShedOrder<Label>([
            .init(.dayStreak, forms: captionCoreShed || dsW > cw ? [] : [dsCost]),
            .init(.longest, forms: lgW > cw ? [] : [lgCost], requires: .dayStreak),
        ]).fill(room: budget - core).forms
        let showsDS = labels[.dayStreak] != nil
        let showsLg = labels[.longest] != nil
        note(
            "DAY STREAK: \(fmtDp(core)) + \(fmtDp(dsCost)) = \(fmtDp(core + dsCost)) \(showsDS ? "≤" : ">") "
                + "\(fmtDp(budget)) → \(showsDS ? "shown" : "shed")"
        )
        if showsDS {
            note(
                "Longest N: \(fmtDp(core + dsCost)) + \(fmtDp(lgCost)) = \(fmtDp(core + dsCost + lgCost)) "
                    + "\(showsLg ? "≤" : ">") \(fmtDp(budget)) → \(showsLg ? "shown" : "shed")"
            )
        }

        // The column is as wide as what it draws (wrap_content beside the checklist's 0dp + weight 1),
        // never wider than the card.
        let captionW = showsCaption ? caption.map { m.captionWidth($0, size) } ?? 0 : 0
        let natural = max(
            L.flameContainerDp + L.headerGapDp + h.numeralW, captionW, showsDS ? dsW : 0, showsLg ? lgW : 0)
        let leftW = min(natural, cw)
        note(
            "left column = wrap_content \(fmtDp(natural)) "
                + "dp\(natural > cw ? ", held to the content width \(fmtDp(cw))" : "")"
        )
        // Where even the numeral's row is wider than the card (a 4–5-digit streak at fontScale 2.0,
        // beyond the seed's tables), the flame sheds as on Small's header row.
        let placed =
            leftW < L.flameContainerDp + L.headerGapDp + h.numeralW ? head(.medium, width: leftW, maxHeight: budget) : h
        var col = column(x: x0, width: leftW)
        placeHead(placed, x: x0, y: col.y, column: .left, numeralFamily: "medium, \(fmtDp(m.numeralSp(.medium))) sp")
        col.take(placed.height)  // the numeral never sheds

        if showsDS {
            let slot = take(.dayStreakLabel, dsCost, in: &col, column: .left)
            set(
                textLine(
                    .dayStreakLabel, input.strings.dayStreak, style: m.dayStreakStyle, x: x0, y: slot.minY,
                    width: leftW, height: m.line, cost: dsCost,
                    reason: "core + DAY STREAK \(fmtDp(core + dsCost)) ≤ mainRowBudget \(fmtDp(budget))"))
        } else {
            hide(
                .dayStreakLabel,
                captionCoreShed
                    ? "shed: the caption row is shed (core overflow), and DAY STREAK sheds before it"
                    : dsW > cw
                        ? "DAY STREAK \(fmtDp(dsW)) dp is wider than the card's \(fmtDp(cw)) dp — shed whole, never "
                            + "cut (beyond Medium's bounds)"
                        : "core + DAY STREAK \(fmtDp(core + dsCost)) > mainRowBudget \(fmtDp(budget)) (shed second; "
                            + "spoken regardless)"
            )
        }
        if showsCaption, let caption {
            let slot = take(.captionRow, captionCost, in: &col, column: .left)
            set(
                captionElement(
                    caption, x: x0, y: slot.minY + L.captionRowTopMarginDp, width: leftW, cost: captionCost,
                    reason:
                        "core: caption row = line \(fmtDp(m.line)) + \(fmtDp(L.captionRowTopMarginDp)) = "
                        + "\(fmtDp(captionCost)); one line, cut at its end (maxLines=1, ellipsize=end)"
                ))
        } else if input.state == .newDay {
            hide(
                .captionRow,
                "NEW_DAY: the New day line is the status line, the caption row sheds (forced not-yet default)")
        } else if captionCoreShed {
            hide(
                .captionRow,
                "core overflow: head \(fmtDp(nominalHead)) + caption \(fmtDp(captionCost)) > budget \(fmtDp(budget)) "
                    + "(beyond the seed's tables)"
            )
        } else {
            hide(.captionRow, captionAbsentReason)
        }
        if showsLg {
            let slot = take(.longestLabel, lgCost, in: &col, column: .left)
            set(
                textLine(
                    .longestLabel, input.strings.longest, style: m.body, x: x0, y: slot.minY + L.longestTopMarginDp,
                    width: leftW, height: m.line, cost: lgCost,
                    reason:
                        "core + DAY STREAK + Longest \(fmtDp(core + dsCost + lgCost)) ≤ mainRowBudget \(fmtDp(budget))")
            )
        } else {
            hide(
                .longestLabel,
                showsDS && lgW > cw
                    ? "Longest N is wider than the card — shed whole, never cut (beyond Medium's bounds)"
                    : showsDS
                        ? "core + DAY STREAK + Longest \(fmtDp(core + dsCost + lgCost)) > mainRowBudget "
                            + "\(fmtDp(budget)) (shed first)"
                        : "DAY STREAK shed, Longest N (shed first) with it")
        }

        // The checklist column takes the rest of the width.
        let rx = x0 + leftW + L.mediumColumnGapDp
        let rw = cw - leftW - L.mediumColumnGapDp
        note(
            "right column x = \(fmtDp(rx - x0)), width = \(fmtDp(cw)) − \(fmtDp(leftW)) − "
                + "\(fmtDp(L.mediumColumnGapDp)) = \(fmtDp(rw))"
        )
        guard rw >= L.mediumRightColumnMinDp else {
            let why =
                "no checklist column: \(fmtDp(rw)) dp beside the streak column < \(fmtDp(L.mediumRightColumnMinDp)) "
                + "(beyond the seed's tables)"
            for k in [
                PlanPart.coachLine, .progress, .overflowLine, .newDayIcon, .newDayLine, .statusTitle, .statusSubtitle,
                .statusGlyph,
            ] { hide(k, why) }
            overflow = input.state == .newDay || input.state == .empty ? 0 : input.habits.count
            return
        }
        planMediumChecklist(x: rx, width: rw)
    }

    /// Medium's right column: coachLineShort on up to 2 lines straight under the column's top, the
    /// progress line, the rows. Placed once, and measured (`measured`) where a probe asks.
    package mutating func planMediumChecklist(x: Double, width: Double) {
        planChecklistColumn(
            in: column(x: x, width: width), column: .right, coachText: input.coachLineShort ?? input.coachLine,
            coachReason: "Medium renders coachLineShort", coachMaxLines: Self.mediumCoachMaxLines, coachTopMargin: 0,
            maxRows: L.largeMaxHabitRows, sectionMargin: L.mediumProgressTopMarginDp)
    }

    /// Medium's Coach line clamp (seed 000 "Coach line": Medium 2).
    package static let mediumCoachMaxLines = 2
}
