import CPixels
import EvidenceCore
import Foundation
import WidgetLayout
import WidgetScene

/// One text or graphic node measured against the pixels actually beneath it.
public struct ContrastFinding: Hashable, Sendable, Encodable, CustomStringConvertible {
    /// The node's display name.
    public var node: String
    /// What the node is, and where (layout units): for the gate's failure, not written to JSON.
    public var element: SceneElement
    public var bounds: Rect
    public var token: String
    public var role: NodeRole
    /// Unrounded worst ratio over the node's colours × the background pixels under its bounds.
    public var ratio: Double
    public var floor: Double
    public var passes: Bool
    /// The background pixel (image coordinates) giving the worst ratio.
    public var worstPixel: PixelPoint
    public var foreground: String
    public var background: String
    public var description: String {
        "\(node) (\(token), \(role.rawValue)): \(WCAG.display(ratio)):1 vs floor \(WCAG.display(floor)):1"
            + " at pixel (\(worstPixel.x),\(worstPixel.y)), \(foreground) on \(background)"
    }
    enum CodingKeys: String, CodingKey {
        case node, token, role, ratio, floor, passes, worstPixel, foreground, background
    }
}

public struct PixelPoint: Hashable, Sendable, Codable {
    public var x: Int
    public var y: Int
    public init(x: Int, y: Int) {
        self.x = x
        self.y = y
    }
}

extension ContrastAudit {
    /// Which pixels under a node count as "beneath it".
    public enum Coverage: Sendable {
        /// Every pixel under the node's bounds (conservative; the default).
        case bounds
        /// Only pixels under the bounds where `image` differs from `background` (where ink landed);
        /// falls back to the whole bounds when nothing differs.
        case ink
    }

    /// For every text and graphic node (decorative skipped): the worst ratio between the node's
    /// colour(s) and the background pixels beneath its bounds (layout units × `scene.density`).
    /// `background` is `scene.withoutForeground()` rendered; `image` is the full render (used by
    /// `.ink` coverage). Floors: text 4.5 (3 when `TextContent.isLargeText`), graphic 3.
    /// Gradient paints are checked per stop; translucent colours are composited over each pixel.
    /// Returns one result per measured node, in scene order; `failures` are `!passes`.
    public static func auditRendered(
        scene: Scene, image: RGBAImage, background: RGBAImage,
        coverage: Coverage = .bounds
    ) -> [ContrastFinding] {
        audit(scene: scene, image: image, background: background, coverage: coverage)
    }

    /// The same audit on any two pixel grids of one kind (images, or a painter's canvases).
    static func audit<Pixels: PixelGrid>(
        scene: Scene, image: Pixels, background: Pixels,
        coverage: Coverage
    ) -> [ContrastFinding] {
        let useInk = coverage == .ink && image.width == background.width && image.height == background.height
        return image.withPackedWords { inkWords in
            background.withPackedWords { backgroundWords in
                audit(
                    scene: scene, background: background, backgroundWords: backgroundWords,
                    inkWords: useInk ? inkWords : nil)
            }
        }
    }

    /// The audit over the background's words and, for `.ink` coverage, the image's (same size).
    private static func audit<Pixels: PixelGrid>(
        scene: Scene, background: Pixels, backgroundWords: UnsafePointer<UInt32>,
        inkWords: UnsafePointer<UInt32>?
    ) -> [ContrastFinding] {
        var out: [ContrastFinding] = []
        var seen = PackedSet()
        let width = background.width
        for (node, colors, px) in measured(scene, width: width, height: background.height) {
            let floor = self.floor(for: node)
            // Each distinct background colour is measured once, at its first pixel (row-major),
            // so the worst pixel reported is the same as a full scan's. Pixels are compared and
            // deduplicated as packed words (equal words ⇔ equal colours) — no colour is hashed.
            let x0 = px.x
            let n = px.width
            let inked =
                inkWords.map { ink in
                    px.ys.contains { y in memcmp(ink + y * width + x0, backgroundWords + y * width + x0, n * 4) != 0 }
                } ?? false
            // An opaque foreground's luminance does not depend on what is under it.
            let fixedLuminance = colors.map { $0.a == 255 ? WCAG.relativeLuminance($0) : nil }
            seen.removeAll()
            var last: UInt32 = 0
            var hasLast = false  // the previous word looked up: runs of one colour skip the set
            var worst: (ratio: Double, x: Int, y: Int, fg: CompositeColor, bg: CompositeColor)?
            for y in px.ys {
                let row = backgroundWords + y * width + x0
                let inkRow = inked ? inkWords! + y * width + x0 : nil
                var i = 0
                while true {
                    // Past the pixels with nothing new: the colour just looked up, or (with ink coverage)
                    // no ink landed there.
                    i += withUnsafePointer(to: last) {
                        cpixels_skippable(row + i, inkRow.map { $0 + i }, n - i, hasLast ? $0 : nil)
                    }
                    guard i < n else { break }
                    let word = row[i]
                    let x = x0 + i
                    i += 1
                    last = word
                    hasLast = true
                    guard seen.insert(word) else { continue }
                    let b = background.color(packed: word)
                    if b.a == 0 { continue }
                    for bg in opaqueBackgrounds(b) {
                        let lb = b.a == 255 ? WCAG.relativeLuminance(b) : WCAG.relativeLuminance(bg)
                        for (c, lf) in zip(colors, fixedLuminance) {
                            let fg = WCAG.composite(c, over: bg)
                            let l = lf ?? WCAG.relativeLuminance(fg)
                            let r = (max(l, lb) + 0.05) / (min(l, lb) + 0.05)  // WCAG.contrastRatio, luminances in hand
                            if worst == nil || r < worst!.ratio { worst = (r, x, y, fg, bg) }
                        }
                    }
                }
            }
            guard let w = worst else { continue }
            out.append(
                ContrastFinding(
                    node: node.name, element: node.element, bounds: node.bounds, token: node.token, role: node.role,
                    ratio: w.ratio,
                    floor: floor, passes: WCAG.passes(w.ratio, floor: floor),
                    worstPixel: PixelPoint(x: w.x, y: w.y), foreground: w.fg.hex, background: w.bg.hex))
        }
        return out
    }

    /// The nodes the audit measures — text and graphic nodes with a visible colour — each with
    /// its colours and the pixels beneath it (non-empty) in a `width` × `height` frame.
    static func measured(_ scene: Scene, width: Int, height: Int)
        -> [(node: SceneNode, colors: [Color], pixels: PixelRect)]
    {
        scene.nodes.compactMap { node in
            guard node.role != .decorative else { return nil }
            let colors = foregroundColors(node.content)
            let px = node.bounds.pixelRect(density: scene.density, clampedTo: PixelSize(width: width, height: height))
            guard !colors.isEmpty, !px.isEmpty else { return nil }
            return (node, colors, px)
        }
    }

    /// The pixel rectangles the audit reads, in a `width` × `height` frame: the background need
    /// not be drawn anywhere else.
    static func measuredRegions(_ scene: Scene, width: Int, height: Int) -> [PixelRect] {
        measured(scene, width: width, height: height).map(\.pixels)
    }

    /// Only the nodes below their floor.
    public static func renderedFailures(
        scene: Scene, image: RGBAImage, background: RGBAImage,
        coverage: Coverage = .bounds
    ) -> [ContrastFinding] {
        auditRendered(scene: scene, image: image, background: background, coverage: coverage).filter { !$0.passes }
    }

    /// Renders `scene` and its foreground-free twin through `render` (the painter, once it
    /// exists) and audits them.
    public static func auditRendered(
        scene: Scene, coverage: Coverage = .bounds,
        render: (Scene) throws -> RGBAImage
    ) rethrows -> [ContrastFinding] {
        let image = try render(scene)
        let background = try render(scene.withoutForeground())
        return auditRendered(scene: scene, image: image, background: background, coverage: coverage)
    }

    static func floor(for node: SceneNode) -> Double {
        switch node.role {
        case .text:
            if case .text(let t) = node.content, t.isLargeText { return WCAG.largeTextFloor }
            return WCAG.textFloor
        case .graphic: return WCAG.graphicFloor
        case .decorative: return 0
        }
    }

    static func foregroundColors(_ content: NodeContent) -> [Color] {
        func colors(_ p: Paint) -> [Color] {
            switch p {
            case .solid(let c): return [c]
            case .linear(_, _, let stops), .radial(_, _, let stops): return stops.map(\.color)
            }
        }
        var out: [Color]
        switch content {
        case .text(let t): out = [t.color]
        case .rect(_, let fill): out = colors(fill)
        // A stroked shape owes its 3:1 through the outline (the seed's 1.33 dp silhouette edge);
        // its fill sits inside that edge, not against the background.
        case .path(_, let fill, let stroke): out = stroke.map { colors($0.paint) } ?? fill.map(colors) ?? []
        }
        // A fully transparent stop (a gradient fading out) draws nothing to read.
        out = out.filter { $0.a > 0 }
        var seen = Set<Color>()
        return out.filter { seen.insert($0).inserted }
    }

    /// A background pixel as opaque colours: itself when opaque; over both black and white when
    /// translucent (the wallpaper is unknown — take both extremes); nothing when fully transparent.
    static func opaqueBackgrounds(_ p: Color) -> [CompositeColor] {
        if p.a == 255 { return [CompositeColor(p)] }
        if p.a == 0 { return [] }
        return [WCAG.composite(p, over: CompositeColor(.black)), WCAG.composite(p, over: CompositeColor(.white))]
    }
}

/// A set of packed 32-bit pixels (open addressing), cleared without freeing between nodes.
struct PackedSet {
    private var slots = [UInt32](repeating: 0, count: 64)
    private var used = [Bool](repeating: false, count: 64)
    private var count = 0

    mutating func removeAll() {
        guard count > 0 else { return }
        for i in used.indices { used[i] = false }
        count = 0
    }

    /// True when `v` was not yet in the set.
    mutating func insert(_ v: UInt32) -> Bool {
        if (count + 1) * 2 > slots.count { grow() }
        let mask = slots.count - 1
        var i = Int(truncatingIfNeeded: (v &* 0x9E37_79B1) >> 7) & mask
        while used[i] {
            if slots[i] == v { return false }
            i = (i + 1) & mask
        }
        used[i] = true
        slots[i] = v
        count += 1
        return true
    }

    private mutating func grow() {
        let old = zip(slots, used).filter(\.1).map(\.0)
        slots = [UInt32](repeating: 0, count: slots.count * 2)
        used = [Bool](repeating: false, count: slots.count)
        count = 0
        for v in old { _ = insert(v) }
    }
}
