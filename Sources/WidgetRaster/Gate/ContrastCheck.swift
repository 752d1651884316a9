import Foundation

/// The rendered contrast audit as a gate check: each text and graphic node against the pixels
/// actually beneath it (the scene rendered without its foreground), below its floor → `contrast`.
public enum ContrastCheck {
    /// The background is drawn into the frame's scratch canvas — one per worker, reused — rather
    /// than cached: a foreground-free scene is a few fills, cheaper to redraw than to keep.
    public static let gateCheck = RenderCheck(name: "contrast") { key, scene, frame, painter in
        findings(scene, frame: frame, painter: painter).filter { !$0.passes }.map { f in
            GateFailure(key: key, kind: .contrast, detail: f.description, node: f.node,
                        box: scene.nodes.first { $0.name == f.node }.map { scene.pixelRect($0.bounds) })
        }
    }

    /// Every measured node of every fixture (passing ones too), in fixture order, drawn on
    /// `jobs` workers — `evidence contrast --rendered`.
    public static func findings(_ fixtures: [Fixture], painter: CairoPainter, jobs: Int) -> [[ContrastFinding]] {
        parallelDraw(fixtures.count, jobs: jobs) { canvas, i in
            let scene = fixtures[i].makeScene(painter.fonts)
            if scene.rendering.isOneTint { return [] }  // the colour-alone check's ground (see below)
            painter.draw(scene, into: canvas)
            return findings(scene, frame: canvas, painter: painter)
        }
    }

    /// `scene` is already drawn in `frame`; its background goes into the frame's scratch canvas.
    static func findings(_ scene: Scene, frame: Canvas, painter: CairoPainter) -> [ContrastFinding] {
        // One-tint modes paint the host's tint, not the app's tokens (seed 000: the app controls
        // "layout, shape, type. Not colour."; vibrant: "no AA calculation changes", seed 001 §4). Their
        // gate is the colour-alone check.
        if scene.rendering.isOneTint { return [] }
        let background = frame.scratch
        painter.draw(scene.withoutForeground(), into: background)
        return ContrastAudit.audit(scene: scene, image: frame, background: background, coverage: .ink)
    }
}
