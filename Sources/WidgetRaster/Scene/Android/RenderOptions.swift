import Foundation

/// `evidence render`'s ad-hoc form (any snapshot, any size) parsed and validated as plain values,
/// so every usage error is unit-testable. The snapshot file itself is read by the CLI.
public struct AdHocRenderOptions: Equatable, Sendable {
    /// Snapshot path, "-" for standard input, nil for `--no-snapshot` (first run).
    public var snapshotPath: String?
    /// Everything but the snapshot, which the CLI reads from `snapshotPath`.
    public var request: AndroidRenderRequest
    public var androidRes: String?
    public var output: String
    /// What a snapshot that doesn't decode does: `fail` (exit 2, the default) or `fallback` — draw
    /// what the widget draws, seed 001 §5: "decode failure falls through to .firstRun / legacyBody".
    public var onBadSnapshot: BadSnapshotPolicy = .fail

    public static let valued: Set<String> = ["snapshot", "platform", "family", "width", "height", "font-scale", "theme",
                                             "density", "as-of", "time-zone", "android-res", "output", "on-bad-snapshot"]
    public static let switches: Set<String> = ["no-snapshot"]

    public static func parse(_ a: ParsedArguments) throws(InputError) -> AdHocRenderOptions {
        let snapshot = a.value("snapshot")
        if snapshot == nil && !a.has("no-snapshot") {
            throw InputError("--snapshot", "needed: a snapshot JSON file, '-' for standard input, or --no-snapshot for first run")
        }
        if snapshot != nil && a.has("no-snapshot") { throw InputError("--no-snapshot", "cannot be combined with --snapshot") }
        if let p = a.value("platform"), p != Platform.android.rawValue {
            throw InputError("--platform", "'\(p)' is not drawn yet; only android renders (iOS copy is available through 'evidence resolve')")
        }
        guard let output = a.value("output"), !output.isEmpty else { throw InputError("-o", "required: the PNG file to write") }
        guard let rawAsOf = a.value("as-of") else {
            throw InputError("--as-of", "needed: the render moment, ISO-8601 with an offset (the clock is never read)")
        }
        guard let asOf = parseISO8601(rawAsOf) else {
            throw InputError("--as-of", "'\(rawAsOf)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
        }
        guard let rawZone = a.value("time-zone") else { throw InputError("--time-zone", "needed: an IANA time zone such as America/New_York") }
        guard let zone = ianaTimeZone(rawZone) else { throw InputError("--time-zone", "'\(rawZone)' is not an IANA time zone") }
        let r = AndroidRenderRequest.self
        func number(_ name: String, _ d: Double, _ range: ClosedRange<Double>, _ unit: String) throws(InputError) -> Double {
            do { return try a.double(name, default: d, in: range) } catch {
                throw InputError("--\(name)", "\(error.problem) \(unit)")
            }
        }
        let request = AndroidRenderRequest(
            family: try a.choice("family", default: .auto, AndroidFamilyRequest.allCases),
            widthDp: try number("width", 300, r.widthRange, "dp"),
            heightDp: try number("height", 180, r.heightRange, "dp"),
            fontScale: try number("font-scale", 1, r.fontScaleRange, ""),
            theme: try a.choice("theme", default: .light, Theme.allCases),
            density: try number("density", 2, r.densityRange, "px per dp"),
            snapshot: nil, asOf: asOf, timeZone: zone)
        let policy = try a.choice("on-bad-snapshot", default: BadSnapshotPolicy.fail, BadSnapshotPolicy.allCases)
        if policy == .fallback && snapshot == nil {
            throw InputError("--on-bad-snapshot", "needs --snapshot (there is no snapshot to fall back from)")
        }
        return AdHocRenderOptions(snapshotPath: snapshot, request: request, androidRes: a.value("android-res"), output: output,
                                  onBadSnapshot: policy)
    }
}

/// `--on-bad-snapshot`: what an undecodable snapshot does to an ad-hoc render.
public enum BadSnapshotPolicy: String, Sendable, Equatable, CaseIterable {
    case fail, fallback
}

extension BadSnapshotPolicy {
    /// Decodes a snapshot under this policy. `fail` rethrows the decode error; `fallback` returns
    /// nil — no snapshot, which the renderer draws as the widget's own fail-closed path (first run,
    /// the flat legacy card: Android's isKindling(null) is false) — with the one-line error to print.
    public func decode(_ data: Data, name: String) throws(InputError) -> (snapshot: WidgetSnapshot?, warning: InputError?) {
        do {
            return (try decodeWidgetSnapshot(data), nil)
        } catch {
            let located = InputError(error.location.isEmpty ? name : "\(name): \(error.location)", error.problem)
            switch self {
            case .fail: throw located
            case .fallback: return (nil, located)
            }
        }
    }
}
