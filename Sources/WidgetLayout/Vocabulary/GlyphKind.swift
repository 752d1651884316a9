import WidgetModel

/// The vocabulary of the widget's glyph art: which drawing, in which state, with which colours.
/// Pure values; `GlyphArt.nodes` turns them into scene nodes.

/// How a motif glyph is lit (seed 000 "Reactive states"): `.lit` = extended (gradient + glow),
/// `.muted` = not-yet (flat muted fill, muted edge, no glow), `.baseline` = the plain drawing
/// (Android `widget_flame` / `widget_sprout` …: fail-closed, or the reactive layer suppressed).
public enum GlyphState: String, Hashable, Sendable, Codable, CaseIterable {
    case lit, muted, baseline
}

/// The stone tower's three arms. Shape-coded, never colour-alone: `.openSlot` replaces the capstone
/// with a dashed outline; `.capped` and `.solid` both have a filled capstone (capped adds the glow,
/// and with kindling the gold capstone gradient).
public enum StoneState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Extended: capstone placed and lit.
    case capped
    /// Not-yet: two stones and a dashed open slot at the top of the stack.
    case openSlot
    /// Baseline: a plain three-stone stack.
    case solid
}

/// The text colour of a caption-row glyph (seed 000 "Caption/Coach glyph text-contrast floor",
/// `glyphColorRes`): stones/sprout/mountain/waves spark → gold; flame spark extended → edge;
/// flame not-yet/baseline → muted edge; Large's Coach spark → coach.
public enum CaptionInk: String, Hashable, Sendable, Codable, CaseIterable {
    case glyphGold, glyphEdge, glyphEdgeMuted, coach
}

public enum GlyphKind: Hashable, Sendable, Codable {
    /// The flame motif (and the fail-closed classic flame, `.baseline`). No kindling variant.
    case flame(GlyphState)
    /// The stone tower. `kindling` = the v4.7/v4.11 refined drawables (warm stone gradient, gold
    /// capstone, `widget_capstone_dash` slot); off = the flat legacy stack.
    case stones(StoneState, kindling: Bool)
    case sprout(GlyphState)
    case mountain(GlyphState)
    case waves(GlyphState)
    /// Empty/all-done rest glyph: crescent moon in `widget_muted`, decorative.
    case restMoon
    /// NEW_DAY sun icon (`widget_ic_new_day`).
    case newDaySun
    /// The success check (all-done, done habit rows).
    case doneCheck
    /// Habit pip: solid capsule when done, outline when not (shape-coded, seed "Host rendering modes").
    /// Drawn to fill the caller's rect (nominally 20 × 8).
    case pip(done: Bool)
    /// ✦ caption glyph, drawn as a path (Roboto has no U+2726). Role `.text`.
    case captionSpark(CaptionInk)
    /// ○ open-ring caption glyph (flame, not-yet). Role `.text`.
    case captionRing(CaptionInk)
    /// `widget_caption_dashed_slot`: the not-yet caption icon for stones and the three other motifs.
    case dashedSlotIcon
    /// First-run bootstrap glyph: gradient disc with a target mark, decorative.
    case firstRunAppGlyph

    /// Every distinct drawing, for tests and contact sheets.
    /// The motif glyphs come from `motifGlyphs`, so a new motif cannot be left out of the list.
    public static var allCases: [GlyphKind] {
        // The classic flame first (the fail-closed drawing), then the other motifs in their order.
        var all = ([StreakMotif.flame] + StreakMotif.allCases.filter { $0 != .flame }).flatMap(motifGlyphs)
        all += [.restMoon, .newDaySun, .doneCheck, .pip(done: true), .pip(done: false)]
        for i in CaptionInk.allCases { all.append(.captionSpark(i)) }
        for i in CaptionInk.allCases { all.append(.captionRing(i)) }
        all += [.dashedSlotIcon, .firstRunAppGlyph]
        return all
    }

    /// A motif's streak glyph in every state, and on both bodies where the kindling body draws it
    /// its own way (`StreakMotif.glyphs`, where a sixth motif must name its drawings).
    public static func motifGlyphs(_ m: StreakMotif) -> [GlyphKind] {
        let g = m.glyphs
        return (g.hasKindlingDrawing ? [false, true] : [false]).flatMap { k in
            GlyphState.allCases.map { g.streak($0, k) }
        }
    }

    /// A short stable id, e.g. "flame-lit", "stones-kindling-openSlot", "pip-done": the drawing's
    /// name, then its payload. Two kinds never share one: no two cases share a name (the motifs'
    /// by the compiler, the rest by `GlyphTests.everyKindHasADistinctId`) and the facets spell the
    /// whole payload.
    public var id: String { ([name] + facets).joined(separator: "-") }

    /// The drawing's name. A motif glyph's is its motif's raw value, which the compiler keeps
    /// unique (so an arm copied for a new motif, `.sibling` renamed, names the new motif).
    private var name: String {
        switch self {
        case .flame: StreakMotif.flame.rawValue
        case .stones: StreakMotif.stones.rawValue
        case .sprout: StreakMotif.sprout.rawValue
        case .mountain: StreakMotif.mountain.rawValue
        case .waves: StreakMotif.waves.rawValue
        case .restMoon: "rest-moon"
        case .newDaySun: "new-day-sun"
        case .doneCheck: "done-check"
        case .pip: "pip"
        case .captionSpark: "caption-spark"
        case .captionRing: "caption-ring"
        case .dashedSlotIcon: "dashed-slot-icon"
        case .firstRunAppGlyph: "first-run-app-glyph"
        }
    }

    /// What tells the values of one case apart: every associated value, in id order.
    private var facets: [String] {
        switch self {
        case .flame(let s), .sprout(let s), .mountain(let s), .waves(let s): [s.rawValue]
        case .stones(let s, let kindling): (kindling ? ["kindling"] : []) + [s.rawValue]
        case .pip(let done): [done ? "done" : "todo"]
        case .captionSpark(let i), .captionRing(let i): [i.rawValue]
        case .restMoon, .newDaySun, .doneCheck, .dashedSlotIcon, .firstRunAppGlyph: []
        }
    }
}
