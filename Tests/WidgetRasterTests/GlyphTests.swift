import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene

@testable import WidgetRaster

@Suite struct GlyphTests {
    static let rects: [Rect] = [
        Rect(x: 0, y: 0, width: 18, height: 18),  // the streak-block envelope
        Rect(x: 31.5, y: 7.25, width: 13, height: 13),  // the new-day icon
        Rect(x: 5, y: 40, width: 11, height: 11),  // an 11 sp caption glyph
        Rect(x: 10, y: 10, width: 20, height: 8),  // a pip
        Rect(x: 2, y: 3, width: 40, height: 26),  // non-square: centred square
        Rect(x: 0, y: 0, width: 64, height: 64),
    ]
    static let bigContainer = Rect(x: -100, y: -100, width: 300, height: 300)

    static func nodes(
        _ kind: GlyphKind, _ rect: Rect, container: Rect = bigContainer,
        palette: GlyphPalette = .light
    ) -> [SceneNode] {
        GlyphArt.nodes(kind, in: rect, container: container, palette: palette, element: .streakGlyph, on: .android)
    }
    static func part(_ node: SceneNode) -> String { node.part ?? "" }

    @Test(arguments: GlyphKind.allCases)
    func boundsInsideRectAndNonEmpty(_ kind: GlyphKind) {
        for theme in Theme.allCases {
            for rect in Self.rects {
                let nodes = Self.nodes(kind, rect, palette: theme == .light ? .light : .dark)
                expectTrue(!nodes.isEmpty, "\(kind.id) drew nothing in \(rect)")
                let allowance = GlyphArt.glowAllowance(for: rect)
                for n in nodes {
                    expectTrue(n.bounds.width > 0 && n.bounds.height > 0, "\(n.name) empty")
                    expectTrue(n.container == Self.bigContainer)
                    expectTrue(n.name == "streak-glyph." + Self.part(n) && !Self.part(n).isEmpty)
                    if Self.part(n) == "glow" {
                        expectTrue(
                            rect.insetBy(dx: -allowance, dy: -allowance).contains(n.bounds, tolerance: 1e-9),
                            "\(kind.id) glow \(n.bounds) beyond \(rect) + \(allowance)")
                    } else {
                        expectTrue(
                            rect.contains(n.bounds, tolerance: 1e-9), "\(kind.id) \(n.name) \(n.bounds) outside \(rect)"
                        )
                    }
                }
            }
        }
    }

    @Test(arguments: GlyphKind.allCases)
    func glowNeverLeavesATightContainer(_ kind: GlyphKind) {
        let rect = Rect(x: 4, y: 4, width: 18, height: 18)
        for n in Self.nodes(kind, rect, container: rect) {
            expectTrue(rect.contains(n.bounds, tolerance: 1e-9), "\(n.name) \(n.bounds)")
            expectTrue(n.container == rect)
        }
    }

    /// The role table from the brief / seed 000: silhouettes and state-carrying marks are graphic
    /// (3:1), caption glyphs are text (4.5:1), glows and inner decoration are decorative.
    static func expectedRole(_ kind: GlyphKind, part: String) -> NodeRole {
        if part == "glow" { return .decorative }
        switch kind {
        case .captionSpark, .captionRing: return .text
        case .restMoon, .firstRunAppGlyph: return .decorative
        case .pip, .doneCheck, .newDaySun, .dashedSlotIcon: return .graphic
        case .flame, .stones, .sprout, .mountain, .waves:
            return ["core", "spark", "cap", "stem.accent", "crest-1.accent", "crest-2.accent"].contains(part)
                ? .decorative : .graphic
        }
    }

    @Test(arguments: GlyphKind.allCases)
    func rolesAndTokens(_ kind: GlyphKind) {
        let tokens = Set(GlyphPalette.light.all.map(\.token))
        for n in Self.nodes(kind, Self.rects[0]) {
            expectTrue(n.role == Self.expectedRole(kind, part: Self.part(n)), "\(kind.id) \(n.name) is \(n.role)")
            expectTrue(tokens.contains(n.token), "\(n.name) token \(n.token)")
        }
    }

    @Test func specificTokens() {
        func tokens(_ k: GlyphKind) -> [String: String] {
            Dictionary(uniqueKeysWithValues: Self.nodes(k, Self.rects[0]).map { (Self.part($0), $0.token) })
        }
        expectTrue(tokens(.flame(.lit))["body"] == "widget_glyph_edge")
        expectTrue(tokens(.flame(.muted))["body"] == "widget_glyph_edge_muted")
        expectTrue(tokens(.stones(.openSlot, kindling: true))["slot"] == "widget_capstone_dash")
        expectTrue(tokens(.restMoon)["moon"] == "widget_muted")
        expectTrue(tokens(.doneCheck)["check"] == "widget_success")
        expectTrue(tokens(.pip(done: true))["done"] == "widget_success")
        expectTrue(tokens(.pip(done: false))["todo"] == "widget_border")
        expectTrue(tokens(.captionSpark(.glyphGold))["spark"] == "widget_glyph_gold")
        expectTrue(tokens(.captionSpark(.glyphEdge))["spark"] == "widget_glyph_edge")
        expectTrue(tokens(.captionRing(.glyphEdgeMuted))["ring"] == "widget_glyph_edge_muted")
        expectTrue(tokens(.captionSpark(.coach))["spark"] == "widget_coach")
        expectTrue(tokens(.sprout(.lit))["stem.edge"] == "widget_glyph_edge")
        expectTrue(tokens(.sprout(.lit))["stem.accent"] == "widget_accent")
    }

    /// Seed: every motif's filled shapes carry fill + edge on one path, the edge at the shared width.
    @Test(arguments: [
        GlyphKind.flame(.lit), .flame(.muted), .flame(.baseline), .stones(.capped, kindling: true),
        .stones(.solid, kindling: false), .sprout(.lit), .sprout(.muted), .mountain(.baseline),
    ])
    func filledSilhouettesCarryTheEdge(_ kind: GlyphKind) {
        let edge = GlyphArt.edge * 18 / 24
        let filled = Self.nodes(kind, Self.rects[0]).filter {
            if case .path(_, let fill?, _) = $0.content {
                return $0.role == .graphic && fill != .solid(.clear)
            } else {
                return false
            }
        }
        expectTrue(!filled.isEmpty)
        for n in filled {
            guard case .path(_, _, let stroke?) = n.content else {
                Issue.record("\(n.name) has no edge")
                continue
            }
            expectTrue(abs(stroke.width - edge) < 1e-9, "\(n.name) edge \(stroke.width)")
            expectTrue(stroke.dash.isEmpty)
        }
    }

    /// Seed: stroked forms get an under-stroke pair — edge width − accent width = the edge.
    @Test(arguments: [
        GlyphKind.sprout(.lit), .sprout(.muted), .sprout(.baseline), .waves(.lit), .waves(.muted), .waves(.baseline),
    ])
    func strokedFormsHaveUnderStrokePairs(_ kind: GlyphKind) {
        let nodes = Self.nodes(kind, Self.rects[0])
        let scale = 18.0 / 24
        func width(_ part: String) -> Double? {
            guard let n = nodes.first(where: { Self.part($0) == part }), case .path(_, nil, let s?) = n.content else {
                return nil
            }
            return s.width
        }
        let pairs: [(String, Double, Double)]
        switch kind {
        case .sprout: pairs = [("stem", 3.93, 2.6)]
        default: pairs = [("crest-1", 4.96, 3.63), ("crest-2", 4.56, 3.23)]
        }
        for (stem, edgeW, accentW) in pairs {
            let e = width(stem + ".edge")
            let a = width(stem + ".accent")
            expectTrue(e != nil && a != nil)
            guard let e, let a else { continue }
            expectTrue(abs(e - edgeW * GlyphArt.seedWidthToViewport * scale) < 1e-9)
            expectTrue(abs(a - accentW * GlyphArt.seedWidthToViewport * scale) < 1e-9)
            expectTrue(abs((e - a) - GlyphArt.edge * scale) < 1e-9)
            // Edge first (under), accent after (over).
            let ei = nodes.firstIndex { Self.part($0) == stem + ".edge" }!
            let ai = nodes.firstIndex { Self.part($0) == stem + ".accent" }!
            expectTrue(ei < ai)
        }
    }

    @Test func capstoneDashIs1point4dp() {
        let slot = Self.nodes(.stones(.openSlot, kindling: true), Self.rects[0]).first { Self.part($0) == "slot" }
        guard case .path(_, nil, let s?)? = slot?.content else {
            Issue.record("no dashed slot")
            return
        }
        expectTrue(abs(s.width - 1.4) < 1e-9)
        expectTrue(s.dash.count == 2 && s.dash.allSatisfy { $0 > 0 })
    }

    @Test(arguments: [GlyphKind.flame, GlyphKind.sprout, GlyphKind.mountain, GlyphKind.waves])
    func motifStatesDiffer(_ make: @Sendable (GlyphState) -> GlyphKind) {
        let lit = Self.nodes(make(.lit), Self.rects[0])
        let muted = Self.nodes(make(.muted), Self.rects[0])
        let baseline = Self.nodes(make(.baseline), Self.rects[0])
        expectTrue(lit != muted && lit != baseline && muted != baseline)
        // Lit carries a glow; muted and baseline never do.
        expectTrue(lit.contains { Self.part($0) == "glow" })
        expectTrue(!muted.contains { Self.part($0) == "glow" })
        expectTrue(!baseline.contains { Self.part($0) == "glow" })
        // Muted draws with the muted edge; lit and baseline with the full edge.
        expectTrue(muted.filter { $0.role == .graphic }.allSatisfy { $0.token == "widget_glyph_edge_muted" })
        expectTrue(lit.filter { $0.role == .graphic }.allSatisfy { $0.token == "widget_glyph_edge" })
        // Lit's silhouette fill is a gradient; muted and baseline are flat.
        func fills(_ ns: [SceneNode]) -> [Paint] {
            ns.compactMap {
                if case .path(_, let f?, _) = $0.content, $0.role == .graphic { return f } else { return nil }
            }
        }
        for f in fills(muted) + fills(baseline) { if case .solid = f {} else { Issue.record("flat expected") } }
        if case .flame = make(.lit) {
            // The flame's lit state has a gold core spark; the muted flame has no core at all.
            expectTrue(lit.contains { Self.part($0) == "spark" })
            expectTrue(!muted.contains { Self.part($0) == "core" || Self.part($0) == "spark" })
        }
    }

    /// Stones' state is shape-coded: only the open slot is dashed, and it has no filled capstone.
    @Test(arguments: [false, true])
    func stoneStatesAreShapeCoded(_ kindling: Bool) {
        func dashed(_ ns: [SceneNode]) -> Bool {
            ns.contains { if case .path(_, _, let s?) = $0.content { return !s.dash.isEmpty } else { return false } }
        }
        let capped = Self.nodes(.stones(.capped, kindling: kindling), Self.rects[0])
        let open = Self.nodes(.stones(.openSlot, kindling: kindling), Self.rects[0])
        let solid = Self.nodes(.stones(.solid, kindling: kindling), Self.rects[0])
        expectTrue(dashed(open) && !dashed(capped) && !dashed(solid))
        expectTrue(!open.contains { Self.part($0) == "capstone" })
        expectTrue(capped.contains { Self.part($0) == "capstone" } && solid.contains { Self.part($0) == "capstone" })
        expectTrue(capped.contains { Self.part($0) == "glow" } && !solid.contains { Self.part($0) == "glow" })
        expectTrue(Set(capped) != Set(solid) && Set(capped) != Set(open))
        if kindling {
            // The gold capstone gradient is kindling's extended arm.
            let cap = capped.first { Self.part($0) == "capstone" }!
            guard case .path(_, .linear(_, _, let stops)?, _) = cap.content else {
                Issue.record("capstone not a gradient")
                return
            }
            expectTrue(
                stops.map(\.color) == [
                    GlyphPalette.light.goldTop.color, GlyphPalette.light.goldMid.color,
                    GlyphPalette.light.goldBot.color,
                ])
        }
        expectTrue(
            Self.nodes(.stones(.capped, kindling: false), Self.rects[0])
                != Self.nodes(.stones(.capped, kindling: true), Self.rects[0]))
    }

    /// Pips are shape-coded (seed "Host rendering modes"): filled when done, outline when not.
    @Test func pipsAreShapeCoded() {
        let r = Self.rects[3]
        guard case .path(_, let doneFill, let doneStroke) = Self.nodes(.pip(done: true), r)[0].content,
            case .path(_, let todoFill, let todoStroke) = Self.nodes(.pip(done: false), r)[0].content
        else {
            Issue.record("pips are paths")
            return
        }
        expectTrue(doneFill != nil && doneStroke == nil)
        expectTrue(todoFill == nil && todoStroke != nil)
        expectTrue(abs(todoStroke!.width - 1.5) < 1e-9)
        expectTrue(Self.nodes(.pip(done: true), r)[0].bounds == r)
    }

    static func render(_ nodes: [SceneNode], size: Size, density: Double = 2) -> RGBAImage {
        let card = Rect(x: 0, y: 0, width: size.width, height: size.height)
        return CairoPainter(fonts: .shared).render(
            Scene(size: size, density: density, card: card, nodes: nodes, accessibilityLabel: ""))
    }

    /// Each node's painted ink lies within its own bounds (± half a pixel of antialiasing at 2×),
    /// and the glyph as a whole paints something.
    @Test(arguments: GlyphKind.allCases)
    func inkStaysInsideBounds(_ kind: GlyphKind) {
        let rect = Rect(x: 10, y: 10, width: 18, height: 18)
        let nodes = Self.nodes(kind, rect, container: Rect(x: 0, y: 0, width: 38, height: 38))
        var total = 0
        for n in nodes {
            let image = Self.render([n], size: Size(38, 38))
            let u = n.bounds
            var inked = 0
            scan: for y in 0..<image.height {
                for x in 0..<image.width where image.pixel(x: x, y: y).a > 0 {
                    inked += 1
                    let px = Double(x) / 2
                    let py = Double(y) / 2  // the pixel covers [px, px + 0.5)
                    let inside =
                        px + 0.5 > u.minX - 0.25 && px < u.maxX + 0.25 && py + 0.5 > u.minY - 0.25 && py < u.maxY + 0.25
                    if !inside {
                        Issue.record("\(n.name): ink at (\(px), \(py)) outside \(u)")
                        break scan
                    }
                }
            }
            expectTrue(inked > 0, "\(n.name) painted nothing")
            total += inked
        }
        expectTrue(total > 20, "\(kind.id) painted \(total) pixels")
    }

    @Test func renderingIsDeterministic() {
        let a = CairoPainter(fonts: .shared).render(GlyphContactSheet.naturalSheet())
        let b = CairoPainter(fonts: .shared).render(GlyphContactSheet.naturalSheet())
        expectTrue(a == b)
        expectTrue(
            GlyphArt.nodes(
                .flame(.lit), in: Self.rects[0], container: Self.bigContainer, palette: .dark, element: .streakGlyph,
                on: .android)
                == GlyphArt.nodes(
                    .flame(.lit), in: Self.rects[0], container: Self.bigContainer, palette: .dark,
                    element: .streakGlyph, on: .android))
    }

    @Test func paletteReadsTheTokenSet() throws {
        var tokens = try TokenSet.bundled()
        tokens.night["widget_accent"] = Color(hex: "#123456")!
        let custom = GlyphPalette(tokens: tokens, theme: .dark)
        expectTrue(custom.accent == GlyphInk("widget_accent", Color(hex: "#123456")!))
        expectTrue(custom.glyphEdge.color == Color(hex: "#FFE4C6"))
        expectTrue(GlyphPalette.light.glyphGold.color == Color(hex: "#7A5300"))
        expectTrue(GlyphPalette.dark.capstoneDash.color == Color(hex: "#B5AA93"))
        // Every token the palette reads is declared in the bundled token files (no magenta fallbacks).
        expectTrue(GlyphPalette.light.all.allSatisfy { $0.color != TokenSet.missing })
        expectTrue(GlyphPalette.dark.all.allSatisfy { $0.color != TokenSet.missing })
    }

    /// Every kind the widget can draw: the list, and what the streak decision answers for every
    /// motif, tone and body (the caption decision's answers are the list's spark, ring and slot).
    static var reachable: Set<GlyphKind> {
        var kinds = Set(GlyphKind.allCases)
        for m in StreakMotif.allCases {
            for t in GlyphTone.allCases {
                for kindling in [false, true] {
                    kinds.insert(.streak(StreakGlyph(motif: m, tone: t), kindling: kindling))
                }
            }
        }
        return kinds
    }

    /// A motif has a kindling drawing exactly where the streak decision gives it one, in some tone.
    @Test(arguments: StreakMotif.allCases)
    func kindlingDrawingIsTheStreakDecisions(_ motif: StreakMotif) {
        let differs = GlyphTone.allCases.contains { tone in
            let g = StreakGlyph(motif: motif, tone: tone)
            return GlyphKind.streak(g, kindling: true) != GlyphKind.streak(g, kindling: false)
        }
        expectTrue(motif.hasKindlingDrawing == differs)
    }

    @Test func everyKindHasADistinctId() {
        let byId = Dictionary(grouping: Self.reachable, by: \.id)
        expectTrue(byId.count == Self.reachable.count, "shared: \(byId.filter { $0.value.count > 1 }.keys.sorted())")
        // The list is what the contact sheet and these tests draw: each kind once, none left out.
        expectTrue(
            Set(GlyphKind.allCases) == Self.reachable && Set(GlyphKind.allCases).count == GlyphKind.allCases.count)
    }
}

extension GlyphPalette {
    /// The bundled tokens, for tests.
    static let light = GlyphPalette(tokens: try! TokenSet.bundled(), theme: .light)
    static let dark = GlyphPalette(tokens: try! TokenSet.bundled(), theme: .dark)
}
