import WidgetScene

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

    /// One check as a value: its registration (`static let registration` in the check's own file),
    /// which answers every question about its kind (`FailureKind.reporter`).
    public struct Check: Sendable {
        public var name: String
        public var kind: FailureKind
        /// What it reads, for people (`--help`, reports, the self-check's message).
        public var reads: String
        public var stages: [Stage]
        /// The per-render body; nil for a check across fixtures (colour-alone).
        public var render: RenderCheck?
        /// What a reviewer is told to do about a finding of it (`Remedy.default(for:)`).
        public var remedy: Remedy
        /// The seed rule a finding of it about a render breaks, so which of the seed's bounds decide
        /// whether the render is in scope (`SeedScope.rule`).
        public var scope: @Sendable (GateFailure, RenderFacts) -> SeedScope.Rule
        /// Whether a meaning map counts its findings: what a render says at a size, read from the
        /// plan's scene alone (`MapClass.judges`) — not colour, which reads pixels or pairs.
        public var judgedByMaps: Bool
        /// The pictures verify draws for a finding of it once the run is in; nil: its fixture's
        /// outcome wrote the render (`FailureKind.runPictures`).
        var runPictures: RunPictures? = nil
        /// Whether its findings fail the gate. A check landing while the layouts it judges are being
        /// fixed runs advisory first (`false`): verify prints and serialises its findings
        /// (`advisory` in `--json`) without failing; flipping this to `true` is the whole switch.
        public var enforced = true
    }

    /// The key of a run-wide `self-check` failure (it is about the run, not a fixture).
    public static let selfCheckKey = "(self-check)"

    public static let checks: [Check] = [
        ClipCheck.registration,
        TruncationCheck.registration,
        ContrastCheck.registration,
        GlyphCoverageCheck.registration,
        LostMeaningCheck.registration,
        ColourAloneCheck.registration,
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

/// Who reports a kind of failure, and so what follows from it. `FailureKind.reporter` is the one
/// exhaustive switch over the kind; every other question about a kind (run-wide, its remedy, the
/// pictures verify draws, the seed's scope, the meaning map, the roll-up) reads it, so a new check
/// kind is one arm there naming its registration.
public enum FailureReporter: Sendable {
    /// The golden comparison: the render's pixels, size or text differ from its golden; recording
    /// absorbs it, and its outcome wrote the render, the golden and the diff.
    case comparison
    /// The goldens folder (a golden missing, stale or unreadable): what a reviewer does about it, and
    /// the pictures verify draws for it once the run is in.
    case golden(Remedy, runPictures: RunPictures?)
    /// The run itself, about no fixture (its key is no fixture key): what a reviewer does about it.
    case run(Remedy)
    /// A check of the registry: its registration answers.
    case check(CheckRegistry.Check)
}

extension FailureKind {
    /// Who reports the kind: exhaustive, so a new kind must say — and a check kind names its
    /// registration, which must be in `CheckRegistry.checks` (`CheckRegistryTests`).
    public var reporter: FailureReporter {
        switch self {
        case .pixels, .size, .text: .comparison
        case .missing: .golden(.record, runPictures: nil)  // its outcome wrote the render
        // no fixture draws it: the page shows the file that would go
        case .stale: .golden(.recordRemoves, runPictures: .golden)
        // its outcome wrote the render; a bad manifest entry or a link has nothing to draw
        case .unreadable: .golden(.restoreFromGit, runPictures: nil)
        case .selfCheck: .run(.reportSelfCheck)
        case .environment: .run(.matchEnvironment)
        case .clipped: .check(ClipCheck.registration)
        case .truncated: .check(TruncationCheck.registration)
        case .contrast: .check(ContrastCheck.registration)
        case .colourAlone: .check(ColourAloneCheck.registration)
        case .missingGlyph: .check(GlyphCoverageCheck.registration)
        case .lostMeaning: .check(LostMeaningCheck.registration)
        }
    }

    /// The registration of the check that reports the kind; nil for the comparison's, the goldens
    /// folder's and the run's kinds.
    public var check: CheckRegistry.Check? {
        if case .check(let c) = reporter { c } else { nil }
    }

    /// Who reports the kind: the golden comparison and the run itself, or a check of the registry.
    public var isCheckFinding: Bool { check != nil }
}
