import Foundation

/// One named render the gate checks: its identity, the key derived from it, and a pure scene builder.
public struct Fixture: Sendable {
    /// What the fixture draws; nil only for ad-hoc catalogs built by tests.
    public let id: FixtureID?
    /// e.g. `android/medium/default-notyet/stones/light`; also the golden's path under `Goldens/` (+ `.png`).
    public let key: String
    public let makeScene: @Sendable (FontLibrary) -> Scene

    public init(id: FixtureID, makeScene: @escaping @Sendable (FontLibrary) -> Scene) {
        self.id = id; self.key = id.key; self.makeScene = makeScene
    }

    /// A fixture outside the platform matrices (test catalogs): a key with no identity behind it.
    public init(key: String, makeScene: @escaping @Sendable (FontLibrary) -> Scene) {
        self.id = nil; self.key = key; self.makeScene = makeScene
    }

    /// The golden's path relative to the goldens directory.
    public var goldenPath: String { key + ".png" }
}

/// One entry of a platform matrix before collapsing: its identity and how to draw it.
public struct MatrixItem: Sendable {
    public var id: FixtureID
    public var scene: @Sendable () -> Scene
    public init(id: FixtureID, scene: @escaping @Sendable () -> Scene) { self.id = id; self.scene = scene }
}

/// Every fixture the gate knows, in a stable order, keys unique: the union of the per-platform
/// matrices, collapsed by one shared step. Enumerating identities builds no scene; the collapsed
/// catalog (verify, record, contrast) builds every scene once per process; one fixture by key
/// builds only its collapse group's.
public enum FixtureCatalog {
    /// The bundled fonts and tokens' scene builders, once per process.
    private static let builders: Result<(AndroidSceneBuilder, IOSSceneBuilder), InputError> = Result { () throws(InputError) in
        let fonts = try FontLibrary.bundled.get()
        return (AndroidSceneBuilder(fonts: fonts, tokens: try TokenSet.bundled()),
                IOSSceneBuilder(fonts: fonts, tokens: try AssetCatalogTokens.bundled()))
    }

    /// Every matrix item in catalog order, drawn with the given builders (the contrast audit's own tokens).
    public static func items(android: AndroidSceneBuilder, ios: IOSSceneBuilder) -> [MatrixItem] {
        AndroidMatrix.items(builder: android) + InternationalMatrix.items(builder: android)
            + IOSMatrix.items(builder: ios) + InternationalMatrix.items(builder: ios)
    }

    /// Every matrix item with the bundled fonts and tokens, before collapsing: identities only, no scene built.
    public static func items() throws(InputError) -> [MatrixItem] {
        let (android, ios) = try builders.get()
        return items(android: android, ios: ios)
    }

    private static let catalog: Result<[Fixture], InputError> = Result { () throws(InputError) in collapse(try items()) }

    /// The catalog, or the reason it cannot be built (a broken clone: fonts or tokens missing).
    public static func load() throws(InputError) -> [Fixture] { try catalog.get() }

    /// The fixture a key names, building only the scenes of the collapse groups whose pattern the
    /// key matches (a few at most) — not the whole matrix. nil: no fixture has that key.
    public static func fixture(key: String) throws(InputError) -> Fixture? {
        let candidates = try items().filter { Glob.matches($0.id.groupPattern, key) }
        return collapse(candidates).first { $0.key == key }
    }

    /// The typed identity of a catalog key (review pages, JUnit): looked up, never parsed.
    public static func id(forKey key: String) -> FixtureID? { ids[key] }
    private static let ids: [String: FixtureID] = {
        let fixtures = (try? load()) ?? []
        return Dictionary(fixtures.compactMap { f in f.id.map { (f.key, $0) } }, uniquingKeysWith: { a, _ in a })
    }()

    /// Fixtures whose key matches a shell-style glob (`*` also crosses `/`). No filter → all.
    public static func filtered(_ glob: String?) throws(InputError) -> [Fixture] {
        let fixtures = try load()
        guard let glob else { return fixtures }
        return fixtures.filter { Glob.matches(glob, $0.key) }
    }

    /// The shared collapse step: within a group (the identity with motif and body erased), items
    /// that draw the same scene share one golden, whose identity covers every motif and body it
    /// stands for (`any-motif` when all five do). Groups keep their first-appearance order.
    /// Scenes are built on every core and folded in in item order as they come, so only the
    /// distinct ones are ever held — not every item's.
    public static func collapse(_ items: [MatrixItem]) -> [Fixture] {
        var order: [FixtureID] = []
        var groups: [FixtureID: [(scene: Scene, id: FixtureID)]] = [:]
        parallelStream(items.count, jobs: ProcessInfo.processInfo.activeProcessorCount, batch: 256,
                       { _, i in items[i].scene() }) { i, scene in
            let item = items[i].id, g = item.collapseGroup
            if groups[g] == nil { order.append(g) }
            if let j = groups[g]?.firstIndex(where: { $0.scene == scene }) {
                var id = groups[g]![j].id
                if let a = id.motifs, let b = item.motifs { id.motifs = a.union(b) }
                id.bodies = id.bodies.union(item.bodies)
                groups[g]![j].id = id
            } else {
                groups[g, default: []].append((scene, item))
            }
        }
        return order.flatMap { g in
            groups[g]!.map { d in
                let scene = d.scene
                return Fixture(id: d.id) { _ in scene }
            }
        }
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
