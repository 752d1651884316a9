import EvidenceCore
import Foundation

/// The widget options of `render`, `plan` and `pin` (see WidgetScene's RenderOptionTables.swift):
/// beside the type they parse into, so its fields and its flags are one module's.

extension WidgetInputOptions {
    public static let snapshot = OptionSpec.value(
        "snapshot", "FILE",
        "the widget snapshot JSON the app writes ('-' reads standard input;\nevery field: "
            + "docs/reference/snapshot-json.md)"
    )
    public static let noSnapshot = OptionSpec.flag("no-snapshot", "first run (no snapshot yet)")
    public static let asOf = OptionSpec.value(
        "as-of", "ISO8601",
        "the render moment with a UTC offset, e.g. 2026-09-17T08:30:00+02:00\n(needed with a snapshot; the clock is "
            + "never read)"
    )
    public static let timeZone = OptionSpec.value(
        "time-zone", "IANA", "the device zone, e.g. Europe/Berlin (needed with a snapshot)")

    private static let reference = SyntheticWidget()
    public static let state = OptionSpec.value(
        "state", "S", "the state to synthesize", check: .choice(words(WidgetState.allCases)),
        default: .value(reference.state.rawValue)
    )
    .aliased(Dictionary(uniqueKeysWithValues: WidgetState.allCases.map { ($0.keySpelling, $0.rawValue) }))
    public static let reactive = OptionSpec.value(
        "reactive", "R", "the reactive layer; off = the fail-closed baseline, no caption",
        check: .choice(words(Reactive.allCases)), default: .value(Reactive.notyet.rawValue))
    public static let motif = OptionSpec.value(
        "motif", "M", "the streak metaphor", check: .choice(words(StreakMotif.allCases)),
        default: .value(reference.motif.rawValue))
    public static let kindling = OptionSpec.value(
        "kindling", "on|off", "kindling_widget_enabled", check: .choice(words(OnOff.allCases)),
        default: .value(reference.kindling ? OnOff.on.rawValue : OnOff.off.rawValue))
    public static let streak = OptionSpec.value(
        "streak", "N", "the current streak in days", check: .int(0...99999), default: .value(String(reference.streak)))
    public static let longest = OptionSpec.value(
        "longest", "N", "the longest streak in days", check: .int(0...99999), default: .value(String(reference.longest))
    )
    public static let habits = OptionSpec.value(
        "habits", "N", "habits due today", check: .int(0...50), default: .value(String(reference.habits)))
    public static let done = OptionSpec.value(
        "done", "N", "of those, how many are checked in", check: .int(0...50), default: .value(String(reference.done)))

    /// The flags that describe a synthesized widget (any of them means "no snapshot file").
    public static let syntheticOptions = [state, reactive, motif, kindling, streak, longest, habits, done]

    public static let options = OptionTable([
        .init("widget, from a snapshot:", [snapshot, noSnapshot, asOf, timeZone]),
        .init("or described (a snapshot is synthesized at 2026-11-30 15:00 America/New_York):", syntheticOptions),
    ])
    public static var valued: Set<String> { options.valued }
    public static var switches: Set<String> { options.switches }
}

extension WidgetInputOptions {
    package enum Reactive: String, CaseIterable { case extended, notyet, off }
    package enum OnOff: String, CaseIterable { case on, off }

    /// Without `--snapshot` / `--no-snapshot` the widget is synthesized, each flag left out taking
    /// its declared default (no flag at all: the reference widget `--help` describes).
    public static func parse(_ a: ParsedArguments) throws(InputError) -> WidgetInputOptions {
        let synthetic = syntheticOptions.filter { a.given($0) != nil }.map(\.name).sorted()
        let snapshot = a.given(Self.snapshot)
        if snapshot != nil && a.has(noSnapshot) {
            throw InputError("--no-snapshot", "cannot be combined with --snapshot")
        }
        if snapshot != nil || a.has(noSnapshot), let flag = synthetic.first {
            throw InputError(
                "--\(flag)", "describes a synthesized widget; it cannot be combined with --snapshot/--no-snapshot")
        }
        if snapshot == nil && !a.has(noSnapshot) {
            var w = SyntheticWidget()
            w.state = try a.choice(Self.state, WidgetState.allCases)
            w.extendedToday =
                switch try a.choice(Self.reactive, Reactive.allCases) {
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

    package static func moment(_ a: ParsedArguments, required: Bool) throws(InputError) -> (Date, TimeZone) {
        var asOf = SyntheticWidget.asOf
        var zone = SyntheticWidget.timeZone
        if let raw = a.given(Self.asOf) {
            guard let d = parseISO8601(raw) else {
                throw InputError(
                    "--as-of",
                    "'\(raw)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
            }
            asOf = d
        } else if required {
            throw InputError("--as-of", "needed: the render moment, ISO-8601 with an offset (the clock is never read)")
        }
        if let raw = a.given(Self.timeZone) {
            zone = try ianaTimeZone(parsing: raw)
        } else if required {
            throw InputError("--time-zone", "needed: an IANA time zone such as America/New_York")
        }
        return (asOf, zone)
    }
}

/// A time zone by IANA identifier only. Foundation also accepts abbreviations ("EST") and
/// offsets ("GMT+2"), which have no DST rules; a widget renders in a real device zone.
public func ianaTimeZone(_ id: String) -> TimeZone? {
    guard id == "UTC" || id == "GMT" || (id.contains("/") && !id.hasPrefix("/")), let z = TimeZone(identifier: id)
    else { return nil }
    return z
}

/// `--time-zone`'s value as a zone, or an error with the nearest IANA name: the same name in its
/// own case (`europe/berlin` → `Europe/Berlin`), else the closest spelling.
public func ianaTimeZone(parsing raw: String) throws(InputError) -> TimeZone {
    if let z = ianaTimeZone(raw) { return z }
    let known = TimeZone.knownTimeZoneIdentifiers
    // Words longer than any zone name are not typos of one (and would make the search slow).
    let nearest =
        raw.count > 64
        ? nil
        : known.first { $0.lowercased() == raw.lowercased() } ?? Suggestion.nearest(raw, among: known)
    let hint = nearest.map { "did you mean '\($0)'?" } ?? "e.g. America/New_York, Europe/London, UTC"
    throw InputError("--time-zone", "'\(raw)' is not an IANA time zone; \(hint)")
}
