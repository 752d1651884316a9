import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

/// Issue #57's CLI part: each option declared once (its storage, its parse and its help), `-o`
/// checked in one place, and the kinds `render --json`'s help lists read from the registry.
@Suite struct DeclaredArgumentsTests {
    enum Fruit: String, CaseIterable { case apple, pear }

    struct Tokens: ParsableArguments {
        static let title: String? = "tokens:"
        @Option(.value("res", "DIR", "a res folder")) var res: String?
    }

    struct Example: ParsableArguments {
        @Option(.value("count", "N", "how many", check: .int(1...9), default: .value("3"))) var count: Int
        @Option(.flag("json", "machine output")) var json: Bool
        @Option(.value("fruit", nil, "which", check: .choice(Fruit.allCases.map(\.rawValue)), default: .value("pear")))
        var fruit: Fruit
        @Option(.value("from", "FILE", "an input", repeats: true)) var from: [String]
        @Option(.value("name", "TEXT", "its name", required: "the name to give")) var name: String
        @OptionGroup var tokens: Tokens
    }

    /// The table is the declarations, in the order written; the group's section after the struct's own.
    @Test func theTableIsTheDeclarations() {
        let t = Example.table
        expectTrue(t.sections.map(\.title) == [nil, "tokens:"])
        expectTrue(t.all.map(\.name) == ["count", "json", "fruit", "from", "name", "res"])
        expectTrue(t.help.contains("  --count N          how many (1…9; default 3)"), "\(t.help)")
    }

    /// The property's type picks the read: a default, a switch, an enum word, every value, a required value.
    @Test func eachPropertyReadsItsValue() throws {
        let e = try Example.parse([
            "--json", "--fruit", "APPLE", "--from", "a", "--from", "b", "--name", "x", "--res", "r",
        ])
        expectTrue(
            e.count == 3 && e.json && e.fruit == .apple && e.from == ["a", "b"] && e.name == "x" && e.tokens.res == "r")
        expectTrue(e.$count == Example.table.spec("count"))
        #expect { try Example.parse(["--count", "12", "--name", "x"]) } throws: {
            "\($0)" == "--count: 12 is outside 1…9"
        }
        #expect { try Example.parse([]) } throws: { "\($0)" == "--name: required: the name to give" }
    }

    /// `render --json`'s help lists every kind a check reports on a render, from the registry.
    @Test func renderJSONHelpListsEveryRenderKind() {
        let kinds = CheckRegistry.checks.filter { $0.stages.contains(.render) }.map(\.kind.rawValue)
        expectTrue(kinds.contains("lost-meaning"))
        let help = RenderCommand.help.replacingOccurrences(of: "\n", with: " ")
        for k in kinds { expectTrue(help.contains(k), "render --help lacks \(k)") }
        for c in FindingClass.allCases { expectTrue(help.contains(c.rawValue), "render --help lacks \(c.rawValue)") }
    }

    /// Every option that names a path a command writes is declared as an output, so OutputGuard
    /// (the one place outputs are checked) sees it: none is left to a command's own check.
    @Test func everyWrittenPathIsDeclaredAsAnOutput() {
        for cmd in allCommands {
            for spec in cmd.options.all
            where ["output", "html", "junit"].contains(spec.name) || (spec.name == "report" && spec.valueName == "DIR")
            {
                expectTrue(spec.output != nil, "\(cmd.name) --\(spec.name) is not declared as an output")
            }
        }
    }

    /// A required `-o` is refused by the guard with the declaration's words, before any work.
    @Test(arguments: [
        (["render", "--fixture", HostileCaseTests.realEntry], "evidence render: -o: required: the PNG file to write"),
        (["timeline", "--snapshot", "s.json"], "evidence timeline: -o: required: the PNG file to write"),
        (["sheet"], "evidence sheet: -o: required: the PNG file to write"),
        (["gallery"], "evidence gallery: -o: required: the folder to write"),
        (["render", "-o", ""], "evidence render: -o: empty path; name the file to write"),
        (["report", "--from", "r.json", "-o", ""], "evidence report: -o: empty path; name the folder to write"),
    ])
    func aRequiredOutputIsCheckedOnce(args: [String], line: String) throws {
        let dir = try PrivateFolder.make("evidence-declared")
        defer { dir.remove() }
        let r = try HostileCaseTests.evidence(args + ["--root", PackagePaths.root.path], in: dir.url)
        expectTrue(r.code == 2 && r.err == line + "\n", "\(args): \(r.err)")
    }
}
