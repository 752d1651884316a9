import EvidenceCore

/// One of `count` stable slices of the fixture keys (`--shard i/n`). A key's slice depends on the
/// key alone (XXH3 of its bytes), so every machine, order and job count agrees; the slices cover
/// the matrix exactly once. Orphans (goldens with no fixture) are judged by slice 1 only.
public struct Shard: Equatable, Sendable, CustomStringConvertible {
    /// 1-based.
    public let index: Int
    public let count: Int

    /// The most slices a matrix is cut into.
    public static let maxCount = 1024

    public init(index: Int, count: Int) {
        self.index = index
        self.count = count
    }

    /// `i/n`, or `i` alone when the project's `evidence.json` names its shard count (`configured`).
    public static func parse(_ text: String, configured: Int? = nil) throws(InputError) -> Shard {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        let pair =
            parts.count == 1
            ? configured.map { (Int(parts[0]), Optional($0)) } : parts.count == 2 ? (Int(parts[0]), Int(parts[1])) : nil
        guard let pair, let i = pair.0, let n = pair.1 else {
            throw InputError(
                "--shard",
                "expected i/n (e.g. 2/4)\(parts.count == 1 ? ", or i with \"shards\" in \(Project.configName)" : ""), "
                    + "got '\(text)'"
            )
        }
        guard (1...maxCount).contains(n), (1...n).contains(i) else {
            throw InputError("--shard", "'\(text)': need 1 ≤ i ≤ n ≤ \(maxCount)")
        }
        return Shard(index: i, count: n)
    }

    public func contains(_ key: String) -> Bool {
        Int(Hash128.of(key).low % UInt64(count)) == index - 1
    }

    public var judgesOrphans: Bool { index == 1 }
    public var description: String { "\(index)/\(count)" }
}

extension GateOptions {
    /// The run covers the whole catalog (no filter, no shard): the only run that judges the
    /// self-check and can say a known-findings entry matched nothing.
    public var isWholeRun: Bool { filter == nil && shard == nil && onlyKeys == nil }

    /// A fixture this run renders and judges: inside the filter and this shard.
    public func selects(_ key: String) -> Bool {
        (filter.map { Glob.matches($0, key) } ?? true) && (shard?.contains(key) ?? true)
            && (onlyKeys?.contains(key) ?? true)
    }

    /// A golden with no fixture that this run reports or removes: inside the filter, and only on
    /// the designated shard, so a sharded matrix reports each orphan once.
    public func judgesOrphan(_ key: String) -> Bool {
        (filter.map { Glob.matches($0, key) } ?? true) && (shard?.judgesOrphans ?? true)
            && (onlyKeys?.contains(key) ?? true)
    }

    /// A golden file the manifest does not list: judged with its fixture's shard when it has a
    /// fixture (another shard may be about to record it), else as an orphan.
    public func judgesUnlisted(_ key: String, catalogKeys: Set<String>) -> Bool {
        catalogKeys.contains(key) ? selects(key) : judgesOrphan(key)
    }

    /// The catalog's fixtures this run covers, in catalog order.
    public func selected(_ catalog: [Fixture]) -> [Fixture] { catalog.filter { selects($0.key) } }
}
