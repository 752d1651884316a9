import Foundation
import WidgetRaster

/// Options shared by verify, record, bench and the commands that walk the matrix.
enum GateArguments {
    static let filter = OptionSpec.value("filter", "GLOB", "only fixtures whose key matches (* crosses /), e.g. 'android/medium/*'")
    static let jobs = OptionSpec.value("jobs", "N", "parallel workers; results do not depend on it", check: .int(1...256), default: .note("all cores"))
    static let goldens = OptionSpec.value("goldens", "DIR", "goldens folder", default: .note("the package's Goldens/"))
    static let shard = OptionSpec.value("shard", "i/n", """
        only slice i of n, by a stable hash of the key: slices 1…n cover every key
        exactly once (slice 1 also judges orphaned goldens)
        """)
    static let quiet = OptionSpec.flag("quiet", "no progress line on stderr")
    static let noWait = OptionSpec.flag("no-wait", "fail (exit 2) instead of waiting while a record holds the goldens folder")
    static let report = OptionSpec.value("report", "DIR", "where failure images go", default: .value("./report"))
    /// `--compare`'s words.
    enum CompareFlag: String, CaseIterable { case auto, exact, perceptual }
    static let compare = OptionSpec.value("compare", nil, "auto: exact, and an 'environment' failure on another renderer environment; exact; or perceptual (pixelmatch 7.2's rule, on purpose)",
                                          check: .choice(CompareFlag.allCases.map(\.rawValue)), default: .value(CompareFlag.auto.rawValue))
    static let threshold = OptionSpec.value("threshold", "T", "with --compare perceptual: colour threshold (smaller is stricter)", check: .number(0...1),
                                            default: .value("\(ImageComparator.defaultThreshold)"))

    /// What every run over the matrix takes: which fixtures, how many workers, which goldens.
    static let matrix = OptionTable([filter, jobs, goldens])
    /// verify's whole table (the test helpers parse with it).
    static var valued: Set<String> { VerifyCommand.options.valued }

    static func options(_ a: ParsedArguments) throws -> GateOptions {
        var o = GateOptions()
        o.filter = a.value(filter.name)
        o.jobs = try a.int(jobs, absent: ProcessInfo.processInfo.activeProcessorCount)
        if let g = a.value(goldens.name) { o.goldens = URL(fileURLWithPath: g) }
        o.shard = try a.value(shard.name).map(Shard.parse)
        let mode = try a.choice(compare, CompareFlag.allCases)
        if a.value(threshold.name) != nil && mode != .perceptual {
            throw InputError("--threshold", "applies only to --compare perceptual (auto and exact compare every byte)")
        }
        switch mode {
        case .auto: o.comparison = .automatic
        case .exact: o.comparison = .exact
        case .perceptual: o.comparison = .perceptual(threshold: try a.double(threshold))
        }
        return o
    }

    static func fixtures(_ filter: String?) throws -> [Fixture] {
        _ = try keys(filter)
        return try FixtureCatalog.filtered(filter)
    }

    /// The catalog keys a filter selects, without drawing anything; a filter that matches nothing
    /// is a usage error, never a pass.
    static func keys(_ filter: String?) throws(InputError) -> [String] {
        let keys = FixtureCatalog.keys(matching: filter)
        if keys.isEmpty, let filter {
            throw InputError("--filter", "no fixture matches '\(filter)'; run 'evidence list' to see the keys")
        }
        return keys
    }

    /// The area a key's fixture belongs to (`android/medium`, `ios/bands`), from its identity;
    /// a key no fixture has (a stale golden) is its own area.
    static func area(of key: String) -> String {
        FixtureCatalog.id(forKey: key)?.area ?? "stale"
    }

    static func painter() throws -> CairoPainter {
        CairoPainter(fonts: try FontLibrary.bundled.get())
    }
}

struct ListCommand: EvidenceCommand {
    static let name = "list"
    static let summary = "Print every fixture key (the golden matrix)"
    static let usage = """
        usage: evidence list [--filter GLOB] [--shard i/n] [--json]

        Prints one fixture key per line; each key is also its golden's path under Goldens/ (+ .png).
        """
    static let options = OptionTable([GateArguments.filter, GateArguments.shard, .flag("json", "a JSON array of keys")])
    static func run(_ a: ParsedArguments) throws -> Int32 {
        let keys = try Self.keys(filter: a.value("filter"), shard: a.value("shard").map(Shard.parse))
        if a.has("json") { try printJSON(keys) } else { keys.forEach { print($0) } }
        return 0
    }

    static func keys(filter: String?, shard: Shard?) throws -> [String] {
        try GateArguments.keys(filter).filter { shard?.contains($0) ?? true }
    }
}

struct VerifyCommand: EvidenceCommand {
    static let name = "verify"
    static let summary = "Render every fixture and compare with the goldens; exit 1 on any failure"
    static let usage = """
        usage: evidence verify [--filter GLOB] [--shard i/n] [--report DIR] [--html DIR] [--junit FILE] [--json] [--jobs N]
                               [--compare auto|exact|perceptual] [--threshold T] [--quiet] [--no-wait]

        Renders each fixture and compares it with its golden, every byte exactly. The renderer's
        environment (library versions, font hashes) is measured and must equal Goldens/manifest.json's;
        if it differs the run fails as 'environment' naming what differs, unless --compare perceptual
        asks for pixelmatch 7.2's comparison (YIQ delta, alpha over its checkerboard, anti-aliasing
        ignored) on purpose. The first output line says which comparison was applied and why.
        \(failureKindsHelp)
        Findings listed in known-findings.json (each with its seed passage) do not fail the run; each
        entry that matched prints one KNOWN line (kind, fixture glob, node, count, seed section) on
        every run; --json and --html carry every match with its full seed passage.
        For each failing fixture, actual.png / expected.png / diff.png go to the report folder.
        The last line is 'N passed, N failed'.
        """
    /// The failure kinds and the checks, from `FailureKind` and `CheckRegistry`: a kind or check
    /// added there is listed here with no edit.
    static var failureKindsHelp: String {
        func kinds(_ records: Bool) -> String {
            ReviewOrder.kinds.filter { Remedy.default(for: $0).recordsAGolden == records }.map(\.rawValue).joined(separator: ", ")
        }
        let checks = CheckRegistry.checks.map { c in
            "  \(c.name) → \(c.kind.rawValue) (runs in \(c.stages.map(\.rawValue).joined(separator: ", "))): \(c.reads)"
        }
        return (["Failure kinds a record must never accept: \(kinds(false)).",
                 "Failure kinds a record can accept (after review): \(kinds(true)).",
                 "Checks besides the golden comparison (check → the kind it reports):"] + checks).joined(separator: "\n")
    }

    static let options = GateArguments.matrix + OptionTable([
        GateArguments.shard, GateArguments.quiet, GateArguments.report, GateArguments.compare, GateArguments.threshold,
        .flag("json", "machine-readable result on stdout ('evidence report' rebuilds the page from it)"), GateArguments.noWait,
    ]) + ReviewOutputs.options
    static let notes = ReviewOutputs.environmentNote
    static func run(_ a: ParsedArguments) throws -> Int32 {
        var o = try GateArguments.options(a)
        let outputs = try ReviewOutputs.parse(a)
        o.reportDirectory = URL(fileURLWithPath: try outputs.reportDirectory(a.value(GateArguments.report.name)))
        o.checks = CheckRegistry.renderChecks
        o.colourAlone = true
        o.knownFindings = try KnownFindings.load(from: PackagePaths.knownFindings)
        _ = try GateArguments.keys(o.filter)  // a filter that matches nothing is a usage error, never a pass
        try ReportFolder.checkWritable(o.reportDirectory!)
        // verify marks its report folder as a page evidence wrote (report -o / gallery -o may then
        // replace it whole), so it may only be a folder evidence could replace: new, empty or marked.
        try PageFolder.checkReplaceable(o.reportDirectory!)
        let lock = try FolderLock.acquire(o.goldens, .shared, wait: !a.has("no-wait"), onWait: printError)
        defer { withExtendedLifetime(lock) {} }
        // Verify deletes nothing: a killed record's temp files are named, and the next record sweeps them.
        for t in ContainedFolder(o.goldens).staleTempFiles() {
            printError("note: \(quoted(t)) looks like a temp file an interrupted record left; the next 'evidence record' removes it")
        }
        let whole = o.filter == nil && o.shard == nil
        let stream = outputs.stream(json: a.has("json"), console: ConsoleHandler(knownFindings: o.knownFindings, wholeRun: whole))
        try stream.begin(RunStart(goldens: ReviewOutputs.goldensName(o.goldens)))
        let startedAt = Date(), clock = ContinuousClock.now
        var result: VerifyResult
        do {
            result = try Verifier.verify(o, catalog: try FixtureCatalog.load(), painter: try GateArguments.painter(),
                                         progress: ProgressLine.make(quiet: a.has("quiet") || a.has("json"), verb: "verified"),
                                         onFixture: stream.fixture)
            try stream.checkFailure()
        } catch {
            stream.abandon()
            throw error
        }
        let elapsed = (ContinuousClock.now - clock).components
        outputs.stamp(&result, startedAt: startedAt, seconds: Double(elapsed.seconds) + Double(elapsed.attoseconds) / 1e18, goldens: o.goldens)
        try stream.finish(result)
        if let dir = o.reportDirectory, result.reportDirectory != nil || outputs.html != nil {
            // Marks the folder as one evidence wrote (report images, the page), so the next verify
            // may write into it again and 'report -o' / 'gallery -o' may replace it whole.
            try ContainedFolder(dir).write(Array("written by evidence verify\n".utf8), to: PageFolder.markerName)
        }
        return result.failures.isEmpty ? 0 : 1
    }
}

struct RecordCommand: EvidenceCommand {
    static let name = "record"
    static let summary = "Re-record goldens: write only what moved, add new, remove stale"
    static let usage = """
        usage: evidence record [--filter GLOB] [--shard i/n] [--mode changed|missing|all] [--jobs N] [--dry-run] [--json] [--quiet]
                               [--no-wait] [--rebuild-manifest]

        Renders each fixture; rewrites a golden only when its pixels changed (unchanged files are left
        byte for byte), adds goldens for new fixtures, removes goldens with no fixture, and updates
        Goldens/manifest.json. Every write goes through a temp file and a rename; the goldens folder is
        locked for the whole run (a second record waits), and only files the manifest proves were
        recorded are ever deleted (anything else is listed as 'left alone').
        Review the moved goldens (git diff, or 'evidence verify' before recording) — never re-record to
        silence a failure you do not understand.
        """
    static let mode = OptionSpec.value("mode", "M", """
        changed: rewrite moved, add new, remove stale;
        missing: only add goldens that do not exist; all: rewrite every file
        """, check: .choice(RecordMode.allCases.map(\.rawValue)), default: .value(RecordMode.changed.rawValue))
    static let options = GateArguments.matrix + OptionTable([
        GateArguments.shard, GateArguments.quiet, mode,
        .flag("dry-run", "say what would move, appear and vanish; write nothing"),
        .flag("json", "machine-readable result on stdout"),
        GateArguments.noWait,
        .flag("rebuild-manifest", "ignore the existing manifest (corrupt, or refused) and write it afresh"),
    ])
    static func run(_ a: ParsedArguments) throws -> Int32 {
        var o = try GateArguments.options(a)
        o.recordMode = try a.choice(mode, RecordMode.allCases)
        _ = try GateArguments.keys(o.filter)  // a filter that matches nothing is a usage error, never a pass
        let handler: any RecordResultHandler = a.has("json") ? RecordJSONHandler() : RecordConsoleHandler(dryRun: a.has("dry-run"))
        let r = try Recorder.record(o, catalog: try FixtureCatalog.load(), painter: try GateArguments.painter(), dryRun: a.has("dry-run"),
                                    rebuildManifest: a.has("rebuild-manifest"), waitForLock: !a.has("no-wait"),
                                    notice: { printError($0) },
                                    progress: ProgressLine.make(quiet: a.has("quiet") || a.has("json"), verb: "rendered"),
                                    onFixture: handler.fixture)
        try handler.finish(r)
        return 0
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

    func finish(_ result: RecordResult) throws { lines(result).forEach { print($0) } }

    func lines(_ r: RecordResult) -> [String] {
        var out: [String] = []
        for k in r.heldBack { out.append("left    \(k) (moved; --mode missing leaves existing goldens alone)") }
        for m in r.moved { out.append("moved   \(m.key) (\(m.reason)\(m.textChanged ? " — visible text or label changed" : ", text unchanged"))") }
        for k in r.added { out.append("added   \(k)") }
        for k in r.removed { out.append("removed \(k)") }
        for f in r.leftAlone { out.append("left alone \(escapeControls(f))") }
        if r.moved.count > 1 {
            // The line a commit message needs: how many moved where, and how many changed their words.
            let areas = Dictionary(grouping: r.moved) { GateArguments.area(of: $0.key) }
                .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map { "\($0.key)/* \($0.value.count)" }
            out.append("moved by area: \(areas.joined(separator: ", ")); text changed in \(r.moved.filter(\.textChanged).count)")
        }
        out.append((dryRun ? "dry run, nothing written — " : "") + r.summaryLine)
        return out
    }
}

struct RenderCommand: EvidenceCommand {
    static let name = "render"
    static let summary = "Render one fixture, or any widget at any size, to a PNG file"
    static let usage = """
        usage: evidence render --fixture KEY -o OUT.png [--json]
               evidence render --snapshot FILE|- --as-of ISO8601 --time-zone IANA [size options] -o OUT.png [--json]
               evidence render --no-snapshot … (first run)
               evidence render --state S [--habits N --done N …] [size options] -o OUT.png (a synthesized widget)

        The second form reproduces a user's report in one command, e.g. the OBJ-2428 narrow-Large geometry:
          evidence render --snapshot snap.json --width 230 --height 330 --as-of 2026-09-17T08:30:00+02:00 \\
                          --time-zone Europe/Berlin -o narrow-large.png
        Without --json it prints the resolved state, size and the accessibility label, and warns about clipped nodes and
        code points no font of the fallback chain draws (missing-glyph).
        """
    static let fixture = OptionSpec.value("fixture", "KEY", "a golden's fixture, a key from 'evidence list' (instead of the widget options)")
    static let options = OptionTable([.init("a fixture:", [fixture])]) + AdHocRenderOptions.options
    static func run(_ a: ParsedArguments) throws -> Int32 {
        guard let out = a.value("output"), !out.isEmpty else { throw InputError("-o", "required: the PNG file to write") }
        try OutputFile.check(out)
        let painter = try GateArguments.painter()
        let drawn: RenderedWidget?
        let scene: Scene
        var fixtureDrawn: Fixture?
        if let key = a.value(fixture.name) {
            try checkFixtureAlone(a)
            guard let fixture = try FixtureCatalog.fixture(key: key) else {
                // The nearest key, from the declared keys (nothing drawn).
                let hint = Suggestion.nearest(key, among: FixtureCatalog.keys(matching: nil)).map { "did you mean '\($0)'? " } ?? ""
                throw InputError("--fixture", "unknown fixture '\(key)'; \(hint)run 'evidence list' for the keys")
            }
            scene = fixture.makeScene(painter.fonts)
            drawn = nil
            fixtureDrawn = fixture
        } else {
            let o = try AdHocRenderOptions.parse(a)
            let r = try WidgetPipeline.render(o, fonts: painter.fonts)
            drawn = r
            scene = r.scene
        }
        let image = painter.render(scene)
        try OutputFile.write(PNGCodec.encode(image), to: out)
        for w in glyphWarnings(scene, fonts: painter.fonts) { printError(w) }
        if a.has("json") {
            if let drawn {
                try printJSON(RenderReport(drawn, image: image, painter: painter, known: try KnownFindings.load(from: PackagePaths.knownFindings),
                                           key: "render/\(drawn.platform.rawValue)/\(drawn.family)"))
            } else if let fixtureDrawn {
                try printJSON(try FixtureRenderReport(fixture: fixtureDrawn, scene: scene, image: image, painter: painter))
            }
            return 0
        }
        if let r = drawn {
            let w = r.resolved
            print("state: \(w.state.rawValue), reactive: \(w.reactive?.rawValue ?? "suppressed"), motif: \(w.motif.rawValue), "
                  + "kindling: \(w.kindling ? "on" : "off"), size: \(r.family)\(r.layoutNote.isEmpty ? "" : ", " + r.layoutNote)")
            for v in ClipCheck.violations(in: scene, measurer: painter.fonts) { printError("warning: clipped \(v)") }
        }
        print("label: \(scene.accessibilityLabel)")
        print("wrote \(out) (\(scene.pixelWidth)×\(scene.pixelHeight) px)")
        return 0
    }

    /// A fixture fixes its own widget, size and tokens: a widget or size option beside `--fixture`
    /// would be silently ignored, so it is a usage error instead.
    static func checkFixtureAlone(_ a: ParsedArguments) throws(InputError) {
        let ownTable = Set([fixture.name, AdHocRenderOptions.output.name, AdHocRenderOptions.json.name])
        for spec in AdHocRenderOptions.options.all where !ownTable.contains(spec.name) && (a.value(spec.name) != nil || a.has(spec.name)) {
            throw InputError("--\(spec.name)", "cannot be combined with --fixture (the fixture fixes its widget, size and tokens)")
        }
    }

    /// One stderr line per text node holding a code point no font of its chain draws.
    static func glyphWarnings(_ scene: Scene, fonts: FontLibrary) -> [String] {
        GlyphCoverageCheck.findings(in: scene, fonts: fonts).map { "warning: missing-glyph \($0)" }
    }
}

/// `render --fixture KEY --json`: a golden's scene reported like an ad-hoc render.
struct FixtureRenderReport: Encodable {
    var key: String
    var platform: Platform?
    var family: String?
    /// The state segment of the fixture's identity (state and reactive branch), nil for a band probe.
    var state: String?
    var size: Size
    var pixelWidth: Int
    var pixelHeight: Int
    var texts: [String]
    var accessibilityLabel: String
    var pips: [RenderReport.Pip]
    var findings: [RenderReport.Finding]
    init(fixture: Fixture, scene: Scene, image: RGBAImage, painter: CairoPainter) throws {
        key = fixture.key; platform = fixture.id?.platform; family = fixture.id?.family.name; state = fixture.id?.stateSegment
        size = scene.size; pixelWidth = scene.pixelWidth; pixelHeight = scene.pixelHeight
        texts = scene.visibleText; accessibilityLabel = scene.accessibilityLabel; pips = RenderReport.pips(scene)
        let key = fixture.key
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        findings = RenderReport.findings(scene, image: image, painter: painter, known: known, key: key, facts: RenderFacts(fixture.id, scene: scene))
    }
}

/// The ad-hoc pipeline `render` and `plan` share: read the snapshot (or synthesize it), load the
/// platform's tokens, and draw.
enum WidgetPipeline {
    static func target(_ o: AdHocRenderOptions) throws -> RenderTarget {
        var (snapshot, asOf): (WidgetSnapshot?, Date)
        if case .file(let path) = o.input.source, o.onBadSnapshot == .fallback {
            let (data, name) = try readSnapshotFile(path)
            let decoded = try o.onBadSnapshot.decode(data, name: name)
            if let error = decoded.warning {
                // The widget's own fail-closed path (seed 001 §5): no snapshot → first run, legacy card.
                printError("evidence render: \(error) — drawing the fail-closed render (first run, legacy body)")
            }
            (snapshot, asOf) = (decoded.snapshot, o.input.asOf)
        } else {
            (snapshot, asOf) = try o.input.resolveSnapshot(readFile: loadSnapshotFile)
        }
        var target = o.target
        switch target {
        case .android(var r):
            r.snapshot = snapshot; r.asOf = asOf; r.timeZone = o.input.timeZone
            target = .android(r)
        case .ios(var r):
            r.snapshot = snapshot; r.asOf = asOf; r.timeZone = o.input.timeZone
            target = .ios(r)
        }
        return target
    }

    static func renderer(_ o: AdHocRenderOptions, fonts: FontLibrary) throws -> WidgetRenderer {
        let android = try o.androidRes.map { try AndroidTokens.load(resDirectory: URL(fileURLWithPath: $0)) } ?? TokenSet.bundled()
        var ios = try AssetCatalogTokens.bundled()
        if let dir = o.iosAssets {
            let loaded = try AssetCatalogTokens.load(directory: URL(fileURLWithPath: dir), defaults: ios)
            if !loaded.missing.isEmpty {
                printError("warning: \(dir) has no \(loaded.missing.joined(separator: ", ")); using the bundled default\(loaded.missing.count == 1 ? "" : "s")")
            }
            ios = loaded.tokens
        }
        return WidgetRenderer(fonts: fonts, androidTokens: android, iosTokens: ios)
    }

    static func render(_ o: AdHocRenderOptions, fonts: FontLibrary) throws -> RenderedWidget {
        try renderer(o, fonts: fonts).render(try target(o))
    }
}
