import WidgetLayout
import WidgetScene
import WidgetText

/// The glyph check: every code point of every text node is drawn by some face of its fallback
/// chain. A phone never shows a `.notdef` box where a title has a real character, so a render
/// that does is not evidence of anything; it fails naming the node and the code point.
public enum GlyphCoverageCheck {
    public struct Finding: Equatable, Sendable, CustomStringConvertible {
        /// The node's display name.
        public var node: String
        public var element: SceneElement
        public var missing: [Unicode.Scalar]
        /// The chain that was tried, primary first.
        public var fonts: [String]
        public var description: String {
            "\(node): \(missing.map(Self.codePoint).joined(separator: ", ")) has no glyph in "
                + "\(fonts.joined(separator: ", "))"
                + " (drawn as a .notdef box)"
        }
        /// `U+1F8B0`: at least four hex digits, upper case.
        public static func codePoint(_ s: Unicode.Scalar) -> String {
            let hex = String(s.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
    }

    public static func findings(in scene: Scene, fonts: FontLibrary) -> [Finding] {
        scene.nodes.compactMap { node in
            guard case .text(let t) = node.content else { return nil }
            var missing: [Unicode.Scalar] = []
            for line in t.lines {
                for s in fonts.missingGlyphs(line, style: t.style) where !missing.contains(s) { missing.append(s) }
            }
            return missing.isEmpty
                ? nil
                : Finding(
                    node: node.name, element: node.element, missing: missing, fonts: fonts.chainFileNames(t.style))
        }
    }

    /// The check as the gate runs it: each node with missing glyphs fails the fixture as `missing-glyph`.
    public static let gateCheck = RenderCheck(
        name: "glyphs", kind: .missingGlyph,
        applies: { s in
            s.nodes.contains { if case .text = $0.content { true } else { false } }
        }
    ) { key, scene, _, painter in
        findings(in: scene, fonts: painter.fonts).map {
            GateFailure(key: key, kind: .missingGlyph, detail: $0.description, node: $0.node, element: $0.element.kind)
        }
    }
}

extension GlyphCoverageCheck {
    /// The glyph coverage check in the registry (`CheckRegistry.checks`): a glyph's coverage does not
    /// move with size or type scale.
    public static let registration = CheckRegistry.Check(
        name: gateCheck.name, kind: .missingGlyph, reads: "every code point of every text node",
        stages: [.render], render: gateCheck, remedy: .fixGlyph, scope: { _, _ in .unsized }, judgedByMaps: true)
}
