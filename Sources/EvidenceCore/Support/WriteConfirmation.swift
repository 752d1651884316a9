import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A folder opened the way the kernel resolves its path, but one component at a time from
/// descriptors (issue #55: the check-then-write race). `OutputGuard` judges a path before any work;
/// a folder on that path swapped for a link afterwards would have sent the write wherever the link
/// points. Opening each component with `O_NOFOLLOW` from the folder before it, reading a link
/// (`readlinkat`) and walking its target in its place, and taking `..` from the folder actually
/// held, gives the descriptor written through *and* the path it really is — which the write then
/// confirms (`OutputApprovals`). A swap after the walk cannot move the held descriptor.
public enum FolderWalk {
    /// Linux's O_PATH (asm-generic fcntl.h: 010000000), which Glibc's Swift module leaves out (it
    /// sits behind _GNU_SOURCE): a descriptor that names a folder without reading it.
    static let openPathOnly: Int32 = 0o10000000

    /// Why a walk stopped: the errno and the absolute path it was opening.
    public struct Failure: Error, Sendable {
        public var errno: Int32
        public var path: String
    }

    /// Opens the folder `path` names (relative to the working folder): its descriptor and the
    /// absolute, link-free path of the folder reached.
    public static func open(_ path: String) -> Result<(fd: Int32, reached: String), Failure> {
        // O_PATH on the way: walking needs only search permission on each folder, as open(2) does
        // (a home folder of mode 711 above an output); the folder reached is reopened for use below.
        let root = Glibc.open("/", openPathOnly | O_DIRECTORY | O_CLOEXEC)
        guard root >= 0 else { return .failure(Failure(errno: errno, path: "/")) }
        // The held folders, root first; `names` spells the path reached.
        var fds: [Int32] = [root]
        var names: [String] = []
        func closeAll() { fds.forEach { close($0) } }
        var start = path
        if !path.hasPrefix("/") {
            // getcwd's answer has no link in it; it is walked like the rest all the same.
            start = FileManager.default.currentDirectoryPath + "/" + path
        }
        var pending = Array(start.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed())
        var links = 0
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                if fds.count > 1 {
                    close(fds.removeLast())
                    names.removeLast()
                }
                continue
            }
            let here = fds.last!
            let next = openat(here, part, openPathOnly | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next >= 0 {
                fds.append(next)
                names.append(part)
                continue
            }
            let err = errno
            let shown = "/" + (names + [part]).joined(separator: "/")
            var st = stat()
            guard fstatat(here, part, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFLNK else {
                closeAll()
                return .failure(Failure(errno: err, path: shown))
            }
            links += 1
            guard links <= KernelPath.maxLinks, let target = readLink(at: here, part) else {
                closeAll()
                return .failure(Failure(errno: ELOOP, path: shown))
            }
            if target.hasPrefix("/") {
                fds.dropFirst().forEach { close($0) }
                fds = [root]
                names = []
            }
            pending.append(contentsOf: target.split(separator: "/").map(String.init).reversed())
        }
        let fd = openat(fds.last!, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        let err = errno
        closeAll()
        let reached = "/" + names.joined(separator: "/")
        guard fd >= 0 else { return .failure(Failure(errno: err, path: reached)) }
        return .success((fd, reached))
    }

    static func readLink(at dir: Int32, _ name: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlinkat(dir, name, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

/// What the output check approved, for the writes to confirm (issue #55: "make the write itself
/// refuse"). `OutputGuard` records the outputs it passed, as they resolved then, and the places no
/// output may land (the project roots, every input a flag names). Each write reaches its folder
/// through `FolderWalk` and asks `confirm` with the path it really holds: at or below an approved
/// output (or its temp sibling `.NAME.tmp-PID`) is fine; anywhere else inside a protected place is
/// refused — so a folder swapped for a link between the check and the write writes nothing there.
/// Nothing is approved until the guard runs (a library caller, a test): then every write passes.
public enum OutputApprovals {
    struct State {
        var approved: [String] = []
        var protected: [String] = []
    }
    nonisolated(unsafe) private static var state: State?
    private static let lock = NSLock()

    /// Approves `outputs` (resolved paths) for this run; writes into `protected` (resolved) outside
    /// them are refused from now on.
    public static func activate(outputs: [String], protected: [String]) {
        lock.lock()
        defer { lock.unlock() }
        var s = state ?? State()
        s.approved += outputs
        s.protected += protected
        state = s
    }

    /// Forgets every approval (tests).
    public static func reset() {
        lock.lock()
        state = nil
        lock.unlock()
    }

    /// Throws unless a write landing at `reached` (absolute, link-free) is allowed; `display` names it.
    public static func confirm(_ reached: String, display: String) throws(InputError) {
        lock.lock()
        let s = state
        lock.unlock()
        guard let s else { return }
        for a in s.approved {
            if KernelPath.isAtOrBelow(reached, a) { return }
            // A temp file or staging folder beside an approved output (`.NAME.tmp-PID`), and
            // whatever is written inside that staging folder (a page's pictures in subfolders).
            let (aFolder, aName) = splitPath(a)
            if reached != aFolder, KernelPath.isAtOrBelow(reached, aFolder),
                let first = reached.dropFirst(aFolder.count).split(separator: "/").first, first.hasPrefix(".\(aName).")
            {
                return
            }
        }
        guard let hit = s.protected.first(where: { KernelPath.isAtOrBelow(reached, $0) }) else { return }
        throw InputError(
            display,
            "now reaches \(quoted(reached)), inside \(quoted(hit)), which is not where it led when it was checked "
                + "(a folder on its path was replaced, by a link?); nothing was written")
    }
}
