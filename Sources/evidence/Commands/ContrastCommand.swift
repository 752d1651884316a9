import EvidenceCore
import Foundation
import WidgetRaster
import WidgetScene
import WidgetText

struct ContrastCommand: DeclaredCommand {
    static let name = "contrast"
    static let summary = "Audit the colour tokens against WCAG floors on every background, both themes"
    static let usage = """
        usage: evidence contrast [--android-res DIR] [--json]
               evidence contrast --ios-assets DIR [--json]
               evidence contrast --rendered [--android-res DIR] [--ios-assets DIR] [--filter GLOB] [--json]
               evidence contrast --colour-alone [--filter GLOB] [--json]

        Audits every foreground token of the role table (text 4.5:1; large text 3:1 = ≥ 18.66 sp bold or
        ≥ 24 sp; graphic 3:1; edged fills and decorative exempt) against each background it sits on —
        flat card, kindling card, row tints, kindling card + ember at the token's post-fix position —
        in light and dark. Ratios are compared unrounded and shown truncated to two decimals; the APCA
        Lc column is a non-gating second opinion.
        """
    static let androidRes = OptionSpec.value(
        "android-res", "DIR",
        """
        an Android res/ folder: every values*/*.xml, each night / -vNN configuration
        its own rows (docs/reference/token-files.md)
        """, default: .note("the bundled Tokens/android/res"))
    static let iosAssets = OptionSpec.value(
        "ios-assets", "DIR",
        """
        audit an Xcode asset catalog (Widget*.colorset) against the iOS role table
        instead: WidgetCard, the frosted rows, the check-off button; Increase
        Contrast entries add rows (a set the folder lacks takes the bundled
        default, named once on stderr)
        """)
    static let json = OptionSpec.flag("json", "machine-readable report on stdout")
    static let renderedFlag = OptionSpec.flag(
        "rendered",
        """
        audit the rendered matrix instead: every text and graphic node of every
        fixture of both platforms (drawn with these tokens) against the real pixels beneath it;
        a node known-findings.json covers prints as KNOWN (--json: the row's "known" seed)
        """)
    static let filter = OptionSpec.value(
        "filter", "GLOB", "with --rendered or --colour-alone: only fixtures whose key matches")
    static let colourAloneFlag = OptionSpec.flag(
        "colour-alone",
        """
        the one-tint check instead (seed 000: "Nothing may encode meaning in colour alone
        in the two host-owned modes"): in every tinted, Night and Lock Screen vibrant
        render, states whose meaning differs (done / not-yet marker; extended / not-yet
        glyph and caption; confirmed / pending / baseline all-done copy) must differ in
        one-tint pixels where the meaning is drawn. Findings in known-findings.json print
        as one KNOWN line per entry with its seed section (the passages: --json); anything else fails
        """)
    struct Arguments: ParsableArguments {
        @Option(ContrastCommand.androidRes) var androidRes: String?
        @Option(ContrastCommand.iosAssets) var iosAssets: String?
        @Option(ContrastCommand.json) var json: Bool
        @Option(ContrastCommand.renderedFlag) var rendered: Bool
        @Option(ContrastCommand.filter) var filter: String?
        @Option(ContrastCommand.colourAloneFlag) var colourAlone: Bool
    }
    static let notes = """
        exit: 0 every row passes · 1 a row fails (each failure named on stderr), or an unfiltered
        --rendered / --colour-alone judged nothing it reads (a self-check line says what) · 2 unreadable tokens
        """

    static func run(_ a: Arguments) throws -> Int32 {
        if a.colourAlone {
            if a.rendered || a.androidRes != nil || a.iosAssets != nil {
                throw InputError(
                    "--colour-alone",
                    "checks the bundled matrix on its own (drop --rendered / --android-res / --ios-assets)")
            }
            return try colourAlone(filter: a.filter, json: a.json)
        }
        let dir = a.androidRes.map { URL(fileURLWithPath: $0) } ?? AndroidTokens.bundledResDirectory
        let ios = try a.iosAssets.map(iosCatalog)
        if a.rendered { return try rendered(dir, ios: ios?.tokens, filter: a.filter, json: a.json) }
        if a.filter != nil { throw InputError("--filter", "only applies with --rendered") }
        if ios != nil, a.androidRes != nil {
            throw InputError("--ios-assets", "audit one platform's tokens at a time (drop --android-res)")
        }
        let report = try ios.map(ContrastAudit.auditIOS) ?? ContrastAudit.auditAndroid(resDirectory: dir)
        if a.json {
            try printJSON(report)
        } else {
            print(ContrastTable.render(report))
        }
        for f in report.failures where f.role == "distinct" {
            printError(
                "contrast: FAIL \(f.token) (\(f.configuration)) is \(f.foreground), the same value as "
                    + "\(f.background.dropFirst(2)) — \(f.usage)"
            )
        }
        for f in report.failures where f.role != "distinct" {
            printError(
                "contrast: FAIL \(f.token) (\(f.configuration), \(f.role)) on \(f.background): "
                    + "\(f.ratioDisplay):1 < \(WCAG.display(f.floor ?? 0)):1 — \(f.foreground) on \(f.backgroundColor) "
                    + "(\(f.usage))"
            )
        }
        for suggestion in report.suggestions { printError("contrast: nearest passing value: \(suggestion.line)") }
        return report.passed ? 0 : 1
    }
}

enum ContrastTable {
    static func render(_ r: TokenAuditReport) -> String {
        func pad(_ s: String, _ n: Int) -> String { s.count >= n ? s : s + String(repeating: " ", count: n - s.count) }
        func lpad(_ s: String, _ n: Int) -> String { s.count >= n ? s : String(repeating: " ", count: n - s.count) + s }
        let tw = max(5, r.rows.map(\.token.count).max() ?? 0)
        let bw = max(10, r.rows.map(\.background.count).max() ?? 0)
        // Only the two themes: the theme column as it always was. More configurations (API-level
        // bands, Increase Contrast): the column names each row's whole configuration.
        let onlyThemes = r.configurations.allSatisfy(\.isBase) && r.configurations.allSatisfy { $0.maxAPI == nil }
        func config(_ row: TokenContrastRow) -> String {
            onlyThemes ? row.theme.rawValue : row.configuration.description
        }
        let cw = max(5, r.rows.map { config($0).count }.max() ?? 0)
        var lines = ["tokens: \(r.source)", "ember:  \(r.geometry)"]
        if !onlyThemes {
            lines.append("configurations: \(r.configurations.map(\.description).joined(separator: " · "))")
        }
        lines.append("")
        lines.append(
            pad("", 5) + lpad("ratio", 7) + lpad("floor", 6) + lpad("margin", 7) + "  " + pad("token", tw) + "  "
                + pad(onlyThemes ? "theme" : "configuration", cw) + "  " + pad("role", 12) + "  "
                + pad("background", bw) + "  fg        bg        APCA Lc")
        for row in r.rows {
            let status = row.floor == nil ? "  -  " : (row.passes ? "pass " : "FAIL ")
            let floor = row.floor.map { String(format: "%.1f", $0) } ?? "-"
            let margin = row.margin.map(WCAG.displayMargin) ?? "-"
            let role = row.role.hasPrefix("fill") ? "edged fill" : row.role
            lines.append(
                status + lpad(row.ratioDisplay, 7) + lpad(floor, 6) + lpad(margin, 7) + "  " + pad(row.token, tw) + "  "
                    + pad(config(row), cw) + "  " + pad(role, 12) + "  " + pad(row.background, bw) + "  "
                    + pad(row.foreground, 10) + pad(row.backgroundColor, 10) + String(format: "%6.1f", row.apcaLc))
        }
        let gating = r.rows.filter { $0.floor != nil }
        lines.append("")
        lines.append(
            r.passed
                ? "all \(gating.count) gating rows pass (\(r.rows.count - gating.count) exempt rows shown for "
                    + "information)"
                : "\(r.failures.count) of \(gating.count) gating rows FAIL")
        for u in r.uncovered { lines.append("not audited: \(escapeControls(u))") }
        for a in r.adjustments { lines.append("adjusted: \(escapeControls(a))") }
        return lines.joined(separator: "\n")
    }
}

extension ContrastCommand {
    struct RenderedRow: Encodable {
        var key: String
        var finding: ContrastFinding
        /// The seed passage of the known-findings.json entry covering a node below its floor; absent otherwise.
        var known: String?
    }

    /// An asset catalog, a missing set filled from the bundled one (and named once on stderr).
    static func iosCatalog(_ path: String) throws -> TokenCatalog {
        let r = try AssetCatalogTokens.loadCatalog(
            directory: URL(fileURLWithPath: path), defaults: try AssetCatalogTokens.bundled())
        if !r.missing.isEmpty {
            printError(
                "warning: \(path) has no \(r.missing.joined(separator: ", ")); using the bundled "
                    + "default\(r.missing.count == 1 ? "" : "s")"
            )
        }
        return r.catalog
    }

    /// The colour-alone check over the catalog's one-tint fixtures.
    static func colourAlone(filter: String?, json: Bool) throws -> Int32 {
        let fixtures = try GateArguments.fixtures(filter)
        let run = judgeColourAlone(
            fixtures, painter: try GateArguments.painter(),
            known: try KnownFindings.load(from: Project.current.knownFindings),
            wholeRun: filter == nil, jobs: ProcessInfo.processInfo.activeProcessorCount)
        if json {
            try printJSON(run.report)
            for f in run.report.selfCheck ?? [] { printError("contrast: FAIL self-check: \(escapeControls(f.detail))") }
        } else {
            KnownFindingLines.lines(run.report.known, entries: run.entries).forEach { print($0) }
            for f in run.report.failures {
                print("FAIL colour-alone \(escapeControls(f.key)) (\(f.node ?? "")): \(escapeControls(f.detail))")
            }
            for f in run.report.selfCheck ?? [] { print("FAIL self-check: \(escapeControls(f.detail))") }
            let oneTint = fixtures.filter { $0.makeScene(FontLibrary.shared).rendering.isOneTint }.count
            print(
                "colour-alone: \(oneTint) one-tint fixtures, \(run.report.failures.count) failure(s), "
                    + "\(run.report.known.count) known"
            )
        }
        return run.exitCode
    }

    struct ColourAloneReport: Encodable {
        var failures: [GateFailure]
        var known: [KnownMatch]
        /// A whole run's self-check lines (a marker kind or meaning no comparison judged); absent when none.
        var selfCheck: [GateFailure]?
    }

    /// One colour-alone run, judged: known findings split off like `verify`'s, and on a whole run
    /// (no `--filter`) a self-check line for each thing it read nothing of.
    struct ColourAloneRun {
        var report: ColourAloneReport
        var entries: KnownFindings
        var exitCode: Int32 { report.failures.isEmpty && report.selfCheck == nil ? 0 : 1 }
    }

    static func judgeColourAlone(
        _ fixtures: [Fixture], painter: CairoPainter, known: KnownFindings, wholeRun: Bool, jobs: Int
    ) -> ColourAloneRun {
        let run = ColourAloneCheck.run(fixtures, painter: painter, jobs: jobs)
        let split = ColourAloneCheck.partition(run.findings, with: known)
        let selfCheck = wholeRun ? ColourAloneCheck.selfCheckFailures(run.tally, fixtures: fixtures.count) : []
        return ColourAloneRun(
            report: ColourAloneReport(
                failures: split.failures, known: split.known, selfCheck: selfCheck.isEmpty ? nil : selfCheck),
            entries: known)
    }

    /// The rendered audit over both matrices, drawn with the given tokens; worst ratio first.
    static func rendered(_ dir: URL, ios: TokenSet?, filter: String?, json: Bool) throws -> Int32 {
        let painter = try GateArguments.painter()
        let tokens = try AndroidTokens.load(resDirectory: dir)
        let iosSet = try ios ?? AssetCatalogTokens.bundled()
        let android = AndroidSceneBuilder(fonts: painter.fonts, tokens: tokens)
        let ios = IOSSceneBuilder(fonts: painter.fonts, tokens: iosSet)
        var fixtures = FixtureCatalog.collapse(FixtureCatalog.items(android: android, ios: ios))
        if let filter { fixtures = fixtures.filter { Glob.matches(filter, $0.key) } }
        guard !fixtures.isEmpty else { throw GateArguments.matchesNothing(filter ?? "") }
        // The suggestions for these token files (the roll-up names the value that would pass).
        let suggestions = try ContrastAudit.auditTokens(tokens).suggestions + ContrastAudit.auditIOS(iosSet).suggestions
        let run = auditRendered(
            fixtures, painter: painter, known: try KnownFindings.load(from: Project.current.knownFindings),
            wholeRun: filter == nil, jobs: ProcessInfo.processInfo.activeProcessorCount)
        if json {
            try printJSON(run.rows)
        } else {
            // One line per token below its floor before the worst nodes, with the value that would pass.
            let failures = run.failures.map { ContrastCheck.failure($0.finding, key: $0.key) }
            RollUp.lines(RollUp.groups(failures, suggestions: suggestions)).forEach { print($0) }
            print("worst margins over \(fixtures.count) rendered fixtures (\(run.rows.count) nodes):")
            for r in run.rows.prefix(20) {
                print("\(r.finding.passes ? "pass" : r.known == nil ? "FAIL" : "KNOWN")  \(r.key): \(r.finding)")
            }
            KnownFindingLines.lines(run.known, entries: run.entries).forEach { print($0) }
            print(
                !run.failures.isEmpty
                    ? "\(run.failures.count) rendered nodes below their floor"
                    : run.rows.isEmpty
                        ? "no rendered node measured"
                        : "all \(run.rows.count - run.known.count) rendered nodes clear their floors")
        }
        for f in run.failures { printError("contrast: FAIL \(f.key): \(f.finding)") }
        for f in run.selfCheck { printError("contrast: FAIL self-check: \(escapeControls(f.detail))") }
        return run.exitCode
    }

    /// One rendered audit, judged like `verify` judges the contrast check: a node below its floor
    /// that known-findings.json covers (by its render's facts) is KNOWN, not a failure; a whole run
    /// (no `--filter`) that measured no node fails as `self-check`.
    struct RenderedRun {
        /// Every measured node, worst margin first (a known one carries its entry's seed).
        var rows: [RenderedRow]
        var failures: [RenderedRow]
        var known: [KnownMatch]
        var entries: KnownFindings
        var selfCheck: [GateFailure]
        var exitCode: Int32 { failures.isEmpty && selfCheck.isEmpty ? 0 : 1 }
    }

    static func auditRendered(
        _ fixtures: [Fixture], painter: CairoPainter, known: KnownFindings, wholeRun: Bool, jobs: Int
    ) -> RenderedRun {
        let findings = ContrastCheck.findings(fixtures, painter: painter, jobs: jobs)
        var rows: [RenderedRow] = []
        var matches: [KnownMatch] = []
        for (fixture, found) in zip(fixtures, findings) {
            var fixtureRows = found.map { RenderedRow(key: fixture.key, finding: $0) }
            if found.contains(where: { !$0.passes }) {
                let drawn = fixture.draw(painter.fonts)
                let scene = drawn.scene
                let facts = drawn.facts
                for i in fixtureRows.indices where !fixtureRows[i].finding.passes {
                    let split = known.partition(
                        [ContrastCheck.failure(fixtureRows[i].finding, key: fixture.key, scene: scene)], facts: facts)
                    fixtureRows[i].known = split.known.first?.seed
                    matches += split.known
                }
            }
            rows += fixtureRows
        }
        rows.sort { ($0.finding.ratio - $0.finding.floor) < ($1.finding.ratio - $1.finding.floor) }
        let selfCheck =
            wholeRun && rows.isEmpty
            ? CheckRegistry.selfCheckFailures(unapplied: [ContrastCheck.gateCheck.name], fixtures: fixtures.count) : []
        return RenderedRun(
            rows: rows, failures: rows.filter { !$0.finding.passes && $0.known == nil }, known: matches,
            entries: known, selfCheck: selfCheck)
    }
}
