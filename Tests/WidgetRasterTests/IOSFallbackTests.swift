import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// The iOS 15/16 fallback (`--host-mode ios16`, issue #36 item 5; seed 000 "Host rendering modes
/// (iOS)" and "Testing"): WidgetContainer's own 16 pt padding in place of iOS 17's content
/// margins — never both — and the same tap surface as a Link deep-link.
@Suite struct IOSFallbackTests {
    let fonts = try! FontLibrary.bundled.get()
    var builder: IOSSceneBuilder { .bundled }

    func request(_ family: IOSFamily, _ mode: HostMode, _ theme: Theme, _ state: FixtureState, kindling: Bool)
        -> IOSRenderRequest
    {
        let s = Scenario.cell(state, branch: .notyet, motif: .stones, kindling: kindling)
        return IOSRenderRequest(
            family: family, theme: theme, hostMode: mode, snapshot: state == .firstRun ? nil : s.snapshot, asOf: s.asOf,
            timeZone: Scenario.timeZone)
    }

    /// The content inset is 16 pt on every Home Screen family, in both appearances and both bodies:
    /// the plan's content box, and the leftmost and topmost drawn node, sit 16 pt in — never 32.
    @Test(arguments: IOSHomeFamily.allCases.map(\.family))
    func theContentInsetIsSixteenPointsNeverThirtyTwo(_ family: IOSFamily) {
        for theme in Theme.allCases {
            for kindling in [true, false] {
                for state in [FixtureState.defaultSome, .firstRun] {
                    let r = request(family, .ios16, theme, state, kindling: kindling)
                    let (w, plan) = builder.plan(r)
                    expectTrue(plan.content == plan.card.insetBy(dx: 16, dy: 16), "\(family) \(theme) \(state)")
                    let scene = builder.scene(w, plan, r)
                    if state != .firstRun {  // first run's body is centred; the others start at the inset
                        let left = plan.items.map(\.frame.minX).min() ?? 0
                        let top = plan.items.map(\.frame.minY).min() ?? 0
                        expectTrue(left == 16, "\(family) \(theme) \(state): leftmost item at \(left) pt")
                        expectTrue(top >= 16 && top < 32, "\(family) \(theme) \(state): topmost item at \(top) pt")
                    }
                    // The same render as iOS 17's full colour: the padding takes the margins' place.
                    expectTrue(scene == builder.scene(request(family, .full, theme, state, kindling: kindling)))
                }
            }
        }
        expectTrue(IOSLayout.contentInset(.ios16).pt == IOSLayout.contentInset(.full).pt)
    }

    /// Every ios16 matrix item folds into its iOS 17 fixture (no key of its own), and an ios16 render
    /// that differed — a stacked 32 pt inset — is the catalog's self-check finding, not a new golden.
    @Test func theFallbackCollapsesOntoFullColourAndADifferenceIsASelfCheck() throws {
        let fallback = IOSMatrix.fallbackRequests()
        expectTrue(fallback.count == 3 * 2 * 17)
        expectTrue(fallback.allSatisfy { $0.id.collapsed.hostMode == .full })
        expectTrue(FixtureCatalog.ids.allSatisfy { $0.hostMode != .ios16 })
        let full = try #require(
            IOSMatrix.requests().first { $0.id.hostMode == .full && $0.id.family == .ios(.systemSmall) })
        let id16 = FixtureID(
            family: full.id.family, state: full.id.state, branch: full.id.branch, motifs: full.id.motifs,
            bodies: full.id.bodies,
            theme: full.id.theme, hostMode: .ios16)
        let scene = builder.scene(full.request())
        var stacked = full.request()
        stacked.size = Size(stacked.size.width + 32, stacked.size.height + 32)  // any other scene
        let other = builder.scene(stacked)
        let same = FixtureCatalog.collapse([MatrixItem(id: full.id) { scene }, MatrixItem(id: id16) { scene }])
        expectTrue(same.map(\.key) == [full.id.collapsed.key] && same[0].collapseFinding == nil)
        let differs = FixtureCatalog.collapse([MatrixItem(id: full.id) { scene }, MatrixItem(id: id16) { other }])
        expectTrue(differs.count == 1 && differs[0].collapseFinding?.contains("render differently") == true)
    }

    /// StandBy, tinted and the Lock Screen have no iOS 15/16 form: the Lock Screen families are
    /// refused with one line, and `--host-mode`'s help says why the others are not asked for.
    @Test func theLockScreenIsRefusedAndTheHelpNamesTheOthers() throws {
        for family in IOSAccessoryFamily.allCases.map(\.family) {
            expectTrue(!HostMode.ios16.draws(family))
            let args = try RenderTarget.options.parse([
                "--platform", "ios", "--family", family.rawValue, "--host-mode", "ios16",
            ])
            let error = try #require(throws: InputError.self) { try RenderTarget.parse(args) }
            expectTrue(
                error.description
                    == "--host-mode: ios16 is the Home Screen's iOS 15/16 fallback; the Lock Screen accessories (iOS "
                    + "16+) have none: they are always drawn vibrant"
            )
        }
        for family in IOSHomeFamily.allCases.map(\.family) { expectTrue(HostMode.ios16.draws(family)) }
        let help = RenderTarget.hostMode.helpLines.joined(separator: "\n")
        expectTrue(
            help.contains("ios16 = the iOS 15/16") && help.contains("tinted (18+)") && help.contains("StandBy (17+)")
                && help.contains("Lock Screen (16+)"))
    }
}
