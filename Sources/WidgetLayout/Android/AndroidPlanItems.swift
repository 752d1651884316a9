import EvidenceCore
import WidgetModel
import WidgetText

/// The Android plan in the shared vocabulary: what each decided element draws (its element, ink,
/// glyph and the frames of its parts), so the scene is the same function of `PlanItem`s for both
/// platforms (`PlanScene`). Every frame comes from the plan; nothing here re-derives a budget.
extension AndroidWidgetPlan {
    /// The card's corner radius (Android 12+ launchers).
    package static let cardCornerRadiusDp = 16.0
    /// The streak glyph's envelope inside the 28 dp flame container.
    package static let glyphEnvelopeDp = 18.0
    /// A habit row's tint corners.
    package static let habitRowCornerDp = 8.0
    /// The habit row's check, at most (it shrinks with a short row).
    package static let habitCheckDp = 16.0
    /// The check-off pill's corners: a capsule up to this radius.
    package static let pillCornerCapDp = 16.0

    /// Everything the plan draws, back to front: the card, the ember behind the streak glyph
    /// (kindling only), then every shown element and habit row in reading order — the layout's
    /// order, never an enum's — so the manifest's visible text reads as a person reads the widget.
    public func items(_ w: ResolvedWidget, measurer: TextMeasuring) -> [PlanItem] {
        var out = [
            PlanItem(
                element: .card, frame: frames.card,
                content: .fill(w.kindling ? .kindlingCard : .card, alpha: 1, radius: Self.cardCornerRadiusDp),
                reason: "the card inside the system widget margin")
        ]
        // The streak glyph's envelope centres in the flame container; the ember lies under it.
        let glyphRect = elements[.flame].flatMap { $0.shown ? $0.frame : nil }.map { f in
            Rect(
                x: StackColumn.centred(Self.glyphEnvelopeDp, on: f.midX),
                y: StackColumn.centred(Self.glyphEnvelopeDp, on: f.midY),
                width: Self.glyphEnvelopeDp, height: Self.glyphEnvelopeDp)
        }
        if w.kindling, let g = glyphRect {
            // Post-fix geometry (OBJ-1636), the same constants the token audit assumes.
            let side = EmberLayout.boxSideDp
            out.append(
                PlanItem(
                    element: .ember,
                    frame: Rect(
                        x: StackColumn.centred(side, on: g.center.x), y: StackColumn.centred(side, on: g.center.y),
                        width: side, height: side),
                    content: .ember(radius: EmberLayout.gradientRadiusDp),
                    reason: "kindling: the ember under the streak glyph"))
        }
        let muted: ColorRole = w.kindling ? .stoneMuted : .muted
        let captionInk: ColorRole = w.kindling ? .stoneCaption : .muted
        for item in readingOrder {
            switch item {
            case .habitRow(let i):
                out += habitRowItems(habitRows[i], position: i, kindling: w.kindling)
            case .element(let key):
                guard let e = elements[key], let frame = e.frame else { continue }
                switch key {
                case .element(let kind):
                    out += elementItems(
                        kind, e, frame: frame, w, glyphRect: glyphRect, muted: muted, captionInk: captionInk)
                case .pipRow:
                    out += pipItems(w, in: frame, reason: e.reason)
                case .checkOffButton:
                    out += pillItems(e, frame: frame, measurer: measurer)
                case .nextDueRow, .habitRow, .inlineCount:
                    continue  // iOS's groups: the Android planner decides rows one by one
                }
            }
        }
        return out
    }

    /// One planned element's items: its text in its ink, or its glyph, or a row of both.
    private func elementItems(
        _ kind: ElementKind, _ e: PlanElement, frame: Rect, _ w: ResolvedWidget, glyphRect: Rect?,
        muted: ColorRole, captionInk: ColorRole
    ) -> [PlanItem] {
        func glyph(_ g: GlyphKind, _ r: Rect, _ element: SceneElement) -> PlanItem {
            PlanItem(element: element, frame: r, content: .glyph(g), reason: e.reason)
        }
        switch kind {
        case .streakGlyph:
            guard let g = glyphRect, let streak = w.glyph else { return [] }
            return [glyph(.streak(streak, kindling: w.kindling), g, .streakGlyph)]
        case .appGlyph: return [glyph(.firstRunAppGlyph, frame, .appGlyph)]
        case .newDayIcon: return [glyph(.newDaySun, frame, .newDayIcon)]
        case .statusGlyph: return [glyph(w.state == .allDone ? .doneCheck : .restMoon, frame, .statusGlyph)]
        case .numeral: return text(e, .numeral, ink: .ink, frame: frame)
        case .statusTitle: return text(e, .statusTitle, ink: .ink, frame: frame)
        // the state's own line, as statusTitle (README "New day")
        case .newDayLine: return text(e, .newDayLine, ink: .ink, frame: frame)
        case .daysLabel: return text(e, .daysLabel, ink: muted, frame: frame)
        case .dayStreakLabel: return text(e, .dayStreakLabel, ink: muted, frame: frame)
        case .longestLabel: return text(e, .longestLabel, ink: muted, frame: frame)
        case .progress: return text(e, .progress, ink: muted, frame: frame)
        case .statusSubtitle: return text(e, .statusSubtitle, ink: muted, frame: frame)
        case .staleFooter: return text(e, .staleFooter, ink: muted, frame: frame)
        case .overflowLine: return text(e, .overflowLine, ink: muted, frame: frame)
        case .motivator: return text(e, .motivator, ink: captionInk, frame: frame)
        case .caption: return captionRowItems(e, frame: frame, glyph: GlyphKind.caption(w), ink: captionInk)
        case .coachLine: return coachRowItems(e, frame: frame)
        case .card, .ember, .headerLabel, .pip, .captionGlyph, .coachSpark, .stateGlyph, .habitRowBackground,
            .habitCheck,
            .habitTitle, .checkOffPill, .checkOffLabel, .accessoryBackground, .gauge, .leadingMark, .accessoryLine1,
            .accessoryLine2, .accessoryLine3, .inlineLabel, .sheetLabel:
            return []  // drawn as parts of the rows and groups above, or never on Android
        }
    }

    /// A planned text element, with the lines the plan finished (no second wrap).
    private func text(
        _ e: PlanElement, _ element: SceneElement, ink: ColorRole, frame: Rect,
        alignment: TextAlignment = .leading
    ) -> [PlanItem] {
        guard let finished = e.drawn, let style = e.style else { return [] }
        return [
            PlanItem(
                element: element, frame: frame,
                content: .text(
                    finished, style: style, lineHeight: AndroidLayout.lineBox(size: style.size), ink: ink,
                    alignment: alignment),
                reason: e.reason)
        ]
    }

    /// Caption row: glyph slot, 4 dp gap, caption text — the widths the plan charged. The glyph
    /// leads the first line (a caption wrapped to two lines keeps it on the first).
    private func captionRowItems(_ e: PlanElement, frame: Rect, glyph: GlyphKind?, ink: ColorRole) -> [PlanItem] {
        let slot = AndroidLayout.captionGlyphSlotDp(size, fontScale: fontScale)
        let lineH = e.style.map { AndroidLayout.lineBox(size: $0.size) } ?? frame.height
        let side = min(slot, lineH - 2)
        var out: [PlanItem] = []
        if let glyph {
            out.append(
                PlanItem(
                    element: .captionGlyph,
                    frame: Rect(
                        x: frame.minX + StackColumn.centred(side, in: slot),
                        y: StackColumn.centred(side, on: frame.minY + lineH / 2), width: side, height: side),
                    content: .glyph(glyph), reason: e.reason))
        }
        let x = frame.minX + slot + AndroidLayout.captionGlyphGapDp(size)
        return out
            + text(
                e, .caption, ink: ink,
                frame: Rect(x: x, y: frame.minY, width: max(0, frame.maxX - x), height: frame.height))
    }

    /// Coach row: on Large, coach_spark_large in widget_coach ahead of the line (in the slot the
    /// plan reserved); Medium draws the line alone.
    private func coachRowItems(_ e: PlanElement, frame: Rect) -> [PlanItem] {
        var out: [PlanItem] = []
        if size.traits.coachSpark, let style = e.style {
            let lineH = AndroidLayout.lineBox(size: style.size)
            let side = AndroidLayout.coachSparkSlotDp - 4
            out.append(
                PlanItem(
                    element: .coachSpark,
                    frame: Rect(
                        x: frame.minX - AndroidLayout.coachSparkSlotDp,
                        y: frame.minY + StackColumn.centred(side, in: lineH),
                        width: side, height: side),
                    content: .glyph(.captionSpark(.coach)), reason: e.reason))
        }
        return out + text(e, .coachLine, ink: .coach, frame: frame)
    }

    /// Small kindling's check-off pill: accent-deep fill, its label centred on the lines the plan budgeted.
    private func pillItems(_ e: PlanElement, frame: Rect, measurer: TextMeasuring) -> [PlanItem] {
        guard let finished = e.drawn, let style = e.style else { return [] }
        let pill = PlanItem(
            element: .checkOffButton(.pill), frame: frame,
            content: .fill(.accentDeep, alpha: 1, radius: min(frame.height / 2, Self.pillCornerCapDp)), reason: e.reason
        )
        let w = (finished.lines.map { measurer.advance($0, style: style) }.max() ?? 0).rounded(.up)
        let lineH = AndroidLayout.lineBox(size: style.size)
        let h = StackColumn.textHeight(lines: finished.lines.count, lineHeight: lineH)
        let label = Rect(
            x: StackColumn.centred(w, on: frame.midX), y: StackColumn.centred(h, on: frame.midY), width: w, height: h)
        return [pill] + text(e, .checkOffButton(.label), ink: .accentText, frame: label, alignment: .center)
    }

    /// Shape-coded pips: filled when done, outline when not — never colour alone. Round and of one
    /// size whatever the count; the filled count agrees with "N of M done" (`PipRow`).
    private func pipItems(_ w: ResolvedWidget, in frame: Rect, reason: String) -> [PlanItem] {
        let filled = PipRow.filled(done: w.doneCount, due: w.dueCount)
        let d = PipRow.diameterDp
        return (0..<PipRow.count(due: w.dueCount)).map { i in
            PlanItem(
                element: .pip(index: i, filled: i < filled),
                frame: Rect(x: frame.minX + Double(i) * (d + PipRow.gapDp), y: frame.minY, width: d, height: d),
                content: .glyph(.pip(done: i < filled)), reason: reason)
        }
    }

    /// A habit row: kindling tint (the next-due row a deeper tint), the check, the label.
    private func habitRowItems(_ row: HabitRowPlan, position: Int, kindling: Bool) -> [PlanItem] {
        let drawn = HabitRowElement(position: position, habit: row.habitIndex, done: row.done, isNextDue: row.isNextDue)
        let reason = "habit row \(position + 1)\(row.isNextDue ? ", next due" : "")"
        var out: [PlanItem] = []
        if kindling {
            out.append(
                PlanItem(
                    element: .habitRow(drawn, .background), frame: row.frame,
                    content: .fill(row.isNextDue ? .rowNextTint : .rowTint, alpha: 1, radius: Self.habitRowCornerDp),
                    reason: reason))
        }
        let checkSlot = row.labelFrame.minX - row.frame.minX
        let side = min(Self.habitCheckDp, checkSlot - 8, row.frame.height - 4)
        out.append(
            PlanItem(
                element: .habitRow(drawn, .check),
                frame: Rect(
                    x: row.frame.minX + StackColumn.centred(side, in: checkSlot - 4),
                    y: StackColumn.centred(side, on: row.frame.midY), width: side, height: side),
                content: .glyph(row.done ? .doneCheck : .pip(done: false)), reason: reason))
        let style = TextStyle.roboto(.regular, sp: AndroidLayout.habitLabelSp, fontScale: fontScale)
        out.append(
            PlanItem(
                element: .habitRow(drawn, .title), frame: row.labelFrame,
                content: .text(
                    row.label, style: style, lineHeight: AndroidLayout.lineBox(size: style.size),
                    ink: row.done ? (kindling ? .stoneMuted : .muted) : .ink, alignment: .leading),
                reason: reason))
        return out
    }
}
