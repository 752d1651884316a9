import EvidenceCore
import Foundation

/// The versioned shape of `verify --json` (documented in the README's "Result JSON" section).
/// Bump `version` whenever a field changes meaning or becomes required; `report --from` refuses
/// any other version with one line rather than guessing.
public enum ResultSchema {
    public static let name = "evidence-result"
    public static let version = 2
    public static var tag: String { "\(name)/\(version)" }
}

/// What a reviewer needs to trust a run and what `report` needs to merge shards: which matrix and
/// environment it ran on, with what comparison, when and for how long.
public struct RunInfo: Codable, Sendable, Equatable {
    public var tool: String = "evidence"
    public var version: String = ToolVersion.current
    /// A hash of every fixture key of the catalog, so results of different matrices never merge.
    public var matrix: String
    /// The running renderer's measured environment (library versions, font hashes).
    public var environment: RendererEnvironment
    /// The goldens folder as hints and annotations name it: relative to where the command ran when
    /// inside it (`Goldens` from the repository root), else absolute. Set by the command.
    public var goldens: String = "Goldens"
    /// The glob the run was limited to, if any.
    public var filter: String?
    /// Set by the command, never by the verifier (which must not read the clock): ISO 8601 UTC.
    public var startedAt: String?
    public var seconds: Double?
    /// The commit under test when the environment names one (`GITHUB_SHA`).
    public var commit: String?
    /// The `CheckRegistry` checks the run applied, by name (absent in results of older tools).
    public var checks: [String]?
    /// How many renders each check found something to read in: the self-check's evidence, which
    /// `report` sums over shards to judge a sharded run as a whole one (absent in older results).
    public var applied: CheckApplications?
    /// The case files the run read (`Cases/`): fixture key → content hash (absent without cases, and in older results).
    public var cases: [String: String]?

    public init(matrix: String, environment: RendererEnvironment, filter: String?, checks: [String]? = nil) {
        self.matrix = matrix
        self.environment = environment
        self.filter = filter
        self.checks = checks
    }

    /// The registry's names of the checks a run applies, in registry order: its per-render checks,
    /// and the checks across fixtures (colour-alone) when it runs them.
    public static func checkNames(_ renderChecks: [RenderCheck], acrossFixtures: Bool) -> [String] {
        let names = Set(renderChecks.map(\.name))
        return CheckRegistry.checks.filter { c in c.render == nil ? acrossFixtures : names.contains(c.name) }.map(
            \.name)
    }

    /// The case files of a catalog by key with their content hashes; nil when it has none.
    static func cases(_ catalog: [Fixture]) -> [String: String]? {
        let pinned = catalog.compactMap { f in f.pinned.map { (f.key, $0.digest) } }
        return pinned.isEmpty ? nil : Dictionary(pinned, uniquingKeysWith: { a, _ in a })
    }

    /// A fixture's line in the matrix identity: its key, and a case file's content hash beside it
    /// (editing a case file's size is a different matrix).
    public static func matrixEntry(key: String, caseDigest: String?) -> String {
        caseDigest.map { "\(key) \($0)" } ?? key
    }

    /// The matrix identity of a catalog: order-independent.
    public static func matrixID(_ keys: [String]) -> String {
        Hash128.of(Array(keys.sorted().joined(separator: "\n").utf8)).hex
    }
}

/// A matrix's fixture keys and, in the same order, their lines in its identity (`RunInfo.matrixEntry`).
public struct MatrixIndex: Sendable {
    public var keys: [String]
    public var entries: [String]
}

/// What each check of a run found to read (`run.applied` in JSON). A whole run where a check found
/// nothing fails as `self-check` (nothing can switch a check off by renaming); a shard judges only
/// part of the matrix, so it records these counts and the merged shards are judged on their sum.
public struct CheckApplications: Codable, Sendable, Equatable {
    /// Renders the run drew.
    public var renders: Int
    /// Per render check of the run, by name: the renders holding an element it reads.
    public var checks: [String: Int]
    /// The comparisons colour-alone made, when the run ran it.
    public var colourAlone: ColourAloneCheck.Tally?

    public init(renders: Int, checks: [String: Int], colourAlone: ColourAloneCheck.Tally?) {
        self.renders = renders
        self.checks = checks
        self.colourAlone = colourAlone
    }

    /// The counts of several shards' runs as one run's; nil unless every shard recorded them and
    /// they ran the same checks.
    static func sum(_ parts: [CheckApplications?]) -> CheckApplications? {
        let all = parts.compactMap { $0 }
        guard all.count == parts.count, var total = all.first,
            all.allSatisfy({
                Set($0.checks.keys) == Set(total.checks.keys) && ($0.colourAlone == nil) == (total.colourAlone == nil)
            })
        else { return nil }
        for a in all.dropFirst() {
            total.renders += a.renders
            total.checks.merge(a.checks, uniquingKeysWith: +)
            if let c = a.colourAlone {
                total.colourAlone?.markers += c.markers
                total.colourAlone?.meanings.merge(c.meanings, uniquingKeysWith: +)
            }
        }
        return total
    }

    /// The self-check of a whole run: a line for each check that found nothing to read in any
    /// render (in registry order), and colour-alone's for each thing it compared none of.
    public func selfCheckFailures() -> [GateFailure] {
        guard renders > 0 else { return [] }
        let order = Dictionary(CheckRegistry.checks.enumerated().map { ($1.name, $0) }, uniquingKeysWith: min)
        let unapplied = checks.filter { $0.value == 0 }.map(\.key)
            .sorted { (order[$0] ?? order.count, $0) < (order[$1] ?? order.count, $1) }
        return CheckRegistry.selfCheckFailures(unapplied: unapplied, fixtures: renders)
            + (colourAlone.map { ColourAloneCheck.selfCheckFailures($0, fixtures: renders) } ?? [])
    }
}

/// One judged fixture (passed or failed) with its facets read from its typed identity, never from
/// splitting the key, and how long it took: the stream's unit that JUnit's testcases come from.
public struct CaseRecord: Codable, Sendable, Equatable {
    public var key: String
    public var platform: String
    public var family: String
    public var state: String?
    public var motif: String?
    public var body: String?
    public var theme: String?
    public var hostMode: String?
    /// The band table a band probe belongs to (its key names the band instead of motif/body/theme).
    public var band: String?
    public var seconds: Double

    public init(key: String, platform: String, family: String, seconds: Double) {
        self.key = key
        self.platform = platform
        self.family = family
        self.seconds = seconds
    }

    public init(_ fixture: Fixture, seconds: Double) { self.init(key: fixture.key, id: fixture.id, seconds: seconds) }

    /// Facets from the fixture's identity; a key without one (hand-made test catalogs, which have
    /// nothing typed to read) is its own area, named by its first key segment.
    public init(key: String, id: FixtureID?, seconds: Double) {
        guard let id else {
            self.init(
                key: key, platform: key.split(separator: "/").first.map(String.init) ?? key, family: "-",
                seconds: seconds)
            return
        }
        self.init(key: key, platform: id.platform.rawValue, family: id.family.name, seconds: seconds)
        state = id.state?.rawValue
        if id.band == nil {
            motif = id.motifs?.segment(any: "any-motif") ?? "no-motif"
            body = id.bodies.segment(any: "any-body")
            theme = id.theme.rawValue
        }
        hostMode = id.hostMode.rawValue
        band = id.band?.axis
    }

    /// `platform.family`: JUnit's classname, so CI test tabs group like the page does.
    public var className: String { "\(platform).\(family)" }
}

extension Verifier {
    /// Cases for failures no judged fixture owns (stale goldens, links, refused manifest entries):
    /// they are goldens, not fixtures, so they group under `goldens`.
    static func orphanCases(_ failures: [GateFailure], judged: Set<String>) -> [CaseRecord] {
        var seen = judged
        return failures.compactMap { f in
            guard seen.insert(f.key).inserted else { return nil }
            return CaseRecord(key: f.key, platform: ResultFile.orphanPlatform, family: f.kind.rawValue, seconds: 0)
        }
    }
}

extension Duration {
    /// Seconds as a Double, for reports.
    var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
