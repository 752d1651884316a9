import Foundation

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

/// Who owns the card and the colour (seed 000 "Host rendering modes (iOS)"). Android and the iOS
/// Home Screen in full colour are `.full`; the host-owned modes come with the accessories issue.
public enum HostMode: String, Hashable, Sendable, CaseIterable {
    case full, tinted, standby, night
    /// The iOS 15/16 fallback (seed 000 "Testing": "plus an iOS 15/16 fallback check"): the
    /// app-owned `.background()` with WidgetContainer's own 16 pt padding, and the check-off tap
    /// surface as the pre-v4.7 Link deep-link (AppIntent is iOS 17+) — light and dark, Home Screen only.
    case ios16

    /// Whether the app paints its own card in the request's appearance (full colour, and iOS 15/16's
    /// `.background()`); otherwise the host owns it and the scene is drawn from the dark form.
    public var appOwnsCard: Bool {
        switch self {
        case .full, .ios16: return true
        case .tinted, .standby, .night: return false
        }
    }

    /// Why `draws` refused a family: the one line `render --host-mode` prints.
    public func refusal(_ family: IOSFamily) -> String {
        switch (self, family.kind) {
        case (.ios16, _):
            return
                "ios16 is the Home Screen's iOS 15/16 fallback; the Lock Screen accessories (iOS 16+) have none: they "
                + "are always drawn vibrant"
        case (_, .accessory):
            return "applies to the Home Screen families; the Lock Screen accessories are always drawn vibrant"
        case (_, .home):
            return "\(rawValue) draws systemSmall only: StandBy shows small-family widgets only, not \(family.rawValue)"
        }
    }
}

/// What kind of surface a WidgetKit family is: the one switch that sorts a new family in.
public enum IOSFamilyKind: Hashable, Sendable {
    case home(IOSHomeFamily)
    case accessory(IOSAccessoryFamily)
}

/// Which habits VoiceOver reads (seed 001 §4): every due habit, only the rows drawn (then "N more
/// habits in the app."), or none — a count instead of a checklist.
public enum SpokenHabits: Hashable, Sendable {
    case all, visibleRows, none
}

extension IOSFamily {
    public var kind: IOSFamilyKind {
        switch self {
        case .systemSmall: return .home(.systemSmall)
        case .systemMedium: return .home(.systemMedium)
        case .systemLarge: return .home(.systemLarge)
        case .accessoryCircular: return .accessory(.accessoryCircular)
        case .accessoryRectangular: return .accessory(.accessoryRectangular)
        case .accessoryInline: return .accessory(.accessoryInline)
        }
    }

    /// The Lock Screen accessories: vibrant, no card, no light/dark appearance (seed 001 §5).
    public var isAccessory: Bool {
        switch kind {
        case .home: return false
        case .accessory: return true
        }
    }
}

/// The Lock Screen accessories (seed 000 "Lock Screen accessories (OBJ-1521)").
public enum IOSAccessoryFamily: String, Hashable, Sendable, Codable, CaseIterable {
    case accessoryCircular, accessoryRectangular, accessoryInline
    public var family: IOSFamily {
        switch self {
        case .accessoryCircular: return .accessoryCircular
        case .accessoryRectangular: return .accessoryRectangular
        case .accessoryInline: return .accessoryInline
        }
    }
}

/// The Home Screen families.
public enum IOSHomeFamily: String, Hashable, Sendable, Codable, CaseIterable {
    case systemSmall, systemMedium, systemLarge
    public var family: IOSFamily {
        switch self {
        case .systemSmall: return .systemSmall
        case .systemMedium: return .systemMedium
        case .systemLarge: return .systemLarge
        }
    }
}

/// The state a fixture draws (seed 000 "State catalog"), as the matrices name it. The main matrix
/// splits default progress by how much is done; the band tables draw one default (1 of N done).
public enum FixtureState: String, Hashable, Sendable, CaseIterable {
    case firstRun = "first-run"
    /// Default progress, none of four done / two of four done (main matrix).
    case defaultNone = "default-none", defaultSome = "default-some"
    /// Default progress in a band table: one habit done.
    case defaultOne = "default"
    case allDone = "all-done", empty, stale
    case newDay = "new-day"
}

extension WidgetState {
    /// How fixture keys spell the state (`all-done`, `new-day`, `default`): `--state` takes it too.
    public var keySpelling: String {
        switch self {
        case .firstRun: return FixtureState.firstRun.rawValue
        case .stale: return FixtureState.stale.rawValue
        case .newDay: return FixtureState.newDay.rawValue
        case .empty: return FixtureState.empty.rawValue
        case .allDone: return FixtureState.allDone.rawValue
        case .defaultProgress: return FixtureState.defaultOne.rawValue
        }
    }
}
