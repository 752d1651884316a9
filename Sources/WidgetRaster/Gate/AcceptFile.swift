import EvidenceCore
import Foundation

/// What a reviewer approved in the page (issue #54 item 5), handed to `evidence record --accept
/// FILE`: one line per fixture, its key and the pixel hash of the render that was reviewed — or
/// `remove` for a stale golden to delete. Record writes exactly these, and refuses a key whose
/// render no longer hashes to what was reviewed (Chromatic's and Playwright UI mode's per-snapshot
/// accept, made safe against a render that moved after review).
///
///     # evidence accept file: record exactly these renders (key, reviewed pixel hash)
///     android/small/default/light 0f3c…(32 hex digits)
///     cases/reported/old remove
public struct AcceptFile: Sendable, Equatable {
    public enum Decision: Sendable, Equatable {
        /// Record the render, if its pixels still hash to this.
        case record(Hash128)
        /// Remove the stale golden (no fixture has the key).
        case remove
    }

    public private(set) var entries: [(key: String, decision: Decision)]
    /// `entries`' reviewed hashes by key: record asks once per fixture, so a scan would be quadratic.
    private var reviewedHashes: [String: Hash128] = [:]

    public init(_ entries: [(key: String, decision: Decision)]) {
        self.entries = entries
        for e in entries { if case .record(let h) = e.decision { reviewedHashes[e.key] = h } }
    }

    /// Keys an accept file may list: each is recorded into the manifest or removed from it, which
    /// holds at most `ManifestBounds.maxEntries`.
    public static let maxEntries = ManifestBounds.maxEntries
    /// Its bytes: that many lines of the longest key and a hash, and as much again for comments.
    public static let maxBytes = 2 * maxEntries * (ManifestBounds.maxKeyBytes + 34)

    public static func == (a: AcceptFile, b: AcceptFile) -> Bool {
        a.entries.map(\.key) == b.entries.map(\.key) && a.entries.map(\.decision) == b.entries.map(\.decision)
    }

    public static let header =
        "# evidence accept file: record exactly these renders (key, reviewed pixel hash); run: evidence record "
        + "--accept FILE"
    public static let removeWord = "remove"

    public var keys: Set<String> { Set(entries.map(\.key)) }

    /// The reviewed pixel hash of `key`; nil for a key not listed or listed for removal.
    public func pixelHash(of key: String) -> Hash128? {
        reviewedHashes[key]
    }

    /// The file's text (what the page writes; the page's script builds the same lines).
    public var text: String {
        ([Self.header]
            + entries.map { e in
                switch e.decision {
                case .record(let h): return "\(e.key) \(h.hex)"
                case .remove: return "\(e.key) \(Self.removeWord)"
                }
            }).joined(separator: "\n") + "\n"
    }

    /// Parses an accept file; `name` is where it came from, for the one-line error. Blank lines
    /// and `#` comments are skipped; a key twice, a key outside the grammar or a hash that is not
    /// 32 hex digits is an error naming the line.
    public static func parse(_ text: String, name: String) throws(InputError) -> AcceptFile {
        var entries: [(key: String, decision: Decision)] = []
        var seen: Set<String> = []
        for (n, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.trimmingCharacters(in: .whitespaces)
            if line.isEmpty || line.hasPrefix("#") { continue }
            let where_ = "\(name):\(n + 1)"
            let parts = line.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
            guard parts.count == 2 else {
                throw InputError(
                    where_,
                    "expected 'KEY PIXELHASH' or 'KEY \(removeWord)', got \(parts.count) "
                        + "word\(parts.count == 1 ? "" : "s")"
                )
            }
            let key = parts[0]
            guard entries.count < maxEntries else {
                throw InputError(where_, "more than \(maxEntries) keys: more than the manifest holds")
            }
            guard FixtureKey.isValid(key) else {
                throw InputError(where_, "'\(key)' is not a fixture key: \(FixtureKey.problem(key) ?? "")")
            }
            guard seen.insert(key).inserted else { throw InputError(where_, "'\(key)' is listed twice") }
            if parts[1] == removeWord {
                entries.append((key, .remove))
            } else if let h = Hash128(hex: parts[1]) {
                entries.append((key, .record(h)))
            } else {
                throw InputError(where_, "'\(parts[1])' is neither a pixel hash (32 hex digits) nor '\(removeWord)'")
            }
        }
        guard !entries.isEmpty else { throw InputError(name, "lists no fixture to accept") }
        return AcceptFile(entries)
    }

    /// Every listed key against what exists: a `record` key must be a fixture, a `remove` key a
    /// recorded golden no fixture has. `catalogKeys`: the catalog's; `recorded`: the manifest's.
    public func check(catalogKeys: Set<String>, recorded: Set<String>, name: String) throws(InputError) {
        for e in entries {
            switch e.decision {
            case .record:
                guard catalogKeys.contains(e.key) else {
                    throw InputError(
                        name,
                        "'\(e.key)' is no fixture's key"
                            + (recorded.contains(e.key)
                                ? " (a stale golden: list it as '\(e.key) \(Self.removeWord)')" : ""))
                }
            case .remove:
                guard !catalogKeys.contains(e.key) else {
                    throw InputError(
                        name,
                        "'\(e.key)' is a fixture's key; a fixture's golden is recorded at its reviewed hash, never "
                            + "removed"
                    )
                }
                guard recorded.contains(e.key) else {
                    throw InputError(name, "'\(e.key)' is not in \(Manifest.fileName); nothing to remove")
                }
            }
        }
    }
}
