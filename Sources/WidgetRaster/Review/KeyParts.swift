/// The review tools' view of a fixture: platform → family → state, then the facets (theme, motif,
/// body, host mode) — all read from the fixture's typed identity (`FixtureID`), never from its key.
public struct KeyParts: Codable, Sendable, Hashable {
    public var platform: String
    public var family: String
    public var state: String
    /// Segments after the state, in key order.
    public var variants: [String]
    /// Facet name (`theme`, `motif`, `body`, `host-mode`) → the segment that names it.
    public var facets: [String: String]
    /// Whether the key belongs to a fixture of the catalog (false: a stale golden or a test's key).
    public var known: Bool

    public init(_ id: FixtureID) {
        let s = id.segments
        self.init(
            platform: s[0], family: s[1], state: s.count > 2 ? s[2] : "-", variants: Array(s.dropFirst(3)),
            facets: id.facets, known: true)
    }

    init(platform: String, family: String, state: String, variants: [String], facets: [String: String], known: Bool) {
        self.platform = platform
        self.family = family
        self.state = state
        self.variants = variants
        self.facets = facets
        self.known = known
    }

    /// The parts of a catalog key, from the catalog's identity for it; a key the catalog does not
    /// have (a stale golden, a test's ad-hoc fixture) is never taken apart: `-` parts, grouped as `stale`.
    public init(_ key: String) {
        if let id = FixtureCatalog.id(forKey: key) {
            self.init(id)
            return
        }
        // A case file's key is its path below Cases/: grouped by its folder (`cases/reported`), no facets.
        if let folder = CaseFiles.folder(ofKey: key) {
            self.init(platform: "cases", family: folder, state: "-", variants: [], facets: [:], known: true)
            return
        }
        self.init(platform: "-", family: "-", state: "-", variants: [], facets: [:], known: false)
    }

    /// Facets in the order the gallery shows their toggles.
    public static let facetOrder = ["theme", "host-mode", "motif", "body"]

    /// `platform/family/*`: the area a failure summary groups by (`stale` for a key with no fixture).
    public var area: String { known ? "\(platform)/\(family)" : "stale" }

    /// Name/value pairs for machine consumers (JUnit properties).
    public var properties: [(String, String)] {
        [("platform", platform), ("family", family), ("state", state)]
            + Self.facetOrder.compactMap { name in facets[name].map { (name, $0) } }
            + (variants.isEmpty ? [] : [("variants", variants.joined(separator: "/"))])
    }
}
