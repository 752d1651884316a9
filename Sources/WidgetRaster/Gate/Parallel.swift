import Dispatch
import Foundation
import WidgetScene

/// Maps `count` indices on `jobs` workers. Each result is stored at its own index, so the output
/// (and anything derived from it) is independent of the job count and scheduling.
func parallelMap<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Int) -> T) -> [T] {
    parallelDraw(count, jobs: jobs) { _, i in body(i) }
}

/// `parallelMap` for work that renders: each worker draws into its own reused `Canvas`.
/// Results must not hold the canvas: the worker draws over it next.
func parallelDraw<T: Sendable>(_ count: Int, jobs: Int, _ body: @Sendable (Canvas, Int) -> T) -> [T] {
    var out: [T] = []
    out.reserveCapacity(count)
    parallelStream(count, jobs: jobs, batch: count, body) { _, value in out.append(value) }
    return out
}

/// Like `parallelDraw`, but hands results to `consume` on the calling thread in index order, at
/// most `batch` of them existing at a time (default: a few per worker) — memory stays bounded
/// however large `count` is. `consume` may throw; no further batch is started after it does.
func parallelStream<T: Sendable, E: Error>(
    _ count: Int, jobs: Int, batch: Int? = nil,
    _ body: @Sendable (Canvas, Int) -> T,
    consume: (Int, T) throws(E) -> Void
) throws(E) {
    let workers = max(1, min(jobs, count))
    let pool = CanvasPool(workers)
    let size = max(1, batch ?? workers * 8)
    var start = 0
    while start < count {
        let end = min(count, start + size)
        let slots = IndexedSlots<T>(start..<end)
        DispatchQueue.concurrentPerform(iterations: min(workers, end - start)) { w in
            let canvas = pool.canvases[w]
            while let i = slots.claim() { slots.store(i, body(canvas, i)) }
        }
        for (offset, value) in slots.values.enumerated() { try consume(start + offset, value!) }
        start = end
    }
}

/// One canvas per worker; worker `w` (a `concurrentPerform` iteration) touches only `canvases[w]`.
final class CanvasPool: @unchecked Sendable {
    let canvases: [Canvas]
    init(_ n: Int) { canvases = (0..<n).map { _ in Canvas() } }
}

/// Hands out indices of a range to workers and keeps each result in its own slot.
final class IndexedSlots<T>: @unchecked Sendable {
    var values: [T?]
    private let range: Range<Int>
    private var next: Int
    private let lock = NSLock()
    init(_ range: Range<Int>) {
        self.range = range
        next = range.lowerBound
        values = Array(repeating: nil, count: range.count)
    }
    func claim() -> Int? {
        lock.lock()
        defer { lock.unlock() }
        guard next < range.upperBound else { return nil }
        next += 1
        return next - 1
    }
    func store(_ i: Int, _ v: T) {
        lock.lock()
        values[i - range.lowerBound] = v
        lock.unlock()
    }
}
