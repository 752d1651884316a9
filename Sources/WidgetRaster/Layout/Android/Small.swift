/// Android Small (2×2): the left-column height budget and the header-row width budget of seed 000.

private typealias L = AndroidLayout

extension AndroidPlanBuilder {
    // MARK: - Small

    mutating func planSmall() {
        note("contentWidth(\(fmtDp(input.widthDp))) = \(fmtDp(input.widthDp)) − 40 = \(fmtDp(cw))")
        note("contentBox(\(fmtDp(input.heightDp))) = \(fmtDp(input.heightDp)) − 16 − 24 − 6 = \(fmtDp(cb)); staleFooter \(fmtDp(footer)); mainRowBudget = \(fmtDp(budget))")
        // The state's own line outranks what the seed's tables never weighed against it: first the
        // numeral steps down (never below today's size), then the footer's second line and the
        // caption row yield to it (README, "Android keeps each state's meaning").
        let minHead = minHead(.small)
        let footerYields = smallStateText == nil ? nil : footerYields(minHead: minHead) { b, room, stepping in
            b.smallStateLine(within: room, stepping: stepping) != nil
        }
        placeFooter()
        if let footerYields, var e = elements[.staleFooter] {
            e.reason += "; \(footerYields)"
            set(e)
        }
        for k in [AndroidElementKey.dayStreakLabel, .longestLabel, .coachLine, .overflowLine, .motivatorLine] {
            hide(k, "not part of the small layout")
        }
        if input.state == .firstRun { planFirstRun(width: cw); return }
        hide(.appGlyph, "only in firstRun")

        let caption = self.caption
        let nominalHead = L.lineBox(size: m.numeral(.small).size)
        // The caption row is one line when it fits beside its glyph. Where it doesn't, it wraps to
        // the second line the core can hold rather than "Add a…": the seed shortened these
        // captions for the narrow boxes so they would not be cut (Microcopy shortened alongside
        // the width fix), and its structural floor — one line, ellipsized — is "the safety net, not
        // the mechanism". NEW_DAY's fallback caption keeps the seed's accepted one-line ellipsis.
        let captionFit = caption.flatMap { smallCaptionRow($0, nominalHead: nominalHead) }
        let captionLines = captionFit?.lines ?? 1, captionStyle = captionFit?.style ?? m.body
        let captionCost = Double(captionLines) * m.lineFor(captionStyle) + L.captionRowTopMarginDp
        // What the head row leaves below it: the caption row, then the state's line where the
        // numeral's step-down can make room for both; else the caption row yields to the state's
        // line, as NEW_DAY's caption row yields to state_new_day (OBJ-1382). With no line to keep
        // the caption row sheds only when even the core overflows (beyond the seed's tables).
        let hasCaption = caption != nil && input.state != .newDay
        // Kindling's DEFAULT count is a form of its body, not a line of its own: the numeral keeps
        // the size its width gives it (the seed's band table sheds the flame by that size) and only
        // the caption row yields, so the card never shows the streak and the caption with no sign of progress.
        let countIsBodyForm = smallStateTextIsBodyForm
        let headFloor = countIsBodyForm ? L.lineBox(size: fitNumeral(.small, maxWidth: cw, maxHeight: .infinity).0.size) : minHead
        var keep: SmallStateLine?
        var captionYields = false
        if hasCaption, let line = smallStateLine(within: budget - headFloor - captionCost, stepping: false) {
            keep = line
        } else if let line = smallStateLine(within: budget - headFloor, stepping: !countIsBodyForm) {
            keep = line; captionYields = hasCaption
        }
        let captionCoreShed = keep == nil && hasCaption && nominalHead + captionCost > budget
        let captionShown = hasCaption && !captionYields && !captionCoreShed
        let maxHead = budget - (captionShown ? captionCost : 0) - (keep?.cost ?? 0)
        if let keep {
            note("state line \(fmtDp(keep.cost)) kept\(keep.stepped ? " (its text stepped down to \(fmtDp(keep.style.size)) dp)" : ""): head ≤ \(fmtDp(maxHead)) (never below today's size: \(fmtDp(minHead)))"
                 + (captionYields ? "; the caption row \(fmtDp(captionCost)) yields to it" : ""))
        }
        let daysW = m.width(input.strings.daysLabel, m.body)
        // The days label sheds first on the width axis, and whole where its line is taller than the budget.
        let h = head(.small, width: cw, maxHeight: maxHead, trailing: m.line <= budget ? L.headerGapDp + daysW + L.daysLabelHeadroomDp : nil)
        var col = column(x: x0, width: cw)
        let y = col.y
        placeHead(h, x: x0, y: y, column: "main", numeralFamily: "small, \(fmtDp(m.numeralSp(.small))) sp")
        if let keep, h.steppedReason != nil, var e = elements[.numeral], let size = e.style?.size {
            e.reason = "numeral stepped down \(fmtDp(m.numeral(.small).size)) → \(fmtDp(size)) dp to keep the state's line (\(fmtDp(keep.cost)) dp) — never below today's \(fmtDp(L.smallNumeralSp)) dp"
            set(e)
        }
        // Days label (width axis).
        if h.flame {
            let need = L.flameContainerDp + L.headerGapDp + h.numeralW + L.headerGapDp + daysW + L.daysLabelHeadroomDp
            let coreW = L.flameContainerDp + L.headerGapDp + h.numeralW
            note("showsDaysLabel: \(fmtDp(coreW)) + 4 + \(fmtDp(daysW)) + 6 = \(fmtDp(need)) \(need <= cw ? "≤" : ">") \(fmtDp(cw))")
            if h.trailing {
                set(PlanElement(key: .daysLabel, shown: true, reason: "\(fmtDp(coreW)) + 4 + \(fmtDp(daysW)) + 6 headroom = \(fmtDp(need)) ≤ \(fmtDp(cw))",
                                costDp: L.headerGapDp + daysW,
                                // On the numeral's baseline (a header row reads as one line of type).
                                // (never above the row: a numeral stepped below the label's size is beyond the seed's tables)
                                frame: Rect(x: x0 + coreW + L.headerGapDp, y: max(y, m.topAligningBaseline(m.body, with: h.numeralStyle, referenceTop: y)),
                                            width: daysW, height: m.line),
                                text: input.strings.daysLabel, style: m.body, lines: 1))
            } else {
                hide(.daysLabel, need > cw ? "\(fmtDp(coreW)) + 4 + \(fmtDp(daysW)) + 6 headroom = \(fmtDp(need)) > \(fmtDp(cw)) — the days label sheds first (spoken in full regardless)"
                                           : "its line \(fmtDp(m.line)) > main-row budget \(fmtDp(budget)) dp (beyond the seed's tables)")
            }
        } else {
            hide(.daysLabel, "flame shed, so the days label (shed first) is gone too")
        }
        col.take(h.height)  // the numeral never sheds
        note("head = lineBox(\(fmtDp(h.numeralStyle.size)) dp) = \(fmtDp(h.height)); left \(fmtDp(col.left))")

        // NEW_DAY small (OBJ-1382).
        var showsCaption = caption != nil && !captionCoreShed && !captionYields
        var captionReason = caption == nil ? captionAbsentReason : "core: caption row = line \(fmtDp(m.line)) + \(fmtDp(L.captionRowTopMarginDp)) = \(fmtDp(captionCost))"
        if captionCoreShed { captionReason = "core overflow: head \(fmtDp(nominalHead)) + caption \(fmtDp(captionCost)) > budget \(fmtDp(budget)) — caption sheds before the numeral shrinks (beyond the seed's tables)" }
        if captionYields, let keep {
            captionReason = "yields to the state's own line: head ≥ \(fmtDp(headFloor)) + caption \(fmtDp(captionCost)) + state line \(fmtDp(keep.cost)) > budget \(fmtDp(budget)) (as NEW_DAY's caption row yields to state_new_day)"
        }
        hide(.newDayIcon, "not NEW_DAY"); hide(.newDayLine, "not NEW_DAY")
        let newDayTop = col.y
        if input.state == .newDay {
            let maxLines = min(L.newDayMaxLines, Int(((budget - h.height - L.newDaySmallTopMarginDp) / m.line).rounded(.down)))
            note("maxNewDayLines = min(2, floor((\(fmtDp(budget)) − \(fmtDp(h.height)) − 6) / \(fmtDp(m.line)))) = \(maxLines)")
            let boxIcon = cw - L.newDaySmallIconAndGapDp, boxPlain = cw
            let wrapsIcon = m.wrapLines(input.strings.newDay, width: boxIcon, style: m.body)
            let wrapsPlain = m.wrapLines(input.strings.newDay, width: boxPlain, style: m.body)
            func d(_ v: Int?) -> String { v.map(String.init) ?? "∞" }
            note("wraps(\"\(input.strings.newDay)\", \(fmtDp(boxIcon))) = \(d(wrapsIcon)); wraps(…, \(fmtDp(boxPlain))) = \(d(wrapsPlain))")
            // The line's forms, largest first: beside its icon; without it (the icon sheds first);
            // then, above the floor, stepped down as every state line is (never below its fontScale-1.3
            // size) — the seed accepts the caption in New day's place only at its floor ("Reachable
            // only by manually resizing the widget to its floor").
            let top = L.newDaySmallTopMarginDp
            let forms = m.lineForms(input.strings.newDay, width: boxIcon, maxLines: L.newDayMaxLines, topMargin: top, styles: [m.body]).map { (icon: true, form: $0) }
                + m.lineForms(input.strings.newDay, width: boxPlain, maxLines: L.newDayMaxLines, topMargin: top,
                              styles: input.widthDp <= L.smallFloorWidthDp ? [m.body] : nil).map { (icon: false, form: $0) }
            enum Line: Hashable { case newDay }
            let chosen = ShedOrder([.init(Line.newDay, forms: forms.map(\.form.cost))]).fill(room: col.left).forms[.newDay]
                .map { (forms[$0].icon, forms[$0].form.style, forms[$0].form.lines, forms[$0].form.lineHeight) }
            if let chosen {
                let (showsIcon, style, lines, lineH) = chosen
                let stepped = style.size < m.body.size
                if stepped { note("New day stepped \(fmtDp(m.body.size)) → \(fmtDp(style.size)) dp: above the \(fmtDp(L.smallFloorWidthDp)) dp floor the seed's limitation names") }
                let cost = L.newDaySmallTopMarginDp + Double(lines) * lineH
                let tx = x0 + (showsIcon ? L.newDaySmallIconAndGapDp : 0)
                let textW = min(showsIcon ? boxIcon : boxPlain, m.width(input.strings.newDay, style))
                let y = take(.newDayLine, cost, in: &col, column: "main").minY
                if showsIcon {
                    set(PlanElement(key: .newDayIcon, shown: true, reason: "wraps(New day, \(fmtDp(boxIcon))) = \(lines) ≤ maxNewDayLines \(maxLines)",
                                    costDp: L.newDaySmallIconAndGapDp,
                                    frame: Rect(x: x0, y: y + L.newDaySmallTopMarginDp, width: L.newDaySmallIconAndGapDp - 4, height: L.newDaySmallIconAndGapDp - 4)))
                } else {
                    hide(.newDayIcon, "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines) — the icon sheds first")
                }
                let reason = !stepped ? "\(lines) line(s) ≤ maxNewDayLines \(maxLines): \(fmtDp(cost)) dp"
                    : "stepped to \(fmtDp(style.size)) dp so it is drawn whole in \(lines) line(s): \(fmtDp(cost)) dp (the seed's caption fallback is its floor's alone)"
                set(PlanElement(key: .newDayLine, shown: true, reason: reason,
                                costDp: cost, frame: Rect(x: tx, y: y + L.newDaySmallTopMarginDp, width: textW, height: Double(lines) * lineH),
                                text: input.strings.newDay, style: style, lines: lines, maxLines: L.newDayMaxLines))
                showsCaption = false
                captionReason = "NEW_DAY: state_new_day is the status line, the caption row sheds"
            } else {
                hide(.newDayIcon, "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines)")
                hide(.newDayLine, "wraps(New day, \(fmtDp(boxPlain))) = \(d(wrapsPlain)) > maxNewDayLines \(maxLines) — the caption row renders instead (known limitation)")
                if caption != nil {
                    showsCaption = captionCost <= col.left
                    captionReason = showsCaption ? "NEW_DAY fallback: the New day line can't fit, caption row renders instead"
                        : "NEW_DAY fallback caption row \(fmtDp(captionCost)) > \(fmtDp(col.left)) dp left"
                }
            }
        }
        if let caption, showsCaption {
            let lines = input.state == .newDay ? 1 : captionLines
            let slot = take(.captionRow, captionCost, in: &col, column: "main")
            set(captionElement(caption, x: x0, y: slot.minY + L.captionRowTopMarginDp, width: cw, lines: lines, style: captionStyle, cost: captionCost,
                               reason: captionReason + (lines > 1 ? "; wraps to \(lines) lines beside its glyph (never cut)" : "")))
            note("caption row = \(lines) × \(fmtDp(m.lineFor(captionStyle))) + 2 = \(fmtDp(captionCost)); core = \(fmtDp(h.height + captionCost))"
                 + (captionStyle.size < m.body.size ? " (its text stepped down to \(fmtDp(captionStyle.size)) dp, never below fontScale 1.3's size)" : ""))
        } else if captionYields {
            // What it would have cost stays on the plan: the room it yielded is the caption's, not spare room.
            set(PlanElement(key: .captionRow, shown: false, reason: captionReason, costDp: captionCost))
        } else {
            hide(.captionRow, captionReason)
        }

        // State body, in keep-priority order.
        hide(.pipRow, "no pip row in \(input.state.rawValue)"); hide(.progress, "no progress text in \(input.state.rawValue)")
        hide(.statusTitle, "no status line in \(input.state.rawValue)"); hide(.statusSubtitle, "no subtitle in \(input.state.rawValue)")
        hide(.statusGlyph, "no status glyph in \(input.state.rawValue)"); hide(.ctaPill, "no check-off pill in \(input.state.rawValue)")
        switch input.state {
        case .defaultProgress where input.kindling:
            // Where the caption row yielded to the count, the freed room is the count's: a row that
            // would fit there did not fit beside the caption, and it must not come back as the card shrinks.
            planSmallKindlingBody(in: col, countOnly: captionYields)
        case .defaultProgress, .stale:
            if input.state == .defaultProgress { hide(.ctaPill, "kindling off: the legacy body has no check-off pill") }
            stackSmallProgress(in: &col, withPips: input.state == .defaultProgress, line: keep)
        case .allDone, .empty:
            let top = col.y
            placeSmallStatusBody(in: &col, line: keep)
            centre([.statusGlyph, .statusTitle, .statusSubtitle], from: top, used: col.y - top, free: col.left, column: "main")
        case .newDay:
            centre([.newDayIcon, .newDayLine, .captionRow], from: newDayTop, used: col.y - newDayTop, free: col.left, column: "main")
        case .firstRun:
            break
        }
    }

    /// Small's state line as it is drawn: text, style (stepped down or not), line box, lines, cost.
    struct SmallStateLine {
        var text: String, style: TextStyle, lineHeight: Double, lines: Int, topMargin: Double, cost: Double, stepped: Bool
    }

    /// The state's own line on Small, the one the layout keeps before the numeral's full size, the
    /// STALE footer's second line and the caption row: ALL_DONE / EMPTY's title (seed 000 State
    /// catalog), the legacy stack's "N of M done" (DEFAULT and STALE: home_widget_small.xml's
    /// progress_default / progress_stale — "today's progress"), with its top margin and most lines.
    /// Kindling's DEFAULT Small is "Streak header + next-due habit + a full-width KindlingCheckButton
    /// CTA" (seed 000 Families): its count is the body's last form (`smallStateTextIsBodyForm`), kept
    /// where the next-due row can't be, as Default is "Streak … + today's progress". Its STALE draws the count too
    /// (Stale = "Default content + … caption": the day's progress), and the footer's lines yield to
    /// it as on the legacy body: its shorter forms keep the age whole ("20h ago").
    /// nil where the state has no such line on Small.
    var smallStateText: (text: String, topMargin: Double, maxLines: Int)? {
        switch input.state {
        case .allDone, .empty: return input.strings.statusTitle.map { ($0, L.statusTopMarginDp, L.stateLineMaxLines) }
        case .defaultProgress, .stale: return (progressText(width: cw).0, L.smallProgressTopMarginDp, 1)
        case .newDay, .firstRun: return nil
        }
    }

    /// Kindling DEFAULT: the count is kept only at its body size and the numeral's width-fit size;
    /// the body's ShedOrder places it (or the next-due row beside the caption), and where the caption
    /// row yielded, the count alone takes the freed room (`planSmallKindlingBody(countOnly:)`).
    var smallStateTextIsBodyForm: Bool { input.state == .defaultProgress && input.kindling }

    /// The state's line where it fits `room`: its forms (`smallStateLineForms`) in order, the first
    /// that fits; a form whose top margin yields takes what is left of it. nil when none fits.
    func smallStateLine(within room: Double, stepping: Bool) -> SmallStateLine? {
        guard let margin = smallStateText?.topMargin else { return nil }
        let forms = smallStateLineForms(stepping: stepping)
        enum Line: Hashable { case state }
        guard let i = ShedOrder([.init(Line.state, forms: forms.map(\.cost))]).fill(room: room).forms[.state] else { return nil }
        var line = forms[i]
        if line.topMargin < margin {
            line.topMargin = min(margin, room - line.cost)
            line.cost += line.topMargin
        }
        return line
    }

    /// The state's line's forms on Small, largest first: at its body size (every word whole, at
    /// most its lines); then, where `stepping`, at each stepped-down size (`stateLineSteps`, shared
    /// with Medium: never below fontScale 1.3's size); and last at those sizes with its top margin
    /// yielding (ours, spacing: it gives way before the line is lost; such a form costs its lines
    /// alone, and takes what is left of the margin).
    func smallStateLineForms(stepping: Bool) -> [SmallStateLine] {
        guard let (text, margin, maxLines) = smallStateText else { return [] }
        func forms(margin: Double) -> [SmallStateLine] {
            m.lineForms(text, width: cw, maxLines: maxLines, topMargin: margin, styles: stepping ? nil : [m.body]).map {
                SmallStateLine(text: text, style: $0.style, lineHeight: $0.lineHeight, lines: $0.lines, topMargin: margin,
                               cost: $0.cost, stepped: $0.style.size < m.body.size)
            }
        }
        return forms(margin: margin) + (stepping ? forms(margin: 0) : [])
    }

    /// The legacy stack's progress line: "N of M done" (or "N/M") + its top margin.
    var smallProgressCost: Double { L.smallProgressTopMarginDp + m.line }

    /// Small's caption row: 1 line at its body size when it fits beside its glyph, else the lines it
    /// wraps to (at most two, every word whole) while the core — the numeral's row and the caption —
    /// still fits the budget, else at the largest stepped-down size that does (steppedStateLine:
    /// never below its fontScale-1.3 size, as the core's numeral scales sub-linearly); nil when
    /// none does (the one-line ellipsis floor applies). NEW_DAY's fallback caption is one line.
    func smallCaptionRow(_ caption: String, nominalHead: Double) -> (lines: Int, style: TextStyle)? {
        guard input.state != .newDay, m.captionWidth(caption, .small) > cw else { return (1, m.body) }
        return wrappedCaption(caption, width: cw, height: budget - nominalHead, topMargin: L.captionRowTopMarginDp)
    }

    /// The legacy stack's "N of M done" line, then (DEFAULT only) the 4-pip row — which "drops when
    /// the budget is tight — it's redundant with the 'N of M done' text directly above it" (seed 000,
    /// Small widget). The pip row never shows without the text.
    mutating func stackSmallProgress(in col: inout StackColumn, withPips: Bool, line: SmallStateLine? = nil) {
        let (text, why) = progressText(width: cw)
        let style = line?.style ?? m.body, lineH = line?.lineHeight ?? m.line
        let cost = line?.cost ?? smallProgressCost
        var left = col.left
        // The count, then the pip row that repeats it (never drawn without it).
        enum Part: Hashable { case progress, pips }
        let kept = ShedOrder<Part>([
            .init(.progress, forms: [cost]),
            .init(.pips, forms: withPips && PipRow.shows(due: input.habits.count) ? [L.pipRowHeightDp] : [], requires: .progress),
        ]).fill(room: left).forms
        guard kept[.progress] != nil else {
            hide(.progress, "progress \(fmtDp(cost)) > \(fmtDp(left)) dp left (spoken in full regardless)")
            if withPips { hide(.pipRow, "shed with the progress text above it") }
            note("progress: \(fmtDp(cost)) > \(fmtDp(left)) → shed")
            return
        }
        let slot = take(.progress, cost, in: &col, column: "main")
        set(textLine(.progress, text, style: style, x: x0, y: slot.minY + (line?.topMargin ?? L.smallProgressTopMarginDp), width: cw, height: lineH, cost: cost,
                     reason: "progress \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left; \(why)"
                        + (line?.stepped == true ? "; its text steps down to \(fmtDp(style.size)) dp (never below fontScale 1.3's size), the only way it is drawn" : "")
                        + (line.map { $0.topMargin < L.smallProgressTopMarginDp } == true ? "; its top margin yields \(fmtDp(L.smallProgressTopMarginDp)) → \(fmtDp(line!.topMargin)) dp (spacing gives way before the count)" : "")))
        note("progress: \(fmtDp(cost)) ≤ \(fmtDp(left)) → shown")
        left = col.left
        guard withPips else { return }
        if !PipRow.shows(due: input.habits.count) {
            hide(.pipRow, "\(PipRow.maxPips) pips cannot say \(input.habits.count) habits; the progress text says them")
            note("pip row: \(input.habits.count) habits > \(PipRow.maxPips) pips → not drawn")
        } else if kept[.pips] != nil {
            let count = PipRow.count(due: input.habits.count)
            let slot = take(.pipRow, L.pipRowHeightDp, in: &col, column: "main")
            set(PlanElement(key: .pipRow, shown: true, reason: "pip row \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) dp left",
                            costDp: L.pipRowHeightDp,
                            frame: Rect(x: x0, y: slot.maxY - PipRow.diameterDp, width: min(cw, PipRow.width(count: count)),
                                        height: PipRow.diameterDp)))
            note("pip row: \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) → shown")
        } else {
            hide(.pipRow, "pip row drops when tight: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) dp left (redundant with the progress text)")
            note("pip row: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) → shed")
        }
    }

    /// Small's ALL_DONE / EMPTY body: the state line as the planner kept it (up to three lines, its
    /// text stepped down where only that draws it whole), and its subline, a sentence that may take
    /// a second line; each is otherwise shed whole. ALL_DONE leads its line with the success check
    /// (seed 000 State catalog: "Success check + 'All done today'"), inline like NEW_DAY's icon
    /// (13 dp + 4 dp gap) so it costs no height, and — like that icon — it sheds first: only when
    /// the title needs no more lines beside it than without it. EMPTY has no rest glyph on Small
    /// (OBJ-1477: glyph + title + subtitle don't fit its budget).
    mutating func placeSmallStatusBody(in col: inout StackColumn, line: SmallStateLine?) {
        guard let title = input.strings.statusTitle else { return }
        let left = col.left
        let wantsCheck = input.state == .allDone
        // The planner kept the state's line (`smallStateLine`) wherever anything could make room.
        guard let line, line.cost <= left else {
            hide(.statusTitle, "status title: no room even with the numeral at today's size, the caption row yielded and its text stepped down to fontScale 1.3's size (budget \(fmtDp(left))) — shed whole, never cut")
            hide(.statusSubtitle, "shed: the status title above it is shed")
            if wantsCheck { hide(.statusGlyph, "shed with the title it leads") }
            return
        }
        let plainLines = line.lines, style = line.style
        let margin = line.topMargin
        let maxLines = Int(((left - margin) / line.lineHeight).rounded(.down))
        let withCheck = wantsCheck ? m.fitLines(title, width: cw - L.newDaySmallIconAndGapDp, style: style, maxLines: maxLines) : nil
        let showsCheck = withCheck != nil && withCheck! <= plainLines
        let lines = showsCheck ? withCheck! : plainLines
        let tx = x0 + (showsCheck ? L.newDaySmallIconAndGapDp : 0)
        let cost = margin + Double(lines) * line.lineHeight
        let y = take(.statusTitle, cost, in: &col, column: "main").minY
        if showsCheck {
            set(PlanElement(key: .statusGlyph, shown: true,
                            reason: "success check inline: wraps(title, \(fmtDp(cw - L.newDaySmallIconAndGapDp))) = \(lines) ≤ \(plainLines) without it",
                            costDp: 0, frame: Rect(x: x0, y: y + margin + (line.lineHeight - 13) / 2, width: 13, height: 13)))
        } else if wantsCheck {
            hide(.statusGlyph, "success check sheds first: beside it the title would need more lines (\(withCheck.map(String.init) ?? "> \(maxLines)") > \(plainLines))")
        }
        var e = sentence(.statusTitle, title, style: style, x: tx, y: y + margin, width: x0 + cw - tx, lines: lines, cost: cost,
                         reason: "status title: \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left"
                            + (line.stepped ? "; its text steps down to \(fmtDp(style.size)) dp (never below fontScale 1.3's size), the only way it is drawn whole" : ""))
        e.maxLines = max(lines, L.sentenceMaxLines)
        set(e)
        if let sub = input.strings.statusSubtitle {
            stackOptional([(.statusSubtitle, sub, m.body, 0, "status subtitle", L.sentenceMaxLines)], in: &col, column: "main")
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
    mutating func planSmallKindlingBody(in start: StackColumn, countOnly: Bool = false) {
        var col = start
        let left = col.left
        guard let cta = input.strings.cta, let next = input.habits.firstIndex(where: { !$0.done }) else {
            hide(.ctaPill, "no check-off pill: nothing left to check off")
            stackSmallProgress(in: &col, withPips: true)
            return
        }
        let rowHeights = [m.nextDueRow, max(L.kindlingNextDueRowHeightDp, m.oneLineRow)]
        let ctaStyle = TextStyle.roboto(.medium, sp: L.ctaLabelSp, fontScale: input.fontScale)
        let ctaLineH = L.lineBox(size: ctaStyle.size)
        let labelW = cw - 2 * L.ctaPaddingDp
        let ctaLines = m.fitLines(cta, width: labelW, style: ctaStyle)
        let pillH = Double(ctaLines ?? 1) * ctaLineH + L.ctaPaddingDp
        let ctaCost = L.ctaTopMarginDp + pillH
        let progressCost = smallProgressCost

        enum Item { case row, pill, progress, pips }
        let order = ShedOrder<Item>([
            .init(.row, forms: countOnly ? [] : rowHeights.map { L.statusTopMarginDp + $0 }),
            .init(.pill, forms: ctaLines == nil ? [] : [ctaCost], requires: .row),
            .init(.progress, forms: [progressCost]),
            .init(.pips, forms: [L.pipRowHeightDp], requires: .progress),
        ])
        let (chosen, rest) = order.fill(room: left)
        let rowForm = chosen[.row], showsPill = chosen[.pill] != nil
        let showsProgress = chosen[.progress] != nil, showsPips = chosen[.pips] != nil
        note("small kindling: next-due row 4 + \(rowHeights.map(fmtDp).joined(separator: " | ")), pill \(ctaLines == nil ? "—" : fmtDp(ctaCost)), progress \(fmtDp(progressCost)), pips \(fmtDp(L.pipRowHeightDp)) in \(fmtDp(left)) dp → "
             + "row \(rowForm.map { $0 == 0 ? "2-line" : "1-line" } ?? "shed"), pill \(showsPill ? "shown" : "shed"), progress \(showsProgress ? "shown" : "shed"), pips \(showsPips ? "shown" : "shed"); \(fmtDp(rest)) dp left")

        if showsProgress {
            // The ShedOrder chose what is drawn: the count (and its pips) get exactly their rows.
            var count = column(x: x0, width: cw, top: col.y, room: progressCost + (showsPips ? L.pipRowHeightDp : 0))
            stackSmallProgress(in: &count, withPips: showsPips)
            col.take(count.used)
        } else {
            hide(.progress, "progress \(fmtDp(progressCost)) > \(fmtDp(rest)) dp left after the next-due row and the pill (spoken in full regardless)")
        }
        if !showsPips {
            hide(.pipRow, showsProgress ? "pip row drops when tight: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(rest)) dp left (redundant with the progress text)"
                                        : "shed with the progress text above it")
        }
        guard let rowForm else {
            hide(.ctaPill, countOnly ? "shed: the caption row yielded its room to the count, not to a next-due row (which did not fit beside it) — a button that names nothing is never drawn"
                                     : "shed: the next-due habit it checks off doesn't fit (row \(fmtDp(L.statusTopMarginDp + rowHeights[1])) > \(fmtDp(left)) dp) — a button that names nothing is never drawn")
            return
        }
        // The next-due row: 44 dp, its label on up to 2 lines (Level A), or on one where only that fits.
        let nextDueH = rowHeights[rowForm], labelMaxLines = rowForm == 0 ? 2 : 1
        let rowCost = L.statusTopMarginDp + nextDueH
        let y = col.take(nextDueH, gap: L.statusTopMarginDp).minY
        let habitLabelW = cw - L.habitCheckAndGapDp
        let w = TextWrap.wrap(input.habits[next].title, width: habitLabelW, maxLines: labelMaxLines, style: m.habitStyle, measurer: m.measurer)
        let labelH = Double(w.lines.count) * m.habitLine
        habitRows.append(HabitRowPlan(habitIndex: next, title: input.habits[next].title, done: false, isNextDue: true,
                                      frame: Rect(x: x0, y: y, width: cw, height: nextDueH),
                                      labelFrame: Rect(x: x0 + L.habitCheckAndGapDp, y: y + (nextDueH - labelH) / 2,
                                                       width: habitLabelW, height: labelH),
                                      labelLines: w.lines.count, labelMaxLines: labelMaxLines, ellipsized: w.ellipsized,
                                      label: FinishedText(lines: w.lines, ellipsized: w.ellipsized)))
        habitRow(next, "main", y - L.statusTopMarginDp, rowCost)
        guard showsPill, let ctaLines else {
            hide(.ctaPill, ctaLines == nil ? "pill label needs more than \(L.sentenceMaxLines) lines at \(fmtDp(labelW)) dp — shed whole, never cut"
                                           : "check-off pill \(fmtDp(ctaCost)) > \(fmtDp(left - rowCost)) dp left after the next-due row")
            return
        }
        // The pill sits at the bottom of the budget.
        let pillY = y0 + budget - pillH
        set(PlanElement(key: .ctaPill, shown: true, reason: "check-off pill \(fmtDp(ctaCost)) ≤ \(fmtDp(left - rowCost)) dp left after the next-due row"
                        + (ctaLines > 1 ? "; label wraps to \(ctaLines) lines (never cut)" : ""),
                        costDp: ctaCost, frame: Rect(x: x0, y: pillY, width: cw, height: pillH),
                        text: cta, style: ctaStyle, lines: ctaLines, maxLines: L.sentenceMaxLines))
        row(.ctaPill, "main", pillY - L.ctaTopMarginDp, ctaCost)
    }

}
