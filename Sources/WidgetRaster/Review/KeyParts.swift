/// The review tools' reading of a fixture key: platform → family → state, then facets (theme,
/// motif, body, host mode) recognised by their values. The one place review code takes keys
/// apart — swap it for the fixture-identity value type when the catalog carries one.
public struct KeyParts: Codable, Sendable, Hashable {
    public var platform: String
    public var family: String
    public var state: String
    /// Segments after the state, in key order.
    public var variants: [String]
    /// Facet name (`theme`, `motif`, `body`, `host-mode`) → the segment that names it.
    public var facets: [String: String]

    public init(_ key: String) {
        let parts = key.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        platform = parts.first ?? key
        family = parts.count > 1 ? parts[1] : "-"
        state = parts.count > 2 ? parts[2] : "-"
        variants = Array(parts.dropFirst(3))
        var f: [String: String] = [:]
        for segment in parts.dropFirst(2) {
            if let facet = Self.facet(of: segment), f[facet] == nil { f[facet] = segment }
        }
        facets = f
    }

    /// Facets in the order the gallery shows their toggles.
    public static let facetOrder = ["theme", "host-mode", "motif", "body"]

    static let themes: Set<String> = ["light", "dark"]
    static let hostModes: Set<String> = ["home", "tinted", "accented", "vibrant", "standby", "standby-night", "night",
                                         "full-color", "fullcolor", "clear", "lock-screen"]
    static let bodies: Set<String> = ["kindling", "legacy", "any-body"]
    static let motifWords: Set<String> = Set(StreakMotif.allCases.map(\.rawValue)).union(["any-motif", "no-motif"])

    /// Which facet a segment names, if any; collapsed segments (`stones+flame`) count when every part does.
    static func facet(of segment: String) -> String? {
        let pieces = segment.split(separator: "+").map(String.init)
        func all(_ set: Set<String>) -> Bool { !pieces.isEmpty && pieces.allSatisfy(set.contains) }
        if all(themes) { return "theme" }
        if all(hostModes) { return "host-mode" }
        if all(motifWords) { return "motif" }
        if all(bodies) { return "body" }
        return nil
    }

    /// `platform/family/*`: the area a failure summary groups by.
    public var area: String { "\(platform)/\(family)" }

    /// Name/value pairs for machine consumers (JUnit properties).
    public var properties: [(String, String)] {
        [("platform", platform), ("family", family), ("state", state)]
            + Self.facetOrder.compactMap { name in facets[name].map { (name, $0) } }
            + (variants.isEmpty ? [] : [("variants", variants.joined(separator: "/"))])
    }
}
