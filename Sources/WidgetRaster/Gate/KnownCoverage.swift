import EvidenceCore
import Foundation
import WidgetModel
import WidgetScene

/// How much of each platform's golden matrix a known finding admits (issue #55: "a known finding
/// cannot match a whole platform"). Refusing lists that hold every value (`wholePlatformProblem`)
/// let a node-`*` entry naming every state but one, or every family but one, accept most of a
/// platform all the same. The bound here is the share of one platform's golden fixtures the entry's
/// conditions and fixture glob would match, counted over the real matrix — each fixture's facts
/// (family drawn, state, branch, motif, size, type scale, coach line) planned as its render plans
/// them — so every spelling of "nearly everything" is caught alike.
public enum KnownCoverage {
    /// The most of one platform's fixtures an entry of any element (`node: "*"`) may match. Such an
    /// entry accepts every finding of its kind on every element of those renders, so it must be as
    /// narrow as a condition a seed passage names — one state on one family, a size or type band
    /// (Small's caption band, fontScale 1.15–2.0 at 110–199 dp, is 6.7 % of Android's fixtures);
    /// every state but one, or every family but one, is more than half (`KnownCoverageTests`).
    public static let anyElementShare = 0.10
    /// The most an entry naming its element may match. Naming the element narrows it (a passage may
    /// name one view on every family: "every single-line TextView … gets maxLines=1"), so its
    /// conditions may be a whole family or one state everywhere — today's broadest, Android
    /// Medium's habit titles, are 46 % — but not more than half of a platform: past that, the
    /// entry is the platform less an exception, not a condition its passage names.
    public static let namedElementShare = 0.50

    /// The matches of one entry among one platform's golden fixtures.
    public struct Share: Sendable, Equatable, CustomStringConvertible {
        public var platform: Platform
        public var matched: Int
        public var total: Int
        public var fraction: Double { total == 0 ? 0 : Double(matched) / Double(total) }
        /// `android 213 of 1010 (21.1 %)`.
        public var description: String { "\(platform.rawValue) \(matched) of \(total) (\(percent) %)" }
        /// `21.1`.
        public var percent: String { String(format: "%.1f", fraction * 100) }
    }

    /// The bound for an entry of every element, or of one.
    public static func bound(everyElement: Bool) -> Double { everyElement ? anyElementShare : namedElementShare }

    /// Every golden fixture's key and facts, in catalog order: the first matrix item each fixture
    /// stands for (what `FixtureCatalog.fixture(key:)` draws), planned but not drawn, once per process.
    static let matrix: Result<[(key: String, facts: RenderFacts)], InputError> = FixtureCatalog.builders.map {
        builders in
        var seen = Set<String>()
        let firsts = FixtureCatalog.targets.compactMap { t -> (String, Deferred<RenderTarget>)? in
            let key = t.id.collapsed.key
            return seen.insert(key).inserted ? (key, t.target) : nil
        }
        let facts = parallelMap(firsts.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { i in
            WidgetRenderer.facts(firsts[i].1(), android: builders.0)
        }
        return zip(firsts, facts).map { ($0.0, $1) }
    }

    /// `matrix` by platform.
    static let matrixByPlatform = matrix.map { Dictionary(grouping: $0, by: \.facts.platform) }

    /// What share of each platform's fixtures `conditions` and the `fixture` glob admit: one row per
    /// platform the conditions can match, in `Platform` order.
    public static func shares(_ conditions: KnownConditions, fixture: String = "*") throws(InputError) -> [Share] {
        let all = try matrixByPlatform.get()
        // Every gate command checks every entry at load: no glob to match when it is "*" (most are).
        let anyFixture = fixture == "*"
        return conditions.platforms.map { p in
            let mine = all[p] ?? []
            var matched = 0
            for f in mine where conditions.matches(f.facts) && (anyFixture || Glob.matches(fixture, f.key)) {
                matched += 1
            }
            return Share(platform: p, matched: matched, total: mine.count)
        }
    }

    /// Why an entry admits too much of a platform, or nil. Checked after `wholePlatformProblem`.
    static func problem(_ conditions: KnownConditions, fixture: String, everyElement: Bool) throws(InputError)
        -> String?
    {
        let bound = bound(everyElement: everyElement)
        guard let over = try shares(conditions, fixture: fixture).first(where: { $0.fraction > bound }) else {
            return nil
        }
        let what = everyElement ? "with node \"*\" an entry may match" : "an entry naming its element may match"
        return
            "would match \(over.matched) of the golden matrix's \(over.total) \(over.platform.rawValue) fixtures "
            + "(\(over.percent) %); \(what) at most "
            + "\(Int((bound * 100).rounded())) % of a platform (KnownCoverage): name the family, state, size or font "
            + "scale its seed passage names"
    }
}
