import EvidenceCore
import Foundation
import WidgetRaster

#if canImport(Glibc)
    import Glibc
#endif

/// Every output of a verify run is a handler of its one result stream (`ResultStream`: per-fixture
/// results as they are judged, then the finished `VerifyResult`): the console or `--json`, the HTML
/// page, a JUnit file, GitHub annotations and the step summary. None of them re-derives what another
/// decided (the hint, the order, the counts come from WidgetRaster). `report` hands a result it read
/// back to the same handlers, with its own page writer and console line.
struct ReviewOutputs {
    static let html = OptionSpec.output(
        "html", "DIR", "a static report page DIR/index.html (with the report images in DIR)", writes: .folder)
    static let junit = OptionSpec.output(
        "junit", "FILE",
        "JUnit XML (Jenkins / JUnit 5 schema): one testcase per fixture, one failure per failing fixture listing every "
            + "finding with what to do",
        writes: .junit)
    static let options = OptionTable([html, junit])
    static var valued: Set<String> { options.valued }
    static let environmentNote = """
        With GITHUB_ACTIONS=true the first 10 failures are '::error file=Goldens/KEY.png' annotations
        (plus one saying how many more); with GITHUB_STEP_SUMMARY set, a Markdown table of kinds,
        the first failures and where the report is goes into that file. GITHUB_SHA names the commit.
        """

    /// The page's folder: verify's `--html`, report's `-o`.
    var html: URL?
    var junit: URL?
    var githubActions: Bool
    var stepSummary: String?
    var commit: String?
    /// `$GITHUB_WORKSPACE`: annotation `file=` paths are relative to it (GitHub resolves them there).
    var workspace: String?
    /// Running in CI (`CI=true`, as GitHub, GitLab and Jenkins' plugins set it, or GITHUB_ACTIONS):
    /// a drifted environment's remedy is then the CI machine's, not "go to CI".
    var inCI: Bool

    static func parse(_ a: ParsedArguments, environment: [String: String] = ProcessInfo.processInfo.environment)
        throws(InputError) -> ReviewOutputs
    {
        try make(html: a.given(html), junit: a.given(junit), environment: environment)
    }

    /// The outputs `--html` and `--junit` name (nil: not written) and what the environment says.
    static func make(
        html htmlPath: String?, junit junitPath: String?,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InputError) -> ReviewOutputs {
        func path(_ spec: OptionSpec) throws(InputError) -> URL? {
            guard let v = spec == html ? htmlPath : junitPath else { return nil }
            // An empty path would write into the working folder (issue #24).
            guard !v.isEmpty else {
                throw InputError("--\(spec.name)", "empty path; name the \(spec == html ? "folder" : "file") to write")
            }
            return URL(fileURLWithPath: v)
        }
        func set(_ name: String) -> String? { environment[name].flatMap { $0.isEmpty ? nil : $0 } }
        return ReviewOutputs(
            html: try path(html), junit: try path(junit),
            githubActions: environment["GITHUB_ACTIONS"] == "true",
            stepSummary: set("GITHUB_STEP_SUMMARY"), commit: set("GITHUB_SHA"), workspace: set("GITHUB_WORKSPACE"),
            inCI: environment["CI"] == "true" || environment["GITHUB_ACTIONS"] == "true" || set("JENKINS_URL") != nil)
    }

    /// The page's images live beside it, so `--html DIR` is also the report folder.
    func reportDirectory(_ report: String?) throws(InputError) -> String {
        if report == "" { throw InputError("--report", "empty path; name the folder for the report images") }
        guard let html else { return report ?? "report" }
        if let report, URL(fileURLWithPath: report).standardizedFileURL != html.standardizedFileURL {
            throw InputError(
                "--report",
                "'\(report)' differs from --html '\(html.path)'; the page's images go beside it — give one folder")
        }
        return html.path
    }

    /// What only the command knows: when it ran, for how long, on which commit, and the folders as
    /// a reader of the result (a hint, an annotation, `report --from` elsewhere) should name them.
    func stamp(
        _ result: inout VerifyResult, startedAt: Date, seconds: Double, goldens: URL,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) {
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(identifier: "UTC")
        result.run?.startedAt = formatter.string(from: startedAt)
        result.run?.seconds = seconds
        result.run?.commit = commit
        result.run?.goldens = Self.goldensName(goldens, workingDirectory: workingDirectory)
        result.reportDirectory = result.reportDirectory.map { Self.relative($0, to: workingDirectory) }
        if inCI { Remedy.whereItRuns(&result, inCI: true) }
    }

    /// `path` relative to `base` when inside it (so a result moved with its report still finds it), else as given.
    static func relative(_ path: String, to base: String = FileManager.default.currentDirectoryPath) -> String {
        let p = URL(fileURLWithPath: path).standardizedFileURL.path
        let b = URL(fileURLWithPath: base).standardizedFileURL.path
        if p == b { return "." }
        let prefix = b.hasSuffix("/") ? b : b + "/"
        return p.hasPrefix(prefix) ? String(p.dropFirst(prefix.count)) : p
    }

    /// The handlers the flags and environment ask for, in the order they run; the console (or
    /// `--json`) last, so its final line is the gate's. The page goes into `html` through `page`
    /// when given (report's, built whole elsewhere), else into the report folder (verify's).
    /// With `json`, stdout is the result alone and the console's summary goes to stderr, so a log
    /// says what failed in every mode (issue #32: `verify --json > r.json` printed nothing).
    func handlers(console: ConsoleHandler, json: Bool, page: (any VerifyResultHandler)? = nil)
        -> [any VerifyResultHandler]
    {
        var out: [any VerifyResultHandler] = []
        if let html { out.append(page ?? HTMLPageHandler(directory: html)) }
        // verify's page folder is a self-contained shard artefact: its result beside it, paths relative to it.
        if let html, page == nil { out.append(ResultBesidePageHandler(directory: html)) }
        if let junit { out.append(JUnitFileHandler(file: junit)) }
        let pageName = html.map { Self.relative($0.path) }
        // The runner reads workflow commands from either stream; keep stdout pure JSON under --json.
        if githubActions {
            out.append(
                AnnotationHandler(
                    toStandardError: json,
                    files: AnnotationFiles(
                        workingDirectory: FileManager.default.currentDirectoryPath, workspace: workspace),
                    listedIn: GitHubAnnotations.listedIn(page: pageName, stepSummary: stepSummary != nil)))
        }
        if let stepSummary { out.append(StepSummaryHandler(path: stepSummary, page: pageName)) }
        var console = console
        console.toStandardError = json
        if json { out.append(JSONHandler()) }
        out.append(console)
        return out
    }

    /// The one stream of this run's outputs.
    func stream(json: Bool, console: ConsoleHandler = ConsoleHandler(), page: (any VerifyResultHandler)? = nil)
        -> ResultStream
    {
        ResultStream(handlers(console: console, json: json, page: page))
    }

    /// The goldens folder as the run's readers name it (`RunInfo.goldens`, and `RunStart` before it).
    static func goldensName(_ goldens: URL, workingDirectory: String = FileManager.default.currentDirectoryPath)
        -> String
    {
        relative(goldens.path, to: workingDirectory)
    }
}

/// A handler of verify's one result stream, owning one output: `begin` before the first fixture,
/// `fixture` for each judged fixture in catalog order (serially, from the verifier's workers),
/// `finish` with the whole result. Given only `finish` (a result read back by `report`, a test)
/// it writes exactly what a whole stream would have.
protocol VerifyResultHandler {
    func begin(_ run: RunStart) throws
    func fixture(_ result: FixtureResult) throws
    func finish(_ result: VerifyResult) throws
    /// The run failed: remove anything half-made.
    func abandon()
}

extension VerifyResultHandler {
    func begin(_ run: RunStart) throws {}
    func fixture(_ result: FixtureResult) throws {}
    func abandon() {}
    /// A finished result on its own.
    func handle(_ result: VerifyResult) throws { try finish(result) }
}

/// Fans verify's events out to the handlers. After a handler throws, none sees another event,
/// every handler is abandoned (so no output is left half-written) and the error surfaces at the
/// latest from `finish`; a handler failing in `finish` abandons those after it.
final class ResultStream: @unchecked Sendable {
    let handlers: [any VerifyResultHandler]
    private(set) var failure: (any Error)?

    init(_ handlers: [any VerifyResultHandler]) { self.handlers = handlers }

    func begin(_ run: RunStart) throws {
        do { for h in handlers { try h.begin(run) } } catch {
            abandon()
            throw error
        }
    }

    /// Called serially (the verifier's ordered delivery); never throws into the render workers.
    func fixture(_ r: FixtureResult) {
        guard failure == nil else { return }
        do { for h in handlers { try h.fixture(r) } } catch {
            failure = error
            abandon()
        }
    }

    /// Throws the error a handler raised mid-stream, if any.
    func checkFailure() throws { if let failure { throw failure } }

    func finish(_ result: VerifyResult) throws {
        try checkFailure()
        for (i, h) in handlers.enumerated() {
            do { try h.finish(result) } catch {
                handlers[(i + 1)...].forEach { $0.abandon() }
                throw error
            }
        }
    }

    func abandon() { handlers.forEach { $0.abandon() } }
}

/// `verify --json`: the result itself, schema `evidence-result/2` (needs the whole run).
struct JSONHandler: VerifyResultHandler {
    func finish(_ result: VerifyResult) throws { StandardOutput.shared.write(try resultJSON(result)) }
}

/// The console: the comparison, known findings in one short line each, every failure with what to
/// do, where the report is, the kinds by area, and last `N passed, N failed`. All at the finish:
/// failures are grouped by kind with the never-re-record kinds first, which a later fixture can
/// change, and a CI log (no TTY) gets nothing mid-run beyond the progress line a terminal shows.
struct ConsoleHandler: VerifyResultHandler {
    /// The known-findings file, for one short line per matched finding (`KnownFindingLines`).
    var knownFindings = KnownFindings()
    /// Only a whole, unsharded run can say an entry matched nothing.
    var wholeRun = false
    /// The line before the verdict that says where a page went (report's).
    var pageLine: String?
    /// verify's second line: the project it checked and how it was found (issue #55: inside a nested
    /// project, verify checked the outer one without naming it).
    var projectLine: String?
    /// Under `--json` the summary goes to stderr, stdout being the result.
    var toStandardError = false

    func finish(_ result: VerifyResult) throws {
        lines(result).forEach { toStandardError ? printError($0) : print($0) }
    }

    /// Every line with its control characters escaped: a result read back by `report` may come from
    /// a fork's artefact, and a newline in its `comparison` or `reportDirectory` would start a line
    /// of its own (a GitHub workflow command) in the log (issue #55).
    func lines(_ result: VerifyResult) -> [String] { rawLines(result).map(escapeControls) }

    private func rawLines(_ result: VerifyResult) -> [String] {
        var out: [String] = []
        let goldens = result.run?.goldens ?? "Goldens"
        out.append("comparison: \(result.comparison)")
        if let projectLine { out.append(projectLine) }
        // The classes apart, spec gaps first (issue #51): spec gaps and known, outside scope, then failures.
        out += KnownFindingLines.lines(result.known, entries: knownFindings)
        out += KnownFindingLines.outsideScope(result.outsideScope ?? [])
        out += RollUp.lines(RollUp.groups(result))  // the causes first, then each fixture
        for f in ReviewOrder.failures(result.failures) {
            out.append("FAIL \(f.kind.rawValue) \(escapeControls(f.key)): \(escapeControls(f.detail))")
            out.append("     fix: \(escapeControls(AcceptHint.text(f, goldens: goldens)))")
        }
        if let dir = result.reportDirectory {
            out.append(
                "report: \(dir) (actual.png, expected.png, diff.png per failing fixture; a11y.png, its accessibility "
                    + "view, for the first \(Verifier.accessibilityViewLimit))"
            )
        }
        if result.failures.count > 1 {
            // Many failures usually share one cause: say which kinds and where, before the count.
            let kinds = Dictionary(grouping: result.failures, by: \.kind)
                .sorted { ($1.value.count, $0.key.rawValue) < ($0.value.count, $1.key.rawValue) }
                .map { kind, fs in
                    let areas = Dictionary(grouping: fs) { GateArguments.area(of: $0.key) }
                        .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.prefix(3).map {
                            "\($0.key)/* \($0.value.count)"
                        }
                    return "\(kind.rawValue) \(fs.count) (\(areas.joined(separator: ", ")))"
                }
            out.append("failures by kind: " + kinds.joined(separator: "; "))
        }
        if let counts = result.classCountsLine {
            // Spec gaps and known: listed in known-findings.json; outside scope: beyond SeedScope's bounds. Only
            // failures fail.
            out.append(
                "findings: \(counts) (only failures fail; spec gaps and known are listed in \(KnownFindings.fileName))")
        }
        if let advisory = result.advisory, !advisory.isEmpty {
            // Not failing yet (CheckRegistry's `enforced: false`): one line, so the gate's last line stays the verdict.
            let byKind = Dictionary(grouping: advisory, by: \.kind).sorted { $0.key.rawValue < $1.key.rawValue }
                .map { "\($0.value.count) \($0.key.rawValue) in \(Set($0.value.map(\.key)).count) renders" }
            out.append(
                "advisory (not failing yet): \(byKind.joined(separator: "; ")); list them: evidence verify --json | jq "
                    + "'.advisory[]'"
            )
        }
        // Only a whole run that drew its renders can say an entry matched nothing: one stopped
        // before rendering (a drifted environment) matched nothing because it looked at nothing.
        // A spec-gap entry names what the seed's rules lose at any size, most of them sizes no golden
        // draws: SeedMeaningSweepTests fails on one no render needs, so only `known` entries are told here.
        let rendered = (result.run?.applied?.renders ?? 0) > 0
        for e in wholeRun && rendered
            ? knownFindings.unmatched(by: result.known).filter({ $0.findingClass == .known }) : []
        {
            out.append(
                "note: \(KnownFindings.fileName) entry \(KnownFindingLines.label(e)) matched nothing in this run; "
                    + "remove it if the render no longer needs it"
            )
        }
        if let pageLine { out.append(pageLine) }
        out.append(result.summaryLine)
        return out
    }
}

/// The page needs the totals and every failure's detail: written at the finish, into the report
/// folder beside its images (never through a link inside it).
struct HTMLPageHandler: VerifyResultHandler {
    let directory: URL
    func finish(_ result: VerifyResult) throws { try HTMLReport.write(result, to: ContainedFolder(directory)) }
}

/// `DIR/result.json` beside verify's page: the result `--json` prints, its report folder named as
/// "." (the images are beside it), so the folder alone is what `report --from` needs wherever CI
/// puts it (issue #32: a redirect into DIR was refused, and paths were relative to the job's folder).
struct ResultBesidePageHandler: VerifyResultHandler {
    let directory: URL
    func finish(_ result: VerifyResult) throws {
        var r = result
        if r.reportDirectory != nil { r.reportDirectory = "." }
        try ContainedFolder(directory).write(Array(try resultJSON(r).utf8), to: PageFolder.resultName)
    }
}

/// Each testcase goes to a temp file beside `file` as its fixture is judged; the finish writes the
/// whole file atomically (`JUnitStream`).
final class JUnitFileHandler: VerifyResultHandler {
    let writer: JUnitStream
    init(file: URL) { writer = JUnitStream(destination: file) }
    func begin(_ run: RunStart) throws { try writer.begin(run) }
    func fixture(_ result: FixtureResult) throws { try writer.fixture(result) }
    func finish(_ result: VerifyResult) throws { try writer.finish(result) }
    func abandon() { writer.abandon() }
}

/// `::error` lines as failures arrive, as far as the review order allows (`GitHubAnnotations.Stream`).
final class AnnotationHandler: VerifyResultHandler {
    let toStandardError: Bool
    private let annotations: GitHubAnnotations.Stream
    init(toStandardError: Bool, files: AnnotationFiles, listedIn: String) {
        self.toStandardError = toStandardError
        annotations = GitHubAnnotations.Stream(files: files, listedIn: listedIn)
    }
    func begin(_ run: RunStart) throws { annotations.begin(run) }
    func fixture(_ result: FixtureResult) throws {
        let lines = annotations.fixture(result)
        write(lines)
        // Out now, not when the run's output is flushed (stdout is buffered; a write error is kept for the end).
        if !lines.isEmpty && !toStandardError { _ = StandardOutput.shared.flush() }
    }
    func finish(_ result: VerifyResult) throws { write(annotations.finish(result)) }
    private func write(_ lines: [String]) { for line in lines { toStandardError ? printError(line) : print(line) } }
}

/// Appends the Markdown summary to `$GITHUB_STEP_SUMMARY` (the runner renders the file); it needs the totals.
/// The file is made if missing and only ever appended to: never through a link, and never waited
/// on (a FIFO with no reader is an error, not a hang); anything but a regular file is refused.
struct StepSummaryHandler: VerifyResultHandler {
    let path: String
    /// The page folder this run writes, as the summary names it; nil when it writes no page.
    let page: String?
    func finish(_ result: VerifyResult) throws {
        func refuse(_ why: String) -> InputError {
            InputError(path, "cannot append the step summary ($GITHUB_STEP_SUMMARY): \(why)")
        }
        let fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0o644)
        guard fd >= 0 else {
            let err = errno
            throw refuse(
                err == ELOOP
                    ? "it is a symbolic link" : err == ENXIO ? "a FIFO nobody reads" : String(cString: strerror(err)))
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { throw refuse("not a regular file") }
        // A second name for the file (a hard link into the project) would take the append too.
        guard st.st_nlink <= 1 else {
            throw refuse("it has \(st.st_nlink) hard links; the summary is appended only to a file of one name")
        }
        let failure = Array(GitHubAnnotations.summary(result, page: page).utf8).withUnsafeBytes { writeAll(fd, $0) }
        if failure != 0 { throw refuse(String(cString: strerror(failure))) }
    }
}
