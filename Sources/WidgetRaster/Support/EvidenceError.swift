/// Every user-facing failure that is the input's fault (bad file, bad flag, bad JSON): one line,
/// naming where and what, mapped to exit code 2 by the CLI. Never a crash, never a stack trace.
public struct InputError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file, flag or JSON path the problem is in (e.g. "Goldens/a.png", "--width", "$.habits[2].title").
    public var location: String
    /// What is wrong, and where useful how to fix it.
    public var problem: String
    public init(_ location: String, _ problem: String) { self.location = location; self.problem = problem }
    /// Always one line: control characters in either part (a newline in a file name) are escaped.
    public var description: String { escapeControls(location.isEmpty ? problem : "\(location): \(problem)") }
}
