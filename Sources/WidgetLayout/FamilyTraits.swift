import Foundation
import WidgetModel

/// How a family's surface carries the required items.
public enum Surface: Sendable, Hashable { case home, circular, rectangular, inline }

/// What a family does with the widget's meaning (seed 000 "Families", "Large family", the
/// shedding orders): every question answered once per family in `FixtureFamily.traits`, one
/// exhaustive switch, so a new family is asked each of them by the compiler — and the
/// required-content table, the lost-meaning check and the shed orders follow from the answers.
public struct FamilyTraits: Sendable, Hashable {
    /// What the body draws of today's habits.
    public enum Checklist: Sendable, Hashable {
        /// No habit (the circular and inline accessories; the rectangular's line 3 names one, not a checklist).
        case none
        /// Small: the next-due habit and its check-off button (seed 000 Families: "Streak header +
        /// next-due habit + a full-width KindlingCheckButton CTA"); `guaranteed` where the family
        /// guarantees them (iOS), not only its core (Android: "Nothing else is guaranteed to render").
        case nextDueAndButton(guaranteed: Bool)
        /// A list of rows; `keepsNextDue` where the window always keeps the next-due row (Android
        /// Large's Level A, iOS's largeVisibleWindow), else the rows may shed whole (Android Medium).
        case rows(keepsNextDue: Bool)

        public var listsRows: Bool { if case .rows = self { return true } else { return false } }
        public var isNextDueAndButton: Bool { if case .nextDueAndButton = self { return true } else { return false } }
    }
    public var surface: Surface
    public var checklist: Checklist
    /// Empty draws the rest glyph (OBJ-1477: "renders on Android medium and both iOS sizes; it does
    /// not render on Android small"; Large's empty body is its checklist's). On Android the same
    /// family's checklist column draws the state glyph — rest moon or success check — above the
    /// state's own line.
    public var drawsRestGlyph: Bool
    /// The Large composition: the checklist closed by the motivator, which on all-done is the
    /// state's own line and "+N more done" counts the rows that go (seed 000 Large family); the
    /// spoken label speaks that motivator. Every other family's all-done body is the state's own
    /// line ("Success check + "All done today"", seed 000 State catalog).
    public var closesWithMotivator: Bool
    /// Has a Coach line row (seed 000 "Coach line": "rendered on Medium and Large").
    public var drawsCoachLine: Bool
    /// Sheds Longest N, DAY STREAK, then habit rows as its height budget shrinks (seed 000
    /// "Shedding order as the budget shrinks": Android's budgets).
    public var shedsByHeightBudget: Bool
    /// Sheds its header's days label, then the flame container, as its width shrinks (seed 000
    /// "Width budget": Android Small's header row).
    public var shedsHeaderByWidth: Bool
    /// The caption glyph's size: Android Large's header glyph (16 sp slot, 4 dp gap), or the compact
    /// one sized by the caption's own text — Android's narrow columns' ✦ (9 sp + 2 dp,
    /// AndroidLayout.captionGlyphSlotDp) and every iOS family's (IOSLayout.captionGlyphShare).
    public enum CaptionGlyph: Sendable, Hashable { case header, compact }
    public var captionGlyph: CaptionGlyph
    /// Its habit labels may all take a second line where every row keeps it (Android's Level B);
    /// iOS rows keep one line.
    public var levelBLabels: Bool
    /// Leads the Coach line with coach_spark_large, in a slot the plan takes from the line's width
    /// (Android Large; iOS draws no spark).
    public var coachSpark: Bool
    /// Speaks Android Small's own label (the header's "12 days", then the count: seed 000 Width
    /// budget, Structural floor) rather than the composed checklist label.
    public var speaksSmallLabel: Bool
}

extension FixtureFamily {
    /// This family's answers; a new family is a compile error here until it gives them.
    public var traits: FamilyTraits {
        switch self {
        case .android(let f):
            switch f {
            case .small:
                return FamilyTraits(
                    surface: .home, checklist: .nextDueAndButton(guaranteed: false), drawsRestGlyph: false,
                    closesWithMotivator: false, drawsCoachLine: false, shedsByHeightBudget: true,
                    shedsHeaderByWidth: true,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: true)
            case .medium:
                return FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: false), drawsRestGlyph: true,
                    closesWithMotivator: false, drawsCoachLine: true, shedsByHeightBudget: true,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: true, coachSpark: false, speaksSmallLabel: false)
            case .large:
                return FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: true), drawsRestGlyph: false,
                    closesWithMotivator: true, drawsCoachLine: true, shedsByHeightBudget: true,
                    shedsHeaderByWidth: false,
                    captionGlyph: .header, levelBLabels: true, coachSpark: true, speaksSmallLabel: false)
            }
        case .ios(let f):
            switch f {
            case .systemSmall:
                return FamilyTraits(
                    surface: .home, checklist: .nextDueAndButton(guaranteed: true), drawsRestGlyph: true,
                    closesWithMotivator: false, drawsCoachLine: false, shedsByHeightBudget: false,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: false)
            case .systemMedium:
                return FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: true), drawsRestGlyph: true,
                    closesWithMotivator: false, drawsCoachLine: true, shedsByHeightBudget: false,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: false)
            case .systemLarge:
                return FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: true), drawsRestGlyph: false,
                    closesWithMotivator: true, drawsCoachLine: true, shedsByHeightBudget: false,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: false)
            case .accessoryCircular: return .accessory(.circular)
            case .accessoryRectangular: return .accessory(.rectangular)
            case .accessoryInline: return .accessory(.inline)
            }
        }
    }
}

extension FamilyTraits {
    /// A Lock Screen accessory: a glance surface with no checklist and no budgets to shed by.
    package static func accessory(_ surface: Surface) -> FamilyTraits {
        FamilyTraits(
            surface: surface, checklist: .none, drawsRestGlyph: false, closesWithMotivator: false,
            drawsCoachLine: false,
            shedsByHeightBudget: false, shedsHeaderByWidth: false, captionGlyph: .compact, levelBLabels: false,
            coachSpark: false,
            speaksSmallLabel: false)
    }
}

extension FixtureFamily {
    package var surface: Surface {
        traits.surface
    }
    package var isAccessory: Bool { surface != .home }
}

extension AndroidFamily {
    /// This family's answers in the one family table (`FixtureFamily.traits`).
    public var traits: FamilyTraits { FixtureFamily.android(self).traits }
}
