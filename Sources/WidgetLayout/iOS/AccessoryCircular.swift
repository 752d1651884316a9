import EvidenceCore
import WidgetModel
import WidgetText

/// iOS `.accessoryCircular` (CircularAccessoryView, seed 000 "Lock Screen accessories (OBJ-1521)"):
/// `AccessoryWidgetBackground()` + a `Gauge(…).gaugeStyle(.accessoryCircularCapacity)` ring with
/// done/total as its value on default progress and all done, the streak number as the centre label,
/// and a state-specific bottom glyph. The seed lists the glyphs (moon / sunrise / clockwise arrow /
/// checkmark / streak-metaphor glyph) but not which state gets which; we use
/// `inlineAccessorySymbol`'s mapping: empty → moon, new day → sunrise, stale and first run →
/// clockwise arrow (refresh), all done → checkmark, default progress → the streak glyph (filled
/// when extended, outline when not, the outline classic flame at baseline). Kindling is ignored.
///
/// Geometry (seeds silent; proportional to the side so every size class draws alike): ring inset
/// 2.5 % with a 7 % line, number bold at 30 % of the side (stepped down to fit the ring), glyph 19 %
/// centred at 75 % of the height.
extension IOSPlanBuilder {
    package mutating func planAccessoryCircular() {
        let side = min(card.width, card.height)
        let box = Rect(
            x: StackColumn.centred(side, on: card.midX), y: StackColumn.centred(side, on: card.midY), width: side,
            height: side)
        add(
            .accessoryBackground, box, .accessoryBackground(radius: side / 2),
            "AccessoryWidgetBackground: the system's translucent disc")
        let line = (side * IOSLayout.circularRingLineShare).rounded()
        let inset = side * IOSLayout.circularRingInsetShare
        let ring = box.insetBy(dx: inset, dy: inset)
        let fraction: Double? =
            [.defaultProgress, .allDone].contains(w.state) && w.dueCount > 0
            ? Double(w.doneCount) / Double(w.dueCount) : nil
        add(
            .gauge, ring, .gauge(fraction: fraction, lineWidth: line),
            fraction.map { _ in "capacity gauge \(w.doneCount)/\(w.dueCount)" }
                ?? "no gauge value in \(w.state.rawValue): the track alone")
        if w.state == .firstRun {
            hide(.element(.numeral), "first run: no streak to show")
        } else {
            let text = String(w.streak)
            var s = TextStyle(.inter, .bold, size: (side * IOSLayout.circularNumberShare).rounded())
            let inner = side - 2 * (inset + line) - IOSLayout.circularNumberClearancePt
            let col = column(ring)
            while col.advance(text, style: s) > inner * IOSLayout.circularNumberFill
                && s.size > IOSLayout.circularNumberFloorPt
            { s.size -= 1 }
            let lh = metrics.lineHeight(s)
            let width = col.advance(text, style: s)
            add(
                .numeral,
                Rect(
                    x: StackColumn.centred(width, on: box.midX),
                    y: StackColumn.centred(lh, on: box.minY + side * IOSLayout.circularNumberCentreY), width: width,
                    height: lh),
                .text(
                    FinishedText(lines: [text], ellipsized: false), style: s, lineHeight: lh, ink: .ink,
                    alignment: .center),
                "the streak number, centre label, bold \(fmtDp(s.size)) pt")
        }
        let g = (side * IOSLayout.circularGlyphShare).rounded()
        let symbol = inlineAccessorySymbol(w)
        add(
            w.state == .defaultProgress ? .streakGlyph : .stateGlyph,
            Rect(
                x: StackColumn.centred(g, on: box.midX),
                y: StackColumn.centred(g, on: box.minY + side * IOSLayout.circularGlyphCentreY), width: g, height: g),
            .symbol(symbol, ink: .ink),
            "bottom glyph \(symbol.rawValue)")
    }
}
