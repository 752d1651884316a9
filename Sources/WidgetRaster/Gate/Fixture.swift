import EvidenceCore
import Foundation
import WidgetScene
import WidgetText

/// One named render the gate checks: its identity, the key derived from it, and a pure scene builder.
public struct Fixture: Sendable {
    /// What the fixture draws; nil only for ad-hoc catalogs built by tests.
    public let id: FixtureID?
    /// e.g. `android/medium/default-notyet/stones/light`; also the golden's path under `Goldens/` (+ `.png`).
    public let key: String
    /// Draws the fixture: its scene and what it was asked to show, as its builder made them.
    public let draw: @Sendable (FontLibrary) -> DrawnScene
    /// Where the declared collapse rule disagrees with what this fixture's matrix items draw (the
    /// catalog's check, `FixtureCatalog.collapse`): verify reports it as `self-check`.
    public let collapseFinding: String?
    /// A case file's fixture (`Cases/`, `CaseFiles`): its facts, expectations and content hash; nil for the matrices.
    public let pinned: PinnedCase?

    public init(id: FixtureID, collapseFinding: String? = nil, draw: @escaping @Sendable (FontLibrary) -> DrawnScene) {
        self.id = id
        self.key = id.key
        self.collapseFinding = collapseFinding
        self.draw = draw
        self.pinned = nil
    }

    /// A fixture outside the platform matrices (test catalogs, case files): a key with no identity behind it.
    public init(key: String, pinned: PinnedCase? = nil, draw: @escaping @Sendable (FontLibrary) -> DrawnScene) {
        self.id = nil
        self.key = key
        self.collapseFinding = nil
        self.draw = draw
        self.pinned = pinned
    }

    /// A hand-built scene (test catalogs): no builder, so no facts.
    public init(id: FixtureID, makeScene: @escaping @Sendable (FontLibrary) -> Scene) {
        self.init(id: id) { DrawnScene(scene: makeScene($0), facts: nil) }
    }
    public init(key: String, makeScene: @escaping @Sendable (FontLibrary) -> Scene) {
        self.init(key: key) { DrawnScene(scene: makeScene($0), facts: nil) }
    }

    /// The scene alone (where what it was asked to show is not read).
    public func makeScene(_ fonts: FontLibrary) -> Scene { draw(fonts).scene }
    /// What the matrix hash reads of this fixture: its key, and a case file's content hash.
    var matrixEntry: String { RunInfo.matrixEntry(key: key, caseDigest: pinned?.digest) }

    /// The golden's path relative to the goldens directory.
    public var goldenPath: String { key + ".png" }
}

/// A value made when asked for, not when the list holding it is built.
public typealias Deferred<T> = @Sendable () -> T

/// One entry of a platform matrix before collapsing: its identity and how to draw it.
public struct MatrixItem: Sendable {
    public var id: FixtureID
    public var drawn: @Sendable () -> DrawnScene
    public init(id: FixtureID, drawn: @escaping @Sendable () -> DrawnScene) {
        self.id = id
        self.drawn = drawn
    }
    /// A hand-built scene (tests): no facts.
    public init(id: FixtureID, scene: @escaping @Sendable () -> Scene) {
        self.init(id: id) { DrawnScene(scene: scene(), facts: nil) }
    }
}

/// Every fixture the gate knows, in a stable order, keys unique: the union of the per-platform
/// matrices, folded by the declared collapse rule (`FixtureID.collapsed`). Identities and keys
/// come from the rule alone — no font read, no scene built (`list`, `render --fixture`, review
/// pages); the full catalog (verify, record, contrast) builds every item's scene once per process
/// and checks the rule against them.
public enum FixtureCatalog {
    /// The bundled fonts and tokens, read once per process: what the matrices and the case files draw with.
    static let bundledRenderer: Result<WidgetRenderer, InputError> = Result { () throws(InputError) in
        WidgetRenderer(
            fonts: try FontLibrary.bundled.get(), androidTokens: try TokenSet.bundled(),
            iosTokens: try AssetCatalogTokens.bundled())
    }

    /// The bundled renderer's scene builders, sharing plans: they draw only the matrix's requests
    /// (the known findings' coverage plans them first, the catalog again).
    static let builders: Result<(AndroidSceneBuilder, IOSSceneBuilder), InputError> = bundledRenderer.map { r in
        let plans = PlanMemo()
        return (
            AndroidSceneBuilder(fonts: r.fonts, tokens: r.androidTokens, plans: plans),
            IOSSceneBuilder(fonts: r.fonts, tokens: r.iosTokens, plans: plans)
        )
    }

    /// Every matrix item's identity and request, in catalog order: the one place that order is
    /// written. A request (its scenario's snapshot) is made only when its item is drawn, so listing
    /// keys or drawing one fixture never builds the others' (issue #37).
    static let targets: [(id: FixtureID, target: Deferred<RenderTarget>)] =
        AndroidMatrix.requests().map { r in (r.id, { .android(r.request()) }) }
        + InternationalMatrix.requests().map { r in (r.id, { .android(r.request()) }) }
        + IOSMatrix.requests().map { r in (r.id, { .ios(r.request()) }) }
        + InternationalMatrix.iosRequests().map { r in (r.id, { .ios(r.request()) }) }

    /// Every matrix item in catalog order, drawn with the given builders (the contrast audit's own
    /// tokens); items whose requests are equal share one draw.
    public static func items(android: AndroidSceneBuilder, ios: IOSSceneBuilder) -> [MatrixItem] {
        let memo = DrawnTargets(expected: targets.count)
        return targets.map { t in
            MatrixItem(
                id: t.id,
                drawn: {
                    let target = t.target()
                    return memo.scene(target) { draw(target, android, ios) }
                })
        }
    }

    private static func draw(_ target: Deferred<RenderTarget>, _ android: AndroidSceneBuilder, _ ios: IOSSceneBuilder)
        -> DrawnScene
    {
        draw(target(), android, ios)
    }

    private static func draw(_ target: RenderTarget, _ android: AndroidSceneBuilder, _ ios: IOSSceneBuilder)
        -> DrawnScene
    {
        WidgetRenderer.draw(target, android: android, ios: ios).drawn
    }

    /// Every matrix item with the bundled fonts and tokens, before collapsing: identities only, no scene built.
    public static func items() throws(InputError) -> [MatrixItem] {
        let (android, ios) = try builders.get()
        return items(android: android, ios: ios)
    }

    /// Every fixture's identity in catalog order, from the declared rule: what `evidence list` prints.
    public static let ids: [FixtureID] = fold(targets.map(\.id))

    /// Each fixture's first matrix item (the one `fixture(key:)` draws): indices into `targets`, parallel to `ids`.
    static let firstItems: [Int] = {
        var first: [FixtureID: Int] = [:]
        for (i, t) in targets.enumerated() where first[t.id.collapsed] == nil { first[t.id.collapsed] = i }
        return ids.map { first[$0]! }
    }()

    /// Every fixture's key, in catalog order (derived from `ids` once: a key is built from its segments).
    static let allKeys: [String] = ids.map(\.key)

    /// The keys matching a glob (`*` also crosses `/`), in catalog order (the case files last); no filter → all.
    public static func keys(matching glob: String?, cases: URL = Project.current.cases) throws(InputError) -> [String] {
        let keys = allKeys + (try CaseCatalog.keys(cases))
        guard let glob else { return keys }
        let compiled = Glob.Compiled(glob)
        return keys.filter(compiled.matches)
    }

    /// Every key with its matrix entry (`RunInfo.matrixEntry`), nothing drawn: what `report` judges
    /// a result's coverage against.
    public static func matrixIndex(cases: URL = Project.current.cases) throws(InputError) -> MatrixIndex {
        let pinned = try CaseCatalog.files(cases)
        return MatrixIndex(
            keys: allKeys + pinned.map(\.key),
            entries: allKeys + pinned.map { RunInfo.matrixEntry(key: $0.key, caseDigest: $0.digest) })
    }

    /// A filter that matches no key, respelled word by word after the keys' own words — the word in
    /// the keys' case (`iOS/systemsmall/*` → `ios/systemSmall/*`), else the nearest word (`smal` →
    /// `small`); nil unless the respelling matches a key. For "did you mean".
    public static func respelled(filter: String) -> String? {
        // no one mistypes a page-long glob
        guard filter.count <= 256, let keys = try? keys(matching: nil) else { return nil }
        let isWordPart = { (c: Character) in c.isLetter || c.isNumber }
        let words = Set(keys.flatMap { $0.split(whereSeparator: { !isWordPart($0) }).map(String.init) })
        let vocabulary = words.sorted()
        func respell(_ w: String) -> String {
            if words.contains(w) { return w }
            return vocabulary.first { $0.lowercased() == w.lowercased() } ?? Suggestion.nearest(w, among: vocabulary)
                ?? w
        }
        var out = ""
        var word = ""
        for c in filter {
            if isWordPart(c) {
                word.append(c)
                continue
            }
            out += respell(word) + String(c)
            word = ""
        }
        out += respell(word)
        return out != filter && keys.contains(where: { Glob.matches(out, $0) }) ? out : nil
    }

    private static let catalog: Result<[Fixture], InputError> = Result { () throws(InputError) in collapse(try items())
    }

    /// The catalog, or the reason it cannot be built (a broken clone: fonts or tokens missing).
    public static func load(cases: URL = Project.current.cases) throws(InputError) -> [Fixture] {
        try catalog.get() + (try CaseCatalog.fixtures(cases))
    }

    /// Every catalog fixture in catalog order, where only those whose key matches `glob` carry the
    /// collapse rule's check: the items of their collapse groups are drawn (so each selected
    /// fixture's `collapseFinding` is the whole catalog's), every other fixture draws its first
    /// item on demand and is not checked — a one-fixture verify costs its group, not the matrix
    /// (issue #37). The case files follow, each its own group. No filter → `load(cases:)`.
    public static func load(checking glob: String?, cases: URL = Project.current.cases) throws(InputError) -> [Fixture]
    {
        guard let glob else { return try load(cases: cases) }
        let (android, ios) = try builders.get()
        let compiled = Glob.Compiled(glob)
        let groups = Set(zip(ids, allKeys).filter { compiled.matches($0.1) }.map(\.0.collapseGroup))
        let checked = Dictionary(
            collapse(
                targets.filter { groups.contains($0.id.collapseGroup) }.map { t in
                    MatrixItem(id: t.id, drawn: { draw(t.target, android, ios) })
                }
            ).map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        return zip(ids, allKeys).map { id, key in
            // Never drawn by a run that selects with `glob`; drawn on demand as `fixture(key:)` does.
            checked[key]
                ?? Fixture(
                    id: id,
                    draw: { _ in
                        let first = targets.first { $0.id.collapsed == id }!
                        return draw(first.target, android, ios)
                    })
        } + (try CaseCatalog.fixtures(cases))
    }

    /// The fixture a key names, building only its first item's scene — not the whole matrix (verify
    /// checks that the fixture's other items draw the same). nil: no fixture has that key.
    public static func fixture(key: String, cases: URL = Project.current.cases) throws(InputError) -> Fixture? {
        if key.hasPrefix(CaseFiles.keyPrefix) { return try CaseCatalog.fixtures(cases).first { $0.key == key } }
        // The first item the rule folds into `key`.
        guard let k = allKeys.firstIndex(of: key) else { return nil }
        let (android, ios) = try builders.get()
        let target = targets[firstItems[k]].target
        return Fixture(id: ids[k], draw: { _ in draw(target, android, ios) })
    }

    /// The typed identity of a catalog key (review pages, JUnit): looked up, never parsed.
    public static func id(forKey key: String) -> FixtureID? { byKey[key] }
    private static let byKey: [String: FixtureID] = Dictionary(
        ids.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })

    /// Fixtures whose key matches a shell-style glob (`*` also crosses `/`). No filter → all.
    public static func filtered(_ glob: String?, cases: URL = Project.current.cases) throws(InputError) -> [Fixture] {
        let fixtures = try load(cases: cases)
        guard let glob else { return fixtures }
        return fixtures.filter { Glob.matches(glob, $0.key) }
    }

    /// The declared fold: each item joins the fixture `collapsed` names; fixtures are ordered by
    /// their collapse group's first appearance, then their own.
    static func fold(_ items: [FixtureID]) -> [FixtureID] {
        var groups: [[FixtureID]] = []  // each group's fixtures, groups in order of first appearance
        var groupIndex: [FixtureID: Int] = [:]
        for item in items {
            let f = item.collapsed
            let g = f.groupOfCollapsed
            if let i = groupIndex[g] {
                if !groups[i].contains(f) { groups[i].append(f) }
            } else {
                groupIndex[g] = groups.count
                groups.append([f])
            }
        }
        return groups.flatMap { $0 }
    }

    /// The items folded by the declared rule, with the rule checked against the scenes: every
    /// item's scene is built (on every core, folded in in item order) and compared — items one
    /// fixture stands for must draw the same scene, and fixtures of one collapse group (the
    /// identity less motif and body) must draw different ones. Where either fails, the fixture
    /// carries a `collapseFinding` (verify's `self-check`), so a rule that merges a facet the render
    /// reads, or keeps apart a facet it ignores, can never pass silently. Only each fixture's first
    /// scene is held.
    public static func collapse(_ items: [MatrixItem]) -> [Fixture] {
        var drawn: [FixtureID: (first: FixtureID, drawn: DrawnScene, finding: String?)] = [:]
        var fixturesOfGroup: [FixtureID: [FixtureID]] = [:]
        parallelFold(
            items.count, jobs: ProcessInfo.processInfo.activeProcessorCount, batch: 256,
            { _, i in items[i].drawn() }
        ) { i, made in
            let scene = made.scene
            let item = items[i].id
            let fixture = item.collapsed
            let group = item.collapseGroup
            if let d = drawn[fixture] {
                if d.finding == nil, d.drawn.scene != scene {
                    drawn[fixture]!.finding =
                        "the collapse rule (FixtureID.collapsed) merges \(d.first.key) and \(item.key) into one "
                        + "golden, "
                        + "but they render differently: the render reads a facet the rule says it ignores"
                }
                return
            }
            let twin = fixturesOfGroup[group]?.first { drawn[$0]!.drawn.scene == scene }
            drawn[fixture] = (
                item, made,
                twin.map {
                    "renders the same scene as \($0.key), but the collapse rule (FixtureID.collapsed) keeps them "
                        + "apart: "
                        + "declare the facet this render ignores"
                }
            )
            fixturesOfGroup[group, default: []].append(fixture)
        }
        return fold(items.map(\.id)).map { id in
            let d = drawn[id]!
            let first = d.drawn
            return Fixture(id: id, collapseFinding: d.finding, draw: { _ in first })
        }
    }
}

public enum Glob {
    /// The pattern up to its first wildcard: every text it matches starts with this.
    static func literalHead(_ pattern: String) -> Substring.UTF8View {
        pattern.utf8.prefix { $0 != UInt8(ascii: "*") && $0 != UInt8(ascii: "?") && $0 != UInt8(ascii: "[") }[...]
    }

    /// The deepest folder every path the pattern matches lies under (`android/small/*` →
    /// `android/small`; `android/sm*` → `android`); nil when that is the root, or the head is not a
    /// key's path. No folder above it can match (the pattern requires the longer head), so a walk
    /// of this folder finds every match a walk of the root would.
    public static func literalFolder(_ pattern: String) -> String? {
        let head = literalHead(pattern)
        guard let slash = head.lastIndex(of: UInt8(ascii: "/")) else { return nil }
        let folder = String(Substring(head[..<slash]))
        return FixtureKey.isValid(folder) ? folder : nil
    }

    /// `*` matches any run of characters (including `/`), `?` one character, `[abc]` a set.
    public static func matches(_ pattern: String, _ text: String) -> Bool { Compiled(pattern).matches(text) }

    /// A pattern split into characters once, for matching it against many texts (a filter over
    /// the catalog's keys, a known finding's glob over the matrix): splitting it per text was
    /// most of the cost of a long pattern.
    public struct Compiled: Sendable {
        let pattern: String
        let head: Substring.UTF8View
        let characters: [Character]

        public init(_ pattern: String) {
            self.pattern = pattern
            head = Glob.literalHead(pattern)
            characters = head.count == pattern.utf8.count ? [] : Array(pattern)
        }

        public func matches(_ text: String) -> Bool {
            // The literal head (all of a pattern without wildcards) decides most keys without
            // building characters: a filtered run matches its glob against every key of the catalog.
            if head.count == pattern.utf8.count { return pattern == text }
            guard text.utf8.starts(with: head) else { return false }
            let p = characters
            let t = Array(text)
            var pi = 0
            var ti = 0
            var starP = -1
            var starT = 0
            while ti < t.count {
                if pi < p.count, p[pi] == "*" {
                    starP = pi
                    starT = ti
                    pi += 1
                    continue
                }
                if pi < p.count, let n = Glob.matchOne(p, pi, t[ti]) {
                    pi = n
                    ti += 1
                    continue
                }
                if starP >= 0 {
                    pi = starP + 1
                    starT += 1
                    ti = starT
                    continue
                }
                return false
            }
            while pi < p.count, p[pi] == "*" { pi += 1 }
            return pi == p.count
        }
    }

    /// If pattern element at `i` matches `c`, the index after it.
    fileprivate static func matchOne(_ p: [Character], _ i: Int, _ c: Character) -> Int? {
        if p[i] == "?" { return i + 1 }
        if p[i] == "[", let close = p[(i + 1)...].firstIndex(of: "]") {
            return p[(i + 1)..<close].contains(c) ? close + 1 : nil
        }
        return p[i] == c ? i + 1 : nil
    }
}
