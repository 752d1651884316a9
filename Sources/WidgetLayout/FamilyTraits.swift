import Foundation
import WidgetModel

/// How a family's surface carries the required items.
public enum Surface: Sendable, Hashable { case home, circular, rectangular, inline }

/// What a family does with the widget's meaning (seed 000 "Families", "Large family", the
/// shedding orders): every question answered once per family in its platform's row of the family
/// table (`AndroidFamily.androidTraits`, `IOSFamily.iosTraits`), one exhaustive switch each, so a
/// new family is asked each of them by the compiler — and the required-content table, the
/// lost-meaning check, the shed orders, the seed's scope and the matrices follow from the answers.
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
    /// Which of seed 000's tables its shedding follows, so which input bounds a finding of an absent
    /// or out-of-order element depends on (`SeedScope.Rule`).
    public enum ShedTables: Sendable, Hashable {
        /// None: its own rules, bounded by the layout's bounds only (Android Large's viability check
        /// and row budget name "the current font scale", not a table; the iOS families).
        case none
        /// The column height tables: the core, the label thresholds, the shed order (Android Small).
        case heightTables
        /// Those, in a column whose width is what the streak column beside it leaves, so the width
        /// budget's digit coverage too (Android Medium's checklist column).
        case heightTablesBesideStreak
    }
    public var shedTables: ShedTables
    /// The one habit it names is the one left after another is done (the inline accessory: "12 · 1
    /// of 2 · <title> left"), not the next due of none done: how a next-due card seats its title.
    public var namesTheHabitLeft: Bool
    /// How many rows of habit titles a card of the international titles band holds (all it shows at
    /// its typical placement); nil: it lists no rows — one habit, its next due, or none.
    public var titleRowsPerCard: Int?
}

extension FixtureFamily {
    /// This family's answers, from its platform's row (`AndroidFamily.androidTraits`,
    /// `IOSFamily.iosTraits`), where a new family is a compile error until it gives them.
    public var traits: FamilyTraits {
        switch self {
        case .android(let f): return f.androidTraits.traits
        case .ios(let f): return f.iosTraits.traits
        }
    }
}

/// An iOS family's row of the one family table: its `FamilyTraits`, and what only iOS's scene,
/// host modes and golden matrix ask of a family. `IOSFamily.iosTraits` is the one exhaustive
/// switch over the family; every other question about it reads this row.
public struct IOSFamilyTraits: Sendable {
    public var traits: FamilyTraits
    /// Which habits VoiceOver reads (seed 001 §4): Large speaks only its visible rows; Small and
    /// Medium speak every habit; the accessories speak the progress count, no checklist.
    public var spokenHabits: SpokenHabits
    /// StandBy (so also its Night tint) shows it: small-family widgets only (Apple's widget
    /// guidelines, as issue #21 item 5 cites them; `HostMode.draws`).
    public var shownInStandBy: Bool
    /// The states whose card the two bodies draw alike but for the streak glyph (Medium's New day:
    /// the streak header and the New day line, in the same inks on either body), which
    /// `FixtureID.readsBody` collapses; every other card draws the body's own inks, rows or lines.
    public var bodiesDifferOnlyInGlyph: Set<FixtureState>
}

extension IOSFamily {
    /// This family's row of the family table; a new family is a compile error here until it gives it.
    public var iosTraits: IOSFamilyTraits {
        switch self {
        case .systemSmall:
            return IOSFamilyTraits(
                traits: FamilyTraits(
                    surface: .home, checklist: .nextDueAndButton(guaranteed: true), drawsRestGlyph: true,
                    closesWithMotivator: false, drawsCoachLine: false, shedsByHeightBudget: false,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: false,
                    shedTables: .none, namesTheHabitLeft: false, titleRowsPerCard: nil),
                spokenHabits: .all, shownInStandBy: true, bodiesDifferOnlyInGlyph: [])
        case .systemMedium:
            return IOSFamilyTraits(
                // Two title rows a card: all that fit under a two-line Coach line.
                traits: FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: true), drawsRestGlyph: true,
                    closesWithMotivator: false, drawsCoachLine: true, shedsByHeightBudget: false,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: false,
                    shedTables: .none, namesTheHabitLeft: false, titleRowsPerCard: 2),
                spokenHabits: .all, shownInStandBy: false, bodiesDifferOnlyInGlyph: [.newDay])
        case .systemLarge:
            return IOSFamilyTraits(
                // Four title rows a card: its window.
                traits: FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: true), drawsRestGlyph: false,
                    closesWithMotivator: true, drawsCoachLine: true, shedsByHeightBudget: false,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: false,
                    shedTables: .none, namesTheHabitLeft: false, titleRowsPerCard: 4),
                spokenHabits: .visibleRows, shownInStandBy: false, bodiesDifferOnlyInGlyph: [])
        case .accessoryCircular: return .accessory(.circular)
        case .accessoryRectangular: return .accessory(.rectangular)
        case .accessoryInline: return .accessory(.inline, namesTheHabitLeft: true)
        }
    }

    /// Which habits VoiceOver reads (`IOSFamilyTraits.spokenHabits`).
    public var spokenHabits: SpokenHabits { iosTraits.spokenHabits }
}

extension IOSFamilyTraits {
    /// A Lock Screen accessory: vibrant, never in StandBy, speaking the count, not a checklist.
    static func accessory(_ surface: Surface, namesTheHabitLeft: Bool = false) -> IOSFamilyTraits {
        IOSFamilyTraits(
            traits: .accessory(surface, namesTheHabitLeft: namesTheHabitLeft), spokenHabits: .none,
            shownInStandBy: false,
            bodiesDifferOnlyInGlyph: [])
    }
}

extension HostMode {
    /// Whether a host draws this family in this mode: the accessories are always vibrant (seed 001
    /// §5), and StandBy (so also its Night tint) shows small-family widgets only
    /// (`IOSFamilyTraits.shownInStandBy`). The matrix and `render --host-mode` both ask this, so
    /// neither draws what no device shows.
    public func draws(_ family: IOSFamily) -> Bool {
        switch self {
        case .full: true
        case .ios16, .tinted: !family.isAccessory
        case .standby, .night: family.iosTraits.shownInStandBy
        }
    }
}

/// An Android family's row of the one family table: its `FamilyTraits`, and what only Android's
/// planner, scene and golden matrix ask of a family. `AndroidFamily.androidTraits` is the one
/// exhaustive switch over the family; every other question about it reads this row.
public struct AndroidFamilyTraits: Sendable {
    /// Its layout: the planner routine in its own file (`Android/<Family>.swift`).
    package var layout: @Sendable (inout AndroidPlanBuilder) -> Void
    public var traits: FamilyTraits
    /// The streak numeral's size at fontScale ≤ FONT_SCALE_BAND_MEDIUM ("today's size", which it
    /// never shrinks below), and above it.
    public var numeralSp: Double, numeralSteppedSp: Double
    /// The views seed 000 makes one line, cut at their end (android:maxLines="1" +
    /// android:ellipsize="end"), never wrapped: Small's "days_label, reactive_caption_text,
    /// progress_default, progress_stale, stale_caption_small" (Width budget, Structural floor) and
    /// "reactive_caption_text_large and reactive_caption_text_medium" (Caption floor, both Large and
    /// Medium). Medium's and Large's STALE footer is one line too — a choice: the seed's budget
    /// (mainRowBudget = contentBox − staleFooter, the STALE core 72 / 80 dp) reserves one line.
    public var oneLineViews: Set<PlanPart>

    /// Where the golden matrix draws the family (Small 2×2, Medium 4×2, Large 4×3), in dp.
    public struct Placement: Sendable, Hashable {
        /// Asked as `auto`, not as the family: resolveSize must then pick the family there with
        /// kindling on, or its goldens would be another family's renders
        /// (`AndroidSceneTests.typicalPlacementDrawsItsFamily`). Large needs kindling; legacy resolves Medium.
        public var asksAuto: Bool
        public var width: Double, height: Double
    }
    public var placement: Placement
    /// The height band's width; nil where the seed's height table is not the family's (Large's
    /// band is its ladder).
    public var heightBandWidth: Double?

    /// The provider declaration the family's band tables were written against (a meaning map's bounds).
    public enum Provider: Sendable, Hashable {
        /// Amendments A and B: Small and Medium share one provider (maxResize 250 × 180 dp).
        case smallMedium
        /// v4.11: the single provider once Large became a resize target (maxResize 500 × 400 dp).
        case resizeTarget
    }
    public var provider: Provider
}

extension AndroidFamily {
    /// This family's row of the family table; a new family is a compile error here until it gives it.
    public var androidTraits: AndroidFamilyTraits {
        switch self {
        case .small:
            return AndroidFamilyTraits(
                layout: { $0.planSmall() },
                traits: FamilyTraits(
                    surface: .home, checklist: .nextDueAndButton(guaranteed: false), drawsRestGlyph: false,
                    closesWithMotivator: false, drawsCoachLine: false, shedsByHeightBudget: true,
                    shedsHeaderByWidth: true,
                    captionGlyph: .compact, levelBLabels: false, coachSpark: false, speaksSmallLabel: true,
                    shedTables: .heightTables, namesTheHabitLeft: false, titleRowsPerCard: nil),
                numeralSp: AndroidLayout.smallNumeralSp, numeralSteppedSp: AndroidLayout.smallNumeralSteppedSp,
                oneLineViews: [.daysLabel, .captionRow, .progress, .staleFooter],
                placement: .init(asksAuto: false, width: 170, height: 180), heightBandWidth: 150, provider: .smallMedium
            )
        case .medium:
            return AndroidFamilyTraits(
                layout: { $0.planMedium() },
                // Two title rows a card: all a 300 × 180 Medium shows.
                traits: FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: false), drawsRestGlyph: true,
                    closesWithMotivator: false, drawsCoachLine: true, shedsByHeightBudget: true,
                    shedsHeaderByWidth: false,
                    captionGlyph: .compact, levelBLabels: true, coachSpark: false, speaksSmallLabel: false,
                    shedTables: .heightTablesBesideStreak, namesTheHabitLeft: false, titleRowsPerCard: 2),
                numeralSp: AndroidLayout.mediumNumeralSp, numeralSteppedSp: AndroidLayout.mediumNumeralSteppedSp,
                oneLineViews: [.captionRow, .staleFooter],
                placement: .init(asksAuto: false, width: 300, height: 180), heightBandWidth: 260, provider: .smallMedium
            )
        case .large:
            return AndroidFamilyTraits(
                layout: { $0.planLarge() },
                // Six title rows a card: all a 320 × 360 Large seats.
                traits: FamilyTraits(
                    surface: .home, checklist: .rows(keepsNextDue: true), drawsRestGlyph: false,
                    closesWithMotivator: true, drawsCoachLine: true, shedsByHeightBudget: true,
                    shedsHeaderByWidth: false,
                    captionGlyph: .header, levelBLabels: true, coachSpark: true, speaksSmallLabel: false,
                    shedTables: .none, namesTheHabitLeft: false, titleRowsPerCard: 6),
                numeralSp: AndroidLayout.largeNumeralSp, numeralSteppedSp: AndroidLayout.largeNumeralSteppedSp,
                oneLineViews: [.captionRow, .staleFooter],
                placement: .init(asksAuto: true, width: 320, height: 360), heightBandWidth: nil, provider: .resizeTarget
            )
        }
    }
}

extension FamilyTraits {
    /// A Lock Screen accessory: a glance surface with no checklist and no budgets to shed by.
    package static func accessory(_ surface: Surface, namesTheHabitLeft: Bool = false) -> FamilyTraits {
        FamilyTraits(
            surface: surface, checklist: .none, drawsRestGlyph: false, closesWithMotivator: false,
            drawsCoachLine: false,
            shedsByHeightBudget: false, shedsHeaderByWidth: false, captionGlyph: .compact, levelBLabels: false,
            coachSpark: false,
            speaksSmallLabel: false, shedTables: .none, namesTheHabitLeft: namesTheHabitLeft, titleRowsPerCard: nil)
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
    public var traits: FamilyTraits { androidTraits.traits }
}
