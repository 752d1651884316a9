import CPixels
import CairoShim
import EvidenceCore

/// What a node draws: where and what — not its name, role or token.
package struct NodeDrawing: Hashable {
    package var bounds: Rect
    package var content: NodeContent
    package init(_ node: SceneNode) {
        bounds = node.bounds
        content = node.content
    }
}

/// Path nodes — streak glyphs, pips, check rings, stroked and antialiased, the painter's costliest
/// nodes — as they came out over the pixels beneath them, kept for the next time the same node is
/// drawn at the same place over the same pixels (four draws in five in the bundled matrix).
///
/// Exact: the painter draws every node with Cairo's OVER from a fresh context state, so what a
/// path leaves in the pixels it can reach depends on those pixels, the node, the density and the
/// frame's size — all in the key, the pixels compared whole, not by their hash alone — and on
/// nothing else, except Cairo's note that a surface is still clear (see `Canvas.makeSurface`):
/// only a surface nothing has been drawn on yet carries it, so a node over pixels that are all
/// transparent is always drawn.
package final class DrawnNodes: @unchecked Sendable {
    package struct Key: Hashable {
        package var drawing: NodeDrawing
        package var frameWidth: Int
        package var frameHeight: Int
        package var density: Double
        package var region: PixelRect
        package var before: Hash128

        /// The pixels' hash and where they are pick the bucket; equality still compares the whole
        /// key. Hashing the node's path commands as well cost more than the lookup saved
        /// (several hashes per drawn path: the shard, the lookup, the use, the insert).
        package func hash(into hasher: inout Hasher) {
            hasher.combine(before)
            hasher.combine(region)
            hasher.combine(frameWidth)
        }
    }

    /// The region's premultiplied words before and after the node.
    package final class Pixels: @unchecked Sendable {
        package let before: [UInt32]
        package let after: [UInt32]
        package init(before: [UInt32], after: [UInt32]) {
            self.before = before
            self.after = after
        }
    }

    private let kept: BoundedCache<Key, Pixels>

    /// The bundled matrix's distinct regions take 11 MB before and 11 after; 6 MB held keeps
    /// nearly every repeat (the same node recurs in neighbouring fixtures).
    package init(budget: Int = 6 << 20) { kept = BoundedCache(budget: budget) }

    /// Cairo's miter limit, which the painter never changes: a miter reaches at most this many half
    /// line widths from its corner.
    package static let cairoDefaultMiterLimit = 10.0

    /// The pixels of a `width` × `height` frame at `density` that a path node can change: its
    /// geometry's bounds, grown by the farthest a stroke reaches (half its width; a miter or a
    /// square cap further) and by 2 px for antialiasing and rounding. Nil for other nodes.
    package static func region(of node: SceneNode, density: Double, width: Int, height: Int) -> PixelRect? {
        guard case .path(let commands, _, let stroke) = node.content, let box = PathBounds.of(commands) else {
            return nil
        }
        var reach = 0.0
        if let stroke {
            let joinReach = stroke.join == .miter ? cairoDefaultMiterLimit : 1
            let capReach = stroke.cap == .square ? 2.0.squareRoot() : 1
            reach = stroke.width / 2 * max(joinReach, capReach)
        }
        let region = PixelRect(
            outwardFrom: box.minX - reach, box.minY - reach, box.maxX + reach, box.maxY + reach, density: density
        )
        .outset(dx: 2, dy: 2).clamped(to: PixelSize(width: width, height: height))
        return region.isEmpty ? nil : region
    }

    /// Draws path `node` into `cr`'s image surface: the kept pixels when the same node met the same
    /// pixels before, otherwise through `draw`, keeping what it made.
    package func draw(_ node: SceneNode, into cr: OpaquePointer, density: Double, _ draw: () -> Void) {
        let surface = cairo_get_target(cr)!
        let width = Int(cairo_image_surface_get_width(surface))
        let height = Int(cairo_image_surface_get_height(surface))
        guard let data = cairo_image_surface_get_data(surface),
            Int(cairo_image_surface_get_stride(surface)) == width * 4,
            let region = Self.region(of: node, density: density, width: width, height: height)
        else { return draw() }
        let words = UnsafeMutableRawPointer(data).assumingMemoryBound(to: UInt32.self)
        cairo_surface_flush(surface)
        let before = Self.read(region, of: words, width: width)
        var zero: UInt32 = 0
        guard cpixels_skippable(before, nil, before.count, &zero) < before.count else { return draw() }
        let key = Key(
            drawing: NodeDrawing(node), frameWidth: width, frameHeight: height, density: density,
            region: region, before: before.withUnsafeBytes { Hash128.of($0) })
        if let found = kept.value(for: key), found.before == before {
            Self.write(found.after, into: region, of: words, width: width)
            cairo_surface_mark_dirty_rectangle(
                surface, Int32(region.x), Int32(region.y), Int32(region.width), Int32(region.height))
            return
        }
        draw()
        cairo_surface_flush(surface)
        let after = Self.read(region, of: words, width: width)
        kept.keep(Pixels(before: before, after: after), cost: (before.count + after.count) * 4, for: key)
    }

    private static func read(_ r: PixelRect, of words: UnsafePointer<UInt32>, width: Int) -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: r.width * r.height) { buffer, initialized in
            for row in 0..<r.height {
                (buffer.baseAddress! + row * r.width).update(from: words + (r.y + row) * width + r.x, count: r.width)
            }
            initialized = r.width * r.height
        }
    }

    private static func write(_ pixels: [UInt32], into r: PixelRect, of words: UnsafeMutablePointer<UInt32>, width: Int)
    {
        pixels.withUnsafeBufferPointer { p in
            for row in 0..<r.height {
                (words + (r.y + row) * width + r.x).update(from: p.baseAddress! + row * r.width, count: r.width)
            }
        }
    }
}
