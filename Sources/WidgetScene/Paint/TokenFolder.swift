import Foundation

#if canImport(Glibc)
    import Glibc
    import EvidenceCore
#endif

/// A token folder (an Android `res/`, an Xcode `.xcassets`) read the one safe way: every file opened
/// below the folder with no symbolic link on the way (a link could lead anywhere, issue #24), only
/// regular files read, each at most `maxTokenFileBytes`. Failures are one `InputError` naming the
/// file and what it is. A folder named by `BundledTokens` (`evidence:Tokens/…`) is read from the
/// binary instead, through the same two calls, so the bundled defaults parse as any folder does.
package struct TokenFolder {
    /// A token file or `Contents.json` is a few kilobytes; a megabyte is far beyond any real one and
    /// keeps a hostile 50 MB value from costing seconds (issue #24).
    package static let maxTokenFileBytes = 1 << 20
    /// How deep a catalog's group folders may nest, and how many entries one folder may list.
    package static let maxDepth = 16
    package static let maxEntries = 10_000

    package let root: URL
    /// The folder's path below Tokens/ when it is the binary's own, else nil.
    package let bundled: String?

    /// `root` must be a folder; `expected` says what the user should have given, for the message.
    package init(_ root: URL, expected: String) throws(InputError) {
        if let bundled = BundledTokens.path(of: root) {
            guard BundledTokens.all.contains(where: { $0.path.hasPrefix(bundled + "/") }) else {
                throw InputError(root.absoluteString, "not a folder of the bundled tokens; expected \(expected)")
            }
            self.root = root
            self.bundled = bundled
            return
        }
        bundled = nil
        var st = stat()
        guard stat(root.path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw InputError(root.path, "not a directory; expected \(expected)")
        }
        self.root = root
    }

    package func path(_ rel: String) -> String {
        if let bundled { return BundledTokens.prefix + bundled + (rel.isEmpty ? "" : "/" + rel) }
        return rel.isEmpty ? root.path : root.appendingPathComponent(rel).path
    }

    /// One entry of a listed folder.
    package struct Entry {
        package var name: String
        package var type: mode_t
        package var isDirectory: Bool { type == S_IFDIR }
        package var isRegular: Bool { type == S_IFREG }
    }

    /// The entries of the folder `rel` (`""` for the root), sorted by name; links are listed as links.
    package func list(_ rel: String) throws(InputError) -> [Entry] {
        if let bundled { return try listBundled(bundled + (rel.isEmpty ? "" : "/" + rel), rel) }
        let fd = try open(rel, directory: true)
        guard let dir = fdopendir(fd) else {
            let e = errno
            close(fd)
            throw InputError(path(rel), "cannot list (\(String(cString: strerror(e))))")
        }
        defer { closedir(dir) }
        var out: [Entry] = []
        while let ent = readdir(dir) {
            let name = directoryEntryName(ent)
            guard name != ".", name != ".." else { continue }
            guard out.count < Self.maxEntries else {
                throw InputError(path(rel), "holds more than \(Self.maxEntries) entries; not a token folder")
            }
            var st = stat()
            guard fstatat(dirfd(dir), name, &st, AT_SYMLINK_NOFOLLOW) == 0 else { continue }
            out.append(Entry(name: name, type: st.st_mode & S_IFMT))
        }
        return out.sorted { $0.name < $1.name }
    }

    /// The bytes of the regular file `rel`, at most `maxTokenFileBytes`.
    package func read(_ rel: String) throws(InputError) -> [UInt8] {
        if let bundled {
            guard let file = BundledTokens.all.first(where: { $0.path == bundled + "/" + rel }) else {
                throw InputError(path(rel), "missing")
            }
            return Array(file.bytes)
        }
        let fd = try open(rel, directory: false)
        defer { close(fd) }
        var st = stat()
        guard fstat(fd, &st) == 0 else {
            throw InputError(path(rel), "cannot read (\(String(cString: strerror(errno))))")
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw InputError(path(rel), "\(fileKind(st.st_mode & S_IFMT)), not a token file; expected a regular file")
        }
        return try readAll(fd, name: path(rel), limit: Self.maxTokenFileBytes)
    }

    /// The entries directly below `dir` (a path below Tokens/) among the embedded files.
    private func listBundled(_ dir: String, _ rel: String) throws(InputError) -> [Entry] {
        var names: [String: mode_t] = [:]
        for file in BundledTokens.all where file.path.hasPrefix(dir + "/") {
            let rest = file.path.dropFirst(dir.count + 1).split(separator: "/")
            names[String(rest[0])] = rest.count == 1 ? S_IFREG : S_IFDIR
        }
        guard !names.isEmpty else { throw InputError(path(rel), "missing") }
        return names.map { Entry(name: $0.key, type: $0.value) }.sorted { $0.name < $1.name }
    }

    /// Opens `rel` below the root with no link on the way (`openWithoutLinks`, as the gate's
    /// folders do). Non-blocking, so a FIFO never hangs the open.
    private func open(_ rel: String, directory: Bool) throws(InputError) -> Int32 {
        let flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC | (directory ? O_DIRECTORY : 0)
        let rootFD = Glibc.open(root.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard rootFD >= 0 else { throw InputError(root.path, "cannot open (\(String(cString: strerror(errno))))") }
        if rel.isEmpty { return rootFD }
        defer { close(rootFD) }
        let fd = openWithoutLinks(below: rootFD, rel, flags: flags)
        guard fd >= 0 else { throw failure(errno, rel) }
        return fd
    }

    private func failure(_ err: Int32, _ rel: String) -> InputError {
        switch err {
        case ENOENT: return InputError(path(rel), "missing")
        case ELOOP, EXDEV:
            return InputError(
                path(rel),
                "is reached through a symbolic link; token files are read only inside their folder, never through a "
                    + "link"
            )
        case ENOTDIR: return InputError(path(rel), "is not a folder")
        case EACCES, EPERM: return InputError(path(rel), "permission denied")
        case EMFILE, ENFILE:
            return InputError(path(rel), "cannot be opened: too many open files (\(String(cString: strerror(err))))")
        default: return InputError(path(rel), "cannot open (\(String(cString: strerror(err))))")
        }
    }
}
