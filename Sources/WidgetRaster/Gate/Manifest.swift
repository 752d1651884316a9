import Foundation

/// One golden as recorded: where it is, what its pixels and file hash to, and what it says.
public struct GoldenEntry: Codable, Equatable, Sendable {
    /// Path relative to the goldens directory.
    public var file: String
    public var pixelHash: String
    public var fileHash: String
    public var width: Int
    public var height: Int
    public var visibleText: [String]
    public var accessibilityLabel: String
}

/// `Goldens/manifest.json`: every fixture key → its golden, plus the environment that drew them.
/// Written with sorted keys so recording the same goldens twice gives the same bytes.
public struct Manifest: Codable, Equatable, Sendable {
    public static let fileName = "manifest.json"
    public var version: Int = 1
    public var environment: RendererEnvironment
    public var goldens: [String: GoldenEntry]

    public init(environment: RendererEnvironment, goldens: [String: GoldenEntry] = [:]) {
        self.environment = environment; self.goldens = goldens
    }

    /// Loads the manifest; nil when the file does not exist (nothing recorded yet). An entry outside
    /// the key grammar (or whose file is not its key + `.png`) is an `InputError` naming it — the
    /// manifest arrives in pull requests, and its `file` values are never trusted as paths.
    public static func load(from directory: URL) throws(InputError) -> Manifest? {
        let (manifest, rejected) = try loadChecked(from: directory)
        if let r = rejected.first {
            throw InputError(directory.appendingPathComponent(fileName).path, "entry \(quoted(r.key)): \(r.problem)")
        }
        return manifest
    }

    /// A manifest entry refused at load: its key and why.
    public struct Rejected: Sendable, Equatable {
        public var key: String
        public var problem: String
    }

    /// Like `load`, but hands back refused entries (dropped from the manifest) for the caller to report.
    public static func loadChecked(from directory: URL) throws(InputError) -> (Manifest?, [Rejected]) {
        let url = directory.appendingPathComponent(fileName)
        let data: Data
        switch ContainedFolder(directory).read(fileName) {
        case .missing: return (nil, [])
        case .unreadable(let why): throw InputError(url.path, "cannot read the manifest (\(why))")
        case .bytes(let b): data = Data(b)
        }
        var m: Manifest
        do {
            m = try JSONDecoder().decode(Manifest.self, from: data)
        } catch {
            throw InputError(url.path, "not a valid manifest (\(Self.describe(error))); restore it with "
                + "'git checkout -- \(url.path)' or re-create it with 'evidence record --rebuild-manifest'")
        }
        guard m.version == 1 else { throw InputError(url.path, "manifest version \(m.version) is not supported (expected 1)") }
        var rejected: [Rejected] = []
        for (key, entry) in m.goldens.sorted(by: { $0.key < $1.key }) {
            if let p = FixtureKey.problem(key) {
                rejected.append(Rejected(key: key, problem: "the key \(p); not a fixture key, so not a path the gate will touch"))
            } else if entry.file != key + ".png" {
                rejected.append(Rejected(key: key, problem: "file \(quoted(entry.file)) is not the key's own path \(quoted(key + ".png")); the gate will not touch it"))
            }
        }
        for r in rejected { m.goldens[r.key] = nil }
        return (m, rejected)
    }

    public func encoded() -> Data {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        var data = (try? enc.encode(self)) ?? Data()
        data.append(0x0A)
        return data
    }

    private static func describe(_ error: Error) -> String {
        switch error {
        case DecodingError.keyNotFound(let key, let ctx):
            return "missing '\(key.stringValue)' at \(path(ctx))"
        case DecodingError.typeMismatch(_, let ctx), DecodingError.valueNotFound(_, let ctx):
            return "wrong type at \(path(ctx))"
        case DecodingError.dataCorrupted(let ctx):
            return ctx.codingPath.isEmpty ? "malformed JSON" : "bad value at \(path(ctx))"
        default:
            return "\(error)"
        }
    }
    private static func path(_ ctx: DecodingError.Context) -> String {
        "$" + ctx.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
}
