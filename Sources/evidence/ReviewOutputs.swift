import Foundation
import WidgetRaster

/// What a finished verify run is handed to besides the console: the HTML page, a JUnit file,
/// GitHub annotations and the step summary. Each reads the same `VerifyResult`.
struct ReviewOutputs {
    static let html = OptionSpec.value("html", "DIR", "a static report page DIR/index.html (with the report images in DIR)")
    static let junit = OptionSpec.value("junit", "FILE", "JUnit XML: one testcase per fixture, failures with kind and message")
    static let options = OptionTable([html, junit])
    static var valued: Set<String> { options.valued }
    static let environmentNote = """
        With GITHUB_ACTIONS=true each failure is also a '::error' annotation; with GITHUB_STEP_SUMMARY
        set, one summary line is appended to that file.
        """

    var html: URL?
    var junit: URL?
    var githubActions: Bool
    var stepSummary: String?

    static func parse(_ a: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError) -> ReviewOutputs {
        ReviewOutputs(html: a.value(html.name).map { URL(fileURLWithPath: $0) }, junit: a.value(junit.name).map { URL(fileURLWithPath: $0) },
                      githubActions: environment["GITHUB_ACTIONS"] == "true",
                      stepSummary: environment["GITHUB_STEP_SUMMARY"].flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The page's images live beside it, so `--html DIR` is also the report folder.
    func reportDirectory(_ report: String?) throws(InputError) -> String {
        guard let html else { return report ?? "report" }
        if let report, URL(fileURLWithPath: report).standardizedFileURL != html.standardizedFileURL {
            throw InputError("--report", "'\(report)' differs from --html '\(html.path)'; the page's images go beside it — give one folder")
        }
        return html.path
    }

    /// The handlers the flags and environment ask for, in the order they run.
    func handlers(json: Bool) -> [any VerifyResultHandler] {
        var out: [any VerifyResultHandler] = []
        if let html { out.append(HTMLPageHandler(directory: html)) }
        if let junit { out.append(JUnitFileHandler(file: junit)) }
        // The runner reads workflow commands from either stream; keep stdout pure JSON under --json.
        if githubActions { out.append(AnnotationHandler(toStandardError: json)) }
        if let stepSummary { out.append(StepSummaryHandler(path: stepSummary)) }
        return out
    }

    func emit(_ result: VerifyResult, json: Bool) throws(InputError) {
        for h in handlers(json: json) { try h.handle(result) }
    }
}

/// Something done with a finished verify run (the console and `--json` are the other two).
protocol VerifyResultHandler {
    func handle(_ result: VerifyResult) throws(InputError)
}

struct HTMLPageHandler: VerifyResultHandler {
    let directory: URL
    func handle(_ result: VerifyResult) throws(InputError) { try HTMLReport.write(result, to: directory) }
}

struct JUnitFileHandler: VerifyResultHandler {
    let file: URL
    func handle(_ result: VerifyResult) throws(InputError) {
        try AtomicFile.write(Data(JUnitReport.render(result).utf8), to: file)
    }
}

struct AnnotationHandler: VerifyResultHandler {
    let toStandardError: Bool
    func handle(_ result: VerifyResult) throws(InputError) {
        for line in GitHubAnnotations.errorLines(result) { toStandardError ? printError(line) : print(line) }
    }
}

/// Appends one line to `$GITHUB_STEP_SUMMARY` (the runner renders the file as Markdown).
struct StepSummaryHandler: VerifyResultHandler {
    let path: String
    func handle(_ result: VerifyResult) throws(InputError) {
        if !FileManager.default.fileExists(atPath: path) { _ = FileManager.default.createFile(atPath: path, contents: nil) }
        guard let h = FileHandle(forWritingAtPath: path) else { throw InputError(path, "cannot append the step summary ($GITHUB_STEP_SUMMARY)") }
        defer { try? h.close() }
        do { _ = try h.seekToEnd(); try h.write(contentsOf: Data(GitHubAnnotations.summaryLine(result).utf8)) }
        catch { throw InputError(path, "cannot append the step summary: \(error.localizedDescription)") }
    }
}
