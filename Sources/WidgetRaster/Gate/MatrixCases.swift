import Foundation
import WidgetModel

/// What both platforms' golden matrices draw: one moment, and the habit-progress states with
/// their reactive branches, motifs and bodies. Each cell's snapshot comes from `Scenario`.
public enum MatrixCases {
    static let timeZone = Scenario.timeZone
    static let asOf = Scenario.asOf

    /// A snapshot from numbers (tests and the bands): `Scenario`'s, spelled as the matrix used to.
    static func snapshot(
        done: Int, total: Int = 4, syncedHoursAgo: Double = 1, motif: StreakMotif,
        extended: Bool?, kindling: Bool, streak: Int = 12
    ) -> WidgetSnapshot {
        Scenario(
            total: total, done: done, syncedHoursAgo: syncedHoursAgo, extendedToday: extended, motif: motif,
            kindling: kindling, streak: streak
        ).snapshot
    }

    /// The main matrix's states in key order; first run is drawn apart (no snapshot, so no motif
    /// and no body choice), default-with-one-done belongs to the band tables.
    static let states: [FixtureState] = FixtureState.allCases.filter { s in
        switch s {
        case .defaultNone, .defaultSome, .allDone, .empty, .stale, .newDay: return true
        case .firstRun, .defaultOne: return false
        }
    }

    /// Whether the main matrix splits a state by reactive branch: the habit-progress states do;
    /// empty and stale suppress the layer, new day is always extended (seed 000 "Reactive layer").
    static func hasBranches(_ s: FixtureState) -> Bool {
        switch s {
        case .defaultNone, .defaultSome, .allDone: return true
        case .firstRun, .defaultOne, .empty, .stale, .newDay: return false
        }
    }

    /// One cell of a main matrix: the state with its reactive branch, motif and body. The same
    /// for every family and theme of both platforms.
    struct Cell: Sendable {
        var state: FixtureState
        var branch: ReactiveBranch?
        var motif: StreakMotif
        var body: WidgetBody
        var scenario: Scenario { .cell(state, branch: branch, motif: motif, kindling: body == .kindling) }
        var snapshot: WidgetSnapshot { scenario.snapshot }
        var asOf: Date { scenario.asOf }
        /// The cell's identity on a family and theme.
        func id(_ family: FixtureFamily, _ theme: Theme, hostMode: HostMode = .full) -> FixtureID {
            FixtureID(
                family: family, state: state, branch: branch, motifs: .one(motif), bodies: .one(body), theme: theme,
                hostMode: hostMode)
        }
    }

    /// Every cell in matrix order: state → reactive branch → body (kindling, legacy) → motif.
    static let cells: [Cell] = states.flatMap { s in
        (hasBranches(s) ? ReactiveBranch.allCases.map(Optional.some) : [nil]).flatMap { branch in
            WidgetBody.allCases.flatMap { body in
                StreakMotif.allCases.map { Cell(state: s, branch: branch, motif: $0, body: body) }
            }
        }
    }

    /// First run's identity on a family and theme: no snapshot, so no motif; the legacy body.
    static func firstRun(_ family: FixtureFamily, _ theme: Theme, hostMode: HostMode = .full) -> FixtureID {
        FixtureID(
            family: family, state: .firstRun, motifs: nil, bodies: .one(.legacy), theme: theme, hostMode: hostMode)
    }
}
