import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

/// Issue #57 and #55: each command's options declared once. A property over the registry: what a
/// command's `--help` lists is exactly what its declared arguments parse.
@Suite struct CommandOptionsTests {
    /// Every command declares its options as the properties of its `Arguments`.
    static var declared: [any DeclaredCommand.Type] { allCommands.compactMap { $0 as? any DeclaredCommand.Type } }

    @Test func everyCommandDeclaresItsOptions() {
        for cmd in allCommands {
            expectTrue(cmd is any DeclaredCommand.Type, "\(cmd.name) does not declare its options as its Arguments")
        }
    }

    /// The least a command's parse needs to read every option (its required ones given).
    static let minimal: [String: [String]] = [
        "render": ["-o", "x.png"], "sheet": ["-o", "x.png"], "gallery": ["-o", "page"], "report": ["--from", "r.json"],
        "timeline": [
            "--snapshot", "s.json", "--from", "2026-03-28T22:30:00+01:00", "--time-zone", "UTC", "-o", "x.png",
        ],
        "resolve": ["--no-snapshot", "--as-of", "2026-03-08T09:00:00Z", "--time-zone", "UTC"],
        "pin": ["--name", "t/x"], "map": ["--json"],
    ]
    /// Options a command reads though its table does not declare them, each with why. `map` plans
    /// its own axes: `RenderTarget.parse` (WidgetRaster's, shared with render and the case files)
    /// also reads the single-size flags, which map's table leaves out, so they read as absent.
    static let readUndeclared: [String: Set<String>] = [
        "map": ["width", "height", "font-scale", "device-class", "text-size"]
    ]

    /// Each option the command reads is one its table (and so `--help`) lists, and each option it
    /// lists is read: nothing parsed undocumented, nothing documented and ignored. What the command
    /// asks of the arguments before it runs (the project it needs, the folders it owns) counts too.
    @Test func everyCommandsHelpListsExactlyTheOptionsItParses() throws {
        for cmd in Self.declared {
            let listed = Set(cmd.options.all.map(\.name))
            let parsed = try cmd.options.parse(Self.minimal[cmd.name] ?? [])
            _ = cmd.projectNeed(parsed)
            _ = try? cmd.ownedOutputs(parsed)
            let read = cmd.optionsRead(parsed)
            let undeclared = read.subtracting(listed)
            expectTrue(
                undeclared == Self.readUndeclared[cmd.name] ?? [],
                "\(cmd.name) reads options its --help does not list: \(undeclared.sorted())")
            expectTrue(
                listed.subtracting(read).isEmpty,
                "\(cmd.name) lists options it never reads: \(listed.subtracting(read).sorted())")
        }
    }

    /// `--help` prints every option of the table, once, and no flag the table lacks.
    @Test func everyCommandsHelpPrintsItsTable() {
        for cmd in allCommands {
            let specs = cmd.options.all + [OptionTable.helpOption]
            let lines = cmd.help.split(separator: "\n").map(String.init)
            // An option line: two spaces, then `-x, --name` or `--name`.
            let printed = lines.compactMap { line -> String? in
                guard line.hasPrefix("  -"), !line.hasPrefix("   ") else { return nil }
                let sig =
                    line.dropFirst(2).split(separator: " ").prefix { $0.hasPrefix("-") }.last.map(String.init) ?? ""
                return sig.hasPrefix("--")
                    ? String(sig.dropFirst(2)).trimmingCharacters(in: CharacterSet(charactersIn: ",")) : nil
            }
            expectTrue(
                printed.sorted() == specs.map(\.name).sorted(),
                "\(cmd.name): --help prints \(printed), the table has \(specs.map(\.name))")
        }
    }
}
