import Foundation

/// Writes to standard error (diagnostics, progress) without touching stdout (results, JSON).
func printError(_ s: String) {
    FileHandle.standardError.write((s + "\n").data(using: .utf8)!)
}

/// JSON for `--json` output: sorted keys so output is stable across runs.
func printJSON<T: Encodable>(_ value: T) throws {
    let enc = JSONEncoder()
    enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    let data = try enc.encode(value)
    FileHandle.standardOutput.write(data)
    FileHandle.standardOutput.write("\n".data(using: .utf8)!)
}
