import Foundation
import WidgetRaster


struct HelpCommand: EvidenceCommand {
    static let name = "help"
    static let summary = "List the commands, or show one command's options: evidence help <command>"
    static let help = "usage: evidence help [command]"
    static func run(_ args: [String]) throws -> Int32 {
        if let name = args.first {
            guard let cmd = allCommands.first(where: { $0.name == name }) else {
                throw InputError(quoted(name), "unknown command; run 'evidence help' for the list")
            }
            print(cmd.help)
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

        exit codes: 0 all good · 1 a check failed · 2 bad usage or unreadable input
        """)
        return 0
    }
}

prepareStandardStreams()
installInterruptCleanup()
let argv = Array(CommandLine.arguments.dropFirst())
let commandName = argv.first ?? "help"
let rest = Array(argv.dropFirst())
let code: Int32
if ["-h", "--help"].contains(commandName) {
    code = (try? HelpCommand.run([])) ?? 0
} else if let cmd = allCommands.first(where: { $0.name == commandName }) {
    if rest.contains("--help") || rest.contains("-h") {
        print(cmd.help)
        code = 0
    } else {
        do {
            code = try cmd.run(rest)
        } catch let e as InputError {
            printError("evidence \(escapeControls(commandName)): \(e)")
            code = 2
        } catch {
            printError("evidence \(escapeControls(commandName)): \(escapeControls("\(error)"))")
            code = 2
        }
    }
} else {
    printError("evidence: unknown command \(quoted(commandName)); run 'evidence help' for the list")
    code = 2
}
exit(finishOutput(code, command: escapeControls(commandName)))
