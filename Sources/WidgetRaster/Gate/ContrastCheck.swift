import Foundation

/// The rendered contrast audit as a gate check: each text and graphic node against the pixels
/// actually beneath it (the scene rendered without its foreground), below its floor → `contrast`.
public enum ContrastCheck {
    public static let gateCheck = RenderCheck(name: "contrast") { key, scene, image, painter in
        let background = backgrounds.render(scene.withoutForeground(), painter)
        return ContrastAudit.renderedFailures(scene: scene, image: image, background: background, coverage: .ink).map { f in
            GateFailure(key: key, kind: .contrast, detail: f.description, node: f.node,
                        box: scene.nodes.first { $0.name == f.node }.map { scene.pixelRect($0.bounds) })
        }
    }

    /// Many fixtures share a background (same card, ember and tints): draw each one once.
    static let backgrounds = RenderCache()
}

/// Renders of scenes, memoised by the scene itself (a pure input → pixels function).
final class RenderCache: @unchecked Sendable {
    static let capacity = 512
    private var images: [Scene: RGBAImage] = [:]
    private let lock = NSLock()

    func render(_ scene: Scene, _ painter: CairoPainter) -> RGBAImage {
        lock.lock()
        if let hit = images[scene] { lock.unlock(); return hit }
        lock.unlock()
        let image = painter.render(scene)
        lock.lock()
        if images.count < Self.capacity { images[scene] = image }  // bounded: a few hundred MB at most
        lock.unlock()
        return image
    }
}
