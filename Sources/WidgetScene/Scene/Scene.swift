import EvidenceCore
import WidgetLayout
import WidgetModel
import WidgetText

/// The scene is the seam between layout and pixels: every positioned thing the painter draws,
/// with the role, token, bounds and container that the clip check and contrast audit read.
/// Coordinates are layout units (dp / pt); the painter multiplies by `Scene.density`.

/// What WCAG floor a node owes.
public enum NodeRole: String, Hashable, Sendable, Codable {
    /// Text: 4.5:1 (or 3:1 when `TextContent.isLargeText`).
    case text
    /// A graphical object that carries meaning (WCAG 1.4.11): 3:1.
    case graphic
    /// Decoration (card fills, the ember, the rest moon): exempt.
    case decorative
}

public struct GradientStop: Hashable, Sendable, Codable {
    public var offset: Double
    public var color: Color
    public init(_ offset: Double, _ color: Color) {
        self.offset = offset
        self.color = color
    }
}

public enum Paint: Hashable, Sendable, Codable {
    case solid(Color)
    case linear(start: Point, end: Point, stops: [GradientStop])
    case radial(center: Point, radius: Double, stops: [GradientStop])

    /// A representative colour: the solid colour, or the most opaque gradient stop.
    public var representativeColor: Color {
        switch self {
        case .solid(let c): return c
        case .linear(_, _, let stops), .radial(_, _, let stops):
            return stops.max(by: { $0.color.a < $1.color.a })?.color ?? .clear
        }
    }
}

public enum PathCommand: Hashable, Sendable, Codable {
    case move(Point)
    case line(Point)
    case curve(Point, Point, Point)
    /// Arc around `center`, angles in radians, clockwise in screen space (Cairo's `arc`).
    case arc(center: Point, radius: Double, start: Double, end: Double)
    case close
}

public enum LineCap: String, Hashable, Sendable, Codable { case butt, round, square }
public enum LineJoin: String, Hashable, Sendable, Codable { case miter, round, bevel }

public struct Stroke: Hashable, Sendable, Codable {
    public var paint: Paint
    public var width: Double
    public var dash: [Double]
    public var cap: LineCap
    public var join: LineJoin
    public init(_ paint: Paint, width: Double, dash: [Double] = [], cap: LineCap = .round, join: LineJoin = .round) {
        self.paint = paint
        self.width = width
        self.dash = dash
        self.cap = cap
        self.join = join
    }
}

/// Already-wrapped text: the layout decided the lines; the painter only places them.
public struct TextContent: Hashable, Sendable, Codable {
    public var lines: [String]
    public var style: TextStyle
    public var color: Color
    public var alignment: TextAlignment
    /// Height of one line box in layout units (Android: ceil(sp × fontScale × 1.33)).
    public var lineHeight: Double
    /// True when the layout cut the text and drew a trailing "…".
    public var ellipsized: Bool
    /// Where `.leading` starts: the paragraph's start (Android) or the layout direction (iOS).
    public var leadingEdge: LeadingEdge
    /// WCAG large text (≥ 18.66 sp bold or ≥ 24 sp regular): owes 3:1 instead of 4.5:1.
    public var isLargeText: Bool {
        let bold = style.weight == .bold || style.weight == .semibold
        return style.size >= 24 || (bold && style.size >= 18.66)
    }
    public init(
        lines: [String], style: TextStyle, color: Color, alignment: TextAlignment = .leading,
        lineHeight: Double, ellipsized: Bool = false, leadingEdge: LeadingEdge = .paragraphStart
    ) {
        self.lines = lines
        self.style = style
        self.color = color
        self.alignment = alignment
        self.lineHeight = lineHeight
        self.ellipsized = ellipsized
        self.leadingEdge = leadingEdge
    }
    public var text: String { lines.joined(separator: " ") }
}

public enum NodeContent: Hashable, Sendable, Codable {
    case text(TextContent)
    /// Filled and/or stroked path; fill uses the non-zero rule.
    case path([PathCommand], fill: Paint?, stroke: Stroke?)
    /// A rounded rectangle filling `SceneNode.bounds`.
    case rect(cornerRadius: Double, fill: Paint)
}

public struct SceneNode: Hashable, Sendable, Codable {
    /// What the node is: every decision about it reads this (`SceneElement`'s traits).
    public var element: SceneElement
    /// The platform whose scene the node is in: it decides how the element is spelled (`name`).
    public var platform: Platform
    /// The part of a drawing the node is, where an element is drawn in several (a glyph's `body`,
    /// a ring's `track`); nil for the whole element.
    public var part: String?
    public var role: NodeRole
    /// The colour token the node's colour comes from, e.g. "widget_ink".
    public var token: String
    /// Where the node's ink may land (text: its line boxes; paths: their envelope).
    public var bounds: Rect
    /// The box the node must stay inside.
    public var container: Rect
    public var content: NodeContent

    public init(
        _ element: SceneElement, on platform: Platform, part: String? = nil, role: NodeRole, token: String,
        bounds: Rect,
        container: Rect, content: NodeContent
    ) {
        self.element = element
        self.platform = platform
        self.part = part
        self.role = role
        self.token = token
        self.bounds = bounds
        self.container = container
        self.content = content
    }

    /// Stable, human-readable id for JSON and reports only, e.g. "numeral", "habit-row-2.title",
    /// "streak-glyph.body": derived, never stored — the element's display name on its platform,
    /// then the part where there is one. No decision reads it.
    public var name: String { element.displayName(platform) + (part.map { "." + $0 } ?? "") }
}

public struct Scene: Hashable, Sendable, Codable {
    /// Canvas size in layout units.
    public var size: Size
    /// Pixels per layout unit.
    public var density: Double
    /// The card: every node must also stay inside this.
    public var card: Rect
    /// Nodes in paint order (back to front).
    public var nodes: [SceneNode]
    /// The composed VoiceOver / TalkBack label for the whole widget.
    public var accessibilityLabel: String
    /// Who paints the colours: the app (full colour) or the host in one tint (`HostRendering`).
    public var rendering: SceneRendering = .fullColor

    public init(size: Size, density: Double, card: Rect, nodes: [SceneNode], accessibilityLabel: String) {
        self.size = size
        self.density = density
        self.card = card
        self.nodes = nodes
        self.accessibilityLabel = accessibilityLabel
    }

    public var pixelWidth: Int { Int((size.width * density).rounded()) }
    public var pixelHeight: Int { Int((size.height * density).rounded()) }

    /// Every string a sighted user can read, in paint order.
    public var visibleText: [String] {
        nodes.compactMap { if case .text(let t) = $0.content { return t.text } else { return nil } }
    }
}
