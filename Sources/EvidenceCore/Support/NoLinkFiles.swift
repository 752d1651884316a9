import CFiles
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Temp files this process has open for writing, removed by `removeAllAndExit` when a SIGINT or
/// SIGTERM arrives (the CLI installs the handler), so an interrupted run leaves nothing behind.
public enum TempFiles {
    nonisolated(unsafe) private static var paths: Set<String> = []
    private static let lock = NSLock()

    /// Creates a temp file with `open` and registers `path`, atomically with respect to an interrupt.
    package static func create(_ path: String, _ open: () -> Int32) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let fd = open()
        if fd >= 0 { paths.insert(path) }
        return fd
    }
    package static func unregister(_ path: String) {
        lock.lock()
        paths.remove(path)
        lock.unlock()
    }

    /// Removes every registered temp file and ends the process, still holding the lock, so no
    /// other thread can create one in between.
    public static func removeAllAndExit(_ code: Int32) -> Never {
        lock.lock()
        for p in paths { unlink(p) }
        _exit(code)
    }

    /// `.NAME.tmp-PID`: the temp name for `name`; `isTempName` recognises any process's — exactly
    /// that shape (a leading dot, `.tmp-`, then only digits), never a user's file that merely
    /// contains `.tmp-`.
    package static func name(for name: String) -> String { ".\(name).tmp-\(getpid())" }
    package static func isTempName(_ name: String) -> Bool { tempPID(name) != nil }

    /// The PID a temp name carries, nil for any other name.
    package static func tempPID(_ name: String) -> Int32? {
        guard name.hasPrefix("."), let r = name.range(of: ".tmp-", options: .backwards),
            r.lowerBound > name.index(after: name.startIndex)
        else { return nil }
        let pid = name[r.upperBound...]
        guard !pid.isEmpty, pid.count <= 10, pid.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int32(pid)
    }

    /// A temp name whose process is gone (not this one, and `kill(pid, 0)` finds none): safe to
    /// sweep. A live process's temp file is never removed (issue #55: record deleted any `.X.tmp-N`).
    package static func isAbandoned(_ name: String) -> Bool {
        guard let pid = tempPID(name), pid > 0, pid != getpid() else { return false }
        return kill(pid, 0) != 0 && errno == ESRCH
    }
}

/// `rel` (`/`-separated, not empty) opened below the folder `dirFD` with no symbolic link on the
/// way: in one step where the kernel refuses every link itself (openat2, which also refuses `..`
/// out), otherwise a segment at a time with `O_NOFOLLOW`. Like `open(2)`: the descriptor, or -1
/// with `errno` set (ELOOP or EXDEV for a link, ENOENT, ENOTDIR, …). The gate's folders and the
/// token folders (`TokenFolder`) both open files through this.
package func openWithoutLinks(below dirFD: Int32, _ rel: String, flags: Int32) -> Int32 {
    let fd = cfiles_open_beneath(dirFD, rel, flags)
    guard fd < 0, errno == ENOSYS else { return fd }
    return walkWithoutLinks(below: dirFD, rel, flags: flags)
}

/// `openWithoutLinks` where the kernel has no openat2: each segment opened with `O_NOFOLLOW`, and
/// a `..` segment refused as openat2 refuses it (EXDEV), so neither can lead out.
package func walkWithoutLinks(below dirFD: Int32, _ rel: String, flags: Int32) -> Int32 {
    let parts = rel.split(separator: "/").map(String.init)
    guard !parts.isEmpty, !rel.hasPrefix("/") else {
        errno = ENOENT
        return -1
    }
    guard !parts.contains("..") else {
        errno = EXDEV
        return -1
    }
    var dir = dup(dirFD)
    guard dir >= 0 else { return -1 }
    for (i, part) in parts.enumerated() {
        let last = i == parts.count - 1
        let next = openat(dir, part, (last ? flags : O_RDONLY | O_DIRECTORY | O_CLOEXEC) | O_NOFOLLOW)
        let err = errno
        close(dir)
        guard next >= 0 else {
            errno = err
            return -1
        }
        dir = next
    }
    return dir
}

/// A `readdir` entry's name. Read in place up to its NUL: glibc allocates each record only as long
/// as its name (d_reclen), so copying the whole 256-byte d_name array read past the record
/// (AddressSanitizer: heap-buffer-overflow in scripts/sanitize.sh).
package func directoryEntryName(_ entry: UnsafeMutablePointer<dirent>) -> String {
    let offset = MemoryLayout<dirent>.offset(of: \dirent.d_name)!
    return String(cString: UnsafeRawPointer(entry).advanced(by: offset).assumingMemoryBound(to: CChar.self))
}
