import Dispatch
import Foundation

/// Maps `count` indices on `jobs` workers. Each result is stored at its own index, so the output
/// (and anything derived from it) is independent of the job count and scheduling.
func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
    let slots = IndexedSlots<T>(count)
    let workers = max(1, min(jobs, count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
        while let i = slots.claim() { slots.store(i, body(i)) }
    }
    return slots.values.map { $0! }
}

/// Hands out indices to workers and keeps each result in its own slot.
private final class IndexedSlots<T>: @unchecked Sendable {
    var values: [T?]
    private var next = 0
    private let lock = NSLock()
    init(_ n: Int) { values = Array(repeating: nil, count: n) }
    func claim() -> Int? {
        lock.lock(); defer { lock.unlock() }
        guard next < values.count else { return nil }
        next += 1
        return next - 1
    }
    func store(_ i: Int, _ v: T) { lock.lock(); values[i] = v; lock.unlock() }
}
