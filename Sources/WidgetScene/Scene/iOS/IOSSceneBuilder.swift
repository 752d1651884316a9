import EvidenceCore
import WidgetModel
import WidgetText
import WidgetLayout

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

    /// The full-colour scene, then the host's pass: vibrant for the accessories (drawn from their dark
    /// form), the host mode for the Home Screen families (from the dark scene when the host owns it).
    public func scene(_ w: ResolvedWidget, _ plan: IOSWidgetPlan, _ r: IOSRenderRequest) -> Scene {
        if r.family.isAccessory { return HostRendering.vibrant(fullColorScene(w, plan, r, theme: .dark)) }
        if r.hostMode.appOwnsCard { return HostRendering.apply(r.hostMode, to: fullColorScene(w, plan, r, theme: r.theme)) }
        return HostRendering.apply(r.hostMode, to: fullColorScene(w, plan, r, theme: .dark))
    }

    package func fullColorScene(_ w: ResolvedWidget, _ plan: IOSWidgetPlan, _ r: IOSRenderRequest, theme: Theme) -> Scene {
        let palette = GlyphPalette(tokens: tokens, theme: theme)
        func color(_ role: ColorRole) -> Color { tokens.color(role, theme: theme) }
        let box = plan.card
        // iOS 17+ containerBackground: the opaque WidgetCard fills the host's rounded card. The
        // accessories have no card: the Lock Screen draws them over the wallpaper.
        var nodes = r.family.isAccessory ? [] : [SceneNode(.card, on: .ios, role: .decorative, token: tokens.name(.card), bounds: box, container: box,
                               content: .rect(cornerRadius: IOSLayout.cornerRadiusPt, fill: .solid(color(.card))))]
        let buttons = plan.items.compactMap { i -> Rect? in if case .fill = i.content, i.element == .checkOffButton(.pill) { return i.frame } else { return nil } }
        for item in plan.items {
            switch item.content {
            case .fill(let role, let alpha, let radius):
                let c = color(role)
                nodes.append(SceneNode(item.element, on: .ios, role: .decorative, token: tokens.name(role), bounds: item.frame, container: plan.content,
                                       content: .rect(cornerRadius: radius, fill: .solid(c.scalingAlpha(by: alpha)))))
            case .glyph(let kind):
                nodes += GlyphArt.nodes(kind, in: item.frame, container: plan.content, palette: palette, element: item.element, on: .ios)
            case .symbol(let symbol, let ink):
                nodes += SymbolArt.nodes(symbol, in: item.frame, container: plan.content, ink: GlyphInk(tokens.name(ink), color(ink)),
                                         element: item.element)
            case .accessoryBackground(let radius):
                nodes.append(SceneNode(item.element, on: .ios, role: .decorative, token: tokens.name(.border), bounds: item.frame, container: plan.content,
                                       content: .rect(cornerRadius: radius, fill: .solid(color(.border)))))
            case .gauge(let fraction, let lineWidth):
                nodes += Self.gaugeNodes(item, fraction: fraction, lineWidth: lineWidth, container: plan.content,
                                         track: GlyphInk(tokens.name(.muted), color(.muted)), value: GlyphInk(tokens.name(.ink), color(.ink)))
            case .text(let t, let style, let lineHeight, let ink, let alignment):
                let container = buttons.first { $0.contains(item.frame, tolerance: 0.25) } ?? plan.content
                nodes.append(SceneNode(item.element, on: .ios, role: .text, token: tokens.name(ink), bounds: item.frame, container: container,
                                       content: .text(TextContent(lines: t.lines, style: style, color: color(ink), alignment: alignment,
                                                                  lineHeight: lineHeight, ellipsized: t.ellipsized,
                                                                  // SwiftUI aligns leading text by the layout direction (left in
                                                                  // an English locale), not by the paragraph's first strong character.
                                                                  leadingEdge: .layoutLeftToRight))))
            }
        }
        // Seed 001 §4: Large speaks only its visible rows, then "N more habits in the app."; the
        // motivator only where the kindling body draws it (OBJ-3317 Q4). Small and Medium speak every habit.
        // The accessories speak the progress count, no checklist (seed 001 §4).
        // Which habits are spoken is the family's choice (`IOSFamily.spokenHabits`, an exhaustive switch).
        let visible: [WidgetHabit]?
        switch r.family.spokenHabits {
        case .none: visible = []
        case .all: visible = nil
        case .visibleRows: visible = [.defaultProgress, .stale].contains(w.state) ? plan.visibleHabits.map { w.habits[$0] } : nil
        }
        let label = r.family.isAccessory ? accessoryAccessibilityLabel(w)
            : composedAccessibilityLabel(w, platform: .ios, speaksMotivator: FixtureFamily.ios(r.family).traits.closesWithMotivator, visibleHabits: visible, showsCoachLine: false)
        return Scene(size: r.size, density: r.scale, card: box, nodes: nodes, accessibilityLabel: label)
    }

    /// A capacity gauge: the full track ring, then the value arc clockwise from 12 o'clock.
    package static func gaugeNodes(_ item: IOSPlanItem, fraction: Double?, lineWidth: Double, container: Rect,
                           track: GlyphInk, value: GlyphInk) -> [SceneNode] {
        let c = Point(item.frame.midX, item.frame.midY)
        let radius = min(item.frame.width, item.frame.height) / 2 - lineWidth / 2
        let bounds = item.frame
        var out = [SceneNode(item.element, on: .ios, part: "track", role: .decorative, token: track.token, bounds: bounds, container: container,
                             content: .path([.arc(center: c, radius: radius, start: 0, end: 2 * Double.pi), .close], fill: nil,
                                            stroke: Stroke(.solid(track.color), width: lineWidth)))]
        if let f = fraction, f > 0 {
            let start = -Double.pi / 2
            out.append(SceneNode(item.element, on: .ios, part: "value", role: .graphic, token: value.token, bounds: bounds, container: container,
                                 content: .path([.arc(center: c, radius: radius, start: start, end: start + 2 * Double.pi * min(1, f))], fill: nil,
                                                stroke: Stroke(.solid(value.color), width: lineWidth, cap: f >= 1 ? .butt : .round))))
        }
        return out
    }
}
