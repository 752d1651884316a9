/// The per-motif copy tables of seeds 000 and 001, byte-exact (em dash U+2014, straight
/// apostrophes). Each reads the motif's row (`StreakMotif.copy`, one exhaustive switch) — a sixth
/// motif must not compile until it has every line.

// MARK: - ALL_DONE cluster (three-way: OBJ-3317's "Baseline is its own branch")

/// Which ALL_DONE copy applies. `.baseline` is the fail-closed path (extendedToday absent): it
/// asserts nothing about the streak, only that today's due habits are done.
public enum AllDoneBranch: String, Hashable, Sendable, Codable, CaseIterable {
    case confirmed, pending, baseline
}

/// Three-way on the shown treatment. nil (suppressed) cannot occur on allDone; it reads as
/// baseline, the branch that claims nothing.
public func allDoneBranch(_ reactive: ReactiveTreatment?) -> AllDoneBranch {
    switch reactive {
    case .extended?: return .confirmed
    case .notYet?: return .pending
    case .baseline?, nil: return .baseline
    }
}

/// Kindling all-done title (Small + Medium). Two outcomes on purpose: pending and baseline
/// converge on "All done today" — nothing at headline weight may vary on a distinction the
/// user can't see. Confirmed reuses the motif's iOS caption.
public func allDoneKindlingTitle(motif: StreakMotif, branch: AllDoneBranch) -> String {
    switch branch {
    case .confirmed: return reactiveCaption(platform: .ios, motif: motif, branch: .extended)
    case .pending, .baseline: return allDoneTitleText
    }
}

/// The plain "All done today" (legacy all-done title, kindling pending/baseline title,
/// accessory line 2).
public let allDoneTitleText = "All done today"

/// Kindling all-done subtitle — the *shipped* table quoted in seed 001 §1 (Table A is superseded).
public func allDoneKindlingSubtitle(motif: StreakMotif, branch: AllDoneBranch) -> String {
    switch branch {
    case .confirmed: return motif.copy.allDoneSubtitle.confirmed
    case .pending: return motif.copy.allDoneSubtitle.pending
    case .baseline: return "That's the day. Rest easy."
    }
}

/// Lock Screen rectangular accessory `line3` on allDone (seed 001 Table C). ≤ 16 characters:
/// one tail-truncated line. Baseline drops "Rest easy" to hold that budget.
public func accessoryAllDoneLine3(motif: StreakMotif, branch: AllDoneBranch) -> String {
    switch branch {
    case .confirmed: return motif.copy.accessoryAllDoneLine3.confirmed
    case .pending: return motif.copy.accessoryAllDoneLine3.pending
    case .baseline: return "That's the day"
    }
}

// MARK: - Large motivator (seed 001 Table B, B4 three-way per seed 000)

/// The six branches of `largeMotivatorText`, with B4 split three ways.
public enum MotivatorBranch: String, Hashable, Sendable, Codable, CaseIterable {
    case firstOfDay  // B1 · defaultProgress, nothing done yet
    case lastOne  // B2 · defaultProgress, one left
    case building  // B3 · defaultProgress, otherwise
    case allDoneConfirmed, allDonePending, allDoneBaseline  // B4
    case rest  // B5 · empty
    case newDay  // B6

    /// Whether `platform` draws this branch: Android's all-done baseline reads as confirmed until
    /// OBJ-3316 closes (see `largeMotivatorBranch`), so it never draws the baseline line.
    public func isDrawn(on platform: Platform) -> Bool {
        switch (self, platform) {
        case (.allDoneBaseline, .android): return false
        case (.allDoneBaseline, .ios), (.firstOfDay, _), (.lastOne, _), (.building, _), (.allDoneConfirmed, _),
            (.allDonePending, _), (.rest, _), (.newDay, _):
            return true
        }
    }
}

/// Which motivator branch a state takes; nil on stale and firstRun (stale's sync footer takes
/// the line's place; firstRun has none). B1 is checked before B2, as shipped.
///
/// Android's all-done baseline still reads as confirmed (seed 000 Fail-closed behavior: "Android's
/// Large motivator (motivatorStringRes/motivatorSentence) still renders "Today's stone laid. Rest
/// easy." in this same no-data state — the identical defect, routed as OBJ-3316"): the three-way
/// split is iOS's only until OBJ-3316 closes.
public func largeMotivatorBranch(
    state: WidgetState, reactive: ReactiveTreatment?,
    doneCount: Int, dueCount: Int, platform: Platform = .ios
) -> MotivatorBranch? {
    switch state {
    case .stale, .firstRun: return nil
    case .defaultProgress:
        if doneCount == 0 { return .firstOfDay }
        if dueCount - doneCount == 1 { return .lastOne }
        return .building
    case .allDone:
        switch allDoneBranch(reactive) {
        case .confirmed: return .allDoneConfirmed
        case .pending: return .allDonePending
        case .baseline:
            switch platform {
            case .ios: return .allDoneBaseline
            case .android: return .allDoneConfirmed
            }
        }
    case .empty: return .rest
    case .newDay: return .newDay
    }
}

/// Large's closing motivator line — rendered, and spoken when kindling is on. Both platforms.
public func largeMotivatorText(
    state: WidgetState, motif: StreakMotif, reactive: ReactiveTreatment?,
    doneCount: Int, dueCount: Int, platform: Platform = .ios
) -> String? {
    largeMotivatorBranch(state: state, reactive: reactive, doneCount: doneCount, dueCount: dueCount, platform: platform)
        .map { largeMotivatorText(branch: $0, motif: motif) }
}

public func largeMotivatorText(branch: MotivatorBranch, motif: StreakMotif) -> String {
    let line = motif.copy.motivators
    switch branch {
    case .firstOfDay: return line.firstOfDay
    case .lastOne: return line.lastOne
    case .building: return line.building
    case .allDoneConfirmed: return line.allDoneConfirmed
    case .allDonePending: return line.allDonePending
    case .allDoneBaseline: return "That's the day. Rest easy."
    case .rest: return line.rest
    case .newDay: return line.newDay
    }
}

// MARK: - Small CTA and spoken reactive suffixes

/// Small kindling CTA (seed 000 Families; seed 001 §0 for the three v4.28 motifs).
public func smallCTAText(motif: StreakMotif) -> String {
    motif.copy.smallCTA
}

/// The spoken suffix after the streak phrase ("12 day streak, today's stone laid"). Same on both
/// platforms. Extended: seed 000's examples; not-yet: seed 001 §4 ("add today's stone to keep
/// building") with the other motifs' shipped continuation phrases from seed 001 §0.
public func reactiveAccessibilitySuffix(motif: StreakMotif, branch: CaptionBranch) -> String {
    switch branch {
    case .extended: return motif.copy.spokenSuffix.extended
    case .notYet: return motif.copy.spokenSuffix.notYet
    }
}

/// The caption branch a shown treatment takes; nil for baseline (no caption) and suppressed.
public func captionBranch(_ reactive: ReactiveTreatment?) -> CaptionBranch? {
    switch reactive {
    case .extended?: return .extended
    case .notYet?: return .notYet
    case .baseline?, nil: return nil
    }
}

/// The reactive caption row's text, or nil when there is no caption (baseline, suppressed).
public func reactiveCaptionText(platform: Platform, motif: StreakMotif, reactive: ReactiveTreatment?) -> String? {
    captionBranch(reactive).map { reactiveCaption(platform: platform, motif: motif, branch: $0) }
}

// MARK: - SF Symbol names (iOS accessories)

/// The accessory's streak glyph (`metaphorGlyphName(_:filled:)`). Waves has no fill variant in
/// SF Symbols — a known gap (seed 001 §4), deliberately not papered over with another symbol.
public func metaphorSymbol(motif: StreakMotif, filled: Bool) -> AccessorySymbol {
    filled ? motif.copy.symbol.filled : motif.copy.symbol.outline
}
