import EvidenceCore
import Foundation
import WidgetRaster

/// `--root DIR`, which every command takes: the project whose goldens, token folders and
/// known-findings file the command reads. Without it the project is found from the working folder
/// upward (`Project.discover`), as git finds its repository — never the path evidence was built at.
enum ProjectOption {
    static let spec = OptionSpec.value(
        "root", "DIR", "the project folder (its \(Project.configName) or \(Project.defaultGoldens)/)",
        default: .note("found from the working folder upward"))

    /// Takes `--root DIR` / `--root=DIR` out of `arguments` and resolves the project.
    static func resolve(_ arguments: inout [String]) throws(InputError) -> Project {
        var root: String?
        var kept: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "--" {
                kept += arguments[i...]
                break
            }
            if arg == "--root" || arg.hasPrefix("--root=") {
                if root != nil { throw InputError("--root", "given twice; name one project folder") }
                if arg == "--root" {
                    guard i + 1 < arguments.count else {
                        throw InputError("--root", "needs a value: the project folder")
                    }
                    root = arguments[i + 1]
                    i += 2
                } else {
                    root = String(arg.dropFirst("--root=".count))
                    i += 1
                }
                continue
            }
            kept.append(arg)
            i += 1
        }
        arguments = kept
        guard let root else { return try Project.discover() }
        guard !root.isEmpty else { throw InputError("--root", "empty path; name the project folder") }
        return try Project.at(root: URL(fileURLWithPath: root), origin: "--root")
    }
}

extension ProjectOption {
    /// What a command needs of the project. Outside one (`Project.searchedFrom`): `required` exits 2
    /// naming --root and the folder searched from; `optional` draws with the bundled tokens and says
    /// so once on stderr; `none` reads nothing of it.
    enum Need { case none, optional, required }

    /// Refuses a command that needs a project when none was found, or notes the bundled tokens.
    static func check(_ project: Project, need: Need, command: String) throws(InputError) {
        guard let searched = project.searchedFrom else { return }
        switch need {
        case .none: return
        case .required:
            throw InputError(
                "--root",
                "no project at or above \(searched.path) (no \(Project.configName) or \(Project.defaultGoldens)/); "
                    + "\(command) needs a project: run it in the checkout, or give --root DIR (the folder holding "
                    + "\(Project.configName) or \(Project.defaultGoldens)/)"
            )
        case .optional:
            printError(
                "evidence \(command): no project at or above \(searched.path); using the bundled tokens (give --root "
                    + "DIR for a project's)"
            )
        }
    }
}

// Each command's need, declared here so the rule reads in one place (the default is `optional`).
extension HelpCommand { static func projectNeed(_: ParsedArguments) -> ProjectOption.Need { .none } }
extension VersionCommand { static func projectNeed(_: ParsedArguments) -> ProjectOption.Need { .none } }
extension ReportCommand { static func projectNeed(_: ParsedArguments) -> ProjectOption.Need { .none } }
extension ProjectOption {
    /// A command whose input folder is named on its command line (`--goldens DIR`, `--android-res DIR`)
    /// reads that, not a project: it needs none, and says nothing of the project it did not look for.
    static func unlessNamed(_ a: ParsedArguments, _ flags: OptionSpec...) -> Need {
        flags.contains { a.given($0) != nil } ? .none : .required
    }
}
extension VerifyCommand {
    static func projectNeed(_ a: ParsedArguments) -> ProjectOption.Need {
        ProjectOption.unlessNamed(a, GateArguments.goldens)
    }
}
extension RecordCommand {
    static func projectNeed(_ a: ParsedArguments) -> ProjectOption.Need {
        ProjectOption.unlessNamed(a, GateArguments.goldens)
    }
}
extension BenchCommand {
    static func projectNeed(_ a: ParsedArguments) -> ProjectOption.Need {
        ProjectOption.unlessNamed(a, GateArguments.goldens)
    }
}
extension GalleryCommand {
    static func projectNeed(_ a: ParsedArguments) -> ProjectOption.Need {
        ProjectOption.unlessNamed(a, GateArguments.goldens)
    }
}
extension PinCommand { static func projectNeed(_: ParsedArguments) -> ProjectOption.Need { .required } }
extension SheetCommand { static func projectNeed(_: ParsedArguments) -> ProjectOption.Need { .required } }
extension ContrastCommand {
    /// The audit of named token folders needs no project; the bundled audit and the render checks do.
    static func projectNeed(_ a: ParsedArguments) -> ProjectOption.Need {
        ProjectOption.unlessNamed(a, androidRes, iosAssets)
    }
}

extension ProjectOption {
    /// The `--root` paragraph of docs/reference/cli.md, its command lists read from each command's need.
    static var markdown: String {
        func names(_ need: Need) -> String {
            allCommands.filter { $0.projectNeed(ParsedArguments()) == need }.map { "`\($0.name)`" }.joined(
                separator: ", ")
        }
        return """
            `--root DIR` (every command) names the project checked — its `\(Project.configName)`, goldens, token
            folders, case files and known findings; without it the project is the nearest folder at or above
            the working folder holding `\(Project.configName)` or `\(Project.defaultGoldens)/`. Outside any project,
            \(names(.optional)) use the tokens compiled into evidence and say so once on stderr;
            \(names(.required)) exit 2 naming `--root` and the folder searched from — unless the
            folder they read is named: `--goldens DIR` (`verify`, `record`, `bench`, `gallery`), or
            `--android-res` / `--ios-assets` (`contrast`).
            """
    }
}
