import WidgetModel

/// Which glyph a resolved widget draws — the same decision on both platforms (seed 000 "Reactive
/// states": lit / muted / classic; the caption glyph of HomeWidgetProvider.useGlyphIcon).
extension GlyphKind {
    /// The streak block's glyph (`MotifGlyphs.streak`). Flame and the three v4.52 motifs have no
    /// kindling variant (Kindling × FLAME, MOTIF-SPEC-6); stones does.
    public static func streak(_ g: StreakGlyph, kindling: Bool) -> GlyphKind {
        let tone: GlyphState
        switch g.tone {
        case .lit: tone = .lit
        case .muted: tone = .muted
        case .plain: tone = .baseline
        }
        return g.motif.glyphs.streak(tone, kindling)
    }

    /// The caption row's glyph (HomeWidgetProvider.useGlyphIcon; `MotifGlyphs.captionExtended`,
    /// `.captionNotYet`).
    public static func caption(_ w: ResolvedWidget) -> GlyphKind? {
        guard let branch = captionBranch(w.reactive) else { return nil }
        switch branch {
        case .extended: return w.motif.glyphs.captionExtended
        case .notYet: return w.motif.glyphs.captionNotYet
        }
    }
}
