import Foundation

/// One widget drawn by the pipeline (resolve → copy → plan → scene), with what `render --json`
/// and `plan` report about it. Both commands go through `WidgetRenderer`, so they cannot disagree.
public struct RenderedWidget: Sendable {
    public var platform: Platform { facts.platform }
    /// The family drawn (Android: the size resolveSize picked), by its name.
    public var family: String { facts.family.name }
    public var resolved: ResolvedWidget { facts.resolved }
    public var scene: Scene
    /// One line on the layout's decisions (`rung COMPACT`, `device class 393x852 @2x`).
    public var layoutNote: String
    /// Elements the layout has but did not draw, with why (iOS: shed lines, line3 dropped by ViewThatFits).
    public var hidden: [String: String] = [:]
    /// What it was asked to show, the family the plan drew, its size and type scale (the
    /// required-content check, known findings) — `WidgetRenderer.facts`, as `plan` builds them.
    public var facts: RenderFacts
    /// Android's font scale (1 on iOS) and iOS's Dynamic Type size (`.large` on Android).
    public var fontScale: Double { facts.fontScale }
    public var textSize: DynamicTypeSize { facts.textSize }
}

/// A scene with what its builder was asked to show (`RenderFacts`), made together: the gate reads
/// the facts a fixture was drawn from, never a re-derivation from its identity. Hand-built scenes
/// (tests) carry none.
public struct DrawnScene: Sendable {
    public var scene: Scene
    public var facts: RenderFacts?
    public init(scene: Scene, facts: RenderFacts?) { self.scene = scene; self.facts = facts }
}

/// One widget through the platform's builder (resolve → copy → plan → scene), made once for what
/// `render` draws and `plan` reports.
public struct DrawnWidget: Sendable {
    public enum Plan: Sendable {
        case android(AndroidWidgetPlan)
        case ios(IOSWidgetPlan, IOSRenderRequest)
    }
    public var plan: Plan
    public var scene: Scene
    /// What it was asked to show, the family the plan drew (Android: resolveSize's pick), typed.
    public var facts: RenderFacts

    public var drawn: DrawnScene { DrawnScene(scene: scene, facts: facts) }
}

/// Renders a platform request into a scene with the given tokens, through the platform's builder.
public struct WidgetRenderer: Sendable {
    public let fonts: FontLibrary
    public let androidTokens: TokenSet
    public let iosTokens: TokenSet

    public init(fonts: FontLibrary, androidTokens: TokenSet, iosTokens: TokenSet) {
        self.fonts = fonts; self.androidTokens = androidTokens; self.iosTokens = iosTokens
    }

    /// The one pass through the builders that `render`, `plan` and the catalog share.
    public func draw(_ target: RenderTarget) -> DrawnWidget {
        Self.draw(target, android: AndroidSceneBuilder(fonts: fonts, tokens: androidTokens), ios: IOSSceneBuilder(fonts: fonts, tokens: iosTokens))
    }

    /// The same pass with given builders (the contrast audit draws the catalog with its own tokens).
    public static func draw(_ target: RenderTarget, android builder: AndroidSceneBuilder, ios: IOSSceneBuilder) -> DrawnWidget {
        switch target {
        case .android(let r):
            let (w, plan) = builder.plan(r)
            let scene = builder.scene(w, plan, r)
            return DrawnWidget(plan: .android(plan), scene: scene,
                               facts: RenderFacts(family: .android(plan.size), resolved: w, size: scene.size, fontScale: r.fontScale))
        case .ios(let r):
            let builder = ios
            let (w, plan) = builder.plan(r)
            let scene = builder.scene(w, plan, r)
            return DrawnWidget(plan: .ios(plan, r), scene: scene,
                               facts: RenderFacts(family: .ios(r.family), resolved: w, size: scene.size, textSize: r.textSize))
        }
    }

    public func render(_ target: RenderTarget) throws(InputError) -> RenderedWidget {
        let d = draw(target)
        switch d.plan {
        case .android(let plan):
            return RenderedWidget(scene: d.scene, layoutNote: plan.rung.map { "rung \($0.rawValue)" } ?? "", facts: d.facts)
        case .ios(let plan, let r):
            let mode = r.family.isAccessory ? ", vibrant" : r.hostMode == .full ? "" : ", host mode \(r.hostMode.rawValue)"
            return RenderedWidget(scene: d.scene,
                                  layoutNote: "\(r.deviceClass.map { "device class \($0)" } ?? "explicit size") @\(Int(r.scale))x, text size \(r.textSize.rawValue)\(mode)",
                                  hidden: plan.hiddenByName, facts: d.facts)
        }
    }

    /// The key an ad-hoc render's findings carry (known findings match it by conditions, not by key).
    public static func adHocKey(_ facts: RenderFacts) -> String { "render/\(facts.platform.rawValue)/\(facts.family.name)" }
}

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
            self.kind = kind; self.node = node; self.element = element; self.detail = detail
            advisory = CheckRegistry.advisoryKinds.contains(kind)
        }
        enum CodingKeys: String, CodingKey { case kind, node, detail, findingClass = "class", known, seed, boundary, advisory }

        /// Classifies the finding (`KnownFindings.classify`): known when the file lists it for `key`, a
        /// render drawn from `facts`, with the entry's class; else outside scope where `SeedScope` says.
        public func marked(_ known: KnownFindings, key: String, facts: RenderFacts? = nil) -> Finding {
            var f = self
            let c = known.classify([GateFailure(key: key, kind: kind, detail: detail, node: node, element: element)], facts: facts)
            if let m = c.known.first ?? c.outsideScope.first {
                f.known = m.findingClass != .outsideScope; f.seed = m.seed; f.findingClass = m.findingClass; f.boundary = m.boundary
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
    public init(_ r: RenderedWidget, image: RGBAImage, painter: CairoPainter, known: KnownFindings = KnownFindings(),
                key: String = "render") {
        platform = r.platform; family = r.family; size = r.scene.size
        pixelWidth = r.scene.pixelWidth; pixelHeight = r.scene.pixelHeight
        state = r.resolved.state; reactive = r.resolved.reactive; motif = r.resolved.motif; kindling = r.resolved.kindling
        texts = r.scene.visibleText; hidden = r.hidden; accessibilityLabel = r.scene.accessibilityLabel
        findings = Self.findings(r.scene, image: image, painter: painter, known: known, key: key, facts: r.facts)
        findingClasses = FindingCounts(findings.map(\.findingClass))
        pips = Self.pips(r.scene)
    }

    /// The registry's render checks on a drawn scene, known findings marked. `checks`: a map runs
    /// only those that read the scene alone, on a frame it never painted (`MapPlanner`).
    public static func findings(_ scene: Scene, image: RGBAImage, painter: CairoPainter, known: KnownFindings, key: String,
                                facts: RenderFacts?, checks: [RenderCheck] = CheckRegistry.renderChecks) -> [Finding] {
        checks.flatMap { $0.run(key, scene, image, painter, facts: facts) }
            .map { Finding(kind: $0.kind, node: $0.node ?? "", element: $0.element, detail: $0.detail).marked(known, key: key, facts: facts) }
    }

    public static func pips(_ scene: Scene) -> [Pip] {
        scene.nodes.compactMap { n in
            guard case .pip(_, let filled) = n.element else { return nil }
            return Pip(filled: filled, size: Size(n.bounds.width, n.bounds.height))
        }
    }
}
