import Foundation
import WidgetRaster

/// What every harness asserts about a refusal: the error the CLI would print is one line and
/// bounded (issue #24 "error lines cap what they echo"). A violation traps, so libFuzzer keeps
/// the input as a crash.
public func checkRefusal(_ error: InputError) {
    let line = error.description
    if line.contains("\n") || line.contains("\r") { fatalError("error is not one line: \(line.prefix(200))") }
    if line.utf8.count > maxErrorLineBytes { fatalError("error line is \(line.utf8.count) bytes, over the \(maxErrorLineBytes)-byte cap") }
}

/// The input's bytes as an array (libFuzzer may pass a null pointer for an empty input).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// One private folder per fuzzing process for harnesses whose entry point reads files: the
/// project's `PrivateFolder` (`$TMPDIR/evidence-fuzz-<pid>-XXXXXX`, mode 0700). Removed at a
/// normal exit; libFuzzer ends a crash, a timeout, an out-of-memory, a leak report and Ctrl-C with
/// `_Exit`, which skips that — the folder then names a dead process, and the next harness to start
/// sweeps it (`PrivateFolder.make`). scripts/fuzz.sh also gives each target a TMPDIR of its own and
/// removes it after the target.
public let scratch: URL = {
    do throws(InputError) {
        let folder = try PrivateFolder.make("evidence-fuzz")
        scratchForCleanup = folder
        atexit { scratchForCleanup?.remove() }
        return folder.url
    } catch { fatalError("no scratch folder: \(error)") }
}()
nonisolated(unsafe) private var scratchForCleanup: PrivateFolder?

/// Writes `bytes` to `relative` under the scratch folder (parents created), replacing what was
/// there. A write that fails traps: a harness that went on would read the previous input, and
/// libFuzzer would pin what it finds on the wrong bytes.
public func put(_ bytes: [UInt8], at relative: String) -> URL {
    let url = scratch.appendingPathComponent(relative)
    do {
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    } catch { fatalError("cannot write the input to \(url.path): \(error)") }
    return url
}

/// One input's test: the bytes and their count (libFuzzer's `LLVMFuzzerTestOneInput` shape).
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(_ argc: UnsafeMutablePointer<CInt>,
                                 _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                                 _ test: FuzzTest) -> CInt

/// Hands the process's arguments and `test` to libFuzzer's driver and exits with its status.
/// (SwiftPM links every executable with its own `main`, so libFuzzer's `main` is never used;
/// the harness's top-level code calls the driver instead — the documented `LLVMFuzzerRunDriver`.)
public func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
