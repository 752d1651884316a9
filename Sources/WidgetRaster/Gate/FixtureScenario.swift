import Foundation
import WidgetModel

/// The scenario of a fixture: what its identity draws. The one place a fixture's snapshot is made.
extension Scenario {
    /// The scenario a fixture draws; nil for first run (no snapshot). The identity says it all:
    /// state and branch, motif and body for the main matrix; the band's typed parameters otherwise.
    public init?(_ id: FixtureID) {
        if id.state == .firstRun { return nil }
        switch id.band {
        case nil:
            guard let state = id.state else { return nil }
            self = .cell(
                state, branch: id.branch, motif: id.motifs?.values.first ?? .stones,
                kindling: id.bodies.values.first != .legacy)
        case .height(_, _, let caption)?:
            guard let state = id.state, let caption else { return nil }
            self = .heightBand(state, caption: caption)
        case .width(_, _, let digits)?:
            self.init(done: 1, extendedToday: false, streak: Self.streak(digits: digits))
        case .large?:
            self.init(done: 0, extendedToday: false)
        case .device?:
            guard let state = id.state else { return nil }
            self = .iosBand(state)
        case .type?:
            guard let state = id.state else { return nil }
            self = .iosBand(state, streak: 1024, habits: 7)
        case .content(_, let digits, let habits)?:
            self.init(
                total: habits, done: habits / 2, extendedToday: false, streak: Self.streak(digits: digits),
                titles: Self.referenceTitles)
        case .intl(let card)?:
            let titles = card.titles(family: id.family)
            self.init(total: titles.count, done: 0, extendedToday: false, titles: titles)
            checkedRows = card.firstRowDone(family: id.family) ? 1 : 0
        }
    }

    /// Streaks of 1 to 4 digits: 7, 12, 365, 1024.
    static let digitCounts = [1, 2, 3, 4]
    static func streak(digits: Int) -> Int { [1: 7, 2: 12, 3: 365, 4: 1024][digits] ?? 12 }

    /// A main-matrix cell: four habits (none, two or all done) with the branch's `extendedToday`;
    /// empty and stale not yet extended; new day extended, at 09:00 after a 23:30 sync.
    static func cell(_ state: FixtureState, branch: ReactiveBranch?, motif: StreakMotif, kindling: Bool) -> Scenario {
        let e: Bool?
        if let branch { e = branch.extendedToday } else { e = false }
        switch state {
        case .defaultNone, .firstRun: return Scenario(done: 0, extendedToday: e, motif: motif, kindling: kindling)
        case .defaultSome: return Scenario(done: 2, extendedToday: e, motif: motif, kindling: kindling)
        case .defaultOne: return Scenario(done: 1, extendedToday: e, motif: motif, kindling: kindling)
        case .allDone: return Scenario(done: 4, extendedToday: e, motif: motif, kindling: kindling)
        case .empty: return Scenario(total: 0, done: 0, extendedToday: false, motif: motif, kindling: kindling)
        case .stale:
            return Scenario(done: 1, syncedHoursAgo: 20, extendedToday: false, motif: motif, kindling: kindling)
        case .newDay:
            return Scenario(
                done: 4, syncedHoursAgo: 9.5, asOf: morning, extendedToday: true, motif: motif, kindling: kindling)
        }
    }

    /// Android's height band: four habits, the caption on (not yet extended) or off (the reactive
    /// layer off) in every state; default is 1 of 4 done.
    static func heightBand(_ state: FixtureState, caption: Bool) -> Scenario {
        var s = cell(state, branch: nil, motif: .stones, kindling: true)
        s.extendedToday = caption ? false : nil
        return s
    }

    /// iOS's band states with the reference titles: default (1 of N), all done and new day
    /// extended, stale and empty not yet.
    static func iosBand(_ state: FixtureState, streak: Int = 12, habits: Int = 4) -> Scenario {
        let titles = referenceTitles
        switch state {
        case .defaultOne, .defaultNone, .defaultSome, .firstRun:
            return Scenario(total: habits, done: 1, extendedToday: false, streak: streak, titles: titles)
        case .allDone: return Scenario(total: habits, done: habits, extendedToday: true, streak: streak, titles: titles)
        case .empty: return Scenario(total: 0, done: 0, extendedToday: false, streak: streak)
        case .stale:
            return Scenario(
                total: habits, done: 1, syncedHoursAgo: 20, extendedToday: false, streak: streak, titles: titles)
        case .newDay:
            return Scenario(
                total: habits, done: habits, syncedHoursAgo: 9.5, asOf: morning, extendedToday: true, streak: streak,
                titles: titles)
        }
    }
}
