import Foundation
import WidgetRaster

/// One updating line on stderr for long runs — done / total, failures so far, rate — only when a
/// person is watching (stderr is a terminal) and not `--quiet`. Erased when the run finishes.
enum ProgressLine {
    static func make(quiet: Bool, verb: String) -> (@Sendable (GateProgress) -> Void)? {
        guard !quiet, isatty(2) != 0 else { return nil }
        let line = Drawer(verb: verb)
        return { line.draw($0) }
    }

    static func text(_ p: GateProgress, verb: String, seconds: Double) -> String {
        let rate = seconds > 0 ? Int((Double(p.done) / seconds).rounded()) : 0
        return "\(p.done)/\(p.total) \(verb) · \(p.failures) failed · \(rate)/s"
    }

    private final class Drawer: @unchecked Sendable {
        let verb: String
        let start = Date()
        var last = Date.distantPast
        let lock = NSLock()
        init(verb: String) { self.verb = verb }

        func draw(_ p: GateProgress) {
            lock.lock()
            defer { lock.unlock() }
            let now = Date()
            let finished = p.done == p.total
            guard finished || now.timeIntervalSince(last) >= 0.1 else { return }
            last = now
            let body = finished ? "" : ProgressLine.text(p, verb: verb, seconds: now.timeIntervalSince(start))
            printProgress("\r\u{1B}[K" + body)
        }
    }
}
