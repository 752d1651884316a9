/// Per-widget copy decisions: which table row a resolved widget shows at each site.
/// Everything here reads a `ResolvedWidget` (plus, where layout decides, a parameter) and
/// picks from the tables in MotifTables.swift / Lines.swift — no strings are minted here
/// except joins of those pieces.

// MARK: - Coach line

/// What the Coach row shows, or nil when there is no row. The line comes from the snapshot only
/// (JS owns it; native never derives it). Suppressed on stale — last-known progress can't be
/// asserted as current — and, by the same reasoning, on newDay and firstRun. The row exists only
/// in the kindling body. iOS falls back to the reactive caption when the snapshot has none;
/// Android hides the row instead.
public func coachLineText(
    platform: Platform, state: WidgetState, motif: StreakMotif,
    reactive: ReactiveTreatment?, kindling: Bool, snapshotCoachLine: String?
) -> String? {
    guard kindling else { return nil }
    switch state {
    case .stale, .newDay, .firstRun: return nil
    case .empty, .allDone, .defaultProgress: break
    }
    switch platform {
    case .ios: return snapshotCoachLine ?? reactiveCaptionText(platform: .ios, motif: motif, reactive: reactive)
    case .android: return snapshotCoachLine
    }
}

public func coachLineText(_ w: ResolvedWidget, platform: Platform) -> String? {
    coachLineText(
        platform: platform, state: w.state, motif: w.motif, reactive: w.reactive,
        kindling: w.kindling, snapshotCoachLine: w.snapshotCoachLine)
}

/// Android's narrow form (COMPACT/STACKED rungs and Medium): `coachLineShort`, else the long line.
/// Only when the row shows at all — its gate is the long line. iOS has no short field: nil.
public func coachLineShortText(_ w: ResolvedWidget, platform: Platform) -> String? {
    switch platform {
    case .ios: return nil
    case .android:
        guard let long = coachLineText(w, platform: .android) else { return nil }
        return w.snapshotCoachLineShort ?? long
    }
}

// MARK: - State lines

/// The state's headline and subline in the main body (nil where the body shows habit progress).
/// All-done: kindling uses the three-way title/subtitle; the legacy body has the plain title only.
public func stateTitleText(_ w: ResolvedWidget, platform: Platform) -> String? {
    switch w.state {
    case .firstRun: return fixedText(.firstRun, platform: platform)
    case .empty: return fixedText(.emptyTitle, platform: platform)
    case .newDay: return fixedText(.newDayVisual, platform: platform)
    case .allDone:
        return w.kindling
            ? allDoneKindlingTitle(motif: w.motif, branch: allDoneBranch(w.reactive))
            : fixedText(.allDoneTitle, platform: platform)
    case .stale, .defaultProgress: return nil
    }
}

public func stateSubtitleText(_ w: ResolvedWidget, platform: Platform) -> String? {
    switch w.state {
    case .empty: return fixedText(.emptySubtitle, platform: platform)
    case .allDone: return w.kindling ? allDoneKindlingSubtitle(motif: w.motif, branch: allDoneBranch(w.reactive)) : nil
    case .firstRun, .newDay, .stale, .defaultProgress: return nil
    }
}

/// Small's CTA: kindling body, a due habit left, and never on a stale surface.
public func smallCTAText(_ w: ResolvedWidget) -> String? {
    w.kindling && w.state == .defaultProgress ? smallCTAText(motif: w.motif) : nil
}

/// Large's closing motivator as it is drawn *and* spoken: only the kindling body draws it, so
/// render and speech share this one condition (OBJ-3317 Q4).
public func shownLargeMotivatorText(_ w: ResolvedWidget, platform: Platform) -> String? {
    guard w.kindling else { return nil }
    return largeMotivatorText(
        state: w.state, motif: w.motif, reactive: w.reactive,
        doneCount: w.doneCount, dueCount: w.dueCount, platform: platform)
}

/// "2 of 4 done" where habit progress shows (default and stale); nil elsewhere or with nothing due.
public func progressText(_ w: ResolvedWidget) -> String? {
    switch w.state {
    case .defaultProgress, .stale:
        return w.dueCount > 0 ? progressText(doneCount: w.doneCount, dueCount: w.dueCount) : nil
    case .firstRun, .newDay, .empty, .allDone: return nil
    }
}

public func staleFooterText(_ w: ResolvedWidget) -> String? {
    guard w.state == .stale, let h = w.hoursSinceSync else { return nil }
    return staleFooterText(hoursSinceSync: h)
}

// MARK: - Lock Screen accessories (iOS)

public struct AccessoryLines: Hashable, Sendable, Codable {
    public var line1: String
    public var line2: String
    /// Dropped by ViewThatFits at tight heights; nil where the state has no third line.
    public var line3: String?
    package init(line1: String, line2: String, line3: String? = nil) {
        self.line1 = line1
        self.line2 = line2
        self.line3 = line3
    }
}

/// Rectangular accessory: streak line, state line, then the next habit or the state's third line.
public func accessoryRectangularLines(_ w: ResolvedWidget) -> AccessoryLines {
    let streak = CopyTemplate.accessoryStreak.fill(["streak": "\(w.streak)"])
    switch w.state {
    case .firstRun:
        return AccessoryLines(
            line1: fixedText(.appName, platform: .ios), line2: fixedText(.firstRun, platform: .ios), line3: nil)
    case .defaultProgress:
        return AccessoryLines(
            line1: streak, line2: progressText(doneCount: w.doneCount, dueCount: w.dueCount),
            line3: w.nextDueHabit.map { CopyTemplate.accessoryNext.fill(["title": $0.title]) })
    case .allDone:
        return AccessoryLines(
            line1: streak, line2: fixedText(.allDoneTitle, platform: .ios),
            line3: accessoryAllDoneLine3(motif: w.motif, branch: allDoneBranch(w.reactive)))
    case .empty:
        return AccessoryLines(
            line1: streak, line2: fixedText(.emptyTitle, platform: .ios),
            line3: fixedText(.emptySubtitle, platform: .ios))
    case .newDay:
        // iOS's sentence: the short "New day" is Android's (OBJ-1382); the iOS table has only the full one.
        return AccessoryLines(line1: streak, line2: fixedText(.newDayVisual, platform: .ios), line3: nil)
    case .stale:
        return AccessoryLines(
            line1: streak, line2: progressText(w) ?? fixedText(.emptyTitle, platform: .ios),
            line3: staleFooterText(w))
    }
}

/// Inline accessory: its one line, e.g. "12 · 2 of 4 · Meditate left" (seed 001 §3). Where it does
/// not fit, the layout cuts it at its tail: the seeds give the line no shorter wording. Stale is
/// "Default content + … last synced Xh ago" (seed 000 State catalog): the count, then the age.
public func inlineAccessoryText(_ w: ResolvedWidget) -> String {
    let progress = CopyTemplate.inlineProgress.fill(["done": "\(w.doneCount)", "due": "\(w.dueCount)"])
    func line(_ status: String) -> String {
        CopyTemplate.inlineAccessory.fill(["streak": "\(w.streak)", "status": status])
    }
    switch w.state {
    case .firstRun: return fixedText(.firstRun, platform: .ios)
    case .defaultProgress:
        return line(
            ([progress] + (w.nextDueHabit.map { [CopyTemplate.inlineHabitLeft.fill(["title": $0.title])] } ?? []))
                .joined(separator: " · "))
    case .allDone: return line(fixedText(.allDoneTitle, platform: .ios))
    case .empty: return line(fixedText(.emptyTitle, platform: .ios))
    case .newDay: return line(fixedText(.newDayVisual, platform: .ios))
    case .stale:
        let age = CopyTemplate.inlineStale.fill(["hours": "\(w.hoursSinceSync ?? 0)"])
        return line(w.dueCount > 0 ? progress + " · " + age : age)
    }
}

/// The streak glyph as an SF Symbol (rectangular line 1, circular/inline on progress states):
/// filled only when the extension is confirmed; the fail-closed path is the classic outline flame.
public func accessoryStreakSymbol(_ w: ResolvedWidget) -> AccessorySymbol {
    guard let g = w.glyph else { return stateSymbolFirstRun }
    if g.isClassicFlame { return metaphorSymbol(motif: .flame, filled: false) }
    return metaphorSymbol(motif: g.motif, filled: g.tone == .lit)
}

/// The inline label's symbol and the circular accessory's bottom glyph: moon / sunrise /
/// clockwise arrow / checkmark, or the streak glyph while habits are in progress.
public func inlineAccessorySymbol(_ w: ResolvedWidget) -> AccessorySymbol {
    switch w.state {
    case .firstRun, .stale: return stateSymbolFirstRun
    case .newDay: return .sunrise
    case .empty: return .moon
    case .allDone: return .checkmark
    case .defaultProgress: return accessoryStreakSymbol(w)
    }
}

private let stateSymbolFirstRun = AccessorySymbol.arrowClockwise
