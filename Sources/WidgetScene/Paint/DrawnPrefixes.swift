import Foundation

/// Frames as they stand after a scene's decorative prefix — the nodes before its first foreground
/// node: card, ember, glow — kept for the next scene that opens with the same prefix at the same
/// size. Thousands of fixtures share a few hundred prefixes, and drawing them (the clear included)
/// was a third of the painter's time; unpacking a kept frame costs about what the clear did.
///
/// Exact: Cairo is deterministic and the painter sets the context up afresh for every node, so the
/// pixels are all that a prefix leaves behind — except Cairo's note that a surface is still clear,
/// which changes how it draws the next fill (see `Canvas.makeSurface`). A prefix that left every
/// pixel transparent may have left that note, so it is never kept.
///
/// Bounded: least recently used frames go first once `budget` packed bytes are held.
package final class DrawnPrefixes: @unchecked Sendable {
    /// What a prefix draws: the frame's pixel size, the density, and each node's drawing.
    package struct Key: Hashable {
        package var width: Int
        package var height: Int
        package var density: Double
        package var nodes: [NodeDrawing]

        package init(_ scene: Scene, prefix: Int) {
            width = scene.pixelWidth
            height = scene.pixelHeight
            density = scene.density
            nodes = scene.nodes[..<prefix].map(NodeDrawing.init)
        }
    }

    /// One kept frame: Cairo's premultiplied words, packed (`cpixels_pack`: a card's rows are long
    /// runs of one colour), never changed once made.
    package final class Frame: @unchecked Sendable {
        package let packed: [UInt32]
        package init(_ packed: [UInt32]) { self.packed = packed }
    }

    private let budget: Int
    private let frames: BoundedCache<Key, Frame>

    /// Packed, the 293 prefix frames the bundled matrix keeps take 5 MB (266 MB raw): all of them fit.
    package init(budget: Int = 8 << 20) {
        self.budget = budget
        frames = BoundedCache(budget: budget, shards: 4)
    }

    package func frame(for key: Key) -> Frame? { frames.value(for: key) }

    /// Keeps `canvas`'s pixels as `key`'s frame, unless they are all transparent or, even packed,
    /// more than the budget.
    package func keep(_ canvas: Canvas, as key: Key) {
        guard canvas.width * canvas.height * 4 <= budget, let packed = canvas.packedUnlessTransparent() else { return }
        frames.keep(Frame(packed), cost: packed.count * 4, for: key)
    }
}
