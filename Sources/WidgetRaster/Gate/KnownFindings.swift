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
/// `fixture` is a glob (`*` crosses `/`); `kind` is a check's failure kind; `node` names an element
/// kind — by a scene's display name (`caption`, `motivatorLine`, `habit-row-*.title`) or the kind's
/// own name (`ElementKind`), or `*` for any — parsed into the kind once, at load.
public struct KnownFinding: Codable, Hashable, Sendable {
    public var fixture: String
    public var kind: FailureKind
    /// As written in the file (for messages).
    public var node: String
    /// What `node` names; nil for `*` (any node, or none).
    public var element: ElementKind?
    /// The seed passage that explains why this is accepted (required, non-empty).
    public var seed: String
    /// Why it happens at this band, for people.
    public var note: String?

    /// `node`: "*" or a name `ElementKind.named` knows (an unknown name matches nothing).
    public init(fixture: String, kind: FailureKind, node: String, seed: String, note: String? = nil) {
        self.init(fixture: fixture, kind: kind, node: node, element: ElementKind.named(node), seed: seed, note: note)
    }

    init(fixture: String, kind: FailureKind, node: String, element: ElementKind?, seed: String, note: String?) {
        self.fixture = fixture; self.kind = kind; self.node = node; self.element = element; self.seed = seed; self.note = note
    }

    enum CodingKeys: String, CodingKey { case fixture, kind, node, seed, note }

    /// Kinds a check reports about a render; the others (pixels, missing, …) are never "known".
    public static var allowedKinds: Set<FailureKind> { CheckRegistry.findingKinds }

    public func matches(_ f: GateFailure) -> Bool {
        guard f.kind == kind, Glob.matches(fixture, f.key) else { return false }
        guard let element else { return node == "*" }
        return f.element == element
    }
}

/// A failure that a known finding covers: reported, never counted as a failure.
public struct KnownMatch: Codable, Equatable, Sendable {
    public var key: String
    public var kind: FailureKind
    public var node: String?
    /// The failure's element kind (not written to JSON).
    public var element: ElementKind?
    public var detail: String
    public var seed: String
    enum CodingKeys: String, CodingKey { case key, kind, node, detail, seed }
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
            let node = try string("node")!
            let element = ElementKind.named(node)
            if node != "*" && element == nil {
                throw InputError("\(at).node", "'\(node)' names no scene element (a display name such as caption, motivatorLine, habit-row-*.title, an element kind such as \(ElementKind.habitTitle.rawValue), or *)")
            }
            out.append(KnownFinding(fixture: try string("fixture")!, kind: kind, node: node, element: element,
                                    seed: try string("seed")!, note: try string("note", required: false)))
        }
        return KnownFindings(entries: out)
    }

    /// Entries no failure matched — on a full run, an entry the renders no longer need (stale).
    public func unmatched(by known: [KnownMatch]) -> [KnownFinding] {
        entries.filter { e in !known.contains { m in e.matches(GateFailure(key: m.key, kind: m.kind, detail: m.detail, node: m.node, element: m.element)) } }
    }

    /// The entry covering a failure, if any.
    public func entry(for f: GateFailure) -> KnownFinding? { entries.first { $0.matches(f) } }

    /// Splits failures into real ones and known matches.
    public func partition(_ failures: [GateFailure]) -> (failures: [GateFailure], known: [KnownMatch]) {
        var real: [GateFailure] = [], known: [KnownMatch] = []
        for f in failures {
            if let e = entry(for: f) {
                known.append(KnownMatch(key: f.key, kind: f.kind, node: f.node, element: f.element, detail: f.detail, seed: e.seed))
            } else {
                real.append(f)
            }
        }
        return (real, known)
    }
}
