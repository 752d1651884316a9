/// The rendered contrast audit as a gate check: each text and graphic node against the pixels
/// actually beneath it (the scene rendered without its foreground), below its floor → `contrast`.
public enum ContrastCheck {
    public static let gateCheck = RenderCheck(name: "contrast") { key, scene, image, painter in
        let background = painter.render(scene.withoutForeground())
        return ContrastAudit.renderedFailures(scene: scene, image: image, background: background, coverage: .ink).map {
            GateFailure(key: key, kind: .contrast, detail: $0.description)
        }
    }
}
