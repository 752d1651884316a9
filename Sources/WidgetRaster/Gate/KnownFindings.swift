import Foundation

/// The committed known-findings file: findings the seed itself records as an accepted limitation
/// or a known open defect. `verify` prints each match as "known" on every run — never hides it —
/// and fails on everything else. An entry without a seed reference is rejected: a known finding
/// is never a way to make a failure go away (DESIGN: "Findings, known findings, and what may be cut").
///
/// ```json
/// { "findings": [ { "fixture": "android/bands/height/small/*-fs1.3-*/default", "kind": "truncated",
///                   "node": "habit-row-1.title", "seed": "000 … the passage …", "note": "why here" } ] }
/// ```
/// `fixture` and `node` are globs (`*` crosses `/`); `kind` is a check's failure kind.
public struct KnownFinding: Codable, Hashable, Sendable {
    public var fixture: String
    public var kind: FailureKind
    public var node: String
    /// The seed passage that explains why this is accepted (required, non-empty).
    public var seed: String
    /// Why it happens at this band, for people.
    public var note: String?

    public init(fixture: String, kind: FailureKind, node: String, seed: String, note: String? = nil) {
        self.fixture = fixture; self.kind = kind; self.node = node; self.seed = seed; self.note = note
    }

    /// Kinds a check reports about a render; the others (pixels, missing, …) are never "known".
    /// (Add a check's kind here when the check lands.)
    public static let allowedKinds: Set<FailureKind> = [.clipped, .truncated, .contrast, .missingGlyph, .colourAlone]

    public func matches(_ f: GateFailure) -> Bool {
        guard f.kind == kind, Glob.matches(fixture, f.key) else { return false }
        guard let n = f.node else { return node == "*" }
        return Glob.matches(node, n)
    }
}

/// A failure that a known finding covers: reported, never counted as a failure.
public struct KnownMatch: Codable, Equatable, Sendable {
    public var key: String
    public var kind: FailureKind
    public var node: String?
    public var detail: String
    public var seed: String
}

public struct KnownFindings: Sendable {
    public static let fileName = "known-findings.json"
    public var entries: [KnownFinding]

    public init(entries: [KnownFinding] = []) { self.entries = entries }

    /// Reads and validates the file; a missing file is an empty list. Errors name the file and entry.
    public static func load(from url: URL) throws(InputError) -> KnownFindings {
        guard FileManager.default.fileExists(atPath: url.path) else { return KnownFindings() }
        return try parse(try readFile(atPath: url.path), name: url.path)
    }

    public static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> KnownFindings {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw InputError(name, error.description) }
        guard case .object(let top) = root, let list = top.first(where: { $0.key == "findings" })?.value,
              case .array(let items) = list else {
            throw InputError(name, "expected an object with a \"findings\" array")
        }
        var out: [KnownFinding] = []
        for (i, item) in items.enumerated() {
            let at = "\(name): findings[\(i)]"
            guard case .object(let fields) = item else { throw InputError(at, "expected an object, got \(item.kindName)") }
            func string(_ k: String, required: Bool = true) throws(InputError) -> String? {
                guard let v = fields.first(where: { $0.key == k })?.value else {
                    if required { throw InputError(at, "missing \"\(k)\"") }
                    return nil
                }
                guard case .string(let s) = v else { throw InputError("\(at).\(k)", "expected a string, got \(v.kindName)") }
                if required && s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    throw InputError("\(at).\(k)", "is empty")
                }
                return s
            }
            for f in fields where !["fixture", "kind", "node", "seed", "note"].contains(f.key) {
                throw InputError(at, "unknown field \"\(f.key)\" (fixture, kind, node, seed, note)")
            }
            guard fields.contains(where: { $0.key == "seed" }) else {
                throw InputError(at, "no seed reference: every known finding must quote the seed passage that explains it")
            }
            let kindText = try string("kind")!
            guard let kind = FailureKind(rawValue: kindText), KnownFinding.allowedKinds.contains(kind) else {
                throw InputError("\(at).kind", "'\(kindText)' is not a check's finding kind (\(KnownFinding.allowedKinds.map(\.rawValue).sorted().joined(separator: ", ")))")
            }
            out.append(KnownFinding(fixture: try string("fixture")!, kind: kind, node: try string("node")!,
                                    seed: try string("seed")!, note: try string("note", required: false)))
        }
        return KnownFindings(entries: out)
    }

    /// Entries no failure matched — on a full run, an entry the renders no longer need (stale).
    public func unmatched(by known: [KnownMatch]) -> [KnownFinding] {
        entries.filter { e in !known.contains { m in e.matches(GateFailure(key: m.key, kind: m.kind, detail: m.detail, node: m.node)) } }
    }

    /// The entry covering a failure, if any.
    public func entry(for f: GateFailure) -> KnownFinding? { entries.first { $0.matches(f) } }

    /// Splits failures into real ones and known matches.
    public func partition(_ failures: [GateFailure]) -> (failures: [GateFailure], known: [KnownMatch]) {
        var real: [GateFailure] = [], known: [KnownMatch] = []
        for f in failures {
            if let e = entry(for: f) {
                known.append(KnownMatch(key: f.key, kind: f.kind, node: f.node, detail: f.detail, seed: e.seed))
            } else {
                real.append(f)
            }
        }
        return (real, known)
    }
}
