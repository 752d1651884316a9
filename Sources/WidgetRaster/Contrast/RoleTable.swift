import EvidenceCore
import WidgetLayout
import WidgetModel
import WidgetScene

/// What WCAG floor a token owes in one use.
public enum ContrastRole: Hashable, Sendable, Codable {
    /// Body text, SC 1.4.3: 4.5:1.
    case text
    /// Large text, SC 1.4.3: 3:1. Large = ≥ 18.66 sp bold or ≥ 24 sp (sp × fontScale; 1 sp ≈ 1 CSS
    /// px at density 1, so WCAG's 14 pt bold / 18 pt map to 18.66 sp / 24 sp) — `TextContent.isLargeText`.
    case largeText
    /// A graphical object that carries state, SC 1.4.11: 3:1.
    case graphic
    /// A glyph fill whose 3:1 is carried by a silhouette edge drawn in `edge` (OBJ-1625): reported
    /// for information, never gating; the edge token has its own graphic row.
    case edgedFill(edge: String)
    /// Exempt.
    case decorative

    public var floor: Double? {
        switch self {
        case .text: return WCAG.textFloor
        case .largeText: return WCAG.largeTextFloor
        case .graphic: return WCAG.graphicFloor
        case .edgedFill, .decorative: return nil
        }
    }
    public var label: String {
        switch self {
        case .text: return "text"
        case .largeText: return "large text"
        case .graphic: return "graphic"
        case .edgedFill(let e): return "fill (edge \(e))"
        case .decorative: return "decorative"
        }
    }
}

/// A background a foreground actually composites over.
public enum Backdrop: Hashable, Sendable, Codable, CustomStringConvertible {
    /// An opaque token: `widget_card`, `widget_kindling_card`, `widget_accent_deep`.
    case card(String)
    /// A translucent token (e.g. a row tint) over an opaque one.
    case tint(String, over: String)
    /// An opaque token drawn at a fraction of its opacity over another (iOS frosted rows).
    case frosted(String, alpha: Double, over: String)
    /// The kindling ember (`widget_ember_start` → `widget_ember_end`) over an opaque token, for ink
    /// no nearer the ember's centre than the anchor's distance (every distance out to the radius is
    /// checked; the worst is reported).
    case ember(over: String, at: EmberAnchor)
    /// A lit glyph's radial glow (`token` from `peak` opacity at its centre to 0) over another
    /// backdrop: every opacity in between is checked, over every colour of that backdrop.
    indirect case glow(String, peak: Double, over: Backdrop)

    public var description: String {
        switch self {
        case .card(let t): return t
        case .tint(let t, let base): return "\(base) + \(t)"
        case .frosted(let t, let alpha, let base): return "\(base) + \(t) @\(Int((alpha * 100).rounded()))%"
        case .ember(let base, let a): return "\(base) + ember @\(a.rawValue)"
        case .glow(let t, let peak, let base): return "\(base) + \(t) glow ≤\(Int((peak * 100).rounded()))%"
        }
    }
}

/// One use of a foreground token: its role and every background it sits on (both themes).
public struct RoleEntry: Hashable, Sendable, Codable {
    public var token: String
    public var role: ContrastRole
    public var backdrops: [Backdrop]
    /// Where the widget uses it, for people.
    public var usage: String
    public init(_ token: String, _ role: ContrastRole, on backdrops: [Backdrop], usage: String) {
        self.token = token
        self.role = role
        self.backdrops = backdrops
        self.usage = usage
    }
}

/// The role table: every foreground token the Android widget draws, its WCAG role, and the
/// backgrounds it composites over. Data, read by `ContrastAudit.auditTokens`.
public enum RoleTable {
    /// Android's token name for a role: the table is written in roles, checked against the real files.
    static func a(_ role: ColorRole) -> String { role.androidName }
    static let card = a(.card)
    static let kindling = a(.kindlingCard)
    static let flat: Backdrop = .card(card)
    static let kCard: Backdrop = .card(kindling)
    static let rows: [Backdrop] = [.tint(a(.rowTint), over: kindling), .tint(a(.rowNextTint), over: kindling)]
    static func ember(_ a: EmberAnchor) -> Backdrop { .ember(over: kindling, at: a) }
    /// What a lit glyph's edge sits on (`GlyphArt.GlowPeak`): the accent halo (flame, the other
    /// motifs, legacy stones; the flame's is the deepest) on either card, and the kindling gold capstone's glow.
    static let glows: [Backdrop] = [
        .glow(a(.accent), peak: GlyphArt.GlowPeak.flame, over: flat),
        .glow(a(.accent), peak: GlyphArt.GlowPeak.flame, over: ember(.streakGlyph)),
        .glow(a(.goldMid), peak: GlyphArt.GlowPeak.kindlingCapstone, over: ember(.streakGlyph)),
    ]

    public static let bundled: [RoleEntry] = [
        // Text — 4.5:1.
        RoleEntry(
            a(.ink), .text, on: [flat, kCard, ember(.headRowText)] + rows,
            usage: "streak numeral (never accent), habit labels"),
        RoleEntry(
            a(.muted), .text, on: [flat],
            usage: "legacy done-row labels, sync captions, first-run subtitle (kindling off only — mutedTextColorRes)"),
        RoleEntry(
            a(.stoneMuted), .text, on: [kCard, ember(.captionRow), rows[0]],
            usage:
                "kindling new_day_text, empty_subtext_small, new_day_habits_text, done-row labels (todo labels are ink)"
        ),
        RoleEntry(
            a(.stoneCaption), .text, on: [kCard, ember(.captionRow)],
            usage: "kindling reactive caption text"),
        RoleEntry(
            a(.glyphGold), .text, on: [flat, kCard, ember(.captionRow)],
            usage: "stones caption spark, lit states (11sp bold)"),
        RoleEntry(
            a(.glyphEdge), .text, on: [flat, kCard, ember(.captionRow)],
            usage: "flame caption spark, EXTENDED (11sp bold)"),
        RoleEntry(
            a(.glyphEdgeMuted), .text, on: [flat, kCard, ember(.captionRow)],
            usage: "flame caption spark, NOT_YET / BASELINE (11sp bold)"),
        // The Coach spark has no fixed place relative to the ember across families and rungs, so
        // it is audited over the whole ember, peak included — as WidgetTokenContrastTest measured
        // it against "kindling + ember" with no position (OBJ-1634).
        RoleEntry(
            a(.coach), .text, on: [kCard, ember(.streakGlyph)],
            usage: "Large coach_spark_large"),
        RoleEntry(
            a(.accentText), .text, on: [.card(a(.accentDeep))],
            usage: "CTA pill label"),
        // Graphical objects — 3:1.
        RoleEntry(
            a(.glyphEdge), .graphic, on: [flat, kCard, ember(.streakGlyph)] + glows,
            usage: "1.33dp streak-glyph silhouette edge, lit (all motifs), on its own glow"),
        RoleEntry(
            a(.glyphEdgeMuted), .graphic, on: [flat, kCard, ember(.streakGlyph)],
            usage: "1.33dp streak-glyph silhouette edge, muted (all motifs)"),
        RoleEntry(
            a(.capstoneDash), .graphic, on: [flat, kCard, ember(.capstoneDash)],
            usage: "1.4dp dashed outline of the open capstone slot (stones, both bodies)"),
        RoleEntry(
            a(.slotDash), .graphic, on: [flat, kCard, ember(.captionRow)],
            usage: "stones NOT_YET caption-row dashed-slot glyph (ImageView)"),
        RoleEntry(
            a(.success), .graphic, on: [flat, kCard] + rows,
            usage: "done check, done pips"),
        RoleEntry(
            a(.muted), .graphic, on: [flat, kCard, ember(.captionRow)],
            usage: "new-day sun beside the new-day line (muted, like its text on the flat card)"),
        RoleEntry(
            a(.pipTodo), .graphic, on: [flat, kCard] + rows,
            usage:
                "todo pip outline; the todo habit row's check ring (on the row tints) — Android widget_border, seed "
                + "000 WidgetBorder: \"Todo pips, dividers\""
        ),
        // Fills whose 3:1 the silhouette edge carries.
        RoleEntry(
            a(.accent), .edgedFill(edge: a(.glyphEdge)), on: [flat, kCard, ember(.streakGlyph)],
            usage: "flame icon fill only — graphic, never text"),
        RoleEntry(
            a(.flameMuted), .edgedFill(edge: a(.glyphEdgeMuted)), on: [flat, kCard, ember(.streakGlyph)],
            usage: "muted flame fill (NOT_YET)"),
        RoleEntry(
            a(.stoneTop), .edgedFill(edge: a(.glyphEdge)), on: [flat, kCard, ember(.streakGlyph)],
            usage: "stone-tower gradient"),
        RoleEntry(
            a(.stoneMid), .edgedFill(edge: a(.glyphEdge)), on: [flat, kCard, ember(.streakGlyph)],
            usage: "stone-tower gradient"),
        RoleEntry(
            a(.stoneBot), .edgedFill(edge: a(.glyphEdge)), on: [flat, kCard, ember(.streakGlyph)],
            usage: "stone-tower gradient"),
        RoleEntry(
            a(.goldTop), .edgedFill(edge: a(.glyphEdge)), on: [kCard, ember(.streakGlyph)],
            usage: "gold capstone gradient"),
        RoleEntry(
            a(.goldMid), .edgedFill(edge: a(.glyphEdge)), on: [kCard, ember(.streakGlyph)],
            usage: "gold capstone gradient"),
        RoleEntry(
            a(.goldBot), .edgedFill(edge: a(.glyphEdge)), on: [kCard, ember(.streakGlyph)],
            usage: "gold capstone gradient"),
        // Decorative — exempt, listed so the table is complete.
        RoleEntry(a(.border), .decorative, on: [flat, kCard], usage: "dividers"),
        RoleEntry(
            a(.accentDeep), .decorative, on: [flat, kCard], usage: "CTA pill fill (its label carries the meaning)"),
    ]

    /// The iOS widget's table, in the asset catalog's names (seed 000 "Native color set"): the
    /// opaque WidgetCard under everything, the frosted checklist rows (WidgetBorder at the row
    /// opacities the layout draws), the check-off button. No ember: the iOS card is flat.
    public static let ios: [RoleEntry] = {
        func i(_ r: ColorRole) -> String { r.iosStandIn.iosName! }
        let card: Backdrop = .card(i(.card))
        let rows: [Backdrop] = IOSLayout.frostedRowAlphas.map { .frosted(i(.border), alpha: $0, over: i(.card)) }
        return [
            RoleEntry(
                i(.ink), .text, on: [card] + rows,
                usage: "streak number (never accent: 2.62:1), habit labels, status titles"),
            RoleEntry(i(.muted), .text, on: [card], usage: "legacy body: progress, sync footer, subtitles, done rows"),
            // Done rows are never the next-due row, so muted labels sit only on the lighter frosting.
            RoleEntry(
                i(.stoneMuted), .text, on: [card, rows[0]],
                usage: "kindling body: progress, sync footer, subtitles, done rows"),
            RoleEntry(
                i(.stoneCaption), .text, on: [card],
                usage: "kindling reactive caption; Large closing motivator (12 pt semibold)"),
            RoleEntry(i(.coach), .text, on: [card], usage: "Coach line (Medium, Large)"),
            RoleEntry(i(.accentText), .text, on: [.card(i(.accentDeep))], usage: "check-off button label (Small)"),
            RoleEntry(
                i(.success), .graphic, on: [card] + rows, usage: "done check, done HabitPip (solid 20x8 pt capsule)"),
            RoleEntry(i(.muted), .graphic, on: [card] + rows, usage: "todo HabitPip (1.5 pt outline), todo check ring"),
            RoleEntry(i(.capstoneDash), .graphic, on: [card], usage: "open capstone slot, caption dashed slot"),
            // Not yet on its own lit glow, as Android's row is: at the halo's peak the dark edge
            // reads 2.93:1 (the rendered pixels pass) — a token decision, RoleTableReachTests.openGaps.
            RoleEntry(i(.accentDeep), .graphic, on: [card], usage: "streak-glyph silhouette edge, lit"),
            RoleEntry(i(.accentDeep), .text, on: [card], usage: "flame caption spark, extended (11 pt bold)"),
            RoleEntry(
                i(.accent), .edgedFill(edge: i(.accentDeep)), on: [card],
                usage: "flame fill only — graphic, never text (seed: 2.62:1 on the light card)"),
            RoleEntry(
                i(.flameMuted), .edgedFill(edge: i(.accentDeep)), on: [card], usage: "muted flame fill (not yet)"),
            RoleEntry(i(.stoneTop), .edgedFill(edge: i(.accentDeep)), on: [card], usage: "stone-tower gradient"),
            RoleEntry(i(.stoneMid), .edgedFill(edge: i(.accentDeep)), on: [card], usage: "stone-tower gradient"),
            RoleEntry(i(.stoneBot), .edgedFill(edge: i(.accentDeep)), on: [card], usage: "stone-tower gradient"),
            RoleEntry(i(.goldTop), .edgedFill(edge: i(.accentDeep)), on: [card], usage: "gold capstone gradient"),
            RoleEntry(i(.goldMid), .edgedFill(edge: i(.accentDeep)), on: [card], usage: "gold capstone gradient"),
            RoleEntry(i(.goldBot), .edgedFill(edge: i(.accentDeep)), on: [card], usage: "gold capstone gradient"),
            RoleEntry(i(.border), .decorative, on: [card], usage: "frosted checklist rows"),
        ]
    }()

    /// Token pairs that must never share a value in one theme, with why. A retune that makes
    /// them equal fails the audit even when each clears its floor.
    public static let distinct: [(token: String, other: String, why: String)] = [
        (
            a(.capstoneDash), a(.stoneMuted),
            "the warm capstone dash must not reuse the cool muted-stone value (OBJ-1636: #97A3B4 was byte-identical to "
                + "it)"
        ),
        (
            "WidgetCapstoneDash", "WidgetStoneMuted",
            "the warm capstone dash must not reuse the cool muted-stone value (OBJ-1636: #97A3B4 was byte-identical to "
                + "it)"
        ),
    ]
}
