import EvidenceCore
import WidgetLayout
import WidgetModel
import WidgetText

/// Builds the Android widget's scene: resolve → copy → plan → positioned nodes. Every position
/// comes from the layout plan; this file decides only what each planned element looks like
/// (colour token, glyph, role) — it never re-derives a budget.
public struct AndroidSceneBuilder: Sendable {
    public let fonts: FontLibrary
    public let tokens: TokenSet
    /// Plans already made for inputs met before (the catalog's builders); nil plans every request.
    public let plans: PlanMemo?

    public init(fonts: FontLibrary, tokens: TokenSet, plans: PlanMemo? = nil) {
        self.fonts = fonts
        self.tokens = tokens
        self.plans = plans
    }

    public func plan(_ request: AndroidRenderRequest) -> (ResolvedWidget, AndroidWidgetPlan) {
        let w = Self.resolved(request)
        let input = Self.planInput(w, request)
        guard let plans else { return (w, planAndroidWidget(input, measurer: fonts)) }
        return (w, plans.android(input) { planAndroidWidget(input, measurer: fonts) })
    }

    /// What the request asks to show. Android's isKindling(snapshot) is false without a snapshot:
    /// firstRun always draws the flat, legacy card (seed 000, "Why not a fourth branch — the
    /// FIRST_RUN exclusion").
    public static func resolved(_ request: AndroidRenderRequest) -> ResolvedWidget {
        resolveWidget(
            snapshot: request.snapshot, asOf: request.asOf, timeZone: request.timeZone, kindlingWithoutSnapshot: false)
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

    /// The scene for a plan already made (what `render` reports on is exactly what it draws): the
    /// plan through the one scene function both platforms share.
    public func scene(_ w: ResolvedWidget, _ plan: AndroidWidgetPlan, _ request: AndroidRenderRequest) -> Scene {
        let nodes = PlanScene.nodes(of: plan, w, tokens: tokens, theme: request.theme, measurer: fonts)
        let box = plan.frames.box

        // Android's contentDescription is the same in every band (seed 000, "Check the budget
        // first", rule 4): every habit, and the Coach line whenever showsCoachLine(state, snapshot)
        // holds for a family that has a Coach row (Medium, Large) — never a budget decision.
        let traits = FixtureFamily.android(plan.size).traits
        let showsCoachLine = traits.drawsCoachLine && coachLineText(w, platform: .android) != nil
        let label =
            plan.size.traits.speaksSmallLabel
            ? androidSmallAccessibilityLabel(w)
            : composedAccessibilityLabel(
                w, platform: .android, speaksMotivator: traits.closesWithMotivator, visibleHabits: nil,
                showsCoachLine: showsCoachLine)
        return Scene(
            size: Size(box.width, box.height), density: request.density, card: plan.frames.card, nodes: nodes,
            accessibilityLabel: label)
    }
}
