/// Android Medium (4×2): streak column on the left, the checklist column on the right.

private typealias L = AndroidLayout

extension AndroidPlanBuilder {
    // MARK: - Medium

    /// `footerSettled`: the STALE footer has already yielded to the stacked checklist's count (the
    /// plan is made again on the budget that leaves).
    mutating func planMedium(footerSettled: Bool = false) {
        note("contentWidth(\(fmtDp(input.widthDp))) = \(fmtDp(cw)); contentBox(\(fmtDp(input.heightDp))) = \(fmtDp(input.heightDp)) − 16 − 24 − 6 = \(fmtDp(cb)); staleFooter \(fmtDp(footer)); mainRowBudget = \(fmtDp(budget))")
        placeFooter()
        for k in [AndroidElementKey.daysLabel, .pipRow, .motivatorLine] { hide(k, "not part of the medium layout") }
        if input.state == .firstRun {
            for k in [AndroidElementKey.coachLine, .progress, .overflowLine, .newDayIcon, .newDayLine, .statusSubtitle] { hide(k, "firstRun") }
            planFirstRun(width: cw); return
        }
        hide(.appGlyph, "only in firstRun")

        let caption = self.caption
        let captionApplies = caption != nil && input.state != .newDay
        // Left column width: wrap_content, capped, but never narrower than the numeral itself.
        let cap = (cw * L.mediumLeftColumnMaxFraction).rounded(.down)
        let nominalHead = L.lineBox(size: m.numeral(.medium).size)
        let captionCoreShed = captionApplies && nominalHead + m.line + L.captionRowTopMarginDp > budget
        // A caption the core can't hold (head + caption row > budget) is not drawn and takes no width.
        let captionW = captionApplies && !captionCoreShed ? caption.map { m.captionWidth($0, size) } ?? 0 : 0
        var (captionLines, captionStyle) = mediumCaptionRow(caption, width: captionW, cap: cap)
        var captionCost = Double(captionLines) * m.lineFor(captionStyle) + L.captionRowTopMarginDp
        var maxHead = captionApplies && !captionCoreShed ? budget - captionCost : budget
        func columnWidths(headMax: Double) -> MediumColumnWidths { mediumColumnWidths(headMax: headMax, captionW: captionW, cap: cap) }
        var (natural, fullW, coreW) = columnWidths(headMax: maxHead)

        // The checklist column keeps its own line before the left column keeps its width: first the
        // column gap yields up to 4 dp, then DAY STREAK and Longest N — which the seed sheds before
        // the habit rows — give up their width, and with it their lines (README, Android layouts).
        // Where it lists rows, its line is a habit row (measured as planChecklistColumn places it);
        // in the empty / all-done body it is the state's line, on as few lines as the width gives it.
        let listsRows = checklistListsRows
        var options = mediumArrangements(full: fullW, core: coreW)
        var chosen = options[0]
        var stackSeatsRows = false
        if listsRows {
            var seating = mediumFirstSeating(options)
            // Beyond the seed's tables (a wide numeral at fontScale 2.0 on a narrow card): where no
            // arrangement seats a row beside the numeral at its height-fitted size, the numeral steps
            // down — never below today's size — until one does, as Small's does for its state line,
            // so a row never appears only once the card is shorter (AndroidMeaningSweepTests).
            // The floor's arrangement is measured first: where even it seats no row, no step does.
            let floorWidths = seating == nil ? columnWidths(headMax: minHead(.medium)) : nil
            if let floorWidths, mediumFirstSeating(mediumArrangements(full: floorWidths.full, core: floorWidths.core)) != nil {
                let step = L.numeralStepSp * input.fontScale
                var size = fitNumeral(.medium, maxWidth: cw, maxHeight: maxHead).0.size - step
                while seating == nil, L.lineBox(size: size) >= minHead(.medium) - 1e-9 {
                    let stepped = columnWidths(headMax: L.lineBox(size: size))
                    let candidates = mediumArrangements(full: stepped.full, core: stepped.core)
                    if let found = mediumFirstSeating(candidates) {
                        seating = found; options = candidates
                        (natural, fullW, coreW) = stepped
                        maxHead = L.lineBox(size: size)
                        note("numeral steps down to \(fmtDp(size)) dp so a habit row fits beside it (never below today's size)")
                    }
                    size -= step
                }
            }
            // No row at any width (only below 250 dp: from there up the labels keep their width):
            // the rows are shed, so what the seed sheds before them goes too — the shed order stays
            // monotonic as the height shrinks (AndroidMeaningSweepTests).
            chosen = seating ?? MediumArrangement(leftW: coreW, gap: L.mediumColumnGapDp, labelsYield: true)
            // Beside the numeral no row fits, under it one does (a wide numeral at fontScale 2.0):
            // the rows outrank the side-by-side arrangement, as below its minimum width.
            if seating == nil, chosen.checklistWidth(cw) >= L.mediumRightColumnMinDp {
                let under = nominalHead + (captionApplies && !captionCoreShed ? captionCost : 0)
                let probe = measured { $0.planStackedChecklist(in: $0.column(x: x0, width: cw, top: y0 + under, room: budget - under)) }
                if !probe.habitRows.isEmpty { stackSeatsRows = true }
            }
        } else if input.state == .empty || input.state == .allDone {
            let lines = options.map { $0.checklistWidth(cw) >= L.mediumRightColumnMinDp ? stateLineLines(width: $0.checklistWidth(cw)) ?? .max : .max }
            if let fewest = lines.min(), let i = lines.firstIndex(of: fewest) { chosen = options[i] }
        }
        // Where no arrangement leaves the checklist column its minimum beside the streak column (a
        // 4–5-digit numeral at 200–260 dp wide: beyond the seed's tables, whose widths start at 250 dp
        // with a 2-digit streak), the checklist stacks under it at the full width, as Large's list
        // sits under its header: its lines (the state's, the count, a row) outrank the side-by-side
        // arrangement, and DAY STREAK / Longest N shed first, as the seed sheds them before the rows.
        let stacked = stackSeatsRows || chosen.checklistWidth(cw) < L.mediumRightColumnMinDp
        if stacked {
            chosen = MediumArrangement(leftW: chosen.leftW, gap: L.mediumColumnGapDp, labelsYield: true)
            // One column: the caption has the full width under the numeral, and wraps there.
            if captionApplies && !captionCoreShed {
                (captionLines, captionStyle) = mediumCaptionRow(caption, width: captionW, cap: cw)
                captionCost = Double(captionLines) * m.lineFor(captionStyle) + L.captionRowTopMarginDp
                maxHead = budget - captionCost
            }
        }
        // STALE, stacked: where even the numeral at today's size leaves the count no room beside
        // the footer, the footer yields as Small's does (`footerYields`), and the plan is made again.
        if stacked, !footerSettled, input.state == .stale {
            let floorHead = minHead(.medium) + (captionApplies && !captionCoreShed ? captionCost : 0)
            if let why = footerYields(minHead: floorHead, lineFits: { b, room, stepping in
                b.measured { $0.planStackedChecklist(in: $0.column(x: b.x0, width: b.cw, top: b.y0 + floorHead, room: room), progressSteps: stepping) }.keepsStateMeaning
            }) {
                let yielded = arithmetic.last
                clearPlaced()
                planMedium(footerSettled: true)
                if let yielded { note(yielded) }
                if var e = elements[.staleFooter] { e.reason += "; \(why)"; set(e) }
                return
            }
        }
        let (leftW, gap, labelsYield) = (chosen.leftW, chosen.gap, chosen.labelsYield)
        note("left column = min(natural \(fmtDp(natural)), cap \(fmtDp(cap))) = \(fmtDp(fullW)) dp"
             + (labelsYield ? "; DAY STREAK and Longest N yield their width to the checklist column → core \(fmtDp(leftW)) dp" : ""))
        let headMax = stacked ? stackedHeadMax(width: leftW, maxHead: maxHead, under: captionApplies && !captionCoreShed ? captionCost : 0) : maxHead
        let h = head(.medium, width: leftW, maxHeight: headMax)
        // The streak column: decided in priority order on `core` (a measure copy: the caption row is
        // the core's, so it is reserved before DAY STREAK and Longest N are weighed), placed in
        // reading order on `col` (DAY STREAK, the caption row, Longest N).
        var col = column(x: x0, width: stacked ? cw : leftW)
        placeHead(h, x: x0, y: col.y, column: "left", numeralFamily: "medium, \(fmtDp(m.numeralSp(.medium))) sp")
        if headMax < maxHead, h.steppedReason != nil, var e = elements[.numeral] {
            e.reason = "numeral stepped down to \(fmtDp(h.numeralStyle.size)) dp so the column under it keeps the state's meaning — never below today's size"
            set(e)
        }
        col.take(h.height)  // the numeral never sheds
        var core = col

        // Core: head + caption row; then DAY STREAK, then Longest N (shed Longest first).
        let showsCaption = captionApplies && !captionCoreShed
        if showsCaption { core.take(captionCost) }
        var left = core.left
        note("core = head \(fmtDp(h.height))\(showsCaption ? " + caption \(fmtDp(captionCost))" : "") = \(fmtDp(core.used)); left \(fmtDp(left))")
        let dsCost = m.line + L.dayStreakTopMarginDp
        let lgCost = m.line + L.longestTopMarginDp
        // Shed order (seed 000): Longest N, then DAY STREAK — "redundant once the reactive caption
        // is showing" — and only then the core's caption row. So below the floor, where the core
        // itself overflows and the caption row sheds, DAY STREAK has already gone.
        // A label is drawn whole or not at all (it "sheds whole"): one wider than the column sheds.
        let dsFits = m.width(input.strings.dayStreak, m.dayStreakStyle) <= leftW
        let lgFits = m.width(input.strings.longest, m.body) <= leftW
        // The column's shed order as data: DAY STREAK outranks Longest N, which is never drawn
        // without it; each takes its one form where it fits what the core left.
        enum Label { case dayStreak, longest }
        let labels = ShedOrder<Label>([
            .init(.dayStreak, forms: !captionCoreShed && !labelsYield && dsFits ? [dsCost] : []),
            .init(.longest, forms: lgFits ? [lgCost] : [], requires: .dayStreak),
        ]).fill(room: left).forms
        let showsDS = labels[.dayStreak] != nil
        if showsDS { core.take(dsCost) }
        if captionCoreShed {
            note("DAY STREAK: shed — the caption row (shed after it) is already shed")
        } else if !dsFits && !labelsYield {
            note("DAY STREAK: shed — wider than the \(fmtDp(leftW)) dp column")
        } else if labelsYield {
            note("DAY STREAK: shed — the checklist column needs its width for \(listsRows ? "a habit row" : "the state's line") (shed before the rows)")
        } else {
            note("DAY STREAK: \(fmtDp(budget - left)) + \(fmtDp(dsCost)) = \(fmtDp(budget - left + dsCost)) \(showsDS ? "≤" : ">") \(fmtDp(budget)) → \(showsDS ? "shown" : "shed")")
        }
        if captionCoreShed {
            hide(.dayStreakLabel, "shed: the caption row is shed (core overflow), and DAY STREAK sheds before it")
        } else if labelsYield {
            hide(.dayStreakLabel, listsRows ? "shed: no habit row fits beside it, and DAY STREAK sheds before the rows (spoken regardless)"
                                            : "shed: its width goes to the state's line in the checklist column (spoken regardless)")
        } else if !dsFits {
            hide(.dayStreakLabel, "DAY STREAK \(fmtDp(m.width(input.strings.dayStreak, m.dayStreakStyle))) dp is wider than the \(fmtDp(leftW)) dp column — shed whole, never cut (spoken regardless)")
        } else if showsDS {
            let slot = take(.dayStreakLabel, dsCost, in: &col, column: "left")
            set(textLine(.dayStreakLabel, input.strings.dayStreak, style: m.dayStreakStyle, x: x0, y: slot.minY, width: leftW, height: m.line, cost: dsCost,
                         reason: "core + DAY STREAK \(fmtDp(budget - left + dsCost)) ≤ mainRowBudget \(fmtDp(budget))"))
        } else {
            hide(.dayStreakLabel, "core + DAY STREAK \(fmtDp(budget - left + dsCost)) > mainRowBudget \(fmtDp(budget)) (shed second; spoken regardless)")
        }
        left = core.left
        if showsCaption, let caption {
            let slot = take(.captionRow, captionCost, in: &col, column: "left")
            set(captionElement(caption, x: x0, y: slot.minY + L.captionRowTopMarginDp, width: col.width, lines: captionLines, style: captionStyle, cost: captionCost,
                               reason: "core: caption row = \(captionLines) × line \(fmtDp(m.lineFor(captionStyle))) + 2 = \(fmtDp(captionCost))"
                                + (captionLines > 1 ? "; wraps to \(captionLines) lines beside its glyph (never cut)" : "")
                                + (captionStyle.size < m.body.size ? "; its text steps down to \(fmtDp(captionStyle.size)) dp (never below fontScale 1.3's size)" : "")))
        } else if input.state == .newDay {
            hide(.captionRow, "NEW_DAY: the New day line is the status line, the caption row sheds (forced not-yet default)")
        } else if captionCoreShed {
            hide(.captionRow, "core overflow: head \(fmtDp(nominalHead)) + caption \(fmtDp(captionCost)) > budget \(fmtDp(budget)) (beyond the seed's tables)")
        } else {
            hide(.captionRow, captionAbsentReason)
        }
        let showsLg = labels[.longest] != nil
        if showsDS {
            note("Longest N: \(fmtDp(budget - left)) + \(fmtDp(lgCost)) = \(fmtDp(budget - left + lgCost)) \(showsLg ? "≤" : ">") \(fmtDp(budget)) → \(showsLg ? "shown" : "shed")")
        }
        if showsLg {
            let slot = take(.longestLabel, lgCost, in: &col, column: "left")
            set(textLine(.longestLabel, input.strings.longest, style: m.body, x: x0, y: slot.minY + L.longestTopMarginDp, width: leftW, height: m.line, cost: lgCost,
                         reason: "core + DAY STREAK + Longest \(fmtDp(budget - left + lgCost)) ≤ mainRowBudget \(fmtDp(budget))"))
        } else {
            hide(.longestLabel, showsDS && !lgFits ? "Longest N is wider than the \(fmtDp(leftW)) dp column — shed whole, never cut (spoken regardless)"
                              : showsDS ? "core + DAY STREAK + Longest \(fmtDp(budget - left + lgCost)) > mainRowBudget \(fmtDp(budget)) (shed first)"
                                        : "DAY STREAK shed, Longest N (shed first) with it")
        }

        if stacked {
            note(stackSeatsRows ? "checklist stacked under the streak column: no habit row fits in the \(fmtDp(cw - leftW - gap)) dp beside it, one fits under it"
                                : "checklist stacked under the streak column: \(fmtDp(cw - fullW - L.mediumColumnGapDp)) dp beside it < \(fmtDp(L.mediumRightColumnMinDp))")
            planStackedChecklist(in: col)
            return
        }

        // Right column.
        let rx = x0 + leftW + gap
        let rw = cw - leftW - gap
        note("right column x = \(fmtDp(rx - x0)), width = \(fmtDp(cw)) − \(fmtDp(leftW)) − \(fmtDp(gap)) = \(fmtDp(rw))"
             + (gap < L.mediumColumnGapDp ? " (the gap yields \(fmtDp(L.mediumColumnGapDp - gap)) dp so the checklist keeps its line)" : ""))
        guard rw >= L.mediumRightColumnMinDp else {
            let why = "no checklist column: \(fmtDp(rw)) dp beside the numeral < \(fmtDp(L.mediumRightColumnMinDp)) (beyond the seed's tables)"
            for k in [AndroidElementKey.coachLine, .progress, .overflowLine, .newDayIcon, .newDayLine, .statusTitle, .statusSubtitle] { hide(k, why) }
            overflow = input.state == .newDay || input.state == .empty ? 0 : input.habits.count
            return
        }
        planMediumChecklist(x: rx, width: rw)
    }

    /// The streak column's widths under a head row at most `headMax` tall: its natural width, and
    /// capped with DAY STREAK and Longest N (`full`) and without them (`core`: the caption, and the
    /// head row — its flame only where the cap holds it; past the cap the flame sheds anyway).
    typealias MediumColumnWidths = (natural: Double, full: Double, core: Double)
    func mediumColumnWidths(headMax: Double, captionW: Double, cap: Double) -> MediumColumnWidths {
        let numeralW = fitNumeral(.medium, maxWidth: cw, maxHeight: headMax).1
        let headNatural = L.flameContainerDp + L.headerGapDp + numeralW
        let natural = max(headNatural, captionW, m.width(input.strings.dayStreak, m.dayStreakStyle), m.width(input.strings.longest, m.body))
        let coreNatural = max(headNatural <= cap ? headNatural : numeralW, captionW)
        return (natural, max(min(natural, cap), min(numeralW, cw)), max(min(coreNatural, cap), min(numeralW, cw)))
    }

    /// One way to share Medium's width: the streak column's, the gap, and whether DAY STREAK and
    /// Longest N gave theirs up to the checklist column.
    struct MediumArrangement {
        var leftW: Double, gap: Double, labelsYield: Bool
        func checklistWidth(_ contentWidth: Double) -> Double { contentWidth - leftW - gap }
    }

    /// The arrangements in the order they are tried, widest streak column first: the column gap
    /// yields up to 4 dp, then (below 250 dp only) DAY STREAK and Longest N give up their width.
    /// The seed's threshold table has no width column: from the width it was measured at
    /// (maxResizeWidth 250 dp) up, DAY STREAK and Longest N show at its heights whatever the
    /// checklist needs; only narrower (200–249 dp, beyond the seed's bounds) do they yield.
    func mediumArrangements(full: Double, core: Double) -> [MediumArrangement] {
        let widths = input.widthDp >= L.mediumTableWidthDp ? [(full, false)] : [(full, false), (core, true)]
        return widths.flatMap { w, labelsYield in
            stride(from: 0, through: L.mediumColumnGapYieldDp, by: 1).map {
                MediumArrangement(leftW: w, gap: L.mediumColumnGapDp - $0, labelsYield: labelsYield)
            }
        }
    }

    /// Whether a checklist column beside the streak column in `o` seats a habit row (a measure run).
    func mediumSeatsRow(_ o: MediumArrangement) -> Bool {
        o.checklistWidth(cw) >= L.mediumRightColumnMinDp && !measured { $0.planMediumChecklist(x: x0, width: o.checklistWidth(cw)) }.habitRows.isEmpty
    }

    /// The first arrangement that seats a row; where the widest checklist column seats none, none
    /// does (a row needs width), so that one measure run answers for all.
    func mediumFirstSeating(_ candidates: [MediumArrangement]) -> MediumArrangement? {
        guard let widest = candidates.max(by: { $0.checklistWidth(cw) < $1.checklistWidth(cw) }), mediumSeatsRow(widest) else { return nil }
        return candidates.first(where: mediumSeatsRow)
    }

    /// The stacked column's head: the tallest numeral step (down to today's size, `minHead`) under
    /// which a measure run of the column keeps the state's meaning — a habit row or the count, the
    /// New day line, the state's own line — as Small's numeral steps down for its state line.
    /// `maxHead` where no step does (nothing is gained by shrinking the numeral).
    func stackedHeadMax(width: Double, maxHead: Double, under: Double) -> Double {
        let floor = minHead(.medium), step = L.numeralStepSp * input.fontScale
        var size = m.numeral(.medium).size, tried: Double?
        while L.lineBox(size: size) >= floor - 1e-9 {
            let candidate = min(maxHead, L.lineBox(size: size))
            // Steps taller than maxHead all clamp to it: measure each height once.
            if candidate == tried { size -= step; continue }
            tried = candidate
            let height = L.lineBox(size: fitNumeral(.medium, maxWidth: width, maxHeight: candidate).0.size)
            let probe = measured { $0.planStackedChecklist(in: $0.column(x: x0, width: cw, top: y0 + height + under, room: budget - height - under)) }
            if probe.keepsStateMeaning { return candidate }
            size -= step
        }
        return maxHead
    }

    /// The checklist stacked under the streak column at the full width (see `planMedium`), in `col`.
    mutating func planStackedChecklist(in col: StackColumn, progressSteps: Bool = true) {
        // One column now: its items keep their own top margins (the Coach line takes the new-day line's).
        planChecklistColumn(in: col, column: "left",
                            coachText: input.coachLineShort ?? input.coachLine, coachReason: "Medium renders coachLineShort",
                            coachMaxLines: 2, coachTopMargin: L.newDaySmallTopMarginDp, maxRows: L.largeMaxHabitRows,
                            sectionMargin: L.mediumProgressTopMarginDp, progressSteps: progressSteps)
    }

    /// Medium's right column: coachLineShort on up to 2 lines straight under the column's top, the
    /// progress line, the rows. Placed once, and measured (`measured`) to choose the columns' widths.
    mutating func planMediumChecklist(x: Double, width: Double) {
        planChecklistColumn(in: column(x: x, width: width), column: "right", coachText: input.coachLineShort ?? input.coachLine,
                            coachReason: "Medium renders coachLineShort", coachMaxLines: 2, coachTopMargin: 0,
                            maxRows: L.largeMaxHabitRows, sectionMargin: L.mediumProgressTopMarginDp)
    }

    /// Medium's caption row (the core's second half) in the capped column: its lines and style.
    /// One line where it fits beside its glyph; else, as on Small, it wraps whole to the second
    /// line the core can hold (the numeral stepping down to make room, never below today's size)
    /// rather than "Add a…"; else its text steps down like the state's line (steppedStateLine:
    /// never below its fontScale-1.3 size — the seed's sub-linear rule for the core's numeral,
    /// applied to the core's other half); only then the structural floor's ellipsis (seed 000:
    /// "the safety net, not the mechanism"). The column does not widen for it: the checklist
    /// column's line (a habit row, the state's line) outranks the caption's width.
    func mediumCaptionRow(_ caption: String?, width need: Double, cap: Double) -> (lines: Int, style: TextStyle) {
        guard let caption, need > cap else { return (1, m.body) }
        return wrappedCaption(caption, width: cap, height: budget - minHead(.medium), topMargin: L.captionRowTopMarginDp) ?? (1, m.body)
    }
}
