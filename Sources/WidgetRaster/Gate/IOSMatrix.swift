import Foundation
import WidgetLayout
import WidgetModel

/// The iOS Home Screen golden matrix: systemSmall / systemMedium / systemLarge × every reachable
/// state × reactive branch × motif × body × theme at the default device class (393 × 852 @2x),
/// collapsed by the catalog's shared step like Android's, plus the bands: every device class,
/// streak digits × habit counts at the tightest class, and the large Dynamic Type sizes.
public enum IOSMatrix {
    /// One screen per row of Apple's size table (rows whose screens share sizes draw identically).
    static let bandClasses: [IOSDeviceClass] = IOSDeviceClass.rows.map { $0[0] }

    /// A request for an identity, made when drawn: its snapshot and moment come from the identity's scenario.
    static func request(
        _ id: FixtureID, _ family: IOSFamily, device: IOSDeviceClass? = nil,
        text: DynamicTypeSize = .large
    ) -> Deferred<IOSRenderRequest> {
        {
            let scenario = Scenario(id)
            return IOSRenderRequest(
                family: family, deviceClass: device, scale: 2, theme: id.theme, textSize: text, hostMode: id.hostMode,
                snapshot: scenario?.snapshot, asOf: scenario?.asOf ?? Scenario.asOf, timeZone: Scenario.timeZone)
        }
    }

    static func bandID(_ band: FixtureBand, _ f: IOSFamily, _ state: FixtureState?, theme: Theme = .light) -> FixtureID
    {
        FixtureID(
            family: .ios(f), state: state, motifs: .one(.stones), bodies: .one(.kindling), theme: theme, band: band)
    }

    static func requests() -> [(id: FixtureID, request: Deferred<IOSRenderRequest>)] {
        var out: [(FixtureID, Deferred<IOSRenderRequest>)] = []
        for f in IOSHomeFamily.allCases {
            for theme in Theme.allCases {
                // First run: no snapshot, so no motif and no flag to read — the legacy body.
                for id in [MatrixCases.firstRun(.ios(f.family), theme)]
                    + MatrixCases.cells.map({ $0.id(.ios(f.family), theme) })
                {
                    out.append((id, request(id, f.family)))
                }
            }
        }
        return out + hostModeRequests() + fallbackRequests() + accessoryRequests() + bandRequests()
    }

    /// The states whose meaning differs in the host-owned modes: default (with done and not-yet
    /// habits), all done, new day, empty.
    static let hostModeStates: [FixtureState] = [.defaultSome, .allDone, .newDay, .empty]

    /// The host-owned modes (seed 000 "Host rendering modes (iOS)") for `hostModeStates` and first
    /// run's flattened disc: each Home Screen family the mode draws (tinted: all three; StandBy and
    /// Night: systemSmall only, `HostMode.draws`) × branch × motif × body, drawn from the dark scene
    /// (both hosts are dark), keyed with the mode last.
    static func hostModeRequests() -> [(id: FixtureID, request: Deferred<IOSRenderRequest>)] {
        var out: [(FixtureID, Deferred<IOSRenderRequest>)] = []
        for f in IOSHomeFamily.allCases {
            for mode in HostMode.allCases where !mode.appOwnsCard && mode.draws(f.family) {
                let cells = MatrixCases.cells.filter { hostModeStates.contains($0.state) }
                for id in [MatrixCases.firstRun(.ios(f.family), .dark, hostMode: mode)]
                    + cells.map({ $0.id(.ios(f.family), .dark, hostMode: mode) })
                {
                    out.append((id, request(id, f.family)))
                }
            }
        }
        return out
    }

    /// The iOS 15/16 fallback check (seed 000 "Testing"): every Home Screen family in light and dark,
    /// both bodies, `hostModeStates` and first run (FirstRunBody lost its view-level padding too), the
    /// stones motif (the motif draws only the glyph, inside the inset). The collapse rule folds each
    /// into its iOS 17 full-colour fixture (`FixtureID.readsHostMode`) and the catalog checks every
    /// one draws that fixture's scene — so a stacked 32 pt inset, or any other difference, is a
    /// `self-check` failure, never a silent extra golden.
    static func fallbackRequests() -> [(id: FixtureID, request: Deferred<IOSRenderRequest>)] {
        let cells = MatrixCases.cells.filter { hostModeStates.contains($0.state) && $0.motif == .stones }
        return IOSHomeFamily.allCases.flatMap { f in
            Theme.allCases.flatMap { theme in
                ([MatrixCases.firstRun(.ios(f.family), theme, hostMode: .ios16)]
                    + cells.map { $0.id(.ios(f.family), theme, hostMode: .ios16) })
                    .map { ($0, request($0, f.family)) }
            }
        }
    }

    /// The Lock Screen accessories at their default class (430 × 932: the seed's 172 × 76 pt): every
    /// state × reactive branch × motif. They ignore kindling (both bodies draw one golden, `any-body`)
    /// and have no light/dark appearance: one vibrant render, keyed `dark` (drawn from the dark form).
    static func accessoryRequests() -> [(id: FixtureID, request: Deferred<IOSRenderRequest>)] {
        IOSAccessoryFamily.allCases.flatMap { a in
            ([MatrixCases.firstRun(.ios(a.family), .dark)] + MatrixCases.cells.map { $0.id(.ios(a.family), .dark) }).map
            { id in
                (id, request(id, a.family))
            }
        }
    }

    /// The band states: default (1 of 4), all done, stale, new day, empty, first run.
    static let bandStates: [FixtureState] = [.defaultOne, .allDone, .stale, .newDay, .empty, .firstRun]
    /// The accessories' band states: default, all done, stale, new day.
    static let accessoryBandStates: [FixtureState] = [.defaultOne, .allDone, .stale, .newDay]
    /// The content band's habit counts at the tightest class.
    static let contentHabits = [1, 4, 7]

    static func bandRequests() -> [(id: FixtureID, request: Deferred<IOSRenderRequest>)] {
        var out: [(FixtureID, Deferred<IOSRenderRequest>)] = []
        // The accessories at every other size Apple gives them (classes sharing a size draw alike).
        for a in IOSAccessoryFamily.allCases {
            var drawn = Set([IOSDeviceClass.accessoryStandard.accessorySize(a)].compactMap { $0 })
            for c in bandClasses {
                guard let size = c.accessorySize(a), drawn.insert(size).inserted else { continue }
                for s in accessoryBandStates {
                    let id = bandID(.device(c), a.family, s, theme: .dark)
                    out.append((id, request(id, a.family, device: c)))
                }
            }
        }
        for f in IOSHomeFamily.allCases {
            for c in bandClasses where c != .standard {
                for s in bandStates {
                    let id = bandID(.device(c), f.family, s)
                    out.append((id, request(id, f.family, device: c)))
                }
            }
            // The tightest class: 1- to 4-digit streaks × 1, 4 and 7 habits, default progress.
            let tight = IOSDeviceClass.tightest
            for digits in Scenario.digitCounts {
                for habits in contentHabits {
                    let id = bandID(.content(tight, digits: digits, habits: habits), f.family, nil)
                    out.append((id, request(id, f.family, device: tight)))
                }
            }
            // Dynamic Type: text styles scale, the fixed 12 pt motivator does not.
            for t in DynamicTypeSize.allCases where t != .large {
                for s in bandStates {
                    let id = bandID(.type(t), f.family, s)
                    out.append((id, request(id, f.family, text: t)))
                }
            }
        }
        return out
    }
}
