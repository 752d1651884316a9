import EvidenceCore
import WidgetLayout
import WidgetScene
import WidgetText

/// The clip check: every text and glyph node lies inside its container and the card, every text
/// line fits its box at its measured width, and no text stacks one character per line (the seed's
/// d/a/y/s bug). Reads the scene only — it catches what a pixel diff cannot name.
public enum ClipCheck {
    /// Sub-pixel slack for rounding: a quarter of a dp.
    static let tolerance = 0.25

    public struct Violation: Equatable, Sendable, CustomStringConvertible {
        /// The node's display name.
        public var node: String
        public var element: SceneElement
        public var problem: String
        /// The offending node's bounds (layout units).
        public var bounds: Rect = .zero
        public var description: String { "\(node): \(problem)" }
    }

    public static func violations(in scene: Scene, measurer: TextMeasuring) -> [Violation] {
        var out: [Violation] = []
        for node in scene.nodes where applies(to: node) {
            func violation(_ problem: String) -> Violation {
                Violation(node: node.name, element: node.element, problem: problem, bounds: node.bounds)
            }
            if !node.container.contains(node.bounds, tolerance: tolerance) {
                out.append(violation("bounds \(node.bounds) outside its container \(node.container)"))
            }
            if !scene.card.contains(node.bounds, tolerance: tolerance) {
                out.append(violation("bounds \(node.bounds) outside the card \(scene.card)"))
            }
            guard case .text(let t) = node.content else { continue }
            for line in t.lines {
                let w = measurer.advance(line, style: t.style)
                if w > node.bounds.width + tolerance {
                    out.append(
                        violation(
                            "line \"\(line)\" is \(fmt(w)) wide in a \(fmt(node.bounds.width)) box and not ellipsized"))
                }
            }
            let needed = Double(t.lines.count) * t.lineHeight
            if needed > node.bounds.height + tolerance {
                out.append(
                    violation(
                        "\(t.lines.count) lines need \(fmt(needed)) but the box is \(fmt(node.bounds.height)) tall"))
            }
            // Characters left once every "…" is taken out (by scalar: no Foundation search per line).
            let stacked = t.lines.filter { line in
                String(
                    String.UnicodeScalarView(
                        line.unicodeScalars.filter { !TextWrap.ellipsis.unicodeScalars.contains($0) })
                ).count <= 1
            }
            if t.lines.count >= 2 && stacked.count >= 2 {
                out.append(violation("wraps one character per line: \(t.lines)"))
            }
        }
        return out
    }

    /// The nodes the check reads: every text and graphic node, and decorative glyphs (the rest
    /// moon, the first-run glyph), which still must not spill off the card.
    public static func applies(to node: SceneNode) -> Bool {
        if node.role != .decorative { return true }
        if case .path = node.content { return true }
        return false
    }

    private static func fmt(_ v: Double) -> String {
        v == v.rounded() ? String(Int(v)) : String((v * 10).rounded() / 10)
    }

    /// The check as the gate runs it: each violation fails the fixture as `clipped`.
    public static let gateCheck = RenderCheck(
        name: "clip", kind: .clipped, applies: { $0.nodes.contains(where: applies(to:)) }
    ) { key, scene, _, painter in
        violations(in: scene, measurer: painter.fonts).map {
            GateFailure(
                key: key, kind: .clipped, detail: $0.description, node: $0.node, element: $0.element.kind,
                box: scene.pixelRect($0.bounds))
        }
    }
}

extension ClipCheck {
    /// The clip check in the registry (`CheckRegistry.checks`).
    public static let registration = CheckRegistry.Check(
        name: gateCheck.name, kind: .clipped,
        reads: "text and graphic nodes and decorative glyphs: bounds, container, card, measured lines",
        stages: [.render], render: gateCheck, remedy: .fixClip, scope: { f, facts in SeedScope.cutOrClip(f, facts) },
        judgedByMaps: true)
}
