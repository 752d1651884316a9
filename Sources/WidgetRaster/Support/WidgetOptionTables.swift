/// The option declarations of the ad-hoc widget commands (`render`, `plan`, `resolve`): each flag
/// once, with its help text, its check and its default. The parse functions beside the types
/// (WidgetInputOptions, RenderTarget, IOSRenderRequest, ResolveOptions) read values by these names;
/// `evidence <command> --help` prints these tables.

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
    public static var syntheticFlags: Set<String> { Set(syntheticOptions.map(\.name)) }

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

extension AdHocRenderOptions {
    public static let androidRes = OptionSpec.value("android-res", "DIR", "a res/ folder with values/ and values-night/colors_widget.xml", default: .note("the bundled tokens"))
    public static let iosAssets = OptionSpec.value("ios-assets", "DIR", "an Xcode asset catalog with the Widget*.colorset sets", default: .note("the bundled sets"))
    public static let output = OptionSpec.value("output", "FILE", """
        where to write the PNG (written atomically; its folder must exist; a device,
        FIFO, socket, folder or link is never replaced)
        """, short: "o")
    public static let json = OptionSpec.flag("json", """
        print what was drawn: family, size, state, the visible texts in drawing
        order, the accessibility label, the pip row, and any findings (clipped,
        truncated, contrast, missing-glyph; known ones marked with their seed passage)
        """)
    public static let onBadSnapshot = OptionSpec.value("on-bad-snapshot", nil, """
        fail: a snapshot that doesn't decode is an error, exit 2.
        fallback: print the decode error on stderr and draw what the widget draws —
        seed 001 §5, "decode failure falls through to .firstRun / legacyBody" — exit 0
        """, check: .choice(words(BadSnapshotPolicy.allCases)), default: .value(BadSnapshotPolicy.fail.rawValue))

    /// The tokens, the output and the report form; `render` and `plan` add these to the widget and size tables.
    public static let outputOptions = OptionTable([.init("tokens and output:", [androidRes, iosAssets, output, json, onBadSnapshot])])
    public static let options = WidgetInputOptions.options + RenderTarget.options + outputOptions
    public static var valued: Set<String> { options.valued }
    public static var switches: Set<String> { options.switches }
}

extension ResolveOptions {
    public static let platform = OptionSpec.value("platform", "P", "only one platform's copy", check: .choice(words(Platform.allCases)), default: .note("both"))
    public static let json = OptionSpec.flag("json", "machine-readable output")
    public static let options = OptionTable([
        WidgetInputOptions.snapshot, WidgetInputOptions.noSnapshot, WidgetInputOptions.asOf, WidgetInputOptions.timeZone, platform, json,
    ])
    public static var valued: Set<String> { options.valued }
    public static var switches: Set<String> { options.switches }
}
