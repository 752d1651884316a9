import EvidenceCore
import WidgetModel
import WidgetText

/// The iOS Home Screen plan: every element a family draws, placed in pt inside the card, with its
/// finished lines, colour role and the reason it is there (or is not). The family files
/// (`SystemSmall.swift` …) decide the layout; the scene builder only turns items into nodes.

public struct IOSWidgetPlan: Sendable {
    public var family: IOSFamily
    public var size: Size
    public var card: Rect
    public var content: Rect
    /// Paint order, back to front.
    public var items: [PlanItem]
    /// Parts the family has but did not draw, with why.
    public var hidden: [PlanPart: String]
    /// Habits drawn as rows (indices into the snapshot's habits), and how many are not.
    public var visibleHabits: [Int]
    public var overflow: Int
    /// The Dynamic Type rung the plan was drawn at: always the one asked for.
    public var typeStep: DynamicTypeStep
    /// Required elements the plan could not draw whole (empty when the layout kept its meaning):
    /// the lost-meaning and truncation checks report each one on the render.
    public var lost: [PlanPart: String]
    public var arithmetic: [String]

    public func item(_ name: String) -> PlanItem? { items.first { $0.name(on: .ios) == name } }
    /// The hidden parts by the names `plan` prints.
    public var hiddenByName: [String: String] {
        Dictionary(hidden.map { ($0.key.name(on: .ios), $0.value) }, uniquingKeysWith: { a, _ in a })
    }
    /// The drawn lines of a text item.
    public func lines(_ name: String) -> [String]? {
        guard case .text(let t, _, _, _, _)? = item(name)?.content else { return nil }
        return t.lines
    }
}

/// Plans one iOS widget at the Dynamic Type size asked for. Pure: the same request and fonts give
/// the same plan. Neither seed caps or steps down the widget's type (no `.dynamicTypeSize(...)`, no
/// `.minimumScaleFactor` on the text stack — ios-digest "Dynamic Type"), and a SwiftUI widget only
/// steps its type if coded to: what no longer fits is shed, dropped by ViewThatFits or cut by its
/// view's own line limit, and the checks report the meaning lost (never a smaller rung to hide it).
public func planIOSWidget(_ w: ResolvedWidget, _ r: IOSRenderRequest, fonts: FontLibrary) -> IOSWidgetPlan {
    var b = IOSPlanBuilder(w: w, request: r, fonts: fonts, typeStep: r.textSize.step)
    switch r.family {
    case .systemSmall: b.planSystemSmall()
    case .systemMedium: b.planSystemMedium()
    case .systemLarge: b.planSystemLarge()
    case .accessoryCircular: b.planAccessoryCircular()
    case .accessoryRectangular: b.planAccessoryRectangular()
    case .accessoryInline: b.planAccessoryInline()
    }
    return b.finish()
}

/// Shared pieces of the three families: header, caption, rows, pips, centred status, footer.
package struct IOSPlanBuilder {
    package let w: ResolvedWidget
    package let request: IOSRenderRequest
    package let fonts: FontLibrary
    package let metrics: IOSLineMetrics
    package let card: Rect
    package let content: Rect
    package var items: [PlanItem] = []
    package var hidden: [PlanPart: String] = [:]
    package var visibleHabits: [Int] = []
    package var overflow = 0
    package let typeStep: DynamicTypeStep
    package var lost: [PlanPart: String] = [:]
    package var arithmetic: [String] = []

    package init(w: ResolvedWidget, request: IOSRenderRequest, fonts: FontLibrary, typeStep: DynamicTypeStep) {
        self.w = w
        self.request = request
        self.fonts = fonts
        self.typeStep = typeStep
        metrics = IOSLineMetrics(fonts: fonts)
        card = Rect(x: 0, y: 0, width: request.size.width, height: request.size.height)
        // Accessories have no container margins: the Lock Screen lays them out edge to edge.
        let inset =
            request.family.isAccessory
            ? (pt: 0, by: "none: the Lock Screen lays accessories out edge to edge")
            : IOSLayout.contentInset(request.hostMode)
        let m = inset.pt
        content = card.insetBy(dx: m, dy: m)
        arithmetic.append(
            "card \(fmtDp(card.width)) × \(fmtDp(card.height)) pt; content = card − \(fmtDp(m)) pt margins "
                + "(\(inset.by)) = \(fmtDp(content.width)) × \(fmtDp(content.height))"
        )
    }

    package func finish() -> IOSWidgetPlan {
        IOSWidgetPlan(
            family: request.family, size: request.size, card: card, content: content, items: items, hidden: hidden,
            visibleHabits: visibleHabits, overflow: overflow, typeStep: typeStep, lost: lost, arithmetic: arithmetic)
    }

    // MARK: Styles (SwiftUI text styles at the request's Dynamic Type size; see IOSTextStyle)

    package func style(_ s: IOSTextStyle, _ weight: FontWeight? = nil) -> TextStyle {
        TextStyle(.inter, weight ?? s.weight, size: s.size(at: typeStep))
    }
    package func column(_ box: Rect) -> StackColumn { StackColumn(metrics: metrics, measurer: fonts, box: box) }

    /// Body text colours: kindling's stone palette, legacy's base six (seed 000 "Native color set").
    package var mutedInk: ColorRole { w.kindling ? .stoneMuted : .muted }
    package var captionInk: ColorRole { w.kindling ? .stoneCaption : .muted }

    package mutating func add(_ element: SceneElement, _ frame: Rect, _ content: PlanContent, _ reason: String) {
        items.append(PlanItem(element: element, frame: frame, content: content, reason: reason))
    }
    package mutating func addText(
        _ element: SceneElement, _ placed: (frame: Rect, text: FinishedText), style: TextStyle, ink: ColorRole,
        alignment: TextAlignment = .leading, _ reason: String
    ) {
        add(
            element, placed.frame,
            .text(placed.text, style: style, lineHeight: metrics.lineHeight(style), ink: ink, alignment: alignment),
            reason)
    }
    package mutating func hide(_ part: PlanPart, _ reason: String) { hidden[part] = reason }
    /// A required element that did not fit: hidden, and recorded as lost (the checks report it).
    package mutating func lose(_ part: PlanPart, _ reason: String) {
        hide(part, reason)
        lost[part] = reason
    }
    package mutating func note(_ s: String) { arithmetic.append(s) }

    // MARK: Streak header

    /// Glyph + number (+ a trailing label when it fits). The number never sheds: it steps down
    /// (SwiftUI `.minimumScaleFactor`) until it fits beside the glyph; the glyph sheds before the
    /// number is cut. Returns the header's bottom.
    @discardableResult
    package mutating func header(
        in col: inout StackColumn, numeral: IOSTextStyle, glyphPt: Double, label: (String, TextStyle)?
    ) -> Double {
        let text = String(w.streak)
        var s = style(numeral, .bold)
        let nominal = s.size
        let gap = IOSLayout.headerGapPt
        func need(_ st: TextStyle, glyph: Bool) -> Double { (glyph ? glyphPt + gap : 0) + col.advance(text, style: st) }
        while need(s, glyph: true) > col.width && s.size > nominal * IOSLayout.headerNumberMinScale { s.size -= 1 }
        // The row's width as a shed order (as Android's `head`): the number (kept), the glyph, the label.
        enum Part: Hashable { case number, glyph, label }
        func kept(_ st: TextStyle, glyph: Bool, label: Double?) -> [Part: Int] {
            ShedOrder<Part>([
                .init(.number, forms: [col.advance(text, style: st)], kept: true),
                .init(.glyph, forms: glyph ? [glyphPt + gap] : []),
                .init(.label, forms: label.map { [gap + $0] } ?? []),
            ]).fill(room: col.width).forms
        }
        let showGlyph = kept(s, glyph: w.glyph != nil, label: nil)[.glyph] != nil
        if !showGlyph {
            while need(s, glyph: false) > col.width && s.size > IOSLayout.headerNumberFloorPt { s.size -= 1 }
        }
        let lineH = metrics.lineHeight(s)
        let rowH = max(lineH, showGlyph ? glyphPt : 0)
        let y = col.y
        var x = col.x
        if showGlyph, let g = w.glyph {
            add(
                .streakGlyph,
                Rect(x: x, y: y + StackColumn.centred(glyphPt, in: rowH), width: glyphPt, height: glyphPt),
                .glyph(.streak(g, kindling: w.kindling)),
                "streak glyph \(fmtDp(glyphPt)) pt (widgetAccentable: the accent group)")
            x += glyphPt + gap
        } else {
            hide(
                .element(.streakGlyph),
                w.glyph == nil ? "no streak glyph in this state" : "glyph sheds: the number needs the width")
        }
        let numW = col.advance(text, style: s)
        add(
            .numeral, Rect(x: x, y: y + StackColumn.centred(lineH, in: rowH), width: numW, height: lineH),
            .text(
                FinishedText(lines: [text], ellipsized: false), style: s, lineHeight: lineH, ink: .ink,
                alignment: .leading),
            s.size < nominal
                ? "number stepped \(fmtDp(nominal)) → \(fmtDp(s.size)) pt to fit \(fmtDp(col.width)) pt (never cut)"
                : "\(numeral.rawValue) bold \(fmtDp(s.size)) pt in WidgetInk (accent on the light card is 2.62:1)")
        x += numW
        if let (label, ls) = label {
            let lw = col.advance(label, style: ls)
            let lh = metrics.lineHeight(ls)
            if kept(s, glyph: showGlyph, label: lw)[.label] != nil {
                add(
                    .daysLabel,
                    Rect(
                        x: x + gap, y: y + (rowH + lineH) / 2 - lh - lineH * IOSLayout.daysLabelRaise, width: lw,
                        height: lh),
                    .text(
                        FinishedText(lines: [label], ellipsized: false), style: ls, lineHeight: lh, ink: mutedInk,
                        alignment: .leading),
                    "fits beside the number")
            } else {
                hide(
                    .element(.daysLabel),
                    "\(fmtDp(x + gap + lw - col.x)) pt > \(fmtDp(col.width)) pt: sheds first (spoken regardless)")
            }
        }
        col.take(rowH)
        note(
            "header: glyph \(showGlyph ? fmtDp(glyphPt) : "shed") + number \(fmtDp(numW)) pt at \(fmtDp(s.size)) pt, "
                + "row \(fmtDp(rowH)) pt"
        )
        return col.y
    }

    /// The reactive caption's text where the state shows one.
    package var captionText: String? {
        guard [.defaultProgress, .allDone].contains(w.state) else { return nil }
        return reactiveCaptionText(platform: .ios, motif: w.motif, reactive: w.reactive)
    }

    /// The sentences the render draws elsewhere that the caption could repeat: the state's title
    /// ("Today's stone laid" is confirmed all done's caption and title) and Small's button label
    /// (Sprout's "Add today's leaf"). One sentence is drawn once; the caption is the one that sheds.
    package var sentencesBesideCaption: [String] {
        var out: [String] = []
        // Kindling Large lists its done rows, closed by the motivator, instead of the centred status.
        let drawsStatus = !(traits.closesWithMotivator && w.kindling)
        if drawsStatus, [.allDone, .empty].contains(w.state), let t = stateTitleText(w, platform: .ios) {
            out.append(t)
        }
        if traits.checklist.isNextDueAndButton, let cta = smallCTAText(w) { out.append(cta) }
        return out
    }

    /// The reactive caption's forms in `col` after `gap`, beside its glyph: whole on the lines it
    /// needs (at most `captionMaxLines`), then cut down to one line. nil where no caption shows.
    package func captionForms(in col: StackColumn, gap: Double) -> (
        text: String, style: TextStyle, indent: Double, forms: TextForms
    )? {
        guard let text = captionText, !sentencesBesideCaption.contains(text) else { return nil }
        let s = style(.caption)
        let indent = captionGlyphPt(s) + IOSLayout.captionGlyphGapPt
        return (
            text, s, indent,
            col.textForms(text, style: s, maxLines: IOSLayout.captionMaxLines, gap: gap, indent: indent, mayCut: true)
        )
    }

    /// The reactive caption row: its glyph (spark / ring / dashed slot) and the iOS long caption,
    /// decided on one set of forms (`captionForms`). Where an element outranks it (`outranking`:
    /// Small's status lines, its next-due row, `need` pt), first a two-item shed order — that
    /// element (kept), then the caption in its largest form, the lines it takes (its line limit
    /// where it cannot be whole) — sheds it with the `shed` reason. Then it is drawn in that form
    /// where the form is the whole caption and fits the room left (iOS keeps the long captions:
    /// never cut), else shed.
    package mutating func caption(
        in col: inout StackColumn, gap: Double, under outranking: (need: Double, shed: String?)? = nil
    ) {
        let c = captionForms(in: col, gap: gap)
        if let o = outranking {
            enum Part: Hashable { case outranking, caption }
            let ranked = ShedOrder<Part>([
                .init(.outranking, forms: [o.need], kept: true),
                .init(.caption, forms: [c?.forms.heights.first ?? 0]),
            ]).fill(room: col.left).forms[.caption]
            guard ranked != nil else {
                if let why = o.shed { hide(.element(.caption), why) }
                return
            }
        }
        guard let text = captionText else {
            hide(
                .element(.caption),
                w.reactive == nil ? "reactive layer off (baseline): no caption" : "no caption in \(w.state.rawValue)")
            return
        }
        guard let c else {
            hide(.element(.caption), "'\(text)' is drawn as the title or button: one sentence is drawn once")
            return
        }
        let whole = c.forms.lines.isEmpty || !c.forms.isWhole(0) ? [] : [c.forms.heights[0]]
        guard ShedOrder<Int>.form(of: whole, room: col.left) != nil,
            let placed = col.text(text, style: c.style, form: 0, of: c.forms, gap: gap, indent: c.indent)
        else {
            hide(.element(.caption), "the caption does not fit whole (it is never cut): shed")
            return
        }
        if let g = GlyphKind.caption(w) {
            let glyphPt = captionGlyphPt(c.style)
            add(
                .captionGlyph,
                Rect(x: col.x, y: StackColumn.centred(glyphPt, on: placed.frame.midY), width: glyphPt, height: glyphPt),
                .glyph(g), "caption glyph")
        }
        addText(
            .caption, placed, style: c.style, ink: captionInk,
            "caption, ≤ \(IOSLayout.captionMaxLines) lines (iOS keeps the long captions)")
    }

    /// The caption glyph's side at the caption's size.
    package func captionGlyphPt(_ s: TextStyle) -> Double { (s.size * IOSLayout.captionGlyphShare).rounded() }

    /// The status lines' forms in `col`: the title, and the subtitle under it (its gap included),
    /// each whole on the lines it takes (≤ `stateLineMaxLines`), then cut down to one line. One set
    /// of forms for the status group's shed order and for what ranks against it (Small's caption).
    package func statusForms(title: String?, titleStyle: TextStyle, subtitle: String?, in col: StackColumn) -> (
        title: TextForms?, subtitle: TextForms?
    ) {
        (
            title.map { col.textForms($0, style: titleStyle, maxLines: IOSLayout.stateLineMaxLines, mayCut: true) },
            subtitle.map {
                col.textForms(
                    $0, style: style(.footnote), maxLines: IOSLayout.stateLineMaxLines,
                    gap: IOSLayout.statusSubtitleGapPt, mayCut: true)
            }
        )
    }

    /// Height the state's title and subtitle take in their largest forms (the all-done / empty
    /// status lines, as `statusBody` draws them).
    package func statusTextHeight(in col: StackColumn) -> Double {
        let forms = statusForms(
            title: stateTitleText(w, platform: .ios), titleStyle: style(.headline),
            subtitle: stateSubtitleText(w, platform: .ios), in: col)
        return (forms.title?.heights.first ?? 0) + (forms.subtitle?.heights.first ?? 0)
    }

    // MARK: Status bodies (all done, empty, new day, first run)

    /// A centred status group: an optional glyph, a title, an optional subtitle, centred in `box`.
    /// The glyph takes `glyphPt` when the text leaves room, else steps down to `minGlyphPt`, else
    /// sheds (a loss when `glyphRequired`, which the checks report).
    package mutating func centredStatus(
        in box: Rect, glyph: GlyphKind?, glyphPt: Double, minGlyphPt: Double? = nil,
        glyphGap: Double = IOSLayout.statusGlyphGapPt,
        glyphRequired: Bool = false, title: String?, titleStyle: TextStyle, subtitle: String?, alignment: TextAlignment
    ) {
        var col = column(box)
        var placed: [(SceneElement, Rect, PlanContent)] = []
        let subStyle = style(.footnote)
        // The group's shed order: the title and its subtitle (kept: the state's lines, at the lines
        // they take, ≤ `stateLineMaxLines`; placed whole or cut where the room ends, reported), then
        // the glyph, its side in whole points from `glyphPt` down to `minGlyphPt`, each with its gap.
        let forms = statusForms(title: title, titleStyle: titleStyle, subtitle: subtitle, in: col)
        let titleNeed = forms.title?.heights.first ?? 0
        let subNeed = forms.subtitle?.heights.first ?? 0
        let textNeed = titleNeed + subNeed
        let sides = glyph == nil ? [] : Array(stride(from: glyphPt, through: minGlyphPt ?? glyphPt, by: -1))
        enum Part: Hashable { case title, subtitle, glyph }
        let glyphForm = ShedOrder<Part>([
            .init(.title, forms: [titleNeed], kept: true),
            .init(.subtitle, forms: [subNeed], kept: true),
            .init(.glyph, forms: sides.map { $0 + glyphGap }),
        ]).fill(room: col.left).forms[.glyph]
        if let glyph, let form = glyphForm, let r = col.slot(height: sides[form], width: sides[form]) {
            let side = sides[form]
            let x = alignment == .center ? StackColumn.centred(side, on: box.midX) : box.minX
            placed.append((.statusGlyph, Rect(x: x, y: r.minY, width: side, height: side), .glyph(glyph)))
            col.take(glyphGap)
        } else if glyph != nil {
            let why = "glyph ≥ \(fmtDp(minGlyphPt ?? glyphPt)) + text \(fmtDp(textNeed)) > \(fmtDp(col.left)) pt"
            if glyphRequired {
                lose(.element(.statusGlyph), why)
            } else {
                hide(.element(.statusGlyph), "\(why): the glyph sheds first")
            }
        }
        // The lines in the room the glyph left, as a shed order of their forms: the title in its
        // largest form that fits, then the subtitle (drawn only under its title) in what is left.
        let lines = ShedOrder<Part>([
            .init(.title, forms: forms.title?.heights ?? []),
            .init(.subtitle, forms: forms.subtitle?.heights ?? [], requires: title == nil ? nil : .title),
        ]).fill(room: col.left).forms
        var titleShed = false
        if let title, let titleForms = forms.title {
            if let form = lines[.title],
                let t = col.text(title, style: titleStyle, form: form, of: titleForms, orCut: true)
            {
                placed.append(
                    (
                        .statusTitle, align(t.frame, alignment, box),
                        .text(
                            t.text, style: titleStyle, lineHeight: metrics.lineHeight(titleStyle), ink: .ink,
                            alignment: alignment)
                    ))
            } else {
                titleShed = true
                lose(.element(.statusTitle), "not one line fits: shed (and its subtitle with it)")
            }
        }
        if let subtitle, let subForms = forms.subtitle, !titleShed {
            if let form = lines[.subtitle],
                let t = col.text(
                    subtitle, style: subStyle, form: form, of: subForms, gap: IOSLayout.statusSubtitleGapPt, orCut: true
                )
            {
                placed.append(
                    (
                        .statusSubtitle, align(t.frame, alignment, box),
                        .text(
                            t.text, style: subStyle, lineHeight: metrics.lineHeight(subStyle), ink: mutedInk,
                            alignment: alignment)
                    ))
            } else {
                lose(.element(.statusSubtitle), "not one line fits under the title")
            }
        }
        // Vertically centred (seed 000 "Empty/all-done centering fill"): move the group by half the slack.
        let dy = col.centringShift
        for (element, f, c) in placed {
            add(element, f.offsetBy(dx: 0, dy: dy), c, "centred status (slack \(fmtDp(col.left)) pt)")
        }
    }

    package func align(_ f: Rect, _ a: TextAlignment, _ box: Rect) -> Rect {
        a == .center
            ? Rect(x: StackColumn.centred(f.width, on: box.midX), y: f.minY, width: f.width, height: f.height) : f
    }

    /// What the family does with the widget's meaning (`FamilyTraits`: one exhaustive switch).
    package var traits: FamilyTraits { FixtureFamily.ios(request.family).traits }

    /// The centred status body's measures: a Home Screen family's (only they draw it).
    package var statusBodyMeasures: (firstRunGlyphPt: Double, glyphMinPt: Double, glyphGapPt: Double) {
        switch request.family.kind {
        case .home(let f): return IOSLayout.statusBody(f)
        // never asked: accessories draw lines, not a centred status
        case .accessory: return IOSLayout.statusBody(.systemMedium)
        }
    }

    /// First run: the app glyph in its gradient circle + "Open Objectuve to sync today", centred.
    package mutating func firstRunBody() {
        centredStatus(
            in: content, glyph: .firstRunAppGlyph, glyphPt: statusBodyMeasures.firstRunGlyphPt,
            title: fixedText(.firstRun, platform: .ios), titleStyle: style(.subheadline), subtitle: nil,
            alignment: .center)
    }

    /// The all-done / empty body: success check or rest moon (decorative, WidgetMuted) + title + subtitle.
    package mutating func statusBody(in box: Rect, alignment: TextAlignment) {
        let glyph: GlyphKind? = w.state == .allDone ? .doneCheck : w.state == .empty ? .restMoon : nil
        // Seed 000 "Empty/all-done centering fill": the rest glyph renders on both iOS sizes, so on
        // Small and Medium it narrows (Small's further) before it would shed; the success check may shed.
        let measures = statusBodyMeasures
        centredStatus(
            in: box, glyph: glyph, glyphPt: IOSLayout.statusGlyphPt, minGlyphPt: measures.glyphMinPt,
            glyphGap: measures.glyphGapPt,
            glyphRequired: w.state == .empty && traits.drawsRestGlyph,
            title: stateTitleText(w, platform: .ios), titleStyle: style(.headline),
            subtitle: stateSubtitleText(w, platform: .ios), alignment: alignment)
    }

    /// New day: rows and pips absent, the full iOS sentence (seed 001 Table B), vertically centred
    /// in the room below the header as the empty and all-done bodies are (seed 000 "Empty/all-done
    /// centering fill"; the seed fixes New day's copy, not where it sits — README "New day").
    package mutating func newDayLine(in col: inout StackColumn, gap: Double) {
        let text = fixedText(.newDayVisual, platform: .ios)
        let s = style(.footnote)
        let icon = (metrics.lineHeight(s) - IOSLayout.newDayIconInsetPt).rounded()
        if var placed = col.textOrCut(
            text, style: s, maxLines: IOSLayout.stateLineMaxLines, gap: gap, indent: icon + IOSLayout.newDayIconGapPt)
        {
            let dy = col.centringShift
            placed.frame = placed.frame.offsetBy(dx: 0, dy: dy)
            add(
                .newDayIcon,
                Rect(x: col.x, y: placed.frame.minY + IOSLayout.newDayIconInsetPt / 2, width: icon, height: icon),
                .glyph(.newDaySun), "new-day sun")
            addText(
                .newDayLine, placed, style: s, ink: .ink,
                "NEW_DAY: habit rows and pips suppressed, the full sentence, centred (slack \(fmtDp(col.left)) pt)")
        } else {
            lose(.element(.newDayLine), "not one line fits")
        }
    }

    /// The STALE footer "Today · last synced Xh ago" (seed 000 "State catalog": the one stale
    /// string — no shorter form), reserved at the bottom before anything else, wrapped to at most
    /// `staleFooterMaxLines` (the seed gives iOS no line limit; ios-choices.md "stale footer lines").
    /// Where those lines, or the widget, cannot hold it whole, it is cut at its tail — reported.
    package mutating func staleFooter(in col: inout StackColumn, under header: (numeral: IOSTextStyle, glyphPt: Double))
    {
        guard let text = staleFooterText(w) else {
            hide(.element(.staleFooter), "not STALE")
            return
        }
        let s = style(.caption2)
        let gap = IOSLayout.footerGapPt
        // The column's shed order: the streak header's row (kept: it stands above the footer whatever
        // happens — seed 000 "The always-visible core": the numeral is never hidden), then the
        // footer's forms: whole on the lines it needs (≤ `staleFooterMaxLines`), then cut down to one.
        let headerRow = max(metrics.lineHeight(style(header.numeral, .bold)), header.glyphPt)
        let forms = col.textForms(text, style: s, maxLines: IOSLayout.staleFooterMaxLines, gap: gap, mayCut: true)
        enum Part: Hashable { case headerRow, footer }
        guard
            let form = ShedOrder<Part>([
                .init(.headerRow, forms: [headerRow], kept: true), .init(.footer, forms: forms.heights),
            ])
            .fill(room: col.left).forms[.footer],
            let r = col.reserveBottom(forms.heights[form])
        else {
            lose(
                .element(.staleFooter),
                "not one line at \(fmtDp(s.size)) pt fits \(fmtDp(col.left)) pt under the \(fmtDp(headerRow)) pt "
                    + "header row"
            )
            return
        }
        var foot = column(r)
        if let placed = foot.text(text, style: s, form: form, of: forms, gap: gap) {
            addText(
                .staleFooter, placed, style: s, ink: mutedInk,
                placed.text.ellipsized
                    ? "STALE footer, reserved first at the bottom: cut at line \(forms.lines[form]) (reported)"
                    : "STALE footer, reserved first at the bottom")
        }
    }

    // MARK: Habit rows and pips

    /// The next-due habit: the first one not checked in, on a surface that shows progress.
    package var nextDueIndex: Int? {
        [.defaultProgress, .stale].contains(w.state) ? w.habits.firstIndex { !$0.checkedInToday } : nil
    }

    /// One checklist row: the `.subheadline` title's line + its padding, at least the row's minimum.
    package var habitRowHeight: Double {
        HabitRowSeating.rowHeight(
            lines: 1, lineHeight: metrics.lineHeight(style(.subheadline)), padding: IOSLayout.habitRowPaddingPt,
            minimum: IOSLayout.habitRowMinPt)
    }

    /// Checklist rows (kindling: frosted rows, the next-due one stronger; legacy: plain rows), then
    /// the overflow line, seated and placed through the shared `HabitRowSeating`: the window keeps
    /// the next-due row (seed 000 "Large family"), rows that don't fit drop from its far end.
    mutating func habitRows(in col: inout StackColumn, cap: Int, gap: Double, overflowText: @escaping (Int) -> String?)
    {
        let habits = w.habits
        let nextDue = nextDueIndex
        let s = style(.subheadline)
        let lineH = metrics.lineHeight(s)
        let rowH = habitRowHeight
        let overflowStyle = style(.footnote)
        // "+N more" at the lines it will take (≤ overflowMaxLines), so what is measured is what is placed.
        // Nothing is shed while the room it frees is unused: where no row fits with "+N more" under
        // it, the rows take the room and the count is lost (reported).
        let room = col
        let seating = HabitRowSeating(
            habitCount: habits.count, nextDue: nil, anchor: nextDue, oneLine: rowH, twoLine: rowH, nextDueH: rowH,
            nextDueOneLineH: rowH,
            leadingGap: gap, spacing: IOSLayout.habitRowSpacingPt,
            overflowLine: { hidden in
                overflowText(hidden).map {
                    room.textForms(
                        $0, style: overflowStyle, maxLines: IOSLayout.overflowMaxLines, gap: IOSLayout.overflowGapPt,
                        mayCut: true
                    )
                    .heights.first ?? .infinity
                } ?? 0
            },
            rowsOutrankOverflowLine: true)
        let idx = seating.seated(left: room.left, maxRows: cap)
        if idx.isEmpty, let nd = nextDue, HabitRowSeating.window(count: habits.count, cap: cap, anchor: nd).contains(nd)
        {
            // The next-due row is never shed (seed 000 "Large family": the window keeps it): a plan
            // that cannot seat it loses meaning, and the checks report it.
            lose(.nextDueRow, "the next-due habit's row does not fit \(fmtDp(col.left)) pt")
        }
        visibleHabits = idx
        overflow = habits.count - idx.count
        note(
            "rows: \(idx.count) of \(habits.count) (cap \(cap)) × \(fmtDp(rowH)) "
                + "pt\(overflow > 0 ? ", +\(overflow) hidden" : "")"
        )
        for (n, i) in idx.enumerated() {
            let h = habits[i]
            let r = seating.place(n, height: rowH, in: &col)
            let row = HabitRowElement(position: n, habit: i, done: h.checkedInToday, isNextDue: i == nextDue)
            if w.kindling {
                // FrostedHabitRow: a translucent material over the card; the next-due row reads stronger.
                add(
                    .habitRow(row, .background), r,
                    .fill(
                        .border, alpha: IOSLayout.frostedRowAlphas[i == nextDue ? 1 : 0],
                        radius: IOSLayout.frostedRowRadiusPt), "frosted row")
            }
            let check = IOSLayout.habitCheckPt
            let inset = IOSLayout.habitRowInsetPt
            let checkGap = IOSLayout.habitCheckGapPt
            add(
                .habitRow(row, .check),
                Rect(x: r.minX + inset, y: StackColumn.centred(check, on: r.midY), width: check, height: check),
                .glyph(h.checkedInToday ? .doneCheck : .pip(done: false)), h.checkedInToday ? "done" : "not yet")
            var label = column(
                Rect(
                    x: r.minX + inset + check + checkGap, y: StackColumn.centred(lineH, on: r.midY),
                    width: r.width - inset - check - checkGap - inset, height: lineH))
            if let placed = label.text(h.title, style: s, maxLines: 1, whole: false) {
                addText(.habitRow(row, .title), placed, style: s, ink: h.checkedInToday ? mutedInk : .ink, "habit \(i)")
            }
        }
        if idx.isEmpty && !habits.isEmpty {
            // "+N more" is the rest of a list (seed 000 "Large family"): with no row it would follow
            // nothing, so it is not drawn alone (as Android's never is); the rows' loss is reported.
            lose(.habitRow, "no habit row fits \(fmtDp(col.left)) pt, and \"+N more\" follows rows")
            hide(.element(.overflowLine), "no habit row above it")
        } else if overflow > 0, let text = overflowText(overflow) {
            if let placed = col.text(
                text, style: overflowStyle, maxLines: IOSLayout.overflowMaxLines, gap: IOSLayout.overflowGapPt)
            {
                addText(
                    .overflowLine, placed, style: overflowStyle, ink: mutedInk,
                    "\(overflow) habit(s) past the visible rows")
            } else {
                lose(.element(.overflowLine), "\(overflow) habit(s) without a row and no room to say so")
            }
        } else {
            hide(.element(.overflowLine), "every habit has a row")
        }
    }

    /// Legacy HabitPips, one capsule per habit as `CapsuleRow` fits them, under "N of M done": the
    /// whole row or none.
    package mutating func pips(in col: inout StackColumn, gap: Double) {
        let p = IOSLayout.pipSize
        let n = w.habits.count
        guard n > 0 else {
            hide(.pipRow, "no habits")
            return
        }
        guard let (pipW, pipGap) = CapsuleRow.fitted(count: n, across: col.width, nominal: p, gap: IOSLayout.pipGapPt)
        else {
            hide(
                .pipRow,
                "\(n) pips need ≥ \(fmtDp(p.height)) pt each in \(fmtDp(col.width)) pt: shed whole, the count states "
                    + "progress"
            )
            return
        }
        guard let r = col.slot(height: p.height, gap: gap) else {
            hide(.pipRow, "no room for the pip row")
            return
        }
        for i in 0..<n {
            add(
                .pip(index: i, filled: w.habits[i].checkedInToday),
                Rect(
                    x: r.minX + CapsuleRow.offset(i, width: pipW, gap: pipGap), y: r.minY, width: pipW, height: p.height
                ),
                .glyph(.pip(done: w.habits[i].checkedInToday)), "HabitPip \(fmtDp(pipW))×\(fmtDp(p.height)) pt")
        }
        if pipW < p.width {
            note("pips: \(n) narrowed to \(fmtDp(pipW)) pt (gap \(fmtDp(pipGap)) pt) so every habit has one")
        }
    }

    /// A single muted line (progress, "days" …) if it fits, decided as a shed order of its forms
    /// (whole; cut down to one line where it `mayEllipsize` or is `required`) over the room left.
    package mutating func line(
        _ element: SceneElement, _ text: String?, in col: inout StackColumn, style s: TextStyle, ink: ColorRole,
        gap: Double,
        maxLines: Int = 1, mayEllipsize: Bool = false, required: Bool = false, reason: String
    ) {
        guard let text else {
            hide(.element(element.kind), "no text in \(w.state.rawValue)")
            return
        }
        let forms = col.textForms(text, style: s, maxLines: maxLines, gap: gap, mayCut: mayEllipsize || required)
        if let form = ShedOrder<Int>.form(of: forms.heights, room: col.left),
            let placed = col.text(text, style: s, form: form, of: forms, gap: gap)
        {
            addText(
                element, placed, style: s, ink: ink,
                required && !mayEllipsize && !forms.isWhole(form)
                    ? "\(reason): the room ends before it does — cut at its tail (reported)" : reason)
        } else if required {
            lose(.element(element.kind), "\(reason): not one line fits \(fmtDp(col.left)) pt")
        } else {
            hide(.element(element.kind), "\(reason): does not fit whole in \(fmtDp(col.left)) pt — shed, never cut")
        }
    }
}
