import EvidenceCore
import WidgetModel

/// Android Large (v4.11 Large-equivalent): the narrow-Large header ladder, Coach line, capped checklist, closing
/// motivator.

private typealias L = AndroidLayout

extension AndroidPlanBuilder {
    // MARK: - Large

    package mutating func planLarge() {
        note("\(contentWidthNote()); \(contentBoxNote("budget"))")
        placeFooter()
        for k in [PlanPart.daysLabel, .pipRow] { hide(k, "not part of the large layout") }
        if input.state == .firstRun {
            for k in [
                PlanPart.coachLine, .progress, .overflowLine, .newDayIcon, .newDayLine, .statusSubtitle, .motivatorLine,
            ] { hide(k, "firstRun") }
            planFirstRun(width: cw)
            return
        }
        hide(.appGlyph, "only in firstRun")
        let caption = input.state == .newDay ? nil : self.caption
        let numW0 = m.width(String(input.streak), m.numeral(.large))
        let compactNeed = m.largeCompactNeed(numeralW: numW0, caption: caption)
        let labelsW = max(m.width(input.strings.dayStreak, m.dayStreakStyle), m.width(input.strings.longest, m.body))
        let inlineNeed = compactNeed + L.largeLabelsMarginStartDp + labelsW
        let capPart =
            caption.map {
                "\(fmtDp(L.largeCaptionMarginStartDp)) + glyph "
                    + "\(fmtDp(L.captionGlyphSlotDp(.large, fontScale: input.fontScale))) + "
                    + "\(fmtDp(L.captionGlyphGapDp(.large))) + \"\($0)\" \(fmtDp(m.width($0, m.body))) + "
            } ?? ""
        note(
            "COMPACT need = \(fmtDp(L.flameContainerDp)) + \(fmtDp(L.headerGapDp)) + numeral \(fmtDp(numW0)) + "
                + "\(capPart)\(fmtDp(L.largeHeaderHeadroomDp)) = \(fmtDp(compactNeed))"
        )
        note(
            "INLINE need = \(fmtDp(compactNeed)) + \(fmtDp(L.largeLabelsMarginStartDp)) + labels \(fmtDp(labelsW)) = "
                + "\(fmtDp(inlineNeed))"
        )
        // The ladder as the header row's forms, widest first (seed 000 "Narrow-Large readability"):
        // everything on one row; without the labels wrapper; the caption on a row of its own.
        enum Header: Hashable { case row }
        let rungs: [(rung: LargeHeaderRung, width: Double)] = [
            (.inline, inlineNeed), (.compact, compactNeed), (.stacked, 0),
        ]
        let r =
            ShedOrder([.init(Header.row, forms: rungs.map(\.width), kept: true)]).fill(room: cw).forms[.row].map {
                rungs[$0].rung
            } ?? .stacked
        rung = r
        switch r {
        case .inline: rungReason = "INLINE: \(fmtDp(inlineNeed)) ≤ contentWidth \(fmtDp(cw))"
        case .compact: rungReason = "COMPACT: INLINE \(fmtDp(inlineNeed)) > \(fmtDp(cw)) ≥ \(fmtDp(compactNeed))"
        case .stacked: rungReason = "STACKED: COMPACT \(fmtDp(compactNeed)) > contentWidth \(fmtDp(cw))"
        }
        note("rung = \(rungReason!)")

        // Seed 000 "Caption floor, both Large and Medium": reactive_caption_text_large carries
        // android:maxLines="1" + android:ellipsize="end" — on every rung, STACKED's own row too.
        let stackedCaption = r == .stacked && caption != nil
        let stackedCost = m.line + L.largeStackedCaptionTopMarginDp
        let maxHead = stackedCaption ? budget - stackedCost : budget
        let h = head(
            .large, width: r == .stacked ? cw : cw - (compactNeed - L.flameContainerDp - L.headerGapDp - numW0),
            maxHeight: maxHead)
        var col = column(x: x0, width: cw)
        let y = col.y
        placeHead(h, x: x0, y: y, column: .main, numeralFamily: "large, \(fmtDp(m.numeralSp(.large))) sp")
        var hx = x0 + (h.flame ? L.flameContainerDp + L.headerGapDp : 0) + h.numeralW
        if r == .inline {
            let dsW = m.width(input.strings.dayStreak, m.dayStreakStyle)
            let lx = hx + L.largeLabelsMarginStartDp
            let top = y + StackColumn.centred(StackColumn.textHeight(lines: 2, lineHeight: m.line), in: h.height)
            set(
                PlanElement(
                    key: .dayStreakLabel, shown: true,
                    reason: "INLINE: the labels wrapper fits (\(fmtDp(inlineNeed)) ≤ \(fmtDp(cw)))", costDp: labelsW,
                    frame: Rect(x: lx, y: top, width: dsW, height: m.line), text: input.strings.dayStreak,
                    style: m.dayStreakStyle, lines: 1))
            set(
                PlanElement(
                    key: .longestLabel, shown: true, reason: "INLINE: the labels wrapper fits", costDp: labelsW,
                    frame: Rect(x: lx, y: top + m.line, width: m.width(input.strings.longest, m.body), height: m.line),
                    text: input.strings.longest, style: m.body, lines: 1))
            hx = lx + labelsW
        } else {
            let why =
                "\(r.rawValue): streak_labels_large (DAY STREAK/Longest N) is GONE as a whole — zero height cost, "
                + "spoken in full"
            hide(.dayStreakLabel, why)
            hide(.longestLabel, why)
        }
        col.take(h.height)  // the numeral never sheds
        if let caption {
            if r == .stacked {
                let slot = take(.captionRow, stackedCost, in: &col, column: .main)
                set(
                    captionElement(
                        caption, x: x0, y: slot.minY + L.largeStackedCaptionTopMarginDp, width: cw, cost: stackedCost,
                        reason:
                            "STACKED: the caption drops to its own row (+1 line + "
                            + "\(fmtDp(L.largeStackedCaptionTopMarginDp)) = \(fmtDp(stackedCost)) dp), one line, "
                            + "cut at its end"
                    ))
            } else {
                // "Everything on one row" (seed 000, INLINE): the caption sits on the numeral's baseline.
                let cx = hx + L.largeCaptionMarginStartDp
                let top = max(y, m.topAligningBaseline(m.body, with: h.numeralStyle, referenceTop: y))
                set(
                    captionElement(
                        caption, x: cx, y: top, width: x0 + cw - cx, cost: m.captionWidth(caption, size),
                        reason:
                            "\(r.rawValue): caption in the header row (width cost "
                            + "\(fmtDp(m.captionWidth(caption, size))) dp)"
                    ))
            }
        } else {
            hide(
                .captionRow,
                input.state == .newDay
                    ? "NEW_DAY: the New day line is the status line, the caption row sheds" : captionAbsentReason)
        }
        note(
            "header = \(fmtDp(h.height))\(stackedCaption ? " + stacked caption \(fmtDp(stackedCost))" : ""); left "
                + "\(fmtDp(col.left))"
        )

        // Closing motivator reserved at the bottom of the stack (nil on stale/firstRun). Its rank
        // depends on the state: on all-done it is the state's own line (seed 000 Large family: the
        // all-done body is largeAllDoneChecklist closed by the motivator, the row cap is there "so
        // the closing motivator line is never pushed out of the card by a long habit list"), so it
        // takes its lines first and the Coach line, "N of M done" and the rows yield to it —
        // "+N more done" counts the rows that go. Elsewhere it is the stack's last, optional line:
        // it yields to the viability floor (the Coach line, the progress line and the first
        // LARGE_MIN_HABIT_ROWS rows + the overflow line they'd need) and never costs a habit row.
        let hasRows = [.defaultProgress, .stale, .allDone].contains(input.state) && !input.habits.isEmpty
        let coachText = r == .inline ? input.coachLine : (input.coachLineShort ?? input.coachLine)
        let coachCost = showsCoachLine && coachText != nil ? m.coachLine + L.coachTopMarginDp : 0
        let floorNeed = coachCost + (hasRows ? m.line + L.largeSectionTopMarginDp + floorRowsNeed() : 0)
        if let mot = input.strings.motivator, input.state != .stale,
            let lines = m.fitLines(mot, width: cw, style: m.body)
        {
            // A sentence: it takes a second line rather than "— the tower starts…", budgeted like
            // any line, and where it can't hold its lines it is shed whole, never cut.
            let cost = StackColumn.textHeight(lines: lines, lineHeight: m.line, gap: L.largeMotivatorTopMarginDp)
            let left = col.left
            // The stack's rank as data: on all-done the motivator outranks the checklist's floor,
            // elsewhere the floor outranks it, and it never takes the room of a row the checklist
            // would otherwise seat (measure runs of the checklist, asked only where it ranks below).
            // Where the checklist cannot reach its floor even with the whole room, the floor is
            // what it draws there: the motivator may take only room nothing above it uses.
            let closesAllDone = input.state == .allDone && hasRows
            // Measured only where an answer depends on it: the rows it seats, or a floor the motivator overruns.
            let whole =
                closesAllDone || !hasRows && cost + floorNeed <= left
                ? nil : largeChecklist(in: col, coachText: coachText)
            let costsRow =
                !closesAllDone && hasRows
                && largeChecklist(in: column(x: x0, width: cw, top: col.y, room: left - cost), coachText: coachText)
                    .seats < (whole?.seats ?? 0)
            enum Part { case motivator, floor }
            let motivator = ShedOrder<Part>.Item(.motivator, forms: costsRow ? [] : [cost])
            let floor = ShedOrder<Part>.Item(.floor, forms: [min(floorNeed, whole?.used ?? floorNeed)], kept: true)
            let fits =
                ShedOrder(closesAllDone ? [motivator, floor] : [floor, motivator]).fill(room: left).forms[.motivator]
                != nil
            let shedReason: String?
            if closesAllDone {
                note(
                    "motivator (all-done's own line): \(fmtDp(cost)) \(fits ? "≤" : ">") \(fmtDp(left)) → "
                        + "\(fits ? "reserved first; the checklist yields to it" : "shed whole")"
                )
                shedReason =
                    fits
                    ? nil
                    : "all-done motivator: \(lines) line(s) (\(fmtDp(cost)) dp) > \(fmtDp(left)) dp left — shed whole, "
                        + "never cut"
            } else if costsRow {
                // Never at the cost of a habit row: the seed pins the rows ("all 5 habit rows still
                // render with no overflow line" at the OBJ-2428 geometry: "The fix costs the reporter
                // no visible rows"). The checklist's measure pass, not a second plan.
                note(
                    "motivator: its \(lines) line(s) would cost a habit row → shed whole (rows outrank the closing "
                        + "line)"
                )
                shedReason =
                    "motivator shed whole: \(lines) line(s) (\(fmtDp(cost)) dp) would cost a habit row the seed keeps "
                    + "— never cut, never at a row's expense"
            } else {
                note(
                    "motivator: \(fmtDp(cost)) + floor (coach \(fmtDp(coachCost)) + progress + \(L.largeMinHabitRows) "
                        + "rows) \(fmtDp(floorNeed)) = \(fmtDp(cost + floorNeed)) \(fits ? "≤" : ">") \(fmtDp(left))"
                )
                shedReason =
                    fits
                    ? nil
                    : "motivator yields: \(fmtDp(cost)) + the 2-row floor \(fmtDp(floorNeed)) > \(fmtDp(left)) dp left"
            }
            if let shedReason {
                hide(.motivatorLine, shedReason)
            } else if let slot = col.reserveBottom(cost) {
                let my = slot.minY
                let reason =
                    "closing motivator reserved: \(lines) × \(fmtDp(m.line)) + \(fmtDp(L.largeMotivatorTopMarginDp)) = "
                    + "\(fmtDp(cost)) dp"
                set(
                    lines == 1
                        ? textLine(
                            .motivatorLine, mot, style: m.body, x: x0, y: my + L.largeMotivatorTopMarginDp, width: cw,
                            height: m.line,
                            cost: cost, reason: reason)
                        : sentence(
                            .motivatorLine, mot, style: m.body, x: x0, y: my + L.largeMotivatorTopMarginDp, width: cw,
                            lines: lines,
                            cost: cost, reason: reason))
                row(.motivatorLine, .main, my, cost)
            }
        } else if input.strings.motivator != nil, input.state != .stale {
            hide(
                .motivatorLine,
                "motivator needs more than \(L.sentenceMaxLines) lines at \(fmtDp(cw)) dp — shed whole, never cut")
        } else {
            hide(
                .motivatorLine,
                input.state == .stale ? "STALE: no motivator, the sync footer takes its place" : "no motivator string")
        }
        planChecklistColumnLarge(in: col, coachText: coachText)
    }

    /// Height of the first LARGE_MIN_HABIT_ROWS rows of the window (the next-due one drawn tall) plus
    /// the overflow line they'd need — the Large viability floor, by the checklist's own row arithmetic.
    package func floorRowsNeed() -> Double {
        let rows = habitRowBudget(width: cw)
        let k = min(input.habits.count, L.largeMinHabitRows)
        return rows.height(rows.window(k), levelB: false) + rows.overflowCost(k)
    }

    package mutating func planChecklistColumnLarge(in col: StackColumn, coachText: String?) {
        planChecklistColumn(
            in: col, column: .main, coachText: coachText,
            coachReason: rung == .inline ? "INLINE keeps the long form" : "\(rung!.rawValue) renders coachLineShort",
            coachMaxLines: Self.largeCoachMaxLines, coachTopMargin: L.coachTopMarginDp,
            maxRows: L.largeMaxHabitRows, sectionMargin: L.largeSectionTopMarginDp,
            coachLeadDp: size.traits.coachSpark ? L.coachSparkSlotDp : 0)
    }

    /// Rows Large's checklist seats in `col`, and the height it uses there: a measure run of
    /// `planChecklistColumnLarge`.
    package func largeChecklist(in col: StackColumn, coachText: String?) -> (seats: Int, used: Double) {
        let probe = measured { $0.planChecklistColumnLarge(in: col, coachText: coachText) }
        return (probe.habitRows.count, probe.rows.filter { $0.column == .main }.reduce(0) { $0 + $1.height })
    }

    /// Large's Coach line clamp (seed 000 "Coach line": Large 1).
    package static let largeCoachMaxLines = 1
}
