import Foundation

/// The widget and size options of `render`, `plan` and `pin` — each flag once, with its help text,
/// its check and its default — and their parse into the request types (WidgetInputOptions,
/// RenderTarget, IOSRenderRequest). `evidence <command> --help` prints these tables.
///
/// They live in the library, not the CLI, because they are the case-file format: a case's
/// `options` are these flags, read by this parse (Gate/CaseFiles.swift), and the catalog reads
/// Cases/ itself for verify, record, list and report. The commands' other options (tokens, output,
/// `resolve`) are the CLI's (Sources/evidence).

private func words<T: RawRepresentable>(_ all: [T]) -> [String] where T.RawValue == String { all.map(\.rawValue) }

extension WidgetInputOptions {
    public static let snapshot = OptionSpec.value("snapshot", "FILE", "the widget snapshot JSON the app writes ('-' reads standard input;\nevery field: docs/reference/snapshot-json.md)")
    public static let noSnapshot = OptionSpec.flag("no-snapshot", "first run (no snapshot yet)")
    public static let asOf = OptionSpec.value("as-of", "ISO8601", "the render moment with a UTC offset, e.g. 2026-09-17T08:30:00+02:00\n(needed with a snapshot; the clock is never read)")
    public static let timeZone = OptionSpec.value("time-zone", "IANA", "the device zone, e.g. Europe/Berlin (needed with a snapshot)")

    private static let reference = SyntheticWidget()
    public static let state = OptionSpec.value("state", "S", "the state to synthesize", check: .choice(words(WidgetState.allCases)),
                                               default: .value(reference.state.rawValue))
        .aliased(Dictionary(uniqueKeysWithValues: WidgetState.allCases.map { ($0.keySpelling, $0.rawValue) }))
    public static let reactive = OptionSpec.value("reactive", "R", "the reactive layer; off = the fail-closed baseline, no caption",
                                                  check: .choice(words(Reactive.allCases)), default: .value(Reactive.notyet.rawValue))
    public static let motif = OptionSpec.value("motif", "M", "the streak metaphor", check: .choice(words(StreakMotif.allCases)),
                                               default: .value(reference.motif.rawValue))
    public static let kindling = OptionSpec.value("kindling", "on|off", "kindling_widget_enabled", check: .choice(words(OnOff.allCases)),
                                                  default: .value(reference.kindling ? OnOff.on.rawValue : OnOff.off.rawValue))
    public static let streak = OptionSpec.value("streak", "N", "the current streak in days", check: .int(0...99999), default: .value(String(reference.streak)))
    public static let longest = OptionSpec.value("longest", "N", "the longest streak in days", check: .int(0...99999), default: .value(String(reference.longest)))
    public static let habits = OptionSpec.value("habits", "N", "habits due today", check: .int(0...50), default: .value(String(reference.habits)))
    public static let done = OptionSpec.value("done", "N", "of those, how many are checked in", check: .int(0...50), default: .value(String(reference.done)))

    /// The flags that describe a synthesized widget (any of them means "no snapshot file").
    public static let syntheticOptions = [state, reactive, motif, kindling, streak, longest, habits, done]

    public static let options = OptionTable([
        .init("widget, from a snapshot:", [snapshot, noSnapshot, asOf, timeZone]),
        .init("or described (a snapshot is synthesized at 2026-11-30 15:00 America/New_York):", syntheticOptions),
    ])
    public static var valued: Set<String> { options.valued }
    public static var switches: Set<String> { options.switches }
}

extension RenderTarget {
    public static let platform = OptionSpec.value("platform", "P", "the platform to draw", check: .choice(words(Platform.allCases)),
                                                  default: .value(Platform.android.rawValue))
    // The size flags: each platform's reading is declared beside its request (below); the table
    // lists each flag once with every platform's help, range and default.
    public static let family = OptionSpec.perPlatform("family", "F", [AndroidRenderRequest.familyOption, IOSRenderRequest.familyOption])
    public static let width = OptionSpec.perPlatform("width", "W", [AndroidRenderRequest.widthOption, IOSRenderRequest.widthOption])
    public static let height = OptionSpec.perPlatform("height", "H", [AndroidRenderRequest.heightOption, IOSRenderRequest.heightOption])
    public static let fontScale = OptionSpec.perPlatform("font-scale", "F", [AndroidRenderRequest.fontScaleOption])
    public static let density = OptionSpec.perPlatform("density", "D", [AndroidRenderRequest.densityOption])
    public static let deviceClass = OptionSpec.value("device-class", "C", """
        ios: a portrait screen class, one of \(IOSDeviceClass.all.map(\.name).joined(separator: ", "))
        (default \(IOSDeviceClass.standard.name); \(IOSDeviceClass.accessoryStandard.name) for the accessories)
        """)
    public static let scale = OptionSpec.perPlatform("scale", "2|3", [IOSRenderRequest.scaleOption])
    public static let textSize = OptionSpec.value("text-size", "T", "ios: the Dynamic Type size", check: .choice(words(DynamicTypeSize.allCases)),
                                                  default: .value(DynamicTypeSize.large.rawValue))
    public static let hostMode = OptionSpec.value("host-mode", "M", """
        ios Home Screen families: how the host draws the widget; ios16 = the iOS 15/16
        fallback (light and dark; no tinted (18+), StandBy (17+) or Lock Screen (16+) form)
        """, check: .choice(words(HostMode.allCases)),
                                                  default: .value(HostMode.full.rawValue))
    public static let theme = OptionSpec.value("theme", "T", "the system appearance", check: .choice(words(Theme.allCases)),
                                               default: .value(Theme.light.rawValue))

    public static let options = OptionTable([
        .init("size and look:", [platform, family, width, height, fontScale, density, deviceClass, scale, textSize, hostMode, theme]),
    ])
    public static var valued: Set<String> { options.valued }
}

extension AndroidRenderRequest {
    public static let familyOption = OptionSpec.value("family", "F", "android: the size class; auto lets resolveSize pick",
                                                      check: .choice(words(AndroidFamilyRequest.allCases)), default: .value(AndroidFamilyRequest.auto.rawValue))
    public static let widthOption = OptionSpec.value("width", "W", "android: the granted width", check: .number(widthRange), default: .note("""
        the family's typical size (\(AndroidFamilyRequest.allCases.map { f in
            let s = typicalSize(f); return "\(f.rawValue) \(Int(s.width)) × \(Int(s.height))" }.joined(separator: ", ")))
        """), unit: "dp")
    public static let heightOption = OptionSpec.value("height", "H", "android: the granted height", check: .number(heightRange),
                                                      default: .note("the family's typical size, as --width"), unit: "dp")
    public static let fontScaleOption = OptionSpec.value("font-scale", "F", "android: the user's font scale", check: .number(fontScaleRange),
                                                         default: .value("1"))
    public static let densityOption = OptionSpec.value("density", "D", "android: pixels per dp", check: .number(densityRange),
                                                       default: .value("2"), unit: "px per dp")
}

extension IOSRenderRequest {
    public static let familyOption = OptionSpec.value("family", "F", "ios: the WidgetKit family", check: .choice(words(IOSFamily.allCases)),
                                                      default: .value(IOSFamily.systemMedium.rawValue))
    public static let widthOption = OptionSpec.value("width", "W", "ios: the width in pt, with --height, instead of a device class",
                                                     check: .number(sideRange))
    public static let heightOption = OptionSpec.value("height", "H", "ios: the height in pt, with --width", check: .number(sideRange))
    public static let scaleOption = OptionSpec.value("scale", "2|3", "ios: pixels per pt", check: .int(2...3), default: .value("2"))
}

// MARK: the parse: arguments → requests

extension WidgetInputOptions {
    enum Reactive: String, CaseIterable { case extended, notyet, off }
    enum OnOff: String, CaseIterable { case on, off }

    /// Without `--snapshot` / `--no-snapshot` the widget is synthesized, each flag left out taking
    /// its declared default (no flag at all: the reference widget `--help` describes).
    public static func parse(_ a: ParsedArguments) throws(InputError) -> WidgetInputOptions {
        let synthetic = syntheticOptions.filter { a.given($0) != nil }.map(\.name).sorted()
        let snapshot = a.given(Self.snapshot)
        if snapshot != nil && a.has(noSnapshot) { throw InputError("--no-snapshot", "cannot be combined with --snapshot") }
        if (snapshot != nil || a.has(noSnapshot)), let flag = synthetic.first {
            throw InputError("--\(flag)", "describes a synthesized widget; it cannot be combined with --snapshot/--no-snapshot")
        }
        if snapshot == nil && !a.has(noSnapshot) {
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
        if let raw = a.given(Self.asOf) {
            guard let d = parseISO8601(raw) else {
                throw InputError("--as-of", "'\(raw)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
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

extension RenderTarget {
    public static func parse(_ a: ParsedArguments) throws(InputError) -> RenderTarget {
        let platform = try a.choice(Self.platform, Platform.allCases)
        if let raw = a.given(family), let refusal = familyOfOtherPlatform(raw, platform: platform) { throw refusal }
        let theme = try a.choice(Self.theme, Theme.allCases)
        switch platform {
        case .android:
            for spec in [deviceClass, scale, textSize, hostMode] where a.given(spec) != nil {
                throw InputError("--\(spec.name)", "only applies to --platform ios")
            }
            let r = AndroidRenderRequest.self
            let family = try a.choice(r.familyOption, AndroidFamilyRequest.allCases)
            let typical = r.typicalSize(family)
            return .android(AndroidRenderRequest(
                family: family,
                widthDp: try a.double(r.widthOption, absent: typical.width),
                heightDp: try a.double(r.heightOption, absent: typical.height),
                fontScale: try a.double(r.fontScaleOption),
                theme: theme,
                density: try a.double(r.densityOption),
                snapshot: nil, asOf: SyntheticWidget.asOf, timeZone: SyntheticWidget.timeZone))
        case .ios:
            for spec in [fontScale, density] where a.given(spec) != nil {
                throw InputError("--\(spec.name)", "only applies to --platform android (iOS: --scale, --text-size)")
            }
            return .ios(try IOSRenderRequest.parse(a, theme: theme))
        }
    }
}

extension IOSRenderRequest {
    static func parse(_ a: ParsedArguments, theme: Theme) throws(InputError) -> IOSRenderRequest {
        let family = try a.choice(familyOption, IOSFamily.allCases)
        var r = IOSRenderRequest(family: family, theme: theme, snapshot: nil, asOf: Scenario.asOf, timeZone: Scenario.timeZone)
        r.hostMode = try a.choice(RenderTarget.hostMode, HostMode.allCases)
        guard r.hostMode.draws(family) else { throw InputError("--host-mode", r.hostMode.refusal(family)) }
        if let name = a.given(RenderTarget.deviceClass) {
            guard let c = IOSDeviceClass.named(name) else {
                throw InputError("--device-class", "unknown '\(name)'; expected one of \(IOSDeviceClass.all.map(\.name).joined(separator: ", "))")
            }
            if a.given(widthOption) != nil || a.given(heightOption) != nil {
                throw InputError("--device-class", "give a device class or --width/--height, not both")
            }
            guard let size = c.size(family) else {
                throw InputError("--device-class", "\(name) has no Lock Screen accessories (it cannot run iOS 16)")
            }
            r.size = size; r.deviceClass = c.name
        } else if a.given(widthOption) != nil || a.given(heightOption) != nil {
            guard a.given(widthOption) != nil, a.given(heightOption) != nil else {
                throw InputError(a.given(widthOption) == nil ? "--width" : "--height", "an explicit iOS size needs both --width and --height (pt)")
            }
            r.size = Size(try a.double(widthOption), try a.double(heightOption))
            r.deviceClass = nil
        }
        let scale = try a.int(scaleOption)
        r.scale = Double(scale)
        r.textSize = try a.choice(RenderTarget.textSize, DynamicTypeSize.allCases)
        return r
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
