import EvidenceCore
import WidgetModel
import WidgetText

/// One plan vocabulary for both platforms (issue #57): a planner emits `PlanItem`s — the element,
/// its frame, what is drawn there and why — in reading order, and names what it left out by
/// `PlanPart`. The scene is one function of the items (`PlanScene`), whichever platform planned them.

/// How an element is drawn.
public enum PlanContent: Sendable, Hashable, Codable {
    case text(FinishedText, style: TextStyle, lineHeight: Double, ink: ColorRole, alignment: TextAlignment)
    case glyph(GlyphKind)
    /// A filled rounded rectangle (the check-off button, a habit row's tint, a frosted row).
    case fill(ColorRole, alpha: Double, radius: Double)
    /// A Lock Screen SF Symbol stand-in, drawn in one ink (the accessories).
    case symbol(AccessorySymbol, ink: ColorRole)
    /// `AccessoryWidgetBackground()`: the system's translucent disc / rounded plate behind an accessory.
    case accessoryBackground(radius: Double)
    /// A capacity gauge ring: the full track, then the value arc from 12 o'clock clockwise
    /// (`fraction` nil: the track alone). `lineWidth` in pt.
    case gauge(fraction: Double?, lineWidth: Double)
    /// Android kindling's ember: a radial glow filling the item's frame (a circle), `radius` from
    /// its centre to the gradient's end, under the streak glyph and clipped to the card.
    case ember(radius: Double)
}

/// One thing a plan draws.
public struct PlanItem: Sendable, Hashable, Codable {
    /// What the item is; the scene's node(s) carry it.
    public var element: SceneElement
    public var frame: Rect
    public var content: PlanContent
    /// Why it is there: the budget arithmetic or the seed rule.
    public var reason: String

    public init(element: SceneElement, frame: Rect, content: PlanContent, reason: String) {
        self.element = element
        self.frame = frame
        self.content = content
        self.reason = reason
    }

    /// Its display name on `platform` (`plan` output and lookups by name in tests).
    public func name(on platform: Platform) -> String { element.displayName(platform) }
}

/// What a planner decides about, by type: one element kind, or a whole group a single decision
/// places or sheds. `name(on:)` is what `plan` prints.
public enum PlanPart: Sendable, Hashable {
    case element(ElementKind)
    /// The pip row, its pips placed or shed together; the check-off button, pill and label together.
    case pipRow, checkOffButton
    /// Small's next-due habit row; the checklist's first habit row.
    case nextDueRow, habitRow
    /// The count inside the inline accessory's line (the line itself stays).
    case inlineCount

    /// The name `plan` prints: each platform's own words for the same part (Android's are the
    /// layout's, e.g. `captionRow`; iOS's its scene names, e.g. `caption`).
    public func name(on platform: Platform) -> String {
        switch (self, platform) {
        case (.element(.streakGlyph), .android): return "flame"
        case (.element(.caption), .android): return "captionRow"
        case (.element(.motivator), .android): return "motivatorLine"
        // Android's element names are the element kinds' own (`daysLabel`, `staleFooter`).
        case (.element(let kind), .android): return "\(kind)"
        case (.element(let kind), .ios): return kind.displayName(.ios)
        case (.pipRow, .android): return "pipRow"
        case (.pipRow, .ios): return "pips"
        case (.checkOffButton, .android): return "ctaPill"
        case (.checkOffButton, .ios): return "cta"
        case (.nextDueRow, _): return "next-due-row"
        case (.habitRow, _): return "habit-row"
        case (.inlineCount, _): return "inline-count"
        }
    }
}

/// The column of the content box a planned row stands in.
public enum PlanColumn: String, Sendable, Hashable, Codable {
    /// Small's and Large's one column.
    case main
    /// Medium's streak column and, right of it, its checklist column.
    case left, right
    /// The STALE footer, spanning the columns.
    case footer

    /// Reading order takes the columns left to right, the footer last.
    public var readingRank: Int {
        switch self {
        case .main, .left: 0
        case .right: 1
        case .footer: 2
        }
    }
}
