import Foundation

/// What a widget shows, as numbers: the one builder every snapshot comes from — the golden
/// matrices' cells and bands (`Scenario(id)`), and `render`/`plan`'s synthesized widget
/// (`SyntheticWidget`). Seed 000 "State catalog" says which numbers reach which state.
public struct Scenario: Hashable, Sendable {
    /// Due habits, and how many of the first are checked in.
    public var total: Int
    public var done: Int
    /// Hours from the sync to the render moment (stale: 20; new day: 9.5, synced 23:30 last night).
    public var syncedHoursAgo: Double = 1
    /// The render moment.
    public var asOf: Date = Scenario.asOf
    /// nil: the reactive layer off (no `extendedToday`, no metaphor, no Coach line).
    public var extendedToday: Bool?
    public var motif: StreakMotif = .stones
    public var kindling = true
    public var streak = 12
    public var longest = 21
    /// Habit titles, cycled.
    public var titles: [String] = Scenario.habitTitles
    /// Rows checked in when they differ from the Coach line's count (international cards: the
    /// first row is done while the copy is the none-done line).
    public var checkedRows: Int?

    /// One moment for every synthesized widget and fixture: 15:00 on 30 Nov 2026 in New York.
    public static let timeZone = TimeZone(identifier: "America/New_York")!
    public static let asOf = Date(timeIntervalSince1970: 1_796_068_800)  // 2026-11-30T20:00:00Z
    /// 09:00 the same day: new day renders there, inside the 18 h window of a 23:30 sync.
    public static let morning = asOf.addingTimeInterval(-6 * 3600)

    /// The main matrix's four habits.
    public static let habitTitles = ["Morning run", "Read 20 min", "Meditate", "No sugar"]
    /// The seed's reference titles (OBJ-2428 report), cycled past ten: bands and synthesized widgets.
    public static let referenceTitles = [
        "Meditate", "Read 20 pages", "Stretch", "Journal", "Walk the dog", "Drink water",
        "Practice guitar", "Call a friend", "Plan tomorrow", "Floss",
    ]

    public init(
        total: Int = 4, done: Int, syncedHoursAgo: Double = 1, asOf: Date = Scenario.asOf, extendedToday: Bool?,
        motif: StreakMotif = .stones, kindling: Bool = true, streak: Int = 12, longest: Int = 21,
        titles: [String] = Scenario.habitTitles
    ) {
        self.total = total
        self.done = done
        self.syncedHoursAgo = syncedHoursAgo
        self.asOf = asOf
        self.extendedToday = extendedToday
        self.motif = motif
        self.kindling = kindling
        self.streak = streak
        self.longest = longest
        self.titles = titles
    }

    /// The app's Coach templates (useWidgetSnapshot.ts, seed 000 "Coach line"); short forms ≤ 24 chars.
    public static func coachLines(done: Int, total: Int, motif: StreakMotif) -> (String, String) {
        if done == total { return ("You showed up again. That's the whole game.", "You showed up again.") }
        if done == 0 { return ("Add today's stone to keep the tower rising.", "Add today's stone.") }
        // The in-progress template is the motif's (`MotifCopy.coachInProgress`).
        return motif.copy.coachInProgress
    }

    /// The snapshot the app would write: synced `syncedHoursAgo` before `asOf`.
    public var snapshot: WidgetSnapshot {
        let checked = checkedRows ?? done
        let habits = (0..<total).map {
            WidgetHabit(id: "h\($0 + 1)", title: titles[$0 % titles.count], checkedInToday: $0 < checked)
        }
        let coach = extendedToday == nil || total == 0 ? nil : Self.coachLines(done: done, total: total, motif: motif)
        return WidgetSnapshot(
            syncedAt: asOf.addingTimeInterval(-syncedHoursAgo * 3600), streak: streak, longestStreak: longest,
            habits: habits, extendedToday: extendedToday, streakMetaphor: extendedToday == nil ? nil : motif.rawValue,
            coachLine: coach?.0, coachLineShort: coach?.1, kindlingEnabled: kindling)
    }
}
