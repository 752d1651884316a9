import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// The required-content table (issue #21 item 1): per platform × family × state (and body), what a
/// render must show, and what may shed, in the seed's order, each row with the seed passage it
/// comes from. Built on element kinds and traits (`ElementKind`, `HabitRowElement.isNextDue`),
/// never on display names. `LostMeaningCheck` judges a scene against it.
public enum RequiredContent {
    /// One thing a render must convey.
    public enum Item: String, Hashable, Sendable, CaseIterable {
        /// The state's own line: all done, empty, first run, new day (accessories: line2, inline).
        case statusLine = "status line"
        /// The streak number (accessories: line1, the inline label).
        case numeral
        /// STALE's "last synced Xh ago".
        case staleAge = "stale age"
        /// The next-due habit's row.
        case nextDueHabit = "next-due habit"
        /// Small's check-off button (it names its habit by the next-due row above it).
        case checkOffButton = "check-off button"
        /// Wherever the check-off button is drawn, the next-due row it checks off is drawn with it.
        case buttonsHabit = "the button's habit"
        /// "N of M done".
        case progress
        /// The empty state's rest glyph.
        case restGlyph = "rest glyph"
        /// "+N more" whenever a due habit has no row.
        case overflow = "overflow line"
        /// Android Medium's checklist, which the seed lets shed whole: wherever a habit row is drawn,
        /// the next-due habit's row is among them (the window keeps it).
        case nextDueAmongRows = "next-due habit among the rows"
        /// Android Medium: a habit without a row is counted — by "+N more", or, once every row and
        /// the overflow line have shed, by "N of M done" / "N/M".
        case habitsCounted = "habit count"
        /// Android Small kindling's Default: the day's progress — the next-due row or "N of M done".
        case dayProgress = "day's progress"
    }

    /// A body the row applies to: kindling (refined) or legacy; nil both.
    public enum Body: Hashable, Sendable { case kindling, legacy }

    /// A row is keyed by the family's traits (`FamilyTraits`), never by a list of families: a new
    /// family answers the traits' questions in one exhaustive switch, and the rows follow.
    public struct Row: Sendable {
        public var families: @Sendable (FamilyTraits) -> Bool
        public var states: Set<WidgetState>
        public var body: Body?
        public var requires: [Item]
        /// The seed passage the row comes from.
        public var seed: String

        init(
            families: @escaping @Sendable (FamilyTraits) -> Bool, states: Set<WidgetState>, body: Body? = nil,
            requires: [Item], seed: String
        ) {
            self.families = families
            self.states = states
            self.body = body
            self.requires = requires
            self.seed = seed
        }

        func applies(to facts: RenderFacts) -> Bool {
            guard families(facts.family.traits), states.contains(facts.state) else { return false }
            guard let body, !facts.family.isAccessory else { return true }
            return (body == .kindling) == facts.resolved.kindling
        }
    }

    static let home: @Sendable (FamilyTraits) -> Bool = { $0.surface == .home }
    static let homeOrTextAccessory: @Sendable (FamilyTraits) -> Bool = {
        [.home, .rectangular, .inline].contains($0.surface)
    }
    static let notFirstRun = Set(WidgetState.allCases).subtracting([.firstRun])

    /// The table, in the seed's order of states.
    public static let rows: [Row] = [
        Row(
            families: { _ in true }, states: notFirstRun, requires: [.numeral],
            seed:
                "000, The always-visible core: \"Core = head row (flame + numeral) + reactive caption row … The streak "
                + "numeral itself is never hidden\"; Width budget: \"The streak numeral never sheds and never "
                + "wraps.\"; Lock Screen accessories: the streak number as the circular's center label, the "
                + "rectangular's \"streak-day line\""
        ),
        Row(
            families: homeOrTextAccessory, states: [.firstRun], requires: [.statusLine],
            seed: "000, State catalog: First-run — \"App glyph + \"Open Objectuve to sync today\" — neutral bootstrap\""
        ),
        Row(
            families: homeOrTextAccessory, states: [.allDone], requires: [.statusLine],
            seed:
                "000, State catalog: All-done — \"Success check + \"All done today\"\"; Lock Screen accessories: "
                + "\"done/total or state line\""
        ),
        Row(
            families: homeOrTextAccessory, states: [.empty], requires: [.statusLine],
            seed:
                "000, State catalog: Empty — \"\"Nothing due today\" / \"Rest counts too.\" vertically centered, plus "
                + "a decorative rest glyph — streak block still shows\""
        ),
        Row(
            families: \.drawsRestGlyph, states: [.empty], requires: [.restGlyph],
            seed:
                "000, Empty/all-done centering fill (OBJ-1477): the rest glyph \"renders on Android medium and both "
                + "iOS sizes; it does not render on Android small\""
        ),
        Row(
            families: homeOrTextAccessory, states: [.newDay], requires: [.statusLine],
            seed:
                "000, NEW_DAY's own overflow (OBJ-1382): \"in NEW_DAY, state_new_day is the status line … the only "
                + "line that states what's actually known\"; State catalog: \"New day — tap to see today's habits\""
        ),
        Row(
            families: homeOrTextAccessory, states: [.stale], requires: [.staleAge],
            seed:
                "000, Stale-data threshold: \"it renders the stale state (last-synced data + a \"last synced Xh ago\" "
                + "caption)\"; The always-visible core: \"Core, STALE (caption suppressed, footer reserved "
                + "instead) 72dp / 80dp\"; 001 §3: line3 is .lineLimit(1), dropped only when the whole "
                + "ViewThatFits stack does not fit"
        ),
        Row(
            families: { $0.checklist == .nextDueAndButton(guaranteed: true) }, states: [.defaultProgress],
            body: .kindling, requires: [.nextDueHabit, .checkOffButton],
            seed:
                "000, Families: Small — \"Streak header + next-due habit + a full-width KindlingCheckButton CTA "
                + "(\"Feed today's fire\" / \"Lay today's stone\")\""
        ),
        Row(
            families: { $0.checklist == .nextDueAndButton(guaranteed: true) }, states: [.stale], body: .kindling,
            requires: [.dayProgress],
            seed:
                "000, State catalog: Stale — \"Default content + \"Today · last synced Xh ago\" caption\"; Families: "
                + "Small — \"Streak header + next-due habit + a full-width KindlingCheckButton CTA\""
        ),
        // Android's Small column guarantees only its core (head row + caption row; STALE: the footer),
        // so its next-due row and CTA may shed — but never the row while the button that names it stays.
        Row(
            families: \.checklist.isNextDueAndButton, states: [.defaultProgress], body: .kindling,
            requires: [.buttonsHabit],
            seed:
                "000, Families: Small — \"Streak header + next-due habit + a full-width KindlingCheckButton CTA\"; The "
                + "always-visible core: \"Core = head row (flame + numeral) + reactive caption row. Nothing else "
                + "is guaranteed to render.\""
        ),
        Row(
            families: { $0.checklist == .nextDueAndButton(guaranteed: false) }, states: [.defaultProgress, .stale],
            body: .kindling, requires: [.dayProgress],
            seed:
                "000, State catalog: Default — \"Streak (flame + number) + today's progress / habit rows\"; Families: "
                + "Small — \"Streak header + next-due habit + a full-width KindlingCheckButton CTA\""
        ),
        Row(
            families: \.checklist.isNextDueAndButton, states: [.defaultProgress, .stale], body: .legacy,
            requires: [.progress],
            seed:
                "000, State catalog: Default — \"Streak (flame + number) + today's progress / habit rows\"; Structural "
                + "floor: \"0 of 4 done … swaps it for 0/4 … a fallback, not a truncation\""
        ),
        Row(
            families: { $0.checklist == .rows(keepsNextDue: true) }, states: [.defaultProgress],
            requires: [.nextDueHabit, .overflow],
            seed:
                "000, Large family: \"largeVisibleWindow keeps the active (next-due) row visible … any remainder "
                + "renders as \"+N more in the app\"\"; Narrow-Large: \"Level A (unconditional): the next-due row "
                + "always renders\"; State catalog: Default — \"habit rows\""
        ),
        Row(
            families: { $0.checklist == .rows(keepsNextDue: true) }, states: [.stale], requires: [.overflow],
            seed:
                "000, State catalog: Stale — \"Default content + \"Today · last synced Xh ago\" caption\"; Large "
                + "family: \"any remainder renders as \"+N more in the app\"\""
        ),
        // Android Medium's column guarantees its core only, and its rows shed last, whole if need be;
        // what it keeps of the checklist still says which habit is next and how many there are.
        Row(
            families: { $0.checklist == .rows(keepsNextDue: false) }, states: [.defaultProgress],
            requires: [.nextDueAmongRows, .habitsCounted],
            seed:
                "000, The always-visible core: \"Core = head row (flame + numeral) + reactive caption row. Nothing "
                + "else is guaranteed to render.\"; Shedding order: \"3. Habit rows, dropped from the bottom\"; "
                + "Large family: \"largeVisibleWindow keeps the active (next-due) row visible … any remainder "
                + "renders as \"+N more in the app\"\"; Structural floor: \"0/4 … a fallback, not a "
                + "truncation\""
        ),
        Row(
            families: { $0.checklist == .rows(keepsNextDue: false) }, states: [.stale], requires: [.habitsCounted],
            seed:
                "000, The always-visible core: \"Nothing else is guaranteed to render.\"; State catalog: Stale — "
                + "\"Default content + \"Today · last synced Xh ago\" caption\"; Large family: \"any remainder "
                + "renders as \"+N more in the app\"\""
        ),
        Row(
            families: \.closesWithMotivator, states: [.allDone], body: .kindling, requires: [.overflow],
            seed:
                "000, Large family: \"largeAllDoneChecklist … capped at 4 visible rows … any remainder renders as … "
                + "\"+N more done\" on all-done\""
        ),
    ]

    /// What may shed, in the seed's order (the first sheds first): a later one absent while an
    /// earlier one is drawn is a shed out of order.
    public enum Shed: Hashable, Sendable {
        case element(ElementKind)
        /// Every habit row (rows drop from the bottom, after everything before them).
        case habitRows

        var name: String {
            switch self {
            case .element(let k): return k.rawValue
            case .habitRows: return "habit rows"
            }
        }
    }

    public struct ShedOrder: Sendable {
        public var families: @Sendable (FamilyTraits) -> Bool
        public var order: [Shed]
        public var seed: String
    }

    public static let shedOrders: [ShedOrder] = [
        ShedOrder(
            families: \.shedsByHeightBudget,
            order: [.element(.longestLabel), .element(.dayStreakLabel), .habitRows],
            seed:
                "000, Shedding order as the budget shrinks: \"1. Longest N — historical, not actionable. Goes first. "
                + "2. DAY STREAK … 3. Habit rows, dropped from the bottom\""
        ),
        ShedOrder(
            families: \.shedsHeaderByWidth, order: [.element(.daysLabel), .element(.streakGlyph)],
            seed:
                "000, Width budget, Shed order, widest-first: \"days label → flame container. The streak numeral never "
                + "sheds and never wraps.\""
        ),
    ]

    /// The rows that apply to a render.
    public static func rows(for facts: RenderFacts) -> [Row] { rows.filter { $0.applies(to: facts) } }

    /// The element kinds that show `item` on `family` in `state` (any one of them suffices); empty
    /// for the items the check reads from traits instead (next-due row, overflow).
    public static func kinds(_ item: Item, family: FixtureFamily, state: WidgetState) -> [ElementKind] {
        switch (item, family.surface) {
        case (.statusLine, .home):
            switch state {
            case .newDay: return [.newDayLine]
            // Large's all-done body is its checklist closed by the all-done motivator (seed 000 Large family).
            case .allDone: return family.traits.closesWithMotivator ? [.statusTitle, .motivator] : [.statusTitle]
            case .firstRun, .stale, .empty, .defaultProgress: return [.statusTitle]
            }
        case (.statusLine, .rectangular): return [.accessoryLine2]
        case (.numeral, .home), (.numeral, .circular): return [.numeral]
        case (.numeral, .rectangular): return [.accessoryLine1]
        case (.staleAge, .home): return [.staleFooter]
        // Stale's rectangular says its age as its state line (line2; the tail cut is line3's).
        case (.staleAge, .rectangular): return [.accessoryLine2]
        // The inline line cut inside its state line draws that part as the state line's own node
        // (AccessoryInline.swift); first run's line is nothing but its state line.
        case (.statusLine, .inline): return [.inlineLabel, .statusTitle]
        case (.numeral, .inline), (.staleAge, .inline): return [.inlineLabel]
        case (.checkOffButton, _): return [.checkOffLabel]
        case (.progress, _): return [.progress]
        case (.restGlyph, _): return [.statusGlyph]
        case (.nextDueHabit, _), (.buttonsHabit, _), (.nextDueAmongRows, _): return [.habitTitle]
        case (.overflow, _): return [.overflowLine]
        case (.habitsCounted, _): return [.overflowLine, .progress]
        case (.dayProgress, _): return [.habitTitle, .progress]
        case (.statusLine, .circular), (.staleAge, .circular): return []
        }
    }

    /// Whether the state draws habit rows on a listing family (the check's overflow and shed-order rules).
    static func drawsRows(_ facts: RenderFacts) -> Bool {
        guard facts.family.traits.checklist.listsRows, facts.resolved.dueCount > 0 else { return false }
        switch facts.state {
        case .defaultProgress, .stale: return true
        case .allDone: return facts.resolved.kindling && facts.family.traits.closesWithMotivator
        case .firstRun, .newDay, .empty: return false
        }
    }
}
