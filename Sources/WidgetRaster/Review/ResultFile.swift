import EvidenceCore
import Foundation
import WidgetLayout

/// A saved `verify --json` result read back for `report` — a file that may come from anywhere (a
/// downloaded CI artefact), so it is bounded and checked before anything is drawn or copied: a
/// size cap, a schema version, caps on fixtures and text lengths, every key in the key grammar.
public struct ResultFile: Sendable {
    /// 16 MB: a whole failing matrix (2,048 fixtures with their words) is about 3 MB.
    public static let maxBytes = 16 * 1024 * 1024
    /// Fixtures per result (passed, failures, cases, details each); the matrix is 2,048.
    public static let maxFixtures = 50_000
    /// Characters of one key, detail, label or text line.
    public static let maxText = 4_096
    /// Text lines of one fixture (its visible text, expected or drawn).
    public static let maxTextLines = 256
    /// The `platform` of a case no judged fixture owns (`Verifier.orphanCases`: stale goldens, links, self-check).
    static let orphanPlatform = "goldens"

    public let path: String
    public var result: VerifyResult
    /// The folder the result's report images are in: its `reportDirectory` against the file's folder.
    public var imageFolder: URL?

    public static func load(_ path: String) throws(InputError) -> ResultFile {
        let data = Data(try readFile(atPath: path, limit: maxBytes))
        struct Probe: Decodable { var schema: String? }
        let probe: Probe
        do { probe = try JSONDecoder().decode(Probe.self, from: data) } catch {
            throw InputError(path, "not an 'evidence verify --json' result (not a JSON object)")
        }
        guard probe.schema == ResultSchema.tag else {
            throw InputError(
                path,
                "result schema \(probe.schema.map { "'\(escapeControls(String($0.prefix(40))))'" } ?? "missing"); this "
                    + "evidence reads \(ResultSchema.tag) — rerun 'evidence verify --json' with this version"
            )
        }
        let result: VerifyResult
        do { result = try JSONDecoder().decode(VerifyResult.self, from: data) } catch {
            throw InputError(path, "not an 'evidence verify --json' result (\(describeDecodingError(error)))")
        }
        try check(result, path: path)
        return ResultFile(path: path, result: result, imageFolder: imageFolder(result, file: path))
    }

    /// Whether the file at `path` says it is a verify result (its `schema` is one of ours, of any
    /// version): what `report --from DIR` picks out of a downloaded artefact's other JSON.
    public static func claimsToBeAResult(_ path: String) -> Bool {
        guard let data = try? readFile(atPath: path, limit: maxBytes) else { return false }
        struct Probe: Decodable { var schema: String? }
        return (try? JSONDecoder().decode(Probe.self, from: Data(data)))?.schema?.hasPrefix(ResultSchema.name + "/")
            == true
    }

    /// Where a result's report images are: its `reportDirectory` against the file's own folder
    /// (`verify --html DIR` writes DIR/result.json naming "."); when that folder does not hold its
    /// first listed image — a result moved into its page folder, an absolute `--html` from another
    /// machine — the file's own folder if that one does. Shard artefacts merge however CI lays them out.
    static func imageFolder(_ result: VerifyResult, file: String) -> URL? {
        guard let dir = result.reportDirectory else { return nil }
        let base = URL(fileURLWithPath: file).deletingLastPathComponent()
        let named = (dir.hasPrefix("/") ? URL(fileURLWithPath: dir) : base.appendingPathComponent(dir))
            .standardizedFileURL
        guard let probe = result.failures.lazy.flatMap(\.artifacts).first else { return named }
        func holds(_ folder: URL) -> Bool {
            FileManager.default.fileExists(atPath: folder.appendingPathComponent(probe).path)
        }
        if holds(named) { return named }
        return holds(base.standardizedFileURL) ? base.standardizedFileURL : named
    }

    /// Bounds and the key grammar: a key outside it would become a path or an `<img src>`.
    static func check(_ r: VerifyResult, path: String) throws(InputError) {
        for (what, n) in [
            ("passed", r.passed.count), ("failures", r.failures.count), ("cases", r.cases.count),
            ("details", r.details.count), ("known", r.known.count), ("advisory", r.advisory?.count ?? 0),
            ("outsideScope", r.outsideScope?.count ?? 0),
        ] where n > maxFixtures {
            throw InputError(path, "\(n) \(what): more than the \(maxFixtures) a result may hold")
        }
        func key(_ k: String, kind: FailureKind? = nil) throws(InputError) {
            if kind?.isRunWide == true { return }  // run-wide, not about a fixture
            if let problem = FixtureKey.problem(k) {
                throw InputError(path, "key \(quoted(String(k.prefix(80)))) \(problem); not a fixture key")
            }
            try text(k, "key")
        }
        func text(_ s: String, _ what: String) throws(InputError) {
            if s.count > maxText {
                throw InputError(path, "a \(what) of \(s.count) characters: more than the \(maxText) a result may hold")
            }
        }
        var passed = Set<String>()
        for k in r.passed {
            try key(k)
            // A key counted twice would be two passes of one fixture in the totals.
            guard passed.insert(k).inserted else {
                throw InputError(path, "key \(quoted(String(k.prefix(80)))) is listed twice in passed")
            }
        }
        // A run-wide failure (self-check, environment) has its JUnit case under its own key too.
        let runWide = Set(r.failures.filter(\.kind.isRunWide).map(\.key))
        for c in r.cases where !runWide.contains(c.key) { try key(c.key) }
        for f in r.failures {
            try key(f.key, kind: f.kind)
            try text(f.detail, "failure detail")
            if let n = f.node { try text(n, "node name") }
        }
        for k in r.known + (r.outsideScope ?? []) {
            try key(k.key)
            try text(k.detail, "known finding")
            try text(k.seed, "seed passage")
        }
        for f in r.advisory ?? [] {
            try key(f.key, kind: f.kind)
            try text(f.detail, "advisory finding")
            if let n = f.node { try text(n, "node name") }
        }
        for d in r.details {
            try key(d.key)
            try text(d.actualLabel, "label")
            if let l = d.expectedLabel { try text(l, "label") }
            if d.actualText.count > maxTextLines || (d.expectedText?.count ?? 0) > maxTextLines {
                throw InputError(path, "a fixture with more than \(maxTextLines) text lines")
            }
            for t in d.actualText + (d.expectedText ?? []) { try text(t, "text line") }
            guard (0...16_384).contains(d.width), (0...16_384).contains(d.height) else {
                throw InputError(path, "fixture \(quoted(d.key)) is \(d.width)×\(d.height) px; at most 16384 a side")
            }
        }
    }

    /// The checks every verify of this evidence applies (`verify` runs the registry's render checks
    /// and colour-alone), by name in registry order: what a result's `run.checks` says.
    static var expectedChecks: [String] { RunInfo.checkNames(CheckRegistry.renderChecks, acrossFixtures: true) }
    /// What a result's `run.checks` may say: every render check of the registry, with or without the
    /// checks across fixtures (a run of the library without colour-alone) — never a list of its own.
    static var acceptedChecks: [[String]] {
        [expectedChecks, RunInfo.checkNames(CheckRegistry.renderChecks, acrossFixtures: false)]
    }

    /// This tool's matrix, or none when the case files cannot be read — coverage is then judged
    /// without the catalog (the weaker rules below), never passed for want of it.
    public static func catalogOrNone() -> MatrixIndex {
        (try? FixtureCatalog.matrixIndex()) ?? MatrixIndex(keys: [], entries: [])
    }

    /// Several shard results as one (`combine`), judged for coverage as verify judges its own run
    /// (`coverageFailures`): a result that judged less than it claims is never a pass.
    public static func merge(_ files: [ResultFile], catalog: @autoclosure () -> MatrixIndex = catalogOrNone())
        throws(InputError) -> VerifyResult
    {
        var merged = try combine(files)
        let coverage = coverageFailures(merged, catalog: catalog)
        merged.failures += coverage
        merged.cases += Verifier.orphanCases(coverage, judged: Set(merged.cases.map(\.key)))
        return merged
    }

    /// Why a result that is not a known part (a shard) judged less than a run of its matrix would,
    /// as self-check failures (issue #34: a whole-run result cut to 10 or 0 cases, or shards whose
    /// runs list no checks, passed). The judged fixtures are its passed keys and its fixtures' cases
    /// (not the goldens' orphan cases); without a filter their `RunInfo.matrixID` must be the run's
    /// matrix, so no catalog is needed; with one they must be the filter's keys of this tool's
    /// catalog when the matrix is this tool's, else at least one key, every one inside the filter.
    /// A run-wide refusal (environment drift, a comparator's self-check) judged nothing on purpose
    /// and already fails.
    static func coverageFailures(_ r: VerifyResult, catalog: () -> MatrixIndex) -> [GateFailure] {
        func failure(_ why: String) -> [GateFailure] {
            [
                GateFailure(
                    key: CheckRegistry.selfCheckKey, kind: .selfCheck,
                    detail: why
                        + "; a result that judged less than its run is never a pass — rerun 'evidence verify --json'")
            ]
        }
        guard !r.failures.contains(where: \.kind.isRunWide) else { return [] }
        // Every run of this evidence applies exactly the registry's checks (issue #55: a result
        // whose run named no real check passed); a shard's too, when it records them.
        if let checks = r.run?.checks, !checks.isEmpty, !acceptedChecks.contains(checks) {
            return failure(
                "the result's run lists the checks \(quoted(checks.prefix(8).joined(separator: ", "))), not this "
                    + "evidence's \(expectedChecks.joined(separator: ", "))"
            )
        }
        guard r.shard == nil else { return [] }
        guard let run = r.run else {
            return failure("the result records no run (its matrix and checks), so what it covers cannot be judged")
        }
        guard let checks = run.checks, !checks.isEmpty else { return failure("the result's run lists no checks") }
        let judged = Set(r.passed).union(r.cases.filter { $0.platform != orphanPlatform }.map(\.key))
        // A fixture is judged by its verdict, not by its timing row: a result whose `cases` list the
        // whole filter but whose passed and failures are empty passed as "0 passed, 0 failed".
        let verdicts = Set(r.passed).union(r.failures.map(\.key))
        if let silent = judged.sorted().first(where: { !verdicts.contains($0) }) {
            return failure("the result lists \(quoted(silent)) among its cases but neither passed nor failed it")
        }
        guard let filter = run.filter else {
            // A case file's line carries its content hash (`RunInfo.matrixEntry`), recorded in run.cases.
            let entries = judged.map { RunInfo.matrixEntry(key: $0, caseDigest: run.cases?[$0]) }
            return RunInfo.matrixID(entries) == run.matrix
                ? []
                : failure("the result judged \(judged.count) fixtures, not the whole matrix its run names")
        }
        let catalog = catalog()
        // A filter that selects every key of the matrix (`**`) is a whole-matrix claim: its judged
        // fixtures must be the whole matrix its run names, as without a filter (issue #55: `**` and
        // one made-up key passed).
        if !catalog.keys.isEmpty, catalog.keys.allSatisfy({ Glob.matches(filter, $0) }) {
            let entries = judged.map { RunInfo.matrixEntry(key: $0, caseDigest: run.cases?[$0]) }
            if RunInfo.matrixID(entries) != run.matrix {
                return failure(
                    "the result's filter \(quoted(filter)) selects the whole matrix, but its \(judged.count) fixtures "
                        + "are not the whole matrix its run names"
                )
            }
            return []
        }
        if RunInfo.matrixID(catalog.entries) == run.matrix {
            let expected = Set(catalog.keys.filter { Glob.matches(filter, $0) })
            return judged == expected
                ? []
                : failure(
                    "the result judged \(judged.count) fixtures, not the \(expected.count) its filter "
                        + "\(quoted(filter)) selects"
                )
        }
        if judged.isEmpty { return failure("the result judged no fixture of its filter \(quoted(filter))") }
        if let outside = judged.sorted().first(where: { !Glob.matches(filter, $0) }) {
            return failure("the result judged \(quoted(outside)), which its filter \(quoted(filter)) does not select")
        }
        return []
    }

    /// Several shard results as one: the same matrix, environment, comparison and commit, no fixture
    /// judged twice. A single result passes through unchanged.
    static func combine(_ files: [ResultFile]) throws(InputError) -> VerifyResult {
        guard var merged = files.first?.result else { throw InputError("--from", "no result to read") }
        guard files.count > 1 else { return merged }
        let first = files[0]
        var owner: [String: Int] = [:]
        for (i, f) in files.enumerated() {
            let keys =
                f.result.passed + f.result.cases.map(\.key) + f.result.failures.filter { !$0.kind.isRunWide }.map(\.key)
            for k in keys {
                if let other = owner[k], other != i {
                    throw InputError(
                        f.path,
                        "fixture \(quoted(k)) is also in "
                            + "\(files[other].path)\(files[other].path == f.path ? " (given twice)" : ""); give each "
                            + "shard's result once"
                    )
                }
                owner[k] = i
            }
        }
        // A known match two shards both report (a pair's) is listed once; a set, since a result
        // may hold 50,000 of them.
        struct KnownID: Hashable {
            var key: String, kind: FailureKind, node: String?, element: ElementKind?, detail: String, seed: String
        }
        func id(_ m: KnownMatch) -> KnownID {
            KnownID(key: m.key, kind: m.kind, node: m.node, element: m.element, detail: m.detail, seed: m.seed)
        }
        var knownIDs = Set(merged.known.map(id))
        for f in files.dropFirst() {
            let r = f.result
            func refuse(_ what: String) -> InputError {
                InputError(f.path, "\(what) differs from \(first.path)'s; results of different runs do not merge")
            }
            guard r.run?.matrix == first.result.run?.matrix else { throw refuse("the fixture matrix") }
            guard r.run?.environment == first.result.run?.environment else { throw refuse("the renderer environment") }
            guard r.comparison == first.result.comparison else { throw refuse("the comparison ('\(r.comparison)')") }
            guard r.run?.commit == first.result.run?.commit else { throw refuse("the commit") }
            guard r.run?.filter == first.result.run?.filter else { throw refuse("the filter") }
            merged.passed += r.passed
            merged.failures += r.failures
            let newKnown = r.known.filter { !knownIDs.contains(id($0)) }
            merged.known += newKnown
            knownIDs.formUnion(newKnown.map(id))
            if let more = r.advisory { merged.advisory = (merged.advisory ?? []) + more }
            if let more = r.outsideScope { merged.outsideScope = (merged.outsideScope ?? []) + more }
            merged.details += r.details
            merged.cases += r.cases
            merged.fastPath += r.fastPath
        }
        merged.passed.sort()
        merged.cases.sort { $0.key < $1.key }
        let shards = files.compactMap { $0.result.shard.flatMap { try? Shard.parse($0) } }
        if shards.count == files.count, let n = shards.first?.count, shards.allSatisfy({ $0.count == n }) {
            let indices = Set(shards.map(\.index))
            merged.shard = indices.count == n ? nil : indices.sorted().map(String.init).joined(separator: ",") + "/\(n)"
        } else {
            merged.shard = nil
        }
        // Shards covering 1…n are a whole run, so they are judged as one: the self-check on the sum
        // of what each shard's checks found to read (not judged where a shard did not record it).
        merged.run?.applied = CheckApplications.sum(files.map { $0.result.run?.applied })
        if shards.count == files.count, merged.shard == nil, merged.run?.filter == nil,
            let applied = merged.run?.applied
        {
            let selfCheck = applied.selfCheckFailures()
            merged.failures += selfCheck
            merged.cases += Verifier.orphanCases(selfCheck, judged: Set(merged.cases.map(\.key)))
        }
        merged.run?.seconds = files.compactMap { $0.result.run?.seconds }.max()
        merged.run?.startedAt = files.compactMap { $0.result.run?.startedAt }.min()
        merged.reportDirectory = nil  // the merged page's images are copied beside it
        return merged
    }
}
