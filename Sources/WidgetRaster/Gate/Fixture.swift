/// One named render the gate checks: a stable, human-readable key and a pure scene builder.
public struct Fixture: Sendable {
    /// e.g. `android/medium/default-notyet/stones/light`; also the golden's path under `Goldens/` (+ `.png`).
    public let key: String
    public let makeScene: @Sendable (FontLibrary) -> Scene

    public init(key: String, makeScene: @escaping @Sendable (FontLibrary) -> Scene) {
        self.key = key; self.makeScene = makeScene
    }

    /// The golden's path relative to the goldens directory.
    public var goldenPath: String { key + ".png" }
}

/// Every fixture the gate knows, in a stable order, keys unique.
public enum FixtureCatalog {
    /// Built once per process from the bundled fonts and tokens.
    private static let catalog: Result<[Fixture], InputError> = Result { () throws(InputError) in
        let builder = AndroidSceneBuilder(fonts: try FontLibrary.bundled.get(), tokens: try TokenSet.bundled())
        return AndroidMatrix.fixtures(builder: builder) + InternationalMatrix.fixtures(builder: builder)
    }

    /// The catalog, or the reason it cannot be built (a broken clone: fonts or tokens missing).
    public static func load() throws(InputError) -> [Fixture] { try catalog.get() }


    /// Fixtures whose key matches a shell-style glob (`*` also crosses `/`). No filter → all.
    public static func filtered(_ glob: String?) throws(InputError) -> [Fixture] {
        let fixtures = try load()
        guard let glob else { return fixtures }
        return fixtures.filter { Glob.matches(glob, $0.key) }
    }
}

public enum Glob {
    /// `*` matches any run of characters (including `/`), `?` one character, `[abc]` a set.
    public static func matches(_ pattern: String, _ text: String) -> Bool {
        let p = Array(pattern), t = Array(text)
        var pi = 0, ti = 0, starP = -1, starT = 0
        while ti < t.count {
            if pi < p.count, p[pi] == "*" { starP = pi; starT = ti; pi += 1; continue }
            if pi < p.count, let n = matchOne(p, pi, t[ti]) { pi = n; ti += 1; continue }
            if starP >= 0 { pi = starP + 1; starT += 1; ti = starT; continue }
            return false
        }
        while pi < p.count, p[pi] == "*" { pi += 1 }
        return pi == p.count
    }

    /// If pattern element at `i` matches `c`, the index after it.
    private static func matchOne(_ p: [Character], _ i: Int, _ c: Character) -> Int? {
        if p[i] == "?" { return i + 1 }
        if p[i] == "[", let close = p[(i + 1)...].firstIndex(of: "]") {
            return p[(i + 1)..<close].contains(c) ? close + 1 : nil
        }
        return p[i] == c ? i + 1 : nil
    }
}
