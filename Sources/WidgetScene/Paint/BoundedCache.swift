import Foundation

/// Values by key, least recently used dropped first once `budget` (in the caller's unit of cost,
/// bytes here) is held; a value costing more than a shard's budget is never kept. Shared by a
/// painter's workers, who look something up for every node they draw: the keys are spread over
/// shards, each with its own lock and its share of the budget, so workers seldom wait for each other.
package final class BoundedCache<Key: Hashable, Value: AnyObject>: @unchecked Sendable {
    private let shards: [Shard]

    package init(budget: Int, shards count: Int = 16) {
        shards = (0..<count).map { _ in Shard(budget: budget / count) }
    }

    private func shard(_ key: Key) -> Shard { shards[Int(UInt(bitPattern: key.hashValue) % UInt(shards.count))] }

    package func value(for key: Key) -> Value? { shard(key).value(for: key) }

    package func keep(_ value: Value, cost: Int, for key: Key) { shard(key).keep(value, cost: cost, for: key) }

    private final class Shard: @unchecked Sendable {
        private let budget: Int
        private var entries: [Key: (value: Value, cost: Int, lastUse: Int)] = [:]
        private var held = 0
        private var clock = 0
        /// Every use in order, oldest first from `head`; a use is current while its entry's
        /// `lastUse` is still that tick. Eviction pops from the front — no scan of every entry
        /// for each value kept once the shard is full.
        private var uses: [(key: Key, tick: Int)] = []
        private var head = 0
        private let lock = NSLock()

        init(budget: Int) { self.budget = budget }

        func value(for key: Key) -> Value? {
            lock.lock()
            defer { lock.unlock() }
            guard let found = entries[key] else { return nil }
            entries[key]!.lastUse = touch(key)
            return found.value
        }

        func keep(_ value: Value, cost: Int, for key: Key) {
            guard cost <= budget else { return }
            lock.lock()
            defer { lock.unlock() }
            guard entries[key] == nil else { return }
            while held + cost > budget, head < uses.count {
                let oldest = uses[head]
                head += 1
                guard let entry = entries[oldest.key], entry.lastUse == oldest.tick else { continue }  // used since
                held -= entry.cost
                entries[oldest.key] = nil
            }
            entries[key] = (value, cost, touch(key))
            held += cost
        }

        /// The next tick, recorded as `key`'s latest use; the record of uses is rebuilt from the
        /// entries once most of it is spent or stale, so it stays within a few times their count.
        private func touch(_ key: Key) -> Int {
            clock += 1
            uses.append((key, clock))
            if uses.count > 4 * entries.count + 1_024 {
                uses = entries.map { ($0.key, $0.value.lastUse) }.sorted { $0.tick < $1.tick } + [(key, clock)]
                head = 0
            }
            return clock
        }
    }
}
