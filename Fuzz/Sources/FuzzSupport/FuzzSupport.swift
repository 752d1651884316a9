import Foundation
#if canImport(Glibc)
import Glibc
#endif
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

/// One private folder per fuzzing process (mkdtemp: unpredictable, mode 0700) for harnesses
/// whose entry point reads files; removed at exit.
public let scratch: URL = {
    var template = Array((NSTemporaryDirectory() + "/evidence-fuzz-XXXXXX").utf8CString)
    guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { fatalError("mkdtemp failed: \(errno)") }
    let url = URL(fileURLWithPath: String(cString: made), isDirectory: true)
    atexit { try? FileManager.default.removeItem(at: scratchForCleanup!) }
    scratchForCleanup = url
    return url
}()
nonisolated(unsafe) private var scratchForCleanup: URL?

/// Writes `bytes` to `relative` under the scratch folder (parents created), replacing what was there.
public func put(_ bytes: [UInt8], at relative: String) -> URL {
    let url = scratch.appendingPathComponent(relative)
    try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: url.path, contents: Data(bytes))
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
