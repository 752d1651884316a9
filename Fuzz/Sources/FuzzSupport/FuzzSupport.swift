import EvidenceCore
import Foundation
@_exported import FuzzEntries
import WidgetRaster

/// Traps on a broken promise, so libFuzzer keeps the input as a crash; libFuzzer's return value otherwise.
public func trapIfBroken(_ outcome: FuzzOutcome) -> CInt {
    if case .broken(let why) = outcome { fatalError(why) }
    return 0
}

/// The input's bytes as an array (libFuzzer may pass a null pointer for an empty input).
public func bytes(_ data: UnsafePointer<UInt8>?, _ size: Int) -> [UInt8] {
    guard let data, size > 0 else { return [] }
    return Array(UnsafeBufferPointer(start: data, count: size))
}

/// One private folder per fuzzing process for the entries that read files (`FuzzEntry`'s `scratch`): the
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

/// One input's test: the bytes and their count (libFuzzer's `LLVMFuzzerTestOneInput` shape).
public typealias FuzzTest = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ test: FuzzTest
) -> CInt

/// Hands the process's arguments and `test` to libFuzzer's driver and exits with its status.
/// (SwiftPM links every executable with its own `main`, so libFuzzer's `main` is never used;
/// the harness's top-level code calls the driver instead — the documented `LLVMFuzzerRunDriver`.)
public func runFuzzer(_ test: FuzzTest) -> Never {
    var argc = CommandLine.argc
    var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, test))
}
