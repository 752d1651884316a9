import Foundation

extension Scene {
    /// The background the rendered audit measures against: the card-level decoration — every
    /// decorative fill (card, ember, row tints, pills) and whatever decoration is painted before the
    /// first foreground node (the glow behind the streak glyph). Decorative details painted *on top*
    /// of a foreground shape (a flame's core, a stem's inner accent stroke) are not its background.
    public func withoutForeground() -> Scene {
        var s = self
        let split = backgroundSplit
        s.nodes = Array(nodes[..<split.prefix]) + split.later
        return s
    }

    /// How many nodes open the scene before its first foreground (text or graphic) one.
    package var decorativePrefix: Int { nodes.firstIndex { $0.role != .decorative } ?? nodes.count }

    /// `withoutForeground()`'s nodes as the render meets them: the first `prefix` nodes (all
    /// decorative, before the first foreground one), then the decorative fills drawn after it.
    package var backgroundSplit: (prefix: Int, later: [SceneNode]) {
        let prefix = decorativePrefix
        let later = nodes[prefix...].filter { n in
            guard n.role == .decorative, case .rect = n.content else { return false }
            return true
        }
        return (prefix, later)
    }
}
