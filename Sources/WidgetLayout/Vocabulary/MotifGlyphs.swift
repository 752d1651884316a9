import WidgetModel

/// What a motif draws (seed 000 "Reactive states"; HomeWidgetProvider.useGlyphIcon): its row of the
/// glyph table. `StreakMotif.glyphs` is the one exhaustive switch over the motif for its glyphs;
/// the streak and caption decisions (`GlyphKind.streak`, `.caption`) and the glyph list
/// (`GlyphKind.motifGlyphs`) read it.
public struct MotifGlyphs: Sendable {
    /// Its streak glyph in a tone, on the kindling body or not.
    public var streak: @Sendable (GlyphState, _ kindling: Bool) -> GlyphKind
    /// Whether the kindling body draws its streak glyph its own way (stones' refined tower); flame
    /// and the v4.52 motifs have no kindling variant (Kindling × FLAME, MOTIF-SPEC-6).
    /// `GlyphTests.kindlingDrawingIsTheStreakDecisions` holds it to `streak`.
    public var hasKindlingDrawing: Bool
    /// The caption row's glyph, extended and not yet: flame → spark / open ring; every other motif
    /// → ✦ spark / dashed-slot icon.
    public var captionExtended: GlyphKind, captionNotYet: GlyphKind
}

extension StreakMotif {
    /// This motif's glyphs; a new motif is a compile error here until it names its drawings.
    public var glyphs: MotifGlyphs {
        switch self {
        case .flame:
            MotifGlyphs(
                streak: { s, _ in .flame(s) }, hasKindlingDrawing: false,
                captionExtended: .captionSpark(.glyphEdge), captionNotYet: .captionRing(.glyphEdgeMuted))
        case .stones:
            MotifGlyphs(
                streak: { s, kindling in .stones(StoneState(s), kindling: kindling) }, hasKindlingDrawing: true,
                captionExtended: .captionSpark(.glyphGold), captionNotYet: .dashedSlotIcon)
        case .sprout:
            MotifGlyphs(
                streak: { s, _ in .sprout(s) }, hasKindlingDrawing: false,
                captionExtended: .captionSpark(.glyphGold), captionNotYet: .dashedSlotIcon)
        case .mountain:
            MotifGlyphs(
                streak: { s, _ in .mountain(s) }, hasKindlingDrawing: false,
                captionExtended: .captionSpark(.glyphGold), captionNotYet: .dashedSlotIcon)
        case .waves:
            MotifGlyphs(
                streak: { s, _ in .waves(s) }, hasKindlingDrawing: false,
                captionExtended: .captionSpark(.glyphGold), captionNotYet: .dashedSlotIcon)
        }
    }

    /// Whether the kindling body draws the motif's streak glyph its own way (`MotifGlyphs.hasKindlingDrawing`).
    package var hasKindlingDrawing: Bool { glyphs.hasKindlingDrawing }
}

extension StoneState {
    /// The tower in a tone: extended caps it, not-yet leaves the slot open, baseline is the plain stack.
    init(_ tone: GlyphState) {
        switch tone {
        case .lit: self = .capped
        case .muted: self = .openSlot
        case .baseline: self = .solid
        }
    }
}
