import Foundation

/// Motif-neutral lines: one table, every line on both platforms. Platform matters only where the
/// platforms ship different words (`fixedText`).
public enum FixedLine: String, Hashable, Sendable, Codable, CaseIterable {
    case appName
    case firstRun
    case emptyTitle, emptySubtitle
    case allDoneTitle
    /// iOS keeps the sentence; Android shortened it to fit the 70 dp box (OBJ-1382).
    case newDayVisual
    /// VoiceOver/TalkBack: a period, not an em dash (an em dash reads as an awkward pause).
    case newDaySpoken
    /// Small's header label after the numeral; `dayLabel` is its singular, for a 1-day streak.
    case daysLabel, dayLabel
    /// Medium's left-column label under the numeral.
    case dayStreakLabel

    /// Whether the line is spoken (accessibility) rather than drawn.
    public var isSpoken: Bool {
        switch self {
        case .newDaySpoken: return true
        case .appName, .firstRun, .emptyTitle, .emptySubtitle, .allDoneTitle, .newDayVisual, .daysLabel, .dayLabel,
            .dayStreakLabel:
            return false
        }
    }
}

public func fixedText(_ line: FixedLine, platform: Platform) -> String {
    switch line {
    case .appName: return "Objectuve"
    case .firstRun: return "Open Objectuve to sync today"
    case .emptyTitle: return "Nothing due today"
    case .emptySubtitle: return "Rest counts too."
    case .allDoneTitle: return allDoneTitleText
    case .newDayVisual:
        switch platform {
        case .ios: return "New day — tap to see today's habits"
        case .android: return "New day"
        }
    case .newDaySpoken: return "New day. Tap to see today's habits."
    case .daysLabel: return "days"
    case .dayLabel: return "day"
    case .dayStreakLabel: return "DAY STREAK"
    }
}

/// The label after a streak of `streak` days. The seeds give only "days" ("12 days"); a 1-day
/// streak reads "1 day", as a designer writes it (README "Where the seeds are silent").
public func daysLabelText(streak: Int, platform: Platform) -> String {
    fixedText(streak == 1 ? .dayLabel : .daysLabel, platform: platform)
}

/// Lines with numbers or titles in them. The template text is the one source: the catalogue
/// prints it, `fill` builds the shown string from it.
public enum CopyTemplate: String, Hashable, Sendable, Codable, CaseIterable {
    case progress, progressCompact
    case staleFooter
    case longestLabel, largeHeaderLabel
    case largeMoreInApp, largeMoreDone
    case inlineAccessory, inlineProgress, inlineHabitLeft, inlineStale
    case accessoryStreak, accessoryNext
    // spoken
    case spokenStreak, spokenLongest, spokenHabitDone, spokenHabitNotYet, spokenToday, spokenProgress
    case spokenMoreHabit, spokenMoreHabits, spokenAllDone, spokenLastSynced

    public var text: String {
        switch self {
        case .progress: return "{done} of {due} done"
        case .progressCompact: return "{done}/{due}"
        case .staleFooter: return "Today · last synced {hours}h ago"
        case .longestLabel: return "Longest {longest}"
        case .largeHeaderLabel: return "DAY STREAK · LONGEST {longest}"
        case .largeMoreInApp: return "+{count} more in the app"
        case .largeMoreDone: return "+{count} more done"
        case .inlineAccessory: return "{streak} · {status}"
        case .inlineProgress: return "{done} of {due}"
        case .inlineHabitLeft: return "{title} left"
        case .inlineStale: return "last synced {hours}h ago"
        case .accessoryStreak: return "{streak}-day streak"
        case .accessoryNext: return "Next: {title}"
        case .spokenStreak: return "{streak} day streak"
        case .spokenLongest: return "longest {longest}"
        case .spokenHabitDone: return "{title} done"
        case .spokenHabitNotYet: return "{title} not yet"
        case .spokenToday: return "Today: {habits}."
        case .spokenProgress: return "Today: {done} of {due} done."
        case .spokenMoreHabit: return "{count} more habit in the app."
        case .spokenMoreHabits: return "{count} more habits in the app."
        case .spokenAllDone: return "All done today, {done} of {due}."
        case .spokenLastSynced: return "Last synced {hours} hours ago."
        }
    }

    /// The platforms that draw or speak it. The Lock Screen accessory lines are iOS-only (seed 000:
    /// "No Lock Screen analog on Android"); so is Large's one-line "DAY STREAK · LONGEST N" header
    /// (Android's Large sheds DAY STREAK / Longest N as a wrapper instead); "0/4" is Android Small's
    /// compact-progress fallback (usesCompactProgress).
    public var platforms: Set<Platform> {
        switch self {
        case .inlineAccessory, .inlineProgress, .inlineHabitLeft, .inlineStale,
            .accessoryStreak, .accessoryNext, .largeHeaderLabel:
            return [.ios]
        case .progressCompact:
            return [.android]
        case .progress, .staleFooter, .longestLabel, .largeMoreInApp, .largeMoreDone, .spokenStreak, .spokenLongest,
            .spokenHabitDone, .spokenHabitNotYet, .spokenToday, .spokenProgress, .spokenMoreHabit, .spokenMoreHabits,
            .spokenAllDone, .spokenLastSynced:
            return Set(Platform.allCases)
        }
    }

    public var isSpoken: Bool {
        switch self {
        case .spokenStreak, .spokenLongest, .spokenHabitDone, .spokenHabitNotYet, .spokenToday, .spokenProgress,
            .spokenMoreHabit, .spokenMoreHabits, .spokenAllDone, .spokenLastSynced:
            return true
        case .progress, .progressCompact, .staleFooter, .longestLabel, .largeHeaderLabel, .largeMoreInApp,
            .largeMoreDone, .inlineAccessory, .inlineProgress, .inlineHabitLeft, .inlineStale,
            .accessoryStreak, .accessoryNext:
            return false
        }
    }

    /// Substitutes `{name}` placeholders. Values are inserted verbatim (a habit title may itself
    /// contain braces; substitution is single-pass per key, in sorted key order, so it is stable).
    /// Placeholders are matched as UTF-8 bytes: every widget line is filled here, and Foundation's
    /// string search was a fifth of building the catalog.
    public func fill(_ values: [String: String]) -> String {
        var out = Array(text.utf8)
        for key in values.keys.sorted() {
            let placeholder = Array("{\(key)}".utf8)
            let value = Array(values[key]!.utf8)
            var filled: [UInt8] = []
            filled.reserveCapacity(out.count + value.count)
            var i = 0
            while i < out.count {
                if out[i] == UInt8(ascii: "{"), out[i...].starts(with: placeholder) {
                    filled += value
                    i += placeholder.count
                } else {
                    filled.append(out[i])
                    i += 1
                }
            }
            out = filled
        }
        return String(decoding: out, as: UTF8.self)
    }
}

// MARK: - The parametric lines, as functions

/// "0 of 4 done" — the Small/Medium progress text; contentDescription keeps this full form.
public func progressText(doneCount: Int, dueCount: Int) -> String {
    CopyTemplate.progress.fill(["done": "\(doneCount)", "due": "\(dueCount)"])
}

/// "0/4" — Android Small's fallback when the full form's measured advance exceeds the box.
public func compactProgressText(doneCount: Int, dueCount: Int) -> String {
    CopyTemplate.progressCompact.fill(["done": "\(doneCount)", "due": "\(dueCount)"])
}

/// "Today · last synced 20h ago" — the STALE footer; a widget always states its age.
public func staleFooterText(hoursSinceSync: Int) -> String {
    CopyTemplate.staleFooter.fill(["hours": "\(hoursSinceSync)"])
}

/// "Longest 21" (Medium left column).
public func longestLabelText(longestStreak: Int) -> String {
    CopyTemplate.longestLabel.fill(["longest": "\(longestStreak)"])
}

/// "DAY STREAK · LONGEST 21" (Large header).
public func largeHeaderLabelText(longestStreak: Int) -> String {
    CopyTemplate.largeHeaderLabel.fill(["longest": "\(longestStreak)"])
}

/// Large's overflow line under a capped checklist: "+2 more in the app", or on allDone "+2 more done".
/// nil when nothing is hidden.
public func largeOverflowText(state: WidgetState, hiddenCount: Int) -> String? {
    guard hiddenCount > 0 else { return nil }
    let t: CopyTemplate = state == .allDone ? .largeMoreDone : .largeMoreInApp
    return t.fill(["count": "\(hiddenCount)"])
}
