import Foundation

/// GitHub Actions workflow commands and the step summary. Each `::error` names the golden's file,
/// so the annotation lands on it in the pull request's diff; GitHub shows ten per step, so ten are
/// printed and an eleventh says how many more and where the rest are.
public enum GitHubAnnotations {
    public static let shown = 10

    public static func errorLines(_ result: VerifyResult) -> [String] {
        let goldens = result.run?.goldens ?? "Goldens"
        let ordered = ReviewOrder.failures(result.failures)
        var lines = ordered.prefix(shown).map { f in
            let file = annotationFile(f, goldens: goldens).map { "file=\(property($0))," } ?? ""
            return "::error \(file)title=\(property("evidence \(f.kind.rawValue): \(f.key)"))::"
                + data("\(f.detail) — \(AcceptHint.text(f, goldens: goldens))")
        }
        if ordered.count > shown {
            let where_ = result.reportDirectory.map { "; every failure is in the report (\($0)) and the step summary" } ?? "; every failure is in the log and the step summary"
            lines.append("::error title=\(property("evidence: \(ordered.count - shown) more failures"))::"
                         + data("\(ordered.count - shown) more failures not annotated\(where_)"))
        }
        return lines
    }

    /// The repository-relative file an annotation points at: the golden, the manifest for a refused
    /// entry, nothing for the self-check.
    static func annotationFile(_ f: GateFailure, goldens: String) -> String? {
        switch f.remedy ?? Remedy.default(for: f.kind) {
        case .reportSelfCheck: return nil
        case .matchEnvironment: return goldens + "/manifest.json"
        case .restoreManifest: return goldens + "/manifest.json"
        case .removeLink: return goldens + "/" + f.key
        case .record, .recordRemoves, .deleteByHand, .restoreFromGit, .gitLFSPull, .fixClip, .fixTruncation,
             .fixContrast, .fixColourAlone, .fixGlyph, .fixLostMeaning:
            return goldens + "/" + f.key + ".png"
        }
    }

    /// The Markdown appended to `$GITHUB_STEP_SUMMARY`: a heading with the gate's line, a table of
    /// kinds × counts with what to do, the first failures with their hints, and where the report is.
    public static func summary(_ result: VerifyResult) -> String {
        let goldens = result.run?.goldens ?? "Goldens"
        let status = result.failures.isEmpty ? "✅" : "❌"
        var s = "### \(status) evidence verify\(result.shard.map { " shard \($0)" } ?? ""): \(result.summaryLine)\n\n"
        s += "comparison: \(cell(result.comparison))\n\n"
        guard !result.failures.isEmpty else { return s }
        s += "| kind | failures | what to do |\n|---|---:|---|\n"
        for k in ReviewOrder.kinds {
            let fs = result.failures.filter { $0.kind == k }
            guard let first = fs.first else { continue }
            let hint = Remedy.default(for: k) == .record ? "review the render, then `evidence record --filter KEY`" : AcceptHint.text(first, goldens: goldens)
            s += "| \(k.rawValue) | \(fs.count) | \(cell(hint)) |\n"
        }
        let ordered = ReviewOrder.failures(result.failures)
        s += "\n| first failures | kind | detail | fix |\n|---|---|---|---|\n"
        for f in ordered.prefix(shown) {
            s += "| `\(cell(f.key))` | \(f.kind.rawValue) | \(cell(f.detail)) | \(cell(AcceptHint.text(f, goldens: goldens))) |\n"
        }
        if ordered.count > shown { s += "\n…and \(ordered.count - shown) more.\n" }
        if let dir = result.reportDirectory {
            s += "\nReport: `\(cell(dir))/index.html` with actual / expected / diff PNGs (upload the folder as an artefact; `evidence report --from RESULT.json` rebuilds it).\n"
        }
        return s + "\n"
    }

    /// A Markdown table cell: one line, no pipe or backtick that would end it, controls visible.
    static func cell(_ s: String) -> String {
        escapeControls(s).replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "`", with: "'")
    }

    /// Message text: `%`, CR and LF are the characters the runner decodes; other controls are shown.
    static func data(_ s: String) -> String {
        escapeControls(s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// Property values additionally escape `:` and `,`, which end a property.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
