/// Builds the iOS Home Screen widget's scene: resolve → copy → plan → positioned nodes. Every
/// position and line comes from `IOSWidgetPlan`; this file only turns plan items into nodes with
/// the asset catalog's colours, and composes the VoiceOver label.
public struct IOSSceneBuilder: Sendable {
    public let fonts: FontLibrary
    public let tokens: TokenSet

    public init(fonts: FontLibrary, tokens: TokenSet) { self.fonts = fonts; self.tokens = tokens }

    public func plan(_ r: IOSRenderRequest) -> (ResolvedWidget, IOSWidgetPlan) {
        // No snapshot → no flag to read: first run fails closed to the legacy body (seed 000).
        let w = resolveWidget(snapshot: r.snapshot, asOf: r.asOf, timeZone: r.timeZone, kindlingWithoutSnapshot: false)
        return (w, planIOSWidget(w, r, fonts: fonts))
    }

    public func scene(_ r: IOSRenderRequest) -> Scene {
        let (w, plan) = plan(r)
        return scene(w, plan, r)
    }

    public func scene(_ w: ResolvedWidget, _ plan: IOSWidgetPlan, _ r: IOSRenderRequest) -> Scene {
        let palette = GlyphPalette(tokens: tokens, theme: r.theme)
        func color(_ role: ColorRole) -> Color { tokens.color(role, theme: r.theme) }
        let box = plan.card
        // iOS 17+ containerBackground: the opaque WidgetCard fills the host's rounded card.
        var nodes = [SceneNode(name: "card", role: .decorative, token: tokens.name(.card), bounds: box, container: box,
                               content: .rect(cornerRadius: IOSLayout.cornerRadiusPt, fill: .solid(color(.card))))]
        let buttons = plan.items.compactMap { i -> Rect? in if case .fill = i.content, i.name == "cta-pill" { return i.frame } else { return nil } }
        for item in plan.items {
            switch item.content {
            case .fill(let role, let alpha, let radius):
                let c = color(role)
                nodes.append(SceneNode(name: item.name, role: .decorative, token: tokens.name(role), bounds: item.frame, container: plan.content,
                                       content: .rect(cornerRadius: radius, fill: .solid(c.withAlpha(UInt8((Double(c.a) * alpha).rounded()))))))
            case .glyph(let kind):
                nodes += GlyphArt.nodes(kind, in: item.frame, container: plan.content, palette: palette, name: item.name)
            case .text(let t, let style, let lineHeight, let ink, let alignment):
                let container = buttons.first { $0.contains(item.frame, tolerance: 0.25) } ?? plan.content
                nodes.append(SceneNode(name: item.name, role: .text, token: tokens.name(ink), bounds: item.frame, container: container,
                                       content: .text(TextContent(lines: t.lines, style: style, color: color(ink), alignment: alignment,
                                                                  lineHeight: lineHeight, ellipsized: t.ellipsized,
                                                                  // SwiftUI aligns leading text by the layout direction (left in
                                                                  // an English locale), not by the paragraph's first strong character.
                                                                  leadingEdge: .layoutLeftToRight))))
            }
        }
        // Seed 001 §4: Large speaks only its visible rows, then "N more habits in the app."; the
        // motivator only where the kindling body draws it (OBJ-3317 Q4). Small and Medium speak every habit.
        let isLarge = r.family == .systemLarge
        let visible = isLarge && [.defaultProgress, .stale].contains(w.state) ? plan.visibleHabits.map { w.habits[$0] } : nil
        let label = composedAccessibilityLabel(w, platform: .ios, isLarge: isLarge, visibleHabits: visible, showsCoachLine: false)
        return Scene(size: r.size, density: r.scale, card: box, nodes: nodes, accessibilityLabel: label)
    }
}
