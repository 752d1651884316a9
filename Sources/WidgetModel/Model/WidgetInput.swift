import EvidenceCore
import Foundation

/// A widget described by flags instead of a snapshot file: `--state newDay --habits 7 --done 2 …`.
/// It becomes a real snapshot at a real moment, so `plan` and `render` resolve, copy and lay out
/// exactly what the widget would (never placeholder strings).
public struct SyntheticWidget: Equatable, Sendable {
    public var state: WidgetState = .defaultProgress
    /// nil = the reactive layer off (no `extendedToday`: the fail-closed baseline).
    public var extendedToday: Bool? = false
    public var motif: StreakMotif = .stones
    public var kindling = true
    public var streak = 12
    public var longest = 21
    public var habits = 5
    public var done = 0

    public init() {}

    /// The seed's reference titles (OBJ-2428 report), cycled past ten.
    public static let titles = Scenario.referenceTitles
    /// The moment every synthesized widget and fixture is drawn at (`Scenario.asOf`, New York).
    public static let timeZone = Scenario.timeZone
    public static let asOf = Scenario.asOf

    /// The snapshot and moment that resolve to `state` (seed 000 "State catalog"): first run has no
    /// snapshot; stale was synced 20 h ago; new day synced 23:30 last night and renders at 09:00;
    /// all done checks every habit; empty has none due. The counts bend to the state they name.
    public func snapshot(asOf moment: Date = SyntheticWidget.asOf) throws(InputError) -> (WidgetSnapshot?, Date) {
        var s = Scenario(
            total: habits, done: min(done, habits), asOf: moment, extendedToday: extendedToday, motif: motif,
            kindling: kindling, streak: streak, longest: longest, titles: Self.titles)
        switch state {
        case .firstRun: return (nil, moment)
        case .empty:
            s.total = 0
            s.done = 0
        case .allDone:
            guard s.total > 0 else { throw InputError("--habits", "all done needs at least one due habit") }
            s.done = s.total
        case .defaultProgress:
            guard s.total > 0 else {
                throw InputError("--habits", "default progress needs at least one due habit (0 is the empty state)")
            }
            guard s.done < s.total else {
                throw InputError("--done", "\(s.done) of \(s.total) done is the all-done state; use --state allDone")
            }
        case .stale: s.syncedHoursAgo = 20
        case .newDay:
            guard extendedToday != nil else {
                throw InputError("--reactive", "new day needs the reactive layer (it cannot be off)")
            }
            s.asOf = moment.addingTimeInterval(-6 * 3600)
            s.syncedHoursAgo = 9.5
            s.extendedToday = true
        }
        return (s.snapshot, s.asOf)
    }
}

/// Where a render's or plan's widget comes from: a snapshot file (or first run) at a given moment,
/// or a synthesized widget. Parsed once for `plan` and `render`, both platforms.
public struct WidgetInputOptions: Equatable, Sendable {
    public enum Source: Equatable, Sendable {
        /// A snapshot JSON file ("-" = standard input).
        case file(String)
        /// `--no-snapshot`: first run.
        case firstRun
        case synthetic(SyntheticWidget)
    }
    public var source: Source
    public var asOf: Date
    public var timeZone: TimeZone
    package init(source: Source, asOf: Date, timeZone: TimeZone) {
        self.source = source
        self.asOf = asOf
        self.timeZone = timeZone
    }

    /// The snapshot and moment to resolve; `readFile` reads a snapshot file (the CLI's loader).
    public func resolveSnapshot(readFile: (String) throws(InputError) -> WidgetSnapshot) throws(InputError) -> (
        WidgetSnapshot?, Date
    ) {
        switch source {
        case .file(let path): return (try readFile(path), asOf)
        case .firstRun: return (nil, asOf)
        case .synthetic(let w): return try w.snapshot(asOf: asOf)
        }
    }
}
