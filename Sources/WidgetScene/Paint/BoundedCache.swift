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
        private let lock = NSLock()

        init(budget: Int) { self.budget = budget }

        func value(for key: Key) -> Value? {
            lock.lock(); defer { lock.unlock() }
            guard let found = entries[key] else { return nil }
            clock += 1
            entries[key]!.lastUse = clock
            return found.value
        }

        func keep(_ value: Value, cost: Int, for key: Key) {
            guard cost <= budget else { return }
            lock.lock(); defer { lock.unlock() }
            guard entries[key] == nil else { return }
            while held + cost > budget, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
                held -= oldest.value.cost
                entries[oldest.key] = nil
            }
            clock += 1
            entries[key] = (value, cost, clock)
            held += cost
        }
    }
}
