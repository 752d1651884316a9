import Foundation

/// Where a long run is: fixtures done of total, and how many failed so far.
public struct GateProgress: Sendable, Equatable {
    public var done: Int
    public var total: Int
    public var failures: Int
}

/// Counts finished fixtures across workers; each step returns the progress after it.
final class ProgressTally: @unchecked Sendable {
    private var done = 0, failures = 0
    private let total: Int
    private let lock = NSLock()
    init(total: Int) { self.total = total }
    func step(failed: Bool) -> GateProgress {
        lock.lock()
        defer { lock.unlock() }
        done += 1
        if failed { failures += 1 }
        return GateProgress(done: done, total: total, failures: failures)
    }
}
