import EvidenceCore
import Foundation
import WidgetRaster
import WidgetScene
import WidgetText

/// Options shared by verify, record, bench and the commands that walk the matrix.
enum GateArguments {
    static let filter = OptionSpec.value(
        "filter", "GLOB", "only fixtures whose key matches (* crosses /), e.g. 'android/medium/*'")
    static let jobs = OptionSpec.value(
        "jobs", "N", "parallel workers; results do not depend on it", check: .int(1...256), default: .note("all cores"))
    static let goldens = OptionSpec.value("goldens", "DIR", "goldens folder", default: .note("the package's Goldens/"))
    static let cases = OptionSpec.value(
        "cases", "DIR", "the case files (one fixture each, keyed cases/…)", default: .note("the package's Cases/"))
    static let shard = OptionSpec.value(
        "shard", "i/n",
        """
        only slice i of n, by a stable hash of the key: slices 1…n cover every key
        exactly once (slice 1 also judges orphaned goldens)
        """)
    static let quiet = OptionSpec.flag("quiet", "no progress line on stderr")
    static let noWait = OptionSpec.flag(
        "no-wait", "fail (exit 2) instead of waiting while a record holds the goldens folder")
    static let report = OptionSpec.output(
        "report", "DIR", "where failure images go", writes: .folder, default: .value("./report"))
    /// `--compare`'s words.
    enum CompareFlag: String, CaseIterable { case auto, exact, perceptual }
    static let compare = OptionSpec.value(
        "compare", nil,
        "auto: exact, and an 'environment' failure on another renderer environment; exact; or perceptual (pixelmatch "
            + "7.2's rule, on purpose)",
        check: .choice(CompareFlag.allCases.map(\.rawValue)), default: .value(CompareFlag.auto.rawValue))
    static let threshold = OptionSpec.value(
        "threshold", "T", "with --compare perceptual: colour threshold (smaller is stricter)", check: .number(0...1),
        default: .value("\(ImageComparator.defaultThreshold)"))

    /// verify's whole table (the test helpers parse with it).
    static var valued: Set<String> { VerifyCommand.options.valued }

    /// Where the machine keeps its proofs of what golden files hold (`ProvenGoldens`): outside the
    /// repository, so nothing a pull request writes is ever the fast path's evidence.
    static let cacheNote = """
        Exact verify skips decoding a golden only when this machine has seen those exact bytes decode to
        the render's pixels (or wrote them): proofs are kept in $EVIDENCE_CACHE, else $XDG_CACHE_HOME/evidence,
        else ~/.cache/evidence (EVIDENCE_CACHE= keeps them for the run only). The manifest's hashes are
        an index, never evidence: one that disagrees with its file fails as 'unreadable', naming the entry.
        """

    /// The proofs cache the environment names; a folder inside the package (the repository) is refused.
    static func proofs(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError)
        -> ProvenGoldens
    {
        let folder: URL
        if let e = environment["EVIDENCE_CACHE"] {
            guard !e.isEmpty else { return .memory() }
            folder = URL(fileURLWithPath: e)
        } else if let x = environment["XDG_CACHE_HOME"], x.hasPrefix("/") {
            folder = URL(fileURLWithPath: x).appendingPathComponent("evidence")
        } else if let h = environment["HOME"], h.hasPrefix("/") {
            folder = URL(fileURLWithPath: h).appendingPathComponent(".cache/evidence")
        } else {
            return .memory()
        }
        // As the kernel reaches them (KernelPath): Foundation's resolvingSymlinksInPath leaves a path
        // that does not exist yet unresolved, so `lnk/new` with `lnk` a link into the project passed.
        let package = KernelPath.resolve(Project.current.root.path)
        if KernelPath.isAtOrBelow(KernelPath.resolve(folder.path), package) {
            throw InputError(
                "EVIDENCE_CACHE",
                "the proofs cache \(quoted(folder.path)) lies inside the project (\(package)); "
                    + "it must live where nothing committed can write it, e.g. ~/.cache/evidence")
        }
        let proofs = ProvenGoldens.open(folder)
        if let why = proofs.distrusted {
            printError(
                "note: proofs cache not used: \(escapeControls(why)); this run decodes every golden (chmod go-w, or "
                    + "set EVIDENCE_CACHE to a folder of your own)"
            )
        }
        return proofs
    }

    /// Saves new proofs; a cache that cannot be written costs the next run its decodes, so it is a note.
    static func save(_ proofs: ProvenGoldens) {
        do { try proofs.save() } catch {
            printError("note: proofs not saved: \(error.description) (the next run decodes again)")
        }
    }

    /// The case files' folder: `--cases`, else the project's. One a flag or the config names must
    /// exist (issue #55: `record --cases <typo>` deleted every case golden, and verify then passed
    /// with the same typo), like `--goldens`; only pin, which makes it, asks with `mustExist: false`.
    static func casesFolder(_ a: ParsedArguments, mustExist: Bool = true) throws(InputError) -> URL {
        try casesFolder(given: a.given(cases), mustExist: mustExist)
    }
    static func casesFolder(given: String?, mustExist: Bool = true) throws(InputError) -> URL {
        let project = Project.current
        let folder = given.map { URL(fileURLWithPath: $0) } ?? project.cases
        let named = given != nil || folder.path != project.root.appendingPathComponent(Project.defaultCases).path
        guard mustExist, named else { return folder }
        var st = stat()
        guard stat(folder.path, &st) == 0 else {
            throw InputError(
                given != nil ? "--cases" : Project.configName,
                "\(quoted(folder.path)): no such cases folder (it is never created for you); check the path, or make "
                    + "it first with mkdir"
            )
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw InputError("--cases", "\(quoted(folder.path)) is not a folder")
        }
        return folder
    }

    static func fixtures(_ filter: String?, cases: URL = Project.current.cases) throws -> [Fixture] {
        _ = try keys(filter, cases: cases)
        return try FixtureCatalog.filtered(filter, cases: cases)
    }

    /// The catalog keys a filter selects, without drawing anything; a filter that matches nothing
    /// is a usage error, never a pass.
    static func keys(_ filter: String?, cases: URL = Project.current.cases) throws(InputError) -> [String] {
        let keys = try FixtureCatalog.keys(matching: filter, cases: cases)
        if keys.isEmpty, let filter { throw matchesNothing(filter) }
        return keys
    }

    /// "no fixture matches 'iOS/*'; did you mean 'ios/*'?": the filter respelled after the keys' words.
    static func matchesNothing(_ filter: String) -> InputError {
        let hint = FixtureCatalog.respelled(filter: filter).map { "did you mean '\($0)'? " } ?? ""
        return InputError("--filter", "no fixture matches '\(filter)'; \(hint)run 'evidence list' to see the keys")
    }

    /// The area a key's fixture belongs to (`android/medium`, `ios/bands`), from its identity;
    /// a key no fixture has (a stale golden) is its own area.
    static func area(of key: String) -> String {
        FixtureCatalog.id(forKey: key)?.area ?? CaseFiles.folder(ofKey: key).map { "cases/\($0)" } ?? "stale"
    }

    static func painter() throws -> CairoPainter {
        CairoPainter(fonts: try FontLibrary.bundled.get())
    }
}

struct ListCommand: DeclaredCommand {
    static let name = "list"
    static let summary = "Print every fixture key (the golden matrix)"
    static let usage = """
        usage: evidence list [--filter GLOB] [--shard i/n] [--json]

        Prints one fixture key per line; each key is also its golden's path under Goldens/ (+ .png).
        """
    static let json = OptionSpec.flag("json", "a JSON array of keys")
    struct Arguments: ParsableArguments {
        @Option(GateArguments.filter) var filter: String?
        @Option(GateArguments.shard) var shard: String?
        @Option(GateArguments.cases) var cases: String?
        @Option(ListCommand.json) var json: Bool
    }
    static func run(_ o: Arguments) throws -> Int32 {
        let keys = try Self.keys(
            filter: o.filter, shard: try GateArguments.shard(given: o.shard),
            cases: try GateArguments.casesFolder(given: o.cases))
        if o.json { try printJSON(keys) } else { keys.forEach { print($0) } }
        return 0
    }

    static func keys(filter: String?, shard: Shard?, cases: URL = Project.current.cases) throws -> [String] {
        try GateArguments.keys(filter, cases: cases).filter { shard?.contains($0) ?? true }
    }
}

struct VerifyCommand: DeclaredCommand {
    static let name = "verify"
    static let summary = "Render every fixture and compare with the goldens; exit 1 on any failure"
    static let usage = """
        usage: evidence verify [--filter GLOB] [--shard i/n] [--report DIR] [--html DIR] [--junit FILE] [--json]\
         [--jobs N]
                               [--compare auto|exact|perceptual] [--threshold T] [--quiet] [--no-wait]

        Renders each fixture and compares it with its golden, every byte exactly. The renderer's
        environment (library versions, font hashes) is measured and must equal Goldens/manifest.json's;
        if it differs the run fails as 'environment' naming what differs, unless --compare perceptual
        asks for pixelmatch 7.2's comparison (YIQ delta, alpha over its checkerboard, anti-aliasing
        ignored) on purpose. The first output line says which comparison was applied and why.
        \(failureKindsHelp)
        Findings listed in known-findings.json (each with its seed passage and class, spec-gap or
        known) and findings outside the seed's scope (Gate/SeedScope.swift) do not fail the run; each
        entry that matched prints one SPEC GAP or KNOWN line, spec gaps first (kind, the entry's
        conditions or its fixture glob, element, count, seed section), each scope boundary crossed
        an OUTSIDE SCOPE line, and a 'findings:' line counts the classes apart, on every run; --json
        and --html carry every match with its class and full seed passage.
        For each failing fixture, actual.png / expected.png / diff.png go to the report folder.
        The last line is 'N passed, N failed'.
        """
    /// The failure kinds and the checks, from `FailureKind` and `CheckRegistry`: a kind or check
    /// added there is listed here with no edit.
    static var failureKindsHelp: String {
        func kinds(_ records: Bool) -> String {
            ReviewOrder.kinds.filter { Remedy.default(for: $0).recordsAGolden == records }.map(\.rawValue).joined(
                separator: ", ")
        }
        let checks = CheckRegistry.checks.map { c in
            "  \(c.name) → \(c.kind.rawValue) (runs in \(c.stages.map(\.rawValue).joined(separator: ", "))): \(c.reads)"
        }
        return
            ([
                "Failure kinds a record must never accept: \(kinds(false)).",
                "Failure kinds a record can accept (after review): \(kinds(true)).",
                "Checks besides the golden comparison (check → the kind it reports):",
            ] + checks).joined(separator: "\n")
    }

    static let json = OptionSpec.flag(
        "json", "machine-readable result on stdout ('evidence report' rebuilds the page from it)")
    struct Arguments: ParsableArguments {
        @OptionGroup var matrix: MatrixArguments
        @Option(GateArguments.shard) var shard: String?
        @Option(GateArguments.quiet) var quiet: Bool
        /// Only as given: without it the images go where `--html` puts the page, else `./report`.
        @Option(given: GateArguments.report) var report: String?
        @OptionGroup var comparison: ComparisonArguments
        @Option(VerifyCommand.json) var json: Bool
        @Option(GateArguments.noWait) var noWait: Bool
        @TableGroup(ReviewOutputs.options, read: { a throws(InputError) in try ReviewOutputs.parse(a) }) var outputs:
            ReviewOutputs

        /// The gate's options: the matrix's, the shard and the comparison.
        func gateOptions() throws -> GateOptions {
            var o = try matrix.gateOptions(shard: shard)
            o.comparison = comparison.choice
            return o
        }
    }
    static let notes = ReviewOutputs.environmentNote + "\n" + GateArguments.cacheNote
    static func run(_ a: Arguments) throws -> Int32 {
        var o = try a.gateOptions()
        let outputs = a.outputs
        o.reportDirectory = URL(fileURLWithPath: try outputs.reportDirectory(a.report))
        o.checks = CheckRegistry.renderChecks
        o.colourAlone = true
        o.knownFindings = try KnownFindings.load(from: Project.current.knownFindings)
        let cases = try a.matrix.casesFolder()
        // a filter that matches nothing is a usage error, never a pass
        _ = try GateArguments.keys(o.filter, cases: cases)
        try ReportFolder.checkWritable(o.reportDirectory!)
        // verify marks its report folder as a page evidence wrote (report -o / gallery -o may then
        // replace it whole), so it may only be a folder evidence could replace: new, empty or marked.
        try PageFolder.checkReplaceable(o.reportDirectory!, replacing: false)
        let lock = try FolderLock.acquire(o.goldens, .shared, wait: !a.noWait, onWait: printError)
        defer { withExtendedLifetime(lock) {} }
        let project = Project.current
        let stream = outputs.stream(
            json: a.json,
            console: ConsoleHandler(
                knownFindings: o.knownFindings, wholeRun: o.isWholeRun,
                projectLine: "project: \(project.root.path) (\(project.origin))"))
        try stream.begin(RunStart(goldens: ReviewOutputs.goldensName(o.goldens)))
        let startedAt = Date()
        let clock = ContinuousClock.now
        var result: VerifyResult
        do {
            result = try Verifier.verify(
                o,
                loadingCatalog: { () throws(InputError) in try FixtureCatalog.load(checking: o.filter, cases: cases) },
                painter: try GateArguments.painter(),
                progress: ProgressLine.make(quiet: a.quiet || a.json, verb: "verified"),
                onFixture: stream.fixture,
                // a killed record's temp files, found by the run's walk of the goldens
                notice: { printError($0) })
            try stream.checkFailure()
        } catch {
            stream.abandon()
            throw error
        }
        GateArguments.save(o.proofs)
        let elapsed = (ContinuousClock.now - clock).components
        outputs.stamp(
            &result, startedAt: startedAt, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18,
            goldens: o.goldens)
        if let dir = o.reportDirectory, result.reportDirectory != nil || outputs.html != nil {
            // Marks the folder as one evidence wrote before the page goes in (the images marked it
            // before the first of them), so the next verify may write into it again and
            // 'report -o' / 'gallery -o' may replace it whole.
            try PageFolder.mark(ContainedFolder(dir))
        }
        try stream.finish(result)
        return result.failures.isEmpty ? 0 : 1
    }
}

struct RecordCommand: DeclaredCommand {
    static let name = "record"
    static let summary = "Re-record goldens: write only what moved, add new, remove stale"
    static let usage = """
        usage: evidence record [--filter GLOB] [--shard i/n] [--mode changed|missing|all] [--jobs N] [--dry-run]\
         [--json] [--quiet]
                               [--no-wait] [--rebuild-manifest] [--environment-upgrade [--html DIR]]
                               [--accept-findings KIND] [--accept FILE]

        Renders each fixture; rewrites a golden only when its pixels changed (unchanged files are left
        byte for byte), adds goldens for new fixtures, removes goldens with no fixture, and updates
        Goldens/manifest.json. Every write goes through a temp file and a rename; the goldens folder is
        locked for the whole run (a second record waits), and only files the manifest proves were
        recorded are ever deleted (anything else is listed as 'left alone').
        Review the moved goldens (git diff, or 'evidence verify' before recording) — never re-record to
        silence a failure you do not understand.
        A render verify would fail for a finding no record may accept is not written: record
        prints each with its fix and exits 1, unless --accept-findings names its kind (one of
        \(CheckRegistry.everyCheckKind); known findings excepted). --filter may
        name a stale key (a golden no fixture has): record removes exactly the goldens it matches.
        """
    static let mode = OptionSpec.value(
        "mode", "M",
        """
        changed: rewrite moved, add new, remove stale;
        missing: only add goldens that do not exist; all: rewrite every file
        """, check: .choice(RecordMode.allCases.map(\.rawValue)), default: .value(RecordMode.changed.rawValue))
    static let dryRun = OptionSpec.flag("dry-run", "say what would move, appear and vanish; write nothing")
    static let json = OptionSpec.flag("json", "machine-readable result on stdout")
    static let rebuildManifest = OptionSpec.flag(
        "rebuild-manifest", "ignore the existing manifest (corrupt, or refused) and write it afresh")
    static let replaceUnreadable = OptionSpec.flag(
        "replace-unreadable",
        "record over goldens verify calls unreadable (a Git LFS pointer, a corrupt PNG); without it record stops, "
            + "naming the file"
    )
    struct Arguments: ParsableArguments {
        @OptionGroup var matrix: MatrixArguments
        @Option(GateArguments.shard) var shard: String?
        @Option(GateArguments.quiet) var quiet: Bool
        @Option(RecordCommand.mode) var mode: RecordMode
        @Option(RecordCommand.dryRun) var dryRun: Bool
        @Option(RecordCommand.json) var json: Bool
        @Option(GateArguments.noWait) var noWait: Bool
        @Option(RecordCommand.rebuildManifest) var rebuildManifest: Bool
        @Option(RecordCommand.replaceUnreadable) var replaceUnreadable: Bool
        @OptionGroup var environmentUpgrade: EnvironmentUpgrade.Arguments
        @OptionGroup var accepting: RecordGuardOptions.Arguments
    }
    /// record owns the goldens folder it writes (`OutputGuard`: `--goldens Tokens` or `--goldens .` are refused).
    static func ownedOutputs(_ a: ParsedArguments) throws -> [OutputAllowList.Output] {
        [
            .init(
                "--goldens", a.given(GateArguments.goldens) ?? Project.current.goldens.path,
                .ownedFolder(role: "goldens"))
        ]
    }

    static func run(_ a: Arguments) throws -> Int32 {
        var o = try a.matrix.gateOptions(shard: a.shard)
        o.recordMode = a.mode
        o.replaceUnreadable = a.replaceUnreadable
        let cases = try a.matrix.casesFolder()
        // also: a filter that matches nothing is a usage error, never a pass
        let recordGuard = try RecordGuardOptions.parse(a.accepting, &o, cases: cases)
        let handler: any RecordResultHandler =
            a.json
            ? RecordJSONHandler()
            : RecordConsoleHandler(dryRun: a.dryRun, goldens: ReviewOutputs.goldensName(o.goldens))
        let painter = try GateArguments.painter()
        // a drifted environment: refused before any fixture is drawn, or reviewed first
        let upgrade = try EnvironmentUpgrade.upgrade(o, a, painter: painter)
        let catalog = try FixtureCatalog.load(checking: o.filter, cases: cases)
        // The review draws the matrix once and the record again (the painter's caches are warm by
        // then): the second draw costs about one verify, and keeps the review's refusal ("nothing
        // was recorded") ahead of any write.
        if let upgrade { try EnvironmentUpgrade.review(upgrade, o, a, catalog: catalog, painter: painter) }
        let r = try Recorder.record(
            o, catalog: catalog, painter: painter, dryRun: a.dryRun,
            rebuildManifest: a.rebuildManifest, waitForLock: !a.noWait, guard: recordGuard,
            notice: { printError($0) },
            progress: ProgressLine.make(quiet: a.quiet || a.json, verb: "rendered"),
            onFixture: handler.fixture)
        if !a.dryRun { GateArguments.save(o.proofs) }
        try handler.finish(r)
        return r.refused.isEmpty ? 0 : 1
    }
}

/// A handler of record's stream: each fixture's decision in catalog order as it is made
/// (`RecordedFixture`), then the finished `RecordResult` — what is on disk once every file is in place.
protocol RecordResultHandler {
    func fixture(_ decision: RecordedFixture)
    func finish(_ result: RecordResult) throws
}

extension RecordResultHandler {
    func fixture(_ decision: RecordedFixture) {}
}

/// `record --json`: the result itself.
struct RecordJSONHandler: RecordResultHandler {
    func finish(_ result: RecordResult) throws { try printJSON(result) }
}

/// record's console lines, all at the finish: grouped by change in key order, and a decision is
/// not yet a file on disk (nothing is renamed into place before every fixture is decided).
struct RecordConsoleHandler: RecordResultHandler {
    var dryRun = false
    /// The goldens folder as the fixes name it.
    var goldens = "Goldens"

    func finish(_ result: RecordResult) throws { lines(result).forEach { print($0) } }

    func lines(_ r: RecordResult) -> [String] {
        var out: [String] = []
        for k in r.heldBack { out.append("left    \(k) (moved; --mode missing leaves existing goldens alone)") }
        for m in r.moved {
            out.append(
                "moved   \(m.key) "
                    + "(\(m.reason)\(m.textChanged ? " — visible text or label changed" : ", text unchanged"))"
            )
        }
        for k in r.added { out.append("added   \(k)") }
        for k in r.removed { out.append("removed \(k)") }
        for f in r.leftAlone { out.append("left alone \(escapeControls(f))") }
        if r.moved.count > 1 {
            // The line a commit message needs: how many moved where, and how many changed their words.
            let areas = Dictionary(grouping: r.moved) { GateArguments.area(of: $0.key) }
                .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map { "\($0.key)/* \($0.value.count)" }
            out.append(
                "moved by area: \(areas.joined(separator: ", ")); text changed in "
                    + "\(r.moved.filter(\.textChanged).count)"
            )
        }
        out += RecordGuardOptions.lines(r, goldens: goldens)
        out.append((dryRun ? "dry run, nothing written — " : "") + r.summaryLine)
        return out
    }
}
