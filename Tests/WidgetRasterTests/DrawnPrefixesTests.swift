import EvidenceCore
import Foundation
import Testing
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// A frame drawn from a kept decorative prefix is the frame drawn from scratch, pixel for pixel.
@Suite struct DrawnPrefixesTests {
    static func hash(_ scene: Scene, _ painter: CairoPainter, _ canvas: Canvas = Canvas()) -> Hash128 {
        painter.draw(scene, into: canvas)
        return canvas.pixelHash
    }

    /// A spread of the real matrix (every family, state, theme and host mode turns up), drawn by
    /// one painter twice over — the second time every prefix is kept — against a fresh painter per
    /// scene, which keeps nothing it could reuse.
    @Test func keptPrefixesDrawTheFramesAFreshPainterDraws() throws {
        let fixtures = try FixtureCatalog.load()
        let scenes = stride(from: 0, to: fixtures.count, by: 19).map { fixtures[$0].makeScene(.shared) }
        let fresh = scenes.map { Self.hash($0, CairoPainter(fonts: .shared)) }
        let painter = CairoPainter(fonts: .shared)
        let canvas = Canvas()
        for _ in 0..<2 {
            let reused = scenes.map { Self.hash($0, painter, canvas) }
            expectTrue(reused == fresh)
        }
    }

    /// A prefix that leaves every pixel transparent may leave Cairo's note that the surface is still
    /// clear — under which the next translucent fill is drawn as a copy, not blended — so it is
    /// never reused: the second draw equals the first.
    @Test func aTransparentPrefixIsNeverReused() {
        let card = Rect(x: 0, y: 0, width: 40, height: 20)
        let clearRect = SceneNode(
            .card, on: .android, role: .decorative, token: "", bounds: card, container: card,
            content: .rect(cornerRadius: 0, fill: .solid(Color(r: 10, g: 20, b: 30, a: 0))))
        let veil = SceneNode(
            .gauge, on: .android, role: .graphic, token: "", bounds: Rect(x: 3.3, y: 2.7, width: 30.1, height: 12.9),
            container: card, content: .rect(cornerRadius: 5.2, fill: .solid(Color(r: 200, g: 90, b: 40, a: 77))))
        let scene = Scene(size: Size(40, 20), density: 3, card: card, nodes: [clearRect, veil], accessibilityLabel: "")
        let painter = CairoPainter(fonts: .shared)
        let canvas = Canvas()
        let first = Self.hash(scene, painter, canvas)
        expectTrue(Self.hash(scene, painter, canvas) == first)
        expectTrue(Self.hash(scene, CairoPainter(fonts: .shared)) == first)
    }
}

/// A path node drawn from kept pixels is the node drawn by Cairo: its region holds every pixel it
/// can change, and a node over nothing drawn yet is never taken from what was kept.
@Suite struct DrawnNodesTests {
    /// Every path node of a spread of the matrix changes only pixels inside `DrawnNodes.region`:
    /// the frame with the node and the frame without it differ nowhere else.
    @Test func aPathNodeChangesNothingOutsideItsRegion() throws {
        let fixtures = try FixtureCatalog.load()
        var checked = 0
        for scene in stride(from: 0, to: fixtures.count, by: 97).map({ fixtures[$0].makeScene(.shared) }) {
            for (k, node) in scene.nodes.enumerated() where k > 0 {
                guard case .path = node.content else { continue }
                var without = scene
                var with = scene
                without.nodes = Array(scene.nodes[..<k])
                with.nodes = Array(scene.nodes[...k])
                let a = CairoPainter(fonts: .shared).render(without)
                let b = CairoPainter(fonts: .shared).render(with)
                let region = try #require(
                    DrawnNodes.region(of: node, density: scene.density, width: a.width, height: a.height))
                for y in 0..<a.height {
                    for x in 0..<a.width where a.pixel(x: x, y: y) != b.pixel(x: x, y: y) {
                        expectTrue(
                            region.x <= x && x < region.x + region.width && region.y <= y
                                && y < region.y + region.height,
                            "\(node.name) changed (\(x),\(y)) outside \(region)")
                    }
                }
                checked += 1
            }
        }
        expectTrue(checked > 50)
    }

    /// Over transparent pixels Cairo may still count the surface as clear and draw the path as a
    /// copy rather than a blend: such a node is always drawn. Here the veil is first drawn after a
    /// dot elsewhere (the surface no longer clear), then first on a clear surface: the second frame
    /// must be the one a fresh painter draws.
    @Test func aPathOverNothingIsAlwaysDrawn() {
        let card = Rect(x: 0, y: 0, width: 40, height: 20)
        func rect(_ r: Rect, _ c: Color) -> SceneNode {
            SceneNode(
                .card, on: .android, role: .decorative, token: "", bounds: r, container: card,
                content: .rect(cornerRadius: 0, fill: .solid(c)))
        }
        // A translucent rounded box: on a surface Cairo counts as clear it is copied, not blended, and
        // one of its edge pixels then rounds differently.
        let box = Rect(x: 3.3, y: 2.7, width: 30.1, height: 12.9)
        let r = 5.2
        let veil = SceneNode(
            .gauge, on: .android, role: .graphic, token: "", bounds: box, container: card,
            content: .path(
                [
                    .arc(center: Point(box.maxX - r, box.minY + r), radius: r, start: -.pi / 2, end: 0),
                    .arc(center: Point(box.maxX - r, box.maxY - r), radius: r, start: 0, end: .pi / 2),
                    .arc(center: Point(box.minX + r, box.maxY - r), radius: r, start: .pi / 2, end: .pi),
                    .arc(center: Point(box.minX + r, box.minY + r), radius: r, start: .pi, end: 3 * .pi / 2), .close,
                ],
                fill: .solid(Color(r: 200, g: 90, b: 40, a: 77)), stroke: nil))
        func scene(_ first: SceneNode) -> Scene {
            Scene(size: Size(40, 20), density: 3, card: card, nodes: [first, veil], accessibilityLabel: "")
        }
        let afterDot = scene(rect(Rect(x: 36, y: 17, width: 3, height: 2), Color(r: 9, g: 9, b: 9)))
        let onClear = scene(rect(card, Color(r: 1, g: 2, b: 3, a: 0)))
        let painter = CairoPainter(fonts: .shared)
        let canvas = Canvas()
        _ = DrawnPrefixesTests.hash(afterDot, painter, canvas)
        expectTrue(
            DrawnPrefixesTests.hash(onClear, painter, canvas)
                == DrawnPrefixesTests.hash(onClear, CairoPainter(fonts: .shared)))
    }
}

/// Every scaled font a painter draws with is held once while it lives (Cairo 1.16 could destroy a
/// dropped font while another worker showed glyphs with it): a scene drawn again holds no new one,
/// a new size holds one more, and the pixels are the ones a painter holding nothing draws.
@Suite struct ScaledFontPinsTests {
    @Test func aFontDrawnAgainIsTheOneHeld() {
        let card = Rect(x: 0, y: 0, width: 120, height: 40)
        func scene(_ size: Double) -> Scene {
            let text = SceneNode(
                .caption, on: .android, role: .text, token: "", bounds: card, container: card,
                content: .text(
                    TextContent(
                        lines: ["Held \(size)"], style: TextStyle(.roboto, .regular, size: size), color: .black,
                        lineHeight: 24)))
            return Scene(size: Size(120, 40), density: 3, card: card, nodes: [text], accessibilityLabel: "")
        }
        let painter = CairoPainter(fonts: .shared)
        expectTrue(painter.heldFonts == 0)
        let first = DrawnPrefixesTests.hash(scene(17.37), painter)
        expectTrue(painter.heldFonts == 1)
        expectTrue(DrawnPrefixesTests.hash(scene(17.37), painter) == first)
        expectTrue(painter.heldFonts == 1)
        _ = DrawnPrefixesTests.hash(scene(17.41), painter)
        expectTrue(painter.heldFonts == 2)
        expectTrue(DrawnPrefixesTests.hash(scene(17.37), CairoPainter(fonts: .shared)) == first)
    }
}
