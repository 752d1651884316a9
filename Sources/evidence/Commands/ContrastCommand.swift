import Foundation
import WidgetRaster

struct ContrastCommand: EvidenceCommand {
    static let name = "contrast"
    static let summary = "Audit the colour tokens against WCAG floors on every background, both themes"
    static let help = """
    usage: evidence contrast [--android-res DIR] [--json]

    Audits every foreground token of the role table (text 4.5:1; large text 3:1 = ≥ 18.66 sp bold or
    ≥ 24 sp; graphic 3:1; edged fills and decorative exempt) against each background it sits on —
    flat card, kindling card, row tints, kindling card + ember at the token's post-fix position —
    in light and dark. Ratios are compared unrounded and shown truncated to two decimals; the APCA
    Lc column is a non-gating second opinion.

    options:
      --android-res DIR  an Android res/ folder with values/ and values-night/colors_widget.xml
                         (default: the bundled Tokens/android/res)
      --json             machine-readable report on stdout

    exit: 0 every row passes · 1 a row fails (each failure named on stderr) · 2 unreadable tokens
    """

    static func run(_ args: [String]) throws -> Int32 {
        let a = try ArgumentParser.parse(args, valued: ["android-res"], switches: ["json"])
        let dir = a.value("android-res").map { URL(fileURLWithPath: $0) } ?? AndroidTokens.bundledResDirectory
        let report = try ContrastAudit.auditAndroid(resDirectory: dir)
        if a.has("json") {
            try printJSON(report)
        } else {
            print(ContrastTable.render(report))
        }
        for f in report.failures {
            printError("contrast: FAIL \(f.token) (\(f.theme.rawValue), \(f.role)) on \(f.background): "
                + "\(f.ratioDisplay):1 < \(WCAG.display(f.floor ?? 0)):1 — \(f.foreground) on \(f.backgroundColor)")
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
        var lines = ["tokens: \(r.source)", "ember:  \(r.geometry)", ""]
        lines.append(pad("", 5) + lpad("ratio", 7) + lpad("floor", 6) + lpad("margin", 7) + "  " + pad("token", tw) + "  "
                     + pad("theme", 5) + "  " + pad("role", 12) + "  " + pad("background", bw) + "  fg        bg        APCA Lc")
        for row in r.rows {
            let status = row.floor == nil ? "  -  " : (row.passes ? "pass " : "FAIL ")
            let floor = row.floor.map { String(format: "%.1f", $0) } ?? "-"
            let margin = row.margin.map(WCAG.displayMargin) ?? "-"
            let role = row.role.hasPrefix("fill") ? "edged fill" : row.role
            lines.append(status + lpad(row.ratioDisplay, 7) + lpad(floor, 6) + lpad(margin, 7) + "  " + pad(row.token, tw) + "  "
                         + pad(row.theme.rawValue, 5) + "  " + pad(role, 12) + "  " + pad(row.background, bw) + "  "
                         + pad(row.foreground, 10) + pad(row.backgroundColor, 10) + String(format: "%6.1f", row.apcaLc))
        }
        let gating = r.rows.filter { $0.floor != nil }
        lines.append("")
        lines.append(r.passed ? "all \(gating.count) gating rows pass (\(r.rows.count - gating.count) exempt rows shown for information)"
                              : "\(r.failures.count) of \(gating.count) gating rows FAIL")
        return lines.joined(separator: "\n")
    }
}
