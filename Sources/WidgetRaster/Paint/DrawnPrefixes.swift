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
/// Bounded: least recently used frames go first once `budget` packed bytes are held. Shared by the
/// painter's workers (one lock; unpacking into a canvas happens outside it).
final class DrawnPrefixes: @unchecked Sendable {
    /// What a prefix draws: the frame's pixel size, the density, and each node's drawing.
    struct Key: Hashable {
        var width: Int
        var height: Int
        var density: Double
        var nodes: [Drawing]
        struct Drawing: Hashable { var bounds: Rect; var content: NodeContent }

        init(_ scene: Scene, prefix: Int) {
            width = scene.pixelWidth; height = scene.pixelHeight; density = scene.density
            nodes = scene.nodes[..<prefix].map { Drawing(bounds: $0.bounds, content: $0.content) }
        }
    }

    /// One kept frame: Cairo's premultiplied words, packed (`cpixels_pack`: a card's rows are long
    /// runs of one colour), never changed once made.
    final class Frame: @unchecked Sendable {
        let packed: [UInt32]
        init(_ packed: [UInt32]) { self.packed = packed }
    }

    private let budget: Int
    private var frames: [Key: (frame: Frame, lastUse: Int)] = [:]
    private var held = 0
    private var clock = 0
    private let lock = NSLock()

    /// Packed, the 293 prefix frames the bundled matrix keeps take 5 MB (266 MB raw): all of them fit.
    init(budget: Int = 8 << 20) { self.budget = budget }

    func frame(for key: Key) -> Frame? {
        lock.lock(); defer { lock.unlock() }
        guard let found = frames[key] else { return nil }
        clock += 1
        frames[key]!.lastUse = clock
        return found.frame
    }

    /// Keeps `canvas`'s pixels as `key`'s frame, unless they are all transparent or, even packed,
    /// more than the budget.
    func keep(_ canvas: Canvas, as key: Key) {
        guard canvas.width * canvas.height * 4 <= budget, let packed = canvas.packedUnlessTransparent() else { return }
        let bytes = packed.count * 4
        guard bytes <= budget else { return }
        let frame = Frame(packed)
        lock.lock(); defer { lock.unlock() }
        guard frames[key] == nil else { return }
        while held + bytes > budget, let oldest = frames.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            held -= oldest.value.frame.packed.count * 4
            frames[oldest.key] = nil
        }
        clock += 1
        frames[key] = (frame, clock)
        held += bytes
    }
}
