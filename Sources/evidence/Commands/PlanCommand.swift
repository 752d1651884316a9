import Foundation
import WidgetRaster

/// `evidence plan`: the layout plan for one widget — the same pipeline `render` runs (resolve → copy
/// → plan), on the real resolved strings, with reasons and arithmetic.
struct PlanCommand: EvidenceCommand {
    static let name = "plan"
    static let summary = "Show the layout plan (size, ladder rung, habit rows, every element shown/hidden and why)"
    static let usage = """
    usage: evidence plan [widget options] [size options] [--json]
           evidence plan --platform ios --family systemSmall|systemMedium|systemLarge [--device-class C] … [--json]

    Resolves the widget (a snapshot file, or one synthesized from flags), builds its copy and plans
    it exactly as 'evidence render' does, then prints the resolved size, the Large header rung, the
    habit rows and overflow, every element shown or hidden with the reason and the lines it draws,
    and the dp arithmetic. Text widths are HarfBuzz-measured from the bundled fonts. Last, the
    checks' findings: a 'findings:' line counting each class, then every finding under its class
    (SPEC GAP first, KNOWN, OUTSIDE SCOPE, FAIL) with its seed passage.

    Defaults = the seed's reference case: the OBJ-2428 reported geometry 230 × 330 dp, fontScale
    1.0, default progress, stones not-yet, streak 12, longest 21, 5 habits none done, kindling on.
    """
    static let json = OptionSpec.flag("json", "machine-readable output")
    static let options = WidgetInputOptions.options + RenderTarget.options + OptionTable([.init("tokens and output:", [
        AdHocRenderOptions.androidRes, AdHocRenderOptions.iosAssets, AdHocRenderOptions.onBadSnapshot, json,
    ])])
    static let notes = """
    examples:
      evidence plan
      evidence plan --family small --width 110 --height 150 --font-scale 2.0 --state newDay
      evidence plan --family large --state newDay --json
      evidence plan --snapshot snap.json --as-of 2026-09-17T08:30:00+02:00 --time-zone Europe/Berlin
    """

    static func parse(_ args: [String]) throws(InputError) -> AdHocRenderOptions {
        try parse(options.parse(args))
    }
    static func parse(_ a: ParsedArguments) throws(InputError) -> AdHocRenderOptions {
        try AdHocRenderOptions.parse(a)
    }

    static func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    static func run(_ a: ParsedArguments) throws -> Int32 {
        let o = try parse(a)
        let painter = try GateArguments.painter()
        let renderer = try WidgetPipeline.renderer(o, fonts: painter.fonts)
        let drawn = renderer.draw(try WidgetPipeline.target(o))
        // One schema for both platforms (Schemas/plan.schema.json), the registry's checks on the plan's scene.
        let report = PlanReport(drawn, painter: painter, known: try KnownFindings.load(from: Project.current.knownFindings))
        if a.has(json) { try printJSON(report); return 0 }
        print("state: \(report.state.rawValue), reactive: \(report.reactive?.rawValue ?? "suppressed"), motif: \(report.motif.rawValue), kindling: \(report.kindling ? "on" : "off")")
        switch drawn.plan {
        case .android(let plan):
            print(renderPlanText(plan))
        case .ios(_, let request):
            print("iOS plan — \(report.family) \(fmt(report.size.width)) × \(fmt(report.size.height)) pt (\(request.deviceClass ?? "explicit size") @\(Int(request.scale))x, text size \(request.textSize.rawValue))")
            print("content: \(report.content) (16 pt margins)   rows: \(report.habits.visible)   overflow: \(report.habits.overflow)")
            print("items:")
            for e in report.elements where e.shown {
                print("  \(e.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(e.frame.map(String.init(describing:)) ?? "")\(e.lines.map { "  draws " + $0.map { "\"\($0)\"" }.joined(separator: " / ") } ?? "")  — \(e.reason)")
            }
            let hidden = report.elements.filter { !$0.shown }
            if !hidden.isEmpty {
                print("hidden:")
                for e in hidden { print("  \(e.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(e.reason)") }
            }
            print("arithmetic:")
            for line in report.arithmetic { print("  " + line) }
        }
        print("label: \(report.accessibilityLabel)")
        print("checks: \(report.checks.joined(separator: ", "))")
        // Each finding under its class, spec gaps first (what the widget's designers should fix).
        print("findings: " + (report.findings.isEmpty ? "none" : FindingCounts(report.findings.map(\.findingClass)).line))
        for f in FindingClass.specGapsFirst(report.findings, \.findingClass) {
            let cited = f.boundary.map { " (outside \($0): \(f.seed ?? ""))" } ?? f.seed.map { " (\($0))" } ?? ""
            print("  \(f.findingClass.label)\(f.advisory ? " (advisory)" : "") \(f.kind.rawValue) \(f.node): \(f.detail)\(cited)")
        }
        return 0
    }
}

func renderPlanText(_ plan: AndroidWidgetPlan) -> String {
    var out: [String] = []
    func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v) }
    out.append("Android plan — \(n(plan.widthDp)) × \(n(plan.heightDp)) dp, fontScale \(plan.fontScale)")
    out.append("size:      \(plan.size.rawValue)  (\(plan.sizeReason))")
    out.append("rung:      \(plan.rung?.rawValue ?? "—")\(plan.rungReason.map { "  (\($0))" } ?? "")")
    out.append("habitRows: \(plan.habitRows.count)   overflow: \(plan.overflow)   levelB: \(plan.levelB)")
    for r in plan.habitRows {
        out.append("  [\(r.habitIndex)] \(r.title)\(r.done ? " ✓" : "")\(r.isNextDue ? "  (next due)" : "")  "
                   + "row \(n(r.frame.height)) dp, label \(r.labelLines)/\(r.labelMaxLines) line(s)\(r.ellipsized ? ", ellipsized" : "")")
    }
    out.append("elements:")
    for key in AndroidElementKey.allCases {
        let e = plan.element(key)
        let mark = e.shown ? "shown " : "hidden"
        let drawn = e.drawn.map { "  draws \($0.lines.map { "\"\($0)\"" }.joined(separator: " / "))" } ?? ""
        let extra = e.shown ? "  [\(n(e.costDp)) dp\(e.frame.map { " at \($0)" } ?? "")]\(drawn)" : ""
        out.append("  \(key.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)) \(mark)  \(e.reason)\(extra)")
    }
    out.append("arithmetic:")
    for line in plan.arithmetic { out.append("  " + line) }
    return out.joined(separator: "\n")
}
