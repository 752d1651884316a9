import Foundation
import WidgetRaster

/// Known findings on the console: one short line per known-findings.json entry that matched —
/// its kind, its conditions (or fixture glob), its element, how many fixtures, and the seed section it cites. The seed
/// passages themselves go to `--json` and the HTML page, where a reviewer reads them; on every run
/// they would bury the failures.
enum KnownFindingLines {
    static func lines(_ known: [KnownMatch], entries: KnownFindings) -> [String] {
        var order: [KnownFinding] = []
        var keys: [KnownFinding: Set<String>] = [:]
        var unlisted: [KnownMatch] = []
        for m in known {
            guard let e = entries.entry(of: m) else {
                unlisted.append(m); continue
            }
            if keys[e] == nil { order.append(e) }
            keys[e, default: []].insert(m.key)
        }
        let listed = order.map { e in
            let n = keys[e]?.count ?? 0
            return "KNOWN \(label(e)): \(n) fixture\(n == 1 ? "" : "s") [seed \(section(of: e.seed))]"
        }
        // A match no entry claims cannot happen for matches made from `entries`; say it plainly if it does.
        return listed + unlisted.map { "KNOWN \($0.kind.rawValue) \(escapeControls($0.key)) [seed \(section(of: $0.seed))]" }
    }

    /// How the console names an entry: its kind, its conditions (or its fixture glob where it
    /// names one), its element — e.g. `truncated android small w110 fs2.0 caption`.
    static func label(_ e: KnownFinding) -> String {
        "\(e.kind.rawValue) \(escapeControls(e.fixture == "*" ? e.conditions.summary : e.fixture)) \(escapeControls(e.node))"
    }

    /// The seed reference without its quotation: `000, Width budget, Structural floor` from
    /// `000, Width budget, Structural floor: "Every single-line TextView …"`, at most `limit` characters.
    static func section(of seed: String, limit: Int = 80) -> String {
        var s = Substring(seed)
        if let quote = s.firstIndex(where: { $0 == "\"" || $0 == "“" }) { s = s[..<quote] }
        s = Substring(s.trimmingCharacters(in: .whitespaces))
        while let last = s.last, [":", ",", ";", "."].contains(last) { s = s.dropLast(); s = Substring(s.trimmingCharacters(in: .whitespaces)) }
        let text = escapeControls(String(s))
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
