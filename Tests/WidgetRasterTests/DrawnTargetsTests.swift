import Foundation
import Testing
import WidgetLayout
import WidgetScene

@testable import WidgetRaster

/// Items whose requests are equal are drawn once and share the scene; every other item is drawn
/// for itself, so the collapse check still sees each distinct request's own scene.
@Suite struct DrawnTargetsTests {
    @Test func equalRequestsAreDrawnOnceAndOthersEachTheirOwn() throws {
        let (android, ios) = try FixtureCatalog.builders.get()
        let targets = FixtureCatalog.targets.map { $0.target() }
        // The bundled matrix holds items whose requests are equal (a motif at the fail-closed baseline).
        var distinct: [RenderTarget] = []
        for t in targets where !distinct.contains(t) { distinct.append(t) }
        expectTrue(distinct.count < targets.count)

        let memo = DrawnTargets()
        let draws = Counter()
        let sample = stride(from: 0, to: targets.count, by: 7).map { targets[$0] }
        for t in sample + sample {
            let scene = memo.scene(t) {
                draws.add()
                return WidgetRenderer.draw(t, android: android, ios: ios).drawn
            }
            expectTrue(scene.scene == WidgetRenderer.draw(t, android: android, ios: ios).scene)
        }
        var sampleDistinct: [RenderTarget] = []
        for t in sample where !sampleDistinct.contains(t) { sampleDistinct.append(t) }
        expectTrue(draws.value == sampleDistinct.count)
    }

    private final class Counter: @unchecked Sendable {
        var value = 0
        func add() { value += 1 }
    }
}
