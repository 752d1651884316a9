import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// One token × role × theme × background measurement.
public struct TokenContrastRow: Hashable, Sendable, Codable {
    public var token: String
    public var role: String
    public var usage: String
    public var theme: Theme
    /// The device configuration this row audits (theme, API-level band, contrast setting).
    public var configuration: TokenConfiguration
    public var background: String
    public var foreground: String
    /// The worst background colour found (composite, rounded for display).
    public var backgroundColor: String
    /// Distance from the ember centre of the worst background, for ember rows.
    public var worstDistanceDp: Double?
    /// Unrounded.
    public var ratio: Double
    /// Truncated to two decimals.
    public var ratioDisplay: String
    /// nil = not gating (edged fill, decorative).
    public var floor: Double?
    /// ratio − floor (unrounded).
    public var margin: Double?
    public var passes: Bool
    /// APCA Lc (foreground on the worst background), a non-gating second opinion.
    public var apcaLc: Double
}

public struct TokenAuditReport: Sendable, Codable {
    public var source: String
    public var geometry: String
    /// Every configuration audited, base themes first.
    public var configurations: [TokenConfiguration]
    /// What the token folder holds that the audit does not read, each with why.
    public var uncovered: [String]
    /// Values the audit converted or stood in for (clipped out-of-gamut colours, system colours).
    public var adjustments: [String]
    /// Worst first: gating rows by ratio ÷ floor ascending, then non-gating rows.
    public var rows: [TokenContrastRow]
    /// Per failing token and configuration, the nearest value that passes on every background it
    /// sits on there (`NearestPassing`), in the token file's notation; in the rows' order.
    public var suggestions: [TokenSuggestion] = []
    public var failures: [TokenContrastRow] { rows.filter { !$0.passes } }
    public var passed: Bool { failures.isEmpty }
}

/// What to write in the token file so a failing token passes on every background it sits on in
/// one configuration (all of its role-table rows there, passing ones too, so the fix breaks none).
public struct TokenSuggestion: Hashable, Sendable, Codable {
    public var token: String
    public var configuration: TokenConfiguration
    public var platform: Platform
    /// The value now and the suggestion, in the token file's notation (`TokenNotation`).
    public var current: String
    /// nil: no lightness at the token's hue passes on all of them.
    public var suggested: String?
    public var suggestedColor: Color?
    /// The backgrounds (role-table backdrops) it fails on now, and on how many it sits in all.
    public var failingOn: [String]
    public var backgrounds: Int
    /// The value now and what it must pass (every sample of every background, with its floor):
    /// kept so a render's own backgrounds can be added (`passing(alsoOn:)`); not in JSON.
    public var now: Color
    public var constraints: [NearestPassing.Constraint]

    enum CodingKeys: String, CodingKey {
        case token, configuration, platform, current, suggested, suggestedColor, failingOn, backgrounds
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        token = try c.decode(String.self, forKey: .token)
        configuration = try c.decode(TokenConfiguration.self, forKey: .configuration)
        platform = try c.decode(Platform.self, forKey: .platform)
        current = try c.decode(String.self, forKey: .current)
        suggested = try c.decodeIfPresent(String.self, forKey: .suggested)
        suggestedColor = try c.decodeIfPresent(Color.self, forKey: .suggestedColor)
        failingOn = try c.decode([String].self, forKey: .failingOn)
        backgrounds = try c.decode(Int.self, forKey: .backgrounds)
        now = Color(hex: current) ?? .black
        constraints = []
    }

    init(
        token: String, configuration: TokenConfiguration, platform: Platform, now: Color,
        constraints: [NearestPassing.Constraint], failingOn: [String], backgrounds: Int
    ) {
        self.token = token
        self.configuration = configuration
        self.platform = platform
        self.now = now
        self.constraints = constraints
        self.failingOn = failingOn
        self.backgrounds = backgrounds
        current = TokenNotation.write(now, platform: platform)
        suggestedColor = NearestPassing.colour(for: now, passing: constraints)
        suggested = suggestedColor.map { TokenNotation.write($0, platform: platform) }
    }

    /// The suggestion again, passing also on backgrounds a render measured beneath the token (the
    /// rendered audit finds pixels the role table's samples do not: the ember under a glyph's far edge).
    public func passing(alsoOn more: [NearestPassing.Constraint]) -> TokenSuggestion {
        guard let c = suggestedColor, !NearestPassing.passes(c, more) else { return self }
        return TokenSuggestion(
            token: token, configuration: configuration, platform: platform, now: now,
            constraints: constraints + more, failingOn: failingOn, backgrounds: backgrounds)
    }

    /// "widget_x (light): #A1B2C3 → #5C6470 passes on card, ember" (one line for the console).
    public var line: String {
        let config = configuration.description
        guard let suggested else {
            return "\(token) (\(config)): no value at its hue passes on all \(backgrounds) backgrounds it sits on"
        }
        return
            "\(token) (\(config)): \(current) → \(suggested) passes on all \(backgrounds) "
            + "background\(backgrounds == 1 ? "" : "s") it sits on"
    }
}

public enum ContrastAudit {
    /// What `evidence contrast --ios-assets` runs: an asset catalog against the iOS role table.
    public static func auditIOS(_ tokens: TokenSet) throws(InputError) -> TokenAuditReport {
        try auditIOS(TokenCatalog(tokens: tokens))
    }

    /// An asset catalog with every configuration it declares (Increase Contrast as extra rows).
    public static func auditIOS(_ catalog: TokenCatalog) throws(InputError) -> TokenAuditReport {
        var r = try auditCatalog(catalog, table: RoleTable.ios)
        r.geometry = "none (the iOS card is flat: no ember)"
        return r
    }

    /// What `evidence contrast` runs: load the Android token folder, audit every configuration.
    public static func auditAndroid(
        resDirectory: URL, table: [RoleEntry] = RoleTable.bundled,
        geometry: EmberGeometry = .postFix
    ) throws(InputError) -> TokenAuditReport {
        try auditCatalog(try AndroidTokens.loadCatalog(resDirectory: resDirectory), table: table, geometry: geometry)
    }

    /// Both themes of one token set (no API-level or contrast variants).
    public static func auditTokens(
        _ tokens: TokenSet, table: [RoleEntry] = RoleTable.bundled,
        geometry: EmberGeometry = .postFix
    ) throws(InputError) -> TokenAuditReport {
        try auditCatalog(TokenCatalog(tokens: tokens), table: table, geometry: geometry)
    }

    /// Every role-table row in every configuration against every background it sits on. A token
    /// the table names but the files do not declare is an `InputError` (naming token and folder).
    public static func auditCatalog(
        _ catalog: TokenCatalog, table: [RoleEntry] = RoleTable.bundled,
        geometry: EmberGeometry = .postFix
    ) throws(InputError) -> TokenAuditReport {
        var rows: [TokenContrastRow] = []
        for entry in table {
            if case .edgedFill(let edge) = entry.role,
                !table.contains(where: { $0.token == edge && $0.role == .graphic })
            {
                throw InputError("role table", "\(entry.token) relies on edge \(edge), which has no graphic row")
            }
            for (configuration, tokens) in catalog.configurations {
                let theme = configuration.theme
                let fg = try tokens.resolve(entry.token, theme: theme)
                for backdrop in entry.backdrops {
                    let samples = try backgrounds(backdrop, theme: theme, tokens: tokens, geometry: geometry)
                    var worst: (ratio: Double, bg: CompositeColor, fg: CompositeColor, d: Double?)?
                    for s in samples {
                        let fgc = WCAG.composite(fg, over: s.color)  // a translucent foreground blends first
                        let r = WCAG.contrastRatio(fgc, s.color)
                        if worst == nil || r < worst!.ratio { worst = (r, s.color, fgc, s.distance) }
                    }
                    guard let w = worst else { continue }
                    let floor = entry.role.floor
                    rows.append(
                        TokenContrastRow(
                            token: entry.token, role: entry.role.label, usage: entry.usage, theme: theme,
                            configuration: configuration, background: backdrop.description, foreground: fg.hex,
                            backgroundColor: w.bg.hex,
                            worstDistanceDp: w.d, ratio: w.ratio, ratioDisplay: WCAG.display(w.ratio),
                            floor: floor, margin: floor.map { w.ratio - $0 },
                            passes: floor.map { WCAG.passes(w.ratio, floor: $0) } ?? true,
                            apcaLc: APCA.lc(text: w.fg, background: w.bg)))
                }
            }
        }
        let suggestions = try suggest(catalog, table: table, geometry: geometry, failing: rows.filter { !$0.passes })
        for pair in RoleTable.distinct where table.contains(where: { $0.token == pair.token }) {
            for (configuration, tokens) in catalog.configurations {
                let theme = configuration.theme
                let a = try tokens.resolve(pair.token, theme: theme)
                let b = try tokens.resolve(pair.other, theme: theme)
                let r = WCAG.contrastRatio(a, b)
                rows.append(
                    TokenContrastRow(
                        token: pair.token, role: "distinct", usage: pair.why, theme: theme,
                        configuration: configuration, background: "≠ \(pair.other)",
                        foreground: a.hex, backgroundColor: b.hex, worstDistanceDp: nil, ratio: r,
                        ratioDisplay: WCAG.display(r),
                        floor: nil, margin: nil, passes: a != b, apcaLc: 0))
            }
        }
        // Ties break by token, theme, background, then the configuration (base rows keep their order).
        func key(_ r: TokenContrastRow) -> (String, String, String, String) {
            (r.token, r.theme.rawValue, r.background, r.configuration.description)
        }
        rows.sort { a, b in
            switch (a.floor, b.floor) {
            case (let fa?, let fb?):
                let ka = a.ratio / fa
                let kb = b.ratio / fb
                return ka != kb ? ka < kb : key(a) < key(b)
            case (.some, nil): return true
            case (nil, .some): return false
            case (nil, nil): return key(a) < key(b)
            }
        }
        return TokenAuditReport(
            source: catalog.tokens.source, geometry: geometry.name,
            configurations: catalog.configurations.map(\.configuration),
            uncovered: catalog.uncovered, adjustments: catalog.adjustments, rows: rows, suggestions: suggestions)
    }

    /// For each token and configuration with a failing row (in `failing`'s order), the nearest
    /// value passing every gating row of that token there, on every sample of its backgrounds.
    static func suggest(
        _ catalog: TokenCatalog, table: [RoleEntry], geometry: EmberGeometry,
        failing: [TokenContrastRow]
    ) throws(InputError) -> [TokenSuggestion] {
        var out: [TokenSuggestion] = []
        var seen = Set<String>()
        for row in failing where seen.insert(row.token + "\u{0}" + row.configuration.description).inserted {
            guard let tokens = catalog.configurations.first(where: { $0.configuration == row.configuration })?.tokens
            else { continue }
            let theme = row.configuration.theme
            var constraints: [NearestPassing.Constraint] = []
            var backdrops = 0
            for entry in table where entry.token == row.token {
                guard let floor = entry.role.floor else { continue }
                for backdrop in entry.backdrops {
                    backdrops += 1
                    constraints += try backgrounds(backdrop, theme: theme, tokens: tokens, geometry: geometry).map {
                        NearestPassing.Constraint($0.color, floor: floor)
                    }
                }
            }
            let failingOn = failing.filter { $0.token == row.token && $0.configuration == row.configuration }.map(
                \.background)
            out.append(
                TokenSuggestion(
                    token: row.token, configuration: row.configuration, platform: tokens.platform,
                    now: try tokens.resolve(row.token, theme: theme), constraints: constraints,
                    failingOn: failingOn, backgrounds: backdrops))
        }
        return out
    }

    struct Sample {
        var color: CompositeColor
        var distance: Double?
    }

    /// The opaque colours a backdrop presents: one for a card or tint, a sweep for the ember from
    /// the anchor's distance out to the gradient radius (where it is the bare card).
    static func backgrounds(
        _ b: Backdrop, theme: Theme, tokens: TokenSet,
        geometry: EmberGeometry
    ) throws(InputError) -> [Sample] {
        func opaque(_ name: String) throws(InputError) -> CompositeColor {
            let c = try tokens.resolve(name, theme: theme)
            guard c.isOpaque else {
                throw InputError(
                    tokens.source, "\(name) (\(theme.rawValue)) is \(c.hex), but it is a background and must be opaque")
            }
            return CompositeColor(c)
        }
        switch b {
        case .card(let name):
            return [Sample(color: try opaque(name), distance: nil)]
        case .tint(let tint, let base):
            let t = try tokens.resolve(tint, theme: theme)
            return [Sample(color: WCAG.composite(t, over: try opaque(base)), distance: nil)]
        case .frosted(let fill, let alpha, let base):
            let f = try tokens.resolve(fill, theme: theme)
            return [Sample(color: WCAG.composite(f.scalingAlpha(by: alpha), over: try opaque(base)), distance: nil)]
        case .ember(let base, let anchor):
            let card = try opaque(base)
            let start = try tokens.resolve(tokens.name(.emberStart), theme: theme)
            let end = try tokens.resolve(tokens.name(.emberEnd), theme: theme)
            let d0 = geometry.distance(anchor)
            let far = max(d0, min(geometry.radiusDp, geometry.boxSideDp / 2))
            var out: [Sample] = []
            var d = d0
            while d < far {
                out.append(
                    Sample(color: geometry.composite(start: start, end: end, over: card, distance: d), distance: d))
                d += 0.25
            }
            out.append(
                Sample(color: geometry.composite(start: start, end: end, over: card, distance: far), distance: far))
            return out
        case .glow(let name, let peak, let base):
            let glow = try tokens.resolve(name, theme: theme)
            let steps = 8
            return try backgrounds(base, theme: theme, tokens: tokens, geometry: geometry).flatMap { s in
                (0...steps).map { k in
                    let alpha = UInt8((peak * Double(k) / Double(steps) * Double(glow.a)).rounded())
                    return Sample(color: WCAG.composite(glow.withAlpha(alpha), over: s.color), distance: s.distance)
                }
            }
        }
    }
}

/// APCA-W3 0.0.98G-4g lightness contrast (Lc), as a second opinion only; WCAG 2.x gates.
public enum APCA {
    public static func lc(text: CompositeColor, background: CompositeColor) -> Double {
        func y(_ c: CompositeColor) -> Double {
            let v = 0.2126729 * pow(c.r / 255, 2.4) + 0.7151522 * pow(c.g / 255, 2.4) + 0.0721750 * pow(c.b / 255, 2.4)
            return v < 0.022 ? v + pow(0.022 - v, 1.414) : v
        }
        let yt = y(text)
        let yb = y(background)
        guard abs(yb - yt) >= 0.0005 else { return 0 }
        if yb > yt {
            let s = (pow(yb, 0.56) - pow(yt, 0.57)) * 1.14
            return s < 0.1 ? 0 : (s - 0.027) * 100
        } else {
            let s = (pow(yb, 0.65) - pow(yt, 0.62)) * 1.14
            return s > -0.1 ? 0 : (s + 0.027) * 100
        }
    }
}
