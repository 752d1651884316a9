/// What a reviewer does about one failure. The console, the page, JUnit and the GitHub annotations
/// all print `AcceptHint.text`, so the advice cannot drift between them (issue #25 item 3): only the
/// kinds a golden can honestly absorb offer `evidence record`; a stale golden names the one command
/// (or the hand deletion) that removes it; an unreadable one is restored, never recorded over; a
/// layout, colour or glyph bug says what to fix and offers no record at all.
public enum Remedy: String, Codable, Sendable, CaseIterable {
    /// pixels, size, text, missing: review the render, then record this fixture.
    case record
    /// A manifest entry with no fixture: `evidence record` removes what it recorded.
    case recordRemoves = "record-removes"
    /// A PNG the manifest never listed: record will not delete it, a person must.
    case deleteByHand = "delete-by-hand"
    /// A golden that does not decode (truncated, bad CRC, absurd size, a folder): restore it from git.
    case restoreFromGit = "restore-from-git"
    /// A Git LFS pointer where the PNG belongs: fetch the real file; recording would hide it.
    case gitLFSPull = "git-lfs-pull"
    /// A symbolic link in the goldens folder: the gate never follows one.
    case removeLink = "remove-link"
    /// A manifest entry the gate refused (a path outside the key grammar).
    case restoreManifest = "restore-manifest"
    case fixClip = "fix-clip"
    case fixTruncation = "fix-truncation"
    case fixContrast = "fix-contrast"
    case fixColourAlone = "fix-colour-alone"
    case fixGlyph = "fix-glyph"
    case fixLostMeaning = "fix-lost-meaning"
    case reportSelfCheck = "report-self-check"
    /// The renderer's environment differs from the one the goldens were recorded in.
    case matchEnvironment = "match-environment"
    /// The same, on a CI machine: its image drifted, so "go to CI" would be no step at all.
    case matchEnvironmentInCI = "match-environment-in-ci"
    /// A record-kind failure of a render that also has a finding no record may accept: recording
    /// would contradict that finding's fix, so the render is fixed first (issue #32).
    case fixOtherFindingsFirst = "fix-other-findings-first"
    /// `record --accept`: the render's pixels are not the ones the reviewer approved (issue #54).
    case reviewAgain = "review-again"
    /// A case file's `expect` names words its render does not draw: the render or the case is wrong.
    case fixCaseExpectation = "fix-case-expectation"

    /// The remedy when the check that found the failure said nothing more specific.
    /// Its reporter says it (`FailureKind.reporter`): a check's registration names its fix.
    public static func `default`(for kind: FailureKind) -> Remedy {
        switch kind.reporter {
        case .comparison: return .record
        case .golden(let remedy, _), .run(let remedy): return remedy
        case .check(let c): return c.remedy
        }
    }

    /// Whether the fix is to record: the kinds where the golden, not the render, is out of date.
    public var recordsAGolden: Bool {
        switch self {
        case .record, .recordRemoves: return true
        case .deleteByHand, .restoreFromGit, .gitLFSPull, .removeLink, .restoreManifest, .fixClip, .fixTruncation,
            .fixContrast, .fixColourAlone, .fixGlyph, .fixLostMeaning, .reportSelfCheck, .matchEnvironment,
            .matchEnvironmentInCI,
            .fixOtherFindingsFirst, .reviewAgain, .fixCaseExpectation:
            return false
        }
    }

    /// One remedy per failing render, derived from all its findings: where any of a key's failures
    /// says never re-record, its record-kind failures say "fix that first" instead of offering
    /// `evidence record` (a contrast failure printed "do not re-record" and "evidence record
    /// --filter KEY" for the same fixture). Order and every other field are kept.
    public static func settled(_ failures: [GateFailure]) -> [GateFailure] {
        func remedy(_ f: GateFailure) -> Remedy { f.remedy ?? .default(for: f.kind) }
        let blocked = Set(failures.filter { !$0.kind.isRunWide && !remedy($0).recordsAGolden }.map(\.key))
        guard !blocked.isEmpty else { return failures }
        return failures.map { f in
            var f = f
            if blocked.contains(f.key), remedy(f) == .record { f.remedy = .fixOtherFindingsFirst }
            return f
        }
    }

    /// A drifted environment's remedy for where the run is: in CI the machine's libraries or fonts
    /// moved, so the step is to restore them there (issue #32: it said "run verify … (CI)" in CI).
    public static func whereItRuns(_ result: inout VerifyResult, inCI: Bool) {
        for i in result.failures.indices where result.failures[i].kind == .environment {
            result.failures[i].remedy = inCI ? .matchEnvironmentInCI : .matchEnvironment
        }
    }
}

public enum AcceptHint {
    /// The one-line advice for `failure`; `goldens` is the goldens folder as the result names it
    /// (`Goldens` when run from the repository root).
    public static func text(_ failure: GateFailure, goldens: String = "Goldens") -> String {
        let key = failure.key
        let file = shellQuoted(goldens + "/" + key + (key.hasSuffix(".png") ? "" : ".png"))
        switch failure.remedy ?? Remedy.default(for: failure.kind) {
        case .record:
            return "after reviewing the render: \(recordCommand(key))"
        case .recordRemoves:
            return "no fixture has this key: \(recordCommand(key)) removes just this golden"
        case .deleteByHand:
            return "delete it by hand: rm \(file) (record never recorded it, so it leaves it alone)"
        case .restoreFromGit:
            return "restore it from git: git checkout -- \(file) (do not record over a golden you cannot read)"
        case .gitLFSPull:
            return "fetch the real file: git lfs pull (recording would replace it with an unreviewed render)"
        case .removeLink:
            return "remove the link: rm \(shellQuoted(goldens + "/" + key)) (the gate never follows links)"
        case .restoreManifest:
            return
                "restore the manifest: git checkout -- \(shellQuoted(goldens + "/manifest.json")) (record "
                + "--rebuild-manifest would re-record every golden)"
        case .fixClip:
            return "a layout bug: fix the budget so the node fits its container; do not re-record"
        case .fixTruncation:
            return "a layout bug: let the text wrap to a line the budget holds, or shed it whole; do not re-record"
        case .fixContrast:
            return
                "a token or position bug: fix the colour against what lies beneath it (see evidence contrast); do not "
                + "re-record"
        case .fixColourAlone:
            return
                "give the state a shape, not just a hue (seed 000: no meaning in colour alone in the host-owned "
                + "modes); do not re-record"
        case .fixGlyph:
            return
                "add a face that covers the code point to FallbackChain (and scripts/ensure-deps.sh); do not re-record"
        case .fixLostMeaning:
            return
                "a layout or copy bug: draw what the seed requires for this state (wrap, shorten only to the seed's "
                + "short form, shed only in the seed's order; see RequiredContent); do not re-record"
        case .reportSelfCheck:
            return "the comparison could not see a known difference: report it; nothing can be accepted"
        case .matchEnvironment:
            return
                "run verify where the goldens were recorded (CI) — \(RendererEnvironment.driftStep(inCI: false)) — or "
                + "pass --compare perceptual on purpose; do not re-record"
        case .matchEnvironmentInCI:
            return
                "this CI machine draws with other libraries or fonts than the goldens were recorded with: "
                + "\(RendererEnvironment.driftStep(inCI: true)), or pass --compare perceptual on purpose; do not "
                + "re-record"
        case .fixOtherFindingsFirst:
            return
                "do not record yet: this render also has a finding no record may accept — fix that first (see its "
                + "fix), then verify again"
        case .fixCaseExpectation:
            let file =
                key.hasPrefix(CaseFiles.keyPrefix)
                ? "Cases/" + key.dropFirst(CaseFiles.keyPrefix.count) + ".json" : "its case file"
            return
                "the case expects words its render does not draw: fix the render so it draws them, or, if the case "
                + "asks for the wrong words, correct \"expect\" in \(shellQuoted(file)) (evidence pin --expect "
                + "writes it); do not re-record"
        case .reviewAgain:
            return "review the render as it is now (evidence verify --html), then accept it again from the page"
        }
    }

    /// What `record` prints for a render it refused: the finding's own fix, and the one command that
    /// records it anyway, on purpose (`--accept-findings KIND`), for a finding a person may own.
    public static func refusal(_ failure: GateFailure, goldens: String = "Goldens") -> String {
        let fix = text(failure, goldens: goldens)
        guard failure.kind.isCheckFinding else { return fix }
        return fix + "; or, on purpose: \(recordCommand(failure.key)) --accept-findings \(failure.kind.rawValue)"
    }

    /// `evidence record --filter 'KEY'`, quoted for a POSIX shell whatever the key holds.
    public static func recordCommand(_ key: String) -> String { "evidence record --filter " + shellQuoted(key) }

    static func shellQuoted(_ s: String) -> String { "'" + s.replacingOccurrences(of: "'", with: "'\\''") + "'" }
}
