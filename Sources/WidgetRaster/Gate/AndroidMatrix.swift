import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// The Android golden matrix: every reachable state × reactive branch × motif × theme × body
/// (kindling / legacy) × family at a typical size, plus the band sizes where the seed's budget
/// bugs lived. Combinations the widget draws identically collapse to one golden, named for what
/// they cover (e.g. `any-motif`), so every golden is a distinct render.
public enum AndroidMatrix {
    /// A family's typical placement (`AndroidFamilyTraits.placement`) as a request.
    static func placement(_ f: AndroidFamily) -> (family: AndroidFamilyRequest, width: Double, height: Double) {
        let p = f.androidTraits.placement
        let request: AndroidFamilyRequest = p.asksAuto ? .auto : .init(f)
        return (request, p.width, p.height)
    }

    /// Every family at its typical placement, in family order (the timeline draws these).
    static let placements: [(name: AndroidFamily, family: AndroidFamilyRequest, width: Double, height: Double)] =
        AndroidFamily.allCases.map { f in
            let p = placement(f)
            return (f, p.family, p.width, p.height)
        }

    /// A band fixture: one family, stones, kindling, light.
    static func bandID(_ band: FixtureBand, _ family: AndroidFamily, _ state: FixtureState? = nil) -> FixtureID {
        FixtureID(
            family: .android(family), state: state, motifs: .one(.stones), bodies: .one(.kindling), theme: .light,
            band: band)
    }

    /// A request for an identity at a size, made when drawn: its snapshot and moment come from the identity's scenario.
    static func request(
        _ id: FixtureID, _ family: AndroidFamilyRequest, _ width: Double, _ height: Double,
        fontScale: Double = 1
    ) -> Deferred<AndroidRenderRequest> {
        {
            let scenario = Scenario(id)
            return AndroidRenderRequest(
                family: family, widthDp: width, heightDp: height, fontScale: fontScale, theme: id.theme,
                snapshot: scenario?.snapshot, asOf: scenario?.asOf ?? Scenario.asOf, timeZone: Scenario.timeZone)
        }
    }

    /// Every request with its identity, before collapsing identical renders.
    static func requests() -> [(id: FixtureID, request: Deferred<AndroidRenderRequest>)] {
        var out: [(FixtureID, Deferred<AndroidRenderRequest>)] = []
        for f in AndroidFamily.allCases {
            let p = placement(f)
            for theme in Theme.allCases {
                // firstRun: no snapshot, so no motif and (on Android) always the flat legacy card.
                for id in [MatrixCases.firstRun(.android(f), theme)]
                    + MatrixCases.cells.map({ $0.id(.android(f), theme) })
                {
                    out.append((id, request(id, p.family, p.width, p.height)))
                }
            }
        }
        return out + bandRequests()
    }

    /// The height band's families and widths (Small, Medium); the width band's heights; Large's ladder.
    static let heightBand: [(family: AndroidFamily, request: AndroidFamilyRequest, width: Double)] =
        AndroidFamily.allCases.compactMap { f in
            f.androidTraits.heightBandWidth.map { (f, AndroidFamilyRequest(f), $0) }
        }
    static let heightBandStates: [FixtureState] = [.defaultOne, .allDone, .empty, .stale]

    /// The seed's band tables, drawn: heights × caption × font scale × habit-progress states (Small,
    /// Medium); widths × font scale × digit count (Small header); Large across the ladder. The
    /// geometries a seed passage or a report names are case files (`Cases/reported/`), not Swift.
    static func bandRequests() -> [(id: FixtureID, request: Deferred<AndroidRenderRequest>)] {
        var out: [(FixtureID, Deferred<AndroidRenderRequest>)] = []
        for (fixed, family, width) in heightBand {
            for h in [130, 155, 180] {
                for caption in [true, false] {
                    for fs in [1.0, 1.3] {
                        for state in heightBandStates {
                            let id = bandID(.height(heightDp: h, fontScale: fs, caption: caption), fixed, state)
                            out.append((id, request(id, family, width, Double(h), fontScale: fs)))
                        }
                        let id = bandID(.height(heightDp: h, fontScale: fs, caption: nil), fixed, .firstRun)
                        out.append((id, request(id, family, width, Double(h), fontScale: fs)))
                    }
                }
            }
        }
        for w in [110, 130, 180, 250] {
            for fs in [1.0, 1.3, 2.0] {
                for digits in Scenario.digitCounts {
                    let id = bandID(.width(widthDp: w, fontScale: fs, digits: digits), .small)
                    out.append((id, request(id, .init(.small), Double(w), 180, fontScale: fs)))
                }
            }
        }
        for w in [200, 218, 219, 230, 289, 290, 400] {
            let id = bandID(.large(widthDp: w, heightDp: 330), .large)
            out.append((id, request(id, .auto, Double(w), 330)))
        }
        return out
    }
}
