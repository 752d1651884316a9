/// Every user-facing failure that is the input's fault (bad file, bad flag, bad JSON): one line,
/// naming where and what, mapped to exit code 2 by the CLI. Never a crash, never a stack trace.
public struct InputError: Error, Sendable, CustomStringConvertible, Equatable {
    /// The file, flag or JSON path the problem is in (e.g. "Goldens/a.png", "--width", "$.habits[2].title").
    public var location: String
    /// What is wrong, and where useful how to fix it.
    public var problem: String
    /// The machine ran out of something (descriptors, memory, disk; `resourceError`): still exit 2,
    /// but no check may count it against an input (a golden is not `unreadable` because of it).
    public var isResourceExhaustion = false
    public init(_ location: String, _ problem: String) {
        self.location = location
        self.problem = problem
    }
    /// Always one line: control characters in either part (a newline in a file name) are escaped,
    /// and each part is capped (`cappedEcho`), so an error quoting its input (a 1,000,000-digit
    /// streak, a 1 MB colour value) stays a line a terminal and a CI log can show.
    public var description: String {
        let location = cappedEcho(escapeControls(self.location), maxErrorLocationBytes)
        let problem = cappedEcho(escapeControls(self.problem), maxErrorLineBytes - maxErrorLocationBytes - 2)
        return location.isEmpty ? problem : "\(location): \(problem)"
    }
}

/// The longest error line `InputError.description` prints, in UTF-8 bytes (the location — a path
/// — gets up to `maxErrorLocationBytes` of it).
public let maxErrorLineBytes = 2048
package let maxErrorLocationBytes = 1024

/// `s` if it fits in `limit` UTF-8 bytes; otherwise its head, cut at a character boundary, and how
/// much was left out — the end of the line (usually the fix) is kept too.
public func cappedEcho(_ s: String, _ limit: Int) -> String {
    guard s.utf8.count > limit else { return s }
    let tailBudget = limit / 4
    let marker = " … [\(s.utf8.count) bytes; cut] … "
    let headBudget = max(0, limit - tailBudget - marker.utf8.count)
    var head = ""
    var tail = ""
    for c in s {
        guard head.utf8.count + c.utf8.count <= headBudget else { break }
        head.append(c)
    }
    for c in s.reversed() {
        guard tail.utf8.count + c.utf8.count <= tailBudget else { break }
        tail.insert(c, at: tail.startIndex)
    }
    return head + marker + tail
}
