import EvidenceCore
import Foundation
import WidgetModel
import WidgetRaster
import WidgetScene

/// `evidence render`'s and `evidence plan`'s shared form (any widget, any size, either platform)
/// parsed and validated as plain values, so every usage error is unit-testable: the widget and size
/// options (WidgetRaster's, which case files share) and the tokens, output and report form declared here.
struct AdHocRenderOptions: Equatable, Sendable {
    /// Where the widget comes from: a snapshot file, first run, or a synthesized widget.
    var input: WidgetInputOptions
    /// The platform's request (size, family, theme, scale), its snapshot still to be filled in.
    var target: RenderTarget
    var androidRes: String?
    var iosAssets: String?
    /// nil for `plan` (no image written).
    var output: String?
    var json: Bool
    /// What a snapshot that doesn't decode does: `fail` (exit 2, the default) or `fallback` — draw
    /// what the widget draws, seed 001 §5: "decode failure falls through to .firstRun / legacyBody".
    var onBadSnapshot: BadSnapshotPolicy = .fail

    /// The widget and its size: pin's whole form (its case file holds no tokens or output).
    static func parseWidget(_ a: ParsedArguments) throws(InputError) -> AdHocRenderOptions {
        AdHocRenderOptions(
            input: try WidgetInputOptions.parse(a), target: try RenderTarget.parse(a), androidRes: nil, iosAssets: nil,
            output: nil, json: false)
    }

    /// Render's and plan's form: the widget and size, the tokens and the bad-snapshot policy.
    /// Neither needs a widget option: with none (only size flags, or nothing) both draw the declared
    /// defaults' widget. The output and the report form are each command's own (render's `-o` and
    /// `--json`, plan's `--json`), read where they are declared.
    static func parse(_ a: ParsedArguments) throws(InputError) -> AdHocRenderOptions {
        var o = try parseWidget(a)
        if a.given(androidRes) != nil, o.target.platform != .android {
            throw InputError("--android-res", "only applies to --platform android")
        }
        if a.given(iosAssets) != nil, o.target.platform != .ios {
            throw InputError("--ios-assets", "only applies to --platform ios")
        }
        let policy = try a.choice(Self.onBadSnapshot, BadSnapshotPolicy.allCases)
        if policy == .fallback, case .file = o.input.source {
        } else if policy == .fallback {
            throw InputError("--on-bad-snapshot", "needs --snapshot (there is no snapshot to fall back from)")
        }
        o.androidRes = a.given(androidRes)
        o.iosAssets = a.given(iosAssets)
        o.onBadSnapshot = policy
        return o
    }

    static let androidRes = OptionSpec.value(
        "android-res", "DIR", "a res/ folder with values/ and values-night/colors_widget.xml",
        default: .note("the bundled tokens"))
    static let iosAssets = OptionSpec.value(
        "ios-assets", "DIR", "an Xcode asset catalog with the Widget*.colorset sets", default: .note("the bundled sets")
    )
    static let output = OptionSpec.output(
        "output", "FILE",
        """
        where to write the PNG (written atomically; its folder must exist; a device,
        FIFO, socket, folder or link is never replaced)
        """, writes: .png, short: "o", required: "the PNG file to write")
    static let json = OptionSpec.flag(
        "json",
        """
        print what was drawn: family, size, state, the visible texts in drawing
        order, the accessibility label, the pip row, and any findings
        (\(CheckRegistry.kindsOnEveryRender)), each with its class —
        \(FindingClass.allWords) — and its seed passage
        """)
    static let onBadSnapshot = OptionSpec.value(
        "on-bad-snapshot", nil,
        """
        fail: a snapshot that doesn't decode is an error, exit 2.
        fallback: print the decode error on stderr and draw what the widget draws —
        seed 001 §5, "decode failure falls through to .firstRun / legacyBody" — exit 0
        """, check: .choice(BadSnapshotPolicy.allCases.map(\.rawValue)),
        default: .value(BadSnapshotPolicy.fail.rawValue))

    /// The tokens, the output and the report form; `render` and `plan` add these to the widget and size tables.
    static let outputOptions = OptionTable([
        .init("tokens and output:", [androidRes, iosAssets, output, json, onBadSnapshot])
    ])
    static let options = WidgetInputOptions.options + RenderTarget.options + outputOptions
    static var valued: Set<String> { options.valued }
    static var switches: Set<String> { options.switches }
}

/// `--on-bad-snapshot`: what an undecodable snapshot does to an ad-hoc render.
enum BadSnapshotPolicy: String, Sendable, Equatable, CaseIterable {
    case fail, fallback

    /// Decodes a snapshot under this policy. `fail` rethrows the decode error; `fallback` returns
    /// nil — no snapshot, which the renderer draws as the widget's own fail-closed path (first run,
    /// the flat legacy card: Android's isKindling(null) is false) — with the one-line error to print.
    func decode(_ data: Data, name: String) throws(InputError) -> (snapshot: WidgetSnapshot?, warning: InputError?) {
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
