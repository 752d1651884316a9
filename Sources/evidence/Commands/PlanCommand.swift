import Foundation
import WidgetRaster

/// `evidence plan`: the Android planner's decisions for one geometry, with reasons and dp arithmetic.
struct PlanCommand: EvidenceCommand {
    static let name = "plan"
    static let summary = "Show the Android layout plan (size, ladder rung, habit rows, every element shown/hidden and why)"
    static let help = """
    usage: evidence plan [options] [--json]

    Plans the Android widget for one granted size and prints the resolved size, the Large header
    rung, the habit rows and overflow, every element shown or hidden with the reason, and the dp
    arithmetic. Text widths are HarfBuzz-measured from the bundled Roboto.

    options (defaults = the seed's reference case: the OBJ-2428 reported geometry 230 × 330 dp,
    fontScale 1.0, default progress, stones not-yet caption "Add a stone", 2-digit streak 12,
    2-digit longest 21, 5 habits none done, kindling on):
      --family small|medium|large|auto   size, or resolveSize from width/height/kindling (auto)
      --width W          granted width in dp (1…2000; default 230)
      --height H         granted height in dp (1…2000; default 330)
      --font-scale F     system font scale (0.5…3.0; default 1.0)
      --state S          defaultProgress|allDone|empty|stale|firstRun|newDay (default defaultProgress)
      --reactive R       extended|notyet|off (default notyet; off = fail-closed baseline, no caption)
      --streak N         current streak (0…99999; default 12)
      --longest N        longest streak (0…99999; default 21)
      --habits N         due habits (0…50; default 5)
      --done N           habits checked in (0…habits; default 0)
      --motif M          stones|flame|sprout|mountain|waves (default stones)
      --kindling on|off  kindling_widget_enabled (default on)
      --json             machine-readable output

    examples:
      evidence plan
      evidence plan --family small --width 110 --height 150 --font-scale 2.0 --state newDay
      evidence plan --family medium --width 250 --height 147 --json
    """

    enum Reactive: String, CaseIterable { case extended, notyet, off }
    enum OnOff: String, CaseIterable { case on, off }

    static func parse(_ args: [String]) throws(InputError) -> (AndroidPlanInput, json: Bool) {
        let a = try ArgumentParser.parse(args, valued: ["family", "width", "height", "font-scale", "state", "reactive", "streak",
                                                        "longest", "habits", "done", "motif", "kindling"], switches: ["json"])
        let family = try a.choice("family", default: AndroidFamilyRequest.auto, AndroidFamilyRequest.allCases)
        let width = try a.double("width", default: 230, in: 1...2000)
        let height = try a.double("height", default: 330, in: 1...2000)
        let fs = try a.double("font-scale", default: 1.0, in: 0.5...3.0)
        let state = try a.choice("state", default: WidgetState.defaultProgress, WidgetState.allCases)
        let reactive = try a.choice("reactive", default: Reactive.notyet, Reactive.allCases)
        let streak = try a.int("streak", default: 12, in: 0...99999)
        let longest = try a.int("longest", default: 21, in: 0...99999)
        let habits = try a.int("habits", default: 5, in: 0...50)
        let done = try a.int("done", default: 0, in: 0...50)
        guard done <= habits else { throw InputError("--done", "\(done) is more than --habits \(habits)") }
        let motif = try a.choice("motif", default: StreakMotif.stones, StreakMotif.allCases)
        let kindling = try a.choice("kindling", default: OnOff.on, OnOff.allCases)
        let treatment: ReactiveTreatment = switch reactive { case .extended: .extended; case .notyet: .notYet; case .off: .baseline }
        let input = AndroidPlanInput.reference(family: family, widthDp: width, heightDp: height, fontScale: fs, state: state,
                                               reactive: treatment, motif: motif, kindling: kindling == .on, streak: streak,
                                               longest: longest, habitCount: habits, doneCount: done)
        return (input, a.has("json"))
    }

    struct ElementJSON: Encodable { var shown: Bool; var reason: String; var costDp: Double; var frame: Rect?; var text: String?; var lines: Int; var ellipsized: Bool }
    struct RowJSON: Encodable { var habit: Int; var title: String; var nextDue: Bool; var labelLines: Int; var labelMaxLines: Int; var ellipsized: Bool; var frame: Rect }
    struct PlanJSON: Encodable {
        var size: String; var sizeReason: String; var rung: String?; var rungReason: String?
        var widthDp: Double; var heightDp: Double; var fontScale: Double
        var contentBox: Rect; var mainRowBudgetDp: Double
        var habitRows: Int; var rows: [RowJSON]; var overflow: Int; var levelB: Bool
        var elements: [String: ElementJSON]; var arithmetic: [String]; var accessibility: AccessibilityContent
    }

    static func run(_ args: [String]) throws -> Int32 {
        let (input, json) = try parse(args)
        let measurer: FontLibrary
        switch FontLibrary.bundled {
        case .success(let lib): measurer = lib
        case .failure(let e): throw e
        }
        let plan = planAndroidWidget(input, measurer: measurer)
        if json {
            var els: [String: ElementJSON] = [:]
            for (k, e) in plan.elements {
                els[k.rawValue] = ElementJSON(shown: e.shown, reason: e.reason, costDp: e.costDp, frame: e.frame, text: e.text, lines: e.lines, ellipsized: e.ellipsized)
            }
            try printJSON(PlanJSON(size: plan.size.rawValue, sizeReason: plan.sizeReason, rung: plan.rung?.rawValue, rungReason: plan.rungReason,
                                   widthDp: plan.widthDp, heightDp: plan.heightDp, fontScale: plan.fontScale,
                                   contentBox: plan.contentBox, mainRowBudgetDp: plan.mainRowBudgetDp,
                                   habitRows: plan.habitRows.count,
                                   rows: plan.habitRows.map { RowJSON(habit: $0.habitIndex, title: $0.title, nextDue: $0.isNextDue, labelLines: $0.labelLines,
                                                                      labelMaxLines: $0.labelMaxLines, ellipsized: $0.ellipsized, frame: $0.frame) },
                                   overflow: plan.overflow, levelB: plan.levelB, elements: els, arithmetic: plan.arithmetic,
                                   accessibility: plan.accessibility))
            return 0
        }
        print(renderPlanText(plan))
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
        let extra = e.shown ? "  [\(n(e.costDp)) dp\(e.frame.map { " at \($0)" } ?? "")]" : ""
        out.append("  \(key.rawValue.padding(toLength: 15, withPad: " ", startingAt: 0)) \(mark)  \(e.reason)\(extra)")
    }
    out.append("arithmetic:")
    for line in plan.arithmetic { out.append("  " + line) }
    return out.joined(separator: "\n")
}
