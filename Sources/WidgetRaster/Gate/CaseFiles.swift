import EvidenceCore
import Foundation
import WidgetModel
import WidgetScene

/// Cases as data (issue #36): a folder of JSON files at the project's root (`Cases/`), each one
/// render the gate checks like a matrix fixture — a snapshot (inline, or a `.snapshot.json` file
/// beside it), the options a `render` command line takes, a note, a seed passage or report
/// reference, and texts the render must draw. `Cases/reported/obj-2428.json` is the fixture
/// `cases/reported/obj-2428`, its golden `Goldens/cases/reported/obj-2428.png`.
///
/// A case's options are read by `render`'s own widget and size declarations and parser
/// (Support/WidgetOptionTables.swift): the file's option names are turned back into the command
/// line they stand for, so a case and `render` cannot drift apart. Every error is one line naming the file and the JSON
/// path.
public struct CaseFile: Sendable, Equatable {
    /// `cases/reported/obj-2428`: the fixture key (also the golden's path, + `.png`).
    public var key: String
    /// The file below the cases folder, `reported/obj-2428.json`.
    public var file: String
    public var note: String?
    /// The seed passage the case comes from (quoted, with its section), or nil.
    public var seed: String?
    /// The bug report it reproduces (`OBJ-2428`), or nil.
    public var report: String?
    /// Texts the render must draw (each found whole in one drawn line, or across a wrapped node's lines).
    public var expect: [String]
    /// The render command line the options stand for (`--platform android --width 230 …`).
    public var arguments: [String]
    /// The target with its snapshot and moment filled in: what is drawn.
    public var target: RenderTarget
    /// A hash of the case file's bytes and of the snapshot file beside it: the matrix hash reads it,
    /// so editing a case's size is a different matrix, never the same one.
    public var digest: String
}

/// What a case fixture carries beside its scene (`Fixture.pinned`): the file, its hash and what it
/// must draw. What it was asked to show comes with its drawing (`Fixture.draw`), as for every fixture.
public struct PinnedCase: Sendable {
    public var file: String
    public var digest: String
    public var expect: [String]
    public init(file: String, digest: String, expect: [String]) {
        self.file = file
        self.digest = digest
        self.expect = expect
    }
}

/// A value made on first use, once, from whichever thread asks first.
final class MadeOnce<T: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var made: T?
    private let make: @Sendable () -> T
    init(_ make: @escaping @Sendable () -> T) { self.make = make }
    var value: T {
        lock.lock()
        defer { lock.unlock() }
        if let made { return made }
        let v = make()
        made = v
        return v
    }
}

public enum CaseFiles {
    /// The key prefix every case has: `cases/…`, never a matrix key.
    public static let keyPrefix = "cases/"
    /// A case file, and a snapshot beside one, are a few KB: 256 KB is far more than any real one.
    public static let maxFileBytes = 256 << 10
    /// More case files than any project pins by hand; a folder past it is refused, not half read.
    public static let maxFiles = 1000
    /// Entries (files and folders) a cases folder walk reads before it stops, how deep, and the
    /// longest path below it: git adds nothing past 4,096 bytes, and a case's name is a fixture key.
    public static let maxEntries = 4 * maxFiles
    public static let maxDepth = 8
    public static let maxPathBytes = 512
    /// Texts one case may expect, and the longest: each becomes a line of a result `report` reads
    /// (at most `ResultFile.maxText` characters).
    public static let maxExpects = 32
    public static let maxExpectCharacters = 256
    static var limitsLine: String {
        "at most \(maxFiles) files, \(maxEntries) entries, \(maxDepth) folders deep, paths of \(maxPathBytes) bytes"
    }
    /// A snapshot beside a case: `NAME.snapshot.json` (never read as a case itself).
    public static let snapshotSuffix = ".snapshot.json"

    /// The case file's top-level fields.
    enum Field: String, CaseIterable { case note, seed, report, snapshot, options, expect }

    /// `render`'s options a case may set: the widget (less `--snapshot`, which is the case's own
    /// `snapshot` field) and the size and look. Tokens, output and report form are the gate's.
    public static let options: OptionTable = {
        let widget = WidgetInputOptions.options.sections.map { s in
            OptionTable.Section(s.title, s.options.filter { $0.name != WidgetInputOptions.snapshot.name })
        }
        return OptionTable(widget) + RenderTarget.options
    }()
    /// What a case's command line is parsed with: `options` and `--snapshot`, which stands for the case's own snapshot.
    static let commandLine = WidgetInputOptions.options + RenderTarget.options
    /// `render`'s options that are the gate's (tokens, output, report form), declared in the CLI
    /// (`AdHocRenderOptions.outputOptions`): a case naming one is told so, not "unknown option".
    /// CaseFileTests pins this list to the CLI's declarations.
    public static let gateOptions: Set<String> = ["android-res", "ios-assets", "output", "json", "on-bad-snapshot"]

    /// The case files under `root`, in key order. A missing folder holds no cases; anything else
    /// that is not a regular case file (a link, a name outside the key grammar, too many files,
    /// too large a file) is an error naming it.
    public static func load(_ root: URL) throws(InputError) -> [CaseFile] {
        var st = stat()
        if lstat(root.path, &st) != 0 { return [] }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw InputError(
                root.path,
                "is not a folder (\(st.st_mode & S_IFMT == S_IFLNK ? "a symbolic link" : "a file")); case files live "
                    + "in a real Cases/ folder"
            )
        }
        let folder = ContainedFolder(root)
        // Bounded before anything is parsed: entries (folders too), depth and path length.
        let walked = folder.list(maxEntries: maxEntries, maxDepth: maxDepth, maxPath: maxPathBytes)
        if let over = walked.overLimit {
            throw InputError(root.path, "holds \(over), more than a cases folder may (\(limitsLine))")
        }
        if let link = walked.links.first {
            throw InputError(
                folder.path(link), "is a symbolic link; case files are read only as regular files below \(root.path)")
        }
        // A FIFO or device named like a case is neither read nor skipped (record would then delete its golden).
        if let other = walked.others.first {
            throw InputError(
                folder.path(other), "is not a regular file (a FIFO, socket or device); case files are regular files")
        }
        // A temp file a killed pin left is no case: the next pin sweeps it, nothing else stops at it.
        let files = walked.files.filter { !TempFiles.isTempName(String($0.split(separator: "/").last ?? "")) }
        guard files.count <= maxFiles else {
            throw InputError(root.path, "holds \(files.count) files, more than the \(maxFiles) a cases folder may hold")
        }
        var cases: [CaseFile] = []
        for file in files {
            let last = file.split(separator: "/").last.map(String.init) ?? file
            if last == "README.md" || file.hasSuffix(snapshotSuffix) { continue }
            guard file.hasSuffix(".json") else {
                throw InputError(
                    folder.path(file),
                    "is not a case file (NAME.json), a snapshot beside one (NAME\(snapshotSuffix)) or README.md")
            }
            cases.append(try parse(file, in: folder))
        }
        return cases.sorted { $0.key < $1.key }
    }

    /// The folder a case key's file lies in below Cases/ (`reported`; `-` at the top), nil for any
    /// other key: how review pages and summaries group cases (`cases/reported`).
    public static func folder(ofKey key: String) -> String? {
        guard key.hasPrefix(keyPrefix) else { return nil }
        let path = key.dropFirst(keyPrefix.count).split(separator: "/")
        return path.count > 1 ? String(path[0]) : "-"
    }

    /// The key a case file below the cases folder stands for, or why it cannot be one.
    public static func key(forFile file: String) throws(InputError) -> String {
        guard file.utf8.count <= maxPathBytes else {
            throw InputError(
                String(file.prefix(80)) + "…",
                "a case path of \(file.utf8.count) bytes: more than the \(maxPathBytes) a case's path may have")
        }
        guard file.split(separator: "/").count <= maxDepth else {
            throw InputError(
                String(file.prefix(80)),
                "more than \(maxDepth) folders deep; a case's path is at most \(maxDepth) parts")
        }
        let key = keyPrefix + file.dropLast(".json".count)
        if let problem = FixtureKey.problem(key) {
            throw InputError(file, "cannot name a fixture: its key \(key) \(problem)")
        }
        return key
    }

    /// Read no further than `maxFileBytes`: a case of 200 MB is refused without reading it.
    static func read(_ rel: String, in folder: ContainedFolder) throws(InputError) -> [UInt8] {
        guard let bytes = try readIfPresent(rel, in: folder) else { throw InputError(folder.path(rel), "no such file") }
        return bytes
    }

    /// `read`, with nil for a file that is not there (`pin`, before it writes one), and the same
    /// line for one past the bound.
    public static func readIfPresent(_ rel: String, in folder: ContainedFolder) throws(InputError) -> [UInt8]? {
        switch folder.read(rel, limit: maxFileBytes) {
        case .bytes(let b): return b
        case .missing: return nil
        case .unreadable(let why):
            var st = stat()
            if lstat(folder.path(rel), &st) == 0, st.st_mode & S_IFMT == S_IFREG, Int(st.st_size) > maxFileBytes {
                throw InputError(
                    folder.path(rel),
                    "is \(st.st_size) bytes, more than the \(maxFileBytes) a case or its snapshot may be"
                )
            }
            throw InputError(
                folder.path(rel), why.replacingOccurrences(of: "expected a PNG file", with: "expected a JSON file"))
        case .exhausted(let e): throw e
        }
    }

    /// One case file, parsed and its options checked by `render`'s parser.
    static func parse(_ file: String, in folder: ContainedFolder) throws(InputError) -> CaseFile {
        _ = try key(file, in: folder)  // its name's error before its bytes are read
        return try parse(file, bytes: try read(file, in: folder), in: folder)
    }

    static func key(_ file: String, in folder: ContainedFolder) throws(InputError) -> String {
        do { return try key(forFile: file) } catch { throw InputError(folder.path(file), error.problem) }
    }

    /// A case file's bytes, as `file` below `folder` (where a snapshot beside it is read).
    public static func parse(_ file: String, bytes: [UInt8], in folder: ContainedFolder) throws(InputError) -> CaseFile
    {
        let name = folder.path(file)
        let key = try key(file, in: folder)
        var hashed = bytes
        func at(_ e: InputError, _ path: String? = nil) -> InputError {
            // A JSON path from a nested decoder (`$.habits[0]`) is placed under the field it came from.
            let location = path.map { p in e.location.hasPrefix("$") ? p + e.location.dropFirst() : p } ?? e.location
            return InputError("\(name): \(location.isEmpty ? "$" : location)", e.problem)
        }
        let root: JSONValue
        do { root = try JSONValue.parse(bytes) } catch { throw at(error) }
        guard case .object(let pairs) = root else {
            throw at(InputError("$", "expected an object, got \(root.kindName)"))
        }
        var fields: [Field: JSONValue] = [:]
        for (k, v) in pairs {
            guard let f = Field(rawValue: k) else {
                let hint =
                    Suggestion.nearest(k, among: Field.allCases.map(\.rawValue)).map { "did you mean '\($0)'? " } ?? ""
                throw at(
                    InputError(
                        "$.\(k)",
                        "unknown field; \(hint)a case has \(Field.allCases.map(\.rawValue).joined(separator: ", "))"))
            }
            guard fields[f] == nil else { throw at(InputError("$.\(k)", "given twice")) }
            fields[f] = v
        }
        func text(_ f: Field) throws(InputError) -> String? {
            switch fields[f] {
            case nil, .null?: return nil
            case .string(let s)?: return s
            case let v?: throw at(InputError("$.\(f.rawValue)", "expected a string, got \(v.kindName)"))
            }
        }
        var expect: [String] = []
        switch fields[.expect] {
        case nil, .null?: break
        case .array(let items)?:
            guard items.count <= maxExpects else {
                throw at(InputError("$.expect", "\(items.count) texts: more than the \(maxExpects) a case may expect"))
            }
            for (i, item) in items.enumerated() {
                guard case .string(let s) = item, !s.isEmpty else {
                    throw at(InputError("$.expect[\(i)]", "expected a text the render must draw, got \(item.kindName)"))
                }
                guard s.count <= maxExpectCharacters else {
                    throw at(
                        InputError(
                            "$.expect[\(i)]",
                            "\(s.count) characters: more than the \(maxExpectCharacters) an expected text may have"))
                }
                expect.append(s)
            }
        case let v?: throw at(InputError("$.expect", "expected an array of texts, got \(v.kindName)"))
        }

        // The options, as the command line they stand for.
        var arguments: [String] = []
        switch fields[.options] {
        case nil, .null?: break
        case .object(let opts)?:
            for (k, v) in opts { arguments += try argument(k, v).mapError { at($0) }.get() }
        case let v?: throw at(InputError("$.options", "expected an object of render options, got \(v.kindName)"))
        }
        // The snapshot: inline, or a file beside the case. Either way `render`'s parser sees `--snapshot`.
        var snapshot: WidgetSnapshot?
        switch fields[.snapshot] {
        case nil, .null?: break
        case .object?:
            do { snapshot = try decodeWidgetSnapshot(json: fields[.snapshot]!) } catch { throw at(error, "$.snapshot") }
        case .string(let beside)?:
            guard beside.hasSuffix(snapshotSuffix), !beside.contains("/"), FixtureKey.isValid(beside) else {
                throw at(
                    InputError(
                        "$.snapshot",
                        "'\(beside)' is not a NAME\(snapshotSuffix) file beside the case (no folders, no '..')"))
            }
            let rel = (file.split(separator: "/").dropLast() + [Substring(beside)]).joined(separator: "/")
            let data = try read(rel, in: folder)
            hashed += [0] + data
            do { snapshot = try decodeWidgetSnapshot(Data(data)) } catch {
                throw InputError("\(folder.path(rel)): \(error.location.isEmpty ? "$" : error.location)", error.problem)
            }
        case let v?:
            throw at(
                InputError(
                    "$.snapshot", "expected a snapshot object or a NAME\(snapshotSuffix) file name, got \(v.kindName)"))
        }
        if snapshot != nil { arguments += ["--\(WidgetInputOptions.snapshot.name)", "case"] }

        let target: RenderTarget
        do {
            let a = try commandLine.parse(arguments)
            let input = try WidgetInputOptions.parse(a)
            let request = try RenderTarget.parse(a)
            let (s, asOf) = try input.resolveSnapshot { _ in snapshot! }
            target = request.with(snapshot: s, asOf: asOf, timeZone: input.timeZone)
        } catch {
            // `render`'s errors name the flag: a case names its option.
            let flag = error.location.hasPrefix("--") ? String(error.location.dropFirst(2)) : nil
            if flag == WidgetInputOptions.snapshot.name || flag == WidgetInputOptions.noSnapshot.name {
                throw at(
                    InputError("$.snapshot", error.problem.replacingOccurrences(of: "--snapshot", with: "a snapshot")))
            }
            throw at(InputError(flag.map { "$.options.\($0)" } ?? "$.options", error.problem))
        }
        return CaseFile(
            key: key, file: file, note: try text(.note), seed: try text(.seed), report: try text(.report),
            expect: expect,
            arguments: arguments, target: target, digest: Hash128.of(hashed).hex)
    }

    /// The case file `evidence pin` writes for a `render` command line: the options it was given (in
    /// the table's order; numbers as JSON numbers), the snapshot inline, then the notes. Parsed back
    /// before it is returned, so what is written is a case the gate reads and draws as `render` did.
    public static func compose(
        _ file: String, arguments a: ParsedArguments, snapshot: [UInt8]?, note: String?, seed: String?,
        report: String?, expect: [String], in folder: ContainedFolder
    ) throws(InputError) -> (bytes: [UInt8], case: CaseFile) {
        guard expect.count <= maxExpects else {
            throw InputError(
                "--expect", "given \(expect.count) times: more than the \(maxExpects) texts a case may expect")
        }
        if let long = expect.first(where: { $0.count > maxExpectCharacters }) {
            throw InputError(
                "--expect",
                "a text of \(long.count) characters: more than the \(maxExpectCharacters) an expected text may have")
        }
        var top: [(key: String, value: JSONValue)] = []
        for (f, v) in [(Field.note, note), (.seed, seed), (.report, report)] {
            if let v { top.append((f.rawValue, .string(v))) }
        }
        var opts: [(key: String, value: JSONValue)] = []
        for spec in options.all {
            if spec.isSwitch {
                if a.has(spec) { opts.append((spec.name, .bool(true))) }
                continue
            }
            guard let raw = a.given(spec) else { continue }
            // A value written as a JSON number reads back as the same words (`render`'s parser sees text either way).
            if case .number? = try? JSONValue.parse(Array(raw.utf8)) {
                opts.append((spec.name, .number(raw)))
            } else {
                opts.append((spec.name, .string(raw)))
            }
        }
        top.append((Field.options.rawValue, .object(opts)))
        if let snapshot {
            let value: JSONValue
            do { value = try JSONValue.parse(snapshot) } catch {
                throw InputError("--snapshot: \(error.location.isEmpty ? "$" : error.location)", error.problem)
            }
            top.append((Field.snapshot.rawValue, value))
        }
        if !expect.isEmpty { top.append((Field.expect.rawValue, .array(expect.map(JSONValue.string)))) }
        let bytes = Array((JSONValue.object(top).encoded() + "\n").utf8)
        guard bytes.count <= maxFileBytes else {
            throw InputError(
                folder.path(file), "would be \(bytes.count) bytes, more than the \(maxFileBytes) a case may be")
        }
        return (bytes, try parse(file, bytes: bytes, in: folder))
    }

    /// One option of a case as its command-line words: a string or number is the flag's value, `true`
    /// a switch. An unknown name is named with the nearest option.
    static func argument(_ name: String, _ value: JSONValue) -> Result<[String], InputError> {
        let path = "$.options.\(name)"
        guard let spec = options.spec(name) else {
            if name == WidgetInputOptions.snapshot.name {
                return .failure(
                    InputError(
                        path,
                        "a case's snapshot is its top-level 'snapshot' (inline, or a NAME\(snapshotSuffix) file beside "
                            + "it)"
                    ))
            }
            if gateOptions.contains(name) {
                return .failure(
                    InputError(path, "is not an option a case takes (tokens, output and report form are the gate's)"))
            }
            let hint = Suggestion.nearest(name, among: options.all.map(\.name)).map { "did you mean '\($0)'? " } ?? ""
            return .failure(
                InputError(
                    path, "unknown option; \(hint)a case takes \(options.all.map(\.name).joined(separator: ", "))"))
        }
        switch (value, spec.isSwitch) {
        case (.bool(true), true): return .success(["--\(name)"])
        case (_, true): return .failure(InputError(path, "a switch: write true, or leave it out"))
        case (.string(let s), false), (.number(let s), false): return .success(["--\(name)", s])
        case (let v, false): return .failure(InputError(path, "expected a string or a number, got \(v.kindName)"))
        }
    }

    /// The case's fixture: drawn once, with the facts the lost-meaning check and known findings
    /// read — when its scene or facts are first asked for, so a filtered run lists every case but
    /// draws only its own (issue #37).
    static func fixture(_ c: CaseFile, renderer: WidgetRenderer) -> Fixture {
        let drawn = MadeOnce { renderer.draw(c.target) }
        return Fixture(
            key: c.key, pinned: PinnedCase(file: c.file, digest: c.digest, expect: c.expect),
            draw: { _ in drawn.value.drawn })
    }

    /// The texts of `expect` a scene does not draw: one `lost-meaning` failure each.
    public static func unmetExpectations(_ pinned: PinnedCase, key: String, scene: Scene) -> [GateFailure] {
        let drawn = scene.nodes.compactMap { n -> [String]? in
            if case .text(let t) = n.content { return t.lines } else { return nil }
        }
        return pinned.expect.filter { want in
            !drawn.contains { lines in
                lines.contains { $0.contains(want) } || lines.joined(separator: " ").contains(want)
            }
        }.map { want in
            GateFailure(
                key: key, kind: .lostMeaning,
                detail: "Cases/\(pinned.file) expects \"\(want)\" drawn; the render does not draw it",
                remedy: .fixCaseExpectation)
        }
    }
}

extension RenderTarget {
    /// This request with its widget: the snapshot (nil: first run), the render moment and the zone.
    public func with(snapshot: WidgetSnapshot?, asOf: Date, timeZone: TimeZone) -> RenderTarget {
        switch self {
        case .android(var r):
            r.snapshot = snapshot
            r.asOf = asOf
            r.timeZone = timeZone
            return .android(r)
        case .ios(var r):
            r.snapshot = snapshot
            r.asOf = asOf
            r.timeZone = timeZone
            return .ios(r)
        }
    }
}

/// The cases of a folder as fixtures, read once per process per folder (the package's `Cases/` by default).
public enum CaseCatalog {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var loaded: [URL: Result<[CaseFile], InputError>] = [:]

    /// The folder's case files (cached).
    public static func files(_ root: URL = Project.current.cases) throws(InputError) -> [CaseFile] {
        lock.lock()
        defer { lock.unlock() }
        if let r = loaded[root] { return try r.get() }
        let r = Result { () throws(InputError) in try CaseFiles.load(root) }
        loaded[root] = r
        return try r.get()
    }

    /// Every case key, in order: nothing drawn.
    public static func keys(_ root: URL = Project.current.cases) throws(InputError) -> [String] {
        try files(root).map(\.key)
    }

    /// Every case, drawn on demand with the bundled fonts and tokens.
    public static func fixtures(_ root: URL = Project.current.cases) throws(InputError) -> [Fixture] {
        let cases = try files(root)
        if cases.isEmpty { return [] }
        let renderer = try FixtureCatalog.bundledRenderer.get()
        return cases.map { CaseFiles.fixture($0, renderer: renderer) }
    }
}

extension JSONValue {
    /// The value as JSON text, two spaces per level, members in their order (what `pin` writes).
    func encoded(_ indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return n
        case .string(let s): return Self.quote(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.encoded(inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let pairs):
            if pairs.isEmpty { return "{}" }
            return "{\n"
                + pairs.map { inner + Self.quote($0.key) + ": " + $0.value.encoded(inner) }.joined(separator: ",\n")
                + "\n" + indent + "}"
        }
    }

    static func quote(_ s: String) -> String {
        var out = "\""
        for u in s.unicodeScalars {
            switch u {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case _ where u.value < 0x20: out += String(format: "\\u%04x", u.value)
            default: out.unicodeScalars.append(u)
            }
        }
        return out + "\""
    }
}

extension WidgetSnapshot {
    /// The snapshot as the app writes it (`useWidgetSnapshot.ts`'s fields; absent optionals left
    /// out): what decodes back to this value.
    var json: JSONValue {
        let f = ISO8601DateFormatter()
        f.timeZone = TimeZone(identifier: "UTC")
        var o: [(key: String, value: JSONValue)] = [
            ("syncedAt", .string(f.string(from: syncedAt))), ("streak", .number(String(streak))),
            ("longestStreak", .number(String(longestStreak))),
            (
                "habits",
                .array(
                    habits.map { h in
                        .object(
                            (h.id.map { [("id", JSONValue.string($0))] } ?? []) + [
                                ("title", .string(h.title)), ("checkedInToday", .bool(h.checkedInToday)),
                            ])
                    })
            ),
        ]
        if let extendedToday { o.append(("extendedToday", .bool(extendedToday))) }
        if let streakMetaphor { o.append(("streakMetaphor", .string(streakMetaphor))) }
        if let coachLine { o.append(("coachLine", .string(coachLine))) }
        if let coachLineShort { o.append(("coachLineShort", .string(coachLineShort))) }
        o.append(("kindlingEnabled", .bool(kindlingEnabled)))
        return .object(o)
    }
}
