import WidgetModel

/// One device configuration a token folder can meet: a theme, a band of Android API levels, a
/// contrast setting. The contrast audit runs once per configuration and every row names its own.
public struct TokenConfiguration: Hashable, Sendable, Codable, CustomStringConvertible {
    public enum ContrastSetting: String, Hashable, Sendable, Codable {
        case normal
        /// iOS Increase Contrast (a colorset's `"appearance": "contrast", "value": "high"` entries).
        case high
    }

    public var theme: Theme
    /// The lowest Android API level of this band; nil = from the lowest the app supports.
    public var minAPI: Int?
    /// The highest API level of the band; nil = no upper bound.
    public var maxAPI: Int?
    public var contrast: ContrastSetting

    public init(theme: Theme, minAPI: Int? = nil, maxAPI: Int? = nil, contrast: ContrastSetting = .normal) {
        self.theme = theme
        self.minAPI = minAPI
        self.maxAPI = maxAPI
        self.contrast = contrast
    }

    /// Only a theme: what a folder with no API-level or contrast variants meets.
    public var isBase: Bool { minAPI == nil && contrast == .normal }

    /// "dark", "dark, API 31+", "light, API ≤30", "dark, high contrast".
    public var description: String {
        var parts = [theme.rawValue]
        switch (minAPI, maxAPI) {
        case (nil, nil): break
        case (nil, let hi?): parts.append("API ≤\(hi)")
        case (let lo?, nil): parts.append("API \(lo)+")
        case (let lo?, let hi?): parts.append(lo == hi ? "API \(lo)" : "API \(lo)–\(hi)")
        }
        if contrast == .high { parts.append("high contrast") }
        return parts.joined(separator: ", ")
    }

    private enum CodingKeys: String, CodingKey { case theme, minAPI, maxAPI, contrast, label }
    public func encode(to encoder: Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(theme, forKey: .theme)
        try c.encodeIfPresent(minAPI, forKey: .minAPI)
        try c.encodeIfPresent(maxAPI, forKey: .maxAPI)
        try c.encode(contrast, forKey: .contrast)
        try c.encode(description, forKey: .label)
    }
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            theme: try c.decode(Theme.self, forKey: .theme), minAPI: try c.decodeIfPresent(Int.self, forKey: .minAPI),
            maxAPI: try c.decodeIfPresent(Int.self, forKey: .maxAPI),
            contrast: try c.decode(ContrastSetting.self, forKey: .contrast))
    }
}

/// Everything a token folder says, per configuration: what the contrast audit reads. `tokens` is
/// the base light/dark pair the renderer draws with; `configurations` lists every configuration
/// the widget can meet with the token set that answers for it (the base themes first).
public struct TokenCatalog: Sendable {
    public var tokens: TokenSet
    public var configurations: [(configuration: TokenConfiguration, tokens: TokenSet)]
    /// Folders, entries or appearances the audit does not read, each named with why (issue #22:
    /// none is silently ignored).
    public var uncovered: [String]
    /// Values the audit changed or stood in for: clipped out-of-gamut colours, system colours read
    /// from Apple's published values.
    public var adjustments: [String]

    /// A folder with only the two themes.
    public init(tokens: TokenSet, uncovered: [String] = [], adjustments: [String] = []) {
        self.init(
            tokens: tokens, configurations: Theme.allCases.map { (TokenConfiguration(theme: $0), tokens) },
            uncovered: uncovered, adjustments: adjustments)
    }

    public init(
        tokens: TokenSet, configurations: [(configuration: TokenConfiguration, tokens: TokenSet)],
        uncovered: [String], adjustments: [String]
    ) {
        self.tokens = tokens
        self.configurations = configurations
        self.uncovered = uncovered
        self.adjustments = adjustments
    }
}
