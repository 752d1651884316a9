#if canImport(Glibc)
    import Glibc
#endif

/// Many readers at once, one writer alone (pthread's rwlock). For caches looked up by every worker
/// on every line of text and written only on a miss: a plain mutex made the two workers queue
/// for each lookup, blocked a third of a second per run of `verify`.
package final class ReadWriteLock: @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    package init() {
        lock = .allocate(capacity: 1)
        guard pthread_rwlock_init(lock, nil) == 0 else { fatalError("pthread_rwlock_init failed") }
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    package func reading<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_rdlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }

    package func writing<T>(_ body: () throws -> T) rethrows -> T {
        pthread_rwlock_wrlock(lock)
        defer { pthread_rwlock_unlock(lock) }
        return try body()
    }
}
