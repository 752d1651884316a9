import EvidenceCore

/// Values by key, each made the first time it is asked for (outside the lock: two workers may both
/// make it, to the same value), behind a lock of its own — many readers, one writer. A full cache
/// (`limit` entries) is emptied and starts again: memory stays bounded, and a long run (a sweep, a
/// test process) still remembers its working set. One per kind of value, so a lookup is a plain
/// dictionary read: reaching one dictionary of several through a key path cost a third of the
/// lookup (issue #56).
final class RememberedValues<Key: Hashable, Value>: @unchecked Sendable {  // guarded by `lock`
    private let lock = ReadWriteLock()
    private var values: [Key: Value] = [:]
    private let limit: Int

    init(limit: Int) { self.limit = limit }

    func value(_ key: Key, _ make: () -> Value) -> Value {
        if let found = lock.reading({ values[key] }) { return found }
        let made = make()
        lock.writing {
            if values.count >= limit { values.removeAll(keepingCapacity: true) }
            values[key] = made
        }
        return made
    }
}
