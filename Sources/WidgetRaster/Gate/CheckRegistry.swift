/// Every check the gate runs besides the golden comparison, in one list: `verify`, `render --json`
/// and the contrast command take it from here (README "Adding a check").
public enum CheckRegistry {
    /// Where a check runs.
    public enum Stage: String, Sendable {
        /// On every render: `verify` per fixture, and `render --json`.
        case render
        /// Across the renders of a whole `verify` run (pairs of fixtures).
        case verify
        /// `evidence contrast` (`--rendered`, `--colour-alone`).
        case contrast
    }

    /// One check as a value.
    public struct Check: Sendable {
        public var name: String
        public var kind: FailureKind
        /// What it reads, for people (`--help`, reports, the self-check's message).
        public var reads: String
        public var stages: [Stage]
        /// The per-render body; nil for a check across fixtures (colour-alone).
        public var render: RenderCheck?
        /// Whether its findings fail the gate. A check landing while the layouts it judges are being
        /// fixed runs advisory first (`false`): verify prints and serialises its findings
        /// (`advisory` in `--json`) without failing; flipping this to `true` is the whole switch.
        public var enforced = true
    }

    /// The key of a run-wide `self-check` failure (it is about the run, not a fixture).
    public static let selfCheckKey = "(self-check)"

    public static let checks: [Check] = [
        Check(
            name: ClipCheck.gateCheck.name, kind: .clipped,
            reads: "text and graphic nodes and decorative glyphs: bounds, container, card, measured lines",
            stages: [.render], render: ClipCheck.gateCheck),
        Check(
            name: TruncationCheck.gateCheck.name, kind: .truncated,
            reads: "text nodes drawn with \"…\" and their element's truncation ruling",
            stages: [.render], render: TruncationCheck.gateCheck),
        Check(
            name: ContrastCheck.gateCheck.name, kind: .contrast,
            reads: "text and graphic nodes of full-colour renders against the pixels beneath them",
            stages: [.render, .contrast], render: ContrastCheck.gateCheck),
        Check(
            name: GlyphCoverageCheck.gateCheck.name, kind: .missingGlyph, reads: "every code point of every text node",
            stages: [.render], render: GlyphCoverageCheck.gateCheck),
        Check(
            name: LostMeaningCheck.name, kind: .lostMeaning,
            reads:
                "element kinds and traits (next-due row, pip fill, row checks) and words against the required-content "
                + "table for the render's state and family",
            stages: [.render], render: LostMeaningCheck.gateCheck),
        Check(
            name: "colour-alone", kind: .colourAlone,
            reads:
                "one-tint renders: pips and row checks (done vs not yet), and the streak glyph, caption and all-done "
                + "copy across reactive branches",
            stages: [.verify, .contrast], render: nil),
    ]

    /// The per-render checks, in the order their findings are reported.
    public static var renderChecks: [RenderCheck] { checks.compactMap(\.render) }

    /// The kinds whose findings are reported but do not fail the gate yet (`Check.enforced`).
    public static var advisoryKinds: Set<FailureKind> { Set(checks.filter { !$0.enforced }.map(\.kind)) }

    /// The kinds a check reports about a render: the only kinds known-findings.json may list.
    public static var findingKinds: Set<FailureKind> { Set(checks.map(\.kind)) }

    /// The `self-check` failures of a whole run: every check that found nothing to apply to in
    /// `fixtures` renders. Judged only when the run covers the whole catalog (no filter, no shard):
    /// a selection may legitimately hold no element a check reads — a blank card has no text for the
    /// truncation or glyph checks, an accessory-only filter no full-colour render for contrast, a
    /// single fixture no pair for colour-alone — so no check is required to apply within a selection.
    public static func selfCheckFailures(unapplied: [String], fixtures: Int) -> [GateFailure] {
        unapplied.map { name in
            let reads = checks.first { $0.name == name }?.reads ?? "its elements"
            return GateFailure(
                key: CheckRegistry.selfCheckKey, kind: .selfCheck,
                detail:
                    "the \(name) check found nothing it reads (\(reads)) in any of \(fixtures) renders: a renamed or "
                    + "removed element has switched it off"
            )
        }
    }
}

extension FailureKind {
    /// Who reports the kind: the golden comparison and the run itself, or a check of the registry.
    /// Exhaustive: a new kind must say which, and a check kind must be in `CheckRegistry.checks`.
    public var isCheckFinding: Bool {
        switch self {
        case .pixels, .size, .text, .missing, .stale, .unreadable, .selfCheck, .environment: false
        case .clipped, .truncated, .contrast, .colourAlone, .missingGlyph, .lostMeaning: true
        }
    }
}
