import Foundation
import Testing

/// `#expect(condition, comment)` as a plain function: the same check — the condition evaluated
/// once, an error it throws recorded as an issue, the comment and the call's place in the
/// failure — without the macro. Issue #57: expanding and type-checking 2,671 `#expect` macros
/// was a third of the test target's build (114.9 s of CPU with them, 78.9 s with this), and the
/// README's two commands are held to four minutes. What the macro added, the value of each
/// sub-expression, is what a comment gives where a failure needs it; the failure quotes the
/// call's source line. `#expect(throws:)` and `#require` stay macros.
func expectTrue(
    _ condition: @autoclosure () throws -> Bool, _ comment: @autoclosure () -> Comment? = nil,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        if try !condition() {
            let text = ["Expectation failed: " + sourceLine(sourceLocation), comment()?.rawValue]
            Issue.record(
                Comment(rawValue: text.compactMap { $0 }.joined(separator: "\n")), sourceLocation: sourceLocation)
        }
    } catch {
        Issue.record(error, comment(), sourceLocation: sourceLocation)
    }
}

/// The first line of the call at `location`, as the test's source file has it (read only for a failure).
private func sourceLine(_ location: SourceLocation) -> String {
    guard let text = try? String(contentsOfFile: location.filePath, encoding: .utf8) else { return "(source unread)" }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    guard location.line >= 1, location.line <= lines.count else { return "(source line \(location.line))" }
    return lines[location.line - 1].trimmingCharacters(in: .whitespaces)
}
