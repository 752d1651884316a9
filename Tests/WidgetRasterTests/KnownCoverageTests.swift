import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// A known finding may not match (nearly) a whole platform (issue #55): its share of one platform's
/// golden fixtures, counted over the real matrix, is bounded (`KnownCoverage`). Before the bound, a
/// node-`*` entry naming every state but one, or every family but one, loaded.
@Suite struct KnownCoverageTests {
    static func file(_ conditions: String, node: String = "*", fixture: String? = nil) -> [UInt8] {
        let glob = fixture.map { #", "fixture": ""# + $0 + #"""# } ?? ""
        return Array(
            (#"{"findings": [{"class": "known", "kind": "truncated", "seed": "s", "node": ""# + node
                + #"", "conditions": "#
                + conditions + glob + "}]}").utf8)
    }
    static func refusal(_ conditions: String, node: String = "*", fixture: String? = nil) -> String? {
        do {
            _ = try KnownFindings.parse(file(conditions, node: node, fixture: fixture), name: "k.json")
            return nil
        } catch { return error.description }
    }
    static func shares(_ conditions: String) throws -> [KnownCoverage.Share] {
        try KnownCoverage.shares(try KnownConditions.parse(try JSONValue.parse(Array(conditions.utf8)), at: "c"))
    }
    static func json(_ words: [String]) -> String { "[" + words.map { "\"\($0)\"" }.joined(separator: ", ") + "]" }

    /// Every state but one, every family but one, every motif but one: each admits most of its
    /// platform and was accepted (only lists holding every value were refused).
    @Test(arguments: Array(WidgetState.allCases.map(\.rawValue)))
    func everyStateButOneIsRefused(left out: String) throws {
        let states = WidgetState.allCases.map(\.rawValue).filter { $0 != out }
        for p in Platform.allCases {
            let c = #"{"platform": ""# + p.rawValue + #"", "state": "# + Self.json(states) + "}"
            let e = try #require(Self.refusal(c), "\(p) without \(out) loaded")
            // More than half of the platform (what the docs say of "every state but one").
            let shares = try Self.shares(c)
            expectTrue(shares.allSatisfy { $0.fraction > 0.5 }, "\(p) without \(out): \(shares)")
            expectTrue(
                e.contains("k.json: findings[0].conditions: would match ") && e.contains("\(p.rawValue) fixtures (")
                    && e.contains("at most 10 % of a platform"), "\(e)")
        }
    }

    @Test func everyFamilyButOneIsRefused() throws {
        let android = AndroidFamily.allCases.map(\.rawValue)
        let ios = IOSFamily.allCases.map(\.rawValue)
        for (platform, families) in [("android", android), ("ios", ios)] {
            for out in families {
                let c =
                    #"{"platform": ""# + platform + #"", "family": "# + Self.json(families.filter { $0 != out }) + "}"
                let e = Self.refusal(c)
                expectTrue(
                    e?.contains("at most 10 % of a platform") == true, "\(platform) without \(out): \(e ?? "loaded")")
                let shares = try Self.shares(c)
                expectTrue(shares.allSatisfy { $0.fraction > 0.5 }, "\(platform) without \(out): \(shares)")
            }
        }
        // Every motif but one, with no platform: both platforms' shares are counted.
        let motifs = StreakMotif.allCases.map(\.rawValue).dropFirst()
        expectTrue(Self.refusal(#"{"motif": "# + Self.json(Array(motifs)) + "}")?.contains("android fixtures") == true)
    }

    /// Near the bound, from the matrix itself: among entries of one family and one state, the
    /// broadest at or below a tenth loads and the narrowest above it is refused, with its count.
    @Test func theBoundIsTheShareOfThePlatform() throws {
        var below: (String, KnownCoverage.Share)?
        var above: (String, KnownCoverage.Share)?
        for f in AndroidFamily.allCases {
            for s in WidgetState.allCases {
                let c =
                    #"{"platform": "android", "family": [""# + f.rawValue + #""], "state": [""# + s.rawValue + #""]}"#
                let share = try #require(try Self.shares(c).first)
                if share.fraction <= KnownCoverage.anyElementShare, share.matched > (below?.1.matched ?? 0) {
                    below = (c, share)
                }
                if share.fraction > KnownCoverage.anyElementShare, share.matched < (above?.1.matched ?? .max) {
                    above = (c, share)
                }
            }
        }
        let loads = try #require(below)
        let refused = try #require(above)
        expectTrue(Self.refusal(loads.0) == nil, "\(loads)")
        expectTrue(
            Self.refusal(refused.0)?.contains(
                "would match \(refused.1.matched) of the golden matrix's \(refused.1.total) android fixtures "
                    + "(\(refused.1.percent) %)"
            ) == true, "\(refused)")
        // Named, the same family-wide entry loads: its element narrows it, up to half.
        expectTrue(Self.refusal(refused.0, node: "caption") == nil)
        // A fixture glob narrows too: the refused conditions, limited to one key they match.
        let conditions = try KnownConditions.parse(try JSONValue.parse(Array(refused.0.utf8)), at: "c")
        let key = try #require(KnownCoverage.matrix.first { !$0.undecided && conditions.matches($0.facts) }?.key)
        expectTrue(Self.refusal(refused.0, fixture: key) == nil)
    }

    /// An entry naming its element may match at most half of a platform: every state but one on
    /// every family is more.
    @Test func aNamedElementIsBoundedAtHalf() throws {
        let states = WidgetState.allCases.map(\.rawValue).dropFirst()
        let e = Self.refusal(#"{"platform": "android", "state": "# + Self.json(Array(states)) + "}", node: "caption")
        expectTrue(
            e?.contains("an entry naming its element may match at most 50 % of a platform") == true, "\(e ?? "loaded")")
        expectTrue(
            Self.refusal(
                #"{"platform": "ios", "family": ["systemSmall", "systemMedium", "systemLarge"]}"#, node: "caption")
                != nil)
    }

    /// The counted facts are the drawn ones: those known without planning (every family but an
    /// `auto` request the Large plan's capacity decides), and the undecided ones as planned. Every
    /// undecided fixture, every one that asks `auto` (Large's placement and ladder) and every
    /// seventh other, drawn.
    @Test func theCountedFactsAreTheDrawnOnes() throws {
        let fonts = try FontLibrary.bundled.get()
        let matrix = KnownCoverage.matrix
        let decided = try KnownCoverage.decided.get()
        expectTrue(matrix.count == FixtureCatalog.ids.count)
        expectTrue(matrix.contains(where: \.undecided) && decided.count == matrix.count(where: \.undecided))
        for (i, m) in matrix.enumerated()
        where i % 7 == 0 || m.undecided || m.key.hasPrefix("android/large/") || m.key.hasPrefix("android/bands/large/")
        {
            let drawn = try #require(try FixtureCatalog.fixture(key: m.key)).draw(fonts).facts
            let counted = m.undecided ? try #require(decided[m.index]) : m.facts
            expectTrue(drawn == counted, "\(m.key)")
            if m.undecided { expectTrue([.android(.medium), .android(.large)].contains(drawn?.family), "\(m.key)") }
        }
    }

    /// Each entry costs a pass over the matrix at every load, so the file is bounded: 1,001 entries
    /// are refused before any is checked, and a file over 1 MB before it is parsed; the cap itself loads.
    @Test func aFileOfTooManyEntriesIsRefusedBeforeAnyIsChecked() throws {
        let entry =
            #"{"class": "known", "kind": "truncated", "seed": "s", "node": "caption", "#
            + #""conditions": {"platform": "android", "family": ["small"], "state": ["empty"]}}"#
        func file(_ n: Int) -> [UInt8] {
            Array((#"{"findings": ["# + Array(repeating: entry, count: n).joined(separator: ",") + "]}").utf8)
        }
        expectTrue(try KnownFindings.parse(file(KnownFindings.maxEntries), name: "k.json").entries.count == 1000)
        let tooMany = Self.message { _ = try KnownFindings.parse(file(KnownFindings.maxEntries + 1), name: "k.json") }
        expectTrue(tooMany == "k.json: 1001 findings; at most 1000 (each names a seed passage's condition)")
        let big = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-kf-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: big) }
        try Data(count: KnownFindings.maxFileBytes + 1).write(to: big)
        let tooBig = Self.message { _ = try KnownFindings.load(from: big) }
        expectTrue(
            tooBig?.hasPrefix(big.path) == true && tooBig?.contains("is larger than 1 MB") == true,
            "\(tooBig ?? "loaded")")
    }

    /// An entry's fixture glob is matched against every key at load: as long as a golden's path
    /// may be, and no longer.
    @Test func aFixtureGlobIsAtMostAGoldensPath() {
        let glob = String(repeating: "*a", count: GoldensBounds.maxPathBytes / 2)
        expectTrue(
            Self.refusal(#"{"platform": "android", "family": ["small"]}"#, node: "caption", fixture: glob) == nil)
        expectTrue(
            Self.refusal(#"{"platform": "android", "family": ["small"]}"#, node: "caption", fixture: glob + "*")
                == "k.json: findings[0].fixture: 1025 bytes; a glob over keys is at most 1024")
    }

    static func message(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch { return "\(error)" }
    }

    /// Planning nothing where the undecided fixtures cannot tip an entry over its bound gives the
    /// verdict the planned shares give: for every committed entry, and every Android family alone
    /// and with each state, with node `*` and named.
    @Test func theUnplannedShortcutGivesThePlannedVerdict() throws {
        var cases = try KnownFindings.load(from: PackagePaths.knownFindings).entries.map { ($0.conditions, $0.fixture) }
        for family in AndroidFamily.allCases.map(\.rawValue) {
            cases.append((KnownConditions(platform: .android, family: [family]), "*"))
            for state in WidgetState.allCases {
                cases.append((KnownConditions(platform: .android, family: [family], state: [state]), "*"))
            }
        }
        var refusedBoth = 0
        for (conditions, glob) in cases {
            for everyElement in [true, false] {
                let bound = KnownCoverage.bound(everyElement: everyElement)
                let within = try KnownCoverage.shares(conditions, fixture: glob).allSatisfy { $0.fraction <= bound }
                let problem = try KnownCoverage.problem(conditions, fixture: glob, everyElement: everyElement)
                expectTrue((problem == nil) == within, "\(conditions.summary) every element \(everyElement)")
                if problem != nil, !within { refusedBoth += 1 }
            }
        }
        expectTrue(refusedBoth > 0, "the sweep refuses some conditions")
    }

    /// The committed entries all load, and the share each matches is the one the known-findings
    /// docs list (docs/reference/failure-kinds.md), so the table cannot go stale.
    @Test func theDocsListEveryEntrysCoverage() throws {
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        expectTrue(!known.entries.isEmpty)
        var rows: [String] = []
        for (i, e) in known.entries.enumerated() {
            let shares = try KnownCoverage.shares(e.conditions, fixture: e.fixture)
            let cells = Platform.allCases.map { p in
                shares.first { $0.platform == p }.map { "\($0.matched) of \($0.total)" } ?? "—"
            }
            let widest = shares.map(\.fraction).max() ?? 0
            expectTrue(widest <= KnownCoverage.bound(everyElement: e.node == "*"))
            let conditions = e.conditions.summary.replacingOccurrences(of: "|", with: "\\|")
            rows.append(
                "| \(i) | \(e.findingClass.rawValue) | `\(e.kind.rawValue)` | `\(e.node)` | \(conditions) | "
                    + cells.joined(separator: " | ") + " | \(String(format: "%.1f", widest * 100)) % |")
        }
        let doc = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("docs/reference/failure-kinds.md"), encoding: .utf8)
        let listed = doc.split(separator: "\n").map(String.init).filter {
            $0.range(of: #"^\| [0-9]+ \| (known|spec-gap) \|"#, options: .regularExpression) != nil
        }
        expectTrue(listed == rows, "failure-kinds.md's coverage table should read:\n\(rows.joined(separator: "\n"))")
    }
}
