import EvidenceCore
import Foundation
import WidgetRaster

/// `record`'s safety options (issue #54): what it refuses, what it accepts on purpose, and an
/// accept file of reviewed renders. Kept out of `RecordCommand.run` so that stays a short pipeline.
enum RecordGuardOptions {
    static let acceptFindings = OptionSpec.value(
        "accept-findings", "KIND",
        """
        record renders with findings of this kind anyway, on purpose (said in the output);
        one of \(RecordGuard.acceptableKinds.map(\.rawValue).joined(separator: ", ")); commas or repeats for several
        """, repeats: true)
    static let accept = OptionSpec.value(
        "accept", "FILE",
        """
        record exactly the keys of an accept file (the review page writes it: key and the
        pixel hash reviewed, or 'remove' for a stale golden); a render changed since review is refused
        """)
    struct Arguments: ParsableArguments {
        @Option(RecordGuardOptions.acceptFindings) var acceptFindings: [String]
        @Option(given: RecordGuardOptions.accept) var accept: String?
    }

    /// The guard for this run, with what it needs set on `o`: the render checks and the known
    /// findings (record judges a render as verify does), and the accept file's keys as the selection.
    static func parse(_ a: Arguments, _ o: inout GateOptions, cases: URL) throws -> RecordGuard {
        o.checks = CheckRegistry.renderChecks
        o.colourAlone = true
        o.knownFindings = try KnownFindings.load(from: Project.current.knownFindings)
        var g = RecordGuard(refusesFindings: true, acceptedFindings: try RecordGuard.kinds(a.acceptFindings))
        if let path = a.accept {
            if o.filter != nil {
                throw InputError(
                    "--accept", "selects its own keys; drop --filter (the accept file lists exactly what is recorded)")
            }
            let file = try AcceptFile.parse(
                String(decoding: try readFile(atPath: path, limit: AcceptFile.maxBytes), as: UTF8.self), name: path)
            let recorded = Set((try Manifest.load(from: o.goldens))?.goldens.keys.map { $0 } ?? [])
            try file.check(
                catalogKeys: Set(try FixtureCatalog.keys(matching: nil, cases: cases)), recorded: recorded, name: path)
            o.onlyKeys = file.keys
            g.reviewed = file
        } else {
            try checkFilter(o.filter, goldens: o.goldens, cases: cases)
        }
        return g
    }

    /// A filter must match a fixture or a recorded golden no fixture has (a stale key: record
    /// removes exactly what it matches); one matching neither is a usage error, never a no-op.
    static func checkFilter(_ filter: String?, goldens: URL, cases: URL) throws {
        guard let filter, try FixtureCatalog.keys(matching: filter, cases: cases).isEmpty else { return }
        let recorded = (try? Manifest.load(from: goldens))??.goldens.keys.map { $0 } ?? []
        if !recorded.contains(where: { Glob.matches(filter, $0) }) { throw GateArguments.matchesNothing(filter) }
    }

    /// The console lines for renders record refused or recorded with accepted findings, and the
    /// line a commit message needs when findings were accepted on purpose.
    static func lines(_ r: RecordResult, goldens: String) -> [String] {
        var out: [String] = []
        for f in r.refused {
            out.append("refused \(f.key) (\(f.kind.rawValue)): \(escapeControls(f.detail))")
            out.append("        fix: \(AcceptHint.refusal(f, goldens: goldens))")
        }
        for f in r.acceptedFindings {
            out.append(
                "accepted on purpose \(f.key) (\(f.kind.rawValue), --accept-findings): \(escapeControls(f.detail))")
        }
        if !r.acceptedFindings.isEmpty {
            let kinds = Set(r.acceptedFindings.map(\.kind.rawValue)).sorted().joined(separator: ",")
            out.append(
                "commit note: recorded with findings accepted on purpose (--accept-findings \(kinds)) in "
                    + "\(Set(r.acceptedFindings.map(\.key)).count) golden(s); say why in the commit"
            )
        }
        if !r.refused.isEmpty {
            out.append(
                "record refused \(Set(r.refused.map(\.key)).count) render(s): their goldens are left as they are (exit "
                    + "1)"
            )
        }
        return out
    }
}
