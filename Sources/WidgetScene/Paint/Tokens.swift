import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// Where a platform's colours come from: its token names for the semantic roles and their values.
/// One interface, two loaders — `AndroidTokens.load` (res XML) and `AssetCatalogTokens.load`
/// (an Xcode asset catalog) — both yield a `TokenSet`.
public protocol TokenSource: Sendable {
    var platform: Platform { get }
    /// The platform's token name for a role (`widget_ink`, `WidgetInk`).
    func name(_ role: ColorRole) -> String
    func color(_ role: ColorRole, theme: Theme) -> Color
}

/// The widget's colour tokens for both themes, keyed by the platform's token names. A dark lookup
/// uses the dark declaration (`values-night`, the asset's Dark appearance) when there is one and
/// falls back to the light one otherwise, as both platforms do.
/// The painter reads every colour through this type; the contrast audit reads the same values.
public struct TokenSet: TokenSource, Sendable, Equatable {
    public var platform: Platform = .android
    /// `values/colors_widget.xml` (light, and the fallback for dark).
    public var light: [String: Color]
    /// `values-night/colors_widget.xml` — only the tokens it declares.
    public var night: [String: Color]
    /// Where the tokens came from (a directory path), for messages.
    public var source: String

    public init(light: [String: Color], night: [String: Color], source: String, platform: Platform = .android) {
        self.light = light
        self.night = night
        self.source = source
        self.platform = platform
    }

    /// Android names every role; iOS names its nineteen sets and plays the other roles with the
    /// set `ColorRole.iosStandIn` names (never an invented name).
    public func name(_ role: ColorRole) -> String {
        switch platform {
        case .android: return role.androidName
        case .ios: return role.iosStandIn.iosName ?? role.androidName
        }
    }

    public func color(_ role: ColorRole, theme: Theme) -> Color { color(name(role), theme: theme) }

    /// A role's colour together with its token name, as glyph art and scene nodes carry it.
    public func ink(_ role: ColorRole, theme: Theme) -> GlyphInk { GlyphInk(name(role), color(role, theme: theme)) }

    /// Every token name declared in either file, sorted.
    public var names: [String] { Array(Set(light.keys).union(night.keys)).sorted() }

    /// The colour of `name` in `theme`, or nil when no file declares it.
    public func colorIfPresent(_ name: String, theme: Theme) -> Color? {
        switch theme {
        case .light: return light[name]
        case .dark: return night[name] ?? light[name]
        }
    }

    /// The colour of `name` in `theme`. An unknown token throws, naming it and the token folder.
    public func resolve(_ name: String, theme: Theme) throws(InputError) -> Color {
        guard let c = colorIfPresent(name, theme: theme) else {
            throw InputError(
                source,
                platform == .android
                    ? "no colour token '\(name)' in any values*/ file"
                    : "no colour set \(name).colorset in this asset catalog")
        }
        return c
    }

    /// The colour of `name` in `theme`. An unknown token draws in `TokenSet.missing` (hot magenta,
    /// impossible to miss in a golden) — use `resolve` where a diagnosis is wanted instead.
    public func color(_ name: String, theme: Theme) -> Color {
        colorIfPresent(name, theme: theme) ?? TokenSet.missing
    }

    /// What `color(_:theme:)` returns for an undeclared token.
    public static let missing = Color(r: 0xFF, g: 0x00, b: 0xFF)

}
