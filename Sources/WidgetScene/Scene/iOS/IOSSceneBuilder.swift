import WidgetLayout
import WidgetModel
import WidgetText

/// Builds the iOS Home Screen widget's scene: resolve → copy → plan → positioned nodes. Every
/// position and line comes from `IOSWidgetPlan`; this file only turns plan items into nodes with
/// the asset catalog's colours, and composes the VoiceOver label.
public struct IOSSceneBuilder: Sendable {
    public let fonts: FontLibrary
    public let tokens: TokenSet
    /// Plans already made for requests met before (the catalog's builders); nil plans every request.
    public let plans: PlanMemo?

    public init(fonts: FontLibrary, tokens: TokenSet, plans: PlanMemo? = nil) {
        self.fonts = fonts
        self.tokens = tokens
        self.plans = plans
    }

    public func plan(_ r: IOSRenderRequest) -> (ResolvedWidget, IOSWidgetPlan) {
        let w = Self.resolved(r)
        guard let plans else { return (w, planIOSWidget(w, r, fonts: fonts)) }
        return (w, plans.ios(r) { planIOSWidget(w, r, fonts: fonts) })
    }

    /// What the request asks to show. No snapshot → no flag to read: first run fails closed to the
    /// legacy body (seed 000).
    public static func resolved(_ r: IOSRenderRequest) -> ResolvedWidget {
        resolveWidget(snapshot: r.snapshot, asOf: r.asOf, timeZone: r.timeZone, kindlingWithoutSnapshot: false)
    }

    public func scene(_ r: IOSRenderRequest) -> Scene {
        let (w, plan) = plan(r)
        return scene(w, plan, r)
    }

    /// The full-colour scene, then the host's pass: vibrant for the accessories (drawn from their dark
    /// form), the host mode for the Home Screen families (from the dark scene when the host owns it).
    public func scene(_ w: ResolvedWidget, _ plan: IOSWidgetPlan, _ r: IOSRenderRequest) -> Scene {
        if r.family.isAccessory { return HostRendering.vibrant(fullColorScene(w, plan, r, theme: .dark)) }
        if r.hostMode.appOwnsCard {
            return HostRendering.apply(r.hostMode, to: fullColorScene(w, plan, r, theme: r.theme))
        }
        return HostRendering.apply(r.hostMode, to: fullColorScene(w, plan, r, theme: .dark))
    }

    package func fullColorScene(_ w: ResolvedWidget, _ plan: IOSWidgetPlan, _ r: IOSRenderRequest, theme: Theme)
        -> Scene
    {
        let nodes = PlanScene.nodes(of: plan, w, tokens: tokens, theme: theme, measurer: fonts)
        // Seed 001 §4: Large speaks only its visible rows, then "N more habits in the app."; the
        // motivator only where the kindling body draws it (OBJ-3317 Q4). Small and Medium speak every habit.
        // The accessories speak the progress count, no checklist (seed 001 §4).
        // Which habits are spoken is the family's choice (`IOSFamilyTraits.spokenHabits`, its row of the family table).
        let visible: [WidgetHabit]?
        switch r.family.spokenHabits {
        case .none: visible = []
        case .all: visible = nil
        case .visibleRows:
            visible = [.defaultProgress, .stale].contains(w.state) ? plan.visibleHabits.map { w.habits[$0] } : nil
        }
        let label =
            r.family.isAccessory
            ? accessoryAccessibilityLabel(w)
            : composedAccessibilityLabel(
                w, platform: .ios, speaksMotivator: FixtureFamily.ios(r.family).traits.closesWithMotivator,
                visibleHabits: visible, showsCoachLine: false)
        return Scene(size: r.size, density: r.scale, card: plan.frames.card, nodes: nodes, accessibilityLabel: label)
    }
}
