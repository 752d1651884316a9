import Foundation
import WidgetRaster

struct ContrastCommand: EvidenceCommand {
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
    static let options = OptionTable([
        .value("android-res", "DIR", """
            an Android res/ folder: every values*/*.xml, each night / -vNN configuration
            its own rows (README "Token files")
            """, default: .note("the bundled Tokens/android/res")),
        .value("ios-assets", "DIR", """
            audit an Xcode asset catalog (Widget*.colorset) against the iOS role table
            instead: WidgetCard, the frosted rows, the check-off button; Increase
            Contrast entries add rows (a set the folder lacks takes the bundled
            default, named once on stderr)
            """),
        .flag("json", "machine-readable report on stdout"),
        .flag("rendered", """
            audit the rendered matrix instead: every text and graphic node of every
            fixture of both platforms (drawn with these tokens) against the real pixels beneath it
            """),
        .value("filter", "GLOB", "with --rendered or --colour-alone: only fixtures whose key matches"),
        .flag("colour-alone", """
            the one-tint check instead (seed 000: "Nothing may encode meaning in colour alone
            in the two host-owned modes"): in every tinted, Night and Lock Screen vibrant
            render, states whose meaning differs (done / not-yet marker; extended / not-yet
            glyph and caption; confirmed / pending / baseline all-done copy) must differ in
            one-tint pixels where the meaning is drawn. Findings in known-findings.json print
            as one KNOWN line per entry with its seed section (the passages: --json); anything else fails
            """),
    ])
    static let notes = """
    exit: 0 every row passes · 1 a row fails (each failure named on stderr) · 2 unreadable tokens
    """

    static func run(_ a: ParsedArguments) throws -> Int32 {
        if a.has("colour-alone") {
            if a.has("rendered") || a.value("android-res") != nil || a.value("ios-assets") != nil {
                throw InputError("--colour-alone", "checks the bundled matrix on its own (drop --rendered / --android-res / --ios-assets)")
            }
            return try colourAlone(filter: a.value("filter"), json: a.has("json"))
        }
        let dir = a.value("android-res").map { URL(fileURLWithPath: $0) } ?? AndroidTokens.bundledResDirectory
        let ios = try a.value("ios-assets").map(iosCatalog)
        if a.has("rendered") { return try rendered(dir, ios: ios?.tokens, filter: a.value("filter"), json: a.has("json")) }
        if a.value("filter") != nil { throw InputError("--filter", "only applies with --rendered") }
        if ios != nil, a.value("android-res") != nil { throw InputError("--ios-assets", "audit one platform's tokens at a time (drop --android-res)") }
        let report = try ios.map(ContrastAudit.auditIOS) ?? ContrastAudit.auditAndroid(resDirectory: dir)
        if a.has("json") {
            try printJSON(report)
        } else {
            print(ContrastTable.render(report))
        }
        for f in report.failures where f.role == "distinct" {
            printError("contrast: FAIL \(f.token) (\(f.configuration)) is \(f.foreground), the same value as \(f.background.dropFirst(2)) — \(f.usage)")
        }
        for f in report.failures where f.role != "distinct" {
            printError("contrast: FAIL \(f.token) (\(f.configuration), \(f.role)) on \(f.background): "
                + "\(f.ratioDisplay):1 < \(WCAG.display(f.floor ?? 0)):1 — \(f.foreground) on \(f.backgroundColor) (\(f.usage))")
        }
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
        func config(_ row: TokenContrastRow) -> String { onlyThemes ? row.theme.rawValue : row.configuration.description }
        let cw = max(5, r.rows.map { config($0).count }.max() ?? 0)
        var lines = ["tokens: \(r.source)", "ember:  \(r.geometry)"]
        if !onlyThemes { lines.append("configurations: \(r.configurations.map(\.description).joined(separator: " · "))") }
        lines.append("")
        lines.append(pad("", 5) + lpad("ratio", 7) + lpad("floor", 6) + lpad("margin", 7) + "  " + pad("token", tw) + "  "
                     + pad(onlyThemes ? "theme" : "configuration", cw) + "  " + pad("role", 12) + "  " + pad("background", bw) + "  fg        bg        APCA Lc")
        for row in r.rows {
            let status = row.floor == nil ? "  -  " : (row.passes ? "pass " : "FAIL ")
            let floor = row.floor.map { String(format: "%.1f", $0) } ?? "-"
            let margin = row.margin.map(WCAG.displayMargin) ?? "-"
            let role = row.role.hasPrefix("fill") ? "edged fill" : row.role
            lines.append(status + lpad(row.ratioDisplay, 7) + lpad(floor, 6) + lpad(margin, 7) + "  " + pad(row.token, tw) + "  "
                         + pad(config(row), cw) + "  " + pad(role, 12) + "  " + pad(row.background, bw) + "  "
                         + pad(row.foreground, 10) + pad(row.backgroundColor, 10) + String(format: "%6.1f", row.apcaLc))
        }
        let gating = r.rows.filter { $0.floor != nil }
        lines.append("")
        lines.append(r.passed ? "all \(gating.count) gating rows pass (\(r.rows.count - gating.count) exempt rows shown for information)"
                              : "\(r.failures.count) of \(gating.count) gating rows FAIL")
        for u in r.uncovered { lines.append("not audited: \(escapeControls(u))") }
        for a in r.adjustments { lines.append("adjusted: \(escapeControls(a))") }
        return lines.joined(separator: "\n")
    }
}

extension ContrastCommand {
    struct RenderedRow: Encodable { var key: String; var finding: ContrastFinding }

    /// An asset catalog, a missing set filled from the bundled one (and named once on stderr).
    static func iosCatalog(_ path: String) throws -> TokenCatalog {
        let r = try AssetCatalogTokens.loadCatalog(directory: URL(fileURLWithPath: path), defaults: try AssetCatalogTokens.bundled())
        if !r.missing.isEmpty {
            printError("warning: \(path) has no \(r.missing.joined(separator: ", ")); using the bundled default\(r.missing.count == 1 ? "" : "s")")
        }
        return r.catalog
    }

    /// The colour-alone check over the catalog's one-tint fixtures.
    static func colourAlone(filter: String?, json: Bool) throws -> Int32 {
        let fixtures = try GateArguments.fixtures(filter)
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        let split = known.partition(ColourAloneCheck.failures(fixtures, painter: try GateArguments.painter(),
                                                              jobs: ProcessInfo.processInfo.activeProcessorCount))
        if json {
            try printJSON(ColourAloneReport(failures: split.failures, known: split.known))
        } else {
            KnownFindingLines.lines(split.known, entries: known).forEach { print($0) }
            for f in split.failures { print("FAIL colour-alone \(escapeControls(f.key)) (\(f.node ?? "")): \(escapeControls(f.detail))") }
            let oneTint = fixtures.filter { $0.makeScene(FontLibrary.shared).rendering.isOneTint }.count
            print("colour-alone: \(oneTint) one-tint fixtures, \(split.failures.count) failure(s), \(split.known.count) known")
        }
        return split.failures.isEmpty ? 0 : 1
    }

    struct ColourAloneReport: Encodable {
        var failures: [GateFailure]
        var known: [KnownMatch]
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
        guard !fixtures.isEmpty else { throw InputError("--filter", "no fixture matches '\(filter ?? "")'") }
        let findings = ContrastCheck.findings(fixtures, painter: painter, jobs: ProcessInfo.processInfo.activeProcessorCount)
        let rows: [[RenderedRow]] = zip(fixtures, findings).map { f, found in found.map { RenderedRow(key: f.key, finding: $0) } }
        let all = rows.flatMap { $0 }.sorted { ($0.finding.ratio - $0.finding.floor) < ($1.finding.ratio - $1.finding.floor) }
        let failures = all.filter { !$0.finding.passes }
        if json { try printJSON(all) } else {
            print("worst margins over \(fixtures.count) rendered fixtures (\(all.count) nodes):")
            for r in all.prefix(20) { print("\(r.finding.passes ? "pass" : "FAIL")  \(r.key): \(r.finding)") }
            print(failures.isEmpty ? "all \(all.count) rendered nodes clear their floors" : "\(failures.count) rendered nodes below their floor")
        }
        for f in failures { printError("contrast: FAIL \(f.key): \(f.finding)") }
        return failures.isEmpty ? 0 : 1
    }
}
