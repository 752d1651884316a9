import EvidenceCore
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Synthetic scenes and backgrounds — no painter: a light kindling card with the post-fix ember
/// painted pixel by pixel (8-bit, like a real render) around a glyph centre.
@Suite struct ContrastRenderedTests {
    static let tokens = try! TokenSet.bundled()
    static let density = 2.0
    static let glyphCentre = Point(30, 30)  // dp

    static func kindlingBackground(theme: Theme = .light, size: Size = Size(120, 100)) -> RGBAImage {
        let w = Int(size.width * density)
        let h = Int(size.height * density)
        var img = RGBAImage(width: w, height: h, fill: tokens.color("widget_kindling_card", theme: theme))
        let card = CompositeColor(tokens.color("widget_kindling_card", theme: theme))
        let s = tokens.color("widget_ember_start", theme: theme)
        let e = tokens.color("widget_ember_end", theme: theme)
        for y in 0..<h {
            for x in 0..<w {
                let dx = (Double(x) + 0.5) / density - glyphCentre.x
                let dy = (Double(y) + 0.5) / density - glyphCentre.y
                img.setPixel(
                    x: x, y: y, EmberGeometry.postFix.composite(start: s, end: e, over: card, dx: dx, dy: dy).rounded)
            }
        }
        return img
    }

    static func textNode(
        token: String, at bounds: Rect, sp: Double = 11, weight: FontWeight = .bold, theme: Theme = .light
    ) -> SceneNode {
        let style = TextStyle.roboto(weight, sp: sp, fontScale: 1)
        return SceneNode(
            .newDayLine, on: .android, role: .text, token: token, bounds: bounds, container: bounds,
            content: .text(
                TextContent(
                    lines: ["New day — tap to see today's habits"], style: style,
                    color: tokens.color(token, theme: theme), lineHeight: bounds.height)))
    }

    static func scene(_ nodes: [SceneNode]) -> Scene {
        let card = Rect(x: 0, y: 0, width: 120, height: 100)
        let ember = SceneNode(
            .ember, on: .android, role: .decorative, token: "widget_ember_start",
            bounds: Rect(x: glyphCentre.x - 26, y: glyphCentre.y - 26, width: 52, height: 52), container: card,
            content: .rect(
                cornerRadius: 0,
                fill: .radial(
                    center: glyphCentre, radius: 26,
                    stops: [
                        GradientStop(0, tokens.color("widget_ember_start", theme: .light)),
                        GradientStop(1, tokens.color("widget_ember_end", theme: .light)),
                    ])))
        return Scene(size: Size(120, 100), density: density, card: card, nodes: [ember] + nodes, accessibilityLabel: "")
    }

    /// New-day text whose nearest ink honours the caption-row clearance passes (≈ 4.58:1).
    @Test func honouredClearancePasses() {
        let top = Self.glyphCentre.y + EmberLayout.captionRowClearanceDp
        let node = Self.textNode(token: "widget_stone_muted", at: Rect(x: 4, y: top, width: 100, height: 15))
        let bg = Self.kindlingBackground()
        let results = ContrastAudit.auditRendered(scene: Self.scene([node]), image: bg, background: bg)
        expectTrue(results.count == 1)  // the decorative ember is skipped
        let r = results[0]
        expectTrue(r.passes, "\(r)")
        expectTrue(r.ratio < 4.62 && r.ratio >= 4.5)
        expectTrue(r.floor == 4.5)
    }

    /// The gate catches what no token table sees: the same text moved next to the ember's centre.
    @Test func textMovedNextToTheEmberCentreFails() {
        let node = Self.textNode(
            token: "widget_stone_muted",
            at: Rect(x: Self.glyphCentre.x - 2, y: Self.glyphCentre.y + 2, width: 60, height: 15))
        let bg = Self.kindlingBackground()
        let failures = ContrastAudit.renderedFailures(scene: Self.scene([node]), image: bg, background: bg)
        expectTrue(failures.count == 1)
        let f = failures[0]
        expectTrue(f.node == "newDayLine" && f.token == "widget_stone_muted" && f.floor == 4.5)
        expectTrue(f.ratio < 4.5)
        // The worst pixel is the one nearest the ember's centre.
        let cx = Int(Self.glyphCentre.x * Self.density)
        let cy = Int(Self.glyphCentre.y * Self.density)
        expectTrue(abs(f.worstPixel.x - cx) <= 1 && abs(f.worstPixel.y - (cy + 4)) <= 1, "\(f.worstPixel)")
        expectTrue(f.description.contains("newDayLine") && f.description.contains("pixel ("))
    }

    @Test func largeTextOwesThreeToOne() {
        let node = Self.textNode(token: "widget_slot_dash", at: Rect(x: 70, y: 60, width: 40, height: 30), sp: 28)
        let bg = Self.kindlingBackground()
        let r = ContrastAudit.auditRendered(scene: Self.scene([node]), image: bg, background: bg)[0]
        expectTrue(r.floor == 3 && r.passes)  // #888B90 reads ≈ 3.33 on the bare card: fine as large text…
        let small = Self.textNode(token: "widget_slot_dash", at: Rect(x: 70, y: 60, width: 40, height: 15))
        // …not as 11sp
        expectTrue(!ContrastAudit.auditRendered(scene: Self.scene([small]), image: bg, background: bg)[0].passes)
    }

    @Test func gradientStopsAreEachChecked() {
        let card = Rect(x: 0, y: 0, width: 120, height: 100)
        let bounds = Rect(x: 80, y: 70, width: 18, height: 18)
        let graphic = SceneNode(
            .streakGlyph, on: .android, role: .graphic, token: "widget_gold_mid", bounds: bounds, container: card,
            content: .path(
                [.move(Point(80, 70)), .line(Point(98, 88)), .close],
                fill: .linear(
                    start: Point(80, 70), end: Point(80, 88),
                    stops: [GradientStop(0, Color(hex: "#1A1A1A")!), GradientStop(1, Color(hex: "#FFE066")!)]),
                stroke: nil))
        let bg = Self.kindlingBackground()
        let r = ContrastAudit.auditRendered(scene: Self.scene([graphic]), image: bg, background: bg)[0]
        expectTrue(!r.passes && r.foreground == "#FFE066" && r.floor == 3)
    }

    @Test func withoutForegroundKeepsOnlyDecoration() {
        let s = Self.scene([Self.textNode(token: "widget_ink", at: Rect(x: 0, y: 60, width: 50, height: 15))])
        expectTrue(s.withoutForeground().nodes.map(\.name) == ["ember"])
        expectTrue(s.withoutForeground().size == s.size)
    }

    @Test func inkCoverageAndRenderClosure() {
        // A text box reaching into the ember, but ink only where it is far enough away.
        let node = Self.textNode(token: "widget_stone_muted", at: Rect(x: 20, y: 30, width: 80, height: 40))
        let bg = Self.kindlingBackground()
        var image = bg
        for y in 120..<130 {
            for x in 150..<190 { image.setPixel(x: x, y: y, Self.tokens.color("widget_stone_muted", theme: .light)) }
        }
        let scene = Self.scene([node])
        expectTrue(!ContrastAudit.auditRendered(scene: scene, image: image, background: bg)[0].passes)
        expectTrue(ContrastAudit.auditRendered(scene: scene, image: image, background: bg, coverage: .ink)[0].passes)
        // Through a render closure (the painter's stand-in): foreground-free scene → background.
        let results = ContrastAudit.auditRendered(scene: scene) { s in s.nodes.count == 1 ? bg : image }
        expectTrue(results.count == 1 && !results[0].passes)
    }

    /// The painter keeps the background while it draws the frame (the decorative prefix copied on
    /// the way, the later decorative fills drawn onto the copy): wherever the audit reads it, it is
    /// the separate render of `withoutForeground()`, pixel for pixel — cards, translucent host-mode
    /// cards, embers and row tints alike — on a sweep of the real matrix (`Sweep`); and the frame
    /// itself is the frame drawn without keeping anything.
    @Test func keptBackgroundEqualsASeparateRenderWhereTheAuditReads() throws {
        let painter = CairoPainter(fonts: .shared)
        // One in 20 (every area, host mode and theme), every fixture under EVIDENCE_SWEEPS=full: a
        // one-level rounding move at a single row tint's edge shows in no sample but the whole.
        let all = try FixtureCatalog.load()
        let sweep = Sweep.sample(all, oneIn: 20) { f in
            f.id.map { [$0.area, "host \($0.hostMode)", "theme \($0.theme)"] } ?? [f.key]
        }
        var compared = 0
        for fixture in sweep {
            let scene = fixture.makeScene(painter.fonts)
            guard let regions = ContrastCheck.backgroundRegions(scene) else { continue }
            let separate = Canvas()
            let frame = Canvas()
            let plain = Canvas()
            painter.draw(scene.withoutForeground(), into: separate)
            painter.draw(scene, into: frame, keepingBackgroundIn: regions)
            painter.draw(scene, into: plain)
            expectTrue(frame.holdsBackground && !plain.holdsBackground)
            expectTrue(frame.pixelHash == plain.pixelHash, "\(fixture.key): keeping the background changed the frame")
            for r in regions {
                for y in r.y..<(r.y + r.height) {
                    for x in r.x..<(r.x + r.width) where separate.word(x: x, y: y) != frame.scratch.word(x: x, y: y) {
                        Issue.record(
                            Comment(
                                rawValue: "\(fixture.key): kept background pixel (\(x),\(y)) is "
                                    + "\(String(frame.scratch.word(x: x, y: y), radix: 16)), a separate render has "
                                    + "\(String(separate.word(x: x, y: y), radix: 16))")
                        )
                        return
                    }
                }
            }
            compared += regions.count
        }
        expectTrue(sweep.count * 25 > all.count && compared > 500, "\(sweep.count) fixtures, \(compared) regions")
    }
}
