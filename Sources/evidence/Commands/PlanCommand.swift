import EvidenceCore
import Foundation
import WidgetModel
import WidgetRaster
import WidgetScene

/// `evidence plan`: the layout plan for one widget — the same pipeline `render` runs (resolve → copy
/// → plan), on the real resolved strings, with reasons and arithmetic.
struct PlanCommand: DeclaredCommand {
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
    static let batch = OptionSpec.value(
        "batch", "FILE",
        """
        plan every line of FILE (one plan's options per line, split at spaces; blank lines and
        lines starting with # skipped) and print one compact JSON plan per line, in order — the
        same plan --json gives, for scripts that compare thousands of plans (scripts/plan-sweep.sh)
        """)
    /// One plan (the widget, its size and tokens, and the report form), or a file of them.
    enum Form {
        case plan(AdHocRenderOptions, json: Bool)
        case batch(String)
    }
    struct Arguments: ParsableArguments {
        @TableGroup(
            WidgetInputOptions.options + RenderTarget.options
                + OptionTable([
                    .init(
                        "tokens and output:",
                        [
                            AdHocRenderOptions.androidRes, AdHocRenderOptions.iosAssets,
                            AdHocRenderOptions.onBadSnapshot, PlanCommand.json, PlanCommand.batch,
                        ])
                ]),
            read: { a throws(InputError) in
                if let file = a.given(PlanCommand.batch) { return .batch(file) }
                return .plan(try AdHocRenderOptions.parse(a), json: a.has(PlanCommand.json))
            })
        var form: Form
    }
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

    static func run(_ a: Arguments) throws -> Int32 {
        let o: AdHocRenderOptions
        let json: Bool
        switch a.form {
        case .batch(let file): return try runBatch(file)
        case .plan(let plan, let asJSON): (o, json) = (plan, asJSON)
        }
        let painter = try GateArguments.painter()
        let renderer = try WidgetPipeline.renderer(o, fonts: painter.fonts)
        let drawn = renderer.draw(try WidgetPipeline.target(o))
        // One schema for both platforms (Schemas/plan.schema.json), the registry's checks on the plan's scene.
        let report = PlanReport(
            drawn, painter: painter, known: try KnownFindings.load(from: Project.current.knownFindings))
        if json {
            try printJSON(report)
            return 0
        }
        print(
            "state: \(report.state.rawValue), reactive: \(report.reactive?.rawValue ?? "suppressed"), motif: "
                + "\(report.motif.rawValue), kindling: \(report.kindling ? "on" : "off")"
        )
        print(planText(report))
        print("label: \(report.accessibilityLabel)")
        print("checks: \(report.checks.joined(separator: ", "))")
        // Each finding under its class, spec gaps first (what the widget's designers should fix).
        print(
            "findings: " + (report.findings.isEmpty ? "none" : FindingCounts(report.findings.map(\.findingClass)).line))
        for f in FindingClass.specGapsFirst(report.findings, \.findingClass) {
            let cited = f.boundary.map { " (outside \($0): \(f.seed ?? ""))" } ?? f.seed.map { " (\($0))" } ?? ""
            print(
                "  \(f.findingClass.label)\(f.advisory ? " (advisory)" : "") \(f.kind.rawValue) \(f.node): "
                    + "\(f.detail)\(cited)"
            )
        }
        return 0
    }
}

extension PlanCommand {
    /// Plans one batch holds: ten times the seeded sweep's (scripts/plan-sweep.sh, 20,000).
    static let maxBatchRequests = 200_000
    /// The batch file: 320 bytes a plan (a sweep's line is under 200), 64 MB.
    static let maxBatchBytes = maxBatchRequests * 320
    /// What the lines' `--snapshot` files may hold in all — each line reads its own, so one 16 MB
    /// file named on every line would read terabytes: one input file's bound.
    static let maxBatchSnapshotBytes = maxInputFileBytes

    /// What a batch's lines have spent of its bounds, checked before each line is parsed (a line's
    /// snapshot is read as it is parsed).
    struct BatchBudget {
        var maxRequests = maxBatchRequests
        var maxSnapshotBytes = maxBatchSnapshotBytes
        private(set) var requests = 0
        private(set) var snapshotBytes = 0

        mutating func admit(_ words: [String], at: String) throws(InputError) {
            requests += 1
            guard requests <= maxRequests else {
                throw InputError(at, "more than \(maxRequests) plans in one batch; split the file")
            }
            snapshotBytes += snapshotSize(words)
            guard snapshotBytes <= maxSnapshotBytes else {
                throw InputError(
                    at,
                    "the snapshots named so far total more than \(maxSnapshotBytes) bytes (each line reads its "
                        + "own); split the file")
            }
        }
    }

    /// The size of the file a line's `--snapshot` names (0: none, standard input, or not a file yet —
    /// the line's own read says what is wrong with it).
    static func snapshotSize(_ words: [String]) -> Int {
        let flag = "--" + WidgetInputOptions.snapshot.name
        var path: String?
        for (i, w) in words.enumerated() {
            if w == flag, i + 1 < words.count { path = words[i + 1] }
            if w.hasPrefix(flag + "=") { path = String(w.dropFirst(flag.count + 1)) }
        }
        var st = stat()
        guard let path, path != "-", stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return 0 }
        return Int(st.st_size)
    }

    /// `--batch FILE`: one fonts load and one known-findings read for every line, so a seeded sweep
    /// of 20,000 plans costs the plans, not 20,000 process starts. A bad line is an error naming
    /// the file and line, exit 2, before anything is printed.
    static func runBatch(_ file: String) throws -> Int32 {
        let text = String(decoding: try readFile(atPath: file, limit: maxBatchBytes), as: UTF8.self)
        var budget = BatchBudget()
        let painter = try GateArguments.painter()
        var requests: [(renderer: WidgetRenderer, target: RenderTarget)] = []
        // One renderer per token source named, not per line (each loads its tokens).
        var renderers: [String: WidgetRenderer] = [:]
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
            guard let first = words.first, !first.hasPrefix("#") else { continue }
            let at = "\(file):\(n + 1)"
            guard !words.contains("--batch") else { throw InputError(at, "--batch cannot nest") }
            try budget.admit(words, at: at)
            do {
                let o = try parse(words)
                let tokens = "\(o.androidRes ?? "")\u{0}\(o.iosAssets ?? "")"
                let renderer = try renderers[tokens] ?? WidgetPipeline.renderer(o, fonts: painter.fonts)
                renderers[tokens] = renderer
                requests.append((renderer, try WidgetPipeline.target(o)))
            } catch let error as InputError {
                throw InputError(at, error.description)
            }
        }
        let known = try KnownFindings.load(from: Project.current.knownFindings)
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        for r in requests {
            let report = PlanReport(r.renderer.draw(r.target), painter: painter, known: known)
            StandardOutput.shared.write(String(decoding: try enc.encode(report), as: UTF8.self) + "\n")
        }
        return 0
    }
}

/// The plan as `plan` prints it: one printer for both platforms, reading the report `--json` prints.
func planText(_ r: PlanReport) -> String {
    func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(format: "%.2f", v) }
    let type =
        r.fontScale.map { "fontScale \($0)" }
        ?? "\(r.deviceClass ?? "explicit size") @\(Int(r.scale ?? 1))x, text size \(r.textSize ?? "")"
    var out = [
        "\(r.platform == .android ? "Android" : "iOS") plan — \(r.family) \(n(r.size.width)) × \(n(r.size.height)) "
            + "\(r.unit), \(type)",
        "size:      \(r.family)  (\(r.sizeReason))",
    ]
    if let rung = r.rung { out.append("rung:      \(rung)\(r.rungReason.map { "  (\($0))" } ?? "")") }
    out.append("content:   \(r.content)   habit rows: \(r.habits.visible)   overflow: \(r.habits.overflow)")
    out.append("elements:")
    let width = max(15, (r.elements.map(\.name.count).max() ?? 0) + 1)
    for e in r.elements {
        let drawn = e.lines.map { "  draws " + $0.map { "\"\($0)\"" }.joined(separator: " / ") } ?? ""
        let at = e.frame.map { "  [at \($0)]" } ?? ""
        out.append(
            "  \(e.name.padding(toLength: width, withPad: " ", startingAt: 0)) \(e.shown ? "shown " : "hidden")  "
                + "\(e.reason)\(at)\(drawn)"
        )
    }
    out.append("arithmetic:")
    out += r.arithmetic.map { "  " + $0 }
    return out.joined(separator: "\n")
}
