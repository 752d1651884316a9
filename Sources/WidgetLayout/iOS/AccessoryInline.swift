import EvidenceCore
import WidgetModel
import WidgetText

/// iOS `.accessoryInline` (InlineAccessoryView, seed 000 "Lock Screen accessories (OBJ-1521)"): "A
/// single Label(text, systemImage:) — e.g. "12 · 2 of 4 · Meditate left" — built by the free
/// functions inlineAccessoryText(…)": the one text `inlineAccessoryText` composes, after
/// `inlineAccessorySymbol`'s symbol, on the inline slot's one line — cut at the tail where it does
/// not fit, as the Lock Screen cuts it (the seed gives one text, so no shorter form is drawn). Text
/// style `.subheadline` semibold (seeds silent), the symbol at the text's size.
///
/// Where the cut lands in a part whose own rule forbids a cut — the streak, the count, the state's
/// line, the new-day sentence, the sync age — that part is drawn as its own node carrying that
/// element (the rest of the line before it stays the inline label), so the truncation check reports
/// the meaning lost with the element's rule; a cut in the habit's name ("Meditate le…") is the
/// accepted habit-title cut.
extension IOSPlanBuilder {
    package mutating func planAccessoryInline() {
        // Choice (ios-choices.md "inline label size"): the label takes the Dynamic Type size asked
        // for, held to the largest size whose line fits the slot's fixed row; a taller line would
        // spill off the row, and the inline slot has no second line to grow into.
        let styleAt = { (step: DynamicTypeStep) in
            TextStyle(.inter, .semibold, size: IOSTextStyle.subheadline.size(at: step))
        }
        guard let step = typeStep.downward.first(where: { metrics.lineHeight(styleAt($0)) <= card.height + 1e-9 })
        else {
            lose(
                .element(.inlineLabel),
                "even the large size's line box \(fmtDp(metrics.lineHeight(styleAt(.large)))) pt is taller than the "
                    + "\(fmtDp(card.height)) pt row"
            )
            return
        }
        let s = styleAt(step)
        let lh = metrics.lineHeight(s)
        if step != typeStep {
            note(
                "label at \(step.name) (\(fmtDp(s.size)) pt): the \(typeStep.name) line box "
                    + "\(fmtDp(metrics.lineHeight(styleAt(typeStep)))) pt is taller than the \(fmtDp(card.height)) pt "
                    + "row"
            )
        }
        let g = s.size
        let gap = IOSLayout.inlineSymbolGapPt
        let symbol = inlineAccessorySymbol(w)
        add(
            w.state == .defaultProgress ? .streakGlyph : .stateGlyph,
            Rect(x: card.minX, y: StackColumn.centred(g, on: card.midY), width: g, height: g),
            .symbol(symbol, ink: .ink), "Label systemImage \(symbol.rawValue)")
        var col = column(
            Rect(
                x: card.minX + g + gap, y: StackColumn.centred(lh, on: card.midY), width: card.width - g - gap,
                height: lh))
        let text = inlineAccessoryText(w)
        guard let placed = col.text(text, style: s, maxLines: 1, whole: false), let drawn = placed.text.lines.first
        else {
            lose(.element(.inlineLabel), "no room for one line")
            return
        }
        guard placed.text.ellipsized, let cut = inlineCutPart(text, drawn: drawn) else {
            addText(
                .inlineLabel, placed, style: s, ink: .ink,
                placed.text.ellipsized
                    ? "inlineAccessoryText, the habit's name cut at the tail (one line)" : "inlineAccessoryText")
            return
        }
        // The line before the part the cut lands in stays the inline label; the part, cut, is its element.
        let head = String(drawn.prefix(cut.start))
        let tail = String(drawn.dropFirst(cut.start))
        let headWidth = fonts.advance(head, style: s)
        if !head.isEmpty {
            addText(
                .inlineLabel,
                (
                    Rect(x: placed.frame.minX, y: placed.frame.minY, width: StackColumn.ceil(headWidth), height: lh),
                    FinishedText(lines: [head], ellipsized: false)
                ), style: s, ink: .ink, "inlineAccessoryText up to the part the cut lands in")
        }
        let x = placed.frame.minX + headWidth
        addText(
            cut.element,
            (
                Rect(x: x, y: placed.frame.minY, width: max(0, placed.frame.maxX - x), height: lh),
                FinishedText(lines: [tail], ellipsized: true)
            ),
            style: s, ink: .ink,
            "the inline slot's one line cuts \(quoted(cut.text)) at the tail (seed 000: a single Label on the inline "
                + "line)"
        )
        lost[.element(cut.element.kind)] = "the inline line is cut in \(quoted(cut.text)): \(quoted(drawn))"
    }

    /// The part of the inline text a tail cut that keeps `drawn` (its kept characters + "…") lands
    /// in, when that part may not be cut: its first character's offset, its words and its element.
    /// nil when the cut falls only in the habit's name.
    package func inlineCutPart(_ text: String, drawn: String) -> (start: Int, text: String, element: SceneElement)? {
        let kept = drawn.hasSuffix(TextWrap.ellipsis) ? drawn.count - 1 : drawn.count
        return inlineProtectedParts(text).first { $0.start + $0.text.count > kept }.map {
            (min($0.start, kept), $0.text, $0.element)
        }
    }

    /// The parts of the inline text that may not be cut, in reading order, found in the composed text
    /// by their own strings (the copy tables' — never a second grammar): the streak, the count, the
    /// state's line, the new-day sentence, the sync age. The habit's name is not among them.
    package func inlineProtectedParts(_ text: String) -> [(start: Int, text: String, element: SceneElement)] {
        var parts: [(String, SceneElement)] = []
        if w.state != .firstRun { parts.append(("\(w.streak)", .numeral)) }
        switch w.state {
        case .defaultProgress, .stale:
            parts.append(
                (CopyTemplate.inlineProgress.fill(["done": "\(w.doneCount)", "due": "\(w.dueCount)"]), .progress))
            if w.state == .stale {
                parts.append((CopyTemplate.inlineStale.fill(["hours": "\(w.hoursSinceSync ?? 0)"]), .staleFooter))
            }
        case .allDone: parts.append((fixedText(.allDoneTitle, platform: .ios), .statusTitle))
        case .empty: parts.append((fixedText(.emptyTitle, platform: .ios), .statusTitle))
        case .firstRun: parts.append((fixedText(.firstRun, platform: .ios), .statusTitle))
        case .newDay: parts.append((fixedText(.newDayVisual, platform: .ios), .newDayLine))
        }
        var out: [(start: Int, text: String, element: SceneElement)] = []
        var from = text.startIndex
        for (part, element) in parts {
            guard let r = text.range(of: part, range: from..<text.endIndex) else { continue }
            out.append((text.distance(from: text.startIndex, to: r.lowerBound), part, element))
            from = r.upperBound
        }
        return out
    }
}
