/// A fixture's identity as a value: what it draws (platform, family, state and reactive branch,
/// motif, body, theme, host mode) or which band of sizes it probes. The key string — also the
/// golden's path — is derived from it and never parsed back.

/// A family of either platform. Each platform's code sees only its own family type.
public enum FixtureFamily: Hashable, Sendable {
    case android(AndroidFamily)
    case ios(IOSFamily)

    public var platform: Platform {
        switch self {
        case .android: return .android
        case .ios: return .ios
        }
    }
    /// The key segment: `small` … on Android, WidgetKit's names (`systemSmall` …) on iOS.
    public var name: String {
        switch self {
        case .android(let f): return f.rawValue
        case .ios(let f): return f.rawValue
        }
    }
}

/// The widget body the kindling flag selects (seed 000 "Fail-closed / byte-identical off-state").
public enum WidgetBody: String, Hashable, Sendable, CaseIterable {
    case kindling, legacy
}

/// Who owns the card and the colour (seed 000 "Host rendering modes (iOS)"). Android and the iOS
/// Home Screen in full colour are `.full`; the host-owned modes come with the accessories issue.
public enum HostMode: String, Hashable, Sendable, CaseIterable {
    case full, tinted, standby, night
}

/// Which values of one dimension a (possibly collapsed) fixture covers, in matrix order.
public struct Cover<Value: Hashable & Sendable & CaseIterable & RawRepresentable>: Hashable, Sendable where Value.RawValue == String {
    public var values: [Value]
    public init(_ values: [Value]) { self.values = values }
    public static func one(_ v: Value) -> Cover { Cover([v]) }

    /// `stones`, `stones+flame`, or `any-<what>` when every value is covered.
    func segment(any: String) -> String {
        values.count == Value.allCases.count && values.count > 1 ? any : values.map(\.rawValue).joined(separator: "+")
    }
    func union(_ other: Cover) -> Cover { Cover(values + other.values.filter { !values.contains($0) }) }
}

/// A band fixture probes the budget at a size or type scale rather than a typical placement:
/// `android/bands/height/small/h130-fs1.0-caption-on/default`, `ios/bands/device/systemSmall/375x667/…`.
public struct FixtureBand: Hashable, Sendable {
    /// The band table it belongs to: `height`, `width`, `large`, `device`, `type` — or `intl`, the
    /// content band of habit titles in every script (`InternationalMatrix`).
    public var axis: String
    /// Whether the family is a key segment (the width and Large bands are one family each).
    public var namesFamily: Bool
    /// The size/scale segments, e.g. `["w110-fs1.0", "1-digit"]`.
    public var tags: [String]
    public init(axis: String, namesFamily: Bool, tags: [String]) {
        self.axis = axis; self.namesFamily = namesFamily; self.tags = tags
    }
}

public struct FixtureID: Hashable, Sendable {
    public var family: FixtureFamily
    /// State with its reactive branch (`default-some-extended`, `first-run`, `new-day` …); nil when a band's tags say it all.
    public var state: String?
    /// nil: no motif applies (first run has no snapshot).
    public var motifs: Cover<StreakMotif>?
    public var bodies: Cover<WidgetBody>
    public var theme: Theme
    public var hostMode: HostMode
    /// nil: the main matrix (typical placement / default device class).
    public var band: FixtureBand?

    public init(family: FixtureFamily, state: String?, motifs: Cover<StreakMotif>?, bodies: Cover<WidgetBody>,
                theme: Theme, hostMode: HostMode = .full, band: FixtureBand? = nil) {
        self.family = family; self.state = state; self.motifs = motifs; self.bodies = bodies
        self.theme = theme; self.hostMode = hostMode; self.band = band
    }

    public var platform: Platform { family.platform }

    /// The key: `android/medium/default-some-notyet/stones/kindling/light`. Band keys name the band
    /// table and their tags instead of motif, body and theme (bands draw one of each).
    public var key: String {
        var s = [platform.rawValue]
        if let band {
            s += ["bands", band.axis]
            if band.namesFamily { s.append(family.name) }
            s += band.tags
            if let state { s.append(state) }
        } else {
            s.append(family.name)
            if let state { s.append(state) }
            s.append(motifs?.segment(any: "any-motif") ?? "no-motif")
            s.append(bodies.segment(any: "any-body"))
            s.append(theme.rawValue)
        }
        if hostMode != .full { s.append(hostMode.rawValue) }
        return s.joined(separator: "/")
    }

    /// The first two key segments (`android/medium`, `ios/bands`): how summaries group failures.
    public var area: String { band == nil ? "\(platform.rawValue)/\(family.name)" : "\(platform.rawValue)/bands" }

    /// This identity with the dimensions the collapse step may merge (motif, body) erased: fixtures
    /// of one group that draw the same scene share a golden.
    var collapseGroup: FixtureID {
        var g = self
        g.motifs = motifs.map { _ in Cover([]) }
        g.bodies = Cover([])
        return g
    }
}
