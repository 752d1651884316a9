import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A path resolved the way the kernel resolves it (issue #55): one component at a time from the
/// working folder (or `/`), a symbolic link's target spliced in where it is met, and `..` taken
/// from the folder actually reached — so `lnk/../manifest.json` with `lnk → Goldens/android` is
/// `Goldens/manifest.json`, as `open(2)` would find it, not `./manifest.json` as text folding says.
/// The part that does not exist yet is appended as written (`.`/`..` folded within it).
public enum KernelPath {
    /// Links followed before giving up, as the kernel's own limit (ELOOP).
    package static let maxLinks = 40

    public static func resolve(_ path: String, workingDirectory: String = FileManager.default.currentDirectoryPath)
        -> String
    {
        var pending = ArraySlice(
            path.split(separator: "/", omittingEmptySubsequences: true).map(String.init).reversed())
        // The working folder itself resolved first (it may be reached through a link).
        var reached = path.hasPrefix("/") ? [] : components(of: resolve(workingDirectory, workingDirectory: "/"))
        var links = 0
        var exists = true
        while let part = pending.popLast() {
            if part == "." { continue }
            if part == ".." {
                _ = reached.popLast()
                continue
            }
            guard exists else {
                reached.append(part)
                continue
            }
            let candidate = "/" + (reached + [part]).joined(separator: "/")
            var st = stat()
            guard lstat(candidate, &st) == 0 else {
                exists = false
                reached.append(part)
                continue
            }
            guard st.st_mode & S_IFMT == S_IFLNK, links < maxLinks, let target = readLink(candidate) else {
                reached.append(part)
                continue
            }
            links += 1
            if target.hasPrefix("/") { reached = [] }
            pending.append(contentsOf: target.split(separator: "/").map(String.init).reversed())
        }
        return "/" + reached.joined(separator: "/")
    }

    static func components(of absolute: String) -> [String] { absolute.split(separator: "/").map(String.init) }

    static func readLink(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink(path, &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// True when `path` is `folder` or below it (both resolved).
    public static func isAtOrBelow(_ path: String, _ folder: String) -> Bool {
        path == folder || (folder == "/" ? path != "/" : path.hasPrefix(folder + "/"))
    }
}
