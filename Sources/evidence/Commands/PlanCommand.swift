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
    and the dp arithmetic. Text widths are HarfBuzz-measured from the bundled fonts.

    Defaults = the seed's reference case: the OBJ-2428 reported geometry 230 × 330 dp, fontScale
    1.0, default progress, stones not-yet, streak 12, longest 21, 5 habits none done, kindling on.
    """
    static let options = WidgetInputOptions.options + RenderTarget.options + OptionTable([.init("tokens and output:", [
        AdHocRenderOptions.androidRes, AdHocRenderOptions.iosAssets, AdHocRenderOptions.onBadSnapshot, .flag("json", "machine-readable output"),
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
        try AdHocRenderOptions.parse(a, needsOutput: false, allowDefaultWidget: true)
    }

    struct ElementJSON: Encodable {
        var shown: Bool; var reason: String; var costDp: Double; var frame: Rect?; var text: String?; var lines: Int; var ellipsized: Bool
        /// The lines the scene draws (after wrapping and any ellipsis).
        var drawn: [String]?
    }
    struct RowJSON: Encodable { var habit: Int; var title: String; var nextDue: Bool; var labelLines: Int; var labelMaxLines: Int; var ellipsized: Bool; var frame: Rect; var drawn: [String] }
    struct PlanJSON: Encodable {
        var platform = "android"
        var state: String; var reactive: String?; var motif: String
        var size: String; var sizeReason: String; var rung: String?; var rungReason: String?
        var widthDp: Double; var heightDp: Double; var fontScale: Double
        var contentBox: Rect; var mainRowBudgetDp: Double
        var habitRows: Int; var rows: [RowJSON]; var overflow: Int; var levelB: Bool
        var elements: [String: ElementJSON]; var arithmetic: [String]; var accessibility: AccessibilityContent
    }

    struct IOSItemJSON: Encodable { var name: String; var frame: Rect; var drawn: [String]?; var reason: String }
    struct IOSPlanJSON: Encodable {
        var platform = "ios"
        var state: String; var reactive: String?; var motif: String; var kindling: Bool
        var family: String; var size: Size; var deviceClass: String?; var scale: Double; var textSize: String
        var content: Rect; var items: [IOSItemJSON]; var hidden: [String: String]
        var visibleHabits: [Int]; var overflow: Int; var arithmetic: [String]; var accessibilityLabel: String
    }

    static func fmt(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }

    static func run(_ a: ParsedArguments) throws -> Int32 {
        let o = try parse(a)
        let fonts = try FontLibrary.bundled.get()
        let target = try WidgetPipeline.target(o)
        switch target {
        case .android(let request):
            let builder = AndroidSceneBuilder(fonts: fonts, tokens: try WidgetPipeline.renderer(o, fonts: fonts).androidTokens)
            let (w, plan) = builder.plan(request)
            if o.json {
                var els: [String: ElementJSON] = [:]
                for (k, e) in plan.elements {
                    els[k.rawValue] = ElementJSON(shown: e.shown, reason: e.reason, costDp: e.costDp, frame: e.frame, text: e.text,
                                                  lines: e.lines, ellipsized: e.ellipsized, drawn: e.drawn?.lines)
                }
                try printJSON(PlanJSON(state: w.state.rawValue, reactive: w.reactive?.rawValue, motif: w.motif.rawValue,
                                       size: plan.size.rawValue, sizeReason: plan.sizeReason, rung: plan.rung?.rawValue, rungReason: plan.rungReason,
                                       widthDp: plan.widthDp, heightDp: plan.heightDp, fontScale: plan.fontScale,
                                       contentBox: plan.contentBox, mainRowBudgetDp: plan.mainRowBudgetDp,
                                       habitRows: plan.habitRows.count,
                                       rows: plan.habitRows.map { RowJSON(habit: $0.habitIndex, title: $0.title, nextDue: $0.isNextDue, labelLines: $0.labelLines,
                                                                          labelMaxLines: $0.labelMaxLines, ellipsized: $0.ellipsized, frame: $0.frame,
                                                                          drawn: $0.label.lines) },
                                       overflow: plan.overflow, levelB: plan.levelB, elements: els, arithmetic: plan.arithmetic,
                                       accessibility: plan.accessibility))
                return 0
            }
            print("state: \(w.state.rawValue), reactive: \(w.reactive?.rawValue ?? "suppressed"), motif: \(w.motif.rawValue), kindling: \(w.kindling ? "on" : "off")")
            print(renderPlanText(plan))
            return 0
        case .ios(let request):
            let builder = IOSSceneBuilder(fonts: fonts, tokens: try WidgetPipeline.renderer(o, fonts: fonts).iosTokens)
            let (w, plan) = builder.plan(request)
            let label = builder.scene(w, plan, request).accessibilityLabel
            let items = plan.items.map { i -> IOSItemJSON in
                var drawn: [String]?
                if case .text(let t, _, _, _, _) = i.content { drawn = t.lines }
                return IOSItemJSON(name: i.name, frame: i.frame, drawn: drawn, reason: i.reason)
            }
            let out = IOSPlanJSON(state: w.state.rawValue, reactive: w.reactive?.rawValue, motif: w.motif.rawValue, kindling: w.kindling,
                                  family: plan.family.rawValue, size: plan.size, deviceClass: request.deviceClass, scale: request.scale,
                                  textSize: request.textSize.rawValue, content: plan.content, items: items, hidden: plan.hidden,
                                  visibleHabits: plan.visibleHabits, overflow: plan.overflow, arithmetic: plan.arithmetic,
                                  accessibilityLabel: label)
            if o.json { try printJSON(out); return 0 }
            print("state: \(out.state), reactive: \(out.reactive ?? "suppressed"), motif: \(out.motif), kindling: \(w.kindling ? "on" : "off")")
            print("iOS plan — \(out.family) \(fmt(plan.size.width)) × \(fmt(plan.size.height)) pt (\(request.deviceClass ?? "explicit size") @\(Int(request.scale))x, text size \(out.textSize))")
            print("content: \(plan.content) (16 pt margins)   rows: \(plan.visibleHabits)   overflow: \(plan.overflow)")
            print("items:")
            for i in items {
                print("  \(i.name.padding(toLength: 22, withPad: " ", startingAt: 0)) \(i.frame)\(i.drawn.map { "  draws " + $0.map { "\"\($0)\"" }.joined(separator: " / ") } ?? "")  — \(i.reason)")
            }
            if !plan.hidden.isEmpty {
                print("hidden:")
                for (k, v) in plan.hidden.sorted(by: { $0.key < $1.key }) { print("  \(k.padding(toLength: 22, withPad: " ", startingAt: 0)) \(v)") }
            }
            print("arithmetic:")
            for line in plan.arithmetic { print("  " + line) }
            print("label: \(label)")
            return 0
        }
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
