import EvidenceCore
import Foundation
import WidgetRaster

/// Known findings on the console: one short line per known-findings.json entry that matched —
/// its class (SPEC GAP first, then KNOWN), its kind, its conditions (or fixture glob), its element,
/// how many fixtures, and the seed section it cites. The seed
/// passages themselves go to `--json` and the HTML page, where a reviewer reads them; on every run
/// they would bury the failures.
enum KnownFindingLines {
    static func lines(_ known: [KnownMatch], entries: KnownFindings) -> [String] {
        var order: [KnownFinding] = []
        var keys: [KnownFinding: Set<String>] = [:]
        var unlisted: [KnownMatch] = []
        // Spec gaps first: what the widget's designers should fix (issue #51).
        for m in FindingClass.specGapsFirst(known, \.findingClass) {
            guard let e = entries.entry(of: m) else {
                unlisted.append(m)
                continue
            }
            if keys[e] == nil { order.append(e) }
            keys[e, default: []].insert(m.key)
        }
        let listed = order.map { e in
            let n = keys[e]?.count ?? 0
            return "\(e.findingClass.label) \(label(e)): \(n) fixture\(n == 1 ? "" : "s") [seed \(section(of: e.seed))]"
        }
        // A match no entry claims cannot happen for matches made from `entries`; say it plainly if it does.
        return listed
            + unlisted.map {
                "\($0.findingClass.label) \($0.kind.rawValue) \(escapeControls($0.key)) [seed \(section(of: $0.seed))]"
            }
    }

    /// Findings outside the seed's scope: one line per boundary, kind and family — how many findings
    /// in how many fixtures, and the seed section that draws the boundary.
    static func outsideScope(_ matches: [KnownMatch]) -> [String] {
        struct Group: Hashable { var boundary: String, kind: FailureKind, area: String }
        var order: [Group] = []
        var findings: [Group: Int] = [:]
        var keys: [Group: Set<String>] = [:]
        for m in matches {
            let g = Group(boundary: m.boundary ?? "?", kind: m.kind, area: GateArguments.area(of: m.key))
            if findings[g] == nil { order.append(g) }
            findings[g, default: 0] += 1
            keys[g, default: []].insert(m.key)
        }
        return order.map { g in
            let b = SeedScope.boundaries.first { $0.name == g.boundary }
            let n = keys[g]?.count ?? 0
            let f = findings[g] ?? 0
            return
                "\(FindingClass.outsideScope.label) \(g.kind.rawValue) \(escapeControls(g.area)) beyond the "
                + "\(escapeControls(g.boundary))"
                + (b.map { " (\($0.covers))" } ?? "")
                + ": \(f) finding\(f == 1 ? "" : "s") in \(n) fixture\(n == 1 ? "" : "s")"
                + (b.map { " [seed 000, \($0.section)]" } ?? "")
        }
    }

    /// How the console names an entry: its kind, its conditions (or its fixture glob where it
    /// names one), its element — e.g. `truncated android small w110 fs2.0 caption`.
    static func label(_ e: KnownFinding) -> String {
        "\(e.kind.rawValue) \(escapeControls(e.fixture == "*" ? e.conditions.summary : e.fixture)) "
            + "\(escapeControls(e.node))"
    }

    /// The seed reference without its quotation: `000, Width budget, Structural floor` from
    /// `000, Width budget, Structural floor: "Every single-line TextView …"`, at most `limit` characters.
    static func section(of seed: String, limit: Int = 80) -> String {
        var s = Substring(seed)
        if let quote = s.firstIndex(where: { $0 == "\"" || $0 == "“" }) { s = s[..<quote] }
        s = Substring(s.trimmingCharacters(in: .whitespaces))
        while let last = s.last, [":", ",", ";", "."].contains(last) {
            s = s.dropLast()
            s = Substring(s.trimmingCharacters(in: .whitespaces))
        }
        let text = escapeControls(String(s))
        return text.count <= limit ? text : String(text.prefix(limit - 1)) + "…"
    }
}
