import Foundation
import Testing
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
        let painter = CairoPainter(fonts: .shared), canvas = Canvas()
        for _ in 0..<2 {
            let reused = scenes.map { Self.hash($0, painter, canvas) }
            #expect(reused == fresh)
        }
    }

    /// A prefix that leaves every pixel transparent may leave Cairo's note that the surface is still
    /// clear — under which the next translucent fill is drawn as a copy, not blended — so it is
    /// never reused: the second draw equals the first.
    @Test func aTransparentPrefixIsNeverReused() {
        let card = Rect(x: 0, y: 0, width: 40, height: 20)
        let clearRect = SceneNode(name: "nothing", role: .decorative, token: "", bounds: card, container: card,
                                  content: .rect(cornerRadius: 0, fill: .solid(Color(r: 10, g: 20, b: 30, a: 0))))
        let veil = SceneNode(name: "veil", role: .graphic, token: "", bounds: Rect(x: 3.3, y: 2.7, width: 30.1, height: 12.9),
                             container: card, content: .rect(cornerRadius: 5.2, fill: .solid(Color(r: 200, g: 90, b: 40, a: 77))))
        let scene = Scene(size: Size(40, 20), density: 3, card: card, nodes: [clearRect, veil], accessibilityLabel: "")
        let painter = CairoPainter(fonts: .shared), canvas = Canvas()
        let first = Self.hash(scene, painter, canvas)
        #expect(Self.hash(scene, painter, canvas) == first)
        #expect(Self.hash(scene, CairoPainter(fonts: .shared)) == first)
    }
}
