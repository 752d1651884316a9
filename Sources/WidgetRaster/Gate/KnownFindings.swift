import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// What a finding about a render is (issue #51 Build 3): every finding a check reports is exactly one
/// of these, shown apart everywhere — spec gaps first, as what the widget's designers should fix.
public enum FindingClass: String, Codable, Hashable, Sendable, CaseIterable {
    /// A known-findings entry quoting the seed RULE that produces the loss: the seed's own rules
    /// lose this meaning. Reported, never failing; listed first.
    case specGap = "spec-gap"
    /// A known-findings entry whose seed passage names this exact condition as accepted.
    case known
    /// Inputs the seed's tables and bounds do not cover, for the rule the finding depends on
    /// (`SeedScope`): reported and counted, never failing.
    case outsideScope = "outside-scope"
    /// Everything else: our reading of the seed is wrong — a gate failure.
    case failure

    /// How the console and the page name the class (`SPEC GAP lost-meaning …`).
    public var label: String {
        switch self {
        case .specGap: "SPEC GAP"
        case .known: "KNOWN"
        case .outsideScope: "OUTSIDE SCOPE"
        case .failure: "FAIL"
        }
    }

    /// The classes a known-findings entry may declare in its `class` field.
    public static let entryClasses: [FindingClass] = [.known, .specGap]
}

/// The committed known-findings file: findings the seed itself records as an accepted limitation
/// or a known open defect. `verify` prints each match as "known" on every run — never hides it —
/// and fails on everything else. An entry without a seed reference is rejected: a known finding
/// is never a way to make a failure go away (DESIGN: "Findings, known findings, and what may be cut").
///
/// ```json
/// { "findings": [ { "conditions": { "platform": "android", "family": ["small"], "width": [110, 110],
///                                   "fontScale": [2.0, 2.0] },
///                   "kind": "truncated", "node": "caption", "seed": "000 … the passage …", "note": "why here" } ] }
/// ```
/// `conditions` (required) names what the seed's passage names — platform, family, state, reactive
/// branch, motif, a width / height range in layout units (dp, pt), a font-scale range, Dynamic
/// Type sizes — so a render of any size inside them matches, a golden or an ad-hoc `render`
/// (issue #21 item 6); `fixture` (optional, default `*`) is a glob over golden keys (`*` crosses
/// `/`) for a finding no single render's facts decide (colour-alone compares two); `kind` is a
/// check's failure kind; `node` names an element kind — by a scene's display name (`caption`,
/// `motivatorLine`, `habit-row-*.title`) or the kind's own name (`ElementKind`), or `*` for any —
/// parsed into the kind once, at load; `class` (required) is `known` when the passage names this
/// exact condition as accepted, `spec-gap` when it quotes the seed rule that produces the loss.
public struct KnownFinding: Codable, Hashable, Sendable {
    /// A glob over golden keys; `*` when the conditions say it all.
    public var fixture: String
    /// The conditions the seed's passage names.
    public var conditions: KnownConditions
    public var kind: FailureKind
    /// As written in the file (for messages).
    public var node: String
    /// What `node` names; nil for `*` (any node, or none).
    public var element: ElementKind?
    /// The seed passage that explains why this is accepted (required, non-empty).
    public var seed: String
    /// Why it happens at this band, for people.
    public var note: String?
    /// `.known` or `.specGap` (`FindingClass.entryClasses`); written as `class`.
    public var findingClass: FindingClass

    /// `node`: "*" or a name `ElementKind.named` knows (an unknown name matches nothing).
    public init(
        fixture: String = "*", conditions: KnownConditions = KnownConditions(), kind: FailureKind, node: String,
        seed: String, note: String? = nil, findingClass: FindingClass = .known
    ) {
        self.init(
            fixture: fixture, conditions: conditions, kind: kind, node: node, element: ElementKind.named(node),
            seed: seed, note: note,
            findingClass: findingClass)
    }

    init(
        fixture: String, conditions: KnownConditions, kind: FailureKind, node: String, element: ElementKind?,
        seed: String, note: String?,
        findingClass: FindingClass
    ) {
        self.fixture = fixture
        self.conditions = conditions
        self.kind = kind
        self.node = node
        self.element = element
        self.seed = seed
        self.note = note
        self.findingClass = findingClass
    }

    enum CodingKeys: String, CodingKey { case fixture, conditions, kind, node, seed, note, findingClass = "class" }
    /// The fields an entry may have, as the file spells them.
    static let fields = ["class", "conditions", "fixture", "kind", "node", "note", "seed"]

    /// Kinds a check reports about a render; the others (pixels, missing, …) are never "known".
    public static var allowedKinds: Set<FailureKind> { CheckRegistry.findingKinds }

    /// Whether the entry covers `f`, a finding about a render drawn from `facts`. Without facts (a
    /// saved result, a test catalog's fixture) an entry with conditions matches nothing: conditions
    /// nobody can check never pass a finding (fail closed).
    public func matches(_ f: GateFailure, facts: RenderFacts? = nil) -> Bool {
        guard f.kind == kind, Glob.matches(fixture, f.key) else { return false }
        if let facts {
            guard conditions.matches(facts) else { return false }
        } else if conditions != KnownConditions() {
            return false
        }
        guard let element else { return node == "*" }
        return f.element == element
    }
}

/// A finding that does not fail the gate because a known-findings entry covers it (class `known`
/// or `spec-gap`, with the entry's passage) or because its render lies outside the seed's scope for
/// the rule it depends on (class `outside-scope`, with the boundary's passage): reported, never
/// counted as a failure.
public struct KnownMatch: Codable, Equatable, Sendable {
    public var key: String
    public var kind: FailureKind
    public var node: String?
    /// The failure's element kind.
    public var element: ElementKind?
    public var detail: String
    /// The entry's seed passage, or (outside scope) the boundary's citation.
    public var seed: String
    /// `known`, `spec-gap` or `outside-scope`; written as `class`.
    public var findingClass: FindingClass
    /// Outside scope: the boundary the render crossed (`SeedScope.Boundary.name`).
    public var boundary: String?
    /// The entry that matched (not written to JSON; `KnownFindings.entry(of:)` finds it again for a
    /// saved match by its kind, element, seed passage and fixture glob).
    public var entry: KnownFinding?
    enum CodingKeys: String, CodingKey { case key, kind, node, element, detail, seed, findingClass = "class", boundary }

    public init(
        key: String, kind: FailureKind, node: String?, element: ElementKind?, detail: String, seed: String,
        findingClass: FindingClass = .known, boundary: String? = nil, entry: KnownFinding? = nil
    ) {
        self.key = key
        self.kind = kind
        self.node = node
        self.element = element
        self.detail = detail
        self.seed = seed
        self.findingClass = findingClass
        self.boundary = boundary
        self.entry = entry
    }

    /// A result written before findings had classes lists every match as `known`, as it then meant.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        key = try c.decode(String.self, forKey: .key)
        kind = try c.decode(FailureKind.self, forKey: .kind)
        node = try c.decodeIfPresent(String.self, forKey: .node)
        element = try c.decodeIfPresent(ElementKind.self, forKey: .element)
        detail = try c.decode(String.self, forKey: .detail)
        seed = try c.decode(String.self, forKey: .seed)
        findingClass = try c.decodeIfPresent(FindingClass.self, forKey: .findingClass) ?? .known
        boundary = try c.decodeIfPresent(String.self, forKey: .boundary)
        entry = nil
    }
}

public struct KnownFindings: Sendable {
    public static let fileName = "known-findings.json"
    public var entries: [KnownFinding]

    public init(entries: [KnownFinding] = []) { self.entries = entries }

    /// The file's bound: every gate command checks each entry's coverage of the matrix at load, so
    /// a file of a million entries would be hours of work before the first render. The committed
    /// file holds a few dozen entries; a seed has far fewer passages than this.
    public static let maxFileBytes = 1 << 20
    /// At most this many entries.
    public static let maxEntries = 1000

    /// Reads and validates the file; a missing file is an empty list. Errors name the file and entry.
    public static func load(from url: URL) throws(InputError) -> KnownFindings {
        guard FileManager.default.fileExists(atPath: url.path) else { return KnownFindings() }
        return try parse(try readFile(atPath: url.path, limit: maxFileBytes), name: url.path)
    }

    public static func parse(_ bytes: [UInt8], name: String) throws(InputError) -> KnownFindings {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw InputError(name, error.description) }
        guard case .object(let top) = root, let list = top.first(where: { $0.key == "findings" })?.value,
            case .array(let items) = list
        else {
            throw InputError(name, "expected an object with a \"findings\" array")
        }
        guard items.count <= maxEntries else {
            throw InputError(
                name, "\(items.count) findings; at most \(maxEntries) (each names a seed passage's condition)")
        }
        var out: [KnownFinding] = []
        for (i, item) in items.enumerated() {
            let at = "\(name): findings[\(i)]"
            guard case .object(let fields) = item else {
                throw InputError(at, "expected an object, got \(item.kindName)")
            }
            func string(_ k: String, required: Bool = true) throws(InputError) -> String? {
                guard let v = fields.first(where: { $0.key == k })?.value else {
                    if required { throw InputError(at, "missing \"\(k)\"") }
                    return nil
                }
                guard case .string(let s) = v else {
                    throw InputError("\(at).\(k)", "expected a string, got \(v.kindName)")
                }
                if required && s.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                    throw InputError("\(at).\(k)", "is empty")
                }
                return s
            }
            for f in fields where !KnownFinding.fields.contains(f.key) {
                throw InputError(at, "unknown field \"\(f.key)\" (\(KnownFinding.fields.joined(separator: ", ")))")
            }

            guard fields.contains(where: { $0.key == "seed" }) else {
                throw InputError(
                    at, "no seed reference: every known finding must quote the seed passage that explains it")
            }
            let kindText = try string("kind")!
            guard let kind = FailureKind(rawValue: kindText), KnownFinding.allowedKinds.contains(kind) else {
                throw InputError(
                    "\(at).kind",
                    "'\(kindText)' is not a check's finding kind "
                        + "(\(KnownFinding.allowedKinds.map(\.rawValue).sorted().joined(separator: ", ")))"
                )
            }
            let node = try string("node")!
            let element = ElementKind.named(node)
            if node != "*" && element == nil {
                throw InputError(
                    "\(at).node",
                    "'\(node)' names no scene element (a display name such as caption, "
                        + "motivatorLine, habit-row-*.title, an element kind such as "
                        + "\(ElementKind.habitTitle.rawValue), or *)"
                )
            }
            let seed = try string("seed")!
            guard let conditionsValue = fields.first(where: { $0.key == "conditions" })?.value else {
                throw InputError(
                    at,
                    "no \"conditions\": every known finding names the conditions its seed passage names (platform, "
                        + "family, state, size, font scale …)"
                )
            }
            let conditions = try KnownConditions.parse(conditionsValue, at: "\(at).conditions")
            // An empty object would match every render: the entry must say what its passage names.
            guard conditions != KnownConditions() else {
                throw InputError(
                    "\(at).conditions",
                    "names no condition; give the platform, family, state, size or font scale its seed passage names")
            }
            // Which of the two it is, said by whoever wrote the entry: a passage naming the condition
            // (known) or the rule that produces the loss (spec-gap) — never guessed from the text.
            let classes = FindingClass.entryClasses.map(\.rawValue).joined(separator: " or ")
            guard let classText = try string("class", required: false) else {
                throw InputError(
                    at,
                    "missing \"class\": say \(classes) (known: the seed passage names this exact condition; spec-gap: "
                        + "it quotes the seed rule that produces the loss)"
                )
            }
            guard let findingClass = FindingClass(rawValue: classText), FindingClass.entryClasses.contains(findingClass)
            else {
                throw InputError("\(at).class", "'\(classText)' is not \(classes)")
            }
            // A platform alone, or with ranges and lists that admit everything, would match every
            // render of it (issue #55): a passage names more (KnownConditionsScope.swift).
            if let problem = conditions.wholePlatformProblem(everyElement: node == "*") {
                throw InputError("\(at).conditions", problem)
            }
            // Nor most of it: every state but one, every family but one (KnownCoverage.swift).
            let fixture = try string("fixture", required: false) ?? "*"
            // Matched against every key of the matrix at load: no longer than a golden's path may be.
            let longest = GoldensBounds.maxPathBytes
            guard fixture.utf8.count <= longest else {
                throw InputError("\(at).fixture", "\(fixture.utf8.count) bytes; a glob over keys is at most \(longest)")
            }
            if let problem = try KnownCoverage.problem(conditions, fixture: fixture, everyElement: node == "*") {
                throw InputError("\(at).conditions", problem)
            }
            out.append(
                KnownFinding(
                    fixture: fixture, conditions: conditions, kind: kind, node: node,
                    element: element, seed: seed, note: try string("note", required: false), findingClass: findingClass)
            )
        }
        return KnownFindings(entries: out)
    }

    /// Entries no failure matched — on a full run, an entry the renders no longer need (stale).
    public func unmatched(by known: [KnownMatch]) -> [KnownFinding] {
        let matched = Set(known.compactMap(entry(of:)))
        return entries.filter { !matched.contains($0) }
    }

    /// The entry behind a match: the one it was made from, or — for a match read back from a saved
    /// result, which carries no entry — the one with its kind, element and seed passage whose
    /// fixture glob covers its key (the conditions need the render's facts, which a result lacks).
    public func entry(of m: KnownMatch) -> KnownFinding? {
        m.entry
            ?? entries.first {
                $0.kind == m.kind && $0.element == m.element && $0.seed == m.seed && Glob.matches($0.fixture, m.key)
            }
    }

    /// The entry covering a failure about a render drawn from `facts`, if any.
    public func entry(for f: GateFailure, facts: RenderFacts? = nil) -> KnownFinding? {
        entries.first { $0.matches(f, facts: facts) }
    }

    /// Splits failures about one render (drawn from `facts`) into real ones and known matches.
    public func partition(_ failures: [GateFailure], facts: RenderFacts? = nil) -> (
        failures: [GateFailure], known: [KnownMatch]
    ) {
        var real: [GateFailure] = []
        var known: [KnownMatch] = []
        for f in failures {
            if let e = entry(for: f, facts: facts) {
                known.append(
                    KnownMatch(
                        key: f.key, kind: f.kind, node: f.node, element: f.element, detail: f.detail, seed: e.seed,
                        findingClass: e.findingClass, entry: e))
            } else {
                real.append(f)
            }
        }
        return (real, known)
    }
}

/// The conditions a known finding's seed passage names. Every field is optional; an absent one
/// matches anything. Ranges are closed, in layout units (dp on Android, pt on iOS).
public struct KnownConditions: Codable, Hashable, Sendable {
    public var platform: Platform?
    /// Family names as the keys spell them (`small`, `systemSmall`, `accessoryRectangular`).
    public var family: [String]?
    public var state: [WidgetState]?
    /// `extended`, `notYet`, `baseline`, or `suppressed` (no reactive layer in this state).
    public var reactive: [String]?
    public var motif: [StreakMotif]?
    public var width: [Double]?
    public var height: [Double]?
    public var fontScale: [Double]?
    public var textSize: [DynamicTypeSize]?
    /// `absent` or `present`: the snapshot's coachLine (seed 000: it "is omitted from the snapshot
    /// entirely" when nothing is due, and after every widget check-off, OBJ-2436).
    public var coachLine: [String]?
    static let coachLineValues = ["absent", "present"]

    public init(
        platform: Platform? = nil, family: [String]? = nil, state: [WidgetState]? = nil, reactive: [String]? = nil,
        motif: [StreakMotif]? = nil, width: [Double]? = nil, height: [Double]? = nil, fontScale: [Double]? = nil,
        textSize: [DynamicTypeSize]? = nil
    ) {
        self.platform = platform
        self.family = family
        self.state = state
        self.reactive = reactive
        self.motif = motif
        self.width = width
        self.height = height
        self.fontScale = fontScale
        self.textSize = textSize
    }

    public func matches(_ f: RenderFacts) -> Bool {
        func within(_ range: [Double]?, _ v: Double) -> Bool {
            range.map { $0[0] - 1e-9 <= v && v <= $0[1] + 1e-9 } ?? true
        }
        // A condition the render's platform does not have never matches it: an iOS render's font
        // scale and an Android render's text size are placeholders (1, `.large`), not facts.
        if fontScale != nil && f.platform != .android || textSize != nil && f.platform != .ios { return false }
        return (platform.map { $0 == f.platform } ?? true)
            && (family.map { $0.contains(f.family.name) } ?? true)
            && (state.map { $0.contains(f.state) } ?? true)
            && (reactive.map { $0.contains(f.resolved.reactive?.rawValue ?? "suppressed") } ?? true)
            && (motif.map { $0.contains(f.resolved.motif) } ?? true)
            && within(width, f.size.width) && within(height, f.size.height) && within(fontScale, f.fontScale)
            && (textSize.map { $0.contains(f.textSize) } ?? true)
            && (coachLine.map { $0.contains(f.resolved.snapshotCoachLine == nil ? "absent" : "present") } ?? true)
    }

    /// A short form for the console: `android small w110 fs1.3–2.0`.
    public var summary: String {
        func span(_ r: [Double]?, _ prefix: String) -> String? {
            r.map { r in
                // Whole numbers print without ".0"; no conversion to Int, which traps beyond its range (1e19).
                func n(_ d: Double) -> String {
                    d == d.rounded() && abs(d) < 1e15 && prefix != "fs" ? String(format: "%.0f", d) : String(d)
                }
                return prefix + (r[0] == r[1] ? n(r[0]) : "\(n(r[0]))–\(n(r[1]))")
            }
        }
        let parts: [String?] = [
            platform?.rawValue, family?.joined(separator: "|"), state.map { $0.map(\.rawValue).joined(separator: "|") },
            reactive?.joined(separator: "|"), motif.map { $0.map(\.rawValue).joined(separator: "|") },
            span(width, "w"), span(height, "h"), span(fontScale, "fs"),
            textSize.map { $0.map(\.rawValue).joined(separator: "|") },
            coachLine.map { "coachLine " + $0.joined(separator: "|") },
        ]
        let out = parts.compactMap { $0 }.joined(separator: " ")
        return out.isEmpty ? "*" : out
    }

    /// The conditions only one platform's renders have, with that platform.
    var platformOnlyFields: [(String, Platform)] {
        (fontScale == nil ? [] : [("fontScale", Platform.android)])
            + (textSize == nil ? [] : [("textSize", Platform.ios)])
    }

    static let fields = [
        "platform", "family", "state", "reactive", "motif", "width", "height", "fontScale", "textSize", "coachLine",
    ]

    /// Reads `conditions`; every error names the field.
    static func parse(_ value: JSONValue, at: String) throws(InputError) -> KnownConditions {
        guard case .object(let fields) = value else {
            throw InputError(at, "expected an object, got \(value.kindName)")
        }
        var c = KnownConditions()
        for (key, v) in fields {
            let here = "\(at).\(key)"
            func words() throws(InputError) -> [String] {
                switch v {
                case .string(let s): return [s]
                case .array(let items):
                    var out: [String] = []
                    for item in items {
                        guard case .string(let s) = item else {
                            throw InputError(here, "expected strings, got \(item.kindName)")
                        }
                        out.append(s)
                    }
                    if out.isEmpty { throw InputError(here, "is empty") }
                    return out
                case .null, .bool, .number, .object:
                    throw InputError(here, "expected a string or an array of strings, got \(v.kindName)")
                }
            }
            func one<T: RawRepresentable>(_ word: String, _: T.Type, _ all: [T]) throws(InputError) -> T
            where T.RawValue == String {
                guard let t = T(rawValue: word) else {
                    throw InputError(here, "'\(word)' is not one of \(all.map(\.rawValue).joined(separator: ", "))")
                }
                return t
            }
            func many<T: RawRepresentable & CaseIterable>(_: T.Type) throws(InputError) -> [T]
            where T.RawValue == String {
                var out: [T] = []
                for w in try words() { out.append(try one(w, T.self, Array(T.allCases))) }
                return out
            }
            /// Words that must each be one of `allowed`; `refusal` words the error for the first that is not.
            func words(in allowed: [String], _ refusal: (String) -> String) throws(InputError) -> [String] {
                let w = try words()
                if let bad = w.first(where: { !allowed.contains($0) }) { throw InputError(here, refusal(bad)) }
                return w
            }
            func range() throws(InputError) -> [Double] {
                guard case .array(let items) = v, items.count == 2 else {
                    throw InputError(here, "expected [min, max]")
                }
                var out: [Double] = []
                for item in items {
                    guard case .number(let n) = item, let d = Double(n), d.isFinite else {
                        throw InputError(here, "expected [min, max] numbers, got \(item.kindName)")
                    }
                    out.append(d)
                }
                guard out[0] <= out[1] else { throw InputError(here, "min \(out[0]) is above max \(out[1])") }
                return out
            }
            switch key {
            case "platform":
                guard case .string(let s) = v else { throw InputError(here, "expected a string, got \(v.kindName)") }
                c.platform = try one(s, Platform.self, Platform.allCases)
            case "family":
                let names = Set(AndroidFamily.allCases.map(\.rawValue) + IOSFamily.allCases.map(\.rawValue)).sorted()
                c.family = try words(in: names) { "'\($0)' is no family (\(names.joined(separator: ", ")))" }
            case "state":
                let out = try many(WidgetState.self)
                c.state = out
            case "reactive":
                let allowed = ReactiveTreatment.allCases.map(\.rawValue) + ["suppressed"]
                c.reactive = try words(in: allowed) { "'\($0)' is not one of \(allowed.joined(separator: ", "))" }
            case "motif":
                let out = try many(StreakMotif.self)
                c.motif = out
            case "width": c.width = try range()
            case "height": c.height = try range()
            case "fontScale": c.fontScale = try range()
            case "coachLine":
                c.coachLine = try words(in: KnownConditions.coachLineValues) {
                    "'\($0)' is not one of \(KnownConditions.coachLineValues.joined(separator: ", "))"
                }
            case "textSize":
                let out = try many(DynamicTypeSize.self)
                c.textSize = out
            default:
                throw InputError(at, "unknown condition \"\(key)\" (\(KnownConditions.fields.joined(separator: ", ")))")
            }
        }
        // A condition of one platform beside the other platform would match nothing: say so.
        if let p = c.platform, let other = c.platformOnlyFields.first(where: { $0.1 != p }) {
            throw InputError(
                "\(at).\(other.0)",
                "is a condition of \(other.1.rawValue) renders only; this entry names platform \(p.rawValue)")
        }
        if let a = c.platformOnlyFields.first, let b = c.platformOnlyFields.first(where: { $0.1 != a.1 }) {
            throw InputError(
                at, "names \(a.0) (\(a.1.rawValue) only) and \(b.0) (\(b.1.rawValue) only); no render has both")
        }
        return c
    }
}
