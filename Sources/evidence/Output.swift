import EvidenceCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// The CLI's one output path: everything for standard output (`print` in this module, `emit`,
// `printJSON`) goes through `StandardOutput`, diagnostics through `printError`, both by write(2).
// SIGPIPE is ignored, so a closed pipe, a full disk or a closed descriptor is an errno the writer
// keeps; `finishOutput` ends a closed pipe quietly (the reader had what it wanted) and turns any
// other lost write into one line and exit 2 — never a trap, never a silent exit 0 with output lost.

/// Buffered writes to descriptor 1; the first failure is kept and later output dropped.
final class StandardOutput: @unchecked Sendable {
    static let shared = StandardOutput()
    private var buffer: [UInt8] = []
    private(set) var failure: Int32 = 0
    private let lock = NSLock()

    func write(_ s: String) {
        lock.lock()
        defer { lock.unlock() }
        guard failure == 0 else { return }
        buffer.append(contentsOf: s.utf8)
        if buffer.count >= 1 << 16 { flushLocked() }
    }

    /// Writes what is buffered; returns the first errno seen (0 = everything written).
    func flush() -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        flushLocked()
        return failure
    }

    private func flushLocked() {
        if failure == 0 { failure = buffer.withUnsafeBytes { writeAll(1, $0) } }
        buffer.removeAll(keepingCapacity: true)
    }
}

/// This module's `print` goes through the one writer (it shadows the standard library's).
func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
    StandardOutput.shared.write(items.map { "\($0)" }.joined(separator: separator) + terminator)
}

/// Writes `s` and a newline to standard output.
func emit(_ s: String) { StandardOutput.shared.write(s + "\n") }

/// Writes to standard error (diagnostics, progress) without touching stdout (results, JSON).
/// A closed or failing stderr is ignored: the exit code still says what happened.
/// Each line is at most `maxErrorLineBytes` (the command's name before an error's own capped line
/// could push it over).
func printError(_ s: String) {
    _ = Array((cappedEcho(s, maxErrorLineBytes) + "\n").utf8).withUnsafeBytes { writeAll(2, $0) }
}

/// Progress text on stderr with no newline (a `\r` line that redraws).
func printProgress(_ s: String) { _ = Array(s.utf8).withUnsafeBytes { writeAll(2, $0) } }

/// JSON for `--json` output: sorted keys so output is stable across runs.
func printJSON<T: Encodable>(_ value: T) throws { StandardOutput.shared.write(try resultJSON(value)) }

/// The text `printJSON` writes (and `verify --html` writes as DIR/result.json), newline-ended.
func resultJSON<T: Encodable>(_ value: T) throws -> String {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    return String(decoding: try enc.encode(value), as: UTF8.self) + "\n"
}

/// Before anything runs: SIGPIPE ignored (EPIPE is an errno `finishOutput` judges), and descriptors 0–2 held
/// open — a closed one is replaced by a read-only /dev/null, so writes to it fail with EBADF
/// instead of landing in whatever file the process opens next (a lock, a golden).
func prepareStandardStreams() {
    signal(SIGPIPE, SIG_IGN)
    for fd: Int32 in 0...2 where fcntl(fd, F_GETFD) == -1 && errno == EBADF {
        let null = open("/dev/null", O_RDONLY)
        if null >= 0, null != fd {
            dup2(null, fd)
            close(null)
        }
    }
}

/// The fewest open files a command may start with: the fonts (FreeType keeps each face's file
/// open: 13), Dispatch's event descriptors, the goldens folder and lock, each worker's golden and
/// the output's temp file. Below it Dispatch traps before any command runs (issue #24: `ulimit -n 4`)
/// or a golden read fails half-way; so it is refused up front, naming the limit.
let minimumOpenFiles = 32

/// Exit 2 with one line when the process cannot open enough files to run (checked before
/// Dispatch starts); a limit hit later is reported where it happens (`resourceError`).
func checkOpenFileHeadroom() {
    var limit = rlimit()
    if getrlimit(__rlimit_resource_t(RLIMIT_NOFILE.rawValue), &limit) == 0, limit.rlim_cur < rlim_t(minimumOpenFiles) {
        printError(
            "evidence: the open-file limit is \(limit.rlim_cur) (ulimit -n); evidence needs at least "
                + "\(minimumOpenFiles) — raise it (ulimit -n 1024) and run again"
        )
        exit(2)
    }
    let probe = open("/dev/null", O_RDONLY | O_CLOEXEC)
    guard probe >= 0 else {
        printError(
            "evidence: "
                + (resourceError(errno, "/dev/null", "starting")?.description
                    ?? "cannot open /dev/null (\(String(cString: strerror(errno))))"))
        exit(2)
    }
    close(probe)
}

nonisolated(unsafe) private var interruptSources: [DispatchSourceSignal] = []

/// SIGINT / SIGTERM / SIGHUP remove this process's temp files, then exit 130 / 143 / 129 (a closed
/// terminal or ssh session sends SIGHUP: it left `.X.png.tmp-PID` files in the goldens). A SIGHUP
/// already ignored (`nohup evidence record`) stays ignored. SIGXFSZ (a write past `ulimit -f`) is
/// ignored, so the write fails with EFBIG and its error path removes the temp file and ends with
/// exit 2 and one line — instead of the signal killing the run mid-write (exit 153).
func installInterruptCleanup() {
    signal(SIGXFSZ, SIG_IGN)
    for (sig, code) in [(SIGINT, Int32(130)), (SIGTERM, Int32(143)), (SIGHUP, Int32(129))] {
        let before = signal(sig, SIG_IGN)
        if sig == SIGHUP, unsafeBitCast(before, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self) { continue }
        let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
        source.setEventHandler { TempFiles.removeAllAndExit(code) }
        source.resume()
        interruptSources.append(source)
    }
}

/// Flushes standard output. A reader that stopped early (EPIPE: `evidence list | head -1`) took
/// all it wanted, so the command ends quietly with the code it would have had (issue #32: a pipe
/// that closed failed every `set -o pipefail` step). Any other lost write (a full disk, a closed
/// descriptor) lost output the user asked for: one line on stderr and exit 2, whatever the checks found.
func finishOutput(_ code: Int32, command: String) -> Int32 {
    let err = StandardOutput.shared.flush()
    return outputVerdict(code, writeError: err) { printError("evidence \(command): standard output: \($0)") }
}

/// The exit code once standard output's first write error (`errno`, 0 for none) is known; `say` gets the line to print.
func outputVerdict(_ code: Int32, writeError err: Int32, say: (String) -> Void) -> Int32 {
    if err == 0 || err == EPIPE { return code }
    say("write failed (\(String(cString: strerror(err)))); the output is incomplete")
    return 2
}
