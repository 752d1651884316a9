import EvidenceCore
import Foundation
import WidgetScene

/// What `evidence record` refuses to write (issue #54 item 2): a render verify would fail with a
/// finding no record may accept — clipped, truncated, contrast, colour-alone, missing-glyph,
/// lost-meaning (`FailureKind.isCheckFinding`) — unless the kind was accepted on purpose
/// (`--accept-findings`); and, with an accept file (`--accept`), a render whose pixels are no longer
/// the ones the reviewer approved. "Do not record yet" is then a rule, not advice.
public struct RecordGuard: Sendable {
    /// Run the render checks and refuse what they find (off only for callers that record test
    /// catalogs on purpose: the library default, so record's own tests keep their catalogs).
    public var refusesFindings: Bool
    /// Finding kinds recorded anyway, on purpose: printed with every fixture they let through.
    public var acceptedFindings: Set<FailureKind> = []
    /// The reviewed renders (`--accept FILE`): a listed key whose render no longer hashes to the
    /// reviewed pixels is refused.
    public var reviewed: AcceptFile?

    public init(refusesFindings: Bool, acceptedFindings: Set<FailureKind> = [], reviewed: AcceptFile? = nil) {
        self.refusesFindings = refusesFindings
        self.acceptedFindings = acceptedFindings
        self.reviewed = reviewed
    }

    /// Records what it is told (tests, and callers that judge renders themselves).
    public static let none = RecordGuard(refusesFindings: false)

    /// The kinds `--accept-findings` may name: the checks' (never a golden-comparison kind).
    public static var acceptableKinds: [FailureKind] { FailureKind.allCases.filter(\.isCheckFinding) }

    /// `--accept-findings`' words (`contrast,clipped`, or one kind per flag) as kinds; an unknown
    /// word is a usage error naming the kinds it may be.
    public static func kinds(_ words: [String]) throws(InputError) -> Set<FailureKind> {
        var out: Set<FailureKind> = []
        for word in words.flatMap({ $0.split(separator: ",") }).map({
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }) {
            guard let kind = acceptableKinds.first(where: { $0.rawValue == word }) else {
                throw InputError(
                    "--accept-findings",
                    "'\(word)' is not a finding kind record can accept; one of: "
                        + "\(acceptableKinds.map(\.rawValue).joined(separator: ", "))"
                )
            }
            out.insert(kind)
        }
        return out
    }

    /// The findings verify would fail `r` for, as verify judges them: the render checks and a case
    /// file's expectations, less what the known-findings file covers, what lies outside the seed's
    /// scope (neither fails verify) and the advisory kinds.
    /// `acrossFixtures`: the render's colour-alone findings, judged before the renders.
    func findings(_ r: Rendered, painter: CairoPainter, options: GateOptions, acrossFixtures: [GateFailure])
        -> [GateFailure]
    {
        guard refusesFindings else { return [] }
        var found = options.checks.flatMap { $0.run(r.fixture.key, r.scene, r.canvas, painter, facts: r.facts) }
        if let pinned = r.fixture.pinned {
            found += CaseFiles.unmetExpectations(pinned, key: r.fixture.key, scene: r.scene)
        }
        let split = options.knownFindings.classify(found, facts: r.facts)
        return (split.failures + acrossFixtures).filter {
            $0.kind.isCheckFinding && !options.advisoryKinds.contains($0.kind)
        }
    }

    /// The colour-alone findings of the selection that fail (as verify's split), by key.
    func colourAlone(_ catalog: [Fixture], painter: CairoPainter, options: GateOptions) -> [String: [GateFailure]] {
        guard refusesFindings, options.colourAlone else { return [:] }
        let pairs = ColourAloneCheck.run(
            Verifier.pool(catalog, options), painter: painter, jobs: options.jobs, judges: options.selects)
        let failing = ColourAloneCheck.partition(pairs.findings, with: options.knownFindings).failures
            .filter { !options.advisoryKinds.contains($0.kind) }
        return Dictionary(grouping: failing, by: \.key)
    }

    /// The plan as this guard allows it: unchanged when it writes nothing (nothing to refuse) or
    /// every finding was accepted; otherwise the golden and its entry stay as they are and the
    /// plan carries why.
    func judged(_ p: Recorder.Plan, _ r: Rendered, previous: GoldenEntry?, findings: @autoclosure () -> [GateFailure])
        -> Recorder.Plan
    {
        var refusals: [GateFailure] = []
        if let reviewed = reviewed?.pixelHash(of: p.key), reviewed != r.pixelHash {
            refusals.append(
                GateFailure(
                    key: p.key, kind: .pixels,
                    detail:
                        "the render changed since it was reviewed: its pixels hash to \(r.pixelHash), the accept file "
                        + "approved \(reviewed)",
                    remedy: .reviewAgain))
        }
        // (--mode missing holds a moved golden back)
        let writes = !p.heldBack && (p.bytes != nil || p.moved != nil || p.isNew)
        var accepted: [GateFailure] = []
        if writes {
            let found = findings()
            refusals += found.filter { !acceptedFindings.contains($0.kind) }
            accepted = found.filter { acceptedFindings.contains($0.kind) }
        }
        guard refusals.isEmpty else {
            return Recorder.Plan(
                key: p.key, file: p.file, entry: previous, bytes: nil, moved: nil, isNew: false, refused: refusals)
        }
        var q = p
        q.acceptedFindings = accepted
        return q
    }
}

extension RecordResult {
    /// "refused N (findings no record may accept)" for the summary line; empty when none.
    var refusedSummary: String {
        let keys = Set(refused.map(\.key)).count
        let accepted = Set(acceptedFindings.map(\.key)).count
        return (keys == 0 ? "" : ", refused: \(keys)")
            + (accepted == 0 ? "" : ", recorded with findings accepted on purpose: \(accepted)")
    }
}
