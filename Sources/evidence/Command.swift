import WidgetRaster

/// One `evidence <name>` subcommand. Each lives in its own file under Commands/ and is listed
/// once in `allCommands` (main.swift).
protocol EvidenceCommand {
    static var name: String { get }
    /// One line for `evidence help`.
    static var summary: String { get }
    /// Full text for `evidence <name> --help`: usage line, options, examples.
    static var help: String { get }
    /// Runs with the arguments after the command name. Returns the exit code (0 ok, 1 check failed);
    /// throws `InputError` for bad usage or unreadable input (exit 2).
    static func run(_ args: [String]) throws -> Int32
}
