import WidgetLayout
import WidgetModel

/// A fixture's identity as a value: what it draws (platform, family, state and reactive branch,
/// motif, body, theme, host mode) or which band of sizes it probes. The key string — also the
/// golden's path — is derived from it and never parsed back.

/// The widget body the kindling flag selects (seed 000 "Fail-closed / byte-identical off-state").
public enum WidgetBody: String, Hashable, Sendable, CaseIterable {
    case kindling, legacy
}

/// Which values of one dimension a (possibly collapsed) fixture covers, in matrix order.
public struct Cover<Value: Hashable & Sendable & CaseIterable & RawRepresentable>: Hashable, Sendable
where Value.RawValue == String {
    public var values: [Value]
    public init(_ values: [Value]) { self.values = values }
    public static func one(_ v: Value) -> Cover { Cover([v]) }

    /// `stones`, `stones+flame`, or `any-<what>` when every value is covered.
    func segment(any: String) -> String {
        values.count == Value.allCases.count && values.count > 1 ? any : values.map(\.rawValue).joined(separator: "+")
    }
    func union(_ other: Cover) -> Cover { Cover(values + other.values.filter { !values.contains($0) }) }
}

/// The same-day reactive branch a snapshot selects (seed 000 "Reactive layer"): `extendedToday`
/// true, false, or absent (the fail-closed baseline).
public enum ReactiveBranch: String, Hashable, Sendable, CaseIterable {
    case extended, notyet, baseline

    /// The snapshot's `extendedToday` for this branch.
    public var extendedToday: Bool? {
        switch self {
        case .extended: return true
        case .notyet: return false
        case .baseline: return nil
        }
    }
}

/// Which titles an international content card shows (`InternationalMatrix.titles`, by name).
public enum IntlCard: Hashable, Sendable {
    /// A card of habit rows, the first done: tagged by the titles' names, `arabic_hebrew`.
    case rows([String])
    /// The title as the next-due habit (Small, the inline accessory): `next-due-arabic`.
    case nextDue(String)

    var tag: String {
        switch self {
        case .rows(let names): return names.joined(separator: "_")
        case .nextDue(let name): return "next-due-\(name)"
        }
    }
}

/// A band fixture probes the budget at a size or type scale rather than a typical placement:
/// `android/bands/height/small/h130-fs1.0-caption-on/default`, `ios/bands/device/systemSmall/375x667/…`.
/// Each case holds its typed parameters; the key's tags are derived from them.
public enum FixtureBand: Hashable, Sendable {
    /// Android Small/Medium heights (dp) × font scale × the caption (reactive layer on/off; nil for
    /// first run, which has no snapshot to carry it).
    case height(heightDp: Int, fontScale: Double, caption: Bool?)
    /// Android Small header widths (dp) × font scale × streak digit count.
    case width(widthDp: Int, fontScale: Double, digits: Int)
    /// Android Large across the narrow-Large ladder.
    case large(widthDp: Int, heightDp: Int)
    /// An iOS device class other than the family's default.
    case device(IOSDeviceClass)
    /// iOS streak digits × habit count at a device class.
    case content(IOSDeviceClass, digits: Int, habits: Int)
    /// An iOS Dynamic Type size.
    case type(DynamicTypeSize)
    /// Habit titles in every script (`InternationalMatrix`).
    case intl(IntlCard)

    /// The band table it belongs to: the key segment after `bands`.
    public var axis: String {
        switch self {
        case .height: return "height"
        case .width: return "width"
        case .large: return "large"
        case .device: return "device"
        case .content: return "content"
        case .type: return "type"
        case .intl: return "intl"
        }
    }

    /// Whether the family is a key segment (the width and Large bands are one family each).
    public var namesFamily: Bool {
        switch self {
        case .width, .large: return false
        case .height, .device, .content, .type, .intl: return true
        }
    }

    /// The size/scale segments, e.g. `["w110-fs1.0", "1-digit"]`.
    public var tags: [String] {
        switch self {
        case .height(let h, let fs, let caption):
            return ["h\(h)-fs\(fs)" + (caption.map { "-caption-\($0 ? "on" : "off")" } ?? "")]
        case .width(let w, let fs, let digits): return ["w\(w)-fs\(fs)", "\(digits)-digit"]
        case .large(let w, let h): return ["w\(w)-h\(h)"]
        case .device(let c): return [c.name]
        case .content(let c, let digits, let habits): return [c.name, "\(digits)-digit-\(habits)-habits"]
        case .type(let t): return [t.rawValue]
        case .intl(let card): return [card.tag]
        }
    }
}

public struct FixtureID: Hashable, Sendable {
    public var family: FixtureFamily
    /// nil when a band's tags say it all (the content and international bands).
    public var state: FixtureState?
    /// The reactive branch, for the states that have one in the main matrix (`default-some-extended`).
    public var branch: ReactiveBranch?
    /// nil: no motif applies (first run has no snapshot).
    public var motifs: Cover<StreakMotif>?
    public var bodies: Cover<WidgetBody>
    public var theme: Theme
    public var hostMode: HostMode
    /// nil: the main matrix (typical placement / default device class).
    public var band: FixtureBand?

    public init(
        family: FixtureFamily, state: FixtureState?, branch: ReactiveBranch? = nil, motifs: Cover<StreakMotif>?,
        bodies: Cover<WidgetBody>, theme: Theme, hostMode: HostMode = .full, band: FixtureBand? = nil
    ) {
        self.family = family
        self.state = state
        self.branch = branch
        self.motifs = motifs
        self.bodies = bodies
        self.theme = theme
        self.hostMode = hostMode
        self.band = band
    }

    /// The state segment of the key: the state with its branch (`all-done-notyet`, `first-run`).
    public var stateSegment: String? {
        state.map { s in branch.map { "\(s.rawValue)-\($0.rawValue)" } ?? s.rawValue }
    }

    public var platform: Platform { family.platform }

    /// The key's segments: platform, family (or `bands`), state (or the band table), then the rest.
    /// Band keys name the band table and their tags instead of motif, body and theme (bands draw one of each).
    public var segments: [String] { segments(motif: motifSegment, body: bodySegment) }

    /// A glob every key of this identity's collapse group matches: motif and body as `*` (a band's
    /// key names neither, so its pattern is its key). The catalog finds a key's group with it.
    var groupPattern: String { segments(motif: "*", body: "*").joined(separator: "/") }

    private func segments(motif: String, body: String) -> [String] {
        var s = [platform.rawValue]
        if let band {
            s += ["bands", band.axis]
            if band.namesFamily { s.append(family.name) }
            s += band.tags
            if let stateSegment { s.append(stateSegment) }
        } else {
            s.append(family.name)
            if let stateSegment { s.append(stateSegment) }
            s.append(motif)
            s.append(body)
            s.append(theme.rawValue)
        }
        if hostMode != .full { s.append(hostMode.rawValue) }
        return s
    }

    /// The key: `android/medium/default-some-notyet/stones/kindling/light`.
    public var key: String { segments.joined(separator: "/") }

    /// `stones`, `stones+flame`, `any-motif` (all five), `no-motif` (first run).
    public var motifSegment: String { motifs?.segment(any: "any-motif") ?? "no-motif" }
    /// `kindling`, `legacy` or `any-body`.
    public var bodySegment: String { bodies.segment(any: "any-body") }

    /// The facets a review page filters by, as their key segments: theme, motif and body for the
    /// main matrix (bands draw one of each and do not name them), the host mode when not full colour.
    public var facets: [String: String] {
        var f: [String: String] = [:]
        if band == nil {
            f["theme"] = theme.rawValue
            f["motif"] = motifSegment
            f["body"] = bodySegment
        }
        if hostMode != .full { f["host-mode"] = hostMode.rawValue }
        return f
    }

    /// The first two key segments (`android/medium`, `ios/bands`): how summaries group failures.
    public var area: String { band == nil ? "\(platform.rawValue)/\(family.name)" : "\(platform.rawValue)/bands" }

    /// This identity with the dimensions the collapse rule may merge (motif, body) erased: the
    /// fixtures of one group must draw different scenes (the catalog checks it).
    var collapseGroup: FixtureID { collapsed.groupOfCollapsed }

    /// `collapseGroup` of an identity already collapsed (the fold has it at hand: collapsing twice
    /// per matrix item was a fifth of listing the keys).
    var groupOfCollapsed: FixtureID {
        var g = self
        g.motifs = motifs.map { _ in Cover([]) }
        g.bodies = Cover([])
        return g
    }

    // MARK: The declared collapse rule — which facets a render does not read. `evidence list` and
    // `render --fixture` take the keys from it without drawing; verify checks it against every
    // item's scene (`FixtureCatalog.collapse`) and fails as `self-check` where it is wrong.

    /// The fixture this matrix item belongs to: the facets its render does not read widened to
    /// every value (`any-motif`, `any-body`), so items that must draw alike share one golden.
    var collapsed: FixtureID {
        var f = self
        if !readsHostMode { f.hostMode = .full }
        if !readsMotif, motifs != nil { f.motifs = Cover(StreakMotif.allCases) }
        if !readsBody { f.bodies = Cover(WidgetBody.allCases) }
        return f
    }

    /// Whether the render differs from full colour's: not for the iOS 15/16 fallback, whose padding
    /// takes the place of iOS 17's content margins (16 pt either way — "leaving both in place would
    /// have stacked to 32pt") and whose Link deep-link is "the same tap surface" (seed 000
    /// "Interactive check-off"), so every such item must draw its full-colour fixture's scene.
    var readsHostMode: Bool {
        switch hostMode {
        case .full, .tinted, .standby, .night: return true
        case .ios16: return false
        }
    }

    /// Whether the render shows the streak motif. Not at the fail-closed baseline: without
    /// `extendedToday` the app writes no `streakMetaphor` either, so the classic flame is drawn
    /// whatever the motif (seed 000 "Reactive layer"). Not on the circular and inline accessories
    /// in empty, new day and stale: their glyph is the state's symbol (moon, sunrise, arrow; README
    /// "Accessories"), and the rectangular accessory's line1 keeps the motif glyph. A band draws one motif.
    var readsMotif: Bool {
        guard band == nil else { return true }
        if branch == .baseline { return false }
        switch family {
        case .android: return true
        case .ios(let f):
            switch f.kind {
            case .home, .accessory(.accessoryRectangular): return true
            case .accessory(.accessoryCircular), .accessory(.accessoryInline):
                switch state {
                case .empty?, .newDay?, .stale?: return false
                case .firstRun?, .defaultNone?, .defaultSome?, .defaultOne?, .allDone?, nil: return true
                }
            }
        }
    }

    /// Whether the render shows the kindling flag's body. The Lock Screen accessories draw one
    /// body whatever the flag (README "Lock Screen accessories"); first run has no snapshot and so
    /// only the legacy body; a band draws one body. A Home Screen card whose bodies differ only in
    /// the streak glyph (iOS Medium's New day card) shows it only with a motif that has a kindling
    /// drawing of its own (stones' refined tower): with any other, both bodies draw one card.
    var readsBody: Bool {
        guard band == nil, state != .firstRun else { return true }
        switch family {
        case .android: return true
        case .ios(let f):
            switch f.kind {
            case .home(let h):
                guard h.bodiesDifferOnlyInGlyph(state), let motifs else { return true }
                return motifs.values.contains(where: \.hasKindlingDrawing)
            case .accessory: return false
            }
        }
    }
}

extension IOSHomeFamily {
    /// Whether the family's card in `state` differs between the bodies only in the streak glyph
    /// (`IOSFamilyTraits.bodiesDifferOnlyInGlyph`; `FixtureID.readsBody` collapses by it).
    func bodiesDifferOnlyInGlyph(_ state: FixtureState?) -> Bool {
        state.map { family.iosTraits.bodiesDifferOnlyInGlyph.contains($0) } ?? false
    }
}
