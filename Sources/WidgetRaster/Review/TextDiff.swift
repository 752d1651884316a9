import EvidenceCore

/// A longest-common-subsequence diff, small enough for a widget's lines and label words.
enum TextDiff {
    enum Piece<T: Equatable>: Equatable { case same(T), removed(T), added(T) }

    static func diff<T: Equatable>(_ a: [T], _ b: [T]) -> [Piece<T>] {
        let n = a.count
        let m = b.count
        guard n * m <= 250_000 else { return a.map { .removed($0) } + b.map { .added($0) } }  // bounded work
        var lcs = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] = a[i] == b[j] ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var out: [Piece<T>] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
                out.append(.same(a[i]))
                i += 1
                j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                out.append(.removed(a[i]))
                i += 1
            } else {
                out.append(.added(b[j]))
                j += 1
            }
        }
        return out
    }

    /// Only the lines that changed, each marked with its line number: `−2 "old"` (the recorded
    /// text's line), `+2 "new"` (the render's), in diff order — as `diff -u` without its context.
    static func changedLines(_ a: [String], _ b: [String]) -> String {
        var i = 0
        var j = 0
        var out: [String] = []
        for piece in diff(a, b) {
            switch piece {
            case .same:
                i += 1
                j += 1
            case .removed(let t):
                i += 1
                out.append("−\(i) \(quoted(t))")
            case .added(let t):
                j += 1
                out.append("+\(j) \(quoted(t))")
            }
        }
        return out.joined(separator: ", ")
    }
    static func quoted(_ s: String) -> String { "\"" + s.replacingOccurrences(of: "\"", with: "\\\"") + "\"" }

    /// Words of a label, keeping the spaces with them so the pieces rejoin exactly.
    static func words(_ s: String) -> [String] {
        var out: [String] = []
        var cur = ""
        for c in s {
            cur.append(c)
            if c == " " {
                out.append(cur)
                cur = ""
            }
        }
        if !cur.isEmpty { out.append(cur) }
        return out
    }
}
