import EvidenceCore
import Foundation
import WidgetRaster
import WidgetScene

/// `record --environment-upgrade` (issue #53): moving the goldens to a new renderer environment (a
/// new image) is a reviewed change, not a blind re-record. Without the flag, record refuses while
/// this machine's environment differs from the manifest's, naming each difference and where to
/// record instead; with it, every render is first compared with its golden perceptually (pixelmatch
/// 7.2's rule: anti-aliased pixels forgiven) and every fixture that moved beyond anti-aliasing is
/// printed — and, with `--html DIR`, put on the review page — before record rewrites the goldens
/// and the manifest's environment.
enum EnvironmentUpgrade {
    static let flag = OptionSpec.flag(
        "environment-upgrade",
        """
        record into this machine's renderer environment although Goldens/manifest.json names another:
        first compares every render with its golden perceptually (pixelmatch 7.2's rule) and prints
        every fixture that moved beyond anti-aliasing (--html DIR: on a review page); without it
        record refuses a drifted environment
        """)
    static let html = OptionSpec.output(
        "html", "DIR", "with --environment-upgrade: the review page of every fixture that moved beyond anti-aliasing",
        writes: .folder)
    struct Arguments: ParsableArguments {
        @Option(EnvironmentUpgrade.flag) var upgrade: Bool
        @Option(given: EnvironmentUpgrade.html) var html: String?
    }

    /// What an upgrade reviews: the environment's differences, and the page's folder.
    struct Upgrade {
        var drift: [String]
        var page: URL?
    }

    /// Refuses a drifted environment without the flag, and an upgrade with nothing to upgrade — before
    /// the catalog is drawn, so a refusal costs no fixture. nil: record goes on with no review.
    static func upgrade(
        _ options: GateOptions, _ a: RecordCommand.Arguments, painter: CairoPainter,
        inCI: Bool = ((try? ReviewOutputs.parse(ParsedArguments()))?.inCI ?? false)
    ) throws -> Upgrade? {
        let page = try a.environmentUpgrade.html.map { v throws(InputError) -> URL in
            guard !v.isEmpty else { throw InputError("--html", "empty path; name the folder for the review page") }
            return URL(fileURLWithPath: v)
        }
        let manifestPath = options.goldens.appendingPathComponent(Manifest.fileName).path
        // --rebuild-manifest ignores entries it cannot read, never the environment it can.
        let recorded =
            a.rebuildManifest
            ? (try? Manifest.loadChecked(from: options.goldens))?.0?.environment
            : try Manifest.load(from: options.goldens)?.environment
        let here = RendererEnvironment.current(fonts: painter.fonts, hash: options.proofs.fileHash(atPath:))
        let drift = recorded.map(here.differences) ?? []
        guard a.environmentUpgrade.upgrade else {
            if page != nil {
                throw InputError("--html", "applies only with --environment-upgrade (record writes no page otherwise)")
            }
            guard drift.isEmpty else {
                throw InputError(
                    manifestPath,
                    "the goldens were recorded in another renderer environment (\(drift.joined(separator: "; "))); "
                        + "recording here would write goldens CI cannot reproduce — "
                        + "\(RendererEnvironment.driftStep(inCI: inCI, command: "record")), "
                        + "or move the goldens to this environment on purpose with --environment-upgrade")
            }
            return nil
        }
        // The manifest names one environment for every golden, so an upgrade reviews and records them all.
        if options.filter != nil || options.shard != nil {
            throw InputError(
                "--environment-upgrade",
                "reviews and re-records every golden (the manifest names one environment for all): drop --filter and "
                    + "--shard"
            )
        }
        guard !drift.isEmpty else {
            throw InputError(
                "--environment-upgrade",
                "this machine's renderer environment matches \(manifestPath); nothing to upgrade — record without it")
        }
        return Upgrade(drift: drift, page: page)
    }

    /// Prints (and pages) the perceptual review of `upgrade`. Returns normally when record may go on.
    static func review(
        _ upgrade: Upgrade, _ options: GateOptions, _ a: RecordCommand.Arguments, catalog: [Fixture],
        painter: CairoPainter
    ) throws {
        let (drift, page) = (upgrade.drift, upgrade.page)
        var o = options
        o.comparison = .perceptual(threshold: ImageComparator.defaultThreshold)
        o.checks = []
        o.colourAlone = false
        o.reportDirectory = page
        if let page {
            try ReportFolder.checkWritable(page)
            try PageFolder.checkReplaceable(page, replacing: false)
        }
        var handlers: [any VerifyResultHandler] = []
        if let page { handlers += [HTMLPageHandler(directory: page), ResultBesidePageHandler(directory: page)] }
        let stream = ResultStream(handlers)
        var result: VerifyResult
        do {
            result = try Verifier.verify(o, catalog: catalog, painter: painter, onFixture: stream.fixture)
            try stream.checkFailure()
        } catch {
            stream.abandon()
            throw error
        }
        if let broken = result.failures.first(where: { !Self.reviewed.contains($0.kind) }) {
            stream.abandon()
            throw InputError(
                broken.key,
                "the perceptual review could not judge the goldens (\(broken.kind.rawValue): \(broken.detail)); "
                    + "nothing was recorded"
            )
        }
        if let page {
            result.reportDirectory = result.reportDirectory.map { ReviewOutputs.relative($0) }
            try PageFolder.mark(ContainedFolder(page))
        }
        try stream.finish(result)
        let toStderr = a.json  // stdout is the record result alone
        lines(drift: drift, result: result, page: page).forEach { toStderr ? printError($0) : print($0) }
    }

    /// The failure kinds a perceptual comparison reports for a fixture that moved (or has no golden to move from).
    static let reviewed: Set<FailureKind> = [.pixels, .size, .text, .missing, .stale, .unreadable]

    /// The report: what changed in the environment, then every fixture that moved beyond anti-aliasing.
    static func lines(drift: [String], result: VerifyResult, page: URL?) -> [String] {
        var out = ["environment upgrade: \(drift.joined(separator: "; "))"]
        let moved = result.failures.sorted { ($0.key, $0.kind.rawValue) < ($1.key, $1.kind.rawValue) }
        let fixtures = Set(moved.map(\.key)).count
        out.append(
            "perceptual review (pixelmatch 7.2, threshold \(ImageComparator.defaultThreshold), anti-aliasing "
                + "forgiven): "
                + "\(fixtures) of \(result.passed.count + fixtures) fixture(s) moved beyond anti-aliasing")
        for f in moved {
            out.append("  moved \(f.kind.rawValue) \(escapeControls(f.key)): \(escapeControls(f.detail))")
        }
        if let page { out.append("review page: \(ReviewOutputs.relative(page.path))/index.html") }
        return out
    }
}
