import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// `plan --json` has one schema for both platforms: `Schemas/plan.schema.json` (issue #20 item 3).
/// The validator below reads the subset of JSON Schema 2020-12 the file uses, and refuses any
/// keyword it does not know, so the file cannot quietly say more than is checked.
@Suite struct PlanSchemaTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func schema() throws -> JSONValue {
        try JSONValue.parse(Array(try Data(contentsOf: root.appendingPathComponent("Schemas/plan.schema.json"))))
    }

    /// The plan `evidence plan … --json` prints for these flags, as JSON objects.
    static func planJSON(_ args: [String]) throws -> (PlanReport, JSONValue) {
        let o = try PlanCommand.parse(args)
        let painter = CairoPainter(fonts: FontLibrary.shared)
        let renderer = try WidgetPipeline.renderer(o, fonts: painter.fonts)
        let report = renderer.planReport(
            try WidgetPipeline.target(o), painter: painter,
            known: try KnownFindings.load(from: PackagePaths.knownFindings))
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        return (report, try JSONValue.parse(Array(try enc.encode(report))))
    }

    /// Android and iOS fixtures' geometries, both Home Screen and accessory, plain and under pressure.
    static let cases: [[String]] = [
        [],  // the reference case: Android Large 230 × 330 dp
        ["--family", "medium", "--habits", "4", "--done", "1"],
        ["--family", "small", "--width", "110", "--height", "150", "--font-scale", "2.0", "--state", "stale"],
        ["--family", "small", "--state", "firstRun"],
        ["--platform", "ios", "--family", "systemSmall"],
        ["--platform", "ios", "--family", "systemLarge", "--text-size", "AX3", "--habits", "7", "--done", "3"],
        ["--platform", "ios", "--family", "accessoryRectangular", "--state", "stale"],
    ]

    @Test(arguments: cases) func bothPlatformsValidateAgainstTheOneSchema(args: [String]) throws {
        let schema = try Self.schema()
        let (report, json) = try Self.planJSON(args)
        let errors = SchemaValidator(root: schema).errors(json)
        expectTrue(errors.isEmpty, "\(args): \(errors.prefix(5))")
        expectTrue(report.platform == (args.contains("ios") ? .ios : .android))
        expectTrue(report.unit == (report.platform == .ios ? "pt" : "dp"))
    }

    /// `plan` runs the registry's per-render checks: a check added to `CheckRegistry` appears
    /// in `plan --json` with no edit to the plan command.
    @Test func checksComeFromTheRegistry() throws {
        let (report, _) = try Self.planJSON([
            "--family", "small", "--width", "110", "--height", "150", "--font-scale", "2.0", "--state", "stale",
        ])
        expectTrue(report.checks == CheckRegistry.renderChecks.map(\.name))
        expectTrue(!report.checks.isEmpty)
    }

    /// Every element of the Android family is listed once, and every drawn text line is one the plan finished.
    @Test func androidListsEveryElementOnceAndTheSceneDrawsItsLines() throws {
        let (report, _) = try Self.planJSON(["--family", "large", "--habits", "6", "--done", "2"])
        let names = report.elements.map(\.name)
        expectTrue(Set(names).count == names.count)
        for key in PlanPart.android { expectTrue(names.contains(key.name(on: .android)), "\(key)") }
        expectTrue(report.habits.visible.count == report.elements.filter { $0.name.hasPrefix("habit[") }.count)
        expectTrue(report.elements.allSatisfy { $0.shown == ($0.frame != nil) })
    }

    /// The validator itself rejects what the schema forbids (else a green test proves nothing).
    @Test func theValidatorRejectsAnUnknownKeyAWrongTypeAndAMissingField() throws {
        let schema = try Self.schema()
        let (_, json) = try Self.planJSON([])
        expectTrue(SchemaValidator(root: schema).errors(json).isEmpty)
        for broken in [
            json.setting("elementz", .array([])), json.setting("kindling", .string("yes")),
            json.setting("elements", nil), json.setting("platform", .string("windows")),
            json.setting("habits", .object([("visible", .array([.number("1.5")])), ("overflow", .number("0"))])),
        ] {
            expectTrue(!SchemaValidator(root: schema).errors(broken).isEmpty)
        }
    }
}

/// The JSON Schema keywords `Schemas/plan.schema.json` uses; any other keyword is an error. Reads
/// the project's strict `JSONValue` (a boolean never passes for a number, nor a number for a boolean).
struct SchemaValidator {
    let root: JSONValue
    static let annotations: Set<String> = ["$schema", "$id", "title", "description", "$defs"]

    func errors(_ value: JSONValue) -> [String] { check(value, root, "$") }

    private func check(_ value: JSONValue, _ schema: JSONValue, _ path: String) -> [String] {
        var out: [String] = []
        for (keyword, rule) in schema.members where !Self.annotations.contains(keyword) {
            switch keyword {
            case "$ref":
                guard case .string(let ref) = rule, ref.hasPrefix("#/$defs/"),
                    let target = root["$defs"]?[String(ref.dropFirst(8))]
                else {
                    out.append("\(path): unresolvable $ref")
                    continue
                }
                out += check(value, target, path)
            case "type":
                guard case .string(let t) = rule else {
                    out.append("\(path): type must be a string")
                    continue
                }
                if !Self.isType(value, t) { out.append("\(path): expected \(t), got \(value.kindName)") }
            case "const":
                if value != rule { out.append("\(path): not the constant") }
            case "enum":
                guard case .array(let allowed) = rule else {
                    out.append("\(path): enum must be an array")
                    continue
                }
                if !allowed.contains(value) { out.append("\(path): not one of the enum's values") }
            case "required":
                guard case .object = value, case .array(let keys) = rule else { continue }
                for case .string(let k) in keys where value[k] == nil { out.append("\(path): missing \(k)") }
            case "properties":
                guard case .object(let members) = value else { continue }
                for (k, v) in members { if let s = rule[k] { out += check(v, s, "\(path).\(k)") } }
            case "additionalProperties":
                guard case .object(let members) = value, rule == .bool(false) else { continue }
                for (k, _) in members where schema["properties"]?[k] == nil {
                    out.append("\(path): unexpected key \(k)")
                }
            case "items":
                guard case .array(let items) = value else { continue }
                for (i, v) in items.enumerated() { out += check(v, rule, "\(path)[\(i)]") }
            case "minItems":
                if case .array(let items) = value, let m = rule.double, Double(items.count) < m {
                    out.append("\(path): fewer than \(m) items")
                }
            case "minLength":
                if case .string(let s) = value, let m = rule.double, Double(s.count) < m {
                    out.append("\(path): shorter than \(m)")
                }
            case "minimum":
                if let n = value.double, let m = rule.double, n < m { out.append("\(path): \(n) < \(m)") }
            case "exclusiveMinimum":
                if let n = value.double, let m = rule.double, n <= m { out.append("\(path): \(n) ≤ \(m)") }
            default:
                out.append("\(path): the schema uses \(keyword), which this validator does not check")
            }
        }
        return out
    }

    static func isType(_ v: JSONValue, _ t: String) -> Bool {
        switch (t, v) {
        case ("object", .object), ("array", .array), ("string", .string), ("boolean", .bool), ("number", .number):
            return true
        case ("integer", .number): return v.double.map { $0 == $0.rounded() } ?? false
        default: return false
        }
    }
}

extension JSONValue {
    var members: [(key: String, value: JSONValue)] { if case .object(let m) = self { m } else { [] } }
    subscript(key: String) -> JSONValue? { members.first { $0.key == key }?.value }
    var double: Double? { if case .number(let n) = self { Double(n) } else { nil } }
    /// The object with `key` set to `value` (nil removes it).
    func setting(_ key: String, _ value: JSONValue?) -> JSONValue {
        var m = members.filter { $0.key != key }
        if let value { m.append((key, value)) }
        return .object(m)
    }
}
