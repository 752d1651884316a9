import Foundation
import WidgetRaster


struct HelpCommand: EvidenceCommand {
    static let name = "help"
    static let summary = "List the commands, or show one command's options: evidence help <command>"
    static let usage = "usage: evidence help [command] [--markdown]"
    static let options = OptionTable([
        .flag("markdown", "every command's options as the Markdown table in README.md's Commands section"),
    ], positionals: ["command"])
    static func run(_ a: ParsedArguments) throws -> Int32 {
        if a.has("markdown") {
            print(optionsMarkdown, terminator: "")
            return 0
        }
        if let name = a.positionals.first {
            print(try command(named: name).help)
            return 0
        }
        print("""
        evidence — headless renders of the habit widget, gated against committed goldens.

        usage: evidence <command> [options]     (evidence <command> --help for its options)

        commands:
        """)
        for cmd in allCommands {
            print("  " + cmd.name.padding(toLength: 10, withPad: " ", startingAt: 0) + cmd.summary)
        }
        print("""

        --root DIR (any command): the project checked — its \(Project.configName), goldens, token folders
        and known findings; by default the nearest folder at or above the working folder holding
        \(Project.configName) or \(Project.defaultGoldens)/. The bundled fonts are compiled into evidence.
        --version prints the tool and renderer versions; --help this list.
        exit codes: 0 all good · 1 a check failed · 2 bad usage or unreadable input
        """)
        return 0
    }

    /// README.md's table of every option, generated from the tables (CLIParseTests checks the README holds it).
    static var optionsMarkdown: String {
        var out = "| command | options (`evidence <command> --help` for what each does, its default and range) |\n|---|---|\n"
        for cmd in allCommands {
            let opts = cmd.options.all.map { "`\($0.signature.replacingOccurrences(of: "|", with: "\\|"))`" + ($0.repeats ? " (repeatable)" : "") }
            out += "| `\(cmd.name)` | \(opts.isEmpty ? "—" : opts.joined(separator: " "))" + " |\n"
        }
        return out
    }

    /// The command called `name`, or a usage error with the nearest name when it looks like a typo.
    static func command(named name: String) throws -> any EvidenceCommand.Type {
        if let cmd = allCommands.first(where: { $0.name == name }) { return cmd }
        let hint = Suggestion.nearest(name, among: allCommands.map { $0.name }).map { "did you mean '\($0)'? " } ?? ""
        throw InputError("", "unknown command \(quoted(name)); \(hint)run 'evidence help' for the list")
    }
}

prepareStandardStreams()
checkOpenFileHeadroom()
checkAddressSpaceHeadroom()
installInterruptCleanup()
let argv = Array(CommandLine.arguments.dropFirst())
let commandName = argv.first ?? "help"
var rest = Array(argv.dropFirst())
let code: Int32
if ["-h", "--help"].contains(commandName) {
    code = (try? HelpCommand.run(ParsedArguments())) ?? 0
} else {
    do {
        let cmd: any EvidenceCommand.Type = commandName == "--version" ? VersionCommand.self : try HelpCommand.command(named: commandName)
        if rest.contains("--help") || rest.contains("-h") {
            print(cmd.help)
            code = 0
        } else {
            do {
                Project.use(try ProjectOption.resolve(&rest))
                code = try cmd.run(rest)
            } catch let e as InputError {
                printError("evidence \(escapeControls(cmd.name)): \(e)")
                code = 2
            } catch {
                printError("evidence \(escapeControls(cmd.name)): \(escapeControls("\(error)"))")
                code = 2
            }
        }
    } catch {
        printError("evidence: \(error)")
        code = 2
    }
}
exit(finishOutput(code, command: escapeControls(commandName)))
