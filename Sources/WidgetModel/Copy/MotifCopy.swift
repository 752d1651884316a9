/// One motif's words in every per-motif table of seeds 000 and 001, byte-exact (em dash U+2014,
/// straight apostrophes). `StreakMotif.copy` is the one exhaustive switch over the motif for its
/// copy: a new motif does not compile until it has every line, and each table (MotifTables.swift,
/// Captions.swift, the Coach line) reads its row.
public struct MotifCopy: Sendable {
    /// A line per caption branch: extended, not yet.
    public struct Captioned: Sendable {
        public var extended: String, notYet: String
    }
    /// A line per all-done branch that varies by motif: confirmed, pending (baseline's is motif-neutral).
    public struct AllDone: Sendable {
        public var confirmed: String, pending: String
    }
    /// Large's motivators (seed 001 Table B, B4 three-way per seed 000) but the motif-neutral baseline.
    public struct Motivators: Sendable {
        public var firstOfDay: String, lastOne: String, building: String, allDoneConfirmed: String,
            allDonePending: String
        public var rest: String, newDay: String
    }

    /// Reactive captions (seed 000, "Reactive states"): Android ships the shortened narrow-width
    /// forms, iOS the original long forms — two independently maintained tables, not drift.
    public var androidCaption: Captioned, iosCaption: Captioned
    /// The kindling all-done subtitle (Small + Medium): the *shipped* table quoted in seed 001 §1.
    public var allDoneSubtitle: AllDone
    /// The rectangular accessory's `line3` on allDone (seed 001 Table C): ≤ 16 characters.
    public var accessoryAllDoneLine3: AllDone
    public var motivators: Motivators
    /// Small's kindling CTA (seed 000 Families; seed 001 §0 for the three v4.28 motifs).
    public var smallCTA: String
    /// The spoken suffix after the streak phrase ("12 day streak, today's stone laid"), both
    /// platforms. Extended: seed 000's examples; not yet: seed 001 §4 ("add today's stone to keep
    /// building") with the other motifs' shipped continuation phrases from seed 001 §0.
    public var spokenSuffix: Captioned
    /// The accessories' streak glyph (`metaphorGlyphName(_:filled:)`), filled and not.
    public var symbol: (filled: AccessorySymbol, outline: AccessorySymbol)
    /// The Coach line's in-progress template, long and short (useWidgetSnapshot.ts; seed 000 "Coach
    /// line": the templates are "stones metaphor" and "flame metaphor (Supporter-only)" and the
    /// app has no other, so the other motifs take the stones line).
    public var coachInProgress: (long: String, short: String)
    /// The stones metaphor's Coach template, which every motif without one of its own takes.
    static let stonesCoach = (long: "One more and today's stone is set.", short: "One more sets the stone.")
}

extension StreakMotif {
    /// This motif's row of the copy table; a new motif is a compile error here until it gives it.
    public var copy: MotifCopy {
        switch self {
        case .stones:
            return MotifCopy(
                androidCaption: .init(extended: "Stone laid", notYet: "Add a stone"),
                iosCaption: .init(extended: "Today's stone laid", notYet: "Add today's stone"),
                allDoneSubtitle: .init(confirmed: "Tower's taller. Rest easy.", pending: "Today's build. Rest easy."),
                accessoryAllDoneLine3: .init(confirmed: "Every stone laid", pending: "Today's build"),
                motivators: .init(
                    firstOfDay: "Set the first stone — the tower starts today.",
                    lastOne: "Lay the last stone to keep the tower rising.",
                    building: "Each stone today makes the tower taller.",
                    allDoneConfirmed: "Today's stone laid. Rest easy.",
                    allDonePending: "That's today's build. Rest easy.",
                    rest: "Rest is part of the build. Back tomorrow.",
                    newDay: "Lay today's first stone when you're ready."),
                smallCTA: "Lay today's stone",
                spokenSuffix: .init(extended: "today's stone laid", notYet: "add today's stone to keep building"),
                symbol: (filled: .stackFill, outline: .stack),
                coachInProgress: MotifCopy.stonesCoach)
        case .flame:
            // Its all-done motivator is its own line, not a caption echo ("Locked in today" is motif-neutral).
            return MotifCopy(
                androidCaption: .init(extended: "Locked in", notYet: "Add today"),
                iosCaption: .init(extended: "Locked in today", notYet: "Add today"),
                allDoneSubtitle: .init(confirmed: "Fire's brighter. Rest easy.", pending: "Today's burn. Rest easy."),
                accessoryAllDoneLine3: .init(confirmed: "Every log fed", pending: "Today's burn"),
                motivators: .init(
                    firstOfDay: "Strike the first spark — today's fire starts now.",
                    lastOne: "Feed the last log to keep the fire going.",
                    building: "Each log today keeps the fire bright.",
                    allDoneConfirmed: "Today's fire's lit. Rest easy.",
                    allDonePending: "That's today's burn. Rest easy.",
                    rest: "Rest is part of the burn. Back tomorrow.",
                    newDay: "Light today's fire when you're ready."),
                smallCTA: "Feed today's fire",
                spokenSuffix: .init(extended: "locked in for today", notYet: "add today to keep it going"),
                symbol: (filled: .flameFill, outline: .flame),
                coachInProgress: (long: "One more and today's fire is fed.", short: "One more feeds the fire."))
        case .sprout:
            return MotifCopy(
                androidCaption: .init(extended: "Leaf out", notYet: "Add a leaf"),
                iosCaption: .init(extended: "Today's leaf out", notYet: "Add today's leaf"),
                allDoneSubtitle: .init(confirmed: "Plant's fuller. Rest easy.", pending: "Today's growth. Rest easy."),
                accessoryAllDoneLine3: .init(confirmed: "Every leaf out", pending: "Today's growth"),
                motivators: .init(
                    firstOfDay: "Send out the first leaf — the sprout starts now.",
                    lastOne: "Add the last leaf to keep the sprout growing.",
                    building: "Each leaf today makes the sprout greener.",
                    allDoneConfirmed: "Today's leaf out. Rest easy.",
                    allDonePending: "That's today's growth. Rest easy.",
                    rest: "Rest is part of the growth. Back tomorrow.",
                    newDay: "Add today's leaf when you're ready."),
                smallCTA: "Add today's leaf",
                spokenSuffix: .init(extended: "today's leaf out", notYet: "add today's leaf to keep it growing"),
                symbol: (filled: .leafFill, outline: .leaf),
                coachInProgress: MotifCopy.stonesCoach)
        case .mountain:
            return MotifCopy(
                androidCaption: .init(extended: "Step up", notYet: "Add a step"),
                iosCaption: .init(extended: "Today's step up", notYet: "Add today's step"),
                allDoneSubtitle: .init(confirmed: "Summit's closer. Rest easy.", pending: "Today's climb. Rest easy."),
                accessoryAllDoneLine3: .init(confirmed: "Every step up", pending: "Today's climb"),
                motivators: .init(
                    firstOfDay: "Take the first step — the climb starts today.",
                    lastOne: "Take the last step to keep climbing.",
                    building: "Each step today puts the summit closer.",
                    allDoneConfirmed: "Today's step up. Rest easy.",
                    allDonePending: "That's today's climb. Rest easy.",
                    rest: "Rest is part of the climb. Back tomorrow.",
                    newDay: "Take today's step when you're ready."),
                smallCTA: "Take today's step",
                spokenSuffix: .init(extended: "today's step up", notYet: "add today's step to keep climbing"),
                symbol: (filled: .mountainFill, outline: .mountain),
                coachInProgress: MotifCopy.stonesCoach)
        case .waves:
            // No filled SF Symbol: a known gap (seed 001 §4), deliberately not papered over with another symbol.
            return MotifCopy(
                androidCaption: .init(extended: "Wave in", notYet: "Add a wave"),
                iosCaption: .init(extended: "Today's wave in", notYet: "Add today's wave"),
                allDoneSubtitle: .init(confirmed: "Tide's stronger. Rest easy.", pending: "Today's tide. Rest easy."),
                accessoryAllDoneLine3: .init(confirmed: "Every wave in", pending: "Today's tide"),
                motivators: .init(
                    firstOfDay: "Make the first wave — the tide starts today.",
                    lastOne: "Make the last wave to keep the tide rolling.",
                    building: "Each wave today pulls the tide higher.",
                    allDoneConfirmed: "Today's wave in. Rest easy.",
                    allDonePending: "That's today's tide. Rest easy.",
                    rest: "Rest is part of the tide. Back tomorrow.",
                    newDay: "Make today's wave when you're ready."),
                smallCTA: "Make today's wave",
                spokenSuffix: .init(extended: "today's wave in", notYet: "add today's wave to keep the tide rolling"),
                symbol: (filled: .waves, outline: .waves),
                coachInProgress: MotifCopy.stonesCoach)
        }
    }
}
