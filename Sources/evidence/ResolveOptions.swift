import Foundation
import EvidenceCore
import WidgetModel

/// `evidence resolve`'s arguments as plain values, validated by a pure function so every
/// usage error is unit-testable without running the CLI.
struct ResolveOptions: Equatable, Sendable {
    /// The snapshot file, "-" for standard input, or nil for `--no-snapshot` (→ firstRun).
    var snapshotPath: String?
    var asOf: Date
    /// `--as-of` as given, echoed in reports.
    var asOfText: String
    var timeZone: TimeZone
    /// The platforms to print copy for (both unless `--platform` narrows it).
    var platforms: [Platform]
    var json: Bool

    static let platform = OptionSpec.value("platform", "P", "only one platform's copy", check: .choice(Platform.allCases.map(\.rawValue)), default: .note("both"))
    static let json = OptionSpec.flag("json", "machine-readable output")
    static let options = OptionTable([
        WidgetInputOptions.snapshot, WidgetInputOptions.noSnapshot, WidgetInputOptions.asOf, WidgetInputOptions.timeZone, platform, json,
    ])

    static func parse(_ args: [String]) throws(InputError) -> ResolveOptions {
        try parse(options.parse(args))
    }

    static func parse(_ a: ParsedArguments) throws(InputError) -> ResolveOptions {
        let snapshot = a.given(WidgetInputOptions.snapshot)
        switch (snapshot, a.has(WidgetInputOptions.noSnapshot)) {
        case (nil, false): throw InputError("--snapshot", "needed: a snapshot JSON file, '-' for standard input, or --no-snapshot for first run")
        case (_?, true): throw InputError("--no-snapshot", "cannot be combined with --snapshot")
        case (_?, false), (nil, true): break
        }
        if snapshot == "" { throw InputError("--snapshot", "needs a file path") }
        guard let rawAsOf = a.given(WidgetInputOptions.asOf) else {
            throw InputError("--as-of", "needed: the render moment as ISO-8601 with an offset, e.g. 2026-09-17T08:30:00+02:00 (the clock is never read)")
        }
        guard let asOf = parseISO8601(rawAsOf) else {
            throw InputError("--as-of", "'\(rawAsOf)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
        }
        guard let rawZone = a.given(WidgetInputOptions.timeZone) else {
            throw InputError("--time-zone", "needed: an IANA time zone such as America/New_York or UTC")
        }
        let zone = try ianaTimeZone(parsing: rawZone)
        let platforms: [Platform]
        if a.given(Self.platform) == nil { platforms = Platform.allCases } else {
            platforms = [try a.choice(Self.platform, Platform.allCases)]
        }
        return ResolveOptions(snapshotPath: snapshot, asOf: asOf, asOfText: rawAsOf, timeZone: zone, platforms: platforms, json: a.has(Self.json))
    }
}
