import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// `evidence plan --json`: one schema for both platforms (`Schemas/plan.schema.json`, checked by
/// PlanSchemaTests against an Android and an iOS plan). Every element the family decides about is
/// listed once, in the plan's order, shown with its frame and finished lines or hidden with why;
/// the findings are the registry's render checks on the scene the plan draws.
public struct PlanReport: Codable, Sendable {
    public static let schemaName = "evidence-plan/1"

    /// One element the layout decided about (the plan's own entry, `PlanEntry`).
    public typealias Element = PlanEntry

    public struct Habits: Codable, Sendable, Hashable {
        /// Snapshot indices of the habits drawn as rows, top to bottom.
        public var visible: [Int]
        /// Habits not drawn (the "+N more" line says so when it fits).
        public var overflow: Int
    }

    public var schema = Self.schemaName
    public var platform: Platform
    public var family: String
    /// `dp` (Android) or `pt` (iOS): the unit of every frame and size.
    public var unit: String
    public var size: Size
    /// Android's fontScale; iOS's Dynamic Type size, device class and pixel scale.
    public var fontScale: Double?
    public var textSize: String?
    public var deviceClass: String?
    public var scale: Double?
    public var state: WidgetState
    /// Absent: the reactive layer is suppressed (or off).
    public var reactive: ReactiveTreatment?
    public var motif: StreakMotif
    public var kindling: Bool
    /// Why this family at this size (Android's resolveSize; iOS's device class or explicit size).
    public var sizeReason: String
    /// Android Large's header ladder rung and why.
    public var rung: String?
    public var rungReason: String?
    /// The content box inside the card's margins and padding.
    public var content: Rect
    public var elements: [Element]
    public var habits: Habits
    /// The dp / pt arithmetic, one human line each.
    public var arithmetic: [String]
    public var accessibilityLabel: String
    /// The registry's per-render checks run on this plan's scene (`CheckRegistry.renderChecks`).
    public var checks: [String]
    /// What they found (known ones marked with their seed passage), as `render --json` words them.
    public var findings: [RenderReport.Finding]

    static var checkNames: [String] { CheckRegistry.renderChecks.map(\.name) }

    /// A drawn widget's plan, the scene it draws and the findings of the registry's checks on that
    /// scene: one path for both platforms; only where the platforms' plans say different things
    /// (Android's font scale and header rung, iOS's type size and device class) does it ask which.
    init(_ d: DrawnWidget, findings: [RenderReport.Finding]) {
        let w = d.facts.resolved
        platform = d.facts.platform
        family = d.facts.family.name
        size = d.scene.size
        state = w.state
        reactive = w.reactive
        motif = w.motif
        kindling = w.kindling
        accessibilityLabel = d.scene.accessibilityLabel
        checks = Self.checkNames
        self.findings = findings
        // What the plan decided, read the same way on both platforms.
        let plan = d.plan.laidOut
        content = plan.reportedContent
        elements = plan.entries
        habits = Habits(visible: plan.visibleHabits, overflow: plan.overflow)
        arithmetic = plan.arithmetic
        // What the platforms were asked under (Android's font scale and header rung, iOS's type size and device class).
        switch d.plan {
        case .android(let plan):
            unit = "dp"
            fontScale = plan.fontScale
            sizeReason = plan.sizeReason
            rung = plan.rung?.rawValue
            rungReason = plan.rungReason
        case .ios(let plan, let request):
            unit = "pt"
            textSize = request.textSize.rawValue
            deviceClass = request.deviceClass
            scale = request.scale
            sizeReason =
                request.deviceClass.map { "Apple's \(plan.family.rawValue) size for the \($0) device class" }
                ?? "explicit size"
        }
    }
}

extension WidgetRenderer {
    /// The plan `render` draws for `target` — the same builders, the same scene — with the
    /// registry's per-render checks run on that scene (so a check added to `CheckRegistry` shows
    /// here with no edit to `plan`). Known findings are matched as `render --json` matches them.
    public func planReport(_ target: RenderTarget, painter: CairoPainter, known: KnownFindings) -> PlanReport {
        PlanReport(draw(target), painter: painter, known: known)
    }
}

extension PlanReport {
    /// The report of a widget `WidgetRenderer.draw` made, the registry's checks run on its scene.
    public init(_ d: DrawnWidget, painter: CairoPainter, known: KnownFindings) {
        let findings = RenderReport.findings(
            d.scene, image: painter.render(d.scene), painter: painter, known: known,
            key: WidgetRenderer.adHocKey(d.facts), facts: d.facts)
        self.init(d, findings: findings)
    }
}
