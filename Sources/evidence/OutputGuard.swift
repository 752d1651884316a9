import EvidenceCore
import Foundation
import WidgetRaster
import WidgetScene

/// Issue #34's "outputs never touch inputs" and issue #55's allow-list, for every command at once,
/// before any work: each output a command's flags name (given, or its declared default such as
/// verify's `./report`), and the folders and files it owns (record's goldens, pin's case file), is
/// refused when it is, holds or lies inside something a run reads — a flag's input, the project's
/// own entries — and, inside the project, when it lands anywhere but a folder the command owns or
/// a new place (`OutputAllowList`). Paths are compared as the kernel resolves them (`KernelPath`).
enum OutputGuard {
    /// Flags whose value is a path the command reads, with what it is and the role that may own it.
    static let inputFlags: [(flag: String, what: String, role: String?)] = [
        ("goldens", "the goldens folder", "goldens"), ("cases", "the case files", "cases"),
        ("android-res", "the token folder", nil), ("ios-assets", "the token folder", nil),
        ("from", "the --from input", nil), ("snapshot", "the snapshot", nil),
        ("accept", "the accept file", nil), ("prepared", "the --prepared goldens folder", "prepared"),
    ]

    static func check(
        _ a: ParsedArguments, options: OptionTable, owned: [OutputAllowList.Output] = [],
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) throws(InputError) {
        var outputs = owned
        // Every option declared as an output (`OptionSpec.output`), checked here and nowhere else.
        for spec in options.all {
            guard let writes = spec.output, let path = try declaredOutput(spec, a, options: options) else { continue }
            let kind: OutputAllowList.Kind =
                switch writes {
                case .png: .png
                case .junit: .junit
                case .folder: .ownedFolder(role: nil)
                }
            outputs.append(.init(spec.flagName, path, kind))
        }
        // verify and report append their summary to this file.
        if options.spec("junit") != nil, let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            outputs.append(.init("$GITHUB_STEP_SUMMARY", summary, .appended))
        }
        guard !outputs.isEmpty else { return }
        let inputs = protectedInputs(a, options: options)
        for o in outputs {
            let role: String? =
                switch o.kind {
                case .ownedFolder(let r): r
                case .ownedFile(let r): r
                case .png, .junit, .appended: nil
                }
            try ProtectedInput.check(
                output: o.path, flag: o.flag, against: inputs.filter { role == nil || $0.role != role })
        }
        let allowList = OutputAllowList(project: Project.current)
        try allowList.check(outputs)
        var roots = [allowList.root]
        // `--root` naming another project does not unprotect the one the working folder is in.
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        if let (here, _) = Project.findRoot(from: cwd),
            KernelPath.resolve(here.path) != KernelPath.resolve(Project.current.root.path),
            let project = try? Project.at(root: here, origin: "the working folder")
        {
            let other = OutputAllowList(project: project)
            try other.check(outputs)
            roots.append(other.root)
        }
        // What passed, as it resolved now: each write confirms it still lands there (WriteConfirmation.swift).
        OutputApprovals.activate(
            outputs: outputs.map { KernelPath.resolve($0.path) },
            protected: roots + inputs.map { KernelPath.resolve($0.path) })
    }

    /// The path an output option names (given, or its declared default), or nil when it writes
    /// nothing this run; refused when a required one is absent, when it is empty, or `-`; a file
    /// output must be replaceable (so a long render never ends in "cannot write").
    static func declaredOutput(_ spec: OptionSpec, _ a: ParsedArguments, options: OptionTable) throws(InputError)
        -> String?
    {
        let folder = spec.output == .folder
        guard let path = a.string(spec) else {
            if let what = spec.required { throw InputError(spec.flagName, "required: \(what)") }
            return nil
        }
        // verify's default ./report is not written when --html names the page folder (its images go there).
        if spec.name == "report", a.given(spec) == nil, options.spec("html").flatMap({ a.given($0) }) != nil {
            return nil
        }
        guard !path.isEmpty else {
            throw InputError(spec.flagName, "empty path; name the \(folder ? "folder" : "file") to write")
        }
        try refuseStandardOutput(spec.flagName, path, folder: folder)
        if !folder { try OutputFile.check(path) }
        return path
    }

    /// `-o -` means standard output by convention, but a PNG, a JUnit file or a page folder goes to
    /// a file: writing one called `-` surprised (issue #55), and the PNG would mix with the lines
    /// `render` prints. So `-` is refused, naming the spelling of a file called `-`.
    static func refuseStandardOutput(_ flag: String, _ path: String, folder: Bool) throws(InputError) {
        guard path == "-" else { return }
        let what = folder ? "a folder" : "a file"
        throw InputError(
            flag,
            "'-' (standard output) is not an output here: this output is \(what) — name it (./- for \(what) called '-')"
        )
    }

    static func protectedInputs(_ a: ParsedArguments, options: OptionTable) -> [ProtectedInput] {
        // The project's own inputs (`--root` or found from the working folder; the fonts are in the binary).
        let project = Project.current
        var inputs = [
            ProtectedInput("the project's goldens folder", project.goldens.path, role: "goldens"),
            ProtectedInput("the project's case files", project.cases.path, role: "cases"),
            ProtectedInput("the known-findings file", project.knownFindings.path),
        ]
        // Bundled tokens (`evidence:Tokens/…`) are in the binary: no file to protect.
        for tokens in [project.androidTokens, project.iosTokens] where BundledTokens.path(of: tokens) == nil {
            inputs.append(ProtectedInput("the project's token folder", tokens.path))
        }
        for (flag, what, role) in inputFlags {
            guard let spec = options.spec(flag) else { continue }
            for path in a.values(spec) + [a.given(spec)].compactMap({ $0 }) where !path.isEmpty && path != "-" {
                inputs.append(ProtectedInput(what, path, role: role))
            }
        }
        // Positional arguments are files read (compare's EXPECTED.png and ACTUAL.png).
        inputs += a.positionals.filter { !$0.isEmpty && $0 != "-" }.map { ProtectedInput("the input", $0) }
        return inputs
    }
}
