import Foundation

/// What both platforms' golden matrices draw: one moment, the habit-progress states with their
/// reactive branches, and the snapshots that reach them.
public enum MatrixCases {
    /// One moment for every fixture: 15:00 on 30 Nov 2026 in New York.
    static let timeZone = SyntheticWidget.timeZone
    static let asOf = SyntheticWidget.asOf
    static let habitTitles = ["Morning run", "Read 20 min", "Meditate", "No sugar"]

    /// A state of the matrix: its key segment and how to build its snapshot.
    struct StateCase: Sendable {
        var name: String
        var reactive: Bool?  // nil: the state has no reactive axis
        var build: @Sendable (_ motif: StreakMotif, _ extended: Bool?, _ kindling: Bool) -> (WidgetSnapshot?, Date)
    }

    static func snapshot(done: Int, total: Int = 4, syncedHoursAgo: Double = 1, before moment: Date = asOf, motif: StreakMotif,
                         extended: Bool?, kindling: Bool, streak: Int = 12, titles: [String] = habitTitles) -> WidgetSnapshot {
        let habits = (0..<total).map { WidgetHabit(id: "h\($0 + 1)", title: titles[$0 % titles.count], checkedInToday: $0 < done) }
        let coach = extended == nil || total == 0 ? nil : coachLines(done: done, total: total, motif: motif)
        return WidgetSnapshot(syncedAt: moment.addingTimeInterval(-syncedHoursAgo * 3600), streak: streak, longestStreak: 21,
                              habits: habits, extendedToday: extended, streakMetaphor: extended == nil ? nil : motif.rawValue,
                              coachLine: coach?.0, coachLineShort: coach?.1, kindlingEnabled: kindling)
    }

    static func coachLines(done: Int, total: Int, motif: StreakMotif) -> (String, String) {
        SyntheticWidget.coachLines(done: done, total: total, motif: motif)
    }

    static let states: [StateCase] = {
        var out: [StateCase] = []
        for (name, done) in [("default-none", 0), ("default-some", 2), ("all-done", 4)] {
            out.append(StateCase(name: name, reactive: true) { m, e, k in (snapshot(done: done, motif: m, extended: e, kindling: k), asOf) })
        }
        out.append(StateCase(name: "empty", reactive: nil) { m, _, k in (snapshot(done: 0, total: 0, motif: m, extended: false, kindling: k), asOf) })
        out.append(StateCase(name: "stale", reactive: nil) { m, _, k in
            (snapshot(done: 1, syncedHoursAgo: 20, motif: m, extended: false, kindling: k), asOf)
        })
        // Synced 23:30 last night, rendered 09:00 today: a new local day inside the 18 h window.
        out.append(StateCase(name: "new-day", reactive: nil) { m, _, k in
            let morning = asOf.addingTimeInterval(-6 * 3600)
            return (snapshot(done: 4, syncedHoursAgo: 9.5, before: morning, motif: m, extended: true, kindling: k), morning)
        })
        return out
    }()

    static func reactiveName(_ e: Bool?) -> String { e == nil ? "baseline" : (e! ? "extended" : "notyet") }

    /// One cell of a main matrix: the state with its reactive branch, motif and body, and the
    /// snapshot and moment that reach it. The same for every family and theme of both platforms.
    struct Cell: Sendable {
        var state: String
        var motif: StreakMotif
        var body: WidgetBody
        var snapshot: WidgetSnapshot?
        var asOf: Date
    }

    /// Every cell in matrix order: state → reactive branch → body (kindling, legacy) → motif.
    /// First run is not a cell: it has no snapshot, so no motif and no body choice.
    static let cells: [Cell] = {
        var out: [Cell] = []
        for s in states {
            let branches: [Bool?] = s.reactive == nil ? [false] : [true, false, nil]
            for e in branches {
                let stateName = s.reactive == nil ? s.name : "\(s.name)-\(reactiveName(e))"
                for k in [true, false] {
                    for m in StreakMotif.allCases {
                        let (snap, at) = s.build(m, e, k)
                        out.append(Cell(state: stateName, motif: m, body: k ? .kindling : .legacy, snapshot: snap, asOf: at))
                    }
                }
            }
        }
        return out
    }()
}
