/// Composed VoiceOver/TalkBack labels: the whole state in one label, never a pile of unlabeled
/// glyphs. What layout decides — which habits are visible, whether the Coach row shows — comes in
/// as parameters, so speech can never disagree with the render.

/// The spoken streak phrase plus the reactive suffix where a caption shows:
/// "12 day streak, today's stone laid, longest 21". No suffix on baseline (no caption),
/// suppressed states, or newDay (its own sentence is the only thing known about today).
public func spokenStreakPhrase(_ w: ResolvedWidget) -> String {
    spokenStreakPhrase(w, streakWords: CopyTemplate.spokenStreak.fill(["streak": "\(w.streak)"]))
}

/// The phrase with `streakWords` for the streak ("12 day streak", Android Small's "12 days").
package func spokenStreakPhrase(_ w: ResolvedWidget, streakWords: String) -> String {
    var parts = [streakWords]
    if let suffix = spokenReactiveSuffix(w) { parts.append(suffix) }
    parts.append(CopyTemplate.spokenLongest.fill(["longest": "\(w.longestStreak)"]))
    return parts.joined(separator: ", ")
}

/// "add today's stone to keep building" where a caption shows; nil on baseline, the suppressed
/// states and newDay (its own sentence is the only thing known about today).
package func spokenReactiveSuffix(_ w: ResolvedWidget) -> String? {
    guard w.state != .newDay, let b = captionBranch(w.reactive) else { return nil }
    return reactiveAccessibilitySuffix(motif: w.motif, branch: b)
}

/// "Today: Morning run done, Meditate not yet." for the habits a layout shows, then
/// "N more habits in the app." for the rest. `visibleHabits` nil → every habit (Android keeps
/// one label across height bands); an empty window speaks the progress count instead.
public func spokenHabitList(_ w: ResolvedWidget, visibleHabits: [WidgetHabit]?) -> String {
    let shown = visibleHabits ?? w.habits
    if shown.isEmpty {
        return CopyTemplate.spokenProgress.fill(["done": "\(w.doneCount)", "due": "\(w.dueCount)"])
    }
    let items = shown.map {
        ($0.checkedInToday ? CopyTemplate.spokenHabitDone : .spokenHabitNotYet).fill(["title": $0.title])
    }
    var out = CopyTemplate.spokenToday.fill(["habits": items.joined(separator: ", ")])
    let hidden = max(0, w.dueCount - shown.count)
    if hidden > 0 {
        out += " " + (hidden == 1 ? CopyTemplate.spokenMoreHabit : .spokenMoreHabits).fill(["count": "\(hidden)"])
    }
    return out
}

/// The widget's whole spoken label for one family (`speaksMotivator`: the Large composition, closed
/// by the motivator it speaks — `FamilyTraits.closesWithMotivator`).
/// - visibleHabits: the checklist window the layout shows (nil = all; Large passes its capped window).
/// - showsCoachLine: whether the layout shows the Coach row. Android appends the long `coachLine`
///   when it does (TalkBack has no width budget, so never the short form).
/// Large speaks its motivator exactly when it draws it (kindling on).
public func composedAccessibilityLabel(
    _ w: ResolvedWidget, platform: Platform, speaksMotivator: Bool,
    visibleHabits: [WidgetHabit]?, showsCoachLine: Bool
) -> String {
    let app = fixedText(.appName, platform: platform)
    if w.state == .firstRun {
        return "\(app). \(sentence(fixedText(.firstRun, platform: platform)))"
    }
    var out =
        ["\(app).", sentence(spokenStreakPhrase(w))]
        + spokenStateSentences(w, platform: platform, visibleHabits: visibleHabits)
    if speaksMotivator, let motivator = shownLargeMotivatorText(w, platform: platform) {
        out.append(motivator)
    }
    if platform == .android, showsCoachLine, let coach = coachLineText(w, platform: .android) {
        out.append(sentence(coach))
    }
    return out.joined(separator: " ")
}

/// Android Small's label (seed 000 Width budget: the header's contentDescription "still announces
/// "12 days" verbatim regardless"; Structural floor: "contentDescription keeps the full 0 of 4 done
/// regardless of which form renders"): the streak as the header says it, then the count — the
/// Small shows a count and its next-due habit, not a checklist. Identical at every size (the
/// budget governs pixels, not the label).
public func androidSmallAccessibilityLabel(_ w: ResolvedWidget) -> String {
    let app = fixedText(.appName, platform: .android)
    if w.state == .firstRun { return "\(app). \(sentence(fixedText(.firstRun, platform: .android)))" }
    let days = "\(w.streak) \(daysLabelText(streak: w.streak, platform: .android))"
    return
        (["\(app).", sentence(spokenStreakPhrase(w, streakWords: days))]
        + spokenStateSentences(w, platform: .android, visibleHabits: [])).joined(separator: " ")
}

/// The Lock Screen accessories' label (seed 001 §4: "…12 day streak — add today's stone to keep
/// building. All done today, 3 of 3."): the streak, its reactive cue after an em dash, no
/// "longest N" (the utterance has none), then the state's count or line.
public func accessoryAccessibilityLabel(_ w: ResolvedWidget) -> String {
    let app = fixedText(.appName, platform: .ios)
    if w.state == .firstRun { return "\(app). \(sentence(fixedText(.firstRun, platform: .ios)))" }
    let streak = CopyTemplate.spokenStreak.fill(["streak": "\(w.streak)"])
    let phrase = spokenReactiveSuffix(w).map { streak + " — " + $0 } ?? streak
    return (["\(app).", sentence(phrase)] + spokenStateSentences(w, platform: .ios, visibleHabits: [])).joined(
        separator: " ")
}

/// What the label says about the state after the streak: the habits (or their count), the age,
/// the state's own line.
package func spokenStateSentences(_ w: ResolvedWidget, platform: Platform, visibleHabits: [WidgetHabit]?) -> [String] {
    var out: [String] = []
    switch w.state {
    case .firstRun: break
    case .defaultProgress:
        out.append(spokenHabitList(w, visibleHabits: visibleHabits))
    case .stale:
        out.append(spokenHabitList(w, visibleHabits: visibleHabits))
        out.append(CopyTemplate.spokenLastSynced.fill(["hours": "\(w.hoursSinceSync ?? 0)"]))
    case .allDone:
        out.append(CopyTemplate.spokenAllDone.fill(["done": "\(w.doneCount)", "due": "\(w.dueCount)"]))
    case .empty:
        out.append(sentence(fixedText(.emptyTitle, platform: platform)))
        out.append(fixedText(.emptySubtitle, platform: platform))
    case .newDay:
        out.append(fixedText(.newDaySpoken, platform: platform))
    }
    return out
}

/// Ends a fragment with a full stop unless it already ends a sentence.
package func sentence(_ s: String) -> String {
    guard let last = s.last else { return s }
    return ".?".contains(last) ? s : s + "."
}
