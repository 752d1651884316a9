import Foundation

/// The iOS Home Screen golden matrix: systemSmall / systemMedium / systemLarge × every reachable
/// state × reactive branch × motif × body × theme at the default device class (393 × 852 @2x),
/// collapsed by the catalog's shared step like Android's, plus the bands: every device class,
/// streak digits × habit counts at the tightest class, and the large Dynamic Type sizes.
public enum IOSMatrix {
    /// One screen per row of Apple's size table (rows whose screens share sizes draw identically),
    /// less the default class the main matrix already draws.
    static let bandClasses = ["430x932", "414x896", "414x736", "393x852", "375x812", "375x667", "320x568"]
        .map { IOSDeviceClass.named($0)! }

    static func request(_ f: IOSHomeFamily, _ theme: Theme, _ snap: WidgetSnapshot?, _ at: Date,
                        device: IOSDeviceClass = .standard, text: DynamicTypeSize = .large) -> IOSRenderRequest {
        IOSRenderRequest(family: f.family, deviceClass: device, scale: 2, theme: theme, textSize: text, snapshot: snap, asOf: at,
                         timeZone: MatrixCases.timeZone)
    }

    static func id(_ f: IOSHomeFamily, _ state: String, _ motif: StreakMotif?, _ body: WidgetBody, _ theme: Theme) -> FixtureID {
        FixtureID(family: .ios(f.family), state: state, motifs: motif.map { .one($0) }, bodies: .one(body), theme: theme)
    }

    static func bandID(_ axis: String, _ f: IOSHomeFamily, _ tags: [String], _ state: String?) -> FixtureID {
        FixtureID(family: .ios(f.family), state: state, motifs: .one(.stones), bodies: .one(.kindling), theme: .light,
                  band: FixtureBand(axis: axis, namesFamily: true, tags: tags))
    }

    static func requests() -> [(id: FixtureID, request: IOSRenderRequest)] {
        var out: [(FixtureID, IOSRenderRequest)] = []
        for f in IOSHomeFamily.allCases {
            for theme in Theme.allCases {
                // First run: no snapshot, so no motif and no flag to read — the legacy body.
                out.append((id(f, "first-run", nil, .legacy, theme), request(f, theme, nil, MatrixCases.asOf)))
                for c in MatrixCases.cells {
                    out.append((id(f, c.state, c.motif, c.body, theme), request(f, theme, c.snapshot, c.asOf)))
                }
            }
        }
        return out + hostModeRequests() + accessoryRequests() + bandRequests()
    }

    /// The host-owned modes (seed 000 "Host rendering modes (iOS)") for the states whose meaning
    /// differs — default (with done and not-yet habits), all done, new day, empty — and first run's
    /// flattened disc: each Home Screen family × tinted / StandBy / Night × branch × motif × body,
    /// drawn from the dark scene (both hosts are dark), keyed with the mode last.
    static func hostModeRequests() -> [(id: FixtureID, request: IOSRenderRequest)] {
        var out: [(FixtureID, IOSRenderRequest)] = []
        let shown = ["default-some", "all-done", "new-day", "empty"]
        for f in IOSHomeFamily.allCases {
            for mode in [HostMode.tinted, .standby, .night] {
                var first = id(f, "first-run", nil, .legacy, .dark); first.hostMode = mode
                var r = request(f, .dark, nil, MatrixCases.asOf); r.hostMode = mode
                out.append((first, r))
                for c in MatrixCases.cells where shown.contains(where: { c.state == $0 || c.state.hasPrefix($0 + "-") }) {
                    var i = id(f, c.state, c.motif, c.body, .dark); i.hostMode = mode
                    var r = request(f, .dark, c.snapshot, c.asOf); r.hostMode = mode
                    out.append((i, r))
                }
            }
        }
        return out
    }

    /// The Lock Screen accessories at their default class (430 × 932: the seed's 172 × 76 pt): every
    /// state × reactive branch × motif. They ignore kindling (both bodies draw one golden, `any-body`)
    /// and have no light/dark appearance: one vibrant render, keyed `dark` (drawn from the dark form).
    static func accessoryRequests() -> [(id: FixtureID, request: IOSRenderRequest)] {
        var out: [(FixtureID, IOSRenderRequest)] = []
        for a in IOSAccessoryFamily.allCases {
            func req(_ snap: WidgetSnapshot?, _ at: Date) -> IOSRenderRequest {
                IOSRenderRequest(family: a.family, scale: 2, theme: .dark, snapshot: snap, asOf: at, timeZone: MatrixCases.timeZone)
            }
            out.append((FixtureID(family: .ios(a.family), state: "first-run", motifs: nil, bodies: .one(.legacy), theme: .dark),
                        req(nil, MatrixCases.asOf)))
            for c in MatrixCases.cells {
                out.append((FixtureID(family: .ios(a.family), state: c.state, motifs: .one(c.motif), bodies: .one(c.body), theme: .dark),
                            req(c.snapshot, c.asOf)))
            }
        }
        return out
    }

    /// The band states: default (1 of 4), all done, stale, new day, empty, first run.
    static func bandState(_ name: String, streak: Int = 12, habits: Int = 4) -> (WidgetSnapshot?, Date) {
        let titles = SyntheticWidget.titles
        switch name {
        case "default": return (MatrixCases.snapshot(done: 1, total: habits, motif: .stones, extended: false, kindling: true, streak: streak, titles: titles), MatrixCases.asOf)
        case "all-done": return (MatrixCases.snapshot(done: habits, total: habits, motif: .stones, extended: true, kindling: true, streak: streak, titles: titles), MatrixCases.asOf)
        case "stale": return (MatrixCases.snapshot(done: 1, total: habits, syncedHoursAgo: 20, motif: .stones, extended: false, kindling: true, streak: streak, titles: titles), MatrixCases.asOf)
        case "new-day":
            let morning = MatrixCases.asOf.addingTimeInterval(-6 * 3600)
            return (MatrixCases.snapshot(done: habits, total: habits, syncedHoursAgo: 9.5, before: morning, motif: .stones, extended: true, kindling: true, streak: streak, titles: titles), morning)
        case "empty": return (MatrixCases.snapshot(done: 0, total: 0, motif: .stones, extended: false, kindling: true, streak: streak), MatrixCases.asOf)
        default: return (nil, MatrixCases.asOf)  // first-run
        }
    }
    static let bandStates = ["default", "all-done", "stale", "new-day", "empty", "first-run"]

    static func bandRequests() -> [(id: FixtureID, request: IOSRenderRequest)] {
        var out: [(FixtureID, IOSRenderRequest)] = []
        // The accessories at every other size Apple gives them (classes sharing a size draw alike):
        // default, all done, stale, new day.
        for a in IOSAccessoryFamily.allCases {
            var drawn: Set<Size> = [IOSDeviceClass.accessoryStandard.size(a.family)!]
            for c in bandClasses {
                guard let size = c.size(a.family), drawn.insert(size).inserted else { continue }
                for s in ["default", "all-done", "stale", "new-day"] {
                    let (snap, at) = bandState(s)
                    let r = IOSRenderRequest(family: a.family, deviceClass: c, scale: 2, theme: .dark, snapshot: snap, asOf: at, timeZone: MatrixCases.timeZone)
                    out.append((FixtureID(family: .ios(a.family), state: s, motifs: .one(.stones), bodies: .one(.kindling), theme: .dark,
                                          band: FixtureBand(axis: "device", namesFamily: true, tags: [c.name])), r))
                }
            }
        }
        for f in IOSHomeFamily.allCases {
            for c in bandClasses where c != .standard {
                for s in bandStates {
                    let (snap, at) = bandState(s)
                    out.append((bandID("device", f, [c.name], s), request(f, .light, snap, at, device: c)))
                }
            }
            // The tightest class: 1- to 4-digit streaks × 1, 4 and 7 habits, default progress.
            let tight = IOSDeviceClass.named("320x568")!
            for (digits, streak) in [(1, 7), (2, 12), (3, 365), (4, 1024)] {
                for habits in [1, 4, 7] {
                    let snap = MatrixCases.snapshot(done: habits / 2, total: habits, motif: .stones, extended: false, kindling: true,
                                                    streak: streak, titles: SyntheticWidget.titles)
                    out.append((bandID("content", f, [tight.name, "\(digits)-digit-\(habits)-habits"], nil),
                                request(f, .light, snap, MatrixCases.asOf, device: tight)))
                }
            }
            // Dynamic Type: text styles scale, the fixed 12 pt motivator does not.
            for t in [DynamicTypeSize.xxxLarge, .accessibility3] {
                for s in bandStates {
                    let (snap, at) = bandState(s, streak: 1024, habits: 7)
                    out.append((bandID("type", f, [t.rawValue], s), request(f, .light, snap, at, text: t)))
                }
            }
        }
        return out
    }

    public static func items(builder: IOSSceneBuilder) -> [MatrixItem] {
        requests().map { r in MatrixItem(id: r.id) { builder.scene(r.request) } }
    }
}
