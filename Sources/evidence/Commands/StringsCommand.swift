import EvidenceCore
import WidgetModel
import WidgetRaster

/// `evidence strings`: every copy decision in one place, for a reviewer (table) or a tool (JSON).
struct StringsCommand: DeclaredCommand {
    static let name = "strings"
    static let summary = "Print every string the widget can show or speak: site × motif × branch"
    static let usage = """
        usage: evidence strings [--platform android|ios] [--json]

        Prints the copy catalogue — every string the widget can draw or speak, by site, platform,
        branch and motif ('*' = the same for every motif). Parametric lines are printed as templates
        with their {placeholders}.
        """
    struct Arguments: ParsableArguments {
        @Option(
            .value(
                "platform", "P", "only one platform's strings", check: .choice(Platform.allCases.map(\.rawValue)),
                default: .note("both")))
        var platform: Platform?
        @Option(.flag("json", "a JSON array of {site, platform, motif, branch, text, spoken}")) var json: Bool
    }

    static func run(_ a: Arguments) throws -> Int32 {
        let entries = copyCatalogue(platform: a.platform)
        if a.json {
            try printJSON(entries)
            return 0
        }
        let rows = entries.map { e in
            [
                e.platform.rawValue, e.site.rawValue, e.branch, e.motif?.rawValue ?? "*", e.spoken ? "spoken" : "shown",
                e.text,
            ]
        }
        let header = ["platform", "site", "branch", "motif", "kind", "text"]
        var widths = header.map(\.count)
        for r in rows { for (i, c) in r.enumerated().dropLast() { widths[i] = max(widths[i], c.count) } }
        func line(_ r: [String]) -> String {
            r.enumerated().map { i, c in
                i == r.count - 1 ? c : c.padding(toLength: widths[i], withPad: " ", startingAt: 0)
            }
            .joined(separator: "  ")
        }
        print(line(header))
        for r in rows { print(line(r)) }
        print("\n\(entries.count) strings")
        return 0
    }
}
