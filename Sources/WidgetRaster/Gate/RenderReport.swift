import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// What `render --json` prints: what was drawn, in drawing order, and what the checks found.
public struct RenderReport: Codable, Sendable {
    public struct Finding: Codable, Sendable {
        public var kind: FailureKind
        public var node: String
        /// The node's element kind (what known findings match; not written to JSON).
        public var element: ElementKind?
        public var detail: String
        /// Listed in known-findings.json: reported every time, never a failure; `seed` is its passage.
        public var known = false
        /// Its entry's passage, or (outside scope) the seed boundary's (`SeedScope`).
        public var seed: String?
        /// `spec-gap`, `known`, `outside-scope` or `failure` (issue #51); written as `class`.
        public var findingClass = FindingClass.failure
        /// Outside scope: the boundary the render crossed.
        public var boundary: String?
        /// Its check does not fail the gate yet (`CheckRegistry.Check.enforced`): reported, never a failure.
        public var advisory: Bool
        public init(kind: FailureKind, node: String, element: ElementKind?, detail: String) {
            self.kind = kind
            self.node = node
            self.element = element
            self.detail = detail
            advisory = CheckRegistry.advisoryKinds.contains(kind)
        }
        enum CodingKeys: String, CodingKey {
            case kind, node, detail, findingClass = "class", known, seed, boundary, advisory
        }

        /// Classifies the finding (`KnownFindings.classify`): known when the file lists it for `key`, a
        /// render drawn from `facts`, with the entry's class; else outside scope where `SeedScope` says.
        public func marked(_ known: KnownFindings, key: String, facts: RenderFacts? = nil) -> Finding {
            var f = self
            let c = known.classify(
                [GateFailure(key: key, kind: kind, detail: detail, node: node, element: element)], facts: facts)
            if let m = c.known.first ?? c.outsideScope.first {
                f.known = m.findingClass != .outsideScope
                f.seed = m.seed
                f.findingClass = m.findingClass
                f.boundary = m.boundary
            }
            return f
        }
    }
    /// One pip of Small's pip row, left to right.
    public struct Pip: Codable, Sendable {
        public var filled: Bool
        public var size: Size
    }
    public var platform: Platform
    public var family: String
    /// Layout units (dp / pt) and pixels.
    public var size: Size
    public var pixelWidth: Int
    public var pixelHeight: Int
    public var state: WidgetState
    public var reactive: ReactiveTreatment?
    public var motif: StreakMotif
    public var kindling: Bool
    /// Every visible string in drawing order.
    public var texts: [String]
    /// Elements not drawn and why (e.g. `line3`: "dropped by ViewThatFits: …"); iOS only.
    public var hidden: [String: String]
    public var accessibilityLabel: String
    /// Small's pip row (empty when none is drawn): it must agree with "N of M done".
    public var pips: [Pip]
    public var findings: [Finding]
    /// The findings counted by class (issue #51), spec gaps first.
    public var findingClasses: FindingCounts

    /// Runs the registry's render checks (`CheckRegistry.renderChecks`) on a drawn widget; findings
    /// `known` lists for `key` are marked known with their seed passage.
    public init(
        _ r: RenderedWidget, image: RGBAImage, painter: CairoPainter, known: KnownFindings = KnownFindings(),
        key: String = "render"
    ) {
        platform = r.platform
        family = r.family
        size = r.scene.size
        pixelWidth = r.scene.pixelWidth
        pixelHeight = r.scene.pixelHeight
        state = r.resolved.state
        reactive = r.resolved.reactive
        motif = r.resolved.motif
        kindling = r.resolved.kindling
        texts = r.scene.visibleText
        hidden = r.hidden
        accessibilityLabel = r.scene.accessibilityLabel
        findings = Self.findings(r.scene, image: image, painter: painter, known: known, key: key, facts: r.facts)
        findingClasses = FindingCounts(findings.map(\.findingClass))
        pips = Self.pips(r.scene)
    }

    /// The registry's render checks on a drawn scene, known findings marked. `checks`: a map runs
    /// only those that read the scene alone, on a frame it never painted (`MapPlanner`).
    public static func findings(
        _ scene: Scene, image: RGBAImage, painter: CairoPainter, known: KnownFindings, key: String,
        facts: RenderFacts?, checks: [RenderCheck] = CheckRegistry.renderChecks
    ) -> [Finding] {
        checks.flatMap { $0.run(key, scene, image, painter, facts: facts) }
            .map {
                Finding(kind: $0.kind, node: $0.node ?? "", element: $0.element, detail: $0.detail).marked(
                    known, key: key, facts: facts)
            }
    }

    public static func pips(_ scene: Scene) -> [Pip] {
        scene.nodes.compactMap { n in
            guard case .pip(_, let filled) = n.element else { return nil }
            return Pip(filled: filled, size: Size(n.bounds.width, n.bounds.height))
        }
    }
}
