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

    /// One golden fixture as coverage counts it: its facts as far as they are known without
    /// planning. An Android `auto` request the Large plan's habit capacity decides is Medium or
    /// Large until planned (`undecided`; its facts say Medium); `decided` plans it.
    struct Counted: Sendable {
        var key: String
        var facts: RenderFacts
        var undecided: Bool
        /// Index into `matrix` (for `decided`).
        var index: Int
    }

    /// Every golden fixture in catalog order, from the first matrix item it stands for (what
    /// `FixtureCatalog.fixture(key:)` draws), resolved but not planned, once per process. Planning
    /// every widget here was most of a one-fixture verify's time in a debug build: each test that
    /// runs the CLI paid it.
    static let matrix: [Counted] = {
        let targets = FixtureCatalog.targets
        let firsts = FixtureCatalog.firstItems
        let made = parallelMap(firsts.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { i in
            WidgetRenderer.factsWithoutPlanning(targets[firsts[i]].target())
        }
        return made.indices.map { i in
            Counted(key: FixtureCatalog.allKeys[i], facts: made[i].facts, undecided: !made[i].decided, index: i)
        }
    }()

    /// `matrix` by platform.
    static let matrixByPlatform = Dictionary(grouping: matrix, by: \.facts.platform)

    /// The undecided fixtures' facts as their plans decide them (resolveSize with the Large plan's
    /// capacity), by `Counted.index`: planned once per process, only when an entry's conditions
    /// tell Medium from Large for one of them.
    static let decided: Result<[Int: RenderFacts], InputError> = FixtureCatalog.builders.map { builders in
        let undecided = matrix.filter(\.undecided)
        let targets = FixtureCatalog.targets
        let planned = parallelMap(undecided.count, jobs: ProcessInfo.processInfo.activeProcessorCount) { i in
            WidgetRenderer.facts(targets[FixtureCatalog.firstItems[undecided[i].index]].target(), android: builders.0)
        }
        return Dictionary(uniqueKeysWithValues: zip(undecided.map(\.index), planned))
    }

    /// What share of each platform's fixtures `conditions` and the `fixture` glob admit: one row per
    /// platform the conditions can match, in `Platform` order.
    public static func shares(_ conditions: KnownConditions, fixture: String = "*") throws(InputError) -> [Share] {
        try tallies(conditions, fixture: fixture).map { t throws(InputError) in try t.exact(conditions) }
    }

    /// The fixtures of one platform some conditions and a glob admit, as far as their facts are
    /// known without planning: those they match, and the undecided ones they match only as Medium
    /// or only as Large (the rest match as both or as neither, whichever their plan draws).
    struct Tally {
        var platform: Platform
        var matched: Int
        var undecided: [Counted]
        var total: Int

        /// The share if every undecided fixture matched.
        var atMost: Share { Share(platform: platform, matched: matched + undecided.count, total: total) }

        /// The share with the undecided fixtures planned.
        func exact(_ conditions: KnownConditions) throws(InputError) -> Share {
            let decided = try KnownCoverage.decided.get()
            let planned = undecided.count { conditions.matches(decided[$0.index]!) }
            return Share(platform: platform, matched: matched + planned, total: total)
        }
    }

    /// One `Tally` per platform the conditions can match, in `Platform` order.
    static func tallies(_ conditions: KnownConditions, fixture: String) -> [Tally] {
        // Every gate command checks every entry at load: no glob to match when it is "*" (most are).
        let glob = fixture == "*" ? nil : Glob.Compiled(fixture)
        return conditions.platforms.map { p in
            let mine = matrixByPlatform[p] ?? []
            var t = Tally(platform: p, matched: 0, undecided: [], total: mine.count)
            for f in mine where glob?.matches(f.key) ?? true {
                let asCounted = conditions.matches(f.facts)
                if f.undecided {
                    var asLarge = f.facts
                    asLarge.family = .android(.large)
                    if conditions.matches(asLarge) != asCounted {
                        t.undecided.append(f)
                        continue
                    }
                }
                if asCounted { t.matched += 1 }
            }
            return t
        }
    }

    /// Why an entry admits too much of a platform, or nil. Checked after `wholePlatformProblem`.
    static func problem(_ conditions: KnownConditions, fixture: String, everyElement: Bool) throws(InputError)
        -> String?
    {
        let bound = bound(everyElement: everyElement)
        let tallies = tallies(conditions, fixture: fixture)
        // Plan nothing where every undecided fixture counted as matched still stays within the bound.
        if tallies.allSatisfy({ $0.atMost.fraction <= bound }) { return nil }
        var over: Share?
        for t in tallies where over == nil {
            let share = try t.exact(conditions)
            if share.fraction > bound { over = share }
        }
        guard let over else { return nil }
        let what = everyElement ? "with node \"*\" an entry may match" : "an entry naming its element may match"
        return
            "would match \(over.matched) of the golden matrix's \(over.total) \(over.platform.rawValue) fixtures "
            + "(\(over.percent) %); \(what) at most "
            + "\(Int((bound * 100).rounded())) % of a platform (KnownCoverage): name the family, state, size or font "
            + "scale its seed passage names"
    }
}
