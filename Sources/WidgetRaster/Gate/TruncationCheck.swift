import WidgetLayout
import WidgetScene
import WidgetText

/// The truncation check: a text node drawn with "…" whose policy says it must not be cut fails as
/// `truncated`, naming the node and the text drawn. The clip check is separate and unchanged.
public enum TruncationCheck {
    public struct Violation: Equatable, Sendable, CustomStringConvertible {
        /// The node's display name.
        public var node: String
        public var element: SceneElement
        public var drawn: String
        public var rule: TruncationRule
        /// The lines the node was drawn on: the cut is at the end of the last, where its view's line
        /// limit (or the room) stopped it — on a one-line view, its line limit.
        public var lines: Int = 1
        public var description: String {
            "\(node) drew \"\(drawn)\" — cut at the end of \(lines == 1 ? "its one line" : "line \(lines)") by its "
                + "view's line limit; a \(rule.what) must not be cut (\(rule.seed))"
        }
    }

    public static func violations(in scene: Scene) -> [Violation] {
        scene.nodes.compactMap { node in
            guard case .text(let t) = node.content else { return nil }
            // Only a cut text needs its rule.
            guard t.ellipsized || t.lines.contains(where: { $0.hasSuffix(TextWrap.ellipsis) }) else { return nil }
            let rule = node.element.truncation ?? .unlisted
            guard rule.policy == .mustNotTruncate else { return nil }
            return Violation(
                node: node.name, element: node.element, drawn: t.lines.joined(separator: " / "), rule: rule,
                lines: t.lines.count)
        }
    }

    /// It reads every text node's element ruling.
    static func applies(_ scene: Scene) -> Bool {
        scene.nodes.contains { n in
            guard case .text = n.content else { return false }
            return n.element.truncation != nil
        }
    }

    public static let gateCheck = RenderCheck(name: "truncation", kind: .truncated, applies: applies) {
        key, scene, _, _ in
        violations(in: scene).map {
            GateFailure(key: key, kind: .truncated, detail: $0.description, node: $0.node, element: $0.element.kind)
        }
    }
}

extension TruncationCheck {
    /// The truncation check in the registry (`CheckRegistry.checks`).
    public static let registration = CheckRegistry.Check(
        name: gateCheck.name, kind: .truncated,
        reads: "text nodes drawn with \"…\" and their element's truncation ruling",
        stages: [.render], render: gateCheck, remedy: .fixTruncation,
        scope: { f, facts in SeedScope.cutOrClip(f, facts) }, judgedByMaps: true)
}
