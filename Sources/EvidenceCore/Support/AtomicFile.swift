import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Writes through a temp file in the target's own folder and renames it into place, so a reader
/// (or an interrupted run) sees the old file or the new one, never half of one. The rename happens
/// only when the target is absent or a regular file: a device, FIFO, socket, folder or link is
/// never replaced. The temp file is removed on every error path (and on SIGINT/SIGTERM, through
/// `TempFiles`).
public enum AtomicFile {
    /// Writes `name` inside the open folder `dir`; `display` names it in errors.
    package static func write(_ data: [UInt8], dir: Int32, name: String, display: String, replacing: Bool = true)
        throws(InputError)
    {
        let temp = try stage(data, dir: dir, name: name, display: display)
        try commit(temp, dir: dir, name: name, display: display, replacing: replacing)
    }

    /// Step one of a write: the bytes in a temp file beside `name`; returns the temp name.
    package static func stage(_ data: [UInt8], dir: Int32, name: String, display: String) throws(InputError) -> String {
        try stage(dir: dir, name: name, display: display) { fd throws(InputError) in
            let failure = data.withUnsafeBytes { writeAll(fd, $0) }
            if failure != 0 { throw InputError(display, "cannot write (\(String(cString: strerror(failure))))") }
        }
    }

    /// Step one for bytes made a piece at a time (a file too big to hold): `produce` writes to the
    /// open temp file (it must not close it); returns the temp name.
    package static func stage(
        dir: Int32, name: String, display: String,
        _ produce: (_ fd: Int32) throws(InputError) -> Void
    ) throws(InputError) -> String {
        try checkReplaceable(dir: dir, name: name, display: display)
        let temp = TempFiles.name(for: name)
        let tempPath = splitPath(display).folder + "/" + temp
        unlinkat(dir, temp, 0)  // our own PID's leftover, if any
        let fd = TempFiles.create(tempPath) {
            openat(dir, temp, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        }
        guard fd >= 0 else {
            throw InputError(display, "cannot create a temp file beside it (\(String(cString: strerror(errno))))")
        }
        func abandon() {
            unlinkat(dir, temp, 0)
            TempFiles.unregister(tempPath)
        }
        do { try produce(fd) } catch {
            close(fd)
            abandon()
            throw error
        }
        if close(fd) != 0 {
            let failure = errno
            abandon()
            throw InputError(display, "cannot write (\(String(cString: strerror(failure))))")
        }
        return temp
    }

    /// Step two: renames the staged temp file onto `name` (re-checking the target first). With
    /// `replacing: false` the file appears only where none is (a hard link, which fails on an
    /// existing name as RENAME_NOREPLACE does, then the temp name removed): of two runs creating
    /// one name, exactly one succeeds (issue #55: concurrent `pin`s of one name all succeeded).
    package static func commit(_ temp: String, dir: Int32, name: String, display: String, replacing: Bool = true)
        throws(InputError)
    {
        let tempPath = splitPath(display).folder + "/" + temp
        defer { TempFiles.unregister(tempPath) }
        do { try checkReplaceable(dir: dir, name: name, display: display) } catch {
            unlinkat(dir, temp, 0)
            throw error
        }
        if !replacing {
            let linked = linkat(dir, temp, dir, name, 0)
            let err = errno
            unlinkat(dir, temp, 0)
            guard linked == 0 else {
                throw InputError(
                    display,
                    err == EEXIST
                        ? "exists (another run made it meanwhile); pass --force to replace it"
                        : "cannot create (\(String(cString: strerror(err))))")
            }
            return
        }
        if renameat(dir, temp, dir, name) != 0 {
            let err = errno
            unlinkat(dir, temp, 0)
            throw InputError(display, "cannot move the new file into place (\(String(cString: strerror(err))))")
        }
    }

    /// Throws unless `name` is absent or a regular file.
    package static func checkReplaceable(dir: Int32, name: String, display: String) throws(InputError) {
        var st = stat()
        guard fstatat(dir, name, &st, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return }
            throw InputError(display, "cannot inspect (\(String(cString: strerror(errno))))")
        }
        let type = st.st_mode & S_IFMT
        guard type == S_IFREG else {
            throw InputError(display, "\(fileKind(type)); only a regular file is ever replaced")
        }
    }
}

/// `-o FILE`: the user's output path. The parent folder must already exist (it is not created); a
/// trailing slash, a folder, a device, a FIFO, a socket or a link as target is an error.
public enum OutputFile {
    public static func write(_ data: [UInt8], to path: String) throws(InputError) {
        let (dir, name) = try openParent(path)
        defer { close(dir) }
        try AtomicFile.write(data, dir: dir, name: name, display: path)
    }

    /// `write` for a file made a piece at a time: `produce` writes to the open temp file (without
    /// closing it); it is renamed into place only if `produce` returns.
    public static func write(to path: String, streaming produce: (_ fd: Int32) throws(InputError) -> Void)
        throws(InputError)
    {
        let (dir, name) = try openParent(path)
        defer { close(dir) }
        let temp = try AtomicFile.stage(dir: dir, name: name, display: path, produce)
        try AtomicFile.commit(temp, dir: dir, name: name, display: path)
    }

    /// The same checks as `write`, before any work is done: so a long render never ends in "cannot write".
    public static func check(_ path: String) throws(InputError) {
        let (dir, name) = try openParent(path)
        defer { close(dir) }
        try AtomicFile.checkReplaceable(dir: dir, name: name, display: path)
    }

    private static func openParent(_ path: String) throws(InputError) -> (Int32, String) {
        let shown = quoted(path)
        guard !path.isEmpty else { throw InputError("-o", "empty output path") }
        guard !path.hasSuffix("/") else {
            throw InputError(shown, "ends with '/'; give a file name, e.g. \(quoted(path + "out.png"))")
        }
        let (parent, name) = splitPath(path)
        guard name != ".", name != ".." else { throw InputError(shown, "is a folder; give a file name") }
        // The folder held by descriptor, component by component, and the path it really is: the
        // write lands where the output check approved, or nowhere (issue #55: check-then-write).
        switch FolderWalk.open(parent) {
        case .success(let (dir, reached)):
            do { try OutputApprovals.confirm(reached == "/" ? "/" + name : reached + "/" + name, display: shown) } catch
            {
                close(dir)
                throw error
            }
            return (dir, name)
        case .failure(let f):
            let err = f.errno
            if err == ENOENT {
                throw InputError(shown, "folder \(quoted(parent)) does not exist (it is not created for you)")
            }
            if err == ENOTDIR { throw InputError(shown, "\(quoted(parent)) is not a folder") }
            throw InputError(shown, "cannot open folder \(quoted(parent)) (\(String(cString: strerror(err))))")
        }
    }
}

/// `path` split at its last `/` into its folder and its name, by bytes — Foundation's NSString path
/// methods trapped on one-character paths (`-o x`, `-o -`). Trailing slashes are ignored:
/// "x" → (".", "x"), "/x" → ("/", "x"), "a//b/" → ("a", "b"), "/" → ("/", "/").
public func splitPath(_ path: String) -> (folder: String, name: String) {
    var bytes = Array(path.utf8)
    let slash = UInt8(ascii: "/")
    while bytes.count > 1, bytes.last == slash { bytes.removeLast() }
    if bytes == [slash] { return ("/", "/") }
    guard let cut = bytes.lastIndex(of: slash) else { return (".", String(decoding: bytes, as: UTF8.self)) }
    let name = String(decoding: bytes[(cut + 1)...], as: UTF8.self)
    var folder = bytes[..<cut]
    while folder.count > 1, folder.last == slash { folder.removeLast() }
    return (folder.isEmpty ? "/" : String(decoding: folder, as: UTF8.self), name)
}

/// What a non-regular file is, for messages.
package func fileKind(_ type: mode_t) -> String {
    switch type {
    case S_IFDIR: return "is a folder"
    case S_IFLNK: return "is a symbolic link"
    case S_IFCHR, S_IFBLK: return "is a device"
    case S_IFIFO: return "is a FIFO"
    case S_IFSOCK: return "is a socket"
    default: return "is not a regular file"
    }
}

/// One line describing an errno for `path`.
package func describe(_ err: Int32, _ path: String) -> String {
    switch err {
    case EACCES, EPERM: return "\(path): permission denied"
    case ELOOP: return "\(path) is a symbolic link; the gate never follows links"
    case EISDIR: return "\(path) is a folder"
    default: return "\(path): \(String(cString: strerror(err)))"
    }
}

/// User input inside a message: single-quoted, control characters escaped, so the message stays one line.
public func quoted(_ s: String) -> String { "'" + escapeControls(s) + "'" }

/// `\n`, `\t`, `\0` and every other control character (C0, DEL, C1, line/paragraph separators)
/// written as an escape.
public func escapeControls(_ s: String) -> String {
    guard s.unicodeScalars.contains(where: isControlScalar) else { return s }
    var out = ""
    for u in s.unicodeScalars {
        switch u {
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        case "\0": out += "\\0"
        case _ where isControlScalar(u): out += "\\u{\(String(u.value, radix: 16))}"
        default: out.unicodeScalars.append(u)
        }
    }
    return out
}

package func isControlScalar(_ u: Unicode.Scalar) -> Bool {
    u.value < 0x20 || (0x7F...0x9F).contains(u.value) || u.value == 0x2028 || u.value == 0x2029
}
