import WidgetModel

/// What the Android planner and scene builder ask of a family beyond its own placing routine
/// (Small.swift, Medium.swift, Large.swift): one exhaustive switch, so a new family answers every
/// question here instead of inheriting another family's answer from a `==` comparison.
public struct AndroidFamilyLayout: Sendable, Hashable {
    /// Its caption glyph: Large's header glyph (16 sp slot, 4 dp gap), or the compact ✦ (9 sp + 2 dp)
    /// the narrow columns carry (AndroidLayout.captionGlyphSlotDp).
    public enum CaptionGlyph: Sendable, Hashable { case header, compact }
    public var captionGlyph: CaptionGlyph
    /// Its all-done body is the state's own line ("Success check + "All done today"", seed 000 State
    /// catalog) in the checklist column, not the checklist closed by the motivator (Large family).
    public var allDoneIsStateLine: Bool
    /// Its checklist column draws the state glyph (rest moon / success check) above the state's
    /// line (OBJ-1477: the rest glyph "renders on Android medium").
    public var checklistStateGlyph: Bool
    /// Its habit labels may all take a second line where every row keeps it (Level B).
    public var levelBLabels: Bool
    /// Leads the Coach line with coach_spark_large, in a slot the plan takes from the line's width.
    public var coachSpark: Bool
    /// Speaks Small's own label (the header's "12 days", then the count: seed 000 Width budget,
    /// Structural floor) rather than the composed checklist label.
    public var speaksSmallLabel: Bool
}

extension AndroidFamily {
    /// This family's answers; a new family is a compile error here until it gives them.
    public var layout: AndroidFamilyLayout {
        switch self {
        case .small:
            // Small has no checklist column: its body (Small.swift) places its own rows.
            return AndroidFamilyLayout(captionGlyph: .compact, allDoneIsStateLine: true, checklistStateGlyph: false,
                                       levelBLabels: false, coachSpark: false, speaksSmallLabel: true)
        case .medium:
            return AndroidFamilyLayout(captionGlyph: .compact, allDoneIsStateLine: true, checklistStateGlyph: true,
                                       levelBLabels: true, coachSpark: false, speaksSmallLabel: false)
        case .large:
            return AndroidFamilyLayout(captionGlyph: .header, allDoneIsStateLine: false, checklistStateGlyph: false,
                                       levelBLabels: true, coachSpark: true, speaksSmallLabel: false)
        }
    }
}
