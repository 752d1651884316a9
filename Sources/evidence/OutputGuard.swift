import Foundation
import WidgetRaster

/// Issue #34's "outputs never touch inputs", for every command at once, before any work: each
/// output a command's flags name (given, or its declared default such as report's `./report`) is
/// refused when it is, holds or lies inside something a run reads — the goldens folder (and its
/// manifest), a token folder, known-findings.json, the bundled fonts, a `--from` result or a
/// snapshot. The project's own inputs are protected whatever the flags say.
enum OutputGuard {
    /// Flags whose value is a path the command writes.
    static let outputFlags = ["output", "report", "html", "junit"]
    /// Flags whose value is a path the command reads, with what it is.
    static let inputFlags: [(flag: String, what: String)] = [
        ("goldens", "the goldens folder"), ("android-res", "the token folder"), ("ios-assets", "the token folder"),
        ("from", "the --from input"), ("snapshot", "the snapshot"),
    ]

    static func check(_ a: ParsedArguments, options: OptionTable,
                      environment: [String: String] = ProcessInfo.processInfo.environment) throws(InputError) {
        var outputs: [(flag: String, path: String)] = []
        for name in outputFlags {
            guard let spec = options.spec(name), let path = a.string(spec), !path.isEmpty else { continue }
            outputs.append((spec.short.map { "-\($0)" } ?? "--\(name)", path))
        }
        // verify and report append their summary to this file.
        if options.spec("junit") != nil, let summary = environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            outputs.append(("$GITHUB_STEP_SUMMARY", summary))
        }
        guard !outputs.isEmpty else { return }
        let inputs = protectedInputs(a, options: options)
        for o in outputs { try ProtectedInput.check(output: o.path, flag: o.flag, against: inputs) }
    }

    static func protectedInputs(_ a: ParsedArguments, options: OptionTable) -> [ProtectedInput] {
        // The project's own inputs (`--root` or found from the working folder; the fonts are in the binary).
        let project = Project.current
        var inputs = [
            ProtectedInput("the project's goldens folder", project.goldens.path),
            ProtectedInput("the known-findings file", project.knownFindings.path),
        ]
        // Bundled tokens (`evidence:Tokens/…`) are in the binary: no file to protect.
        for tokens in [project.androidTokens, project.iosTokens] where BundledTokens.path(of: tokens) == nil {
            inputs.append(ProtectedInput("the project's token folder", tokens.path))
        }
        for (flag, what) in inputFlags {
            guard let spec = options.spec(flag) else { continue }
            for path in a.values(spec) + [a.given(spec)].compactMap({ $0 }) where !path.isEmpty && path != "-" {
                inputs.append(ProtectedInput(what, path))
            }
        }
        // Positional arguments are files read (compare's EXPECTED.png and ACTUAL.png).
        inputs += a.positionals.filter { !$0.isEmpty && $0 != "-" }.map { ProtectedInput("the input", $0) }
        return inputs
    }
}
