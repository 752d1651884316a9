import EvidenceCore
import WidgetRaster

/// The finding kinds and classes as `--help` lists them, read from the registry and the enums so a
/// new check or class appears in every help text that lists them (issue #57: `render --json`'s
/// help listed kinds by hand and missed `lost-meaning`).
extension CheckRegistry {
    /// The kinds of the checks that run on every render (`render --json`, `plan`), in registry order.
    static var kindsOnEveryRender: String { words(checks.filter { $0.stages.contains(.render) }.map(\.kind.rawValue)) }
    /// Every check's kind, in registry order (what `record` refuses to write over).
    static var everyCheckKind: String { words(checks.map(\.kind.rawValue)) }
}

extension FindingClass {
    /// "spec-gap, known, outside-scope or failure".
    static var allWords: String { orList(allCases.map(\.rawValue)) }
}

/// "a, b, c" (registry order, each once).
private func words(_ list: [String]) -> String {
    var seen: Set<String> = []
    return list.filter { seen.insert($0).inserted }.joined(separator: ", ")
}

/// "a, b or c".
private func orList(_ list: [String]) -> String {
    list.count < 2 ? list.joined() : list.dropLast().joined(separator: ", ") + " or " + list.last!
}
