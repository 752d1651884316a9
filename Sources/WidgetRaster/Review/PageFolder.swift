import Foundation

#if canImport(Glibc)
    import Glibc
    import EvidenceCore
#endif

/// A page folder (`report -o DIR`, `gallery -o DIR`) written whole or not at all. Everything goes
/// into a private sibling `.NAME.tmp-PID` through `ContainedFolder` (no link followed, no path from
/// input), and only a complete folder is renamed onto DIR; a killed run leaves only that sibling,
/// which the next run of either command sweeps. DIR itself is replaced only when it is absent,
/// empty, or a page folder evidence wrote (it holds `markerName`; verify writes it only into a
/// folder that passed the same check) — never a folder of someone's own, never the working folder.
public struct PageFolder {
    public static let markerName = ".evidence-page"
    /// What the marker holds, byte for byte: a file of this name with anything else in it (a
    /// planted one) proves nothing. verify's report folders marked by an older evidence held the second.
    static let markerText = "written by evidence; replaced whole by the next run\n"
    static let acceptedMarkerTexts: Set<[UInt8]> = [Array(markerText.utf8), Array("written by evidence verify\n".utf8)]
    /// A marker is read only this far: a planted one of any size is not one evidence wrote.
    static let maxMarkerBytes = acceptedMarkerTexts.map(\.count).max() ?? 0
    /// A folder holding more entries than this is not a page to replace (the matrix's images are
    /// 3 per failing fixture, 2,048 fixtures).
    static let maxPageEntries = 50_000
    /// A page's images are `KEY/actual.png` (report) or `img/KEY.png` (gallery): one folder below
    /// a golden's depth, a file name beyond a golden's path.
    static let maxPageDepth = GoldensBounds.maxDepth + 1
    static let maxPagePathBytes = GoldensBounds.maxPathBytes + 32

    /// Marks `folder` as a page evidence wrote (before the first image goes in, so an interrupted
    /// run never leaves an unmarked folder that blocks the next).
    public static func mark(_ folder: ContainedFolder) throws(InputError) {
        try folder.write(Array(markerText.utf8), to: markerName)
    }
    public let target: URL
    let staging: URL

    /// The folder being filled: write every file of the page here.
    public var folder: ContainedFolder { ContainedFolder(staging) }

    public static func begin(_ path: String, flag: String) throws(InputError) -> PageFolder {
        guard !path.isEmpty else { throw InputError(flag, "empty path; name the folder to write") }
        // The folder it goes in as the kernel reaches it (`lnk/../x` is beside lnk's target), its
        // own name kept, so a link there is still refused below.
        let (parentPath, lastName) = splitPath(path)
        guard lastName != ".", lastName != ".." else {
            throw InputError(flag, "'\(path)' is not a folder a page can be written to")
        }
        let target = URL(fileURLWithPath: KernelPath.resolve(parentPath)).appendingPathComponent(lastName)
        let name = target.lastPathComponent
        guard !name.isEmpty, name != "/" else {
            throw InputError(flag, "'\(path)' is not a folder a page can be written to")
        }
        let parent = target.deletingLastPathComponent()
        var st = stat()
        guard stat(parent.path, &st) == 0, st.st_mode & S_IFMT == S_IFDIR else {
            throw InputError(parent.path, "no such folder (the page's folder \(name) is made inside it)")
        }
        try checkReplaceable(target)
        sweep(parent, name: name)
        let staging = parent.appendingPathComponent(".\(name).tmp-\(getpid())")
        guard mkdir(staging.path, 0o755) == 0 else {
            throw InputError(staging.path, "cannot create the staging folder (\(String(cString: strerror(errno))))")
        }
        let page = PageFolder(target: target, staging: staging)
        do { try mark(page.folder) } catch {
            page.discard()
            throw error
        }
        return page
    }

    /// The result `verify --html DIR` writes beside its page, its paths relative to DIR (`report --from DIR` reads it).
    public static let resultName = "result.json"

    /// DIR may be replaced only when it is absent, an empty folder, or one of ours: its marker is a
    /// regular file holding exactly what evidence writes, and it holds nothing a page never holds
    /// (`pageProblem`) — so a marker planted in the goldens or a source tree deletes nothing. A
    /// link, a file, anybody else's folder, and the working folder or a folder holding it (`-o .`,
    /// `-o ..`: the work tree itself) are refused. `verify --report/--html` asks the same before it
    /// writes into a folder (`replacing: false`: it replaces nothing, so a JUnit file a CI put
    /// beside the images does not block the next run).
    public static func checkReplaceable(
        _ target: URL, replacing: Bool = true,
        workingDirectory: String = FileManager.default.currentDirectoryPath
    ) throws(InputError) {
        let t = KernelPath.resolve(target.path, workingDirectory: workingDirectory)
        let cwd = KernelPath.resolve(workingDirectory, workingDirectory: "/")
        if cwd == t || cwd.hasPrefix(t.hasSuffix("/") ? t : t + "/") {
            throw InputError(
                target.path,
                "is the working folder or holds it; a report folder is replaced whole — name a folder of its own")
        }
        var st = stat()
        guard lstat(target.path, &st) == 0 else {
            if errno == ENOENT { return }
            throw InputError(target.path, "cannot inspect (\(String(cString: strerror(errno))))")
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw InputError(
                target.path,
                st.st_mode & S_IFMT == S_IFLNK
                    ? "is a symbolic link; a page folder is never written through a link"
                    : "exists and is not a folder")
        }
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: target.path)) ?? []
        if entries.isEmpty { return }
        guard entries.contains(markerName) else {
            if entries.contains(resultName) {
                // `verify --html DIR --json > DIR/result.json`: the shell made the file before verify ran.
                throw InputError(
                    target.path,
                    "holds \(resultName) but was not written by evidence (no \(markerName)): verify --html DIR writes "
                        + "DIR/\(resultName) itself — drop the '> DIR/\(resultName)' redirect"
                )
            }
            throw InputError(
                target.path, "exists and was not written by evidence (no \(markerName)); choose a new or empty folder")
        }
        let folder = ContainedFolder(target)
        guard case .bytes(let marker) = folder.read(markerName, limit: maxMarkerBytes),
            acceptedMarkerTexts.contains(marker)
        else {
            throw InputError(target.path, "holds a \(markerName) evidence did not write; choose a new or empty folder")
        }
        if replacing, let problem = pageProblem(folder) {
            throw InputError(
                target.path,
                "holds \(problem), which no page evidence writes holds; it is not replaced — choose a new or empty "
                    + "folder"
            )
        }
    }

    /// What in `folder` a page never holds, or nil: a page is its marker, `index.html`, and PNG
    /// images in folders below it (report images `KEY/actual.png`, the gallery's `img/KEY.png`) —
    /// no manifest, no source, no link, no device, and at most `maxPageEntries` entries.
    /// The walk stops at the first bound crossed: a planted folder of millions of files, or a chain
    /// of folders thousands deep (each deeper path built anew), costs no more than a page can hold.
    static func pageProblem(_ folder: ContainedFolder) -> String? {
        let listing = folder.list(maxEntries: maxPageEntries, maxDepth: maxPageDepth, maxPath: maxPagePathBytes)
        if let over = listing.overLimit { return over }
        let (files, links) = (listing.files, listing.links)
        if let link = links.first { return "the symbolic link \(quoted(link))" }
        if let other = listing.others.first { return "\(quoted(other)), neither a file nor a folder" }
        let top: Set<String> = [markerName, HTMLReport.fileName, resultName]
        return files.first { !top.contains($0) && !$0.hasSuffix(".png") }.map { "\(quoted($0))" }
    }

    /// Removes staging and retired folders that runs no longer alive left beside DIR.
    static func sweep(_ parent: URL, name: String) {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for e in entries {
            for tag in [".\(name).tmp-", ".\(name).old-"] where e.hasPrefix(tag) {
                guard let pid = Int32(e.dropFirst(tag.count)), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else {
                    continue
                }
                var st = stat()
                let p = parent.appendingPathComponent(e).path
                if lstat(p, &st) == 0, st.st_mode & S_IFMT == S_IFDIR { try? FileManager.default.removeItem(atPath: p) }
            }
        }
    }

    /// Puts the finished folder in DIR's place (the old one, if ours, is retired and removed).
    public func commit() throws(InputError) {
        try Self.checkReplaceable(target)  // nothing may have been planted there meanwhile
        let retired = target.deletingLastPathComponent().appendingPathComponent(
            ".\(target.lastPathComponent).old-\(getpid())")
        var st = stat()
        let hadOld = lstat(target.path, &st) == 0
        if hadOld, rename(target.path, retired.path) != 0 {
            throw InputError(target.path, "cannot move the previous page aside (\(String(cString: strerror(errno))))")
        }
        guard rename(staging.path, target.path) == 0 else {
            let why = String(cString: strerror(errno))
            if hadOld { rename(retired.path, target.path) }
            discard()
            throw InputError(target.path, "cannot put the page in place (\(why))")
        }
        if hadOld { try? FileManager.default.removeItem(at: retired) }
    }

    /// Drops the staging folder (an error part-way: nothing of it reaches DIR).
    public func discard() { try? FileManager.default.removeItem(at: staging) }
}
