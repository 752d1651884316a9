import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// The size and look options of `render`, `plan` and `pin` — each flag once, with its help text,
/// its check and its default — and their parse into the request types (WidgetInputOptions,
/// RenderTarget, IOSRenderRequest). `evidence <command> --help` prints these tables.
///
/// They live in the library, not the CLI, because they are the case-file format: a case's
/// `options` are these flags, read by this parse (Gate/CaseFiles.swift), and the catalog reads
/// Cases/ itself for verify, record, list and report. The commands' other options (tokens, output,
/// `resolve`) are the CLI's (Sources/evidence).

extension RenderTarget {
    public static let platform = OptionSpec.value(
        "platform", "P", "the platform to draw", check: .choice(words(Platform.allCases)),
        default: .value(Platform.android.rawValue))
    // The size flags: each platform's reading is declared beside its request (below); the table
    // lists each flag once with every platform's help, range and default.
    public static let family = OptionSpec.perPlatform(
        "family", "F", [AndroidRenderRequest.familyOption, IOSRenderRequest.familyOption])
    public static let width = OptionSpec.perPlatform(
        "width", "W", [AndroidRenderRequest.widthOption, IOSRenderRequest.widthOption])
    public static let height = OptionSpec.perPlatform(
        "height", "H", [AndroidRenderRequest.heightOption, IOSRenderRequest.heightOption])
    public static let fontScale = OptionSpec.perPlatform("font-scale", "F", [AndroidRenderRequest.fontScaleOption])
    public static let density = OptionSpec.perPlatform("density", "D", [AndroidRenderRequest.densityOption])
    public static let deviceClass = OptionSpec.value(
        "device-class", "C",
        """
        ios: a portrait screen class, one of \(IOSDeviceClass.all.map(\.name).joined(separator: ", "))
        (default \(IOSDeviceClass.standard.name); \(IOSDeviceClass.accessoryStandard.name) for the accessories)
        """)
    public static let scale = OptionSpec.perPlatform("scale", "2|3", [IOSRenderRequest.scaleOption])
    public static let textSize = OptionSpec.value(
        "text-size", "T", "ios: the Dynamic Type size", check: .choice(words(DynamicTypeSize.allCases)),
        default: .value(DynamicTypeSize.large.rawValue))
    public static let hostMode = OptionSpec.value(
        "host-mode", "M",
        """
        ios Home Screen families: how the host draws the widget; ios16 = the iOS 15/16
        fallback (light and dark; no tinted (18+), StandBy (17+) or Lock Screen (16+) form)
        """, check: .choice(words(HostMode.allCases)),
        default: .value(HostMode.full.rawValue))
    public static let theme = OptionSpec.value(
        "theme", "T", "the system appearance", check: .choice(words(Theme.allCases)),
        default: .value(Theme.light.rawValue))

    public static let options = OptionTable([
        .init(
            "size and look:",
            [platform, family, width, height, fontScale, density, deviceClass, scale, textSize, hostMode, theme])
    ])
    public static var valued: Set<String> { options.valued }
}

extension AndroidRenderRequest {
    public static let familyOption = OptionSpec.value(
        "family", "F", "android: the size class; auto lets resolveSize pick",
        check: .choice(words(AndroidFamilyRequest.allCases)), default: .value(AndroidFamilyRequest.auto.rawValue))
    /// Each family's typical size, as `--width`'s default names them (a closure inside the string's
    /// interpolation is one `swift format` re-indents into invalid code).
    private static let typicalSizes = AndroidFamilyRequest.allCases.map { f in
        let s = typicalSize(f)
        return "\(f.rawValue) \(Int(s.width)) × \(Int(s.height))"
    }.joined(separator: ", ")
    public static let widthOption = OptionSpec.value(
        "width", "W", "android: the granted width", check: .number(widthRange),
        default: .note(
            """
            the family's typical size (\(typicalSizes))
            """), unit: "dp")
    public static let heightOption = OptionSpec.value(
        "height", "H", "android: the granted height", check: .number(heightRange),
        default: .note("the family's typical size, as --width"), unit: "dp")
    public static let fontScaleOption = OptionSpec.value(
        "font-scale", "F", "android: the user's font scale", check: .number(fontScaleRange),
        default: .value("1"))
    public static let densityOption = OptionSpec.value(
        "density", "D", "android: pixels per dp", check: .number(densityRange),
        default: .value("2"), unit: "px per dp")
}

extension IOSRenderRequest {
    public static let familyOption = OptionSpec.value(
        "family", "F", "ios: the WidgetKit family", check: .choice(words(IOSFamily.allCases)),
        default: .value(IOSFamily.systemMedium.rawValue))
    public static let widthOption = OptionSpec.value(
        "width", "W", "ios: the width in pt, with --height, instead of a device class",
        check: .number(sideRange))
    public static let heightOption = OptionSpec.value(
        "height", "H", "ios: the height in pt, with --width", check: .number(sideRange))
    public static let scaleOption = OptionSpec.value(
        "scale", "2|3", "ios: pixels per pt", check: .int(2...3), default: .value("2"))
}

// MARK: the parse: arguments → requests

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
            return .android(
                AndroidRenderRequest(
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
    package static func parse(_ a: ParsedArguments, theme: Theme) throws(InputError) -> IOSRenderRequest {
        let family = try a.choice(familyOption, IOSFamily.allCases)
        var r = IOSRenderRequest(
            family: family, theme: theme, snapshot: nil, asOf: Scenario.asOf, timeZone: Scenario.timeZone)
        r.hostMode = try a.choice(RenderTarget.hostMode, HostMode.allCases)
        guard r.hostMode.draws(family) else { throw InputError("--host-mode", r.hostMode.refusal(family)) }
        if let name = a.given(RenderTarget.deviceClass) {
            guard let c = IOSDeviceClass.named(name) else {
                throw InputError(
                    "--device-class",
                    "unknown '\(name)'; expected one of \(IOSDeviceClass.all.map(\.name).joined(separator: ", "))")
            }
            if a.given(widthOption) != nil || a.given(heightOption) != nil {
                throw InputError("--device-class", "give a device class or --width/--height, not both")
            }
            guard let size = c.size(family) else {
                throw InputError("--device-class", "\(name) has no Lock Screen accessories (it cannot run iOS 16)")
            }
            r.size = size
            r.deviceClass = c.name
        } else if a.given(widthOption) != nil || a.given(heightOption) != nil {
            guard a.given(widthOption) != nil, a.given(heightOption) != nil else {
                throw InputError(
                    a.given(widthOption) == nil ? "--width" : "--height",
                    "an explicit iOS size needs both --width and --height (pt)")
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
