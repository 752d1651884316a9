import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Builders sharing a `PlanMemo` draw what builders planning every request draw: the memo keys
/// each plan by all that it is planned from.
@Suite struct PlanMemoTests {
    /// iOS plans are keyed without the theme: every iOS request of the matrix plans alike in both themes.
    @Test func anIOSPlanIsTheSameInEitherTheme() {
        let fonts = FontLibrary.shared
        var checked = 0
        for t in FixtureCatalog.targets {
            guard case .ios(let r) = t.target() else { continue }
            let w = IOSSceneBuilder.resolved(r)
            let plans = Theme.allCases.map { theme in
                var themed = r
                themed.theme = theme
                return Self.canonical(planIOSWidget(w, themed, fonts: fonts), w, fonts)
            }
            expectTrue(Set(plans).count == 1, "\(t.id.key)")
            checked += 1
        }
        expectTrue(checked > 1_000)
    }

    /// A spread of the matrix through memoized builders — twice, the second time every plan is
    /// the memo's — gives the plans and scenes of builders without one.
    @Test func memoizedBuildersDrawWhatPlainBuildersDraw() throws {
        let renderer = try FixtureCatalog.bundledRenderer.get()
        let plans = PlanMemo()
        let memoized = (
            AndroidSceneBuilder(fonts: renderer.fonts, tokens: renderer.androidTokens, plans: plans),
            IOSSceneBuilder(fonts: renderer.fonts, tokens: renderer.iosTokens, plans: plans)
        )
        let plain = (
            AndroidSceneBuilder(fonts: renderer.fonts, tokens: renderer.androidTokens),
            IOSSceneBuilder(fonts: renderer.fonts, tokens: renderer.iosTokens)
        )
        let targets = stride(from: 0, to: FixtureCatalog.targets.count, by: 5).map {
            FixtureCatalog.targets[$0].target()
        }
        let expected = targets.map { WidgetRenderer.draw($0, android: plain.0, ios: plain.1) }
        for _ in 0..<2 {
            for (t, want) in zip(targets, expected) {
                let got = WidgetRenderer.draw(t, android: memoized.0, ios: memoized.1)
                let w = want.facts.resolved
                expectTrue(
                    Self.canonical(got.plan.laidOut, w, renderer.fonts)
                        == Self.canonical(want.plan.laidOut, w, renderer.fonts))
                expectTrue(got.scene == want.scene)
                expectTrue(got.facts == want.facts)
            }
        }
    }

    /// Everything a plan tells its readers, in its own order (a plan's dictionaries print in no fixed order).
    static func canonical(_ plan: any LaidOutPlan, _ w: ResolvedWidget, _ fonts: FontLibrary) -> String {
        String(
            describing: (
                plan.platform, plan.frames, plan.sceneItems(w, measurer: fonts), plan.entries, plan.reportedContent,
                plan.visibleHabits, plan.overflow, plan.arithmetic
            ))
    }
}
