import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// A colour together with the resource token it comes from.
public struct GlyphInk: Hashable, Sendable, Codable {
    public var token: String
    public var color: Color
    public init(_ token: String, _ color: Color) {
        self.token = token
        self.color = color
    }
}

/// Every colour a glyph needs, each with its Android token name. Build one from a token table with
/// `GlyphPalette(tokens:theme:)`; the defaults mirror seed 000 where it gives a value and are
/// chosen to fit its reported figures elsewhere (accent on the light card ≈ 2.6:1).
public struct GlyphPalette: Hashable, Sendable, Codable {
    public var accent: GlyphInk  // widget_accent
    public var accentDeep: GlyphInk  // widget_accent_deep
    public var flameCore: GlyphInk  // widget_flame_core — the lit flame's inner core (not in the seed)
    public var flameMuted: GlyphInk  // widget_flame_muted
    public var glyphEdge: GlyphInk  // widget_glyph_edge — the 1.33 dp silhouette edge (3:1)
    public var glyphEdgeMuted: GlyphInk  // widget_glyph_edge_muted
    public var goldTop: GlyphInk  // widget_gold_top
    public var goldMid: GlyphInk  // widget_gold_mid
    public var goldBot: GlyphInk  // widget_gold_bot
    public var stoneTop: GlyphInk  // widget_stone_top
    public var stoneMid: GlyphInk  // widget_stone_mid
    public var stoneBot: GlyphInk  // widget_stone_bot
    public var stoneMuted: GlyphInk  // widget_stone_muted
    public var capstoneDash: GlyphInk  // widget_capstone_dash
    public var muted: GlyphInk  // widget_muted
    public var success: GlyphInk  // widget_success
    public var border: GlyphInk  // widget_border
    public var glyphGold: GlyphInk  // widget_glyph_gold
    public var coach: GlyphInk  // widget_coach
    public var ink: GlyphInk  // widget_ink
    public var card: GlyphInk  // widget_card

    public var slotDash: GlyphInk  // widget_slot_dash — the caption row's dashed-slot icon (3:1)
    public var pipTodo: GlyphInk  // widget_pip_todo — todo pip / check-ring outline (3:1, both bodies)

    /// Every entry, in declaration order.
    public var all: [GlyphInk] {
        [
            accent, accentDeep, flameCore, flameMuted, glyphEdge, glyphEdgeMuted, goldTop, goldMid, goldBot,
            stoneTop, stoneMid, stoneBot, stoneMuted, capstoneDash, muted, success, border, glyphGold, coach, ink, card,
            slotDash, pipTodo,
        ]
    }

    /// Every entry from the token set — the one source of colour (`Tokens/…`, `--android-res`,
    /// `--ios-assets`). A token the set lacks draws as `TokenSet.missing` magenta, loudly.
    public init(tokens: TokenSet, theme: Theme) {
        func look(_ role: ColorRole) -> GlyphInk { tokens.ink(role, theme: theme) }
        accent = look(.accent)
        accentDeep = look(.accentDeep)
        flameCore = look(.flameCore)
        flameMuted = look(.flameMuted)
        glyphEdge = look(.glyphEdge)
        glyphEdgeMuted = look(.glyphEdgeMuted)
        goldTop = look(.goldTop)
        goldMid = look(.goldMid)
        goldBot = look(.goldBot)
        stoneTop = look(.stoneTop)
        stoneMid = look(.stoneMid)
        stoneBot = look(.stoneBot)
        stoneMuted = look(.stoneMuted)
        capstoneDash = look(.capstoneDash)
        muted = look(.muted)
        success = look(.success)
        border = look(.border)
        glyphGold = look(.glyphGold)
        coach = look(.coach)
        ink = look(.ink)
        card = look(.card)
        slotDash = look(.slotDash)
        pipTodo = look(.pipTodo)
    }
}
