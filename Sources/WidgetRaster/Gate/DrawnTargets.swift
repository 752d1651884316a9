import EvidenceCore
import Foundation
import WidgetLayout
import WidgetScene

/// Scenes by the request they were drawn from, for one pass over a matrix: a render is a function
/// of its request alone (the builders read no clock, environment or state), so an item whose
/// request equals one already drawn draws that scene. The bundled matrix has 452 such items of
/// 2,766 — items a collapsed facet tells apart by identity only, their requests one (a motif at
/// the fail-closed baseline, which writes no motif into the snapshot).
final class DrawnTargets: @unchecked Sendable {  // guarded by `lock`
    private enum Key: Hashable {
        case android(AndroidRenderRequest)
        case ios(IOSRenderRequest)
    }

    private let lock = NSLock()
    private var drawn: [Key: DrawnScene]

    /// Room for `expected` requests up front: growing the table rehashes every request held.
    init(expected: Int = 0) { drawn = Dictionary(minimumCapacity: expected) }

    /// `target`'s scene: the one drawn for an equal request before, else `draw`'s, kept. Two
    /// workers may both draw a request first: they draw the same scene.
    func scene(_ target: RenderTarget, _ draw: () -> DrawnScene) -> DrawnScene {
        let key: Key
        switch target {
        case .android(let r): key = .android(r)
        case .ios(let r): key = .ios(r)
        }
        if let found = lock.withLock({ drawn[key] }) { return found }
        let made = draw()
        lock.withLock { drawn[key] = made }
        return made
    }
}
