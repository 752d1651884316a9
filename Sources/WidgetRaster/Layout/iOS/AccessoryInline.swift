/// iOS `.accessoryInline` (InlineAccessoryView, seed 000 "Lock Screen accessories (OBJ-1521)"): one
/// `Label(text, systemImage:)` — `inlineAccessoryText` ("12 · 2 of 4 · Meditate left") after
/// `inlineAccessorySymbol`'s symbol — on one line, tail-truncated at the inline width (the
/// system draws it above the clock; it has no background). Text style `.subheadline` semibold
/// (seeds silent), the symbol at the text's size. The row is one line of the slot's height: where
/// the line box is taller the line is lost at this rung, so the widget draws at the largest rung
/// whose line fits (README "iOS at large text sizes"), never a line spilling off the row.
extension IOSPlanBuilder {
    mutating func planAccessoryInline() {
        let s = style(.subheadline, .semibold)
        let lh = metrics.lineHeight(s)
        guard lh <= card.height + 1e-9 else {
            lose(.element(.inlineLabel), "its line box \(fmtDp(lh)) pt is taller than the \(fmtDp(card.height)) pt row")
            return
        }
        let g = s.size
        let gap = IOSLayout.inlineSymbolGapPt
        let y = card.midY - lh / 2
        let symbol = inlineAccessorySymbol(w)
        add(w.state == .defaultProgress ? .streakGlyph : .stateGlyph, Rect(x: card.minX, y: card.midY - g / 2, width: g, height: g),
            .symbol(symbol, ink: .ink), "Label systemImage \(symbol.rawValue)")
        var col = column(Rect(x: card.minX + g + gap, y: y, width: card.width - g - gap, height: lh))
        let (forms, whole) = inlineAccessoryFormSet(w)
        let fits = forms.firstIndex { col.advance($0, style: s) <= col.width } ?? forms.count - 1
        let text = forms[fits]
        if text != forms[0] { note("'\(forms[0])' does not fit \(fmtDp(col.width)) pt: its short form") }
        // A form past the whole ones drops part of the state (stale's count): a smaller rung is tried
        // first, as for any element a rung cannot draw whole; the smallest rung draws it anyway.
        if fits >= whole { lost[IOSPlanPart.inlineCount.name] = "no form with the count fits \(fmtDp(col.width)) pt at this rung" }
        if let placed = col.text(text, style: s, maxLines: 1, whole: false) {
            addText(.inlineLabel, placed, style: s, ink: .ink, placed.text.ellipsized ? "tail-truncated at the inline width" : "inlineAccessoryText")
        } else {
            hide(.element(.inlineLabel), "no room for one line")
        }
    }
}
