/// The Android planner: height and width budgets, shed order, size resolution, the narrow-Large
/// ladder and the habit-row policy of seed 000 — one routine that both measures and places, so the
/// scene builder draws from `AndroidWidgetPlan` and never re-derives a number.
///
/// Every threshold in the seed's band tables is an *output* of these comparisons (tests pin them).

private typealias L = AndroidLayout

// MARK: - Public entry points

/// Plans one Android widget render. Pure: the same input and measurer give the same plan.
public func planAndroidWidget(_ input: AndroidPlanInput, measurer: TextMeasuring) -> AndroidWidgetPlan {
    let size: WidgetFamily, sizeReason: String
    switch input.family {
    case .small: (size, sizeReason) = (.small, "forced by --family small")
    case .medium: (size, sizeReason) = (.medium, "forced by --family medium")
    case .large: (size, sizeReason) = (.large, "forced by --family large")
    case .auto:
        (size, sizeReason) = resolveSize(minWidthDp: input.widthDp, minHeightDp: input.heightDp, kindling: input.kindling,
                                         largeHabitCapacity: largeHabitCapacity(input, measurer: measurer))
    }
    var p = AndroidPlanBuilder(input: input, measurer: measurer, size: size)
    p.arithmetic.append("size = \(size.rawValue): \(sizeReason)")
    switch size {
    case .small: p.planSmall()
    case .large: p.planLarge()
    default: p.planMedium()
    }
    return p.finish(sizeReason: sizeReason)
}

/// resolveSize(minWidthDp, minHeightDp, kindling) — seed "Three-breakpoint model":
/// < 200 dp wide → Small; kindling on, height ≥ 270, width ≥ 200 and the Large plan seats at least
/// 2 habit rows → Large; otherwise Medium. A narrow width never demotes Large to Medium.
public func resolveSize(minWidthDp: Double, minHeightDp: Double, kindling: Bool,
                        largeHabitCapacity: @autoclosure () -> Int) -> (size: WidgetFamily, reason: String) {
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
    return (.large, "kindling on, height \(fmtDp(minHeightDp)) ≥ \(fmtDp(L.largeHeightThresholdDp)), width \(fmtDp(minWidthDp)) ≥ \(fmtDp(L.largeWidthThresholdDp)), seats \(seats) habit rows ≥ \(L.largeMinHabitRows)")
}

/// How many habit rows the Large plan seats at this geometry and font scale — the viability check.
/// Computed on the default-progress stack with a full checklist, so it never depends on the state
/// (the size can't flip as the user checks habits off).
public func largeHabitCapacity(_ input: AndroidPlanInput, measurer: TextMeasuring) -> Int {
    var probe = input
    probe.family = .large
    probe.state = .defaultProgress
    probe.habits = (0..<L.largeMaxHabitRows).map { HabitInput("Habit \($0 + 1)", done: false) }
    var p = AndroidPlanBuilder(input: probe, measurer: measurer, size: .large)
    p.planLarge()
    return p.habitRows.count
}

/// Header-ladder rung for Large (planLargeHeader). Widths are measured text, rounded up.
public func planLargeHeader(widthDp: Double, fontScale: Double, streak: Int, longestText: String, dayStreakText: String,
                            caption: String?, measurer: TextMeasuring) -> (rung: LargeHeaderRung, compactNeed: Double, inlineNeed: Double) {
    let m = AndroidTextMetrics(measurer: measurer, fontScale: fontScale)
    let numW = m.width(String(streak), m.numeral(.large))
    let compact = m.largeCompactNeed(numeralW: numW, caption: caption)
    let inline = compact + L.largeLabelsMarginStartDp
        + max(m.width(dayStreakText, m.dayStreakStyle), m.width(longestText, m.body))
    let cw = L.contentWidth(widthDp)
    let rung: LargeHeaderRung = inline <= cw ? .inline : compact <= cw ? .compact : .stacked
    return (rung, compact, inline)
}

// MARK: - Text metrics

struct AndroidTextMetrics {
    enum NumeralFamily { case small, medium, large }
    let measurer: TextMeasuring
    let fontScale: Double

    var body: TextStyle { .roboto(.regular, sp: L.bodySp, fontScale: fontScale) }
    var dayStreakStyle: TextStyle { .roboto(.bold, sp: L.bodySp, fontScale: fontScale) }
    var habitStyle: TextStyle { .roboto(.regular, sp: L.habitLabelSp, fontScale: fontScale) }
    var coachStyle: TextStyle { .roboto(.regular, sp: L.coachSp, fontScale: fontScale) }
    var line: Double { L.lineBox(sp: L.bodySp, fontScale: fontScale) }
    var habitLine: Double { L.lineBox(sp: L.habitLabelSp, fontScale: fontScale) }
    var coachLine: Double { L.lineBox(sp: L.coachSp, fontScale: fontScale) }

    func numeralSp(_ f: NumeralFamily) -> Double {
        let stepped = fontScale > L.fontScaleBandMedium
        switch f {
        case .small: return stepped ? L.smallNumeralSteppedSp : L.smallNumeralSp
        case .medium: return stepped ? L.mediumNumeralSteppedSp : L.mediumNumeralSp
        case .large: return stepped ? L.largeNumeralSteppedSp : L.largeNumeralSp
        }
    }
    func numeral(_ f: NumeralFamily) -> TextStyle { .roboto(.bold, sp: numeralSp(f), fontScale: fontScale) }

    /// Measured advance rounded up to whole dp (the seed's measured-advance table rounds up).
    func width(_ text: String, _ style: TextStyle) -> Double { L.ceilDp(measurer.advance(text, style: style)) }

    /// Caption row width in a family: glyph slot + gap + text.
    func captionWidth(_ caption: String, _ family: WidgetFamily) -> Double {
        L.captionGlyphSlotDp(family, fontScale: fontScale) + L.captionGlyphGapDp(family) + width(caption, body)
    }

    func largeCompactNeed(numeralW: Double, caption: String?) -> Double {
        var need = L.flameContainerDp + L.headerGapDp + numeralW + L.largeHeaderHeadroomDp
        if let caption { need += L.largeCaptionMarginStartDp + captionWidth(caption, .large) }
        return need
    }

    /// Lines `text` word-wraps to at `width`; nil when a single word can't fit (it would be cut).
    func wrapLines(_ text: String, width: Double, style: TextStyle) -> Int? {
        guard width > 0 else { return nil }
        let w = TextWrap.wrap(text, width: width, maxLines: 1000, style: style, measurer: measurer)
        return w.ellipsized ? nil : max(1, w.lines.count)
    }

    /// Lines a must-not-truncate text takes at `width` if it fits in `maxLines` uncut; nil otherwise.
    func fitLines(_ text: String, width: Double, style: TextStyle, maxLines: Int = L.sentenceMaxLines) -> Int? {
        guard maxLines >= 1, let n = wrapLines(text, width: width, style: style), n <= maxLines else { return nil }
        return n
    }

    /// Widest line of `text` wrapped to `lines` at `width`, rounded up.
    func wrappedWidth(_ text: String, width: Double, lines: Int, style: TextStyle) -> Double {
        L.ceilDp(TextWrap.wrap(text, width: width, maxLines: max(1, lines), style: style, measurer: measurer).maxLineWidth)
    }
}

// MARK: - The builder (one pass: measure and place)

struct AndroidPlanBuilder {
    let input: AndroidPlanInput
    let m: AndroidTextMetrics
    let size: WidgetFamily
    var elements: [AndroidElementKey: PlanElement] = [:]
    var rows: [PlanRow] = []
    var arithmetic: [String] = []
    var habitRows: [HabitRowPlan] = []
    var overflow = 0
    var levelB = false
    var rung: LargeHeaderRung?
    var rungReason: String?

    // Geometry shared by every family.
    let cw: Double          // contentWidth(w)
    let cb: Double          // contentBox(h)
    let footer: Double      // STALE footer reservation
    let footerLines: Int    // its lines (0: shed whole)
    let budget: Double      // mainRowBudget(h)
    let x0: Double          // content box origin
    let y0: Double

    init(input: AndroidPlanInput, measurer: TextMeasuring, size: WidgetFamily) {
        self.input = input
        self.size = size
        m = AndroidTextMetrics(measurer: measurer, fontScale: input.fontScale)
        cw = L.contentWidth(input.widthDp)
        cb = L.contentBoxHeight(input.heightDp)
        // The footer reserves its height first (seed: main_row is 0dp + weight 1 "so the footer
        // reserves its height first"); its age is the point, so it takes a second line rather than
        // "Today · last syn…", and is shed whole only if even two lines can't hold it.
        // The second line is budgeted only while the core (the numeral's row) still fits above it;
        // past that the seed's own floor applies — one line, ellipsized (stale_caption_small is in
        // the maxLines="1" + ellipsize="end" list) — and the band is a known finding.
        let numeralFamily: AndroidTextMetrics.NumeralFamily = size == .small ? .small : size == .large ? .large : .medium
        let nominalHead = L.lineBox(size: m.numeral(numeralFamily).size)
        var lines = input.state == .stale ? m.fitLines(input.strings.staleFooter, width: cw, style: m.body) ?? 0 : 0
        if lines > 1 && cb - (Double(lines) * m.line + L.staleFooterTopMarginDp) < nominalHead { lines = 1 }
        footerLines = lines
        footer = footerLines > 0 ? Double(footerLines) * m.line + L.staleFooterTopMarginDp : 0
        budget = cb - footer
        x0 = L.systemWidgetMarginDp + L.rootPaddingDp
        y0 = x0
        for key in AndroidElementKey.allCases {
            elements[key] = PlanElement(key: key, shown: false, reason: "not part of the \(size.rawValue) layout")
        }
    }

    // MARK: Shared decisions (never budget-dependent)

    /// The reactive caption text, or nil: only defaultProgress/allDone with the reactive layer on;
    /// NEW_DAY forces extendedToday → false (not-yet caption).
    var caption: String? {
        guard input.reactive != .baseline else { return nil }
        switch input.state {
        case .defaultProgress, .allDone:
            return reactiveCaption(platform: .android, motif: input.motif, branch: input.reactive == .extended ? .extended : .notYet)
        case .newDay:
            return reactiveCaption(platform: .android, motif: input.motif, branch: .notYet)
        case .empty, .stale, .firstRun: return nil
        }
    }
    var captionAbsentReason: String {
        if input.reactive == .baseline { return "reactive layer off (baseline): no caption" }
        return "reactive layer suppressed in \(input.state.rawValue)"
    }

    /// showsCoachLine(state, snapshot): kindling on, reactive on, a coachLine present, not STALE. Medium/Large only.
    var showsCoachLine: Bool {
        input.kindling && input.reactive != .baseline && input.coachLine != nil && input.state != .stale
    }

    var nextDueIndex: Int? {
        guard input.kindling, input.state == .defaultProgress else { return nil }
        return input.habits.firstIndex { !$0.done }
    }

    mutating func set(_ e: PlanElement) { elements[e.key] = e }
    mutating func hide(_ key: AndroidElementKey, _ reason: String) { set(PlanElement(key: key, shown: false, reason: reason)) }
    mutating func note(_ s: String) { arithmetic.append(s) }
    mutating func row(_ name: String, _ column: String, _ y: Double, _ h: Double) {
        rows.append(PlanRow(name: name, column: column, y: y, height: h))
    }

    // MARK: Numeral and the head row (width axis)

    struct Head {
        var numeralStyle: TextStyle
        var numeralW: Double
        var flame: Bool
        var height: Double
        var steppedReason: String?
    }

    /// Fits the numeral into `maxWidth` and `maxHeight`: it never sheds; beyond the seed's tables
    /// (4 digits at the narrowest widths, fontScale 2.0 at the height floor) it steps down in size.
    func fitNumeral(_ f: AndroidTextMetrics.NumeralFamily, maxWidth: Double, maxHeight: Double) -> (TextStyle, Double, String?) {
        let text = String(input.streak)
        var style = m.numeral(f)
        let nominal = style.size
        var w = m.width(text, style)
        while (w > maxWidth || L.lineBox(size: style.size) > maxHeight) && style.size - L.numeralStepSp * input.fontScale >= L.numeralFloorSp {
            style.size -= L.numeralStepSp * input.fontScale
            w = m.width(text, style)
        }
        let reason = style.size < nominal
            ? "numeral stepped down \(fmtDp(nominal)) → \(fmtDp(style.size)) dp to fit \(fmtDp(maxWidth)) × \(fmtDp(maxHeight)) dp (beyond the seed's tables; a clipped number is worse)"
            : nil
        return (style, w, reason)
    }

    /// Flame + numeral (+ days label on small) for a column `width` wide and `maxHeight` tall.
    mutating func head(_ f: AndroidTextMetrics.NumeralFamily, width: Double, maxHeight: Double) -> Head {
        let (style, numW, stepped) = fitNumeral(f, maxWidth: width, maxHeight: maxHeight)
        let coreW = L.flameContainerDp + L.headerGapDp + numW
        let flame = coreW <= width
        note("coreW = 28 (flame) + 4 + numeral \(fmtDp(numW)) = \(fmtDp(coreW)) \(flame ? "≤" : ">") \(fmtDp(width)) → flame \(flame ? "shown" : "shed")")
        return Head(numeralStyle: style, numeralW: numW, flame: flame, height: L.lineBox(size: style.size), steppedReason: stepped)
    }

    mutating func placeHead(_ h: Head, x: Double, y: Double, column: String, numeralFamily: String) {
        var nx = x
        if h.flame {
            set(PlanElement(key: .flame, shown: true, reason: "coreW ≤ box: 28 + 4 + \(fmtDp(h.numeralW)) fits", costDp: L.flameContainerDp,
                            frame: Rect(x: x, y: y, width: L.flameContainerDp, height: h.height)))
            nx += L.flameContainerDp + L.headerGapDp
        } else {
            hide(.flame, "flame sheds: 28 + 4 + numeral \(fmtDp(h.numeralW)) exceeds the box — between no flame and a clipped number, the number wins")
        }
        set(PlanElement(key: .numeral, shown: true,
                        reason: h.steppedReason ?? "the streak numeral never sheds (\(numeralFamily), \(fmtDp(h.numeralStyle.size)) dp bold)",
                        costDp: h.height, frame: Rect(x: nx, y: y, width: h.numeralW, height: h.height),
                        text: String(input.streak), style: h.numeralStyle, lines: 1))
        row("head", column, y, h.height)
    }

    /// A single-line text element with the maxLines=1 + ellipsize=end structural floor.
    func textLine(_ key: AndroidElementKey, _ text: String, style: TextStyle, x: Double, y: Double, width: Double,
                  height: Double, cost: Double, reason: String) -> PlanElement {
        let w = m.width(text, style)
        let cut = w > width
        return PlanElement(key: key, shown: true, reason: cut ? reason + "; ellipsized (\(fmtDp(w)) > \(fmtDp(width)) dp)" : reason,
                           costDp: cost, frame: Rect(x: x, y: y + height - m.lineFor(style), width: min(w, width), height: m.lineFor(style)),
                           text: text, style: style, lines: 1, maxLines: 1, ellipsized: cut)
    }

    /// A must-not-truncate text already known to fit `lines` lines at `width` (see `fitLines`);
    /// `y` is the top of its first line.
    func sentence(_ key: AndroidElementKey, _ text: String, style: TextStyle, x: Double, y: Double, width: Double,
                  lines: Int, cost: Double, reason: String) -> PlanElement {
        let lineH = m.lineFor(style)
        return PlanElement(key: key, shown: true, reason: reason + (lines > 1 ? "; wraps to \(lines) lines (never cut)" : ""),
                           costDp: cost, frame: Rect(x: x, y: y, width: min(width, m.wrappedWidth(text, width: width, lines: lines, style: style)),
                                                     height: Double(lines) * lineH),
                           text: text, style: style, lines: lines, maxLines: L.sentenceMaxLines)
    }

    /// The caption row: glyph slot + gap + text, ellipsized if wider than `width`.
    func captionElement(_ caption: String, x: Double, y: Double, width: Double, height: Double, cost: Double, reason: String) -> PlanElement {
        let need = m.captionWidth(caption, size)
        let cut = need > width
        return PlanElement(key: .captionRow, shown: true,
                           reason: cut ? reason + "; ellipsized (\(fmtDp(need)) > \(fmtDp(width)) dp)" : reason, costDp: cost,
                           frame: Rect(x: x, y: y + height - m.line, width: min(need, width), height: m.line),
                           text: caption, style: m.body, lines: 1, maxLines: 1, ellipsized: cut)
    }

    mutating func placeFooter() {
        guard input.state == .stale else { hide(.staleFooter, "not STALE"); return }
        guard footerLines > 0 else {
            hide(.staleFooter, "\"\(input.strings.staleFooter)\" needs more than \(L.sentenceMaxLines) lines at \(fmtDp(cw)) dp — shed whole, never cut")
            return
        }
        let y = y0 + budget + L.staleFooterTopMarginDp
        let reason = "STALE footer reserved first: \(footerLines) × line \(fmtDp(m.line)) + \(fmtDp(L.staleFooterTopMarginDp)) = \(fmtDp(footer)) dp"
        set(footerLines == 1 ? textLine(.staleFooter, input.strings.staleFooter, style: m.body, x: x0, y: y, width: cw, height: m.line, cost: footer,
                                        reason: reason + (m.fitLines(input.strings.staleFooter, width: cw, style: m.body, maxLines: 1) == nil
                                                          ? "; a second line would squeeze the numeral's row (the seed's one-line floor)" : ""))
                             : sentence(.staleFooter, input.strings.staleFooter, style: m.body, x: x0, y: y, width: cw, lines: footerLines, cost: footer,
                                        reason: reason))
        row("staleFooter", "footer", y0 + budget, footer)
    }

    // MARK: First run (every family)

    mutating func planFirstRun(width: Double) {
        for k in [AndroidElementKey.flame, .numeral, .daysLabel, .dayStreakLabel, .longestLabel, .captionRow] {
            hide(k, "firstRun: no snapshot yet — no streak block (neutral bootstrap)")
        }
        var y = y0, left = budget
        if L.appGlyphDp + L.appGlyphGapDp <= left {
            set(PlanElement(key: .appGlyph, shown: true, reason: "app glyph \(fmtDp(L.appGlyphDp)) + \(fmtDp(L.appGlyphGapDp)) ≤ \(fmtDp(left))",
                            costDp: L.appGlyphDp + L.appGlyphGapDp, frame: Rect(x: x0, y: y, width: L.appGlyphDp, height: L.appGlyphDp)))
            row("appGlyph", "main", y, L.appGlyphDp + L.appGlyphGapDp)
            y += L.appGlyphDp + L.appGlyphGapDp; left -= L.appGlyphDp + L.appGlyphGapDp
        } else { hide(.appGlyph, "app glyph \(fmtDp(L.appGlyphDp + L.appGlyphGapDp)) > \(fmtDp(left)) dp left") }
        let text = input.strings.statusTitle ?? "Open Objectuve to sync today"
        let maxLines = min(L.firstRunMaxLines, Int((left / m.line).rounded(.down)))
        placeWrapped(.statusTitle, text, style: m.body, lineH: m.line, x: x0, y: y, width: width, maxLines: maxLines, topMargin: 0,
                     column: "main", what: "first-run message")
    }

    /// A wrapping text block of up to `maxLines` lines.
    @discardableResult
    mutating func placeWrapped(_ key: AndroidElementKey, _ text: String, style: TextStyle, lineH: Double, x: Double, y: Double,
                               width: Double, maxLines: Int, topMargin: Double, column: String, what: String) -> Double {
        guard maxLines >= 1, width > 0 else {
            hide(key, "\(what): no line fits (\(maxLines) line(s) budgeted)"); return 0
        }
        let w = TextWrap.wrap(text, width: width, maxLines: maxLines, style: style, measurer: m.measurer)
        let cost = topMargin + Double(w.lines.count) * lineH
        set(PlanElement(key: key, shown: true,
                        reason: "\(what): \(w.lines.count) of max \(maxLines) line(s) × \(fmtDp(lineH)) + \(fmtDp(topMargin)) = \(fmtDp(cost)) dp" + (w.ellipsized ? "; ellipsized" : ""),
                        costDp: cost, frame: Rect(x: x, y: y + topMargin, width: min(width, L.ceilDp(w.maxLineWidth)), height: Double(w.lines.count) * lineH),
                        text: text, style: style, lines: w.lines.count, maxLines: maxLines, ellipsized: w.ellipsized))
        row(key.rawValue, column, y, cost)
        return cost
    }

    /// Optional single-line items added in priority order until one doesn't fit (shed from the end).
    mutating func stackOptional(_ items: [(AndroidElementKey, String, TextStyle, Double, String)], x: Double, y: inout Double,
                                width: Double, left: inout Double, column: String) {
        var blocked: String?
        for (key, text, style, margin, what) in items {
            if let blocked { hide(key, "shed: \(blocked) already shed (shed from the bottom)"); continue }
            guard let lines = m.fitLines(text, width: width, style: style) else {
                hide(key, "\(what) needs more than \(L.sentenceMaxLines) lines at \(fmtDp(width)) dp — shed whole, never cut")
                blocked = what
                continue
            }
            let cost = margin + Double(lines) * m.lineFor(style)
            if cost <= left {
                set(sentence(key, text, style: style, x: x, y: y + margin, width: width, lines: lines, cost: cost,
                             reason: "\(what): \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left"))
                row(key.rawValue, column, y, cost)
                note("\(what): \(fmtDp(cost)) ≤ \(fmtDp(left)) → shown")
                y += cost; left -= cost
            } else {
                hide(key, "\(what) shed: \(fmtDp(cost)) > \(fmtDp(left)) dp left")
                note("\(what): \(fmtDp(cost)) > \(fmtDp(left)) → shed")
                blocked = what
            }
        }
    }

    // MARK: - Small

    mutating func planSmall() {
        note("contentWidth(\(fmtDp(input.widthDp))) = \(fmtDp(input.widthDp)) − 40 = \(fmtDp(cw))")
        note("contentBox(\(fmtDp(input.heightDp))) = \(fmtDp(input.heightDp)) − 16 − 24 − 6 = \(fmtDp(cb)); staleFooter \(fmtDp(footer)); mainRowBudget = \(fmtDp(budget))")
        placeFooter()
        for k in [AndroidElementKey.dayStreakLabel, .longestLabel, .coachLine, .overflowLine, .motivatorLine] {
            hide(k, "not part of the small layout")
        }
        if input.state == .firstRun { planFirstRun(width: cw); return }
        hide(.appGlyph, "only in firstRun")

        let caption = self.caption
        let captionCost = m.line + L.captionRowTopMarginDp
        // Caption row sheds only when even the core overflows (beyond the seed's tables).
        var maxHead = budget
        let nominalHead = L.lineBox(size: m.numeral(.small).size)
        var captionCoreShed = false
        if caption != nil, nominalHead + captionCost > budget, input.state != .newDay {
            captionCoreShed = true
        } else if caption != nil, input.state != .newDay {
            maxHead = budget - captionCost
        }
        let h = head(.small, width: cw, maxHeight: maxHead)
        var y = y0
        placeHead(h, x: x0, y: y, column: "main", numeralFamily: "small, \(fmtDp(m.numeralSp(.small))) sp")
        // Days label (width axis).
        if h.flame {
            let daysW = m.width(input.strings.daysLabel, m.body)
            let need = L.flameContainerDp + L.headerGapDp + h.numeralW + L.headerGapDp + daysW + L.daysLabelHeadroomDp
            let coreW = L.flameContainerDp + L.headerGapDp + h.numeralW
            note("showsDaysLabel: \(fmtDp(coreW)) + 4 + \(fmtDp(daysW)) + 6 = \(fmtDp(need)) \(need <= cw ? "≤" : ">") \(fmtDp(cw))")
            if need <= cw && m.line <= budget {
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
        y += h.height
        var left = budget - h.height
        note("head = lineBox(\(fmtDp(h.numeralStyle.size)) dp) = \(fmtDp(h.height)); left \(fmtDp(left))")

        // NEW_DAY small (OBJ-1382).
        var showsCaption = caption != nil && !captionCoreShed
        var captionReason = caption == nil ? captionAbsentReason : "core: caption row = line \(fmtDp(m.line)) + \(fmtDp(L.captionRowTopMarginDp)) = \(fmtDp(captionCost))"
        if captionCoreShed { captionReason = "core overflow: head \(fmtDp(nominalHead)) + caption \(fmtDp(captionCost)) > budget \(fmtDp(budget)) — caption sheds before the numeral shrinks (beyond the seed's tables)" }
        hide(.newDayIcon, "not NEW_DAY"); hide(.newDayLine, "not NEW_DAY")
        if input.state == .newDay {
            let maxLines = min(L.newDayMaxLines, Int(((budget - h.height - L.newDaySmallTopMarginDp) / m.line).rounded(.down)))
            note("maxNewDayLines = min(2, floor((\(fmtDp(budget)) − \(fmtDp(h.height)) − 6) / \(fmtDp(m.line)))) = \(maxLines)")
            let boxIcon = cw - L.newDaySmallIconAndGapDp, boxPlain = cw
            let wrapsIcon = m.wrapLines(input.strings.newDay, width: boxIcon, style: m.body)
            let wrapsPlain = m.wrapLines(input.strings.newDay, width: boxPlain, style: m.body)
            func d(_ v: Int?) -> String { v.map(String.init) ?? "∞" }
            note("wraps(\"\(input.strings.newDay)\", \(fmtDp(boxIcon))) = \(d(wrapsIcon)); wraps(…, \(fmtDp(boxPlain))) = \(d(wrapsPlain))")
            let showsIcon = maxLines >= 1 && (wrapsIcon ?? .max) <= maxLines
            let showsLine = showsIcon || (maxLines >= 1 && (wrapsPlain ?? .max) <= maxLines)
            if showsLine {
                let lines = showsIcon ? wrapsIcon! : wrapsPlain!
                let cost = L.newDaySmallTopMarginDp + Double(lines) * m.line
                let tx = x0 + (showsIcon ? L.newDaySmallIconAndGapDp : 0)
                let textW = min(showsIcon ? boxIcon : boxPlain, m.width(input.strings.newDay, m.body))
                if showsIcon {
                    set(PlanElement(key: .newDayIcon, shown: true, reason: "wraps(New day, \(fmtDp(boxIcon))) = \(lines) ≤ maxNewDayLines \(maxLines)",
                                    costDp: L.newDaySmallIconAndGapDp,
                                    frame: Rect(x: x0, y: y + L.newDaySmallTopMarginDp, width: L.newDaySmallIconAndGapDp - 4, height: L.newDaySmallIconAndGapDp - 4)))
                } else {
                    hide(.newDayIcon, "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines) — the icon sheds first")
                }
                set(PlanElement(key: .newDayLine, shown: true, reason: "\(lines) line(s) ≤ maxNewDayLines \(maxLines): \(fmtDp(cost)) dp",
                                costDp: cost, frame: Rect(x: tx, y: y + L.newDaySmallTopMarginDp, width: textW, height: Double(lines) * m.line),
                                text: input.strings.newDay, style: m.body, lines: lines, maxLines: L.newDayMaxLines))
                row("newDayLine", "main", y, cost)
                y += cost; left -= cost
                showsCaption = false
                captionReason = "NEW_DAY: state_new_day is the status line, the caption row sheds"
            } else {
                hide(.newDayIcon, "wraps(New day, \(fmtDp(boxIcon))) = \(d(wrapsIcon)) > maxNewDayLines \(maxLines)")
                hide(.newDayLine, "wraps(New day, \(fmtDp(boxPlain))) = \(d(wrapsPlain)) > maxNewDayLines \(maxLines) — the caption row renders instead (known limitation)")
                if caption != nil {
                    showsCaption = captionCost <= left
                    captionReason = showsCaption ? "NEW_DAY fallback: the New day line can't fit, caption row renders instead"
                        : "NEW_DAY fallback caption row \(fmtDp(captionCost)) > \(fmtDp(left)) dp left"
                }
            }
        }
        if let caption, showsCaption {
            set(captionElement(caption, x: x0, y: y + L.captionRowTopMarginDp, width: cw, height: m.line, cost: captionCost, reason: captionReason))
            row("captionRow", "main", y, captionCost)
            note("caption row = \(fmtDp(m.line)) + 2 = \(fmtDp(captionCost)); core = \(fmtDp(h.height + captionCost))")
            y += captionCost; left -= captionCost
        } else {
            hide(.captionRow, captionReason)
        }

        // State body, in keep-priority order.
        hide(.pipRow, "no pip row in \(input.state.rawValue)"); hide(.progress, "no progress text in \(input.state.rawValue)")
        hide(.statusTitle, "no status line in \(input.state.rawValue)"); hide(.statusSubtitle, "no subtitle in \(input.state.rawValue)")
        hide(.statusGlyph, "no status glyph in \(input.state.rawValue)"); hide(.ctaPill, "no check-off pill in \(input.state.rawValue)")
        switch input.state {
        case .defaultProgress where input.kindling:
            planSmallKindlingBody(y: y, left: left)
        case .defaultProgress, .stale:
            if input.state == .defaultProgress { hide(.ctaPill, "kindling off: the legacy body has no check-off pill") }
            stackSmallProgress(y: &y, left: &left, withPips: input.state == .defaultProgress)
        case .allDone, .empty:
            let top = y
            placeSmallStatusBody(y: &y, left: &left)
            centre([.statusGlyph, .statusTitle, .statusSubtitle], from: top, used: y - top, free: left, column: "main")
        case .newDay, .firstRun:
            break
        }
    }

    /// The legacy stack's "N of M done" line, then (DEFAULT only) the 4-pip row — which "drops when
    /// the budget is tight — it's redundant with the 'N of M done' text directly above it" (seed 000,
    /// Small widget). The pip row never shows without the text.
    mutating func stackSmallProgress(y: inout Double, left: inout Double, withPips: Bool) {
        let (text, why) = progressText(width: cw)
        let cost = L.smallProgressTopMarginDp + m.line
        guard cost <= left else {
            hide(.progress, "progress \(fmtDp(cost)) > \(fmtDp(left)) dp left (spoken in full regardless)")
            if withPips { hide(.pipRow, "shed with the progress text above it") }
            note("progress: \(fmtDp(cost)) > \(fmtDp(left)) → shed")
            return
        }
        set(textLine(.progress, text, style: m.body, x: x0, y: y + L.smallProgressTopMarginDp, width: cw, height: m.line, cost: cost,
                     reason: "progress \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left; \(why)"))
        row("progress", "main", y, cost)
        note("progress: \(fmtDp(cost)) ≤ \(fmtDp(left)) → shown")
        y += cost; left -= cost
        guard withPips else { return }
        if L.pipRowHeightDp <= left {
            let count = PipRow.count(due: input.habits.count)
            set(PlanElement(key: .pipRow, shown: true, reason: "pip row \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) dp left",
                            costDp: L.pipRowHeightDp,
                            frame: Rect(x: x0, y: y + L.pipRowHeightDp - PipRow.diameterDp, width: min(cw, PipRow.width(count: count)),
                                        height: PipRow.diameterDp)))
            row("pipRow", "main", y, L.pipRowHeightDp)
            note("pip row: \(fmtDp(L.pipRowHeightDp)) ≤ \(fmtDp(left)) → shown")
            y += L.pipRowHeightDp; left -= L.pipRowHeightDp
        } else {
            hide(.pipRow, "pip row drops when tight: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) dp left (redundant with the progress text)")
            note("pip row: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(left)) → shed")
        }
    }

    /// Small's ALL_DONE / EMPTY body: the state line and its subline, each a sentence that may take
    /// a second line and is otherwise shed whole. ALL_DONE leads its line with the success check
    /// (seed 000 State catalog: "Success check + 'All done today'"), inline like NEW_DAY's icon
    /// (13 dp + 4 dp gap) so it costs no height, and — like that icon — it sheds first: only when
    /// the title needs no more lines beside it than without it. EMPTY has no rest glyph on Small
    /// (OBJ-1477: glyph + title + subtitle don't fit its budget).
    mutating func placeSmallStatusBody(y: inout Double, left: inout Double) {
        guard let title = input.strings.statusTitle else { return }
        let budgetLines = Int(((left - L.statusTopMarginDp) / m.line).rounded(.down))
        let maxLines = min(L.sentenceMaxLines, budgetLines)
        let plain = m.fitLines(title, width: cw, style: m.body, maxLines: maxLines)
        let wantsCheck = input.state == .allDone
        let withCheck = wantsCheck ? m.fitLines(title, width: cw - L.newDaySmallIconAndGapDp, style: m.body, maxLines: maxLines) : nil
        guard let plainLines = plain else {
            hide(.statusTitle, "status title needs more than \(max(0, maxLines)) line(s) at \(fmtDp(cw)) dp (budget \(fmtDp(left))) — shed whole, never cut")
            hide(.statusSubtitle, "shed: the status title above it is shed")
            if wantsCheck { hide(.statusGlyph, "shed with the title it leads") }
            return
        }
        let showsCheck = withCheck != nil && withCheck! <= plainLines
        let lines = showsCheck ? withCheck! : plainLines
        let tx = x0 + (showsCheck ? L.newDaySmallIconAndGapDp : 0)
        let cost = L.statusTopMarginDp + Double(lines) * m.line
        if showsCheck {
            set(PlanElement(key: .statusGlyph, shown: true,
                            reason: "success check inline: wraps(title, \(fmtDp(cw - L.newDaySmallIconAndGapDp))) = \(lines) ≤ \(plainLines) without it",
                            costDp: 0, frame: Rect(x: x0, y: y + L.statusTopMarginDp + (m.line - 13) / 2, width: 13, height: 13)))
        } else if wantsCheck {
            hide(.statusGlyph, "success check sheds first: beside it the title would need more lines (\(withCheck.map(String.init) ?? "> \(maxLines)") > \(plainLines))")
        }
        set(sentence(.statusTitle, title, style: m.body, x: tx, y: y + L.statusTopMarginDp, width: x0 + cw - tx, lines: lines, cost: cost,
                     reason: "status title: \(fmtDp(cost)) ≤ \(fmtDp(left)) dp left"))
        row("statusTitle", "main", y, cost)
        y += cost; left -= cost
        if let sub = input.strings.statusSubtitle {
            stackOptional([(.statusSubtitle, sub, m.body, 0, "status subtitle")], x: x0, y: &y, width: cw, left: &left, column: "main")
        }
    }

    /// Small kindling's DEFAULT body — seed 000 Families: "Streak header + next-due habit + a
    /// full-width KindlingCheckButton CTA" — then what the legacy stack shows. Keep priority:
    /// the next-due row (KINDLING_NEXT_DUE_ROW_HEIGHT_DP = 44 dp, its label on 2 lines, Level A),
    /// the check-off pill, the progress text, the pip row; shed from the end, so the pill is never
    /// drawn without the habit it checks off. Drawn top to bottom: progress, pips, row, pill.
    mutating func planSmallKindlingBody(y: Double, left: Double) {
        var left = left
        guard let cta = input.strings.cta, let next = input.habits.firstIndex(where: { !$0.done }) else {
            hide(.ctaPill, "no check-off pill: nothing left to check off")
            var y = y
            stackSmallProgress(y: &y, left: &left, withPips: true)
            return
        }
        let nextDueH = max(L.kindlingNextDueRowHeightDp, 2 * m.habitLine + L.habitRowVerticalPaddingDp)
        let rowCost = L.statusTopMarginDp + nextDueH
        let ctaStyle = TextStyle.roboto(.medium, sp: L.ctaLabelSp, fontScale: input.fontScale)
        let ctaLineH = L.lineBox(size: ctaStyle.size)
        let labelW = cw - 2 * L.ctaPaddingDp
        let ctaLines = m.fitLines(cta, width: labelW, style: ctaStyle)
        let pillH = Double(ctaLines ?? 1) * ctaLineH + L.ctaPaddingDp
        let ctaCost = L.ctaTopMarginDp + pillH
        let progressCost = L.smallProgressTopMarginDp + m.line

        // Decide in keep-priority order; the first that doesn't fit sheds everything after it.
        let showsRow = rowCost <= left
        note("small kindling: next-due row 4 + max(44, 2 × \(fmtDp(m.habitLine)) + 8) = \(fmtDp(rowCost)) \(showsRow ? "≤" : ">") \(fmtDp(left)) → \(showsRow ? "shown" : "shed")")
        var rest = showsRow ? left - rowCost : left
        // A pill whose label can't be drawn uncut at this width is shed for width, not height: it
        // doesn't take the (height-ordered) items after it down with it.
        let pillWidthShed = ctaLines == nil
        let showsPill = showsRow && !pillWidthShed && ctaCost <= rest
        if showsRow {
            note(ctaLines == nil ? "small kindling: pill label \"\(cta)\" needs more than \(L.sentenceMaxLines) lines at \(fmtDp(labelW)) dp → shed"
                 : "small kindling: pill 6 + \(ctaLines!) × \(fmtDp(ctaLineH)) + 12 = \(fmtDp(ctaCost)) \(showsPill ? "≤" : ">") \(fmtDp(rest)) → \(showsPill ? "shown" : "shed")")
        }
        if showsPill { rest -= ctaCost }
        let showsProgress = showsRow && (showsPill || pillWidthShed) && progressCost <= rest
        if showsProgress { rest -= progressCost }
        let showsPips = showsProgress && L.pipRowHeightDp <= rest

        var y = y
        if showsProgress {
            var l = progressCost + (showsPips ? L.pipRowHeightDp : 0)
            stackSmallProgress(y: &y, left: &l, withPips: showsPips)
        } else {
            hide(.progress, showsPill || (showsRow && pillWidthShed) ? "progress \(fmtDp(progressCost)) > \(fmtDp(rest)) dp left after the row and the pill (spoken in full regardless)"
                                      : "shed: the \(showsRow ? "check-off pill" : "next-due row") ranks above it and is shed (spoken in full regardless)")
        }
        if !showsPips {
            hide(.pipRow, showsProgress ? "pip row drops when tight: \(fmtDp(L.pipRowHeightDp)) > \(fmtDp(rest)) dp left (redundant with the progress text)"
                                        : "shed with the progress text above it")
        }
        guard showsRow else {
            hide(.ctaPill, "shed: the next-due habit it checks off doesn't fit (row \(fmtDp(rowCost)) > \(fmtDp(left)) dp) — a button that names nothing is never drawn")
            note("small kindling: no next-due row → no pill, no progress, no pips (shed from the end)")
            return
        }
        // The next-due row: 44 dp, its label on up to 2 lines (Level A).
        y += L.statusTopMarginDp
        let habitLabelW = cw - L.habitCheckAndGapDp
        let w = TextWrap.wrap(input.habits[next].title, width: habitLabelW, maxLines: 2, style: m.habitStyle, measurer: m.measurer)
        let labelH = Double(w.lines.count) * m.habitLine
        habitRows.append(HabitRowPlan(habitIndex: next, title: input.habits[next].title, done: false, isNextDue: true,
                                      frame: Rect(x: x0, y: y, width: cw, height: nextDueH),
                                      labelFrame: Rect(x: x0 + L.habitCheckAndGapDp, y: y + (nextDueH - labelH) / 2,
                                                       width: min(habitLabelW, L.ceilDp(w.maxLineWidth)), height: labelH),
                                      labelLines: w.lines.count, labelMaxLines: 2, ellipsized: w.ellipsized))
        row("habit[\(next)]", "main", y - L.statusTopMarginDp, rowCost)
        guard showsPill else {
            hide(.ctaPill, ctaLines == nil ? "pill label needs more than \(L.sentenceMaxLines) lines at \(fmtDp(labelW)) dp — shed whole, never cut"
                                           : "check-off pill \(fmtDp(ctaCost)) > \(fmtDp(rest)) dp left after the next-due row")
            return
        }
        // The pill sits at the bottom of the budget.
        let pillY = y0 + budget - pillH
        set(PlanElement(key: .ctaPill, shown: true, reason: "check-off pill \(fmtDp(ctaCost)) ≤ \(fmtDp(rest + ctaCost)) dp left after the next-due row"
                        + (ctaLines! > 1 ? "; label wraps to \(ctaLines!) lines (never cut)" : ""),
                        costDp: ctaCost, frame: Rect(x: x0, y: pillY, width: cw, height: pillH),
                        text: cta, style: ctaStyle, lines: ctaLines!, maxLines: L.sentenceMaxLines))
        row("ctaPill", "main", pillY - L.ctaTopMarginDp, ctaCost)
    }

    /// Centres already-placed elements in the free space below them (EMPTY / ALL_DONE bodies are
    /// vertically centred, OBJ-1477): every frame and its budget row moves down by half the slack.
    mutating func centre(_ keys: [AndroidElementKey], from top: Double, used: Double, free: Double, column: String) {
        let dy = (max(0, free) / 2).rounded(.down)
        guard dy > 0 else { return }
        for k in keys {
            guard var e = elements[k], e.shown, let f = e.frame else { continue }
            e.frame = f.offsetBy(dx: 0, dy: dy)
            elements[k] = e
        }
        for i in rows.indices where rows[i].column == column && rows[i].y >= top - 1e-9 && rows[i].y < top + used - 1e-9 {
            rows[i].y += dy
        }
        note("centred body: \(fmtDp(used)) dp moved down \(fmtDp(dy)) into \(fmtDp(free)) dp of slack")
    }

    /// "0 of 4 done", or "0/4" when its measured advance exceeds the box (usesCompactProgress).
    func progressText(width: Double) -> (String, String) {
        let full = m.width(input.strings.progress, m.body)
        if full <= width { return (input.strings.progress, "\"\(input.strings.progress)\" \(fmtDp(full)) ≤ \(fmtDp(width))") }
        return (input.strings.progressCompact, "compact: \"\(input.strings.progress)\" \(fmtDp(full)) > \(fmtDp(width))")
    }

    // MARK: - Medium

    mutating func planMedium() {
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
        let captionCost = m.line + L.captionRowTopMarginDp
        // Left column width: wrap_content, capped, but never narrower than the numeral itself.
        let cap = (cw * L.mediumLeftColumnMaxFraction).rounded(.down)
        let nominalHead = L.lineBox(size: m.numeral(.medium).size)
        let captionCoreShed = captionApplies && nominalHead + captionCost > budget
        let maxHead = captionApplies && !captionCoreShed ? budget - captionCost : budget
        let h0 = fitNumeral(.medium, maxWidth: cw, maxHeight: maxHead)
        var natural = L.flameContainerDp + L.headerGapDp + h0.1
        if captionApplies, let caption { natural = max(natural, m.captionWidth(caption, size)) }
        natural = max(natural, m.width(input.strings.dayStreak, m.dayStreakStyle), m.width(input.strings.longest, m.body))
        let leftW = max(min(natural, cap), min(h0.1, cw))
        note("left column = min(natural \(fmtDp(natural)), cap \(fmtDp(cap))) = \(fmtDp(leftW)) dp")
        let h = head(.medium, width: leftW, maxHeight: maxHead)
        var y = y0
        placeHead(h, x: x0, y: y, column: "left", numeralFamily: "medium, \(fmtDp(m.numeralSp(.medium))) sp")
        y += h.height
        var left = budget - h.height

        // Core: head + caption row; then DAY STREAK, then Longest N (shed Longest first).
        let showsCaption = captionApplies && !captionCoreShed
        if showsCaption { left -= captionCost }
        note("core = head \(fmtDp(h.height))\(showsCaption ? " + caption \(fmtDp(captionCost))" : "") = \(fmtDp(budget - left)); left \(fmtDp(left))")
        let dsCost = m.line + L.dayStreakTopMarginDp
        let lgCost = m.line + L.longestTopMarginDp
        // Shed order (seed 000): Longest N, then DAY STREAK — "redundant once the reactive caption
        // is showing" — and only then the core's caption row. So below the floor, where the core
        // itself overflows and the caption row sheds, DAY STREAK has already gone.
        let showsDS = !captionCoreShed && dsCost <= left
        if captionCoreShed {
            note("DAY STREAK: shed — the caption row (shed after it) is already shed")
        } else {
            note("DAY STREAK: \(fmtDp(budget - left)) + \(fmtDp(dsCost)) = \(fmtDp(budget - left + dsCost)) \(showsDS ? "≤" : ">") \(fmtDp(budget)) → \(showsDS ? "shown" : "shed")")
        }
        if captionCoreShed {
            hide(.dayStreakLabel, "shed: the caption row is shed (core overflow), and DAY STREAK sheds before it")
        } else if showsDS {
            set(textLine(.dayStreakLabel, input.strings.dayStreak, style: m.dayStreakStyle, x: x0, y: y, width: leftW, height: m.line, cost: dsCost,
                         reason: "core + DAY STREAK \(fmtDp(budget - left + dsCost)) ≤ mainRowBudget \(fmtDp(budget))"))
            row("dayStreakLabel", "left", y, dsCost)
            y += dsCost; left -= dsCost
        } else {
            hide(.dayStreakLabel, "core + DAY STREAK \(fmtDp(budget - left + dsCost)) > mainRowBudget \(fmtDp(budget)) (shed second; spoken regardless)")
        }
        if showsCaption, let caption {
            set(captionElement(caption, x: x0, y: y + L.captionRowTopMarginDp, width: leftW, height: m.line, cost: captionCost,
                               reason: "core: caption row = line \(fmtDp(m.line)) + 2 = \(fmtDp(captionCost))"))
            row("captionRow", "left", y, captionCost)
            y += captionCost
        } else if input.state == .newDay {
            hide(.captionRow, "NEW_DAY: the New day line is the status line, the caption row sheds (forced not-yet default)")
        } else if captionCoreShed {
            hide(.captionRow, "core overflow: head \(fmtDp(nominalHead)) + caption \(fmtDp(captionCost)) > budget \(fmtDp(budget)) (beyond the seed's tables)")
        } else {
            hide(.captionRow, captionAbsentReason)
        }
        let showsLg = showsDS && lgCost <= left
        if showsDS {
            note("Longest N: \(fmtDp(budget - left)) + \(fmtDp(lgCost)) = \(fmtDp(budget - left + lgCost)) \(showsLg ? "≤" : ">") \(fmtDp(budget)) → \(showsLg ? "shown" : "shed")")
        }
        if showsLg {
            set(textLine(.longestLabel, input.strings.longest, style: m.body, x: x0, y: y + L.longestTopMarginDp, width: leftW, height: m.line, cost: lgCost,
                         reason: "core + DAY STREAK + Longest \(fmtDp(budget - left + lgCost)) ≤ mainRowBudget \(fmtDp(budget))"))
            row("longestLabel", "left", y, lgCost)
            left -= lgCost
        } else {
            hide(.longestLabel, showsDS ? "core + DAY STREAK + Longest \(fmtDp(budget - left + lgCost)) > mainRowBudget \(fmtDp(budget)) (shed first)"
                                        : "DAY STREAK shed, Longest N (shed first) with it")
        }

        // Right column.
        let rx = x0 + leftW + L.mediumColumnGapDp
        let rw = cw - leftW - L.mediumColumnGapDp
        note("right column x = \(fmtDp(rx - x0)), width = \(fmtDp(cw)) − \(fmtDp(leftW)) − 12 = \(fmtDp(rw))")
        guard rw >= L.mediumRightColumnMinDp else {
            let why = "no checklist column: \(fmtDp(rw)) dp beside the numeral < \(fmtDp(L.mediumRightColumnMinDp)) (beyond the seed's tables)"
            for k in [AndroidElementKey.coachLine, .progress, .overflowLine, .newDayIcon, .newDayLine, .statusTitle, .statusSubtitle] { hide(k, why) }
            overflow = input.state == .newDay || input.state == .empty ? 0 : input.habits.count
            return
        }
        planChecklistColumn(x: rx, width: rw, column: "right", coachText: input.coachLineShort ?? input.coachLine,
                            coachReason: "Medium renders coachLineShort", coachMaxLines: 2, maxRows: L.largeMaxHabitRows, sectionMargin: L.mediumProgressTopMarginDp)
    }

    // MARK: - Large

    mutating func planLarge() {
        note("contentWidth(\(fmtDp(input.widthDp))) = \(fmtDp(cw)); contentBox(\(fmtDp(input.heightDp))) = \(fmtDp(input.heightDp)) − 16 − 24 − 6 = \(fmtDp(cb)); staleFooter \(fmtDp(footer)); budget = \(fmtDp(budget))")
        placeFooter()
        for k in [AndroidElementKey.daysLabel, .pipRow] { hide(k, "not part of the large layout") }
        if input.state == .firstRun {
            for k in [AndroidElementKey.coachLine, .progress, .overflowLine, .newDayIcon, .newDayLine, .statusSubtitle, .motivatorLine] { hide(k, "firstRun") }
            planFirstRun(width: cw); return
        }
        hide(.appGlyph, "only in firstRun")
        let caption = input.state == .newDay ? nil : self.caption
        let numW0 = m.width(String(input.streak), m.numeral(.large))
        let compactNeed = m.largeCompactNeed(numeralW: numW0, caption: caption)
        let labelsW = max(m.width(input.strings.dayStreak, m.dayStreakStyle), m.width(input.strings.longest, m.body))
        let inlineNeed = compactNeed + L.largeLabelsMarginStartDp + labelsW
        let capPart = caption.map { "12 + glyph \(fmtDp(L.captionGlyphSlotDp(.large, fontScale: input.fontScale))) + 4 + \"\($0)\" \(fmtDp(m.width($0, m.body))) + " } ?? ""
        note("COMPACT need = 28 + 4 + numeral \(fmtDp(numW0)) + \(capPart)5 = \(fmtDp(compactNeed))")
        note("INLINE need = \(fmtDp(compactNeed)) + 6 + labels \(fmtDp(labelsW)) = \(fmtDp(inlineNeed))")
        let r: LargeHeaderRung = inlineNeed <= cw ? .inline : compactNeed <= cw ? .compact : .stacked
        rung = r
        switch r {
        case .inline: rungReason = "INLINE: \(fmtDp(inlineNeed)) ≤ contentWidth \(fmtDp(cw))"
        case .compact: rungReason = "COMPACT: INLINE \(fmtDp(inlineNeed)) > \(fmtDp(cw)) ≥ \(fmtDp(compactNeed))"
        case .stacked: rungReason = "STACKED: COMPACT \(fmtDp(compactNeed)) > contentWidth \(fmtDp(cw))"
        }
        note("rung = \(rungReason!)")

        let stackedCaption = r == .stacked && caption != nil
        let stackedCost = m.line + L.largeStackedCaptionTopMarginDp
        let maxHead = stackedCaption ? budget - stackedCost : budget
        let h = head(.large, width: r == .stacked ? cw : cw - (compactNeed - L.flameContainerDp - L.headerGapDp - numW0), maxHeight: maxHead)
        var y = y0
        placeHead(h, x: x0, y: y, column: "main", numeralFamily: "large, \(fmtDp(m.numeralSp(.large))) sp")
        var hx = x0 + (h.flame ? L.flameContainerDp + L.headerGapDp : 0) + h.numeralW
        if r == .inline {
            let dsW = m.width(input.strings.dayStreak, m.dayStreakStyle)
            let lx = hx + L.largeLabelsMarginStartDp
            let top = y + (h.height - 2 * m.line) / 2
            set(PlanElement(key: .dayStreakLabel, shown: true, reason: "INLINE: the labels wrapper fits (\(fmtDp(inlineNeed)) ≤ \(fmtDp(cw)))", costDp: labelsW,
                            frame: Rect(x: lx, y: top, width: dsW, height: m.line), text: input.strings.dayStreak, style: m.dayStreakStyle, lines: 1))
            set(PlanElement(key: .longestLabel, shown: true, reason: "INLINE: the labels wrapper fits", costDp: labelsW,
                            frame: Rect(x: lx, y: top + m.line, width: m.width(input.strings.longest, m.body), height: m.line),
                            text: input.strings.longest, style: m.body, lines: 1))
            hx = lx + labelsW
        } else {
            let why = "\(r.rawValue): streak_labels_large (DAY STREAK/Longest N) is GONE as a whole — zero height cost, spoken in full"
            hide(.dayStreakLabel, why); hide(.longestLabel, why)
        }
        y += h.height
        var left = budget - h.height
        if let caption {
            if r == .stacked {
                set(captionElement(caption, x: x0, y: y + L.largeStackedCaptionTopMarginDp, width: cw, height: m.line, cost: stackedCost,
                                   reason: "STACKED: the caption drops to its own row (+\(fmtDp(m.line)) line + 6 = \(fmtDp(stackedCost)) dp)"))
                row("captionRow", "main", y, stackedCost)
                y += stackedCost; left -= stackedCost
            } else {
                // "Everything on one row" (seed 000, INLINE): the caption sits on the numeral's baseline.
                let cx = hx + L.largeCaptionMarginStartDp
                let top = max(y - h.height, m.topAligningBaseline(m.body, with: h.numeralStyle, referenceTop: y - h.height))
                set(captionElement(caption, x: cx, y: top, width: x0 + cw - cx, height: m.line, cost: m.captionWidth(caption, size),
                                   reason: "\(r.rawValue): caption in the header row (width cost \(fmtDp(m.captionWidth(caption, size))) dp)"))
            }
        } else {
            hide(.captionRow, input.state == .newDay ? "NEW_DAY: the New day line is the status line, the caption row sheds" : captionAbsentReason)
        }
        note("header = \(fmtDp(h.height))\(stackedCaption ? " + stacked caption \(fmtDp(stackedCost))" : ""); left \(fmtDp(left))")

        // Closing motivator reserved at the bottom of the stack (nil on stale/firstRun) — but it
        // yields to the viability floor: it only takes its line if the Coach line, the progress line
        // and the first LARGE_MIN_HABIT_ROWS rows (+ the overflow line they'd need) still fit.
        let hasRows = [.defaultProgress, .stale, .allDone].contains(input.state) && !input.habits.isEmpty
        let coachCost = showsCoachLine && (r == .inline ? input.coachLine : (input.coachLineShort ?? input.coachLine)) != nil
            ? m.coachLine + L.coachTopMarginDp : 0
        let floorNeed = coachCost + (hasRows ? m.line + L.largeSectionTopMarginDp + floorRowsNeed() : 0)
        let coachText = r == .inline ? input.coachLine : (input.coachLineShort ?? input.coachLine)
        if let mot = input.strings.motivator, input.state != .stale, m.fitLines(mot, width: cw, style: m.body) == nil {
            hide(.motivatorLine, "motivator needs more than \(L.sentenceMaxLines) lines at \(fmtDp(cw)) dp — shed whole, never cut")
        } else if let mot = input.strings.motivator, input.state != .stale {
            // A sentence: it takes a second line rather than "— the tower starts…", budgeted like
            // any line — but never at the cost of a habit row the one-line plan seats: the seed pins
            // the rows ("all 5 habit rows still render with no overflow line" at the OBJ-2428
            // geometry). Where both can't hold, the seed's own numbers leave no room: the line
            // stays at one, cut, and that band is a known finding.
            var lines = m.fitLines(mot, width: cw, style: m.body)!
            let cost1 = m.line + L.largeMotivatorTopMarginDp
            if lines > 1 && hasRows {
                var one = self, two = self
                one.planChecklistColumnLarge(y: y, left: left - cost1, coachText: coachText)
                two.planChecklistColumnLarge(y: y, left: left - cost1 - m.line, coachText: coachText)
                if two.habitRows.count < one.habitRows.count {
                    note("motivator: a second line would cost a habit row (\(two.habitRows.count) < \(one.habitRows.count)) → one line")
                    lines = 1
                }
            }
            let cost = Double(lines) * m.line + L.largeMotivatorTopMarginDp
            note("motivator: \(fmtDp(cost)) + floor (coach \(fmtDp(coachCost)) + progress + \(L.largeMinHabitRows) rows) \(fmtDp(floorNeed)) = \(fmtDp(cost + floorNeed)) \(cost + floorNeed <= left ? "≤" : ">") \(fmtDp(left))")
            if cost + floorNeed <= left {
                left -= cost
                let my = y0 + budget - cost
                let reason = "closing motivator reserved: \(lines) × \(fmtDp(m.line)) + \(fmtDp(L.largeMotivatorTopMarginDp)) = \(fmtDp(cost)) dp"
                set(lines == 1 ? textLine(.motivatorLine, mot, style: m.body, x: x0, y: my + L.largeMotivatorTopMarginDp, width: cw, height: m.line,
                                          cost: cost, reason: reason)
                               : sentence(.motivatorLine, mot, style: m.body, x: x0, y: my + L.largeMotivatorTopMarginDp, width: cw, lines: lines,
                                          cost: cost, reason: reason))
                row("motivatorLine", "main", my, cost)
            } else {
                hide(.motivatorLine, "motivator yields: \(fmtDp(cost)) + the 2-row floor \(fmtDp(floorNeed)) > \(fmtDp(left)) dp left")
            }
        } else {
            hide(.motivatorLine, input.state == .stale ? "STALE: no motivator, the sync footer takes its place" : "no motivator string")
        }
        planChecklistColumnLarge(y: y, left: left, coachText: coachText)
    }

    /// Height of the first LARGE_MIN_HABIT_ROWS rows (next-due first if any) plus the overflow line
    /// they'd need — the Large viability floor.
    func floorRowsNeed() -> Double {
        let n = input.habits.count
        let k = min(n, L.largeMinHabitRows)
        let one = m.habitLine + L.habitRowVerticalPaddingDp
        let next = max(L.kindlingNextDueRowHeightDp, 2 * m.habitLine + L.habitRowVerticalPaddingDp)
        let rowsH = nextDueIndex != nil && k > 0 ? next + Double(k - 1) * one : Double(k) * one
        return rowsH + (n > k ? m.line + L.overflowTopMarginDp : 0)
    }

    mutating func planChecklistColumnLarge(y: Double, left: Double, coachText: String?) {
        planChecklistColumn(x: x0, width: cw, column: "main", startY: y, startLeft: left, coachText: coachText,
                            coachReason: rung == .inline ? "INLINE keeps the long form" : "\(rung!.rawValue) renders coachLineShort",
                            coachMaxLines: 1, maxRows: L.largeMaxHabitRows, sectionMargin: L.largeSectionTopMarginDp,
                            coachLeadDp: L.coachSparkSlotDp)
    }

    // MARK: - The checklist column (Medium right column, Large body)

    mutating func planChecklistColumn(x: Double, width: Double, column: String, startY: Double? = nil, startLeft: Double? = nil,
                                      coachText: String?, coachReason: String, coachMaxLines: Int, maxRows: Int, sectionMargin: Double,
                                      coachLeadDp: Double = 0) {
        var y = startY ?? y0
        var left = startLeft ?? budget
        hide(.newDayIcon, "not NEW_DAY"); hide(.newDayLine, "not NEW_DAY")
        hide(.progress, "no progress line in \(input.state.rawValue)"); hide(.overflowLine, "no overflow")
        hide(.statusTitle, "no status line in \(input.state.rawValue)"); hide(.statusSubtitle, "no subtitle in \(input.state.rawValue)")

        // Coach line: shown by showsCoachLine (not budget), clamped to the lines that fit.
        if showsCoachLine, let text = coachText {
            let fit = Int(((left - L.coachTopMarginDp) / m.coachLine).rounded(.down))
            let maxLines = min(coachMaxLines, fit)
            if maxLines >= 1 {
                // Large leads the line with coach_spark_large; its slot comes out of the line's width.
                let used = placeWrapped(.coachLine, text, style: m.coachStyle, lineH: m.coachLine, x: x + coachLeadDp, y: y, width: width - coachLeadDp,
                                        maxLines: maxLines, topMargin: column == "right" ? 0 : L.coachTopMarginDp, column: column,
                                        what: "Coach line (\(coachReason))")
                y += used; left -= used
            } else {
                hide(.coachLine, "Coach line: no line fits (\(fmtDp(left)) dp left)")
            }
        } else {
            hide(.coachLine, !input.kindling ? "kindling off" : input.reactive == .baseline ? "reactive layer off"
                 : input.state == .stale ? "STALE: Coach line suppressed" : "no coachLine in the snapshot")
        }

        switch input.state {
        case .newDay:
            let maxLines = min(L.newDayMaxLines, Int(((left - L.newDaySmallTopMarginDp) / m.line).rounded(.down)))
            let wrapsIcon = m.wrapLines(input.strings.newDay, width: width - L.newDaySmallIconAndGapDp, style: m.body)
            let showsIcon = maxLines >= 1 && (wrapsIcon ?? .max) <= maxLines
            if showsIcon {
                set(PlanElement(key: .newDayIcon, shown: true, reason: "wraps(New day, \(fmtDp(width - 17))) = \(wrapsIcon!) ≤ \(maxLines)", costDp: L.newDaySmallIconAndGapDp,
                                frame: Rect(x: x, y: y + L.newDaySmallTopMarginDp, width: 13, height: 13)))
            } else { hide(.newDayIcon, "New day needs more lines than \(max(0, maxLines)) with the icon") }
            let tx = x + (showsIcon ? L.newDaySmallIconAndGapDp : 0)
            placeWrapped(.newDayLine, input.strings.newDay, style: m.body, lineH: m.line, x: tx, y: y, width: width - (tx - x),
                         maxLines: maxLines, topMargin: L.newDaySmallTopMarginDp, column: column, what: "New day line (habit rows suppressed)")
        case .empty,
             .allDone where size == .medium || input.habits.isEmpty:
            var items: [(AndroidElementKey, String, TextStyle, Double, String)] = []
            if let t = input.strings.statusTitle { items.append((.statusTitle, t, m.body, L.statusTopMarginDp, "status title")) }
            if let s = input.strings.statusSubtitle { items.append((.statusSubtitle, s, m.body, 0, "status subtitle")) }
            let top = y
            // Medium's glyph (rest moon / success check) joins only when the whole group fits.
            let textCost = items.reduce(0) { $0 + $1.3 + m.lineFor($1.2) }
            let glyphCost = L.statusGlyphDp + L.statusGlyphGapDp
            if size == .medium && glyphCost + textCost <= left {
                set(PlanElement(key: .statusGlyph, shown: true, reason: "glyph \(fmtDp(glyphCost)) + text \(fmtDp(textCost)) ≤ \(fmtDp(left)) dp left",
                                costDp: glyphCost, frame: Rect(x: x, y: y, width: L.statusGlyphDp, height: L.statusGlyphDp)))
                row("statusGlyph", column, y, glyphCost)
                y += glyphCost; left -= glyphCost
            } else {
                hide(.statusGlyph, size == .medium ? "glyph \(fmtDp(glyphCost)) + text \(fmtDp(textCost)) > \(fmtDp(left)) dp left — the glyph sheds first"
                                                   : "no status glyph in the \(size.rawValue) layout")
            }
            stackOptional(items, x: x, y: &y, width: width, left: &left, column: column)
            centre([.statusGlyph, .statusTitle, .statusSubtitle], from: top, used: y - top, free: left, column: column)
        case .defaultProgress, .stale, .allDone:
            let (ptext, why) = progressText(width: width)
            let pcost = sectionMargin + m.line
            if pcost <= left {
                set(textLine(.progress, ptext, style: m.body, x: x, y: y + sectionMargin, width: width, height: m.line, cost: pcost,
                             reason: "progress line \(fmtDp(pcost)) ≤ \(fmtDp(left)) dp left; \(why)"))
                row("progress", column, y, pcost)
                note("progress: \(fmtDp(pcost)) ≤ \(fmtDp(left)) → shown")
                y += pcost; left -= pcost
            } else {
                hide(.progress, "progress line \(fmtDp(pcost)) > \(fmtDp(left)) dp left")
            }
            planHabitRows(x: x, width: width, y: y, left: left, maxRows: maxRows, column: column)
        case .firstRun:
            break
        }
    }

    mutating func planHabitRows(x: Double, width: Double, y startY: Double, left: Double, maxRows: Int, column: String) {
        let n = input.habits.count
        let line = m.habitLine
        let oneLine = line + L.habitRowVerticalPaddingDp
        let twoLine = 2 * line + L.habitRowVerticalPaddingDp
        let nextDueH = max(L.kindlingNextDueRowHeightDp, twoLine)
        let nextDue = nextDueIndex
        // "+N more in the app" is a count: it takes a second line rather than "+4 more in the a…".
        let strings = input.strings, metrics = m
        func overflowText(_ hidden: Int) -> String { strings.overflow(hidden) }
        func overflowLines(_ hidden: Int) -> Int? { metrics.fitLines(overflowText(hidden), width: width, style: metrics.body) }
        func overflowCostFor(_ k: Int) -> Double {
            k < n ? Double(overflowLines(n - k) ?? 1) * m.line + L.overflowTopMarginDp : 0
        }
        func window(_ k: Int) -> [Int] {
            guard k > 0 else { return [] }
            var start = 0
            if let nd = nextDue, nd >= k { start = nd - k + 1 }   // slide so the next-due row lands last
            return Array(start..<(start + k))
        }
        func height(_ idx: [Int], levelB: Bool) -> Double {
            idx.reduce(0) { $0 + ($1 == nextDue ? nextDueH : levelB ? twoLine : oneLine) }
        }
        var k = min(n, maxRows)
        while k > 0 && height(window(k), levelB: false) + overflowCostFor(k) > left { k -= 1 }
        let idx = window(k)
        let rowsH = height(idx, levelB: false)
        overflow = n - k
        let overflowCost = overflowCostFor(k)
        note("habit rows: \(k) of \(n) (cap \(maxRows)) = \(fmtDp(rowsH)) dp\(overflow > 0 ? " + overflow line \(fmtDp(overflowCost))" : "") ≤ \(fmtDp(left)) left"
             + " [row \(fmtDp(oneLine)), next-due \(fmtDp(nextDueH))]")
        // Level B: all-or-none, only with no overflow line and budget for an extra line per other row.
        let others = idx.filter { $0 != nextDue }.count
        let extra = Double(others) * (twoLine - oneLine)
        levelB = overflow == 0 && k > 0 && others > 0 && rowsH + extra <= left && size != .small
        if overflow == 0 && k > 0 && others > 0 {
            note("Level B: \(fmtDp(rowsH)) + \(others) × \(fmtDp(twoLine - oneLine)) = \(fmtDp(rowsH + extra)) \(levelB ? "≤" : ">") \(fmtDp(left)) → \(levelB ? "2-line labels" : "1-line labels")")
        }
        var y = startY
        let labelW = width - L.habitCheckAndGapDp
        for i in idx {
            let h = input.habits[i]
            let isNext = i == nextDue
            let maxLines = isNext || levelB ? 2 : 1
            let w = TextWrap.wrap(h.title, width: labelW, maxLines: maxLines, style: m.habitStyle, measurer: m.measurer)
            // Level B budgets a second line for every row, but a row is wrap_content: it is as tall
            // as the lines its label actually takes (the next-due row keeps its fixed 44 dp).
            let rowH = isNext ? nextDueH : levelB && w.lines.count == 2 ? twoLine : oneLine
            let frame = Rect(x: x, y: y, width: width, height: rowH)
            let labelH = Double(w.lines.count) * line
            habitRows.append(HabitRowPlan(habitIndex: i, title: h.title, done: h.done, isNextDue: isNext, frame: frame,
                                          labelFrame: Rect(x: x + L.habitCheckAndGapDp, y: y + (rowH - labelH) / 2,
                                                           width: min(labelW, L.ceilDp(w.maxLineWidth)), height: labelH),
                                          labelLines: w.lines.count, labelMaxLines: maxLines, ellipsized: w.ellipsized))
            row("habit[\(i)]", column, y, rowH)
            y += rowH
        }
        if overflow > 0 {
            let text = overflowText(overflow)
            if let lines = overflowLines(overflow), overflowCost <= left - rowsH {
                set(sentence(.overflowLine, text, style: m.body, x: x, y: y + L.overflowTopMarginDp, width: width, lines: lines, cost: overflowCost,
                             reason: "\(overflow) habit(s) past the visible rows"))
                row("overflowLine", column, y, overflowCost)
            } else {
                hide(.overflowLine, "\(overflow) habit(s) hidden but the overflow line \(fmtDp(overflowCost)) doesn't fit either")
            }
        } else {
            hide(.overflowLine, "every habit has a row")
        }
    }

    // MARK: - Finish

    func finish(sizeReason: String) -> AndroidWidgetPlan {
        let s = input.strings
        let streakBlock = input.state != .firstRun
        let a11y = AccessibilityContent(
            state: input.state,
            streak: streakBlock ? input.streak : nil,
            longest: streakBlock ? input.longest : nil,
            caption: caption,
            progress: [.defaultProgress, .stale].contains(input.state) ? s.progress : nil,
            habits: [.defaultProgress, .stale, .allDone].contains(input.state) ? input.habits.map { "\($0.title)\($0.done ? ", done" : "")" } : [],
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

extension AndroidTextMetrics {
    /// The line box of a style's text.
    func lineFor(_ style: TextStyle) -> Double { L.lineBox(size: style.size) }

    /// The top of a `style` line box whose baseline sits on the baseline of a `reference` line box
    /// placed at `referenceTop` — how a row of mixed sizes aligns (Small's "days" beside the
    /// numeral, Large's header caption on the numeral's row).
    func topAligningBaseline(_ style: TextStyle, with reference: TextStyle, referenceTop: Double) -> Double {
        referenceTop + measurer.baselineOffset(reference, lineHeight: lineFor(reference))
            - measurer.baselineOffset(style, lineHeight: lineFor(style))
    }
}

/// Whole numbers without ".0", others with one decimal.
func fmtDp(_ v: Double) -> String {
    if v == v.rounded() && abs(v) < 1e12 { return String(Int(v)) }
    return String((v * 100).rounded() / 100)
}
