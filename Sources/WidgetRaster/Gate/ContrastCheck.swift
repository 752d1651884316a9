import EvidenceCore
import Foundation
import WidgetScene

/// The rendered contrast audit as a gate check: each text and graphic node against the pixels
/// actually beneath it (the scene rendered without its foreground), below its floor → `contrast`.
public enum ContrastCheck {
    /// The background is kept by the painter as it draws the frame (into the frame's scratch
    /// canvas — one per worker, reused), where the audit reads it.
    public static let gateCheck = RenderCheck(
        name: "contrast", kind: .contrast, applies: applies,
        backgroundRegions: backgroundRegions
    ) { key, scene, frame, painter in
        findings(scene, frame: frame, painter: painter).filter { !$0.passes }.map {
            failure($0, key: key, scene: scene)
        }
    }

    /// A node below its floor as the gate's failure (`verify`, and `contrast --rendered`'s known split).
    /// Without the scene, no box (the roll-up of `contrast --rendered` needs only the measure).
    public static func failure(_ f: ContrastFinding, key: String, scene: Scene? = nil) -> GateFailure {
        GateFailure(
            key: key, kind: .contrast, detail: f.description, node: f.node, element: f.element.kind,
            box: scene?.pixelRect(f.bounds),
            contrast: ContrastMeasure(
                token: f.token, role: f.role.rawValue, ratio: f.ratio, floor: f.floor,
                foreground: f.foreground, background: f.background))
    }

    /// It reads the text and graphic nodes of a full-colour render (one-tint modes have no audit).
    static func applies(_ scene: Scene) -> Bool {
        !scene.rendering.isOneTint && scene.nodes.contains { $0.role != .decorative }
    }

    /// Every measured node of every fixture (passing ones too), in fixture order, drawn on
    /// `jobs` workers — `evidence contrast --rendered`.
    public static func findings(_ fixtures: [Fixture], painter: CairoPainter, jobs: Int) -> [[ContrastFinding]] {
        parallelDraw(fixtures.count, jobs: jobs) { canvas, i in
            let scene = fixtures[i].makeScene(painter.fonts)
            if scene.rendering.isOneTint { return [] }  // the colour-alone check's ground (see below)
            painter.draw(scene, into: canvas, keepingBackgroundIn: backgroundRegions(scene))
            return findings(scene, frame: canvas, painter: painter)
        }
    }

    /// The pixels the audit reads, for `CairoPainter.draw(_:into:keepingBackgroundIn:)` to keep the
    /// background in while it draws the scene; nil where there is no audit (one-tint modes).
    static func backgroundRegions(_ scene: Scene) -> [PixelRect]? {
        scene.rendering.isOneTint
            ? nil : ContrastAudit.measuredRegions(scene, width: scene.pixelWidth, height: scene.pixelHeight)
    }

    /// `scene` is already drawn in `frame`; its background is in the frame's scratch canvas where
    /// the painter kept it, or is drawn there now.
    static func findings(_ scene: Scene, frame: Canvas, painter: CairoPainter) -> [ContrastFinding] {
        // One-tint modes paint the host's tint, not the app's tokens (seed 000: the app controls
        // "layout, shape, type. Not colour."; vibrant: "no AA calculation changes", seed 001 §4). Their
        // gate is the colour-alone check.
        if scene.rendering.isOneTint { return [] }
        if !frame.holdsBackground { painter.draw(scene.withoutForeground(), into: frame.scratch) }
        return ContrastAudit.audit(scene: scene, image: frame, background: frame.scratch, coverage: .ink)
    }
}

extension ContrastCheck {
    /// The contrast check in the registry (`CheckRegistry.checks`). Measured against the pixels under
    /// the text, so where it lands is a layout outcome; colour is not a question of size, so no map
    /// counts it.
    public static let registration = CheckRegistry.Check(
        name: gateCheck.name, kind: .contrast,
        reads: "text and graphic nodes of full-colour renders against the pixels beneath them",
        stages: [.render, .contrast], render: gateCheck, remedy: .fixContrast, scope: { _, _ in .layout },
        judgedByMaps: false)
}
