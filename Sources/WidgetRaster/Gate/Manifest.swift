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

    /// Loads the manifest; nil when the file does not exist (nothing recorded yet).
    public static func load(from directory: URL) throws(InputError) -> Manifest? {
        let url = directory.appendingPathComponent(fileName)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw InputError(url.path, "cannot read the manifest")
        }
        do {
            let m = try JSONDecoder().decode(Manifest.self, from: data)
            guard m.version == 1 else { throw InputError(url.path, "manifest version \(m.version) is not supported (expected 1)") }
            return m
        } catch let e as InputError {
            throw e
        } catch {
            throw InputError(url.path, "not a valid manifest (\(Self.describe(error))); restore it from git or run 'evidence record'")
        }
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

/// Writes through a temp file in the same directory and renames it into place, so a reader (or
/// an interrupted run) sees the old file or the new one, never half of one.
public enum AtomicFile {
    public static func write(_ data: Data, to url: URL) throws(InputError) {
        let dir = url.deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            let tmp = dir.appendingPathComponent(".\(url.lastPathComponent).tmp-\(getpid())")
            try data.write(to: tmp)
            if rename(tmp.path, url.path) != 0 {
                try? FileManager.default.removeItem(at: tmp)
                throw InputError(url.path, "cannot move the new file into place (errno \(errno))")
            }
        } catch let e as InputError {
            throw e
        } catch {
            throw InputError(url.path, "cannot write: \(error.localizedDescription)")
        }
    }
}
