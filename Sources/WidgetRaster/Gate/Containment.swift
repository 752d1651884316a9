import CFiles
import Foundation

#if canImport(Glibc)
    import Glibc
    import EvidenceCore
#endif

/// The one grammar every path the gate reads, writes or deletes comes from: a fixture key is
/// `/`-separated segments of ASCII letters, digits, `-`, `_` and `.`, none of them `.` or `..`,
/// no empty segment, no leading `/`. Manifest `file` values are never trusted as paths: an entry
/// is accepted only when its file is exactly its key + `.png`.
public enum FixtureKey {
    /// Why `key` is not a fixture key, or nil when it is one.
    public static func problem(_ key: String) -> String? {
        if key.isEmpty { return "is empty" }
        if key.utf8.first == UInt8(ascii: "/") { return "starts with '/'" }
        // One pass over the bytes, no segment built: a filtered run asks this of every manifest key.
        var length = 0
        var dots = 0  // the current segment's length, and how many of its bytes are '.'
        func segmentProblem() -> String? {
            if length == 0 { return "has an empty path segment" }
            if length == dots, dots <= 2 { return "has a '.' or '..' segment" }
            return nil
        }
        for b in key.utf8 {
            if b == UInt8(ascii: "/") {
                if let p = segmentProblem() { return p }
                length = 0
                dots = 0
                continue
            }
            if !isKeyByte(b) { return "has a character outside A–Z a–z 0–9 - _ ." }
            length += 1
            if b == UInt8(ascii: ".") { dots += 1 }
        }
        return segmentProblem()
    }

    public static func isValid(_ key: String) -> Bool { problem(key) == nil }

    static func isKeyByte(_ b: UInt8) -> Bool {
        switch b {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"),
            UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
            return true
        default: return false
        }
    }
}

/// A folder the gate owns (goldens, report). Every access walks from the folder's own descriptor
/// one validated segment at a time with `O_NOFOLLOW`, so no symlink below the root and no `..`
/// can lead out; only regular files are read, replaced or deleted.
public struct ContainedFolder: Sendable {
    public let root: URL
    public init(_ root: URL) { self.root = root }

    /// What a read found.
    public enum ReadResult: Sendable {
        case missing
        case bytes([UInt8])
        /// Present but not a readable regular file (a symlink, a folder, a device, no permission).
        case unreadable(String)
        /// The machine ran out of descriptors, memory or disk on the way (`resourceError`): not
        /// the file's fault, so never a golden failure — the caller stops with this error (exit 2).
        case exhausted(InputError)
    }

    /// Reads `rel` (a fixture-key-shaped path), at most `limit` bytes (more is `unreadable`). Never
    /// follows a link, never opens a FIFO or device.
    public func read(_ rel: String, limit: Int = maxInputFileBytes) -> ReadResult {
        guard FixtureKey.isValid(rel) else { return .unreadable("\(quoted(rel)) is not a path inside \(root.path)") }
        let flags = O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        // One step where the kernel can refuse every link on the way itself (openat2); otherwise, or
        // to say what went wrong, a folder at a time.
        var fd = openBeneath(rel, flags: flags)
        if fd < 0 {
            let dir: Int32
            switch openParentOrMissing(rel, create: false) {
            case .success(let d): dir = d
            case .failure(let e):
                return e.exhausted.map(ReadResult.exhausted) ?? (e.isMissing ? .missing : .unreadable(e.problem))
            }
            defer { close(dir) }
            fd = openat(dir, lastSegment(rel), flags)
            if fd < 0 {
                let err = errno
                if err == ENOENT { return .missing }
                if let exhausted = resourceError(err, path(rel), "opening") { return .exhausted(exhausted) }
                return .unreadable(describe(err, path(rel)))
            }
        }
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else { return .unreadable(describe(errno, path(rel))) }
        guard st.st_mode & S_IFMT == S_IFREG else {
            return .unreadable("\(path(rel)) \(fileKind(st.st_mode & S_IFMT)), expected a PNG file")
        }
        // The same bounded read as every other input file: a golden or manifest arrives in pull requests.
        do { return .bytes(try readAll(fd, name: path(rel), limit: limit)) } catch {
            return error.isResourceExhaustion ? .exhausted(error) : .unreadable(error.description)
        }
    }

    /// `rel` opened below the root with no link on the way, or -1 for any failure.
    private func openBeneath(_ rel: String, flags: Int32) -> Int32 {
        let dir = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { return -1 }
        defer { close(dir) }
        return openWithoutLinks(below: dir, rel, flags: flags)
    }

    /// Writes `rel` through a temp file beside it and renames it into place — only when the target
    /// is absent or a regular file. Missing folders below the root are created (never through a link).
    public func write(_ data: [UInt8], to rel: String, replacing: Bool = true) throws(InputError) {
        let dir = try openParentForWrite(rel)
        defer { close(dir) }
        try AtomicFile.write(data, dir: dir, name: lastSegment(rel), display: path(rel), replacing: replacing)
    }

    /// `write` for bytes made a piece at a time: `produce` writes them to the open temp file (it
    /// must not close it), which is renamed onto `rel` only if `produce` returns.
    public func write(to rel: String, streaming produce: (_ fd: Int32) throws(InputError) -> Void) throws(InputError) {
        let dir = try openParentForWrite(rel)
        defer { close(dir) }
        let temp = try AtomicFile.stage(dir: dir, name: lastSegment(rel), display: path(rel), produce)
        try AtomicFile.commit(temp, dir: dir, name: lastSegment(rel), display: path(rel))
    }

    /// A file written to its temp name beside `rel`, not yet renamed into place.
    public struct Staged: Sendable {
        public let rel: String
        let temp: String
    }

    /// Step one of a transactional write: `data` in a temp file beside `rel` (folders created).
    public func stage(_ data: [UInt8], for rel: String) throws(InputError) -> Staged {
        let dir = try openParentForWrite(rel)
        defer { close(dir) }
        return Staged(rel: rel, temp: try AtomicFile.stage(data, dir: dir, name: lastSegment(rel), display: path(rel)))
    }

    /// Step two: the staged file renamed onto `rel` (only if `rel` is absent or a regular file).
    public func commit(_ s: Staged) throws(InputError) {
        let dir = try openParentForWrite(s.rel)
        defer { close(dir) }
        try AtomicFile.commit(s.temp, dir: dir, name: lastSegment(s.rel), display: path(s.rel))
    }

    /// Drops a staged file without touching `rel`.
    public func discard(_ s: Staged) {
        guard case .success(let dir) = openParentOrMissing(s.rel, create: false) else { return }
        unlinkat(dir, s.temp, 0)
        close(dir)
        TempFiles.unregister(splitPath(path(s.rel)).folder + "/" + s.temp)
    }

    private func openParentForWrite(_ rel: String) throws(InputError) -> Int32 {
        switch openParentOrMissing(rel, create: true) {
        case .success(let fd): return fd
        case .failure(let e): throw InputError(root.path, e.problem)
        }
    }

    /// Deletes `rel` only if it is a regular file (never a folder, never through a link), then
    /// removes the folders it leaves empty (rmdir removes only empty ones). True when deleted.
    @discardableResult
    public func removeFile(_ rel: String) -> Bool {
        guard case .success(let dir) = openParentOrMissing(rel, create: false) else { return false }
        defer { close(dir) }
        var st = stat()
        let name = lastSegment(rel)
        guard fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFREG,
            unlinkat(dir, name, 0) == 0
        else { return false }
        var parts = rel.split(separator: "/").dropLast().map(String.init)
        while !parts.isEmpty {
            // rmdir fails on a non-empty folder and on a link, which is what we want.
            if rmdir(path(parts.joined(separator: "/"))) != 0 { break }
            parts.removeLast()
        }
        return true
    }

    /// Every regular file under the root, relative, without descending into links; with the
    /// symlinks met on the way (reported, never followed) and names outside the key grammar.
    /// With `folder`, only what lies under that folder (opened with no link on the way; missing,
    /// a link or not a folder → nothing): a filtered run walks only where its glob can match.
    public func walk(under folder: String? = nil) -> (files: [String], links: [String]) {
        let l = list(under: folder)
        return (l.files, l.links)
    }

    /// What `list` found: files, links, and entries that are neither file, folder nor link (a FIFO,
    /// a socket, a device); `overLimit` says which bound stopped the walk (then the lists are partial).
    public struct Listing: Sendable {
        public var files: [String] = []
        public var links: [String] = []
        public var others: [String] = []
        public var overLimit: String?
    }

    /// `walk`, bounded: it stops after `maxEntries` entries, and at a folder deeper than `maxDepth`
    /// or a path longer than `maxPath` bytes, saying so in `overLimit` (issue #55: 100,000 stray files
    /// in Goldens/ cost 84 s of everything after the walk).
    public func list(under folder: String? = nil, maxEntries: Int = .max, maxDepth: Int = .max, maxPath: Int = .max)
        -> Listing
    {
        var out = Listing()
        var seen = 0
        func visit(_ dirFD: Int32, _ prefix: String, depth: Int) {
            guard let d = fdopendir(dirFD) else {
                close(dirFD)
                return
            }
            defer { closedir(d) }
            while out.overLimit == nil, let entry = readdir(d) {
                let name = directoryEntryName(entry)
                if name == "." || name == ".." { continue }
                let rel = prefix.isEmpty ? name : prefix + "/" + name
                seen += 1
                if seen > maxEntries {
                    out.overLimit = "more than \(maxEntries) entries"
                    return
                }
                if rel.utf8.count > maxPath {
                    out.overLimit = "a path longer than \(maxPath) bytes (\(quoted(String(rel.prefix(80))))…)"
                    return
                }
                // The entry's type as the directory records it (never following a link); a file
                // system that does not record it is asked.
                var mode = Self.mode(ofDirectoryEntryType: entry.pointee.d_type)
                if mode == nil {
                    var st = stat()
                    guard fstatat(dirfd(d), name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
                    mode = st.st_mode & S_IFMT
                }
                switch mode {
                case S_IFLNK: out.links.append(rel)
                case S_IFREG: out.files.append(rel)
                case S_IFDIR:
                    if depth + 1 > maxDepth {
                        out.overLimit = "folders deeper than \(maxDepth) (\(quoted(String(rel.prefix(80)))))"
                        return
                    }
                    let sub = openat(dirfd(d), name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    if sub >= 0 { visit(sub, rel, depth: depth + 1) }
                default: out.others.append(rel)
                }
            }
        }
        let fd =
            folder.map { openBeneath($0, flags: O_RDONLY | O_DIRECTORY | O_CLOEXEC) }
            ?? open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if fd >= 0 { visit(fd, folder ?? "", depth: 0) }
        out.files.sort()
        out.links.sort()
        out.others.sort()
        return out
    }

    /// `readdir`'s `d_type` as a `st_mode` file type; nil when unknown.
    private static func mode(ofDirectoryEntryType type: UInt8) -> mode_t? {
        switch Int32(type) {
        case Int32(DT_REG): S_IFREG
        case Int32(DT_DIR): S_IFDIR
        case Int32(DT_LNK): S_IFLNK
        case Int32(DT_UNKNOWN): nil
        default: 0  // a device, socket or pipe: neither file, folder nor link
        }
    }

    /// Temp files (`.NAME.tmp-PID`) a killed run left anywhere under the root (or `folder`): of a
    /// process that no longer exists, owned by this user. Verify only names them (it deletes
    /// nothing); the next record (or pin, in the cases folder) removes them.
    public func staleTempFiles(under folder: String? = nil) -> [String] {
        list(under: folder, maxEntries: GoldensBounds.maxEntries, maxDepth: GoldensBounds.maxDepth).files.filter(
            isStaleTempFile)
    }

    /// Whether the listed file `rel` is a temp file a killed run left (`staleTempFiles`).
    func isStaleTempFile(_ rel: String) -> Bool {
        guard TempFiles.isAbandoned(lastSegment(rel)) else { return false }
        var st = stat()
        return lstat(path(rel), &st) == 0 && st.st_uid == geteuid()
    }

    /// Removes `staleTempFiles()`; returns them. Only the folder's owner calls it (record holding
    /// the goldens' exclusive lock, pin in the cases folder): a live writer's temp file is never taken.
    public func removeStaleTempFiles() -> [String] {
        staleTempFiles().filter { unlink(path($0)) == 0 }
    }

    func path(_ rel: String) -> String { root.appendingPathComponent(rel).path }
    private func lastSegment(_ rel: String) -> String { String(rel.split(separator: "/").last ?? "") }

    struct WalkError: Error {
        var problem: String
        var isMissing: Bool
        /// Set when a resource ran out (descriptors, memory): the run stops, the file is not blamed.
        var exhausted: InputError? = nil
    }

    /// Opens the folder holding `rel`'s last segment, one segment at a time from the root, refusing
    /// links and non-folders. With `create`, missing folders are made (mode 0755).
    private func openParentOrMissing(_ rel: String, create: Bool) -> Result<Int32, WalkError> {
        guard FixtureKey.isValid(rel) else {
            return .failure(WalkError(problem: "\(quoted(rel)) is not a path inside the folder", isMissing: false))
        }
        // The root itself is the user's choice (--goldens, --report): made with its parents when missing.
        if create, access(root.path, F_OK) != 0 {
            try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        }
        var fd: Int32
        var reached = root.path
        if create {
            // A write: the root held component by component and confirmed where it really is (issue
            // #55: a folder swapped for a link after the output check writes nothing).
            switch FolderWalk.open(root.path) {
            case .success(let (dir, at)):
                fd = dir
                reached = at
            case .failure(let f):
                return .failure(
                    WalkError(
                        problem: describe(f.errno, root.path), isMissing: f.errno == ENOENT,
                        exhausted: resourceError(f.errno, root.path, "opening the folder")))
            }
        } else {
            fd = open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        }
        if fd < 0 {
            let err = errno
            return .failure(
                WalkError(
                    problem: describe(err, root.path), isMissing: err == ENOENT,
                    exhausted: resourceError(err, root.path, "opening the folder")))
        }
        if create {
            let parts = rel.split(separator: "/").dropLast()
            do {
                try OutputApprovals.confirm(
                    parts.isEmpty ? reached : reached + "/" + parts.joined(separator: "/"), display: path(rel))
            } catch {
                close(fd)
                return .failure(WalkError(problem: error.problem, isMissing: false))
            }
        }
        var walked = ""
        for segment in rel.split(separator: "/").dropLast().map(String.init) {
            walked += (walked.isEmpty ? "" : "/") + segment
            if create { mkdirat(fd, segment, 0o755) }
            let next = openat(fd, segment, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let err = errno
            close(fd)
            if next < 0 {
                if err == ENOENT {
                    return .failure(WalkError(problem: "\(path(walked)): no such folder", isMissing: true))
                }
                if let exhausted = resourceError(err, path(walked), "opening the folder") {
                    return .failure(WalkError(problem: exhausted.problem, isMissing: false, exhausted: exhausted))
                }
                if err == ELOOP || err == ENOTDIR {
                    return .failure(
                        WalkError(
                            problem: "\(path(walked)) is a symbolic link or not a folder; the gate never follows links",
                            isMissing: false))
                }
                return .failure(WalkError(problem: describe(err, path(walked)), isMissing: false))
            }
            fd = next
        }
        return .success(fd)
    }

}

/// An advisory `flock` on a gate folder's own descriptor: `record` holds it exclusively for its
/// whole run (so its manifest read-modify-write cannot interleave with another record's), `verify`
/// holds it shared. Released when the value is dropped (or the process dies).
public final class FolderLock: Sendable {
    private let fd: Int32
    public enum Mode: Sendable { case shared, exclusive }

    private init(fd: Int32) { self.fd = fd }
    deinit {
        flock(fd, LOCK_UN)
        close(fd)
    }

    /// Locks `folder`, which must exist: neither record nor verify ever creates the goldens folder,
    /// so `--goldens <typo>` is exit 2 — not a new empty folder, not 2,304 `missing` goldens. When
    /// another run holds it: with `wait`, `onWait` is told once and the call blocks; without, an `InputError`.
    public static func acquire(
        _ folder: URL, _ mode: Mode, wait: Bool,
        onWait: ((String) -> Void)? = nil
    ) throws(InputError) -> FolderLock {
        let fd = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else {
            let err = errno
            if let exhausted = resourceError(err, folder.path, "opening the goldens folder") { throw exhausted }
            if err == ENOENT {
                throw InputError(
                    folder.path,
                    "no such goldens folder (it is never created for you); check --goldens, or make it first with mkdir"
                )
            }
            if err == ENOTDIR { throw InputError(folder.path, "is not a folder; --goldens names the goldens folder") }
            throw InputError(
                folder.path, "cannot open the goldens folder to lock it (\(String(cString: strerror(err))))")
        }
        let op = mode == .exclusive ? LOCK_EX : LOCK_SH
        if flock(fd, op | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK, wait else {
                close(fd)
                throw InputError(
                    folder.path,
                    "another 'evidence record' is using this folder; wait for it, or run again without --no-wait to "
                        + "queue"
                )
            }
            onWait?("waiting for another evidence run to release \(folder.path)…")
            while flock(fd, op) != 0 {
                guard errno == EINTR else {
                    close(fd)
                    throw InputError(folder.path, "cannot lock (\(String(cString: strerror(errno))))")
                }
            }
        }
        return FolderLock(fd: fd)
    }
}

/// The report folder `verify --report` writes into, checked before any work so a failing gate
/// never ends in "report: …" with nothing written.
public enum ReportFolder {
    /// The folder (or, when it does not exist yet, its nearest existing ancestor) must be a folder
    /// a temp file can be created in.
    public static func checkWritable(_ folder: URL) throws(InputError) {
        var probeDir = folder.path
        var st = stat()
        while lstat(probeDir, &st) != 0 {
            guard errno == ENOENT, probeDir != "/" else { throw InputError(folder.path, describe(errno, probeDir)) }
            probeDir = splitPath(probeDir).folder
        }
        if st.st_mode & S_IFMT == S_IFLNK, stat(probeDir, &st) != 0 {
            throw InputError(folder.path, describe(errno, probeDir))
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw InputError(folder.path, "\(probeDir) \(fileKind(st.st_mode & S_IFMT)); the report needs a folder")
        }
        let probe = probeDir + "/" + TempFiles.name(for: "report-probe")
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw InputError(
                folder.path, "cannot write the report in \(probeDir) (\(String(cString: strerror(errno))))")
        }
        close(fd)
        unlink(probe)
    }
}

/// A scratch folder only this run uses (`evidence bench`): made by `mkdtemp` under the temp folder
/// — an unpredictable name, mode 0700, created new — so nothing planted beforehand (a link, a
/// folder of someone else's) is ever written into or deleted. Its name carries the PID, so the next
/// run of the same command removes what a killed run left (`sweepAbandoned`).
public struct PrivateFolder: Sendable {
    public let url: URL

    /// `<temp>/<prefix>-<pid>-XXXXXX`, after sweeping this prefix's folders whose process is gone.
    public static func make(_ prefix: String, in parent: URL = FileManager.default.temporaryDirectory)
        throws(InputError) -> PrivateFolder
    {
        sweepAbandoned(prefix, in: parent)
        var template = Array("\(parent.path)/\(prefix)-\(getpid())-XXXXXX".utf8CString)
        guard let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else {
            throw InputError(parent.path, "cannot make a private temp folder (\(String(cString: strerror(errno))))")
        }
        return PrivateFolder(url: URL(fileURLWithPath: String(cString: made), isDirectory: true))
    }

    /// Removes the folder and everything in it, never following a link.
    public func remove() {
        let parent = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard parent >= 0 else { return }
        defer { close(parent) }
        Self.removeTree(parent, url.lastPathComponent)
    }

    /// Folders `<prefix>-<pid>-XXXXXX` directly in `parent` that are ours (owner, 0700, a real
    /// folder, not a link) and whose process no longer exists; returns their names.
    @discardableResult
    static func sweepAbandoned(_ prefix: String, in parent: URL) -> [String] {
        let dir = open(parent.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard dir >= 0 else { return [] }
        defer { close(dir) }
        var removed: [String] = []
        for name in (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? [] {
            let parts = name.split(separator: "-")
            guard name.hasPrefix(prefix + "-"), parts.count >= 2, let pid = Int32(parts[parts.count - 2]), pid > 0,
                parts.last?.count == 6, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
            else { continue }
            var st = stat()
            guard fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0, st.st_mode & S_IFMT == S_IFDIR,
                st.st_uid == geteuid(), st.st_mode & 0o777 == 0o700
            else { continue }
            removeTree(dir, name)
            removed.append(name)
        }
        return removed
    }

    /// `name` in `dir`: a folder's contents first (opened with O_NOFOLLOW), then the folder; a
    /// link is unlinked, never followed.
    private static func removeTree(_ dir: Int32, _ name: String) {
        let sub = openat(dir, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard sub >= 0 else {
            unlinkat(dir, name, 0)
            return
        }
        if let d = fdopendir(sub) {
            var names: [String] = []
            while let entry = readdir(d) {
                let n = directoryEntryName(entry)
                if n != "." && n != ".." { names.append(n) }
            }
            for n in names { removeTree(dirfd(d), n) }
            closedir(d)
        } else {
            close(sub)
        }
        unlinkat(dir, name, AT_REMOVEDIR)
    }
}

/// What a command reads and must never write over (issue #34: `gallery -o` with a planted marker
/// deleted 2,048 goldens; `verify --junit Goldens/manifest.json` wrote into the goldens it
/// verified). Every output file or folder of every command is checked against these before any
/// work: it may not be one of them, hold one, or lie inside one.
public struct ProtectedInput: Sendable, Equatable {
    /// What it is, for the message: "the goldens folder", "a --from input".
    public var what: String
    public var path: String
    /// The folder role an output may own (`goldens` for record, `cases` for pin): an output of that role skips it.
    public var role: String?
    public init(_ what: String, _ path: String, role: String? = nil) {
        self.what = what
        self.path = path
        self.role = role
    }

    /// Throws when `output` (given as `flag`) is, holds or lies inside any of `inputs`. Paths are
    /// compared as the kernel resolves them (`KernelPath`), so `-o link-to-Goldens`,
    /// `-o Goldens/../Goldens` and `-o link/../manifest.json` are caught too.
    public static func check(output: String, flag: String, against inputs: [ProtectedInput]) throws(InputError) {
        let out = resolved(output)
        for input in inputs {
            let inp = resolved(input.path)
            let relation: String
            if out == inp {
                relation = "is"
            } else if isInside(inp, out) {
                relation = "holds"
            } else if isInside(out, inp) {
                relation = "lies inside"
            } else {
                continue
            }
            throw InputError(
                flag,
                "\(quoted(output)) \(relation) \(input.what) \(quoted(input.path)), which this command reads; an "
                    + "output never touches an input — choose another path"
            )
        }
    }

    /// True when `path` is strictly below `folder` (both resolved).
    static func isInside(_ path: String, _ folder: String) -> Bool {
        folder == "/" ? path != "/" : path.hasPrefix(folder + "/")
    }

    /// `path` as the kernel would reach it (`KernelPath`): links resolved component by component,
    /// `..` after a link taken from the link's target; the part not yet made appended as written.
    static func resolved(_ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath) -> String
    {
        KernelPath.resolve(path, workingDirectory: workingDirectory)
    }
}
