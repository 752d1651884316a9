import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// The widget's glyph art as scene nodes. Every drawing is authored on the seed's 24 × 24 viewport
/// (Android `widget_flame.xml`'s envelope, 18 dp at the streak block) and mapped uniformly into the
/// centred square of the caller's rect, so stroke widths scale with it: at 18 dp the silhouette edge
/// is exactly 1.33 dp, the sprout stem 3.93 / 2.6 dp, the wave crests 4.96 + 4.56 / 3.63 + 3.23 dp and
/// the capstone slot's dash 1.4 dp. Pips are the exception: the capsule fills the rect (20 × 8).
///
/// Roles and tokens (what the contrast audit and clip check read):
/// - a motif's silhouette (fill + 1.33 dp edge on one path, or the wide edge path of an under-stroke
///   pair) → `.graphic` (3:1), token = the edge token (`widget_glyph_edge` / `_muted`), since the
///   edge is what owes the floor; the fill's gradient is carried in the node's paint;
/// - the narrow accent stroke of an under-stroke pair, the flame's inner core and gold spark, the
///   mountain's summit cap → `.decorative` (they sit inside a silhouette that already owes 3:1);
/// - the glow → `.decorative`; the capstone slot, dashed-slot icon, pips, done check, new-day sun →
///   `.graphic`; caption spark / ring → `.text` (4.5:1, seed "Caption/Coach glyph text-contrast
///   floor"); rest moon and first-run glyph → `.decorative`.
///
/// Bounds enclose the ink (stroke half-widths included) and lie inside `rect`, except the glow: it
/// may spill up to `glowAllowance(for:)` beyond `rect` on each side, and is shrunk so it never
/// leaves `container`. Every node's `container` is the `container` passed in.
public enum GlyphArt {
    /// Stroke widths quoted by seed 000 ("1.33 dp edge", "3.93 dp / 2.6 dp stem", "4.96 / 4.56 dp under
    /// 3.63 / 3.23 dp crests") are the drawables' `android:strokeWidth` values, which Android
    /// measures in *viewport* units: 1.33 = 24 / 18, i.e. exactly 1 dp at the 18 dp envelope. Set
    /// this to 0.75 to read them as literal dp instead (a 1.33 dp edge at 18 dp).
    package static let seedWidthToViewport = 1.0
    /// The silhouette edge, in viewport units.
    package static let edge = 1.33 * seedWidthToViewport

    /// How far the lit glow may extend beyond the glyph rect on each side (1/8 of its short side —
    /// 2.25 dp at 18 dp).
    public static func glowAllowance(for rect: Rect) -> Double { min(rect.width, rect.height) / 8 }

    /// The nodes for `kind`, back to front, each a part of `element` on `platform` (named e.g. "streak-glyph.body").
    public static func nodes(
        _ kind: GlyphKind, in rect: Rect, container: Rect, palette: GlyphPalette,
        element: SceneElement, on platform: Platform
    ) -> [SceneNode] {
        var b = Builder(rect: rect, container: container, palette: palette, element: element, platform: platform)
        switch kind {
        case .flame(let s): b.flame(s)
        case .stones(let s, let kindling): b.stones(s, kindling: kindling)
        case .sprout(let s): b.sprout(s)
        case .mountain(let s): b.mountain(s)
        case .waves(let s): b.waves(s)
        case .restMoon: b.restMoon()
        case .newDaySun: b.newDaySun()
        case .doneCheck: b.doneCheck()
        case .pip(let done): b.pip(done: done)
        case .captionSpark(let ink): b.captionSpark(ink)
        case .captionRing(let ink): b.captionRing(ink)
        case .dashedSlotIcon: b.dashedSlotIcon()
        case .firstRunAppGlyph: b.firstRunAppGlyph()
        }
        return b.nodes
    }
}

private struct Builder {
    let rect: Rect
    let container: Rect
    let p: GlyphPalette
    let element: SceneElement
    let platform: Platform
    let map: ViewportMap
    var nodes: [SceneNode] = []

    init(rect: Rect, container: Rect, palette: GlyphPalette, element: SceneElement, platform: Platform) {
        self.rect = rect
        self.container = container
        self.p = palette
        self.element = element
        self.platform = platform
        self.map = ViewportMap(rect)
    }

    // MARK: node helpers

    private mutating func add(
        _ part: String, _ role: NodeRole, _ token: String, _ path: ViewportPath,
        fill: Paint?, stroke: Stroke?
    ) {
        let commands = map.commands(path)
        guard var box = PathBounds.of(commands) else { return }
        if let stroke { box = box.insetBy(dx: -stroke.width / 2, dy: -stroke.width / 2) }
        nodes.append(
            SceneNode(
                element, on: platform, part: part, role: role, token: token, bounds: box,
                container: container, content: .path(commands, fill: fill, stroke: stroke)))
    }

    /// Stroke with a width given in viewport units (scaled with the rect).
    private func stroke(_ ink: GlyphInk, _ vpWidth: Double, dash: [Double] = [], cap: LineCap = .round) -> Stroke {
        Stroke(.solid(ink.color), width: map.length(vpWidth), dash: dash.map(map.length), cap: cap, join: .round)
    }
    private func edgeStroke(_ ink: GlyphInk) -> Stroke { stroke(ink, GlyphArt.edge) }

    private func vertical(_ y0: Double, _ y1: Double, _ inks: [GlyphInk]) -> Paint {
        let n = Double(max(inks.count - 1, 1))
        return .linear(
            start: map.point(12, y0), end: map.point(12, y1),
            stops: inks.enumerated().map { GradientStop(Double($0.offset) / n, $0.element.color) })
    }
    private func diagonal(_ x0: Double, _ y0: Double, _ x1: Double, _ y1: Double, _ inks: [GlyphInk]) -> Paint {
        let n = Double(max(inks.count - 1, 1))
        return .linear(
            start: map.point(x0, y0), end: map.point(x1, y1),
            stops: inks.enumerated().map { GradientStop(Double($0.offset) / n, $0.element.color) })
    }

    /// A soft radial halo centred on (cx, cy) in viewport units, radius `vpRadius`, clamped so it
    /// stays within `rect` ± the glow allowance and inside `container`.
    private mutating func glow(
        _ ink: GlyphInk, _ cx: Double, _ cy: Double, _ vpRadius: Double, peak: Double = GlyphArt.GlowPeak.motif
    ) {
        let c = map.point(cx, cy)
        let allowed = rect.insetBy(dx: -GlyphArt.glowAllowance(for: rect), dy: -GlyphArt.glowAllowance(for: rect))
        var r = map.length(vpRadius)
        for box in [allowed, container] {
            r = min(r, c.x - box.minX, box.maxX - c.x, c.y - box.minY, box.maxY - c.y)
        }
        guard r > 0 else { return }
        var path = ViewportPath()
        // Author the circle in layout units directly (the radius was clamped there).
        path.circle(c.x, c.y, r)
        let commands = path.commands
        let a = UInt8((peak * 255).rounded())
        let paint = Paint.radial(
            center: c, radius: r,
            stops: [
                GradientStop(0, ink.color.withAlpha(a)),
                GradientStop(0.5, ink.color.withAlpha(UInt8((Double(a) * 0.45).rounded()))),
                GradientStop(1, ink.color.withAlpha(0)),
            ])
        nodes.append(
            SceneNode(
                element, on: platform, part: "glow", role: .decorative, token: ink.token,
                bounds: Rect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r),
                container: container, content: .path(commands, fill: paint, stroke: nil)))
    }

    /// Concave four-point star (✦) centred at (cx, cy), tip radius `r`, waist `w` (0…1).
    private func sparkPath(_ cx: Double, _ cy: Double, _ r: Double, waist w: Double = 0.16) -> ViewportPath {
        var s = ViewportPath()
        let k = r * w
        s.move(cx, cy - r)
        s.quad(cx + k, cy - k, cx + r, cy)
        s.quad(cx + k, cy + k, cx, cy + r)
        s.quad(cx - k, cy + k, cx - r, cy)
        s.quad(cx - k, cy - k, cx, cy - r)
        s.close()
        return s
    }

    /// Half-sine crest line from x0 to x1 around yc: `halves` half-periods, first one rising.
    private func crest(_ x0: Double, _ x1: Double, _ yc: Double, amp: Double, halves: Int) -> ViewportPath {
        var w = ViewportPath()
        w.move(x0, yc)
        let h = (x1 - x0) / Double(halves)
        for i in 0..<halves {
            let x = x0 + Double(i) * h
            let dy = (i % 2 == 0 ? -1.0 : 1.0) * amp * 4 / 3
            w.curve(x + h * 0.3642, yc + dy, x + h * (1 - 0.3642), yc + dy, x + h, yc)
        }
        return w
    }

    // MARK: flame

    mutating func flame(_ state: GlyphState) {
        let body = GlyphPaths.flameBody()

        var core = ViewportPath()
        core.move(12.0, 10.8)
        core.curve(12.9, 13.1, 15.8, 14.8, 15.8, 17.8)
        core.curve(15.8, 19.9, 14.1, 21.0, 12.0, 21.0)
        core.curve(9.9, 21.0, 8.2, 19.9, 8.2, 17.8)
        core.curve(8.2, 14.8, 11.1, 13.1, 12.0, 10.8)
        core.close()

        switch state {
        case .lit:
            glow(p.accent, 12, 14, 15, peak: GlyphArt.GlowPeak.flame)
            add(
                "body", .graphic, p.glyphEdge.token, body,
                fill: vertical(2, 22, [p.accent, p.accentDeep]), stroke: edgeStroke(p.glyphEdge))
            add("core", .decorative, p.flameCore.token, core, fill: .solid(p.flameCore.color), stroke: nil)
            add(
                "spark", .decorative, p.goldMid.token, sparkPath(12, 17.4, 3.0, waist: 0.2),
                fill: vertical(14.4, 20.4, [p.goldMid, p.goldBot]), stroke: nil)
        case .muted:
            add(
                "body", .graphic, p.glyphEdgeMuted.token, body,
                fill: .solid(p.flameMuted.color), stroke: edgeStroke(p.glyphEdgeMuted))
        case .baseline:
            add(
                "body", .graphic, p.glyphEdge.token, body,
                fill: .solid(p.accent.color), stroke: edgeStroke(p.glyphEdge))
            add("core", .decorative, p.flameCore.token, core, fill: .solid(p.flameCore.color), stroke: nil)
        }
    }

    // MARK: stones

    static let stoneBoxes = GlyphPaths.stoneBoxes

    private func stonePath(_ i: Int) -> ViewportPath {
        let (x, y, w, h) = Self.stoneBoxes[i]
        var s = ViewportPath()
        s.roundedRect(x, y, w, h, radius: h * 0.48)
        return s
    }

    mutating func stones(_ state: StoneState, kindling: Bool) {
        let top = Self.stoneBoxes[2]
        if state == .capped {
            glow(
                kindling ? p.goldMid : p.accent, 12, top.1 + top.3 / 2, 11,
                peak: kindling ? GlyphArt.GlowPeak.kindlingCapstone : GlyphArt.GlowPeak.motif)
        }
        for i in 0..<3 {
            let (_, y, _, h) = Self.stoneBoxes[i]
            let part = i == 2 ? "capstone" : "stone-\(i + 1)"
            if i == 2 && state == .openSlot {
                // The open slot: a dashed outline where the capstone will go, no fill.
                let slot = stonePath(2)
                let dash = Self.evenDash(
                    perimeter: Self.roundedRectPerimeter(top.2, top.3, top.3 * 0.48),
                    period: (1.8 + 1.3) / 0.75, on: 1.8 / 0.75)
                add(
                    "slot", .graphic, p.capstoneDash.token, slot, fill: nil,
                    stroke: stroke(p.capstoneDash, 1.4 / 0.75, dash: dash, cap: .butt))
                continue
            }
            let fill: Paint
            if kindling {
                fill =
                    (i == 2 && state == .capped)
                    ? vertical(y, y + h, [p.goldTop, p.goldMid, p.goldBot])
                    : vertical(y, y + h, [p.stoneTop, p.stoneMid, p.stoneBot])
            } else {
                fill = .solid(p.stoneMid.color)
            }
            add(part, .graphic, p.glyphEdge.token, stonePath(i), fill: fill, stroke: edgeStroke(p.glyphEdge))
        }
    }

    static func roundedRectPerimeter(_ w: Double, _ h: Double, _ r: Double) -> Double {
        let r = min(r, w / 2, h / 2)
        return 2 * (w - 2 * r) + 2 * (h - 2 * r) + 2 * Double.pi * r
    }

    /// A dash pattern (in viewport units) whose period divides the closed perimeter exactly, so the
    /// dashes meet evenly where the outline closes.
    static func evenDash(perimeter: Double, period: Double, on: Double) -> [Double] {
        let n = max(1, (perimeter / period).rounded())
        let actual = perimeter / n
        let onPart = actual * on / period
        return [onPart, actual - onPart]
    }

    // MARK: motifs

    private func motifInks(_ state: GlyphState) -> (edge: GlyphInk, fill: Paint, flat: GlyphInk) {
        switch state {
        case .lit: return (p.glyphEdge, vertical(2, 22, [p.accent, p.accentDeep]), p.accent)
        case .muted: return (p.glyphEdgeMuted, .solid(p.flameMuted.color), p.flameMuted)
        case .baseline: return (p.glyphEdge, .solid(p.accent.color), p.accent)
        }
    }

    mutating func sprout(_ state: GlyphState) {
        let (edgeInk, fill, flat) = motifInks(state)
        if state == .lit { glow(p.accent, 12, 12, 14) }
        var stem = ViewportPath()
        stem.move(12.0, 21.2)
        stem.curve(12.0, 18.0, 11.7, 15.2, 12.2, 11.0)
        // Under-stroke pair: 3.93 dp edge under 2.6 dp accent (at 18 dp).
        add(
            "stem.edge", .graphic, edgeInk.token, stem, fill: nil,
            stroke: stroke(edgeInk, 3.93 * GlyphArt.seedWidthToViewport))
        let accentStroke: Stroke
        if state == .lit {
            accentStroke = Stroke(
                vertical(11, 21.2, [p.accent, p.accentDeep]), width: map.length(2.6 * GlyphArt.seedWidthToViewport))
        } else {
            accentStroke = stroke(flat, 2.6 * GlyphArt.seedWidthToViewport)
        }
        add("stem.accent", .decorative, flat.token, stem, fill: nil, stroke: accentStroke)

        var left = ViewportPath()
        left.move(11.9, 15.4)
        left.curve(8.4, 16.4, 3.6, 14.2, 2.9, 9.4)
        left.curve(6.8, 8.2, 10.8, 10.6, 11.9, 15.4)
        left.close()
        add("leaf-left", .graphic, edgeInk.token, left, fill: fill, stroke: edgeStroke(edgeInk))

        var right = ViewportPath()
        right.move(12.2, 11.4)
        right.curve(11.9, 6.8, 16.2, 3.5, 21.1, 3.7)
        right.curve(21.1, 8.6, 17.0, 12.4, 12.2, 11.4)
        right.close()
        add("leaf-right", .graphic, edgeInk.token, right, fill: fill, stroke: edgeStroke(edgeInk))
    }

    mutating func mountain(_ state: GlyphState) {
        let (edgeInk, fill, _) = motifInks(state)
        if state == .lit { glow(p.accent, 13, 12, 14) }
        var body = ViewportPath()
        body.move(1.8, 20.8)
        body.line(8.0, 11.2)
        body.line(10.4, 14.4)
        body.line(14.6, 3.6)
        body.line(22.2, 20.8)
        body.close()
        add("body", .graphic, edgeInk.token, body, fill: fill, stroke: edgeStroke(edgeInk))

        // Summit cap: the top of the main peak down to a zigzag snow line at y ≈ 9.
        func leftX(_ y: Double) -> Double { 14.6 - (y - 3.6) / (14.4 - 3.6) * (14.6 - 10.4) }
        func rightX(_ y: Double) -> Double { 14.6 + (y - 3.6) / (20.8 - 3.6) * (22.2 - 14.6) }
        var cap = ViewportPath()
        cap.move(14.6, 3.6)
        cap.line(rightX(9.6), 9.6)
        cap.line(15.9, 8.4)
        cap.line(14.6, 10.2)
        cap.line(13.4, 8.6)
        cap.line(leftX(9.4), 9.4)
        cap.close()
        // Muted: a snow cap in whichever of card / muted edge is lighter, so it reads as snow in
        // both themes without borrowing a lit colour.
        func luma(_ c: Color) -> Int { 2126 * Int(c.r) + 7152 * Int(c.g) + 722 * Int(c.b) }
        let mutedCap = luma(p.card.color) >= luma(p.glyphEdgeMuted.color) ? p.card : p.glyphEdgeMuted
        let capInk: GlyphInk = state == .muted ? mutedCap : p.flameCore
        add("cap", .decorative, capInk.token, cap, fill: .solid(capInk.color), stroke: nil)
    }

    mutating func waves(_ state: GlyphState) {
        let (edgeInk, _, flat) = motifInks(state)
        if state == .lit { glow(p.accent, 12, 12, 14) }
        let crests: [(ViewportPath, Double, Double)] = [
            (crest(3.4, 20.6, 7.4, amp: 2.2, halves: 3), 4.96, 3.63),
            (crest(3.4, 20.6, 16.6, amp: 2.2, halves: 3), 4.56, 3.23),
        ]
        for (i, (path, edgeDp, accentDp)) in crests.enumerated() {
            add(
                "crest-\(i + 1).edge", .graphic, edgeInk.token, path, fill: nil,
                stroke: stroke(edgeInk, edgeDp * GlyphArt.seedWidthToViewport))
            let accent: Stroke =
                state == .lit
                ? Stroke(
                    diagonal(3.4, 4, 20.6, 20, [p.accent, p.accentDeep]),
                    width: map.length(accentDp * GlyphArt.seedWidthToViewport))
                : stroke(flat, accentDp * GlyphArt.seedWidthToViewport)
            add("crest-\(i + 1).accent", .decorative, flat.token, path, fill: nil, stroke: accent)
        }
    }

    // MARK: state glyphs

    mutating func restMoon() {
        let moon = GlyphPaths.crescent()
        add("moon", .decorative, p.muted.token, moon, fill: .solid(p.muted.color), stroke: nil)
    }

    mutating func newDaySun() {
        var sun = ViewportPath()
        sun.circle(12, 12, 4.3)
        for i in 0..<8 {
            let a = Double(i) * Double.pi / 4 - Double.pi / 2
            sun.move(12 + 7.4 * cos(a), 12 + 7.4 * sin(a))
            sun.line(12 + 10.2 * cos(a), 12 + 10.2 * sin(a))
        }
        add("sun", .graphic, p.muted.token, sun, fill: .solid(p.muted.color), stroke: stroke(p.muted, 2.2))
    }

    mutating func doneCheck() {
        var check = ViewportPath()
        check.circle(12, 12, 9.6)
        check.move(7.4, 12.3)
        check.line(10.6, 15.5)
        check.line(16.8, 9.0)
        add("check", .graphic, p.success.token, check, fill: nil, stroke: stroke(p.success, 2.4))
    }

    /// Part names say the meaning ("done" / "todo"): the colour-alone check pairs them.
    mutating func pip(done: Bool) {
        // In layout units: the capsule fills the rect; the outline sits inside it.
        let w = 1.5 * rect.height / 8
        var pip = ViewportPath()
        if done {
            pip.roundedRect(rect.minX, rect.minY, rect.width, rect.height, radius: rect.height / 2)
            appendRaw("done", .graphic, p.success.token, pip, fill: .solid(p.success.color), stroke: nil)
        } else {
            let r = rect.insetBy(dx: w / 2, dy: w / 2)
            pip.roundedRect(r.minX, r.minY, r.width, r.height, radius: r.height / 2)
            appendRaw(
                "todo", .graphic, p.pipTodo.token, pip, fill: nil,
                stroke: Stroke(.solid(p.pipTodo.color), width: w))
        }
    }

    /// A node whose path is already in layout units.
    private mutating func appendRaw(
        _ part: String, _ role: NodeRole, _ token: String, _ path: ViewportPath,
        fill: Paint?, stroke: Stroke?
    ) {
        guard var box = PathBounds.of(path.commands) else { return }
        if let stroke { box = box.insetBy(dx: -stroke.width / 2, dy: -stroke.width / 2) }
        nodes.append(
            SceneNode(
                element, on: platform, part: part, role: role, token: token, bounds: box,
                container: container, content: .path(path.commands, fill: fill, stroke: stroke)))
    }

    private func captionInk(_ ink: CaptionInk) -> GlyphInk {
        switch ink {
        case .glyphGold: return p.glyphGold
        case .glyphEdge: return p.glyphEdge
        case .glyphEdgeMuted: return p.glyphEdgeMuted
        case .coach: return p.coach
        }
    }

    mutating func captionSpark(_ ink: CaptionInk) {
        let c = captionInk(ink)
        add("spark", .text, c.token, sparkPath(12, 12, 10.4, waist: 0.17), fill: .solid(c.color), stroke: nil)
    }

    mutating func captionRing(_ ink: CaptionInk) {
        let c = captionInk(ink)
        var ring = ViewportPath()
        ring.circle(12, 12, 8.2)
        add("ring", .text, c.token, ring, fill: nil, stroke: stroke(c, 2.8))
    }

    mutating func dashedSlotIcon() {
        let (x, y, w, h) = (2.4, 6.6, 19.2, 10.8)
        var slot = ViewportPath()
        slot.roundedRect(x, y, w, h, radius: h * 0.48)
        let dash = Self.evenDash(perimeter: Self.roundedRectPerimeter(w, h, h * 0.48), period: 5.2, on: 3.0)
        add(
            "slot", .graphic, p.slotDash.token, slot, fill: nil,
            stroke: stroke(p.slotDash, 2.6, dash: dash, cap: .butt))
    }

    mutating func firstRunAppGlyph() {
        var disc = ViewportPath()
        disc.circle(12, 12, 11.4)
        add(
            "disc", .decorative, p.accent.token, disc, fill: diagonal(5, 2, 19, 22, [p.accent, p.accentDeep]),
            stroke: nil)
        var mark = ViewportPath()
        mark.circle(12, 12, 5.6)
        mark.circle(12, 12, 0.9)
        add("mark", .decorative, p.card.token, mark, fill: nil, stroke: stroke(p.card, 2.2))
    }
}

extension GlyphArt {
    /// The lit glows' peak opacities, at their centres: the drawing's, and the contrast role
    /// table's (a lit glyph's silhouette edge sits on its own glow).
    public enum GlowPeak {
        /// The flame's halo (accent).
        public static let flame = 0.55
        /// Sprout, mountain, waves and the legacy capped stones (accent).
        public static let motif = 0.5
        /// The kindling gold capstone's glow (gold mid).
        public static let kindlingCapstone = 0.35
    }
}
