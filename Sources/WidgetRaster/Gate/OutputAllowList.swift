import Foundation

#if canImport(Glibc)
    import Glibc
    import EvidenceCore
#endif

/// What a command may write inside the project (issue #55: outputs by allow-list, not by a list
/// of inputs that grew a hole with each new input). Inside the project root an output goes only
/// into a folder the command owns (its page or report folder, the goldens for `record`, the cases
/// for `pin`) or to a new place none of the project's own entries hold; an existing file outside
/// the owned folders is replaced only when it is what the command writes (a PNG over a PNG, JUnit
/// over JUnit) — so `-o Package.swift`, `-o .github/workflows/ci.yml` or `--junit README.md` are
/// refused although no list names them.
public struct OutputAllowList: Sendable {
    /// What an output is, for the rules that differ.
    public enum Kind: Sendable, Equatable {
        /// A PNG (`render`/`timeline`/`sheet`/`compare -o`).
        case png
        /// A JUnit XML file (`--junit`).
        case junit
        /// A Markdown file appended to (`$GITHUB_STEP_SUMMARY`).
        case appended
        /// A folder the command owns and fills (a page, a report folder, the goldens, the cases);
        /// `role` names the project entry it may be (`goldens` for record, `cases` for pin).
        case ownedFolder(role: String?)
        /// A file written inside an owned folder of the same command (pin's case file).
        case ownedFile(role: String)
    }

    public struct Output: Sendable {
        public var flag: String
        public var path: String
        public var kind: Kind
        public init(_ flag: String, _ path: String, _ kind: Kind) {
            self.flag = flag
            self.path = path
            self.kind = kind
        }
    }

    /// An entry of the project the gate reads, with the role that may own it.
    public struct Entry: Sendable {
        public var what: String
        public var path: String
        public var role: String?
        public init(_ what: String, _ path: String, role: String? = nil) {
            self.what = what
            self.path = path
            self.role = role
        }
    }

    public var root: String
    public var entries: [Entry]

    /// The project's own entries: its config, goldens, cases, token folders, known findings, its
    /// `Fonts/` and `.git` — each as the top-level entry of the root that holds it, so `Tokens/x`
    /// is refused as well as `Tokens/android/res/x`.
    public init(project: Project, workingDirectory: String = FileManager.default.currentDirectoryPath) {
        let root = KernelPath.resolve(project.root.path, workingDirectory: workingDirectory)
        self.root = root
        var entries: [Entry] = []
        func add(_ what: String, _ path: String, role: String? = nil) {
            let resolved = KernelPath.resolve(path, workingDirectory: workingDirectory)
            // an install's tokens are protected as inputs
            guard ProtectedInput.isInside(resolved, root) else { return }
            let top = root + "/" + resolved.dropFirst(root.count + 1).split(separator: "/").first.map(String.init)!
            entries.append(Entry(what, resolved, role: role))
            if top != resolved { entries.append(Entry(what, top, role: role)) }
        }
        add("the project's goldens folder", project.goldens.path, role: "goldens")
        add("the project's case files", project.cases.path, role: "cases")
        add("the project's token folder", project.androidTokens.path)
        add("the project's token folder", project.iosTokens.path)
        add("the known-findings file", project.knownFindings.path)
        add("the project's config", project.root.appendingPathComponent(Project.configName).path)
        add("the project's fonts", project.root.appendingPathComponent("Fonts").path)
        add("the project's git folder", project.root.appendingPathComponent(".git").path)
        self.entries = entries
    }

    /// Throws (exit 2, one line) when an output lands on or around the project's entries, two
    /// outputs name the same file, or an existing file in the project is not what the output writes.
    public func check(_ outputs: [Output], workingDirectory: String = FileManager.default.currentDirectoryPath)
        throws(InputError)
    {
        var seen: [String: String] = [:]
        for o in outputs {
            let path = KernelPath.resolve(o.path, workingDirectory: workingDirectory)
            if let other = seen[path] {
                throw InputError(
                    o.flag,
                    "\(quoted(o.path)) is also \(other)'s output; two outputs of one command never name the same file "
                        + "— choose another path"
                )
            }
            seen[path] = o.flag
            if o.kind == .appended { try Self.checkAppendable(o, resolved: path) }
            guard KernelPath.isAtOrBelow(path, root) else { continue }
            if path == root {
                throw InputError(
                    o.flag,
                    "\(quoted(o.path)) is the project folder \(quoted(root)); an output never replaces the project — "
                        + "choose a path inside it"
                )
            }
            let role: String? =
                switch o.kind {
                case .ownedFolder(let r): r
                case .ownedFile(let r): r
                case .png, .junit, .appended: nil
                }
            for e in entries where role == nil || e.role != role {
                let relation: String
                if path == e.path {
                    relation = "is"
                } else if ProtectedInput.isInside(e.path, path) {
                    relation = "holds"
                } else if ProtectedInput.isInside(path, e.path) {
                    relation = "lies inside"
                } else {
                    continue
                }
                throw InputError(
                    o.flag,
                    "\(quoted(o.path)) \(relation) \(e.what) \(quoted(e.path)), which the gate reads; "
                        + "inside the project a command writes only into the folders it owns — choose another path")
            }
            try checkKind(o, resolved: path)
        }
    }

    /// An existing file inside the project is replaced only by the same kind of file.
    func checkKind(_ o: Output, resolved: String) throws(InputError) {
        var st = stat()
        guard lstat(resolved, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return }
        let head = Self.head(resolved)
        let what: String
        switch o.kind {
        case .png:
            if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return }
            what = "a PNG"
        case .junit:
            if String(decoding: head, as: UTF8.self).contains("<testsuites") { return }
            what = "a JUnit file"
        case .appended, .ownedFolder, .ownedFile:
            return
        }
        throw InputError(
            o.flag,
            "\(quoted(o.path)) exists in the project and is not \(what); only a file this command wrote is replaced "
                + "there — choose a new path"
        )
    }

    /// A file appended to has one name: through a hard link the append would land in another file
    /// (a golden, a source) too (issue #55: the step summary appended through a hard link).
    static func checkAppendable(_ o: Output, resolved: String) throws(InputError) {
        var st = stat()
        guard lstat(resolved, &st) == 0 else { return }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw InputError(
                o.flag,
                "\(quoted(o.path)) \(fileKind(st.st_mode & S_IFMT)); the summary is appended only to a regular file")
        }
        guard st.st_nlink <= 1 else {
            throw InputError(
                o.flag,
                "\(quoted(o.path)) has \(st.st_nlink) hard links; a file appended to must have one name — choose a new "
                    + "path"
            )
        }
    }

    static func head(_ path: String) -> [UInt8] {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return [] }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 512)
        let n = read(fd, &buffer, buffer.count)
        return n > 0 ? Array(buffer[..<n]) : []
    }
}
