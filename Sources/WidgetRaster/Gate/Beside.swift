import EvidenceCore
import Foundation

/// Work that reads nothing the renders make (a walk of the goldens folder), started on its own
/// thread so it runs beside them instead of after them; `value()` waits for it. A caller that may
/// leave early defers `wait()`, so nothing outlives the run.
final class Beside<T: Sendable>: @unchecked Sendable {  // `result` is written once, before `done` signals
    private var result: Result<T, InputError>?
    private let done = DispatchSemaphore(value: 0)

    init(_ work: @escaping @Sendable () throws(InputError) -> T) {
        let thread = Thread { [self] in
            result = Result { () throws(InputError) in try work() }
            done.signal()
        }
        thread.start()
    }

    func wait() {
        done.wait()
        done.signal()  // a later wait finds it done too
    }

    func value() throws(InputError) -> T {
        wait()
        return try result!.get()
    }
}
