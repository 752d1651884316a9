import Foundation

/// `evidence render`'s and `evidence plan`'s shared form (any widget, any size, either platform)
/// parsed and validated as plain values, so every usage error is unit-testable. A snapshot file is
/// read by the CLI; everything else is here.
public struct AdHocRenderOptions: Equatable, Sendable {
    /// Where the widget comes from: a snapshot file, first run, or a synthesized widget.
    public var input: WidgetInputOptions
    /// The platform's request (size, family, theme, scale), its snapshot still to be filled in.
    public var target: RenderTarget
    public var androidRes: String?
    public var iosAssets: String?
    /// nil for `plan` (no image written).
    public var output: String?
    public var json: Bool
    /// What a snapshot that doesn't decode does: `fail` (exit 2, the default) or `fallback` — draw
    /// what the widget draws, seed 001 §5: "decode failure falls through to .firstRun / legacyBody".
    public var onBadSnapshot: BadSnapshotPolicy = .fail

    /// `needsOutput`: render writes a PNG (`-o` required); plan does not. Neither needs a widget
    /// option: with none (only size flags, or nothing) both draw the declared defaults' widget.
    public static func parse(_ a: ParsedArguments, needsOutput: Bool = true) throws(InputError) -> AdHocRenderOptions {
        let input = try WidgetInputOptions.parse(a)
        let output = a.value("output")
        if needsOutput, output == nil || output!.isEmpty { throw InputError("-o", "required: the PNG file to write") }
        let target = try RenderTarget.parse(a)
        if a.value("android-res") != nil, target.platform != .android { throw InputError("--android-res", "only applies to --platform android") }
        if a.value("ios-assets") != nil, target.platform != .ios { throw InputError("--ios-assets", "only applies to --platform ios") }
        let policy = try a.choice(Self.onBadSnapshot, BadSnapshotPolicy.allCases)
        if policy == .fallback, case .file = input.source {} else if policy == .fallback {
            throw InputError("--on-bad-snapshot", "needs --snapshot (there is no snapshot to fall back from)")
        }
        return AdHocRenderOptions(input: input, target: target, androidRes: a.value("android-res"), iosAssets: a.value("ios-assets"),
                                  output: output, json: a.has("json"), onBadSnapshot: policy)
    }
}

/// One platform's render request, before its snapshot is read.
public enum RenderTarget: Equatable, Sendable {
    case android(AndroidRenderRequest)
    case ios(IOSRenderRequest)

    public var platform: Platform {
        switch self {
        case .android: return .android
        case .ios: return .ios
        }
    }

    public static func parse(_ a: ParsedArguments) throws(InputError) -> RenderTarget {
        let platform = try a.choice(Self.platform, Platform.allCases)
        if let raw = a.value(family.name), let refusal = familyOfOtherPlatform(raw, platform: platform) { throw refusal }
        let theme = try a.choice(Self.theme, Theme.allCases)
        switch platform {
        case .android:
            for spec in [deviceClass, scale, textSize, hostMode] where a.value(spec.name) != nil {
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
            for spec in [fontScale, density] where a.value(spec.name) != nil {
                throw InputError("--\(spec.name)", "only applies to --platform android (iOS: --scale, --text-size)")
            }
            return .ios(try IOSRenderRequest.parse(a, theme: theme))
        }
    }
}

extension RenderTarget {
    /// The words `--family` takes on each platform.
    public static func familyWords(_ platform: Platform) -> [String] {
        switch platform {
        case .android: return AndroidFamilyRequest.allCases.map(\.rawValue)
        case .ios: return IOSFamily.allCases.map(\.rawValue)
        }
    }

    /// `--family systemSmall` without `--platform ios`: the error names the platform that takes the
    /// family (nil when the family is this platform's, or no platform's: its own check answers that).
    /// `own`: the families the command takes on `platform`, when not all of `familyWords` (timeline).
    public static func familyOfOtherPlatform(_ raw: String, platform: Platform, own: [String]? = nil) -> InputError? {
        let takes = { (p: Platform) in familyWords(p).contains { $0.lowercased() == raw.lowercased() } }
        guard !takes(platform), let other = Platform.allCases.first(where: { $0 != platform && takes($0) }) else { return nil }
        return InputError("--family", "'\(raw)' is an \(other.rawValue) family: add --platform \(other.rawValue) "
                          + "(--platform \(platform.rawValue) takes \((own ?? familyWords(platform)).joined(separator: ", ")))")
    }
}

/// `--on-bad-snapshot`: what an undecodable snapshot does to an ad-hoc render.
public enum BadSnapshotPolicy: String, Sendable, Equatable, CaseIterable {
    case fail, fallback

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
