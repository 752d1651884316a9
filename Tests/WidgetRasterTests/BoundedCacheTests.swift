import Testing
import WidgetScene

@testable import WidgetRaster

/// The painter's caches drop the least recently used value first, and only as many as the budget
/// needs — also after so many uses that the record of uses has been rebuilt.
@Suite struct BoundedCacheTests {
    final class Box {
        let n: Int
        init(_ n: Int) { self.n = n }
    }

    static func held(_ cache: BoundedCache<Int, Box>, _ keys: ClosedRange<Int>) -> [Int] {
        keys.filter { cache.value(for: $0) != nil }
    }

    @Test func theLeastRecentlyUsedGoesFirstAndOnlyAsManyAsNeeded() {
        let cache = BoundedCache<Int, Box>(budget: 3, shards: 1)
        for k in 1...3 { cache.keep(Box(k), cost: 1, for: k) }
        expectTrue(cache.value(for: 1)?.n == 1)  // 2 is now the least recently used
        cache.keep(Box(4), cost: 1, for: 4)
        expectTrue(cache.value(for: 2) == nil)
        expectTrue(cache.value(for: 3)?.n == 3 && cache.value(for: 1)?.n == 1 && cache.value(for: 4)?.n == 4)
        // A value costing two drops the two least recently used (3, then 1), not the newest.
        cache.keep(Box(5), cost: 2, for: 5)
        expectTrue(Self.held(cache, 1...5) == [4, 5])
    }

    @Test func aValueAboveTheBudgetIsNeverKeptAndDropsNothing() {
        let cache = BoundedCache<Int, Box>(budget: 3, shards: 1)
        cache.keep(Box(1), cost: 1, for: 1)
        cache.keep(Box(2), cost: 4, for: 2)
        expectTrue(Self.held(cache, 1...2) == [1])
    }

    @Test func orderSurvivesThousandsOfUses() {
        let cache = BoundedCache<Int, Box>(budget: 4, shards: 1)
        for k in 1...4 { cache.keep(Box(k), cost: 1, for: k) }
        // 5,000 lookups (the record of uses is rebuilt several times), ending with 3, 1, 4, 2.
        for i in 0..<5_000 { _ = cache.value(for: [3, 1, 4, 2][i % 4]) }
        cache.keep(Box(5), cost: 1, for: 5)
        expectTrue(cache.value(for: 3) == nil)
        cache.keep(Box(6), cost: 1, for: 6)
        expectTrue(cache.value(for: 1) == nil)
        expectTrue(Self.held(cache, 1...6) == [2, 4, 5, 6])
    }
}
