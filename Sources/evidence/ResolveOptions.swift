import EvidenceCore
import Foundation
import WidgetModel
import WidgetRaster

/// `evidence resolve`'s arguments, each option declared once as the property that holds its
/// typed value, so every usage error is unit-testable without running the CLI.
struct ResolveOptions: ParsableArguments {
    /// The snapshot file, "-" for standard input, or nil for `--no-snapshot` (→ firstRun).
    @Option(
        WidgetInputOptions.snapshot,
        read: { a, s throws(InputError) in
            let snapshot = a.given(s)
            switch (snapshot, a.has(WidgetInputOptions.noSnapshot)) {
            case (nil, false):
                throw InputError(
                    "--snapshot", "needed: a snapshot JSON file, '-' for standard input, or --no-snapshot for first run"
                )
            case (_?, true): throw InputError("--no-snapshot", "cannot be combined with --snapshot")
            case (_?, false), (nil, true): break
            }
            if snapshot == "" { throw InputError("--snapshot", "needs a file path") }
            return snapshot
        })
    var snapshotPath: String?
    @Option(WidgetInputOptions.noSnapshot) var noSnapshot: Bool
    /// `--as-of` as given (echoed in reports) and the moment it names.
    @Option(
        WidgetInputOptions.asOf,
        read: { a, s throws(InputError) in
            guard let raw = a.given(s) else {
                throw InputError(
                    "--as-of",
                    "needed: the render moment as ISO-8601 with an offset, e.g. 2026-09-17T08:30:00+02:00 (the clock "
                        + "is never read)"
                )
            }
            guard let date = parseISO8601(raw) else {
                throw InputError(
                    "--as-of",
                    "'\(raw)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
            }
            return Moment(text: raw, date: date)
        })
    var moment: Moment
    @Option(
        WidgetInputOptions.timeZone,
        read: { a, s throws(InputError) in
            guard let raw = a.given(s) else {
                throw InputError("--time-zone", "needed: an IANA time zone such as America/New_York or UTC")
            }
            return try ianaTimeZone(parsing: raw)
        })
    var timeZone: TimeZone
    @Option(
        .value(
            "platform", "P", "only one platform's copy", check: .choice(Platform.allCases.map(\.rawValue)),
            default: .note("both")))
    var platform: Platform?
    @Option(.flag("json", "machine-readable output")) var json: Bool

    struct Moment {
        var text: String
        var date: Date
    }
    var asOf: Date { moment.date }
    var asOfText: String { moment.text }
    /// The platforms to print copy for (both unless `--platform` narrows it).
    var platforms: [Platform] { platform.map { [$0] } ?? Platform.allCases }
}
