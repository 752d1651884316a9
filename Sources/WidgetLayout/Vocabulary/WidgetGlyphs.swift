import WidgetModel

/// Which glyph a resolved widget draws — the same decision on both platforms (seed 000 "Reactive
/// states": lit / muted / classic; the caption glyph of HomeWidgetProvider.useGlyphIcon).
extension GlyphKind {
    /// The streak block's glyph. Flame and the three v4.52 motifs have no kindling variant
    /// (Kindling × FLAME, MOTIF-SPEC-6); stones does.
    public static func streak(_ g: StreakGlyph, kindling: Bool) -> GlyphKind {
        let tone: GlyphState
        switch g.tone {
        case .lit: tone = .lit
        case .muted: tone = .muted
        case .plain: tone = .baseline
        }
        switch g.motif {
        case .flame: return .flame(tone)
        case .sprout: return .sprout(tone)
        case .mountain: return .mountain(tone)
        case .waves: return .waves(tone)
        case .stones:
            switch tone {
            case .lit: return .stones(.capped, kindling: kindling)
            case .muted: return .stones(.openSlot, kindling: kindling)
            case .baseline: return .stones(.solid, kindling: kindling)
            }
        }
    }

    /// The caption row's glyph (HomeWidgetProvider.useGlyphIcon): flame → spark (extended) /
    /// open ring (not-yet); every other motif → ✦ spark (extended) / dashed-slot icon (not-yet).
    public static func caption(_ w: ResolvedWidget) -> GlyphKind? {
        guard let branch = captionBranch(w.reactive) else { return nil }
        switch (w.motif, branch) {
        case (.flame, .extended): return .captionSpark(.glyphEdge)
        case (.flame, .notYet): return .captionRing(.glyphEdgeMuted)
        case (.stones, .extended), (.sprout, .extended), (.mountain, .extended), (.waves, .extended):
            return .captionSpark(.glyphGold)
        case (.stones, .notYet), (.sprout, .notYet), (.mountain, .notYet), (.waves, .notYet):
            return .dashedSlotIcon
        }
    }
}

extension StreakMotif {
    /// Whether the kindling body draws the motif's streak glyph its own way (stones' refined tower);
    /// flame and the v4.52 motifs have no kindling variant. Exhaustive: a new motif must say, and
    /// `GlyphTests.kindlingDrawingIsTheStreakDecisions` holds the answer to `GlyphKind.streak`.
    package var hasKindlingDrawing: Bool {
        switch self {
        case .stones: true
        case .flame, .sprout, .mountain, .waves: false
        }
    }
}
