import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The most any input file (snapshot, PNG) may hold: a hostile `/dev/zero` or a huge file is an
/// error, not an out-of-memory kill.
public let maxInputFileBytes = 256 << 20

/// Reads a whole file as bytes; failure is an `InputError` naming the path (never a crash).
/// A folder is an error; a pipe (`<(…)`) or `/dev/stdin` is read like a file, up to `limit`
/// bytes. A named FIFO is opened without waiting for a writer: one with nothing written to it is
/// an error that says so, never a hang. Running out of descriptors, memory or disk says which
/// (`resourceError`): the runner's limit, not the file's fault.
public func readFile(atPath path: String, limit: Int = maxInputFileBytes) throws(InputError) -> [UInt8] {
    let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard fd >= 0 else {
        let err = errno
        if err == ENOENT { throw InputError(path, "no such file") }
        if let exhausted = resourceError(err, path, "opening") { throw exhausted }
        throw InputError(path, "cannot read the file (\(String(cString: strerror(err))))")
    }
    defer { close(fd) }
    var st = stat()
    guard fstat(fd, &st) == 0 else {
        throw InputError(path, "cannot read the file (\(String(cString: strerror(errno))))")
    }
    let type = st.st_mode & S_IFMT
    if type == S_IFDIR { throw InputError(path, "is a directory, expected a file") }
    if type == S_IFSOCK { throw InputError(path, "is a socket, expected a file") }
    // Back to blocking reads (O_NONBLOCK was only so opening a FIFO does not wait for a writer).
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK)
    let bytes = try readAll(fd, name: path, limit: limit)
    if bytes.isEmpty, type == S_IFIFO {
        throw InputError(
            path,
            "is a FIFO with nothing written to it (no writer was connected); pass a regular file, or pipe the data "
                + "into '-'"
        )
    }
    return bytes
}

/// The one line for an errno that means a resource ran out (descriptors, memory, disk), naming
/// it and saying it is the machine's limit — or nil for any other errno. Every reader and writer
/// asks this first, so a limit is exit 2 naming the resource, never a golden called `unreadable`.
public func resourceError(_ err: Int32, _ path: String, _ doing: String) -> InputError? {
    let what: String
    switch err {
    case EMFILE: what = "out of open files (EMFILE: this process's limit, see 'ulimit -n')"
    case ENFILE: what = "out of open files (ENFILE: the system-wide limit)"
    case ENOMEM:
        what =
            "out of memory (ENOMEM"
            + (addressSpaceLimit.map { "; this process's address-space limit is \($0 >> 20) MB, see 'ulimit -v'" }
                ?? "")
            + ")"
    case ENOSPC: what = "out of disk space (ENOSPC)"
    case EDQUOT: what = "out of disk quota (EDQUOT)"
    default: return nil
    }
    var error = InputError(
        path, "\(what) while \(doing); the machine's limit, not the file's fault — free or raise it and run again")
    error.isResourceExhaustion = true
    return error
}

/// Reads `fd` to its end, at most `limit` bytes (more is an error naming `name`, which is only
/// worked out for an error).
public func readAll(_ fd: Int32, name: @autoclosure () -> String, limit: Int = maxInputFileBytes) throws(InputError)
    -> [UInt8]
{
    func failure(_ err: Int32) -> InputError {
        resourceError(err, name(), "reading") ?? InputError(name(), "cannot read (\(String(cString: strerror(err))))")
    }
    func tooLarge() -> InputError {
        let bound = limit % (1 << 20) == 0 ? "\(limit >> 20) MB" : "\(limit) bytes"
        return InputError(name(), "is larger than \(bound); not an input this tool reads")
    }
    // A regular file's size is known: read straight into one array that size, plus a byte to see
    // whether it grew (the 16× manifest is 22 MB; a golden is read per fixture).
    var st = stat()
    let known =
        fstat(fd, &st) == 0 && st.st_mode & S_IFMT == S_IFREG && st.st_size > 0 ? min(Int(st.st_size), limit) : 0
    var error: Int32 = 0
    var atEnd = false
    var out = [UInt8](unsafeUninitializedCapacity: known + 1) { buffer, initialized in
        while initialized < buffer.count {
            let n = Glibc.read(fd, buffer.baseAddress! + initialized, buffer.count - initialized)
            if n < 0 {
                if errno == EINTR { continue }
                error = errno
                return
            }
            if n == 0 {
                atEnd = true
                return
            }
            initialized += n
        }
    }
    if error != 0 { throw failure(error) }
    guard out.count <= limit else { throw tooLarge() }
    if atEnd { return out }
    // Not a regular file, or longer than it said: the rest a piece at a time.
    var buf = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let n = buf.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        if n < 0 {
            if errno == EINTR { continue }
            throw failure(errno)
        }
        if n == 0 { return out }
        guard out.count + n <= limit else { throw tooLarge() }
        out.append(contentsOf: buf[0..<n])
    }
}

/// write(2) until every byte is written (EINTR retried): 0, or the errno of the failure.
public func writeAll(_ fd: Int32, _ bytes: UnsafeRawBufferPointer) -> Int32 {
    var offset = 0
    while offset < bytes.count {
        let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
        if n < 0 {
            if errno == EINTR { continue }
            return errno
        }
        offset += n
    }
    return 0
}

/// The process's address-space limit in bytes (`ulimit -v`, RLIMIT_AS), or nil when unlimited.
public var addressSpaceLimit: UInt64? {
    var limit = rlimit()
    guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else {
        return nil
    }
    return UInt64(limit.rlim_cur)
}

/// Throws (exit 2, naming the limit) unless `bytes` more of address space can be mapped now — asked
/// before a large allocation Swift could not recover from (a decoded PNG, a diff canvas), so
/// `ulimit -v` is a line naming it, never SIGABRT (issue #55: `compare` of two 16384×4096 PNGs).
/// Unlimited: nothing is asked (the kernel's overcommit decides, as for every other allocation).
public func requireAddressSpace(_ bytes: Int, _ path: String, _ doing: String) throws(InputError) {
    guard addressSpaceLimit != nil, !addressSpaceAvailable(bytes) else { return }
    throw resourceError(ENOMEM, path, doing)!
}

/// Whether `bytes` more of address space can be mapped now: a library that says only "no" (HarfBuzz,
/// FreeType opening a font) failed for want of memory when this fails too. Maps nothing for good.
package func addressSpaceAvailable(_ bytes: Int) -> Bool {
    guard let p = mmap(nil, max(bytes, 1), PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0),
        p != MAP_FAILED
    else { return false }
    munmap(p, max(bytes, 1))
    return true
}
