import Foundation

/// The Android golden matrix: every reachable state × reactive branch × motif × theme × body
/// (kindling / legacy) × family at a typical size, plus the band sizes where the seed's budget
/// bugs lived. Combinations the widget draws identically collapse to one golden, named for what
/// they cover (e.g. `any-motif`), so every golden is a distinct render.
public enum AndroidMatrix {
    /// Typical placements: Small 2×2, Medium 4×2, Large 4×3 (Large needs kindling; legacy resolves Medium).
    static let placements: [(name: AndroidFamily, family: AndroidFamilyRequest, width: Double, height: Double)] = [
        (.small, .small, 170, 180), (.medium, .medium, 300, 180), (.large, .auto, 320, 360),
    ]

    static func id(_ family: AndroidFamily, _ state: String, _ motif: StreakMotif?, _ body: WidgetBody, _ theme: Theme) -> FixtureID {
        FixtureID(family: .android(family), state: state, motifs: motif.map { .one($0) }, bodies: .one(body), theme: theme)
    }

    /// A band fixture: one family, stones, kindling, light; `namesFamily` when the band table spans families.
    static func bandID(_ axis: String, _ family: AndroidFamily, namesFamily: Bool, _ tags: [String], _ state: String? = nil) -> FixtureID {
        FixtureID(family: .android(family), state: state, motifs: .one(.stones), bodies: .one(.kindling), theme: .light,
                  band: FixtureBand(axis: axis, namesFamily: namesFamily, tags: tags))
    }

    /// Every request with its identity, before collapsing identical renders.
    static func requests() -> [(id: FixtureID, request: AndroidRenderRequest)] {
        var out: [(FixtureID, AndroidRenderRequest)] = []
        for p in placements {
            for theme in Theme.allCases {
                // firstRun: no snapshot, so no motif and (on Android) always the flat legacy card.
                let r = AndroidRenderRequest(family: p.family, widthDp: p.width, heightDp: p.height, theme: theme,
                                             snapshot: nil, asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
                out.append((id(p.name, "first-run", nil, .legacy, theme), r))
                for c in MatrixCases.cells {
                    let r = AndroidRenderRequest(family: p.family, widthDp: p.width, heightDp: p.height, theme: theme,
                                                 snapshot: c.snapshot, asOf: c.asOf, timeZone: MatrixCases.timeZone)
                    out.append((id(p.name, c.state, c.motif, c.body, theme), r))
                }
            }
        }
        out += bandRequests()
        return out
    }

    /// The seed's band tables, drawn: heights × caption × font scale × habit-progress states (Small,
    /// Medium); widths × font scale × digit count (Small header); Large across the ladder.
    static func bandRequests() -> [(id: FixtureID, request: AndroidRenderRequest)] {
        var out: [(FixtureID, AndroidRenderRequest)] = []
        let bandStates: [(String, Int, Int, Double)] = [("default", 1, 4, 1), ("all-done", 4, 4, 1), ("empty", 0, 0, 1),
                                                         ("stale", 1, 4, 20)]
        for (fixed, family, width) in [(AndroidFamily.small, AndroidFamilyRequest.small, 150.0), (.medium, .medium, 260.0)] {
            for h in [130.0, 155.0, 180.0] {
                for caption in [true, false] {
                    for fs in [1.0, 1.3] {
                        let tag = "h\(Int(h))-fs\(fs)-caption-\(caption ? "on" : "off")"
                        for (name, done, total, ago) in bandStates {
                            let snap = MatrixCases.snapshot(done: done, total: total, syncedHoursAgo: ago, motif: .stones,
                                                extended: caption ? false : nil, kindling: true)
                            let r = AndroidRenderRequest(family: family, widthDp: width, heightDp: h, fontScale: fs,
                                                         snapshot: snap, asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
                            out.append((bandID("height", fixed, namesFamily: true, [tag], name), r))
                        }
                        let r = AndroidRenderRequest(family: family, widthDp: width, heightDp: h, fontScale: fs,
                                                     snapshot: nil, asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
                        out.append((bandID("height", fixed, namesFamily: true, ["h\(Int(h))-fs\(fs)"], "first-run"), r))
                    }
                }
            }
        }
        for w in [110.0, 130.0, 180.0, 250.0] {
            for fs in [1.0, 1.3, 2.0] {
                for (digits, streak) in [(1, 7), (2, 12), (3, 365), (4, 1024)] {
                    let snap = MatrixCases.snapshot(done: 1, motif: .stones, extended: false, kindling: true, streak: streak)
                    let r = AndroidRenderRequest(family: .small, widthDp: w, heightDp: 180, fontScale: fs,
                                                 snapshot: snap, asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
                    out.append((bandID("width", .small, namesFamily: false, ["w\(Int(w))-fs\(fs)", "\(digits)-digit"]), r))
                }
            }
        }
        for w in [200.0, 218.0, 219.0, 230.0, 289.0, 290.0, 400.0] {
            let snap = MatrixCases.snapshot(done: 0, total: 4, motif: .stones, extended: false, kindling: true)
            let r = AndroidRenderRequest(family: .auto, widthDp: w, heightDp: 330, snapshot: snap, asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
            out.append((bandID("large", .large, namesFamily: false, ["w\(Int(w))-h330"]), r))
        }
        return out
    }

    /// The matrix as items for the catalog's shared collapse step. Combinations the widget draws
    /// identically collapse there, so `any-motif` names what a golden covers.
    public static func items(builder: AndroidSceneBuilder) -> [MatrixItem] {
        requests().map { r in MatrixItem(id: r.id) { builder.scene(r.request) } }
    }
}
