import EvidenceCore
import WidgetLayout
import WidgetModel
import WidgetText

/// A plan's nodes: one function of `PlanItem`s for both platforms. The planner decided every
/// element, frame, line and ink role; this only resolves the roles to the theme's colours and
/// turns each item into its node(s), back to front in the items' order.
package struct PlanScene {
    package let platform: Platform
    package let tokens: TokenSet
    package let theme: Theme
    /// The whole widget box (the card's container), the card (the ember's) and the content box
    /// (every other element's, and a text's unless it sits on a button).
    package let box: Rect
    package let card: Rect
    package let content: Rect

    /// A plan's scene nodes, whichever platform planned it: its items in its boxes.
    package static func nodes(
        of plan: some LaidOutPlan, _ w: ResolvedWidget, tokens: TokenSet, theme: Theme,
        measurer: TextMeasuring
    ) -> [SceneNode] {
        let f = plan.frames
        return PlanScene(
            platform: plan.platform, tokens: tokens, theme: theme, box: f.box, card: f.card, content: f.content
        )
        .nodes(plan.sceneItems(w, measurer: measurer))
    }

    package func nodes(_ items: [PlanItem]) -> [SceneNode] {
        let palette = GlyphPalette(tokens: tokens, theme: theme)
        func color(_ role: ColorRole) -> Color { tokens.color(role, theme: theme) }
        // A label drawn on a check-off button lies in the button, not the content box.
        let buttons = items.compactMap { i -> Rect? in
            if case .fill = i.content, i.element == .checkOffButton(.pill) { return i.frame } else { return nil }
        }
        var nodes: [SceneNode] = []
        for item in items {
            let container = item.element == .card ? box : content
            switch item.content {
            case .fill(let role, let alpha, let radius):
                nodes.append(
                    SceneNode(
                        item.element, on: platform, role: .decorative, token: tokens.name(role), bounds: item.frame,
                        container: container,
                        content: .rect(cornerRadius: radius, fill: .solid(color(role).scalingAlpha(by: alpha)))))
            case .ember(let radius):
                let f = item.frame
                nodes.append(
                    SceneNode(
                        item.element, on: platform, role: .decorative, token: tokens.name(.emberStart), bounds: f,
                        container: card,
                        content: .rect(
                            cornerRadius: f.width / 2,
                            fill: .radial(
                                center: f.center, radius: radius,
                                stops: [
                                    GradientStop(0, color(.emberStart)), GradientStop(1, color(.emberEnd)),
                                ]))))
            case .glyph(let kind):
                nodes += GlyphArt.nodes(
                    kind, in: item.frame, container: container, palette: palette, element: item.element, on: platform)
            case .symbol(let symbol, let ink):
                nodes += SymbolArt.nodes(
                    symbol, in: item.frame, container: container, ink: GlyphInk(tokens.name(ink), color(ink)),
                    element: item.element)
            case .accessoryBackground(let radius):
                nodes.append(
                    SceneNode(
                        item.element, on: platform, role: .decorative, token: tokens.name(.border), bounds: item.frame,
                        container: container, content: .rect(cornerRadius: radius, fill: .solid(color(.border)))))
            case .gauge(let fraction, let lineWidth):
                nodes += Self.gaugeNodes(
                    item, fraction: fraction, lineWidth: lineWidth, container: container, on: platform,
                    track: GlyphInk(tokens.name(.muted), color(.muted)), value: GlyphInk(tokens.name(.ink), color(.ink))
                )
            case .text(let t, let style, let lineHeight, let ink, let alignment):
                let onButton = buttons.first { $0.contains(item.frame, tolerance: 0.25) }
                nodes.append(
                    SceneNode(
                        item.element, on: platform, role: .text, token: tokens.name(ink), bounds: item.frame,
                        container: onButton ?? container,
                        content: .text(
                            TextContent(
                                lines: t.lines, style: style, color: color(ink), alignment: alignment,
                                lineHeight: lineHeight, ellipsized: t.ellipsized,
                                leadingEdge: Self.leadingEdge(platform)))))
            }
        }
        return nodes
    }

    /// Where leading text starts: Android's TextView by the paragraph's first strong character;
    /// SwiftUI by the layout direction (left in an English locale).
    package static func leadingEdge(_ platform: Platform) -> LeadingEdge {
        switch platform {
        case .android: .paragraphStart
        case .ios: .layoutLeftToRight
        }
    }

    /// A capacity gauge: the full track ring, then the value arc clockwise from 12 o'clock.
    package static func gaugeNodes(
        _ item: PlanItem, fraction: Double?, lineWidth: Double, container: Rect, on platform: Platform,
        track: GlyphInk, value: GlyphInk
    ) -> [SceneNode] {
        let c = Point(item.frame.midX, item.frame.midY)
        let radius = min(item.frame.width, item.frame.height) / 2 - lineWidth / 2
        let bounds = item.frame
        var out = [
            SceneNode(
                item.element, on: platform, part: "track", role: .decorative, token: track.token, bounds: bounds,
                container: container,
                content: .path(
                    [.arc(center: c, radius: radius, start: 0, end: 2 * Double.pi), .close], fill: nil,
                    stroke: Stroke(.solid(track.color), width: lineWidth)))
        ]
        if let f = fraction, f > 0 {
            let start = -Double.pi / 2
            out.append(
                SceneNode(
                    item.element, on: platform, part: "value", role: .graphic, token: value.token, bounds: bounds,
                    container: container,
                    content: .path(
                        [.arc(center: c, radius: radius, start: start, end: start + 2 * Double.pi * min(1, f))],
                        fill: nil, stroke: Stroke(.solid(value.color), width: lineWidth, cap: f >= 1 ? .butt : .round)))
            )
        }
        return out
    }
}
