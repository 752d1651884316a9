import EvidenceCore
import Foundation

/// How an annotation's `file=` is spelt: GitHub resolves it against `$GITHUB_WORKSPACE`, the
/// repository's root, so a path relative to the working folder is rebased there — a package kept in
/// a subfolder of its repository annotates `pkg/Goldens/KEY.png` (issue #32). Without a workspace,
/// or for a file outside it, the path stays as the result names it.
public struct AnnotationFiles: Sendable, Equatable {
    public var workingDirectory: String
    public var workspace: String?

    public init(workingDirectory: String = "", workspace: String? = nil) {
        self.workingDirectory = workingDirectory
        self.workspace = workspace
    }

    /// `file` (relative to the working folder, or absolute) as GitHub should read it.
    public func path(_ file: String) -> String {
        guard let workspace, !workingDirectory.isEmpty || file.hasPrefix("/") else { return file }
        let absolute =
            file.hasPrefix("/")
            ? URL(fileURLWithPath: file) : URL(fileURLWithPath: workingDirectory).appendingPathComponent(file)
        let p = absolute.standardizedFileURL.path
        let w = URL(fileURLWithPath: workspace).standardizedFileURL.path
        let prefix = w.hasSuffix("/") ? w : w + "/"
        return p.hasPrefix(prefix) ? String(p.dropFirst(prefix.count)) : file
    }
}

/// GitHub Actions workflow commands and the step summary. Each `::error` names the golden's file,
/// so the annotation lands on it in the pull request's diff; GitHub shows ten per step, so ten are
/// printed and an eleventh says how many more and where the rest are.
public enum GitHubAnnotations {
    public static let shown = 10

    public static func errorLines(
        _ result: VerifyResult, files: AnnotationFiles = AnnotationFiles(), listedIn: String = listedIn()
    ) -> [String] {
        let goldens = result.run?.goldens ?? "Goldens"
        let ordered = ReviewOrder.failures(result.failures)
        return ordered.prefix(shown).map { errorLine($0, goldens: goldens, files: files) }
            + moreLine(result, listedIn: listedIn)
    }

    /// One failure's `::error`, on its golden's file.
    static func errorLine(_ f: GateFailure, goldens: String, files: AnnotationFiles) -> String {
        let file = annotationFile(f, goldens: goldens).map { "file=\(property(files.path($0)))," } ?? ""
        return "::error \(file)title=\(property("evidence \(f.kind.rawValue): \(f.key)"))::"
            + data("\(f.detail) — \(AcceptHint.text(f, goldens: goldens))")
    }

    /// Where the "N more" annotation says the whole list is (issue #32: it named a log that had
    /// none and a summary that holds ten). The console summary — every failure with its fix, on
    /// stdout, or on stderr under --json — is always in the step's log; the page when one is
    /// written; the step summary holds only the first `shown`.
    public static func listedIn(page: String? = nil, stepSummary: Bool = false) -> String {
        "every failure is listed with its fix in this step's log"
            + (page.map { " and on the page \($0)/\(HTMLReport.fileName)" } ?? "")
            + (stepSummary ? "; the step summary shows the first \(shown)" : "")
    }

    /// The eleventh annotation, saying how many more and where they are; empty when all were shown.
    static func moreLine(_ result: VerifyResult, listedIn: String) -> [String] {
        let total = result.failures.count
        guard total > shown else { return [] }
        return [
            "::error title=\(property("evidence: \(total - shown) more failures"))::"
                + data("\(total - shown) more failures not annotated; \(listedIn)")
        ]
    }

    /// The annotations as the run goes. Which ten GitHub shows follows the review order (the
    /// never-re-record kinds first), and a later fixture can change it — a clipped render outranks
    /// an earlier pixel diff — so failures wait in a buffer of at most ten (memory does not grow
    /// with the run). Only a failure nothing later can outrank (the first kind of `ReviewOrder`,
    /// in arrival order) is emitted the moment it arrives; the rest and "N more" at the finish.
    /// The lines are exactly `errorLines` of the finished result. Calls are serial.
    public final class Stream: @unchecked Sendable {
        private let files: AnnotationFiles
        private let listedIn: String
        private var goldens = "Goldens"
        private var waiting: [(rank: Int, index: Int, failure: GateFailure)] = []
        private var emitted: [(index: Int, failure: GateFailure)] = []
        private var arrived = 0

        public init(files: AnnotationFiles = AnnotationFiles(), listedIn: String = GitHubAnnotations.listedIn()) {
            self.files = files
            self.listedIn = listedIn
        }

        public func begin(_ run: RunStart) { goldens = run.goldens }

        /// The lines to print now.
        public func fixture(_ r: FixtureResult) -> [String] {
            for f in r.failures {
                waiting.append((ReviewOrder.rank[f.kind]!, arrived, f))
                arrived += 1
            }
            return settle(limit: shown - emitted.count, final: false)
        }

        /// The remaining lines. Failures after the streamed ones are the end's own (`FixtureResult`'s
        /// contract); should the result not begin with what was streamed, it is annotated whole,
        /// less what was already printed.
        public func finish(_ result: VerifyResult) -> [String] {
            let consistent =
                result.failures.count >= arrived
                && (emitted + waiting.map { ($0.index, $0.failure) }).allSatisfy {
                    result.failures[$0.index] == $0.failure
                }
            guard consistent, goldens == (result.run?.goldens ?? "Goldens") else {
                let printed = Set(
                    emitted.map { GitHubAnnotations.errorLine($0.failure, goldens: goldens, files: files) })
                return GitHubAnnotations.errorLines(result, files: files, listedIn: listedIn).filter {
                    !printed.contains($0)
                }
            }
            for (i, f) in result.failures.enumerated().dropFirst(arrived) {
                waiting.append((ReviewOrder.rank[f.kind]!, i, f))
            }
            return settle(limit: shown - emitted.count, final: true)
                + GitHubAnnotations.moreLine(result, listedIn: listedIn)
        }

        /// Keeps the best `limit` waiting failures in review order; returns the lines of those that
        /// are settled (all of them at the end; before it, the leading ones of the first kind).
        private func settle(limit: Int, final: Bool) -> [String] {
            waiting.sort { ($0.rank, $0.index) < ($1.rank, $1.index) }
            if waiting.count > limit { waiting.removeLast(waiting.count - limit) }
            var lines: [String] = []
            while let first = waiting.first, final || first.rank == 0 {
                lines.append(GitHubAnnotations.errorLine(first.failure, goldens: goldens, files: files))
                emitted.append((first.index, first.failure))
                waiting.removeFirst()
            }
            return lines
        }
    }

    /// The working-folder-relative file an annotation points at: the golden, the manifest for a refused
    /// entry, nothing for the self-check.
    static func annotationFile(_ f: GateFailure, goldens: String) -> String? {
        switch f.remedy ?? Remedy.default(for: f.kind) {
        case .reportSelfCheck: return nil
        case .matchEnvironment, .matchEnvironmentInCI: return goldens + "/manifest.json"
        case .restoreManifest: return goldens + "/manifest.json"
        case .removeLink: return goldens + "/" + f.key
        case .record, .fixOtherFindingsFirst, .recordRemoves, .deleteByHand, .restoreFromGit, .gitLFSPull, .fixClip,
            .fixTruncation,
            .fixContrast, .fixColourAlone, .fixGlyph, .fixLostMeaning, .reviewAgain, .fixCaseExpectation:
            return goldens + "/" + f.key + ".png"
        }
    }

    /// The Markdown appended to `$GITHUB_STEP_SUMMARY`: a heading with the gate's line, a table of
    /// kinds × counts with what to do, the first failures with their hints, and where the report is:
    /// `page`, the folder whose `index.html` this run wrote (nil when it wrote none), else the
    /// result's report folder of images.
    public static func summary(_ result: VerifyResult, page: String?) -> String {
        let goldens = result.run?.goldens ?? "Goldens"
        let status = result.failures.isEmpty ? "✅" : "❌"
        var s =
            "### \(status) evidence verify\(result.shard.map { " shard \(cell($0))" } ?? ""): \(result.summaryLine)\n\n"
        s += "comparison: \(cell(result.comparison))\n\n"
        // the classes apart, spec gaps first (issue #51)
        if let counts = result.classCountsLine { s += "findings: \(cell(counts))\n\n" }
        guard !result.failures.isEmpty else { return s }
        s += "| kind | failures | what to do |\n|---|---:|---|\n"
        for k in ReviewOrder.kinds {
            let fs = result.failures.filter { $0.kind == k }
            guard let first = fs.first else { continue }
            let hint =
                (first.remedy ?? Remedy.default(for: k)) == .record
                ? "review the render, then `evidence record --filter KEY`" : AcceptHint.text(first, goldens: goldens)
            s += "| \(k.rawValue) | \(fs.count) | \(cell(hint)) |\n"
        }
        s +=
            "\n**failures by cause**\n\n" + RollUp.groups(result).map { "- " + cell($0.line) }.joined(separator: "\n")
            + "\n"
        let ordered = ReviewOrder.failures(result.failures)
        s += "\n| first failures | kind | detail | fix |\n|---|---|---|---|\n"
        for f in ordered.prefix(shown) {
            s +=
                "| `\(code(f.key))` | \(f.kind.rawValue) | \(cell(f.detail)) | "
                + "\(cell(AcceptHint.text(f, goldens: goldens))) |\n"
        }
        if ordered.count > shown { s += "\n…and \(ordered.count - shown) more.\n" }
        if let page {
            s +=
                "\nReport: `\(code(page))/index.html` with actual / expected / diff PNGs (upload the folder as an "
                + "artefact; `evidence report --from RESULT.json` rebuilds it).\n"
        } else if let dir = result.reportDirectory {
            s +=
                "\nReport folder: `\(code(dir))` with actual / expected / diff PNGs per failing fixture (upload it as "
                + "an artefact; `evidence report --from RESULT.json` builds the page).\n"
        }
        return s + "\n"
    }

    /// A Markdown table cell: one line, no pipe or backtick that would end it, controls visible, and
    /// no link, image or HTML tag of a result's author (issue #55) — shown as written.
    static func cell(_ s: String) -> String {
        var out = ""
        for c in escapeControls(s) {
            switch c {
            case "`": out.append("'")
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "&": out += "&amp;"
            case "|", "[", "]", "\\": out += "\\" + String(c)
            default: out.append(c)
            }
        }
        return out
    }

    /// Text inside a code span: one line, no backtick or pipe that would end it (a code span shows
    /// everything else as written).
    static func code(_ s: String) -> String {
        escapeControls(s).replacingOccurrences(of: "`", with: "'").replacingOccurrences(of: "|", with: "\\|")
    }

    /// Message text: `%`, CR and LF are the characters the runner decodes; other controls are shown.
    static func data(_ s: String) -> String {
        escapeControls(
            s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
                .replacingOccurrences(of: "\n", with: "%0A"))
    }

    /// Property values additionally escape `:` and `,`, which end a property.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
