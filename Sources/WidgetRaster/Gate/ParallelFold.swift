import Dispatch
import WidgetScene

/// `parallelStream` for a consumer that cannot fail (the catalog's collapse): while the calling
/// thread folds one batch in, in index order, the workers already make the next, so the fold no
/// longer leaves them idle between batches (issue #56: the catalog is built before anything is
/// verified). At most two batches exist at a time; results are by index, as `parallelStream`'s.
func parallelFold<T: Sendable>(
    _ count: Int, jobs: Int, batch: Int, _ body: @escaping @Sendable (Canvas, Int) -> T,
    consume: (Int, T) -> Void
) {
    guard count > 0 else { return }
    let workers = max(1, min(jobs, count))
    let pool = CanvasPool(workers)
    let size = max(1, batch)
    /// Starts making `start..<start + size` on the workers; one batch is made at a time, so each
    /// worker's canvas is its own.
    func launch(_ start: Int) -> (done: DispatchGroup, slots: IndexedSlots<T>) {
        let end = min(count, start + size)
        let slots = IndexedSlots<T>(start..<end)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) {
            DispatchQueue.concurrentPerform(iterations: min(workers, end - start)) { w in
                let canvas = pool.canvases[w]
                while let i = slots.claim() { slots.store(i, body(canvas, i)) }
            }
        }
        return (done, slots)
    }
    var making = launch(0)
    var start = 0
    while start < count {
        making.done.wait()
        let made = making.slots
        let end = min(count, start + size)
        if end < count { making = launch(end) }
        for (offset, value) in made.values.enumerated() { consume(start + offset, value!) }
        start = end
    }
}
