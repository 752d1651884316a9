import EvidenceCore
import WidgetModel
import WidgetText
import WidgetLayout

/// Builds the Android widget's scene: resolve → copy → plan → positioned nodes. Every position
/// comes from the layout plan; this file decides only what each planned element looks like
/// (colour token, glyph, role) — it never re-derives a budget.
public struct AndroidSceneBuilder: Sendable {
    public let fonts: FontLibrary
    public let tokens: TokenSet

    public init(fonts: FontLibrary, tokens: TokenSet) { self.fonts = fonts; self.tokens = tokens }

    /// The card's corner radius (Android 12+ launchers).
    package static let cardCornerRadiusDp = 16.0
    /// The streak glyph's envelope inside the 28 dp flame container.
    package static let glyphEnvelopeDp = 18.0

    public func plan(_ request: AndroidRenderRequest) -> (ResolvedWidget, AndroidWidgetPlan) {
        // Android's isKindling(snapshot) is false without a snapshot: firstRun always draws the flat,
        // legacy card (seed 000, "Why not a fourth branch — the FIRST_RUN exclusion").
        let w = resolveWidget(snapshot: request.snapshot, asOf: request.asOf, timeZone: request.timeZone,
                              kindlingWithoutSnapshot: false)
        return (w, planAndroidWidget(Self.planInput(w, request), measurer: fonts))
    }

    /// The layout's input, from the resolved widget and the copy layer's strings.
    package static func planInput(_ w: ResolvedWidget, _ r: AndroidRenderRequest) -> AndroidPlanInput {
        let strings = AndroidPlanStrings(
            daysLabel: daysLabelText(streak: w.streak, platform: .android),
            dayStreak: fixedText(.dayStreakLabel, platform: .android),
            longest: longestLabelText(longestStreak: w.longestStreak),
            progress: progressText(doneCount: w.doneCount, dueCount: w.dueCount),
            progressCompact: compactProgressText(doneCount: w.doneCount, dueCount: w.dueCount),
            newDay: fixedText(.newDayVisual, platform: .android),
            newDaySpoken: fixedText(.newDaySpoken, platform: .android),
            overflowTemplate: largeOverflowText(state: w.state, hiddenCount: 999_999)?
                .replacingOccurrences(of: "999999", with: "{n}") ?? "+{n} more",
            statusTitle: w.state == .newDay ? nil : stateTitleText(w, platform: .android),
            statusSubtitle: stateSubtitleText(w, platform: .android),
            staleFooter: staleFooterText(w) ?? "",
            motivator: shownLargeMotivatorText(w, platform: .android),
            cta: smallCTAText(w))
        return AndroidPlanInput(
            family: r.family, widthDp: r.widthDp, heightDp: r.heightDp, fontScale: r.fontScale,
            state: w.state, reactive: w.reactive ?? .baseline, motif: w.motif, kindling: w.kindling,
            streak: w.streak, longest: w.longestStreak,
            habits: w.habits.map { HabitInput($0.title, done: $0.checkedInToday) },
            coachLine: coachLineText(w, platform: .android),
            coachLineShort: coachLineShortText(w, platform: .android),
            strings: strings)
    }

    public func scene(_ request: AndroidRenderRequest) -> Scene {
        let (w, plan) = plan(request)
        return scene(w, plan, request)
    }

    /// The scene for a plan already made (what `render` reports on is exactly what it draws).
    public func scene(_ w: ResolvedWidget, _ plan: AndroidWidgetPlan, _ request: AndroidRenderRequest) -> Scene {
        var b = NodeList(theme: request.theme, tokens: tokens, fonts: fonts)
        let box = Rect(x: 0, y: 0, width: request.widthDp, height: request.heightDp)
        let margin = AndroidLayout.systemWidgetMarginDp
        let card = box.insetBy(dx: margin, dy: margin)
        let content = card.insetBy(dx: AndroidLayout.rootPaddingDp, dy: AndroidLayout.rootPaddingDp)
        b.content = content

        // Card, then the ember behind the streak glyph (kindling only; firstRun has no snapshot → flat card).
        b.rect(.card, ink: w.kindling ? .kindlingCard : .card, card, radius: Self.cardCornerRadiusDp, container: box)
        // The ember lies under the streak glyph, whose envelope centres in the flame container.
        let glyphRect = plan.elements[.flame].flatMap { $0.shown ? $0.frame : nil }.map { f in
            Rect(x: f.midX - Self.glyphEnvelopeDp / 2, y: f.midY - Self.glyphEnvelopeDp / 2,
                 width: Self.glyphEnvelopeDp, height: Self.glyphEnvelopeDp)
        }
        if w.kindling, let g = glyphRect {
            // Post-fix geometry (OBJ-1636), the same constants the token audit assumes.
            b.ember(center: g.center, box: EmberLayout.boxSideDp, radius: EmberLayout.gradientRadiusDp, card: card)
        }

        // Everything else in the plan's reading order (never an enum's case order).
        let muted: ColorRole = w.kindling ? .stoneMuted : .muted
        let captionToken: ColorRole = w.kindling ? .stoneCaption : .muted
        for item in plan.readingOrder {
            let key: AndroidElementKey
            switch item {
            case .habitRow(let i):
                b.habitRow(plan.habitRows[i], index: i, kindling: w.kindling, fontScale: plan.fontScale)
                continue
            case .element(let k): key = k
            }
            guard let e = plan.elements[key], let frame = e.frame else { continue }
            switch key {
            case .flame:
                if let g = glyphRect, let glyph = w.glyph { b.glyph(GlyphKind.streak(glyph, kindling: w.kindling), g, .streakGlyph) }
            case .appGlyph: b.glyph(.firstRunAppGlyph, frame, .appGlyph)
            case .newDayIcon: b.glyph(.newDaySun, frame, .newDayIcon)
            case .statusGlyph: b.glyph(w.state == .allDone ? .doneCheck : .restMoon, frame, .statusGlyph)
            case .pipRow: b.pips(w, in: frame)
            case .ctaPill:
                b.pill(e, frame: frame)
            case .numeral:
                b.text(e, .numeral, ink: .ink, frame: frame)
            case .captionRow:
                b.captionRow(e, frame: frame, glyph: GlyphKind.caption(w), ink: captionToken, family: plan.size, fontScale: plan.fontScale)
            case .coachLine:
                b.coachRow(e, frame: frame, spark: plan.size.traits.coachSpark)
            case .statusTitle:
                b.text(e, .statusTitle, ink: .ink, frame: frame)
            case .daysLabel: b.text(e, .daysLabel, ink: muted, frame: frame)
            case .dayStreakLabel: b.text(e, .dayStreakLabel, ink: muted, frame: frame)
            case .longestLabel: b.text(e, .longestLabel, ink: muted, frame: frame)
            case .progress: b.text(e, .progress, ink: muted, frame: frame)
            case .statusSubtitle: b.text(e, .statusSubtitle, ink: muted, frame: frame)
            case .staleFooter: b.text(e, .staleFooter, ink: muted, frame: frame)
            // the state's own line, as statusTitle (README "New day")
            case .newDayLine: b.text(e, .newDayLine, ink: .ink, frame: frame)
            case .overflowLine: b.text(e, .overflowLine, ink: muted, frame: frame)
            case .motivatorLine:
                b.text(e, .motivator, ink: captionToken, frame: frame)
            }
        }

        // Android's contentDescription is the same in every band (seed 000, "Check the budget
        // first", rule 4): every habit, and the Coach line whenever showsCoachLine(state, snapshot)
        // holds for a family that has a Coach row (Medium, Large) — never a budget decision.
        let traits = FixtureFamily.android(plan.size).traits
        let showsCoachLine = traits.drawsCoachLine && coachLineText(w, platform: .android) != nil
        let label = plan.size.traits.speaksSmallLabel ? androidSmallAccessibilityLabel(w)
            : composedAccessibilityLabel(w, platform: .android, speaksMotivator: traits.closesWithMotivator, visibleHabits: nil, showsCoachLine: showsCoachLine)
        return Scene(size: Size(box.width, box.height), density: request.density, card: card,
                     nodes: b.nodes, accessibilityLabel: label)
    }
}

/// Accumulates nodes in paint order, resolving tokens to colours for one theme.
package struct NodeList {
    package let theme: Theme
    package let tokens: TokenSet
    package let fonts: FontLibrary
    package var content = Rect.zero
    package var nodes: [SceneNode] = []

    /// The theme's glyph colours, looked up once per scene (every glyph node draws with them).
    package let palette: GlyphPalette

    package init(theme: Theme, tokens: TokenSet, fonts: FontLibrary) {
        self.theme = theme; self.tokens = tokens; self.fonts = fonts
        palette = GlyphPalette(tokens: tokens, theme: theme)
    }

    package func color(_ ink: ColorRole) -> Color { tokens.color(ink, theme: theme) }

    package mutating func rect(_ element: SceneElement, ink: ColorRole, _ r: Rect, radius: Double, container: Rect) {
        nodes.append(SceneNode(element, on: .android, role: .decorative, token: tokens.name(ink), bounds: r, container: container,
                               content: .rect(cornerRadius: radius, fill: .solid(color(ink)))))
    }

    package mutating func ember(center: Point, box: Double, radius: Double, card: Rect) {
        let r = Rect(x: center.x - box / 2, y: center.y - box / 2, width: box, height: box)
        nodes.append(SceneNode(.ember, on: .android, role: .decorative, token: tokens.name(.emberStart), bounds: r, container: card,
                               content: .rect(cornerRadius: box / 2, fill: .radial(center: center, radius: radius, stops: [
                                   GradientStop(0, color(.emberStart)), GradientStop(1, color(.emberEnd)),
                               ]))))
    }

    package mutating func glyph(_ kind: GlyphKind, _ r: Rect, _ element: SceneElement) {
        nodes += GlyphArt.nodes(kind, in: r, container: content, palette: palette, element: element, on: .android)
    }

    /// A planned text element, drawn with the lines the plan finished (no second wrap).
    package mutating func text(_ e: PlanElement, _ element: SceneElement, ink: ColorRole, frame: Rect) {
        guard let finished = e.drawn, let style = e.style else { return }
        let lineH = AndroidLayout.lineBox(size: style.size)
        nodes.append(SceneNode(element, on: .android, role: .text, token: tokens.name(ink), bounds: frame, container: content,
                               content: .text(TextContent(lines: finished.lines, style: style, color: color(ink),
                                                          lineHeight: lineH, ellipsized: finished.ellipsized))))
    }

    /// Caption row: glyph slot, 4 dp gap, caption text — the widths the plan charged.
    package mutating func captionRow(_ e: PlanElement, frame: Rect, glyph: GlyphKind?, ink: ColorRole, family: AndroidFamily, fontScale: Double) {
        let slot = AndroidLayout.captionGlyphSlotDp(family, fontScale: fontScale)
        // The glyph leads the first line (a caption wrapped to two lines keeps it on the first).
        let lineH = e.style.map { AndroidLayout.lineBox(size: $0.size) } ?? frame.height
        let size = min(slot, lineH - 2)
        if let glyph {
            self.glyph(glyph, Rect(x: frame.minX + (slot - size) / 2, y: frame.minY + lineH / 2 - size / 2, width: size, height: size), .captionGlyph)
        }
        let x = frame.minX + slot + AndroidLayout.captionGlyphGapDp(family)
        text(e, .caption, ink: ink, frame: Rect(x: x, y: frame.minY, width: max(0, frame.maxX - x), height: frame.height))
    }

    /// Coach row: on Large, coach_spark_large in widget_coach ahead of the line (in the slot the
    /// plan reserved); Medium draws the line alone.
    package mutating func coachRow(_ e: PlanElement, frame: Rect, spark: Bool) {
        if spark, let style = e.style {
            let lineH = AndroidLayout.lineBox(size: style.size)
            let size = AndroidLayout.coachSparkSlotDp - 4
            glyph(.captionSpark(.coach), Rect(x: frame.minX - AndroidLayout.coachSparkSlotDp, y: frame.minY + (lineH - size) / 2,
                                              width: size, height: size), .coachSpark)
        }
        text(e, .coachLine, ink: .coach, frame: frame)
    }

    /// Small kindling's check-off pill: accent-deep fill, its label centred on the lines the plan budgeted.
    package mutating func pill(_ e: PlanElement, frame: Rect) {
        guard let finished = e.drawn, let style = e.style else { return }
        rect(.checkOffButton(.pill), ink: .accentDeep, frame, radius: min(frame.height / 2, 16), container: content)
        let w = (finished.lines.map { fonts.advance($0, style: style) }.max() ?? 0).rounded(.up)
        let lineH = AndroidLayout.lineBox(size: style.size)
        let h = Double(finished.lines.count) * lineH
        let box = Rect(x: frame.midX - w / 2, y: frame.midY - h / 2, width: w, height: h)
        nodes.append(SceneNode(.checkOffButton(.label), on: .android, role: .text, token: tokens.name(.accentText), bounds: box, container: frame,
                               content: .text(TextContent(lines: finished.lines, style: style, color: color(.accentText),
                                                          alignment: .center, lineHeight: lineH, ellipsized: finished.ellipsized))))
    }

    /// Shape-coded pips: filled when done, outline when not — never colour alone. Round and of one
    /// size whatever the count; the filled count agrees with "N of M done" (`PipRow`).
    package mutating func pips(_ w: ResolvedWidget, in frame: Rect) {
        let count = PipRow.count(due: w.dueCount)
        let filled = PipRow.filled(done: w.doneCount, due: w.dueCount)
        let d = PipRow.diameterDp
        for i in 0..<count {
            glyph(.pip(done: i < filled), Rect(x: frame.minX + Double(i) * (d + PipRow.gapDp), y: frame.minY, width: d, height: d),
                  .pip(index: i, filled: i < filled))
        }
    }

    /// A habit row: kindling tint (the next-due row a deeper tint), the check, the label.
    package mutating func habitRow(_ row: HabitRowPlan, index: Int, kindling: Bool, fontScale: Double) {
        let drawn = HabitRowElement(position: index, habit: row.habitIndex, done: row.done, isNextDue: row.isNextDue)
        if kindling {
            let tint: ColorRole = row.isNextDue ? .rowNextTint : .rowTint
            rect(.habitRow(drawn, .background), ink: tint, row.frame, radius: 8, container: content)
        }
        let checkSlot = row.labelFrame.minX - row.frame.minX
        let size = min(16.0, checkSlot - 8, row.frame.height - 4)
        let check = Rect(x: row.frame.minX + (checkSlot - 4 - size) / 2, y: row.frame.midY - size / 2, width: size, height: size)
        glyph(row.done ? .doneCheck : .pip(done: false), check, .habitRow(drawn, .check))
        let style = TextStyle.roboto(.regular, sp: AndroidLayout.habitLabelSp, fontScale: fontScale)
        let label = PlanElement(key: .progress, shown: true, reason: "", frame: row.labelFrame, text: row.title,
                                style: style, lines: row.labelLines, maxLines: row.labelMaxLines, ellipsized: row.ellipsized,
                                drawn: row.label)
        text(label, .habitRow(drawn, .title), ink: row.done ? (kindling ? .stoneMuted : .muted) : .ink, frame: row.labelFrame)
    }
}
