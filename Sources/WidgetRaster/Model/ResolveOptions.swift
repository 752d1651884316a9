import Foundation

/// `evidence resolve`'s arguments as plain values, validated by a pure function so every
/// usage error is unit-testable without running the CLI.
public struct ResolveOptions: Equatable, Sendable {
    /// The snapshot file, "-" for standard input, or nil for `--no-snapshot` (→ firstRun).
    public var snapshotPath: String?
    public var asOf: Date
    /// `--as-of` as given, echoed in reports.
    public var asOfText: String
    public var timeZone: TimeZone
    /// The platforms to print copy for (both unless `--platform` narrows it).
    public var platforms: [Platform]
    public var json: Bool

    public static func parse(_ args: [String]) throws(InputError) -> ResolveOptions {
        try parse(options.parse(args))
    }

    public static func parse(_ a: ParsedArguments) throws(InputError) -> ResolveOptions {
        let snapshot = a.value("snapshot")
        switch (snapshot, a.has("no-snapshot")) {
        case (nil, false): throw InputError("--snapshot", "needed: a snapshot JSON file, '-' for standard input, or --no-snapshot for first run")
        case (_?, true): throw InputError("--no-snapshot", "cannot be combined with --snapshot")
        case (_?, false), (nil, true): break
        }
        if snapshot == "" { throw InputError("--snapshot", "needs a file path") }
        guard let rawAsOf = a.value("as-of") else {
            throw InputError("--as-of", "needed: the render moment as ISO-8601 with an offset, e.g. 2026-09-17T08:30:00+02:00 (the clock is never read)")
        }
        guard let asOf = parseISO8601(rawAsOf) else {
            throw InputError("--as-of", "'\(rawAsOf)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
        }
        guard let rawZone = a.value("time-zone") else {
            throw InputError("--time-zone", "needed: an IANA time zone such as America/New_York or UTC")
        }
        let zone = try ianaTimeZone(parsing: rawZone)
        let platforms: [Platform]
        if a.value("platform") == nil { platforms = Platform.allCases } else {
            platforms = [try a.choice(Self.platform, Platform.allCases)]
        }
        return ResolveOptions(snapshotPath: snapshot, asOf: asOf, asOfText: rawAsOf, timeZone: zone, platforms: platforms, json: a.has("json"))
    }
}

/// A time zone by IANA identifier only. Foundation also accepts abbreviations ("EST") and
/// offsets ("GMT+2"), which have no DST rules; a widget renders in a real device zone.
public func ianaTimeZone(_ id: String) -> TimeZone? {
    guard id == "UTC" || id == "GMT" || (id.contains("/") && !id.hasPrefix("/")), let z = TimeZone(identifier: id) else { return nil }
    return z
}

/// `--time-zone`'s value as a zone, or an error with the nearest IANA name: the same name in its
/// own case (`europe/berlin` → `Europe/Berlin`), else the closest spelling.
public func ianaTimeZone(parsing raw: String) throws(InputError) -> TimeZone {
    if let z = ianaTimeZone(raw) { return z }
    let known = TimeZone.knownTimeZoneIdentifiers
    // Words longer than any zone name are not typos of one (and would make the search slow).
    let nearest = raw.count > 64 ? nil
        : known.first { $0.lowercased() == raw.lowercased() } ?? Suggestion.nearest(raw, among: known)
    let hint = nearest.map { "did you mean '\($0)'?" } ?? "e.g. America/New_York, Europe/London, UTC"
    throw InputError("--time-zone", "'\(raw)' is not an IANA time zone; \(hint)")
}
