/// Semantic colour roles: what a colour is for, independent of platform. Each platform names a role
/// in its own token format — Android `widget_ink` in `colors_widget.xml`, iOS `WidgetInk` in the
/// widget's asset catalog — and only with the app's real token names (seed 000 "Native color set").
public enum ColorRole: String, Hashable, Sendable, Codable, CaseIterable {
    // The six base sets (both platforms).
    case card, ink, accent, success, muted, border
    // The thirteen v4.7 kindling sets (iOS names; Android v4.11 ports them under widget_…).
    case accentDeep, accentText, capstoneDash, coach, flameMuted
    case goldTop, goldMid, goldBot, stoneTop, stoneMid, stoneBot, stoneMuted, stoneCaption
    // Android-only tokens (v4.11 parity and the OBJ-1625/1634/1636 contrast fixes).
    case kindlingCard, emberStart, emberEnd, rowTint, rowNextTint, flameCore
    case glyphEdge, glyphEdgeMuted, glyphGold, slotDash, pipTodo

    /// The Android resource name: `widget_` + snake case (`widget_row_next_tint`) — except the todo
    /// pip, which Android draws in the app's own `widget_border` (seed 000 Native color set:
    /// WidgetBorder, "Todo pips, dividers"); no token name is invented for it.
    public var androidName: String { Self.androidNames[self]! }

    /// Made once: scene building asks for these names thousands of times per matrix, and the
    /// case conversion (Unicode property lookups) was a third of building the catalog.
    private static let androidNames: [ColorRole: String] = Dictionary(
        uniqueKeysWithValues: allCases.map { role in
            var out = "widget_"
            for ch in (role == .pipTodo ? ColorRole.border : role).rawValue {
                if ch.isUppercase { out += "_" + ch.lowercased() } else { out.append(ch) }
            }
            return (role, out)
        })

    /// The iOS colour-set name (`WidgetStoneCaption`), or nil: the asset catalog has only the six base
    /// and thirteen kindling sets, and no name is invented for the others.
    public var iosName: String? { Self.iosNames[self] }

    /// Made once, like `androidNames`: the iOS builder asks for a name for every node it draws.
    private static let iosNames: [ColorRole: String] = Dictionary(
        uniqueKeysWithValues: allCases.compactMap { role in
            role.derivedIOSName.map { (role, $0) }
        })

    private var derivedIOSName: String? {
        switch self {
        case .card, .ink, .accent, .success, .muted, .border,
            .accentDeep, .accentText, .capstoneDash, .coach, .flameMuted,
            .goldTop, .goldMid, .goldBot, .stoneTop, .stoneMid, .stoneBot, .stoneMuted, .stoneCaption:
            return "Widget" + rawValue.prefix(1).uppercased() + rawValue.dropFirst()
        case .kindlingCard, .emberStart, .emberEnd, .rowTint, .rowNextTint, .flameCore,
            .glyphEdge, .glyphEdgeMuted, .glyphGold, .slotDash, .pipTodo:
            return nil
        }
    }

    /// On iOS, the real colour set that plays an Android-only role (seed 000 names the iOS views'
    /// colours: the HabitPip outline is `WidgetMuted`, the card is `WidgetCard` in every body).
    /// Roles with no iOS equivalent (ember, row tints) are never drawn by the iOS scene.
    public var iosStandIn: ColorRole {
        switch self {
        case .kindlingCard: return .card
        case .pipTodo: return .muted  // "a 1.5pt WidgetMuted-stroke outline"
        case .glyphEdge, .flameCore: return .accentDeep
        case .glyphEdgeMuted: return .muted
        case .glyphGold: return .stoneCaption  // the caption glyph shares the caption's colour
        case .slotDash: return .capstoneDash
        case .emberStart, .emberEnd, .rowTint, .rowNextTint: return .border
        case .card, .ink, .accent, .success, .muted, .border,
            .accentDeep, .accentText, .capstoneDash, .coach, .flameMuted,
            .goldTop, .goldMid, .goldBot, .stoneTop, .stoneMid, .stoneBot, .stoneMuted, .stoneCaption:
            return self
        }
    }

    /// The roles that have an iOS colour set: the nineteen sets of seed 000.
    public static var iosSets: [ColorRole] { allCases.filter { $0.iosName != nil } }
}
