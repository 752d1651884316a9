import EvidenceCore
import Foundation
import WidgetScene

public struct VerifyResult: Codable, Sendable {
    /// `evidence-result/2`: the shape of this value (README "Result JSON"); `report` refuses others.
    public var schema: String = ResultSchema.tag
    /// Matrix, environment and timing of the run; nil only for results built by hand in tests.
    public var run: RunInfo?
    public var passed: [String]
    public var failures: [GateFailure]
    /// Findings the known-findings file covers (class `spec-gap` or `known`): printed on every run,
    /// never failing it.
    public var known: [KnownMatch] = []
    /// Findings about renders outside the seed's scope for the rule they depend on (`SeedScope`),
    /// class `outside-scope`: counted and listed, never failing; nil in results written before.
    public var outsideScope: [KnownMatch]?
    /// Findings of checks that do not fail the gate yet (`CheckRegistry.Check.enforced == false`):
    /// listed, never failing; nil in results written before there were any.
    public var advisory: [GateFailure]?
    /// Which comparison was applied and why, e.g. "exact (environment matches Goldens/manifest.json)".
    public var comparison: String
    /// Fixtures settled by the fast path (file and pixel hashes unchanged, no decode).
    public var fastPath: Int
    public var reportDirectory: String?
    /// Words and size of every failing fixture, for reports (handlers read this, not the console).
    public var details: [FixtureDetail] = []
    /// `i/n` when the run covered one shard.
    public var shard: String?
    /// Every judged fixture with its facets and time, in run order (JUnit's testcases).
    public var cases: [CaseRecord] = []

    /// How many findings of each class the run reported: its known matches by their class, the
    /// outside-scope ones, and the failures a check reported (not the goldens' verdicts).
    public var findingCounts: FindingCounts {
        FindingCounts(
            known.map(\.findingClass) + (outsideScope ?? []).map(\.findingClass)
                + failures.filter { CheckRegistry.findingKinds.contains($0.kind) }.map { _ in .failure })
    }

    /// `2 spec gaps, 9 known, 0 outside the seed's scope, 0 failures`; nil when the run has no finding.
    public var classCountsLine: String? {
        let counts = findingCounts
        return counts == FindingCounts([]) ? nil : counts.line
    }

    /// `N passed, N failed` — the gate's last line. A fixture with several failures counts once.
    public var summaryLine: String {
        let failedKeys = Set(failures.map(\.key))
        return "\(passed.count) passed, \(failedKeys.count) failed"
    }
}

public enum Verifier {
    /// Renders every fixture of `catalog` within the filter, compares it with its golden and runs
    /// the checks. Throws only for unusable input (unreadable manifest); check failures are results.
    /// `onFixture` receives each fixture's verdict as it is judged, one at a time in catalog order
    /// (see `FixtureResult` for what the finished result adds). `notice` is told of each temp file
    /// a killed record left (verify deletes nothing; the next record sweeps them), once the
    /// goldens folder's walk is in.
    public static func verify(
        _ options: GateOptions, catalog: [Fixture], painter: CairoPainter,
        progress: (@Sendable (GateProgress) -> Void)? = nil,
        onFixture: (@Sendable (FixtureResult) -> Void)? = nil,
        notice: ((String) -> Void)? = nil
    ) throws(InputError) -> VerifyResult {
        try verify(
            options, catalog: catalog,
            manifest: try Manifest.loadChecked(from: options.goldens, entries: options.filter),
            painter: painter, progress: progress, onFixture: onFixture, notice: notice)
    }

    /// `verify` with the catalog still to load: the manifest is read beside it (both are read
    /// before anything is drawn; the catalog is the longer), and a catalog that cannot be loaded is
    /// the error, as it is where the caller loads it first.
    public static func verify(
        _ options: GateOptions, loadingCatalog load: () throws(InputError) -> [Fixture], painter: CairoPainter,
        progress: (@Sendable (GateProgress) -> Void)? = nil,
        onFixture: (@Sendable (FixtureResult) -> Void)? = nil,
        notice: ((String) -> Void)? = nil
    ) throws(InputError) -> VerifyResult {
        let read = Beside { [goldens = options.goldens, filter = options.filter] () throws(InputError) in
            try Manifest.loadChecked(from: goldens, entries: filter)
        }
        defer { read.wait() }
        let catalog = try load()
        return try verify(
            options, catalog: catalog, manifest: try read.value(), painter: painter, progress: progress,
            onFixture: onFixture, notice: notice)
    }

    static func verify(
        _ options: GateOptions, catalog: [Fixture], manifest loaded: (Manifest?, [Manifest.Rejected]),
        painter: CairoPainter,
        progress: (@Sendable (GateProgress) -> Void)?, onFixture: (@Sendable (FixtureResult) -> Void)?,
        notice: ((String) -> Void)?
    ) throws(InputError) -> VerifyResult {
        let fixtures = options.selected(catalog)
        let (manifest, rejected) = loaded
        let environment = RendererEnvironment.current(fonts: painter.fonts, hash: options.proofs.fileHash(atPath:))
        var run = RunInfo(
            matrix: RunInfo.matrixID(catalog.map(\.matrixEntry)), environment: environment, filter: options.filter,
            checks: RunInfo.checkNames(options.checks, acrossFixtures: options.colourAlone))
        run.cases = RunInfo.cases(catalog)
        let choice = chooseComparison(options.comparison, manifest: manifest, environment: environment)
        let comparison: AppliedComparison
        switch choice {
        case .applied(let c): comparison = c
        case .refused(let applied, let failure):
            // Nothing is rendered: on another environment every exact comparison would fail, and
            // the manifest is not allowed to pick a weaker one.
            return VerifyResult(
                run: run, passed: [], failures: [failure], comparison: applied.description, fastPath: 0,
                reportDirectory: nil)
        }
        let comparator = comparison.comparator

        // No silent passes: a comparator that cannot see a known difference must not vouch for anything.
        if let why = ImageOps.selfCheckFailure(comparator) {
            return VerifyResult(
                run: run, passed: [],
                failures: [
                    GateFailure(
                        key: CheckRegistry.selfCheckKey, kind: .selfCheck,
                        detail: "the \(comparator) comparison failed its self-check: \(why); refusing to report success"
                    )
                ],
                comparison: comparison.description, fastPath: 0, reportDirectory: nil)
        }

        let entries = manifest?.goldens ?? [:]
        // Stale: recorded goldens with no fixture, and PNGs nobody lists — found from the manifest
        // and the folder, so a filtered run still sees them. The folder's walk reads no render:
        // it runs beside them. A link at any fixture's golden path is that fixture's
        // `unreadable`, in whichever shard owns it; every other link is an orphan, judged by one
        // shard only — so shards merge.
        let fixturePaths = Set(fixtures.map(\.goldenPath))
        let strayWalk = Beside { [goldens = options.goldens, filter = options.filter] () throws(InputError) in
            try Manifest.strays(
                in: goldens, listed: Set(entries.values.map(\.file)).union(fixturePaths),
                linksExcluding: Set(catalog.map(\.goldenPath)), filter: filter)
        }
        defer { strayWalk.wait() }
        let tally = ProgressTally(total: fixtures.count)
        let advisoryKinds = options.advisoryKinds
        let delivery = onFixture.map { OrderedDelivery($0) }
        // Each worker draws into its own canvas; report images are written as soon as a fixture
        // fails and then dropped, so memory does not grow with the matrix.
        let outcomes: [FixtureOutcome] = parallelDraw(fixtures.count, jobs: options.jobs) { canvas, i in
            let started = ContinuousClock.now  // a duration for JUnit's `time`, never an input to a render
            var outcome = check(
                fixtures[i], entry: entries[fixtures[i].key], options: options,
                comparator: comparator, painter: painter, canvas: canvas)
            // Findings a known-findings entry covers, or outside the seed's scope, are reported, never failed.
            let split = options.knownFindings.classify(outcome.failures, facts: outcome.facts)
            outcome.failures = Remedy.settled(split.failures.filter { !advisoryKinds.contains($0.kind) })
            outcome.advisory = split.failures.filter { advisoryKinds.contains($0.kind) }
            outcome.known = split.known
            outcome.outsideScope = split.outsideScope
            writeReport(&outcome, to: options.reportDirectory, comparator: comparator)
            if outcome.failures.isEmpty { outcome.words = nil }  // only failing fixtures are detailed
            outcome.seconds = (ContinuousClock.now - started).seconds
            progress?(tally.step(failed: !outcome.failures.isEmpty))
            delivery?.deliver(
                i,
                FixtureResult(
                    id: fixtures[i].id, record: CaseRecord(fixtures[i], seconds: outcome.seconds),
                    failures: outcome.failures,
                    known: outcome.known, advisory: outcome.advisory, outsideScope: outcome.outsideScope))
            return outcome
        }
        // A limit of the machine (descriptors, memory) is no verdict on any golden.
        if let exhausted = outcomes.lazy.compactMap(\.exhausted).first { throw exhausted }
        if let e = outcomes.lazy.compactMap(\.reportError).first { throw e }
        var known = outcomes.flatMap(\.known)
        let outsideScope = outcomes.flatMap(\.outsideScope)
        var failures = outcomes.flatMap(\.failures)
        var advisory = outcomes.flatMap(\.advisory)
        // Colour alone: pairs of fixtures, so it runs once the renders are in (scenes are the catalog's);
        // its findings take the same known and advisory split as a render's.
        var colourAloneKeys: Set<String> = []
        var colourAloneTally: ColourAloneCheck.Tally?
        if options.colourAlone {
            // A pair may span shards: a shard draws its filter's fixtures and judges the pairs it
            // owns (by the blamed render's key), so the shards together compare each pair once.
            let pool = options.shard == nil ? fixtures : Self.pool(catalog, options)
            let pairs = ColourAloneCheck.run(pool, painter: painter, jobs: options.jobs, judges: options.selects)
            let split = ColourAloneCheck.partition(pairs.findings, with: options.knownFindings)
            let enforced = split.failures.filter { !advisoryKinds.contains($0.kind) }
            failures += enforced
            advisory += split.failures.filter { advisoryKinds.contains($0.kind) }
            known += split.known
            colourAloneKeys = Set(enforced.map(\.key))
            colourAloneTally = pairs.tally
        }
        // No check may be switched off silently: on a whole run, each must have found something to
        // read; a shard records what it found, and the merged shards are judged (`ResultFile.merge`).
        let applied = CheckApplications(
            renders: fixtures.count,
            checks: Dictionary(
                options.checks.indices.map { c in (options.checks[c].name, outcomes.count(where: { $0.applied[c] })) },
                uniquingKeysWith: +),
            colourAlone: colourAloneTally)
        if options.isWholeRun { failures += applied.selfCheckFailures() }
        failures += rejected.map {
            GateFailure(
                key: $0.key, kind: .unreadable, detail: "\(Manifest.fileName) entry: \($0.problem)",
                remedy: .restoreManifest)
        }
        let allKeys = Set(catalog.map(\.key))
        for (key, entry) in entries.sorted(by: { $0.key < $1.key })
        where !allKeys.contains(key) && options.judgesOrphan(key) {
            failures.append(
                GateFailure(
                    key: key, kind: .stale,
                    detail: "\(entry.file) is recorded but no fixture has this key", remedy: .recordRemoves))
        }
        let strays = try strayWalk.value()
        for t in strays.temps {
            notice?(
                "note: \(quoted(t)) looks like a temp file an interrupted record left; the next 'evidence record' "
                    + "removes it"
            )
        }
        for file in strays.unlisted where options.judgesUnlisted(String(file.dropLast(4)), catalogKeys: allKeys) {
            failures.append(
                GateFailure(
                    key: String(file.dropLast(4)), kind: .stale,
                    detail: "\(quoted(file)) is not in \(Manifest.fileName) and no fixture has its key",
                    remedy: .deleteByHand))
        }
        for link in strays.links where options.shard?.judgesOrphans ?? true {  // (strays applied the filter)
            failures.append(
                GateFailure(
                    key: link, kind: .unreadable,
                    detail: "\(quoted(link)) is a symbolic link", remedy: .removeLink))
        }

        // Every failing case has a picture: the kinds found once the renders are in get theirs here
        // (`FailureKind.runPictures`); the per-fixture ones were written with their outcomes.
        var viewed: [String: RenderedWords] = [:]
        if let dir = options.reportDirectory {
            let byKey = Dictionary(Self.pool(catalog, options).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
            for i in failures.indices {
                guard let pictures = failures[i].kind.runPictures else { continue }
                try writePictures(
                    &failures[i], pictures, to: dir, goldens: options.goldens, entries: entries, fixtures: byKey,
                    painter: painter)
            }
            viewed = try writeAccessibilityViews(
                failures, to: dir, fixtures: byKey, painter: painter, jobs: options.jobs)
        }
        let report = options.reportDirectory.flatMap { failures.isEmpty ? nil : $0.path }
        run.applied = applied
        return VerifyResult(
            run: run, passed: outcomes.filter { $0.failures.isEmpty && !colourAloneKeys.contains($0.key) }.map(\.key),
            // (again: colour-alone's findings arrive after the render's)
            failures: Remedy.settled(failures), known: known, outsideScope: outsideScope, advisory: advisory,
            comparison: comparison.description,
            fastPath: outcomes.filter(\.fastPath).count, reportDirectory: report,
            details: details(outcomes, entries: entries, viewed: viewed), shard: options.shard?.description,
            cases: zip(fixtures, outcomes).map { CaseRecord($0, seconds: $1.seconds) }  // = the events' records
                + orphanCases(failures, judged: Set(fixtures.map(\.key))))
    }

    enum ComparisonDecision: Equatable {
        case applied(AppliedComparison)
        /// The run fails before anything is rendered; `applied` is what would have been used.
        case refused(AppliedComparison, GateFailure)
    }

    /// The comparison comes from the running renderer's measured environment against the
    /// manifest's (issue #24: the environment is measured, not read from the input):
    /// - `automatic`: exact when they are equal (or there is no manifest yet); otherwise the run
    ///   fails as `environment`, naming what differs. Editing `environment` in the manifest can
    ///   therefore never turn on a weaker comparison — an edit that matches this renderer gets the
    ///   exact comparison, under which goldens whose pixels disagree fail as `pixels`; any other
    ///   edit fails the run.
    /// - `exact` / `perceptual`: as asked; the reason says so and whether the environment matches.
    static func chooseComparison(
        _ choice: ComparisonChoice, manifest: Manifest?,
        environment: RendererEnvironment
    ) -> ComparisonDecision {
        let manifestName = "Goldens/\(Manifest.fileName)"
        let diffs = manifest.map { environment.differences(from: $0.environment) } ?? []
        let drift = diffs.isEmpty ? nil : "environment differs from \(manifestName): \(diffs.joined(separator: "; "))"
        // The encoder's version is said, never judged: the gate compares decoded pixels.
        let encoder = manifest.map { environment.encoderDifferences(from: $0.environment) } ?? []
        let encoderNote =
            encoder.isEmpty
            ? ""
            : "; PNG encoder differs from \(manifestName): \(encoder.joined(separator: "; ")) (a record would write "
                + "other bytes for the same pixels)"
        switch choice {
        case .exact:
            return .applied(
                AppliedComparison(
                    .exact, because: "requested with --compare exact" + (drift.map { "; " + $0 } ?? "") + encoderNote))
        case .perceptual(let t):
            return .applied(
                AppliedComparison(
                    .perceptual(threshold: t),
                    because: "requested with --compare perceptual; " + (drift ?? "environment matches \(manifestName)")
                        + encoderNote))
        case .automatic:
            guard manifest != nil else { return .applied(AppliedComparison(.exact, because: "no manifest yet")) }
            guard let drift else {
                return .applied(AppliedComparison(.exact, because: "environment matches \(manifestName)" + encoderNote))
            }
            let applied = AppliedComparison(.exact, because: drift)
            return .refused(
                applied,
                GateFailure(
                    key: "(environment)", kind: .environment,
                    detail:
                        "this renderer's \(drift); exact comparison is not a fair test here, and the manifest cannot "
                        + "choose a weaker one — run where the goldens were recorded (the fix says how), or pass "
                        + "--compare perceptual to compare perceptually on purpose"
                ))
        }
    }

    struct FixtureOutcome: Sendable {
        var key: String
        var failures: [GateFailure] = []
        var known: [KnownMatch] = []
        /// Findings outside the seed's scope (`SeedScope`).
        var outsideScope: [KnownMatch] = []
        /// Findings of the checks not enforced yet.
        var advisory: [GateFailure] = []
        /// What the render was asked to show (the required-content check and known findings' conditions).
        var facts: RenderFacts?
        var fastPath = false
        /// Per check of `GateOptions.checks`: did this render hold an element it reads.
        var applied: [Bool] = []
        var actual: RGBAImage?
        var expected: RGBAImage?
        var words: RenderedWords?
        /// The machine ran out of something while reading this fixture's golden: the run stops (exit 2).
        var exhausted: InputError?
        var seconds = 0.0
        /// A report image that could not be written.
        var reportError: InputError?
    }

    static func check(
        _ fixture: Fixture, entry: GoldenEntry?, options: GateOptions,
        comparator: ImageComparator, painter: CairoPainter, canvas: Canvas
    ) -> FixtureOutcome {
        let r = render(fixture, painter: painter, into: canvas, for: options.checks)
        var out = judge(r, entry: entry, options: options, comparator: comparator, painter: painter)
        // Only a failing fixture is detailed, with its render's pixel hash: hashed here, while the
        // canvas still holds the render (a passing one is settled without it).
        if !out.failures.isEmpty { out.words?.pixelHash = r.pixelHash }
        return out
    }

    /// `check`'s verdict on a render: the render checks, then the golden comparison.
    private static func judge(
        _ r: Rendered, entry: GoldenEntry?, options: GateOptions, comparator: ImageComparator,
        painter: CairoPainter
    ) -> FixtureOutcome {
        let fixture = r.fixture
        let canvas = r.canvas
        let facts = r.facts
        var out = FixtureOutcome(
            key: fixture.key, facts: facts,
            words: RenderedWords(r.scene, PixelSize(width: canvas.width, height: canvas.height)))
        out.failures = options.checks.flatMap { $0.run(fixture.key, r.scene, r.canvas, painter, facts: facts) }
        // The catalog's keys come from a declared collapse rule; where the scenes disagree with it, say so.
        if let why = fixture.collapseFinding {
            out.failures.append(GateFailure(key: fixture.key, kind: .selfCheck, detail: why))
        }
        // A case file's expectations: texts it must draw.
        if let pinned = fixture.pinned {
            out.failures += CaseFiles.unmetExpectations(pinned, key: fixture.key, scene: r.scene)
        }
        // Without facts lost-meaning finds nothing and known findings' conditions decide nothing:
        // for a fixture with an identity that is a catalog bug, never a silent pass.
        if fixture.id != nil && facts == nil {
            out.failures.append(
                GateFailure(
                    key: fixture.key, kind: .selfCheck,
                    detail:
                        "\(fixture.key) was drawn without what it was asked to show (its builder gave no facts): the "
                        + "lost-meaning check and known findings' conditions cannot judge it"
                ))
        }
        out.applied = options.checks.map { $0.applies(r.scene) }

        let bytes: [UInt8]
        switch ContainedFolder(options.goldens).read(fixture.goldenPath) {
        case .bytes(let b): bytes = b
        case .missing:
            out.failures.append(
                GateFailure(
                    key: fixture.key, kind: .missing,
                    detail: "no golden at \(fixture.goldenPath)"))
            out.actual = r.image()
            return out
        case .unreadable(let why):
            out.failures.append(GateFailure(key: fixture.key, kind: .unreadable, detail: why))
            out.actual = r.image()
            return out
        case .exhausted(let error):
            out.exhausted = error
            return out
        }
        let textFailure = entry.flatMap { textDifference(r.scene, $0) }
        /// The comparison's verdict with the words': a change of words rides on a size or pixel
        /// failure's detail, and is its own `text` failure where the pixels match.
        func judged(_ verdict: GateFailure?) -> [GateFailure] {
            // A moved frame names its layout edit (only here, off the fast path: nothing matched).
            var verdict = verdict
            verdict?.layout = LayoutMove.of(r, recorded: entry?.frames)
            guard let t = textFailure else { return verdict.map { [$0] } ?? [] }
            guard var verdict else { return [GateFailure(key: fixture.key, kind: .text, detail: t)] }
            verdict.detail += "; " + t
            return [verdict]
        }
        // The manifest is an index, never evidence (issue #34 item 1): what a golden holds is known
        // only from its own bytes — decoded here, or proven by an earlier decode or by the encoder
        // that wrote them (`ProvenGoldens`, which no file of the repository can write).
        let proof = options.proofs.key(bytes)
        /// The entry's hashes against what its file is and holds. A disagreement names the entry: on
        /// the fixture's pixel or size failure where it has one (a hand-edited golden), else as a
        /// failure of its own (the golden matches the render, the index is wrong).
        func checkEntry(holding pixels: Hash128) {
            guard let entry else { return }
            let fileHash = ImageOps.hash(bytes)
            var wrong: [String] = []
            if entry.fileHash != fileHash {
                wrong.append("fileHash \(entry.fileHash) but the file hashes to \(fileHash)")
            }
            if entry.pixelHash != pixels {
                wrong.append("pixelHash \(entry.pixelHash) but the file's pixels hash to \(pixels)")
            }
            guard !wrong.isEmpty else { return }
            let disagreement =
                "\(Manifest.fileName)'s entry \(quoted(fixture.key)) disagrees with \(fixture.goldenPath): "
                + "\(wrong.joined(separator: "; "))"
            if let i = out.failures.firstIndex(where: { $0.kind == .pixels || $0.kind == .size }) {
                out.failures[i].detail += "; " + disagreement
            } else {
                out.failures.append(
                    GateFailure(key: fixture.key, kind: .unreadable, detail: disagreement, remedy: .restoreManifest))
            }
        }
        // Fast path: the render's pixels are the ones these exact bytes were proven to hold.
        if entry != nil, !options.forceDecode, comparator.isExact,
            let pixels = options.proofs.pixels(of: proof, matching: r)
        {
            out.fastPath = true
            out.failures += judged(nil)
            checkEntry(holding: pixels)
            if !out.failures.isEmpty { out.actual = r.image() }  // the report draws findings over the render
            return out
        }
        let actual = r.image()
        let expected: RGBAImage
        do {
            switch try ImageOps.decodeGolden(
                bytes, name: options.goldens.appendingPathComponent(fixture.goldenPath).path,
                expecting: actual.size)
            {
            case .image(let image): expected = image
            case .size(let declared):
                out.failures += judged(
                    GateFailure(
                        key: fixture.key, kind: .size,
                        detail: "golden is \(declared) (its PNG header; not decoded), render is \(actual.size)"))
                out.actual = actual
                return out
            }
        } catch {
            out.failures.append(
                GateFailure(
                    key: fixture.key, kind: .unreadable, detail: error.description,
                    remedy: bytes.starts(with: PNGCodec.lfsPointerPrefix) ? .gitLFSPull : nil))
            out.actual = actual  // the report still shows what the golden should have held
            return out
        }
        out.actual = actual
        out.expected = expected
        let held = ImageOps.pixelHash(expected)
        options.proofs.prove(proof, holds: held)
        // A perceptual comparison forgives the render, never the golden: it vouches only for the
        // pixels record wrote, which the manifest's pixel hash names (so neither a hand-edited
        // golden nor an edited environment can lean on its tolerance).
        let unrecorded = !comparator.isExact && entry.map { held != $0.pixelHash } == true
        let notRecorded =
            "\(fixture.goldenPath) is not the golden record wrote (its pixels do not hash to \(Manifest.fileName)'s "
            + "pixelHash); a perceptual comparison vouches only for recorded goldens"
        switch ImageOps.compare(expected: expected, actual: actual, comparator) {
        case .same where unrecorded:
            out.failures += judged(
                GateFailure(
                    key: fixture.key, kind: .pixels, detail: notRecorded + "; perceptually it matches the render"))
        case .same:
            // Exactly the golden's pixels: the render's words prove these bytes from now on.
            if comparator.isExact { options.proofs.prove(proof, holds: held, words: r.wordsHash) }
            out.failures += judged(nil)
            if entry == nil {
                out.failures.append(
                    GateFailure(
                        key: fixture.key, kind: .missing,
                        detail: "\(fixture.goldenPath) matches but is not in \(Manifest.fileName)"))
            }
        case .sizeDiffers(let e, let a):
            out.failures += judged(GateFailure(key: fixture.key, kind: .size, detail: "golden is \(e), render is \(a)"))
        case .pixelsDiffer(let count, let box, let rect):
            var f = GateFailure(
                key: fixture.key, kind: .pixels,
                detail: "\(count) pixels differ in \(box)"
                    + (unrecorded ? "; " + notRecorded : ""), box: rect)
            let moved = MovedTokens.of(r.scene, expected: expected, actual: actual)
            f.tokens = moved.isEmpty ? nil : moved
            out.failures += judged(f)
        }
        // Where the failure already says the golden is not what the manifest recorded, that is the disagreement.
        if !unrecorded { checkEntry(holding: held) }
        if out.failures.isEmpty {
            out.actual = nil
            out.expected = nil
        }  // only failures need their pixels kept
        return out
    }

    /// Describes how the render's words differ from what the manifest recorded, or nil.
    static func textDifference(_ scene: Scene, _ entry: GoldenEntry) -> String? {
        if scene.visibleText != entry.visibleText {
            return "visible text changed: " + TextDiff.changedLines(entry.visibleText, scene.visibleText)
        }
        if scene.accessibilityLabel != entry.accessibilityLabel {
            return "accessibility label changed: \"\(entry.accessibilityLabel)\" → \"\(scene.accessibilityLabel)\""
        }
        return nil
    }

    private static let markLock = NSLock()
    /// The fixtures colour-alone compares: the filter's, across every shard (as `run` draws them).
    static func pool(_ catalog: [Fixture], _ options: GateOptions) -> [Fixture] {
        let compiled = options.filter.map(Glob.Compiled.init)
        return catalog.filter { f in compiled?.matches(f.key) ?? true }
    }

    /// A run-wide failure's pictures: a colour-alone finding's render (`actual.png`) and its pair's
    /// (`pair.png`), drawn in their one tint; a stale golden's file as `expected.png` (its bytes, so
    /// the page shows what would be deleted). Keys outside the grammar get none, as in `writeReport`.
    static func writePictures(
        _ f: inout GateFailure, _ pictures: RunPictures, to dir: URL, goldens: URL, entries: [String: GoldenEntry],
        fixtures: [String: Fixture], painter: CairoPainter
    ) throws(InputError) {
        guard FixtureKey.isValid(f.key), !f.artifacts.contains(f.key + "/actual.png") else { return }
        var files: [(String, [UInt8])] = []
        switch pictures {
        case .golden:
            let file = entries[f.key]?.file ?? f.key + ".png"
            if case .bytes(let b) = ContainedFolder(goldens).read(file) { files.append(("expected.png", b)) }
        case .renders:
            if let fixture = fixtures[f.key] {
                files.append(("actual.png", ImageOps.encodePNG(painter.render(fixture.makeScene(painter.fonts)))))
            }
            if let other = f.pair.flatMap({ fixtures[$0] }) {
                files.append(("pair.png", ImageOps.encodePNG(painter.render(other.makeScene(painter.fonts)))))
            }
        }
        for (name, bytes) in files {
            let rel = f.key + "/" + name
            try ContainedFolder(dir).write(bytes, to: rel)
            f.artifacts.append(rel)
        }
    }

    /// How many failing fixtures get an accessibility view on the page: the first in review order.
    /// Each costs a second render and its audit (tens of ms); a run where the whole matrix fails
    /// still writes its page in seconds, and `render --fixture KEY --overlay` draws any other.
    public static let accessibilityViewLimit = 64

    /// Issue 33 item 6: the accessibility view (`AccessibilityOverlay`) of the first failing
    /// fixtures in review order that have a scene (not a stale golden), as `KEY/a11y.png`; returns
    /// their keys with their words (a colour-alone fixture has none of its own). Drawn in parallel,
    /// written in order. Named in the fixtures' details (the run's end), not on their failures,
    /// which were streamed as each fixture finished.
    static func writeAccessibilityViews(
        _ failures: [GateFailure], to dir: URL, fixtures: [String: Fixture],
        painter: CairoPainter, jobs: Int
    ) throws(InputError) -> [String: RenderedWords] {
        var chosen: [String] = []
        var seen: Set<String> = []
        for f in ReviewOrder.failures(failures)
        where chosen.count < accessibilityViewLimit
            && FixtureKey.isValid(f.key) && fixtures[f.key] != nil && seen.insert(f.key).inserted
        {
            chosen.append(f.key)
        }
        let picked = chosen.compactMap { fixtures[$0] }
        let drawn = parallelMap(picked.count, jobs: jobs) { i in
            let scene = picked[i].makeScene(painter.fonts)
            return (
                ImageOps.encodePNG(AccessibilityOverlay.draw(scene, painter: painter).image),
                RenderedWords(scene, PixelSize(width: scene.pixelWidth, height: scene.pixelHeight))
            )
        }
        var words: [String: RenderedWords] = [:]
        for (key, (bytes, w)) in zip(chosen, drawn) {
            try ContainedFolder(dir).write(bytes, to: AccessibilityOverlay.path(key))
            words[key] = w
        }
        return words
    }

    /// Writes actual / expected / diff PNGs for a failing fixture (when there is a report folder),
    /// names them on its first failure, and drops the images either way.
    static func writeReport(_ outcome: inout FixtureOutcome, to dir: URL?, comparator: ImageComparator) {
        defer {
            outcome.actual = nil
            outcome.expected = nil
        }
        // A key outside the grammar has no path to write under (it is reported without images).
        guard let dir, !outcome.failures.isEmpty, FixtureKey.isValid(outcome.key) else { return }
        var files: [(String, RGBAImage)] = []
        if let a = outcome.actual { files.append(("actual.png", a)) }
        if let e = outcome.expected { files.append(("expected.png", e)) }
        if let a = outcome.actual, let e = outcome.expected {
            files.append(("diff.png", ImageOps.diffImage(expected: e, actual: a, comparator)))
        }
        // The folder is marked before its first image: a run stopped part-way (Ctrl-C, a late
        // failure) leaves a folder the next verify may write into and 'report -o' may replace.
        // Under a lock: the workers' temp files share this process's name for it.
        if !files.isEmpty {
            markLock.lock()
            defer { markLock.unlock() }
            if case .missing = ContainedFolder(dir).read(PageFolder.markerName, limit: PageFolder.maxMarkerBytes) {
                do { try PageFolder.mark(ContainedFolder(dir)) } catch {
                    outcome.reportError = outcome.reportError ?? error
                    return
                }
            }
        }
        for (name, img) in files {
            let rel = outcome.key + "/" + name
            do {
                try ContainedFolder(dir).write(ImageOps.encodePNG(img), to: rel)
                outcome.failures[0].artifacts.append(rel)
            } catch {
                // Never a silent gap in the report: the run ends with exit 2 naming the file.
                outcome.reportError = outcome.reportError ?? error
            }
        }
    }
}

/// The pictures verify draws for a failure once the run is in (`Verifier.writePictures`).
public enum RunPictures: Sendable {
    /// The recorded golden's file as `expected.png`: what record would delete.
    case golden
    /// The fixture's render as `actual.png`, and its pair's as `pair.png` where it names one.
    case renders
}

extension FailureKind {
    /// Which pictures verify draws for this kind after the run; nil: none, or its fixture's
    /// outcome already wrote them (`writeReport`). Its reporter says which (`FailureKind.reporter`).
    var runPictures: RunPictures? {
        switch reporter {
        case .comparison: nil  // its outcome wrote render, golden and diff
        case .golden(_, let pictures): pictures
        case .run: nil  // run-wide: no fixture to draw
        case .check(let c): c.runPictures
        }
    }
}
