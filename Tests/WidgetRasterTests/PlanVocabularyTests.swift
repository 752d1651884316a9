import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// One plan vocabulary (issue #57): both platforms' scenes are the one function of their plans'
/// items (`PlanScene`), in the items' order, and each platform's part names are distinct.
@Suite struct PlanVocabularyTests {
    let renderer = WidgetRenderer(
        fonts: FontLibrary.shared, androidTokens: try! TokenSet.bundled(),
        iosTokens: try! AssetCatalogTokens.bundled())

    /// Each run of nodes of one element is one item (a glyph draws several nodes).
    static func elementRuns(_ scene: Scene) -> [SceneElement] {
        scene.nodes.map(\.element).reduce(into: []) { runs, e in if runs.last != e { runs.append(e) } }
    }

    /// Seeded requests over state × motif × body × habit counts × streak digits × sizes.
    static func snapshots() -> [(name: String, snapshot: WidgetSnapshot?)] {
        var out: [(String, WidgetSnapshot?)] = [("first run", nil)]
        for (done, total, ago) in [(0, 4, 1.0), (2, 5, 1), (4, 4, 1), (0, 0, 1), (1, 7, 30), (0, 1, 1)] {
            for motif in [StreakMotif.stones, .flame] {
                for kindling in [true, false] {
                    for streak in [0, 7, 12_345] {
                        let s = MatrixCases.snapshot(
                            done: done, total: total, syncedHoursAgo: ago, motif: motif,
                            extended: done > 0 ? true : false,
                            kindling: kindling, streak: streak)
                        out.append(("\(done)/\(total) \(ago)h \(motif) kindling \(kindling) streak \(streak)", s))
                    }
                }
            }
        }
        return out
    }

    @Test func androidScenesAreTheirPlansItemsInOrder() {
        var judged = 0
        for (name, snapshot) in Self.snapshots() {
            for family in AndroidFamilyRequest.allCases {
                for (w, h, fs) in [
                    (110.0, 130.0, 2.0), (180, 200, 1.0), (250, 180, 1.3), (230, 330, 1.0), (400, 400, 1.15),
                ] {
                    let r = AndroidRenderRequest(
                        family: family, widthDp: w, heightDp: h, fontScale: fs, snapshot: snapshot,
                        asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
                    let d = renderer.draw(.android(r))
                    guard case .android(let plan) = d.plan else {
                        Issue.record("\(name): not an Android plan")
                        continue
                    }
                    let items = plan.items(d.facts.resolved, measurer: FontLibrary.shared)
                    expectTrue(Self.elementRuns(d.scene) == items.map(\.element), "\(family) \(w)×\(h) fs\(fs) \(name)")
                    // Every shown element of the plan draws at least one item, and nothing hidden draws.
                    let drawnKinds = Set(items.map(\.element.kind))
                    for part in PlanPart.android {
                        guard case .element(let kind) = part, kind != .streakGlyph || d.facts.resolved.glyph != nil
                        else { continue }
                        let e = plan.element(part)
                        expectTrue(
                            drawnKinds.contains(kind) == e.shown,
                            "\(part.name(on: .android)) \(e.shown ? "shown" : "hidden") — \(family) \(w)×\(h) \(name)")
                    }
                    judged += 1
                }
            }
        }
        expectTrue(judged == Self.snapshots().count * 4 * 5)
    }

    @Test func iosScenesAreTheirPlansItemsInOrder() {
        for (name, snapshot) in Self.snapshots() {
            for family in IOSFamily.allCases where !family.isAccessory {
                for text in DynamicTypeSize.allCases {
                    let r = IOSRenderRequest(
                        family: family, textSize: text, snapshot: snapshot, asOf: MatrixCases.asOf,
                        timeZone: MatrixCases.timeZone)
                    let d = renderer.draw(.ios(r))
                    guard case .ios(let plan, _) = d.plan else {
                        Issue.record("\(name): not an iOS plan")
                        continue
                    }
                    expectTrue(
                        Self.elementRuns(d.scene) == [.card] + plan.items.map(\.element), "\(family) \(text) \(name)")
                }
            }
        }
    }

    /// Both platforms' scenes and `plan --json` read a plan through `LaidOutPlan`: the report lists
    /// the plan's own entries, the scene's first node is the card in the plan's card frame (none on
    /// a Lock Screen accessory), and the content box reported is the plan's.
    @Test func sceneAndReportReadThePlanOnePath() {
        let request = AndroidRenderRequest(
            family: .auto, widthDp: 230, heightDp: 330, fontScale: 1, snapshot: Self.snapshots()[3].snapshot,
            asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
        var targets = [RenderTarget.android(request)]
        for family in IOSFamily.allCases {
            targets.append(
                .ios(
                    IOSRenderRequest(
                        family: family, snapshot: Self.snapshots()[3].snapshot, asOf: MatrixCases.asOf,
                        timeZone: MatrixCases.timeZone)))
        }
        for target in targets {
            let d = renderer.draw(target)
            let plan = d.plan.laidOut
            let report = PlanReport(d, findings: [])
            expectTrue(report.elements == plan.entries)
            expectTrue(report.content == plan.reportedContent)
            expectTrue(report.habits.visible == plan.visibleHabits && report.habits.overflow == plan.overflow)
            let accessory =
                d.facts.family == .ios(.accessoryCircular) || d.facts.family == .ios(.accessoryRectangular)
                || d.facts.family == .ios(.accessoryInline)
            expectTrue((d.scene.nodes.first?.element == .card) == !accessory, "\(d.facts.family.name)")
            if !accessory { expectTrue(d.scene.nodes.first?.bounds == plan.frames.card, "\(d.facts.family.name)") }
            expectTrue(d.scene.card == plan.frames.card)
        }
    }

    @Test func eachPlatformNamesItsPartsApart() {
        let android = PlanPart.android.map { $0.name(on: .android) }
        expectTrue(Set(android).count == android.count)
        let ios =
            (ElementKind.allCases.map(PlanPart.element) + [
                .pipRow, .checkOffButton, .nextDueRow, .habitRow, .inlineCount,
            ])
            .map { $0.name(on: .ios) }
        expectTrue(Set(ios).count == ios.count, "\(ios)")
    }
}
