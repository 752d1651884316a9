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
    public static let titles = ["Meditate", "Read 20 pages", "Stretch", "Journal", "Walk the dog", "Drink water",
                                "Practice guitar", "Call a friend", "Plan tomorrow", "Floss"]

    /// One moment for every synthesized widget and fixture: 15:00 on 30 Nov 2026 in New York.
    public static let timeZone = TimeZone(identifier: "America/New_York")!
    public static let asOf = Date(timeIntervalSince1970: 1_796_068_800)  // 2026-11-30T20:00:00Z

    /// The app's Coach templates (useWidgetSnapshot.ts, seed 000 "Coach line"); short forms ≤ 24 chars.
    public static func coachLines(done: Int, total: Int, motif: StreakMotif) -> (String, String) {
        if done == total { return ("You showed up again. That's the whole game.", "You showed up again.") }
        if done == 0 { return ("Add today's stone to keep the tower rising.", "Add today's stone.") }
        return motif == .flame ? ("One more and today's fire is fed.", "One more feeds the fire.")
                               : ("One more and today's stone is set.", "One more sets the stone.")
    }

    /// The snapshot and moment that resolve to `state` (seed 000 "State catalog"): first run has no
    /// snapshot; stale was synced 20 h ago; new day synced 23:30 last night and renders at 09:00;
    /// all done checks every habit; empty has none due. The counts bend to the state they name.
    public func snapshot(asOf moment: Date = SyntheticWidget.asOf) throws(InputError) -> (WidgetSnapshot?, Date) {
        var total = habits, checked = min(done, habits), syncedAgo = 1.0, at = moment, extended = extendedToday
        switch state {
        case .firstRun: return (nil, moment)
        case .empty: total = 0; checked = 0
        case .allDone:
            guard total > 0 else { throw InputError("--habits", "all done needs at least one due habit") }
            checked = total
        case .defaultProgress:
            guard total > 0 else { throw InputError("--habits", "default progress needs at least one due habit (0 is the empty state)") }
            guard checked < total else { throw InputError("--done", "\(checked) of \(total) done is the all-done state; use --state allDone") }
        case .stale: syncedAgo = 20
        case .newDay:
            guard extended != nil else { throw InputError("--reactive", "new day needs the reactive layer (it cannot be off)") }
            at = moment.addingTimeInterval(-6 * 3600); syncedAgo = 9.5; extended = true
        }
        let list = (0..<total).map { i in
            WidgetHabit(id: "h\(i + 1)", title: Self.titles[i % Self.titles.count], checkedInToday: i < checked)
        }
        let coach = extended == nil || total == 0 ? nil : Self.coachLines(done: checked, total: total, motif: motif)
        let snap = WidgetSnapshot(syncedAt: at.addingTimeInterval(-syncedAgo * 3600), streak: streak, longestStreak: longest,
                                  habits: list, extendedToday: extended, streakMetaphor: extended == nil ? nil : motif.rawValue,
                                  coachLine: coach?.0, coachLineShort: coach?.1, kindlingEnabled: kindling)
        return (snap, at)
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

    enum Reactive: String, CaseIterable { case extended, notyet, off }
    enum OnOff: String, CaseIterable { case on, off }

    /// `allowDefault`: no source flags at all means the default synthesized widget (plan);
    /// otherwise a snapshot, `--no-snapshot` or a synthesized-widget flag is required (render).
    public static func parse(_ a: ParsedArguments, allowDefault: Bool) throws(InputError) -> WidgetInputOptions {
        let synthetic = syntheticFlags.filter { a.value($0) != nil }.sorted()
        let snapshot = a.value("snapshot")
        if snapshot != nil && a.has("no-snapshot") { throw InputError("--no-snapshot", "cannot be combined with --snapshot") }
        if (snapshot != nil || a.has("no-snapshot")), let flag = synthetic.first {
            throw InputError("--\(flag)", "describes a synthesized widget; it cannot be combined with --snapshot/--no-snapshot")
        }
        if snapshot == nil && !a.has("no-snapshot") {
            guard allowDefault || !synthetic.isEmpty else {
                throw InputError("--snapshot", "needed: a snapshot JSON file, '-' for standard input, --no-snapshot for first run, or --state … to describe one")
            }
            var w = SyntheticWidget()
            w.state = try a.choice(Self.state, WidgetState.allCases)
            w.extendedToday = switch try a.choice(Self.reactive, Reactive.allCases) {
            case .extended: true
            case .notyet: false
            case .off: nil
            }
            w.motif = try a.choice(Self.motif, StreakMotif.allCases)
            w.kindling = try a.choice(Self.kindling, OnOff.allCases) == .on
            w.streak = try a.int(Self.streak)
            w.longest = try a.int(Self.longest)
            w.habits = try a.int(Self.habits)
            w.done = try a.int(Self.done)
            guard w.done <= w.habits else { throw InputError("--done", "\(w.done) is more than --habits \(w.habits)") }
            let (asOf, zone) = try moment(a, required: false)
            return WidgetInputOptions(source: .synthetic(w), asOf: asOf, timeZone: zone)
        }
        if snapshot == "" { throw InputError("--snapshot", "needs a file path") }
        let (asOf, zone) = try moment(a, required: true)
        return WidgetInputOptions(source: snapshot.map(Source.file) ?? .firstRun, asOf: asOf, timeZone: zone)
    }

    static func moment(_ a: ParsedArguments, required: Bool) throws(InputError) -> (Date, TimeZone) {
        var asOf = SyntheticWidget.asOf, zone = SyntheticWidget.timeZone
        if let raw = a.value("as-of") {
            guard let d = parseISO8601(raw) else {
                throw InputError("--as-of", "'\(raw)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
            }
            asOf = d
        } else if required {
            throw InputError("--as-of", "needed: the render moment, ISO-8601 with an offset (the clock is never read)")
        }
        if let raw = a.value("time-zone") {
            guard let z = ianaTimeZone(raw) else { throw InputError("--time-zone", "'\(raw)' is not an IANA time zone") }
            zone = z
        } else if required {
            throw InputError("--time-zone", "needed: an IANA time zone such as America/New_York")
        }
        return (asOf, zone)
    }

    /// The snapshot and moment to resolve; `readFile` reads a snapshot file (the CLI's loader).
    public func resolveSnapshot(readFile: (String) throws(InputError) -> WidgetSnapshot) throws(InputError) -> (WidgetSnapshot?, Date) {
        switch source {
        case .file(let path): return (try readFile(path), asOf)
        case .firstRun: return (nil, asOf)
        case .synthetic(let w): return try w.snapshot(asOf: asOf)
        }
    }
}
