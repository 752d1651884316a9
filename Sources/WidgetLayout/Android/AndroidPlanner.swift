import EvidenceCore
import WidgetModel
import WidgetText

/// The Android planner: height and width budgets, shed order, size resolution, the narrow-Large
/// ladder and the habit-row policy of seed 000 — one routine that both measures and places, so the
/// scene builder draws from `AndroidWidgetPlan` and never re-derives a number.
///
/// Every threshold in the seed's band tables is an *output* of these comparisons (tests pin them).

private typealias L = AndroidLayout

// MARK: - Public entry points

/// Plans one Android widget render. Pure: the same input and measurer give the same plan.
public func planAndroidWidget(_ input: AndroidPlanInput, measurer: TextMeasuring) -> AndroidWidgetPlan {
    let (size, sizeReason) = plannedFamily(input, measurer: measurer)
    var p = AndroidPlanBuilder(input: input, measurer: measurer, size: size)
    p.arithmetic.append("size = \(size.rawValue): \(sizeReason)")
    size.androidTraits.layout(&p)
    return p.finish(sizeReason: sizeReason)
}

/// The family `planAndroidWidget` draws and why: the one `--family` forces, else resolveSize's
/// pick. Its own function so the facts of a render (known findings' coverage) need not plan it.
public func plannedFamily(_ input: AndroidPlanInput, measurer: TextMeasuring) -> (size: AndroidFamily, reason: String) {
    if let fixed = input.family.fixed { return (fixed, "forced by --family \(fixed.rawValue)") }
    return resolveSize(
        minWidthDp: input.widthDp, minHeightDp: input.heightDp, kindling: input.kindling,
        largeHabitCapacity: largeHabitCapacity(input, measurer: measurer))
}

/// The family `plannedFamily` answers for a request of `family` at a granted size, where that needs
/// no plan: nil where resolveSize asks the Large plan's habit capacity (kindling, tall and wide
/// enough), so the answer is Medium or Large. For counting a matrix's families without planning
/// every widget (known findings' coverage).
public func familyWithoutPlanning(
    _ family: AndroidFamilyRequest, widthDp: Double, heightDp: Double, kindling: Bool
) -> AndroidFamily? {
    if let fixed = family.fixed { return fixed }
    var asksCapacity = false
    let pick = resolveSize(
        minWidthDp: widthDp, minHeightDp: heightDp, kindling: kindling,
        largeHabitCapacity: {
            asksCapacity = true
            return 0
        }())
    return asksCapacity ? nil : pick.size
}

/// resolveSize(minWidthDp, minHeightDp, kindling) — seed "Three-breakpoint model":
/// < 200 dp wide → Small; kindling on, height ≥ 270, width ≥ 200 and the Large plan seats at least
/// 2 habit rows → Large; otherwise Medium. A narrow width never demotes Large to Medium.
public func resolveSize(
    minWidthDp: Double, minHeightDp: Double, kindling: Bool,
    largeHabitCapacity: @autoclosure () -> Int
) -> (size: AndroidFamily, reason: String) {
    if minWidthDp < L.mediumWidthThresholdDp {
        return (.small, "width \(fmtDp(minWidthDp)) < MEDIUM_WIDTH_THRESHOLD_DP \(fmtDp(L.mediumWidthThresholdDp))")
    }
    guard kindling else { return (.medium, "kindling off: no Large family") }
    guard minHeightDp >= L.largeHeightThresholdDp else {
        return (.medium, "height \(fmtDp(minHeightDp)) < LARGE_HEIGHT_THRESHOLD_DP \(fmtDp(L.largeHeightThresholdDp))")
    }
    guard minWidthDp >= L.largeWidthThresholdDp else {
        return (.medium, "width \(fmtDp(minWidthDp)) < LARGE_WIDTH_THRESHOLD_DP \(fmtDp(L.largeWidthThresholdDp))")
    }
    let seats = largeHabitCapacity()
    guard seats >= L.largeMinHabitRows else {
        return (.medium, "Large would seat \(seats) habit row(s) < \(L.largeMinHabitRows) at this font scale → Medium")
    }
    return (
        .large,
        "kindling on, height \(fmtDp(minHeightDp)) ≥ \(fmtDp(L.largeHeightThresholdDp)), width \(fmtDp(minWidthDp)) ≥ "
            + "\(fmtDp(L.largeWidthThresholdDp)), seats \(seats) habit rows ≥ \(L.largeMinHabitRows)"
    )
}

/// How many habit rows the Large plan seats at this geometry and font scale — seed 000 resolveSize:
/// "a granted height that clears the threshold but, at the current font scale, can't seat at least 2
/// habit rows falls back to Medium" (computeLargeWidgetPlan's viability check). Asked of the widget
/// as it would be drawn where its state lists at least that many rows, so a Large is never drawn
/// with fewer; elsewhere of a full default checklist at this geometry (the capacity of the card).
public func largeHabitCapacity(_ input: AndroidPlanInput, measurer: TextMeasuring) -> Int {
    var probe = input
    probe.family = .large
    let listsRows =
        [.defaultProgress, .stale, .allDone].contains(input.state) && input.habits.count >= L.largeMinHabitRows
    if !listsRows {
        probe.state = .defaultProgress
        probe.habits = (0..<L.largeMaxHabitRows).map { HabitInput("Habit \($0 + 1)", done: false) }
    }
    var p = AndroidPlanBuilder(input: probe, measurer: measurer, size: .large, mode: .measure)
    p.planLarge()
    return p.habitRows.count
}

// MARK: - Text metrics

package struct AndroidTextMetrics {
    package let measurer: TextMeasuring
    package let fontScale: Double

    package init(measurer: TextMeasuring, fontScale: Double) {
        self.measurer = measurer
        self.fontScale = fontScale
    }

    package var body: TextStyle { .roboto(.regular, sp: L.bodySp, fontScale: fontScale) }
    package var dayStreakStyle: TextStyle { .roboto(.bold, sp: L.bodySp, fontScale: fontScale) }
    package var habitStyle: TextStyle { .roboto(.regular, sp: L.habitLabelSp, fontScale: fontScale) }
    package var coachStyle: TextStyle { .roboto(.regular, sp: L.coachSp, fontScale: fontScale) }
    package var line: Double { L.lineBox(sp: L.bodySp, fontScale: fontScale) }
    package var habitLine: Double { L.lineBox(sp: L.habitLabelSp, fontScale: fontScale) }
    /// A habit row with its label on one line, on two (Level B), and the next-due row (kindling's
    /// KINDLING_NEXT_DUE_ROW_HEIGHT_DP, never shorter than its two-line label): one set of row heights
    /// for every family's checklist.
    package var oneLineRow: Double { row(lines: 1) }
    package var twoLineRow: Double { row(lines: 2) }
    package var nextDueRow: Double { row(lines: 2, minimum: L.kindlingNextDueRowHeightDp) }
    /// The next-due row with its label cut to one line.
    package var nextDueOneLineRow: Double { row(lines: 1, minimum: L.kindlingNextDueRowHeightDp) }
    package func row(lines: Int, minimum: Double = 0) -> Double {
        HabitRowSeating.rowHeight(
            lines: lines, lineHeight: habitLine, padding: L.habitRowVerticalPaddingDp, minimum: minimum)
    }
    package var coachLine: Double { L.lineBox(sp: L.coachSp, fontScale: fontScale) }

    package func numeralSp(_ f: AndroidFamily) -> Double {
        fontScale > L.fontScaleBandMedium ? f.androidTraits.numeralSteppedSp : f.androidTraits.numeralSp
    }
    package func numeral(_ f: AndroidFamily) -> TextStyle { .roboto(.bold, sp: numeralSp(f), fontScale: fontScale) }

    /// Measured advance rounded up to whole dp (the seed's measured-advance table rounds up).
    package func width(_ text: String, _ style: TextStyle) -> Double { L.ceilDp(measurer.advance(text, style: style)) }

    /// Caption row width in a family: glyph slot + gap + text.
    package func captionWidth(_ caption: String, _ family: AndroidFamily, style: TextStyle? = nil) -> Double {
        L.captionGlyphSlotDp(family, fontScale: fontScale) + L.captionGlyphGapDp(family) + width(caption, style ?? body)
    }

    package func largeCompactNeed(numeralW: Double, caption: String?) -> Double {
        var need = L.flameContainerDp + L.headerGapDp + numeralW + L.largeHeaderHeadroomDp
        if let caption { need += L.largeCaptionMarginStartDp + captionWidth(caption, .large) }
        return need
    }

    /// Lines `text` word-wraps to at `width`; nil when a single word can't fit (it would be cut).
    package func wrapLines(_ text: String, width: Double, style: TextStyle) -> Int? {
        guard width > 0 else { return nil }
        let w = TextWrap.wrap(text, width: width, maxLines: 1000, style: style, measurer: measurer)
        return w.ellipsized ? nil : max(1, w.lines.count)
    }

    /// Lines a must-not-truncate text takes at `width` if it fits in `maxLines` uncut; nil otherwise.
    package func fitLines(_ text: String, width: Double, style: TextStyle, maxLines: Int = L.sentenceMaxLines) -> Int? {
        guard maxLines >= 1, let n = wrapLines(text, width: width, style: style), n <= maxLines else { return nil }
        return n
    }

    /// Widest line of `text` wrapped to `lines` at `width`, rounded up.
    package func wrappedWidth(_ text: String, width: Double, lines: Int, style: TextStyle) -> Double {
        L.ceilDp(
            TextWrap.wrap(text, width: width, maxLines: max(1, lines), style: style, measurer: measurer).maxLineWidth)
    }
}

// MARK: - The builder (one pass: measure and place)

package struct AndroidPlanBuilder {
    package let input: AndroidPlanInput
    package let m: AndroidTextMetrics
    package let size: AndroidFamily
    /// `.measure` for a probe: the same decisions, without the arithmetic text or the drawn lines.
    package var mode: RunMode
    package var elements: [PlanPart: PlanElement] = [:]
    package var rows: [PlanRow] = []
    package var arithmetic: [String] = []
    package var habitRows: [HabitRowPlan] = []
    package var overflow = 0
    package var levelB = false
    package var rung: LargeHeaderRung?
    package var rungReason: String?

    // Geometry shared by every family.
    package let cw: Double  // contentWidth(w)
    package let cb: Double  // contentBox(h)
    // STALE footer reservation, its lines (1 in STALE, else 0) and mainRowBudget(h).
    package var footer: Double
    package var footerLines: Int
    package var budget: Double
    package let x0: Double  // content box origin
    package let y0: Double

    package init(input: AndroidPlanInput, measurer: TextMeasuring, size: AndroidFamily, mode: RunMode = .place) {
        self.input = input
        self.size = size
        self.mode = mode
        m = AndroidTextMetrics(measurer: measurer, fontScale: input.fontScale)
        cw = L.contentWidth(input.widthDp)
        cb = L.contentBoxHeight(input.heightDp)
        // The footer reserves its height first (seed 000 "Left-column height budget": main_row is
        // 0dp + weight 1 "so the footer reserves its height first"; mainRowBudget(h) = contentBox(h) −
        // staleFooter). It is one line — the STALE core's 72 / 80 dp is the head row with one footer
        // line reserved — and, like every single-line view (Structural floor: stale_caption_small
        // gets android:maxLines="1" + android:ellipsize="end"), it is cut at its end, never wrapped
        // or reworded: the seed has one string, "Today · last synced Xh ago".
        footerLines = input.state == .stale && !input.strings.staleFooter.isEmpty ? 1 : 0
        footer = Self.footerCost(lines: footerLines, line: m.line)
        budget = cb - footer
        x0 = L.systemWidgetMarginDp + L.rootPaddingDp
        y0 = x0
        for key in PlanPart.android {
            elements[key] = PlanElement(key: key, shown: false, reason: "not part of the \(size.rawValue) layout")
        }
    }

    /// The shortest head row the numeral may take to keep the core's caption row or the state's
    /// line: it steps down as `fitNumeral` does, but never below today's size — seed 000: the
    /// numeral "never shrinks below today's size" (22 sp on Small, 34 sp on Medium at fontScale
    /// 1.0), so at fontScale 1.0 it doesn't step at all.
    package func minHead(_ family: AndroidFamily) -> Double {
        let today = family.androidTraits.numeralSp
        let nominal = m.numeral(family).size
        let step = L.numeralStepSp * input.fontScale
        let steps = max(0, ((nominal - today) / step + 1e-9).rounded(.down))
        return L.lineBox(size: nominal - steps * step)
    }

    /// The content box's arithmetic, spelled from the constants it uses (`label` names the budget).
    func contentBoxNote(_ label: String) -> String {
        "contentBox(\(fmtDp(input.heightDp))) = \(fmtDp(input.heightDp)) \(L.contentBoxTerms) = \(fmtDp(cb)); "
            + "staleFooter \(fmtDp(footer)); \(label) = \(fmtDp(budget))"
    }
    func contentWidthNote() -> String { "contentWidth(\(fmtDp(input.widthDp))) = \(fmtDp(cw))" }

    /// The STALE footer's reservation on `lines` lines: its lines + its top margin (0: none).
    package static func footerCost(lines: Int, line: Double) -> Double {
        lines > 0 ? StackColumn.textHeight(lines: lines, lineHeight: line, gap: L.staleFooterTopMarginDp) : 0
    }

    // MARK: Shared decisions (never budget-dependent)

    /// The reactive caption text, or nil: only defaultProgress/allDone with the reactive layer on;
    /// NEW_DAY forces extendedToday → false (not-yet caption).
    package var caption: String? {
        guard input.reactive != .baseline else { return nil }
        switch input.state {
        case .defaultProgress, .allDone:
            return reactiveCaption(
                platform: .android, motif: input.motif, branch: input.reactive == .extended ? .extended : .notYet)
        case .newDay:
            return reactiveCaption(platform: .android, motif: input.motif, branch: .notYet)
        case .empty, .stale, .firstRun: return nil
        }
    }
    package var captionAbsentReason: String {
        if input.reactive == .baseline { return "reactive layer off (baseline): no caption" }
        return "reactive layer suppressed in \(input.state.rawValue)"
    }

    /// showsCoachLine(state, snapshot): kindling on, reactive on, a coachLine present, not STALE. Medium/Large only.
    package var showsCoachLine: Bool {
        input.kindling && input.reactive != .baseline && input.coachLine != nil && input.state != .stale
    }

    package var nextDueIndex: Int? {
        guard input.kindling, input.state == .defaultProgress else { return nil }
        return input.habits.firstIndex { !$0.done }
    }

    /// The habit the checklist's window keeps in view: the next-due one — in the legacy body too,
    /// which draws it as a plain row (no next-due treatment) but still lets it land last rather
    /// than be dropped (seed 000 largeVisibleWindow; README, Android layouts).
    package var windowAnchorIndex: Int? {
        guard input.state == .defaultProgress else { return nil }
        return input.habits.firstIndex { !$0.done }
    }

    /// Records a decided element. A shown text is wrapped here, once, to the lines it draws in its
    /// frame — the scene places those lines and never wraps again.
    package mutating func set(_ e: PlanElement) {
        var e = e
        if e.drawn == nil && mode == .place { e.drawn = finishedText(e) }
        elements[e.key] = e
    }
    package func shows(_ key: PlanPart) -> Bool { elements[key]?.shown ?? false }
    package mutating func hide(_ key: PlanPart, _ reason: String) {
        set(PlanElement(key: key, shown: false, reason: reason))
    }
    package mutating func note(_ s: String) { if mode == .place { arithmetic.append(s) } }
    /// Records the height `key` takes in `column` (its budget row).
    package mutating func row(_ key: PlanPart, _ column: PlanColumn, _ y: Double, _ h: Double) {
        rows.append(PlanRow(owner: .part(key), column: column, y: y, height: h))
    }
    /// Records habit `index`'s row.
    package mutating func habitRow(_ index: Int, _ column: PlanColumn, _ y: Double, _ h: Double) {
        rows.append(PlanRow(owner: .habit(index), column: column, y: y, height: h))
    }

    /// A column of the content box `room` dp tall from `top` (the main-row budget by default): the
    /// shared engine (`StackColumn`) keeps its next free y and the room left, so no family adds
    /// up a budget by hand.
    package func column(x: Double, width: Double, top: Double? = nil, room: Double? = nil) -> StackColumn {
        StackColumn(
            metrics: AndroidLineMetrics(), measurer: m.measurer,
            box: Rect(x: x, y: top ?? y0, width: width, height: room ?? budget))
    }

    /// Places `key`'s row, `cost` dp from the top of `col`'s room (a fit already decided), and
    /// records it as the budget row of `column`; returns the slot.
    @discardableResult
    package mutating func take(_ key: PlanPart, _ cost: Double, in col: inout StackColumn, column: PlanColumn) -> Rect {
        let slot = col.take(cost)
        row(key, column, slot.minY, cost)
        return slot
    }

    // MARK: Numeral and the head row (width axis)

    package struct Head {
        package var numeralStyle: TextStyle
        package var numeralW: Double
        package var flame: Bool
        /// Whether the label after the numeral (Small's days label) is kept.
        package var trailing: Bool
        package var height: Double
        package var steppedReason: String?
    }

    /// Fits the numeral into `maxWidth` and `maxHeight`: it never sheds; beyond the seed's tables
    /// (4 digits at the narrowest widths, fontScale 2.0 at the height floor) it steps down in size.
    package func fitNumeral(_ f: AndroidFamily, maxWidth: Double, maxHeight: Double) -> (TextStyle, Double, String?) {
        let text = String(input.streak)
        var style = m.numeral(f)
        let nominal = style.size
        var w = m.width(text, style)
        while (w > maxWidth || L.lineBox(size: style.size) > maxHeight)
            && style.size - L.numeralStepSp * input.fontScale >= L.numeralFloorSp
        {
            style.size -= L.numeralStepSp * input.fontScale
            w = m.width(text, style)
        }
        let reason =
            style.size < nominal
            ? "numeral stepped down \(fmtDp(nominal)) → \(fmtDp(style.size)) dp to fit \(fmtDp(maxWidth)) × "
                + "\(fmtDp(maxHeight)) dp (beyond the seed's tables; a clipped number is worse)"
            : nil
        return (style, w, reason)
    }

    /// Flame + numeral (+ days label on small) for a column `width` wide and `maxHeight` tall. The
    /// row's width budget as a shed order (seed 000 "Width budget"): the numeral never sheds, the
    /// flame sheds last, the label after the numeral (`trailing`: its gap, width and headroom) first.
    package mutating func head(_ f: AndroidFamily, width: Double, maxHeight: Double, trailing: Double? = nil) -> Head {
        let (style, numW, stepped) = fitNumeral(f, maxWidth: width, maxHeight: maxHeight)
        let coreW = L.flameContainerDp + L.headerGapDp + numW
        enum Part: Hashable { case numeral, flame, trailing }
        let kept = ShedOrder<Part>([
            .init(.numeral, forms: [numW], kept: true),
            .init(.flame, forms: [L.flameContainerDp + L.headerGapDp]),
            .init(.trailing, forms: trailing.map { [$0] } ?? [], requires: .flame),
        ]).fill(room: width).forms
        let flame = kept[.flame] != nil
        note(
            "coreW = \(fmtDp(L.flameContainerDp)) (flame) + \(fmtDp(L.headerGapDp)) + numeral \(fmtDp(numW)) = "
                + "\(fmtDp(coreW)) \(flame ? "≤" : ">") \(fmtDp(width)) → flame \(flame ? "shown" : "shed")"
        )
        return Head(
            numeralStyle: style, numeralW: numW, flame: flame, trailing: kept[.trailing] != nil,
            height: L.lineBox(size: style.size), steppedReason: stepped)
    }

    package mutating func placeHead(_ h: Head, x: Double, y: Double, column: PlanColumn, numeralFamily: String) {
        var nx = x
        if h.flame {
            set(
                PlanElement(
                    key: .flame, shown: true,
                    reason:
                        "coreW ≤ box: \(fmtDp(L.flameContainerDp)) + \(fmtDp(L.headerGapDp)) + \(fmtDp(h.numeralW)) "
                        + "fits",
                    costDp: L.flameContainerDp,
                    frame: Rect(x: x, y: y, width: L.flameContainerDp, height: h.height)))
            nx += L.flameContainerDp + L.headerGapDp
        } else {
            hide(
                .flame,
                "flame sheds: \(fmtDp(L.flameContainerDp)) + \(fmtDp(L.headerGapDp)) + numeral \(fmtDp(h.numeralW)) "
                    + "exceeds the box — between no flame and a clipped number, the number wins"
            )
        }
        set(
            PlanElement(
                key: .numeral, shown: true,
                reason: h.steppedReason
                    ?? "the streak numeral never sheds (\(numeralFamily), \(fmtDp(h.numeralStyle.size)) dp bold)",
                costDp: h.height, frame: Rect(x: nx, y: y, width: h.numeralW, height: h.height),
                text: String(input.streak), style: h.numeralStyle, lines: 1))
        row(.numeral, column, y, h.height)
    }

    /// A single-line text element with the maxLines=1 + ellipsize=end structural floor.
    package func textLine(
        _ key: PlanPart, _ text: String, style: TextStyle, x: Double, y: Double, width: Double,
        height: Double, cost: Double, reason: String
    ) -> PlanElement {
        let w = m.width(text, style)
        let cut = w > width
        return PlanElement(
            key: key, shown: true, reason: cut ? reason + "; ellipsized (\(fmtDp(w)) > \(fmtDp(width)) dp)" : reason,
            costDp: cost,
            frame: Rect(x: x, y: y + height - m.lineFor(style), width: min(w, width), height: m.lineFor(style)),
            text: text, style: style, lines: 1, maxLines: 1, ellipsized: cut)
    }

    /// A must-not-truncate text already known to fit `lines` lines at `width` (see `fitLines`);
    /// `y` is the top of its first line.
    package func sentence(
        _ key: PlanPart, _ text: String, style: TextStyle, x: Double, y: Double, width: Double,
        lines: Int, maxLines: Int = L.sentenceMaxLines, cost: Double, reason: String
    ) -> PlanElement {
        let lineH = m.lineFor(style)
        return PlanElement(
            key: key, shown: true, reason: reason + (lines > 1 ? "; wraps to \(lines) lines (never cut)" : ""),
            costDp: cost,
            frame: Rect(
                x: x, y: y, width: min(width, m.wrappedWidth(text, width: width, lines: lines, style: style)),
                height: StackColumn.textHeight(lines: lines, lineHeight: lineH)),
            text: text, style: style, lines: lines, maxLines: maxLines)
    }

    /// The caption row: glyph slot + gap + text on `lines` lines (`y` the top of the first),
    /// ellipsized if it still doesn't fit.
    package func captionElement(
        _ caption: String, x: Double, y: Double, width: Double, lines: Int = 1, style: TextStyle? = nil,
        cost: Double, reason: String
    ) -> PlanElement {
        let style = style ?? m.body
        let need = m.captionWidth(caption, size, style: style)
        let textW = width - L.captionGlyphSlotDp(size, fontScale: input.fontScale) - L.captionGlyphGapDp(size)
        let cut = lines == 1 ? need > width : m.fitLines(caption, width: textW, style: style, maxLines: lines) == nil
        return PlanElement(
            key: .captionRow, shown: true,
            reason: cut ? reason + "; ellipsized (\(fmtDp(need)) > \(fmtDp(width)) dp)" : reason, costDp: cost,
            frame: Rect(
                x: x, y: y, width: lines == 1 ? min(need, width) : width,
                height: StackColumn.textHeight(lines: lines, lineHeight: m.lineFor(style))),
            text: caption, style: style, lines: lines, maxLines: max(1, lines), ellipsized: cut)
    }

    package mutating func placeFooter() {
        guard input.state == .stale else {
            hide(.staleFooter, "not STALE")
            return
        }
        guard footerLines > 0 else {
            hide(.staleFooter, "no stale footer text")
            return
        }
        let y = y0 + budget + L.staleFooterTopMarginDp
        set(
            textLine(
                .staleFooter, input.strings.staleFooter, style: m.body, x: x0, y: y, width: cw, height: m.line,
                cost: footer,
                reason:
                    "STALE footer reserved first: line \(fmtDp(m.line)) + \(fmtDp(L.staleFooterTopMarginDp)) = "
                    + "\(fmtDp(footer)) dp; one line, cut at its end (stale_caption_small: maxLines=1, "
                    + "ellipsize=end)"
            ))
        row(.staleFooter, .footer, y0 + budget, footer)
    }

    // MARK: First run (every family)

    package mutating func planFirstRun(width: Double) {
        for k in [PlanPart.flame, .numeral, .daysLabel, .dayStreakLabel, .longestLabel, .captionRow] {
            hide(k, "firstRun: no snapshot yet — no streak block (neutral bootstrap)")
        }
        var col = column(x: x0, width: width)
        let text = input.strings.statusTitle ?? "Open Objectuve to sync today"
        // The message is first run's whole meaning (the seed is silent on its wrapping: a choice,
        // LayoutChoice.firstRunWraps): it wraps to the lines the column holds, at least three; where
        // it cannot be drawn whole so (a word wider than the line, or too few lines: fontScale 2.0
        // on the narrowest cards) its text steps down 1 dp at a time, never below its fontScale-1.0
        // size; the app glyph above it yields before the message is cut; only then the ellipsis.
        let glyphCost = L.appGlyphDp + L.appGlyphGapDp
        func lines(_ style: TextStyle, in height: Double) -> Int? {
            let lineH = m.lineFor(style)
            return m.fitLines(
                text, width: width, style: style,
                maxLines: max(L.firstRunMaxLines, StackColumn.linesThatFit(height, lineHeight: lineH))
            )
            .flatMap { StackColumn.textHeight(lines: $0, lineHeight: lineH) <= height ? $0 : nil }
        }
        var style = m.body
        while lines(style, in: col.left) == nil && style.size - 1 >= L.bodySp - 1e-9 { style.size -= 1 }
        let lineH = m.lineFor(style)
        func fit(in height: Double) -> Int? { lines(style, in: height) }
        let room = col.left
        let glyphYields = fit(in: room - glyphCost) == nil && fit(in: room) != nil
        if col.fits(glyphCost) && !glyphYields {
            let slot = take(.appGlyph, glyphCost, in: &col, column: .main)
            set(
                PlanElement(
                    key: .appGlyph, shown: true,
                    reason: "app glyph \(fmtDp(L.appGlyphDp)) + \(fmtDp(L.appGlyphGapDp)) ≤ \(fmtDp(room))",
                    costDp: glyphCost, frame: Rect(x: x0, y: slot.minY, width: L.appGlyphDp, height: L.appGlyphDp)))
        } else {
            hide(
                .appGlyph,
                glyphYields
                    ? "app glyph yields: beside it the first-run message can't be drawn whole (\(fmtDp(room)) dp)"
                    : "app glyph \(fmtDp(glyphCost)) > \(fmtDp(room)) dp left")
        }
        let lines = fit(in: col.left)
        if style.size < m.body.size {
            note("first-run message: stepped \(fmtDp(m.body.size)) → \(fmtDp(style.size)) dp so no word is cut")
        }
        placeWrapped(
            .statusTitle, text, style: style, lineH: lineH, in: &col,
            maxLines: lines ?? min(L.firstRunMaxLines, col.linesThatFit(lineHeight: lineH)), topMargin: 0,
            column: .main, what: "first-run message")
    }

    /// A wrapping text block of up to `maxLines` lines at the top of `col` (`indent` dp in from its
    /// left edge), which it advances past; returns what it cost.
    @discardableResult
    package mutating func placeWrapped(
        _ key: PlanPart, _ text: String, style: TextStyle, lineH: Double, in col: inout StackColumn,
        indent: Double = 0, maxLines: Int, topMargin: Double, column: PlanColumn, what: String
    ) -> Double {
        guard maxLines >= 1, col.width - indent > 0 else {
            hide(key, "\(what): no line fits (\(maxLines) line(s) budgeted)")
            return 0
        }
        // The shared column engine wraps and places it (Android line metrics; may end in "…").
        let y = col.y
        guard
            let placed = col.text(text, style: style, maxLines: maxLines, gap: topMargin, indent: indent, whole: false)
        else {
            hide(key, "\(what): no line fits")
            return 0
        }
        let lines = placed.text.lines.count
        let cut = placed.text.ellipsized
        let cost = StackColumn.textHeight(lines: lines, lineHeight: lineH, gap: topMargin)
        set(
            PlanElement(
                key: key, shown: true,
                reason:
                    "\(what): \(lines) of max \(maxLines) line(s) × \(fmtDp(lineH)) + \(fmtDp(topMargin)) = "
                    + "\(fmtDp(cost)) dp"
                    + (cut ? "; ellipsized" : ""),
                costDp: cost, frame: placed.frame,
                text: text, style: style, lines: lines, maxLines: maxLines, ellipsized: cut))
        row(key, column, y, cost)
        return cost
    }

    /// Optional lines added to `col` in priority order, each drawn whole on at most its lines and
    /// only under the one above it (shed from the end): a `ShedOrder` in which each requires the last.
    package mutating func stackOptional(
        _ items: [(PlanPart, String, TextStyle, Double, String, Int)], in col: inout StackColumn, column: PlanColumn
    ) {
        let x = col.x
        let width = col.width
        let lines = items.map { m.fitLines($0.1, width: width, style: $0.2, maxLines: $0.5) }
        let costs = zip(items, lines).map { item, n in
            n.map { StackColumn.textHeight(lines: $0, lineHeight: m.lineFor(item.2), gap: item.3) }
        }
        let kept = ShedOrder(
            items.indices.map { i in
                ShedOrder<PlanPart>.Item(
                    items[i].0, forms: costs[i].map { [$0] } ?? [], requires: i > 0 ? items[i - 1].0 : nil)
            }
        ).fill(room: col.left).forms
        var blocked: String?
        for (i, (key, text, style, margin, what, maxLines)) in items.enumerated() {
            if let blocked {
                hide(key, "shed: \(blocked) already shed (shed from the bottom)")
                continue
            }
            guard let n = lines[i], let cost = costs[i] else {
                hide(key, "\(what) needs more than \(maxLines) lines at \(fmtDp(width)) dp — shed whole, never cut")
                blocked = what
                continue
            }
            let left = col.left
            if kept[key] != nil {
                let slot = take(key, cost, in: &col, column: column)
                set(
                    sentence(
                        key, text, style: style, x: x, y: slot.minY + margin, width: width, lines: n,
                        maxLines: maxLines, cost: cost,
                        reason: "\(what): \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left"))
                note("\(what): \(fmtDp(cost)) ≤ \(fmtDp(left)) → shown")
            } else {
                hide(key, "\(what) shed: \(fmtDp(cost)) > \(fmtDp(left)) dp left")
                note("\(what): \(fmtDp(cost)) > \(fmtDp(left)) → shed")
                blocked = what
            }
        }
    }

    /// Centres already-placed elements in the free space below them (EMPTY / ALL_DONE bodies are
    /// vertically centred, OBJ-1477; NEW_DAY's line with them, README "New day"): every frame and
    /// its budget row moves down by half the slack.
    mutating func centre(_ keys: [PlanPart], from top: Double, used: Double, in col: StackColumn, column: PlanColumn) {
        let dy = col.centringShift
        let free = col.left
        guard dy > 0 else { return }
        for k in keys {
            guard var e = elements[k], e.shown, let f = e.frame else { continue }
            e.frame = f.offsetBy(dx: 0, dy: dy)
            elements[k] = e
        }
        for i in rows.indices where rows[i].column == column && rows[i].y >= top - 1e-9 && rows[i].y < top + used - 1e-9
        {
            rows[i] = rows[i].offsetBy(dy: dy)
        }
        note("centred body: \(fmtDp(used)) dp moved down \(fmtDp(dy)) into \(fmtDp(free)) dp of slack")
    }

    /// The height the state's own line (All done today / Nothing due today) takes in a column
    /// `width` wide — a third line rather than shed (README, Android layouts) — or nil when it can't
    /// be drawn whole. One rule for the Coach line's yield and the body's placing.
    package func stateLineCost(width: Double) -> Double? { stateLineAtBody(width: width)?.cost }

    /// The lines the state's own line takes at `width`, nil when even `stateLineMaxLines` can't hold it whole.
    package func stateLineLines(width: Double) -> Int? { stateLineAtBody(width: width)?.lines }

    /// The state's own line's form at the body size in a column `width` wide.
    package func stateLineAtBody(width: Double) -> AndroidTextMetrics.LineForm? {
        input.strings.statusTitle.flatMap {
            m.wholeLine($0, width: width, maxLines: L.stateLineMaxLines, topMargin: L.statusTopMarginDp)
        }
    }

    /// "0 of 4 done", or "0/4" when its measured advance exceeds the box (usesCompactProgress).
    package func progressText(width: Double) -> (String, String) {
        let full = m.width(input.strings.progress, m.body)
        if full <= width {
            return (input.strings.progress, "\"\(input.strings.progress)\" \(fmtDp(full)) ≤ \(fmtDp(width))")
        }
        return (
            input.strings.progressCompact, "compact: \"\(input.strings.progress)\" \(fmtDp(full)) > \(fmtDp(width))"
        )
    }

    // MARK: - The checklist column (Medium right column, Large body)

    package mutating func planChecklistColumn(
        in start: StackColumn, column: PlanColumn,
        coachText: String?, coachReason: String, coachMaxLines: Int, coachTopMargin coachTop: Double,
        maxRows: Int, sectionMargin: Double, coachLeadDp: Double = 0
    ) {
        var col = start
        let x = col.x
        let width = col.width
        hide(.newDayIcon, "not NEW_DAY")
        hide(.newDayLine, "not NEW_DAY")
        hide(.progress, "no progress line in \(input.state.rawValue)")
        hide(.overflowLine, "no overflow")
        hide(.statusTitle, "no status line in \(input.state.rawValue)")
        hide(.statusSubtitle, "no subtitle in \(input.state.rawValue)")

        // Coach line: shown by showsCoachLine (not budget), clamped to the lines that fit — and it
        // ranks last in the column (`checklistKeeps`): seed 000 "Shedding order" sheds habit rows
        // last (after Longest N and DAY STREAK), and the Coach line may ellipsize where a row may
        // not be dropped (the window always keeps the next-due row).
        var coachMax = coachMaxLines
        let listsRows = checklistListsRows
        let (ptext, pwhy) = progressText(width: width)
        // Where the column draws the state's own line (All done today, Nothing due today) instead
        // of rows, that line outranks the Coach line: the Coach line gives up lines first. (New day
        // draws no Coach line: `coachLineText` composes none for it.)
        let stateLine = listsRows ? nil : stateLineCost(width: width).flatMap { $0 <= col.left ? $0 : nil }
        let keeps =
            listsRows || stateLine != nil
            ? checklistKeeps(
                room: col.left, width: width, listsRows: listsRows, stateLine: stateLine,
                coachText: showsCoachLine ? coachText : nil, coachMaxLines: coachMax, coachTop: coachTop,
                coachLeadDp: coachLeadDp, sectionMargin: sectionMargin) : nil
        if let keeps, showsCoachLine, coachText != nil, keeps.coachLines < coachMax {
            note(
                "Coach line: \(coachMax) → \(keeps.coachLines) line(s) so "
                    + (listsRows
                        ? "\(keeps.firstRow ? "the first habit row" : "the count") fits (the Coach line sheds first)"
                        : "the status line fits (the state's own line outranks it)"))
            coachMax = keeps.coachLines
        }
        if showsCoachLine, coachText != nil, coachMax == 0 {
            hide(
                .coachLine,
                listsRows
                    ? "Coach line yields to the checklist: with it neither a habit row nor the overflow line fits "
                        + "(rows shed last; spoken in full regardless)"
                    : "Coach line yields to the status line (the state's own line outranks it; spoken in full "
                        + "regardless)"
            )
        } else if showsCoachLine, let text = coachText {
            // The lines that fit under the same top margin the line is placed with.
            let maxLines = min(coachMax, col.linesThatFit(lineHeight: m.coachLine, gap: coachTop))
            if maxLines >= 1 {
                // Large leads the line with coach_spark_large; its slot comes out of the line's width.
                placeWrapped(
                    .coachLine, text, style: m.coachStyle, lineH: m.coachLine, in: &col, indent: coachLeadDp,
                    maxLines: maxLines, topMargin: coachTop, column: column, what: "Coach line (\(coachReason))")
            } else {
                hide(.coachLine, "Coach line: no line fits (\(fmtDp(col.left)) dp left)")
            }
        } else {
            hide(
                .coachLine,
                !input.kindling
                    ? "kindling off"
                    : input.reactive == .baseline
                        ? "reactive layer off"
                        : input.state == .stale ? "STALE: Coach line suppressed" : "no coachLine in the snapshot")
        }

        switch input.state {
        case .newDay:
            let maxLines = min(L.newDayMaxLines, col.linesThatFit(lineHeight: m.line, gap: L.newDaySmallTopMarginDp))
            let wrapsIcon = m.wrapLines(input.strings.newDay, width: width - L.newDaySmallIconAndGapDp, style: m.body)
            let showsIcon = maxLines >= 1 && (wrapsIcon ?? .max) <= maxLines
            if showsIcon {
                set(
                    PlanElement(
                        key: .newDayIcon, shown: true,
                        reason:
                            "wraps(New day, \(fmtDp(width - L.newDaySmallIconAndGapDp))) = \(wrapsIcon!) ≤ \(maxLines)",
                        costDp: L.newDaySmallIconAndGapDp,
                        frame: Rect(
                            x: x, y: col.y + L.newDaySmallTopMarginDp, width: L.newDaySmallIconDp,
                            height: L.newDaySmallIconDp)))
            } else {
                hide(.newDayIcon, "New day needs more lines than \(max(0, maxLines)) with the icon")
            }
            let tx = x + (showsIcon ? L.newDaySmallIconAndGapDp : 0)
            let top = col.y
            let used = placeWrapped(
                .newDayLine, input.strings.newDay, style: m.body, lineH: m.line, in: &col, indent: tx - x,
                maxLines: maxLines, topMargin: L.newDaySmallTopMarginDp, column: column,
                what: "New day line (habit rows suppressed)")
            centre([.newDayIcon, .newDayLine], from: top, used: used, in: col, column: column)
        case .empty,
            .allDone where !size.traits.closesWithMotivator || input.habits.isEmpty:
            var items: [(PlanPart, String, TextStyle, Double, String, Int)] = []
            // Medium's glyph (rest moon / success check) yields only to the state's own line — seed 000
            // State catalog: "Success check + "All done today"", Empty "plus a decorative rest glyph",
            // which OBJ-1477 says "renders on Android medium" — so the subtitle sheds before it.
            let glyphCost = L.statusGlyphDp + L.statusGlyphGapDp
            let drawsGlyph = size.traits.drawsRestGlyph
            // The state's block as one element of the column's shed order, its forms largest first:
            // the glyph over the line, then the line alone (the glyph with no line where the state has none).
            let line = input.strings.statusTitle.flatMap {
                m.wholeLine($0, width: width, maxLines: L.stateLineMaxLines, topMargin: L.statusTopMarginDp)
            }
            let lineForms = line.map { [$0.cost] } ?? []
            let glyphForms =
                drawsGlyph ? (input.strings.statusTitle == nil ? [glyphCost] : lineForms.map { glyphCost + $0 }) : []
            enum Block: Hashable { case state }
            let form = ShedOrder([.init(Block.state, forms: glyphForms + lineForms)]).fill(room: col.left).forms[.state]
            let showsGlyph = form.map { $0 < glyphForms.count } ?? false
            if let t = input.strings.statusTitle {
                items.append((.statusTitle, t, m.body, L.statusTopMarginDp, "status title", L.stateLineMaxLines))
            }
            if let s = input.strings.statusSubtitle {
                items.append((.statusSubtitle, s, m.body, 0, "status subtitle", L.sentenceMaxLines))
            }
            let top = col.y
            let titleCost = line?.cost ?? 0
            if showsGlyph {
                let reason = "glyph \(fmtDp(glyphCost)) + status line \(fmtDp(titleCost)) ≤ \(fmtDp(col.left)) dp left"
                let slot = take(.statusGlyph, glyphCost, in: &col, column: column)
                set(
                    PlanElement(
                        key: .statusGlyph, shown: true, reason: reason,
                        costDp: glyphCost,
                        frame: Rect(x: x, y: slot.minY, width: L.statusGlyphDp, height: L.statusGlyphDp)))
            } else {
                hide(
                    .statusGlyph,
                    size.traits.drawsRestGlyph
                        ? "glyph \(fmtDp(glyphCost)) + status line \(fmtDp(titleCost)) > \(fmtDp(col.left)) dp left — "
                            + "the glyph yields to the state's own line"
                        : "no status glyph in the \(size.rawValue) layout")
            }
            stackOptional(items, in: &col, column: column)
            centre(
                [.statusGlyph, .statusTitle, .statusSubtitle], from: top, used: col.y - top, in: col, column: column)
        case .defaultProgress, .stale, .allDone:
            let pcost = sectionMargin + m.line
            if let keeps, !keeps.progress, keeps.firstRow, pcost <= col.left {
                // "N of M done" yields to the first habit row (`checklistKeeps`): the count stays
                // in "+N more" and the spoken label (README, Android layouts).
                hide(
                    .progress,
                    "progress line yields to the first habit row: with it no row fits (\(fmtDp(col.left)) dp left)")
                note("progress: yields so the first habit row fits (rows shed last)")
            } else if keeps?.progress ?? (pcost <= col.left) {
                let left = col.left
                let slot = take(.progress, pcost, in: &col, column: column)
                set(
                    textLine(
                        .progress, ptext, style: m.body, x: x, y: slot.minY + sectionMargin, width: width,
                        height: m.line, cost: pcost,
                        reason: "progress line \(fmtDp(pcost)) ≤ \(fmtDp(left)) dp left; \(pwhy)"))
                note("progress: \(fmtDp(pcost)) ≤ \(fmtDp(left)) → shown")
            } else {
                hide(.progress, "progress line \(fmtDp(pcost)) > \(fmtDp(col.left)) dp left")
            }
            planHabitRows(in: col, maxRows: maxRows, column: column)
        case .firstRun:
            break
        }
    }

    /// Whether the checklist column lists habit rows in this state (else it draws the state's body).
    package var checklistListsRows: Bool {
        switch input.state {
        case .defaultProgress, .stale: return !input.habits.isEmpty
        case .allDone: return size.traits.closesWithMotivator && !input.habits.isEmpty
        case .newDay, .empty, .firstRun: return false
        }
    }

    /// A measure run (`RunMode.measure`) on a copy of this builder: `run` plans part of the widget
    /// exactly as placing would, and the caller reads what it decided; nothing of it is kept.
    package func measured(_ run: (inout AndroidPlanBuilder) -> Void) -> AndroidPlanBuilder {
        var probe = self
        probe.mode = .measure
        probe.clearPlaced()
        run(&probe)
        return probe
    }

    /// Forgets what has been placed (rows, habit rows, "+N more", Level B, the arithmetic), so a
    /// measure run starts clean and a family can plan again once a decision has settled (Medium's
    /// STALE footer yielding, Large's stacked caption taking its second line). Elements are
    /// overwritten as the new plan sets them.
    package mutating func clearPlaced() {
        arithmetic = []
        rows = []
        habitRows = []
        overflow = 0
        levelB = false
    }

    /// The checklist's rows at one column width, through the shared seating (`HabitRowSeating`):
    /// `planHabitRows` seats and places with it, the progress line's yield and Large's floor ask it.
    /// "+N more in the app" is a count: it takes a second line rather than "+4 more in the a…", and
    /// where two lines can't hold it, it can't be drawn (infinite cost: no row that needs it seats).
    /// Where no row seats with it, no row is drawn: the progress line counts the habits.
    func habitRowBudget(width: Double) -> HabitRowSeating {
        let strings = input.strings
        let metrics = m
        return HabitRowSeating(
            habitCount: input.habits.count, nextDue: nextDueIndex, anchor: windowAnchorIndex,
            oneLine: m.oneLineRow, twoLine: m.twoLineRow, nextDueH: m.nextDueRow, nextDueOneLineH: m.nextDueOneLineRow,
            overflowLine: { hidden in
                metrics.fitLines(strings.overflow(hidden), width: width, style: metrics.body)
                    .map { StackColumn.textHeight(lines: $0, lineHeight: metrics.line, gap: L.overflowTopMarginDp) }
                    ?? .infinity
            },
            rowsOutrankOverflowLine: false)
    }

    /// What the checklist column keeps, decided before it places, as a `ShedOrder` — highest
    /// priority first (seed 000 "Shedding order as the budget shrinks": habit rows shed last;
    /// largeVisibleWindow "keeps the active (next-due) row visible"):
    ///  1. the first habit row of the window — the next-due row's two-line form (Level A), else its
    ///     one-line form — with the "+N more" line the habits it hides then need;
    ///  2. "N of M done", one line at the body size;
    ///  3. the Coach line, its clamp's lines down to one (it may ellipsize; a row may not be dropped).
    /// The rest of the rows fill what is left (`planHabitRows`), from the bottom.
    ///
    /// Where the column draws the state's own line instead of rows, that line (never shed here: its
    /// body sheds it whole) ranks first and the Coach line after it.
    package struct ChecklistKeeps {
        package var firstRow: Bool
        package var progress: Bool
        /// The Coach line's clamp (0: shed).
        package var coachLines: Int
    }

    package func checklistKeeps(
        room: Double, width: Double, listsRows: Bool, stateLine: Double?, coachText: String?,
        coachMaxLines: Int, coachTop: Double, coachLeadDp: Double, sectionMargin: Double
    ) -> ChecklistKeeps {
        enum Part: Hashable { case stateLine, firstRow, progress, coach }
        let rows = habitRowBudget(width: width)
        let first = rows.window(1)
        let rowForms =
            !listsRows || input.habits.isEmpty || first.contains(where: { mutedRow($0, budget: rows, width: width) })
            ? []
            : [rows, rows.oneLineNextDue].map { $0.height(first, levelB: false) + $0.overflowCost(1) }
        let coachForms =
            coachText.map { text in
                stride(from: coachMaxLines, through: 1, by: -1).map { lines in
                    width - coachLeadDp > 0
                        ? StackColumn.textHeight(
                            lines: TextWrap.wrap(
                                text, width: width - coachLeadDp, maxLines: lines, style: m.coachStyle,
                                measurer: m.measurer
                            ).lines.count,
                            lineHeight: m.coachLine, gap: coachTop) : .infinity
                }
            } ?? []
        let kept = ShedOrder<Part>([
            .init(.stateLine, forms: stateLine.map { [$0] } ?? [], kept: true),
            .init(.firstRow, forms: rowForms),
            .init(.progress, forms: listsRows ? [sectionMargin + m.line] : []),
            .init(.coach, forms: coachForms),
        ]).fill(room: room).forms
        return ChecklistKeeps(
            firstRow: kept[.firstRow] != nil,
            progress: kept[.progress] != nil,
            coachLines: kept[.coach].map { coachMaxLines - $0 } ?? 0)
    }

    /// Whether habit `i`'s row, in the form `budget` draws it, shows no character of its title
    /// before the ellipsis ("…" says nothing): such a row is not drawn, the count says the habits.
    func mutedRow(_ i: Int, budget: HabitRowSeating, width: Double) -> Bool {
        // Measured on the lines the row is drawn with before Level B is known: the next-due row's
        // form, one line for the rest (a CJK title cut to one line can be "…" where two show "毎").
        let lines = i == budget.nextDue && !budget.nextDueIsOneLine ? 2 : 1
        let first = TextWrap.wrap(
            input.habits[i].title, width: width - L.habitCheckAndGapDp, maxLines: lines, style: m.habitStyle,
            measurer: m.measurer
        ).lines.first
        return (first ?? "").trimmingCharacters(in: .whitespaces).allSatisfy { $0 == "…" }
    }

    package mutating func planHabitRows(in start: StackColumn, maxRows: Int, column: PlanColumn) {
        var col = start
        let x = col.x
        let width = col.width
        let left = col.left
        let n = input.habits.count
        let rb = habitRowBudget(width: width).fitted(left: left, maxRows: maxRows)
        let (oneLine, twoLine, nextDueH, nextDue) = (rb.oneLine, rb.twoLine, rb.nextDueH, rb.nextDue)
        if rb.nextDueIsOneLine {
            note(
                "next-due row: its two-line form seats no row in \(fmtDp(left)) dp, its one-line form does "
                    + "(\(fmtDp(nextDueH)) dp)"
            )
        }
        let strings = input.strings
        let metrics = m
        func overflowText(_ hidden: Int) -> String { strings.overflow(hidden) }
        func overflowLines(_ hidden: Int) -> Int? {
            metrics.fitLines(overflowText(hidden), width: width, style: metrics.body)
        }
        func height(_ idx: [Int], levelB: Bool) -> Double { rb.height(idx, levelB: levelB) }
        var k = rb.seats(left: left, maxRows: maxRows)
        var idx = rb.window(k)
        // A row whose label cannot show one character before its ellipsis says nothing ("…"): no row
        // fits this column, and the count says the habits.
        let labelWidth = width - L.habitCheckAndGapDp
        if let mute = idx.first(where: { mutedRow($0, budget: rb, width: width) }) {
            note(
                "habit rows: \(fmtDp(labelWidth)) dp of label cannot show a character of habit \(mute)'s title → no row"
            )
            k = 0
            idx = []
        }
        let rowsH = height(idx, levelB: false)
        overflow = n - k
        let overflowCost = rb.overflowCost(k)
        note(
            "habit rows: \(k) of \(n) (cap \(maxRows)) = \(fmtDp(rowsH)) "
                + "dp\(overflow > 0 ? " + overflow line \(fmtDp(overflowCost))" : "") ≤ \(fmtDp(left)) left"
                + " [row \(fmtDp(oneLine)), next-due \(fmtDp(nextDueH))]")
        // Level B: all-or-none, only with no overflow line and budget for an extra line per other row.
        let others = idx.filter { $0 != nextDue }.count
        let extra = Double(others) * (twoLine - oneLine)
        levelB = overflow == 0 && k > 0 && others > 0 && rowsH + extra <= left && size.traits.levelBLabels
        if overflow == 0 && k > 0 && others > 0 {
            note(
                "Level B: \(fmtDp(rowsH)) + \(others) × \(fmtDp(twoLine - oneLine)) = \(fmtDp(rowsH + extra)) "
                    + "\(levelB ? "≤" : ">") \(fmtDp(left)) → \(levelB ? "2-line labels" : "1-line labels")"
            )
        }
        for (n, i) in idx.enumerated() {
            let isNext = i == nextDue
            let maxLines = isNext && !rb.nextDueIsOneLine || levelB ? 2 : 1
            let w = habitLabel(i, rowWidth: width, maxLines: maxLines)
            // Level B budgets a second line for every row, but a row is wrap_content: it is as tall
            // as the lines its label actually takes (the next-due row keeps its fixed 44 dp).
            let rowH = isNext ? nextDueH : levelB && w.lines.count == 2 ? twoLine : oneLine
            let frame = rb.place(n, height: rowH, in: &col)
            habitRows.append(habitRowPlan(i, label: w, maxLines: maxLines, isNextDue: isNext, frame: frame))
            habitRow(i, column, frame.minY, rowH)
        }
        if overflow > 0 && k == 0 {
            // "+N more in the app" is the rest of a list (seed 000 Large family: the remainder past the
            // visible rows); with no row above it, it would follow nothing. The count says the habits.
            hide(.overflowLine, "no habit row fits, and \"+N more\" follows rows: the progress line counts the habits")
        } else if overflow > 0 {
            let text = overflowText(overflow)
            // With rows hidden there is no Level B: the rows took `rowsH`, the room `fits` weighs.
            if let lines = overflowLines(overflow), col.fits(overflowCost) {
                let slot = take(.overflowLine, overflowCost, in: &col, column: column)
                set(
                    sentence(
                        .overflowLine, text, style: m.body, x: x, y: slot.minY + L.overflowTopMarginDp, width: width,
                        lines: lines, cost: overflowCost,
                        reason: "\(overflow) habit(s) past the visible rows"))
            } else {
                hide(
                    .overflowLine,
                    overflowLines(overflow) == nil
                        ? "\(overflow) habit(s) hidden but \"\(text)\" needs more than \(L.sentenceMaxLines) lines at "
                            + "\(fmtDp(width)) dp — shed whole, never cut"
                        : "\(overflow) habit(s) hidden but the overflow line \(fmtDp(overflowCost)) doesn't fit either")
            }
        } else {
            hide(.overflowLine, "every habit has a row")
        }
    }

    /// Habit `i`'s label in a row `rowWidth` wide, wrapped to at most `maxLines` beside the check.
    package func habitLabel(_ i: Int, rowWidth: Double, maxLines: Int) -> WrappedText {
        TextWrap.wrap(
            input.habits[i].title, width: rowWidth - L.habitCheckAndGapDp, maxLines: maxLines, style: m.habitStyle,
            measurer: m.measurer)
    }

    /// Habit `i`'s row in `frame` with its label `w` (`habitLabel`) centred in the row: the one
    /// row every Android checklist draws (the rows `planHabitRows` seats, Small's next-due row).
    package func habitRowPlan(_ i: Int, label w: WrappedText, maxLines: Int, isNextDue: Bool, frame: Rect)
        -> HabitRowPlan
    {
        let h = input.habits[i]
        let labelH = StackColumn.textHeight(lines: w.lines.count, lineHeight: m.habitLine)
        // The label fills the row (0dp + weight 1), so a right-to-left title starts at the row's
        // end, as TextView's gravity="start" puts it.
        let labelFrame = Rect(
            x: frame.minX + L.habitCheckAndGapDp, y: frame.minY + StackColumn.centred(labelH, in: frame.height),
            width: frame.width - L.habitCheckAndGapDp, height: labelH)
        return HabitRowPlan(
            habitIndex: i, title: h.title, done: h.done, isNextDue: isNextDue, frame: frame, labelFrame: labelFrame,
            labelLines: w.lines.count, labelMaxLines: maxLines, ellipsized: w.ellipsized,
            label: FinishedText(lines: w.lines, ellipsized: w.ellipsized))
    }

    // MARK: - Finish

    package func finish(sizeReason: String) -> AndroidWidgetPlan {
        let s = input.strings
        let streakBlock = input.state != .firstRun
        let a11y = AccessibilityContent(
            state: input.state,
            streak: streakBlock ? input.streak : nil,
            longest: streakBlock ? input.longest : nil,
            caption: caption,
            progress: [.defaultProgress, .stale].contains(input.state) ? s.progress : nil,
            habits: [.defaultProgress, .stale, .allDone].contains(input.state)
                ? input.habits.map { "\($0.title)\($0.done ? ", done" : "")" } : [],
            coachLine: showsCoachLine ? input.coachLine : nil,
            newDay: input.state == .newDay ? s.newDaySpoken : nil,
            staleFooter: input.state == .stale ? s.staleFooter : nil)
        return AndroidWidgetPlan(
            size: size, sizeReason: sizeReason, rung: rung, rungReason: rungReason,
            widthDp: input.widthDp, heightDp: input.heightDp, fontScale: input.fontScale,
            contentBox: Rect(x: x0, y: y0, width: cw, height: cb), mainRowBudgetDp: budget,
            habitRows: habitRows, overflow: overflow, levelB: levelB, elements: elements, rows: rows,
            arithmetic: arithmetic, accessibility: a11y)
    }
}

extension AndroidPlanBuilder {
    /// The lines a shown text element draws in its frame (called once, by `set`): the caption after its glyph slot,
    /// the pill label inside its padding, every other text in its frame at its planned line count.
    package func finishedText(_ e: PlanElement) -> FinishedText? {
        guard e.shown, let text = e.text, let style = e.style, let frame = e.frame else { return nil }
        let width: Double
        if e.key == .ctaPill {
            width = frame.width - L.ctaPaddingDp * 2  // inside the pill's padding
        } else if e.key == .captionRow {
            // after the glyph slot and its gap
            width = max(
                0,
                frame.maxX
                    - (frame.minX + L.captionGlyphSlotDp(size, fontScale: input.fontScale) + L.captionGlyphGapDp(size)))
        } else {
            width = frame.width
        }
        let w = TextWrap.wrap(text, width: width, maxLines: max(1, e.lines), style: style, measurer: m.measurer)
        return FinishedText(lines: w.lines, ellipsized: w.ellipsized)
    }
}

extension AndroidTextMetrics {
    /// A line that is drawn whole: its text size, the lines it wraps to, and its height with the
    /// top margin above it (what a `ShedOrder` weighs).
    package struct LineForm {
        package var style: TextStyle, lines: Int, lineHeight: Double, cost: Double
    }

    /// A line drawn whole at the body size: the lines `text` wraps to at `width` (at most
    /// `maxLines`), with `topMargin` above it; nil where it cannot be drawn whole. Text is never
    /// stepped below its seed size to fit (seed 000 gives every line its size; the numeral alone
    /// steps, by the font-scale band) — what does not fit is shed or cut as the seed says.
    package func wholeLine(_ text: String, width: Double, maxLines: Int, topMargin: Double) -> LineForm? {
        fitLines(text, width: width, style: body, maxLines: maxLines).map { n in
            LineForm(
                style: body, lines: n, lineHeight: line,
                cost: StackColumn.textHeight(lines: n, lineHeight: line, gap: topMargin))
        }
    }

    /// The line box of a style's text: Android's line-metrics policy.
    package func lineFor(_ style: TextStyle) -> Double { AndroidLineMetrics().lineHeight(style) }

    /// The top of a `style` line box whose baseline sits on the baseline of a `reference` line box
    /// placed at `referenceTop` — how a row of mixed sizes aligns (Small's "days" beside the
    /// numeral, Large's header caption on the numeral's row).
    package func topAligningBaseline(_ style: TextStyle, with reference: TextStyle, referenceTop: Double) -> Double {
        referenceTop + measurer.baselineOffset(reference, lineHeight: lineFor(reference))
            - measurer.baselineOffset(style, lineHeight: lineFor(style))
    }
}

/// Whole numbers without ".0", others with one decimal.
package func fmtDp(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e12 { return String(Int(v)) }
    return String((v * 100).rounded() / 100)
}
