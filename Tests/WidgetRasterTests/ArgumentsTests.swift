import EvidenceCore
import Testing

@testable import WidgetRaster

@Suite struct ArgumentsTests {
    @Test func bothFlagForms() throws {
        let width = OptionSpec.value("width", "W", "")
        let height = OptionSpec.value("height", "H", "")
        let output = OptionSpec.value("output", "FILE", "", short: "o")
        let json = OptionSpec.flag("json", "")
        let a = try OptionTable([width, height, output, json]).parse([
            "--width", "130", "--height=155", "--json", "-o", "x.png",
        ])
        expectTrue(a.given(width) == "130")
        expectTrue(a.given(height) == "155")
        expectTrue(a.has(json))
        expectTrue(a.given(output) == "x.png")
        expectTrue(
            a
                == (try ArgumentParser.parse(
                    ["--width", "130", "--height=155", "--json", "-o", "x.png"],
                    valued: ["width", "height", "output"], switches: ["json"])))
    }
    @Test func unknownFlagIsAnError() {
        #expect(throws: InputError.self) { try ArgumentParser.parse(["--nope"], valued: [], switches: []) }
        #expect(throws: InputError.self) { try ArgumentParser.parse(["--width"], valued: ["width"], switches: []) }
        #expect(throws: InputError.self) { try ArgumentParser.parse(["--json=1"], valued: [], switches: ["json"]) }
    }
    @Test func rangeChecks() throws {
        let a = try ArgumentParser.parse(
            ["--width", "99999", "--scale", "abc"], valued: ["width", "scale"], switches: [])
        #expect(throws: InputError.self) {
            try a.int(.value("width", "W", "", check: .int(1...2000), default: .value("100")))
        }
        #expect(throws: InputError.self) {
            try a.double(.value("scale", "S", "", check: .number(0.5...3), default: .value("1")))
        }
    }

    /// Every text value is bounded (a glob is matched against every key): PATH_MAX is accepted, one
    /// byte more is refused with one line naming the flag, before any command runs.
    @Test func aTextValueIsAtMostPathMax() throws {
        let filter = OptionSpec.value("filter", "GLOB", "")
        let table = OptionTable([filter])
        let longest = String(repeating: "*a", count: OptionSpec.maxTextBytes / 2)
        expectTrue(try table.parse(["--filter", longest]).given(filter) == longest)
        do {
            _ = try table.parse(["--filter", longest + "*"])
            Issue.record("a 4,097-byte glob was accepted")
        } catch { expectTrue(error.description == "--filter: 4097 bytes; at most 4096") }
    }
}
