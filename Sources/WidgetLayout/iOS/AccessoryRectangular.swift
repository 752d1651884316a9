import EvidenceCore
import WidgetModel
import WidgetText

/// iOS `.accessoryRectangular` (RectangularAccessoryView, seed 000 "Lock Screen accessories
/// (OBJ-1521)"; seed 001 §3): a leading mark (a mini capacity ring on default progress and all done,
/// else the state glyph) + "up to 3 text lines via ViewThatFits" — line1 the streak glyph (filled
/// when extended, outline when pending) + "12-day streak", line2 done/total or the state line ("All
/// done today"), line3 the next habit or the state's third line (Table C on all done). Seed 001 §3
/// renders line3 as ".font(.system(size: 11)), .foregroundStyle(.tertiary), .lineLimit(1),
/// .truncationMode(.tail), inside a ViewThatFits(in: .vertical) text stack (:1899) that drops line3
/// entirely if the stack doesn't fit": in every state line3 is one line cut at its tail, and the
/// stack that does not fit takes the next variant, line3 dropped whole (then line2; ours).
///
/// Stale (seeds silent on its accessory lines; ios-choices.md "stale rectangular"): line2 is the
/// state line, "Today · last synced Xh ago" (≤ 2 lines, like every line2), and line3 the count, so
/// the one-line tail cut never falls on the sync age.
///
/// Calibration (seed 001 §3, measured ink at @2x on 344 × 152 px: line1 x 100–325, line2 x 100–277,
/// line3 "Every stone laid" x 100–276): the stack starts at 50 pt; line1 and line2 are `.headline`
/// and `.subheadline` sized to Inter so the spans land near the seed's (README: how close).
extension IOSPlanBuilder {
    package mutating func planAccessoryRectangular() {
        var lines = accessoryRectangularLines(w)
        if w.state == .stale, let age = lines.line3 {
            lines.line3 = lines.line2
            lines.line2 = age
        }
        var l1 = TextStyle(.inter, .semibold, size: IOSLayout.rectangularLine1Size)
        let l2 = TextStyle(.inter, .regular, size: IOSLayout.rectangularLine2Size)
        let l3 = IOSLayout.rectangularLine3Style
        // The mark scales with the height (42 pt at the seed's 76, so the stack starts at 50 pt).
        let markSide = min(
            (card.height * IOSLayout.rectangularMarkHeightShare).rounded(),
            card.width * IOSLayout.rectangularMarkWidthShare)
        let stackX = markSide + IOSLayout.rectangularMarkGapPt
        let stackW = card.width - stackX
        let glyphGap = IOSLayout.rectangularGlyphGapPt
        // line1 never wraps or cuts: on the narrower classes it steps down (`.minimumScaleFactor(0.8)`;
        // seeds silent) until glyph + text fit the stack.
        // A 4- or 5-digit streak may not fit even then (seeds silent): line1 takes its shorter forms,
        // "12345 days", then the number alone — the numeral is never hidden (seed 000 "The
        // always-visible core"), and the glyph beside it still reads as a streak.
        let nominal = l1.size
        let forms =
            w.state == .firstRun
            ? [lines.line1]
            : [lines.line1, "\(w.streak) \(daysLabelText(streak: w.streak, platform: .ios))", "\(w.streak)"]
        for form in forms {
            l1.size = nominal
            while l1.size + glyphGap + column(card).advance(form, style: l1) > stackW
                && l1.size > nominal * IOSLayout.rectangularLine1MinScale
            { l1.size -= IOSLayout.rectangularLine1StepPt }
            lines.line1 = form
            if l1.size + glyphGap + column(card).advance(form, style: l1) <= stackW { break }
        }
        if lines.line1 != forms[0] {
            note(
                "line1 '\(forms[0])' does not fit \(fmtDp(stackW)) pt at "
                    + "\(fmtDp(IOSLayout.rectangularLine1MinScale * 100)) %: its short form '\(lines.line1)'"
            )
        }
        if l1.size < nominal {
            note("line1 stepped \(fmtDp(nominal)) → \(fmtDp(l1.size)) pt to fit \(fmtDp(stackW)) pt")
        }
        let glyph = l1.size

        // Leading mark: the mini ring where there is progress, else the state glyph.
        let mark = Rect(
            x: card.minX, y: StackColumn.centred(markSide, on: card.midY), width: markSide, height: markSide)
        if [.defaultProgress, .allDone].contains(w.state), w.dueCount > 0 {
            add(
                .leadingMark, mark,
                .gauge(
                    fraction: Double(w.doneCount) / Double(w.dueCount),
                    lineWidth: (markSide * IOSLayout.rectangularMarkLineShare).rounded()),
                "leadingMark: mini ring \(w.doneCount)/\(w.dueCount)")
        } else {
            let s = (markSide * IOSLayout.rectangularMarkGlyphShare).rounded()
            add(
                .stateGlyph,
                Rect(
                    x: StackColumn.centred(s, on: mark.midX), y: StackColumn.centred(s, on: mark.midY), width: s,
                    height: s),
                .symbol(inlineAccessorySymbol(w), ink: .ink), "leadingMark: the state glyph")
        }

        // ViewThatFits(in: .vertical): the first variant whose lines all fit whole.
        let candidates:
            [[(element: SceneElement, text: String, style: TextStyle, ink: ColorRole, lines: Int, mayCut: Bool)]] = {
                let one = (
                    element: SceneElement.accessoryLine1, text: lines.line1, style: l1, ink: ColorRole.ink, lines: 1,
                    mayCut: false
                )
                // line2's line limit (seeds silent; ios-choices.md "rectangular line2"): 2 lines; New day has
                // no line3 and its line2 is the full iOS sentence, the state's only line: it may take a third
                // (157 × 72 and 153 × 68 pt) rather than be dropped.
                let two = (
                    element: SceneElement.accessoryLine2, text: lines.line2, style: l2, ink: ColorRole.stoneCaption,
                    lines: w.state == .newDay ? IOSLayout.rectangularNewDayLine2Lines : 2, mayCut: false
                )
                var out = [[one, two], [one]]
                if let t3 = lines.line3 {
                    // Seed 001 §3: ".lineLimit(1), .truncationMode(.tail)" — in every state. A habit's
                    // name may end in "…"; Table C's ≤ 16 characters keep all done's strings whole.
                    out.insert(
                        [
                            one, two,
                            (
                                element: SceneElement.accessoryLine3, text: t3, style: l3, ink: ColorRole.muted,
                                lines: 1, mayCut: true
                            ),
                        ], at: 0)
                }
                return out
            }()
        let indent1 = glyph + glyphGap
        func indent(_ element: SceneElement) -> Double {
            element == .accessoryLine1 && w.state != .firstRun ? indent1 : 0
        }
        // Each line's forms, once: what a variant is measured with is what its lines are drawn in.
        let measure = column(Rect(x: stackX, y: 0, width: stackW, height: IOSLayout.rectangularMeasureHeightPt))
        let lineForms = Dictionary(
            candidates[0].map { l in
                (
                    l.element,
                    measure.textForms(
                        l.text, style: l.style, maxLines: l.lines, indent: indent(l.element), mayCut: l.mayCut)
                )
            }, uniquingKeysWith: { a, _ in a })
        // A variant's height: each line's largest form — whole on ≤ its limit, or (line3) cut to it;
        // a line with none: the variant does not fit.
        func need(
            _ v: [(element: SceneElement, text: String, style: TextStyle, ink: ColorRole, lines: Int, mayCut: Bool)]
        ) -> Double? {
            var h = 0.0
            for l in v {
                guard let lineH = lineForms[l.element]?.heights.first else { return nil }
                h += lineH
            }
            return h
        }
        // The variants as one element's forms, largest first: the shared shed order keeps the first that fits.
        enum Stack: Hashable { case lines }
        let needs = candidates.map { need($0) ?? .infinity }
        guard let form = ShedOrder([.init(Stack.lines, forms: needs)]).fill(room: card.height).forms[.lines] else {
            for line in [ElementKind.accessoryLine1, .accessoryLine2, .accessoryLine3] {
                hide(
                    .element(line),
                    "no ViewThatFits variant fits \(fmtDp(card.height)) pt: nothing drawn, nothing clipped")
            }
            return
        }
        let chosen = candidates[form]
        let h = needs[form]
        note("ViewThatFits: \(chosen.count) line(s), \(fmtDp(h)) pt of \(fmtDp(card.height)) pt")
        if lines.line3 != nil, chosen.count < 3 {
            hide(
                .element(.accessoryLine3),
                "dropped by ViewThatFits: three lines need \(fmtDp(needs[0])) pt > \(fmtDp(card.height)) pt (dropped "
                    + "whole, never clipped)"
            )
        } else if lines.line3 == nil {
            hide(.element(.accessoryLine3), "no third line in \(w.state.rawValue)")
        }
        if chosen.count < 2 {
            hide(.element(.accessoryLine2), "dropped by ViewThatFits: two lines do not fit \(fmtDp(card.height)) pt")
        }
        var col = column(
            Rect(
                x: stackX, y: StackColumn.centred(h, on: card.midY), width: stackW,
                height: h + IOSLayout.rectangularStackSlackPt))
        for l in chosen {
            // The line in the form the variant was measured with (its largest).
            guard let forms = lineForms[l.element],
                let placed = col.text(
                    l.text, style: l.style, form: 0, of: forms, indent: indent(l.element), orCut: l.mayCut)
            else { continue }
            if l.element == .accessoryLine1, w.state != .firstRun {
                let symbol = accessoryStreakSymbol(w)
                add(
                    .streakGlyph,
                    Rect(x: stackX, y: StackColumn.centred(glyph, on: placed.frame.midY), width: glyph, height: glyph),
                    .symbol(symbol, ink: .ink),
                    "line1 glyph \(symbol.rawValue) (metaphorGlyphName: filled only when extended)")
            }
            addText(
                l.element, placed, style: l.style, ink: l.ink,
                l.element == .accessoryLine3
                    ? "line3: \(fmtDp(l3.size)) pt, tertiary, one line, tail truncation (001 §3)"
                    : l.element.displayName(.ios))
        }
    }
}
