/// Composed VoiceOver/TalkBack labels: the whole state in one label, never a pile of unlabeled
/// glyphs. What layout decides — which habits are visible, whether the Coach row shows — comes in
/// as parameters, so speech can never disagree with the render.

/// The spoken streak phrase plus the reactive suffix where a caption shows:
/// "12 day streak, today's stone laid, longest 21". No suffix on baseline (no caption),
/// suppressed states, or newDay (its own sentence is the only thing known about today).
public func spokenStreakPhrase(_ w: ResolvedWidget) -> String {
    var parts = [CopyTemplate.spokenStreak.fill(["streak": "\(w.streak)"])]
    if w.state != .newDay, let b = captionBranch(w.reactive) {
        parts.append(reactiveAccessibilitySuffix(motif: w.motif, branch: b))
    }
    parts.append(CopyTemplate.spokenLongest.fill(["longest": "\(w.longestStreak)"]))
    return parts.joined(separator: ", ")
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

/// The widget's whole spoken label for one family (`isLarge`: the Large family, which speaks its motivator).
/// - visibleHabits: the checklist window the layout shows (nil = all; Large passes its capped window).
/// - showsCoachLine: whether the layout shows the Coach row. Android appends the long `coachLine`
///   when it does (TalkBack has no width budget, so never the short form).
/// Large speaks its motivator exactly when it draws it (kindling on).
public func composedAccessibilityLabel(_ w: ResolvedWidget, platform: Platform, isLarge: Bool,
                                       visibleHabits: [WidgetHabit]?, showsCoachLine: Bool) -> String {
    let app = fixedText(.appName, platform: platform)
    if w.state == .firstRun {
        return "\(app). \(sentence(fixedText(.firstRun, platform: platform)))"
    }
    var out = ["\(app).", sentence(spokenStreakPhrase(w))]
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
    if isLarge, let motivator = shownLargeMotivatorText(w) {
        out.append(motivator)
    }
    if platform == .android, showsCoachLine, let coach = coachLineText(w, platform: .android) {
        out.append(sentence(coach))
    }
    return out.joined(separator: " ")
}

/// Ends a fragment with a full stop unless it already ends a sentence.
func sentence(_ s: String) -> String {
    guard let last = s.last else { return s }
    return ".?".contains(last) ? s : s + "."
}
