import EvidenceCore
import WidgetRaster

/// One `evidence <name>` subcommand. Each lives in its own file under Commands/ and is listed
/// once in `allCommands` (Registry.swift).
protocol EvidenceCommand {
    static var name: String { get }
    /// One line for `evidence help`.
    static var summary: String { get }
    /// The top of `--help`: usage lines and what the command does.
    static var usage: String { get }
    /// Every option the command accepts, declared once: main.swift parses the arguments with it and
    /// `--help` prints it, so the two cannot disagree. Every command is a `DeclaredCommand`, whose
    /// table is read off its `Arguments`.
    static var options: OptionTable { get }
    /// The end of `--help` (examples, exit codes); may be empty.
    static var notes: String { get }
    /// Runs with the arguments parsed against `options`. Returns the exit code (0 ok, 1 check
    /// failed); throws `InputError` for bad usage or unreadable input (exit 2).
    static func run(_ args: ParsedArguments) throws -> Int32
    /// Whether the command reads a project (`ProjectOption.Need`; each command's answer is in ProjectOption.swift).
    static func projectNeed(_ args: ParsedArguments) -> ProjectOption.Need
    /// The folders and files the command writes that no output flag names (record's goldens, pin's
    /// case file), for `OutputGuard`; none by default.
    static func ownedOutputs(_ args: ParsedArguments) throws -> [OutputAllowList.Output]
}

extension EvidenceCommand {
    static var notes: String { "" }
    static func projectNeed(_ args: ParsedArguments) -> ProjectOption.Need { .optional }
    static func ownedOutputs(_ args: ParsedArguments) throws -> [OutputAllowList.Output] { [] }

    /// `evidence <name> --help`: usage, the option table, the notes.
    static var help: String {
        let untitled = options.sections.first?.title == nil
        return usage + "\n\n" + (untitled ? "options:\n" : "") + options.help + (notes.isEmpty ? "" : "\n\n" + notes)
    }

    /// Parses and runs: the only way a command receives its arguments.
    static func run(_ arguments: [String]) throws -> Int32 {
        let parsed = try options.parse(arguments)
        try ProjectOption.check(Project.current, need: projectNeed(parsed), command: name)
        try OutputGuard.check(parsed, options: options, owned: try ownedOutputs(parsed))
        return try run(parsed)
    }
}
