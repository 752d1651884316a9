import EvidenceCore
import Foundation
import WidgetModel
import WidgetRaster
import WidgetScene
import WidgetText

/// `evidence pin`: a reproduced report becomes a case file in one command (issue #36) — `render`'s
/// own widget and size options, written to `Cases/NAME.json`; `record --mode missing` then records
/// its golden and `verify` checks it like every other fixture.
struct PinCommand: DeclaredCommand {
    static let name = "pin"
    static let summary = "Write a render command line as a case file (Cases/NAME.json): a golden without Swift"
    static let usage = """
        usage: evidence pin --name PATH [--snapshot FILE|--no-snapshot|widget options] [size options]
                            [--note TEXT] [--seed TEXT] [--report ID] [--expect TEXT]… [--cases DIR] [--force]

        Takes the widget and size options 'evidence render' takes and writes them, with the snapshot
        inline, to the case file Cases/PATH.json — the fixture cases/PATH, its golden
        Goldens/cases/PATH.png. The case is read back and drawn before anything is written. Then
        'evidence record --mode missing' records its golden (add a filter of cases/PATH for it alone) and
        'evidence verify' checks it with every other fixture.
        e.g. the OBJ-2428 narrow-Large report:
          evidence pin --platform android --family large --width 230 --height 330 --snapshot snap.json \\
                       --as-of 2026-09-17T08:30:00+02:00 --time-zone Europe/Berlin --name reported/obj-2428
        An existing case is never replaced without --force. Guide: docs/guides/pinning-a-report.md.
        """
    static let caseName = OptionSpec.value(
        "name", "PATH",
        "the case's path below Cases/, e.g. reported/obj-2428 (.json is added;\nletters, digits, - _ . and /, no '..')")
    static let note = OptionSpec.value("note", "TEXT", "what the case shows and why it is pinned")
    static let seed = OptionSpec.value("seed", "TEXT", "the seed passage it comes from (section and quote)")
    static let report = OptionSpec.value("report", "ID", "the bug report it reproduces, e.g. OBJ-2428")
    static let expect = OptionSpec.value(
        "expect", "TEXT", "a text the render must draw (verify fails as lost-meaning without it)", repeats: true)
    static let force = OptionSpec.flag("force", "replace an existing case file")
    /// The case to write: its file, the widget and size it pins (as parsed, and the arguments
    /// `CaseFiles.compose` writes into it), and what is said about it.
    struct Form {
        var file: String
        var widget: AdHocRenderOptions
        var arguments: ParsedArguments
        var note: String?, seed: String?, report: String?
        var expect: [String]
        var cases: String?
        var force: Bool
    }
    struct Arguments: ParsableArguments {
        @TableGroup(
            WidgetInputOptions.options + RenderTarget.options
                + OptionTable([.init("the case:", [caseName, note, seed, report, expect, GateArguments.cases, force])]),
            read: PinCommand.read)
        var form: Form
    }
    /// The name's own errors first, before anything is read; then the same parse render makes, so an
    /// option render refuses is refused here with render's words.
    static func read(_ a: ParsedArguments) throws(InputError) -> Form {
        let file = try caseFile(a)
        return Form(
            file: file, widget: try AdHocRenderOptions.parseWidget(a), arguments: a, note: a.given(note),
            seed: a.given(seed),
            report: a.given(report), expect: a.values(expect), cases: a.given(GateArguments.cases), force: a.has(force))
    }

    /// The case file `--name` names, below the cases folder; the name's own errors before anything is read.
    static func caseFile(_ a: ParsedArguments) throws(InputError) -> String {
        guard var path = a.given(caseName), !path.isEmpty else {
            throw InputError("--name", "required: the case's path below Cases/, e.g. reported/mine")
        }
        if path.hasSuffix(".json") { path.removeLast(".json".count) }
        if path.hasSuffix(".snapshot") {
            throw InputError("--name", "'\(path)' ends in .snapshot, the name of a snapshot beside a case")
        }
        let file = path + ".json"
        _ = try CaseFiles.key(forFile: file)
        return file
    }

    /// pin owns the cases folder and writes its one file there (`OutputGuard`: `--cases Goldens`,
    /// `--cases .` or a case file that is also `--snapshot` are refused before anything is read).
    static func ownedOutputs(_ a: ParsedArguments) throws -> [OutputAllowList.Output] {
        let root = try GateArguments.casesFolder(a, mustExist: false)
        return [
            .init("--cases", root.path, .ownedFolder(role: "cases")),
            .init("--name", root.appendingPathComponent(try caseFile(a)).path, .ownedFile(role: "cases")),
        ]
    }

    static func run(_ a: Arguments) throws -> Int32 {
        let form = a.form
        let file = a.form.file
        let root = try GateArguments.casesFolder(given: form.cases, mustExist: false)
        let folder = ContainedFolder(root)
        let o = form.widget
        var snapshot: [UInt8]?
        if case .file(let source) = o.input.source {
            let (data, name) = try readSnapshotFile(source)
            _ = try decodeSnapshot(data, name: name)  // its errors name the snapshot file, not the case
            snapshot = Array(data)
        }
        try checkFolder(root)
        // pin owns the cases folder: what a killed pin left is swept, and the caps hold before writing.
        for t in folder.removeStaleTempFiles() {
            printError("note: removed \(quoted(t)), a temp file an interrupted pin left")
        }
        // Read no further than a case file's bound: a larger one is refused here as every command
        // that loads the cases refuses it (issue #55: it was read up to the 256 MB input cap).
        let exists = try CaseFiles.readIfPresent(file, in: folder) != nil
        if !exists, FileManager.default.fileExists(atPath: root.path) {
            let count = try CaseFiles.load(root).count
            guard count < CaseFiles.maxFiles else {
                throw InputError(
                    root.path,
                    "holds \(count) case files, the \(CaseFiles.maxFiles) a cases folder may hold; remove some first")
            }
        }
        if exists, !form.force {
            throw InputError(root.appendingPathComponent(file).path, "exists; pass --force to replace it")
        }
        let (bytes, pinned) = try CaseFiles.compose(
            file, arguments: form.arguments, snapshot: snapshot, note: form.note, seed: form.seed,
            report: form.report, expect: form.expect, in: folder)
        // Drawn once before it is written: a case that cannot be drawn is never pinned.
        let fonts = try FontLibrary.bundled.get()
        let drawn = WidgetRenderer(
            fonts: fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled()
        ).draw(pinned.target)
        let missing = CaseFiles.unmetExpectations(
            PinnedCase(file: file, digest: pinned.digest, expect: pinned.expect),
            key: pinned.key, scene: drawn.scene)
        for m in missing { printError("warning: \(m.detail)") }
        if !FileManager.default.fileExists(atPath: root.path) {
            guard mkdir(root.path, 0o755) == 0 || errno == EEXIST else {
                throw InputError(root.path, "cannot create the cases folder: \(String(cString: strerror(errno)))")
            }
        }
        // Created only where no case is, unless --force: of two pins of one name, one wins.
        // A write that fails (a full disk, `ulimit -f`) leaves none of the folders it made (rmdir: only empty ones).
        let made = Self.missingFolders(of: file, in: root)
        do { try folder.write(bytes, to: file, replacing: form.force) } catch {
            for dir in made.reversed() { rmdir(dir) }
            throw error
        }
        print(
            "wrote \(root.appendingPathComponent(file).path): fixture \(pinned.key) "
                + "(\(drawn.scene.pixelWidth)×\(drawn.scene.pixelHeight) px)"
        )
        print("next: evidence record --mode missing --filter '\(pinned.key)'")
        return 0
    }

    /// The folders between `root` and the case file `file` that do not exist yet, outermost first.
    static func missingFolders(of file: String, in root: URL) -> [String] {
        var path = root.path
        var missing: [String] = []
        for part in file.split(separator: "/").dropLast() {
            path += "/" + part
            var st = stat()
            if lstat(path, &st) != 0 { missing.append(path) }
        }
        return missing
    }

    /// The cases folder is a real folder or absent (then made), never a link or a file.
    static func checkFolder(_ root: URL) throws(InputError) {
        var st = stat()
        guard lstat(root.path, &st) == 0 else {
            guard FileManager.default.fileExists(atPath: root.deletingLastPathComponent().path) else {
                throw InputError(root.path, "its parent folder does not exist")
            }
            return
        }
        guard st.st_mode & S_IFMT == S_IFDIR else {
            throw InputError(root.path, "is not a folder; case files are written only into a real Cases/ folder")
        }
    }
}
