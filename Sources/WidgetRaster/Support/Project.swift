import EvidenceCore
import Foundation
import WidgetModel
import WidgetScene

/// The project being checked — its goldens, token folders and known-findings file — found the way
/// git finds its repository: from the working folder upward to the first folder holding
/// `evidence.json` (or, failing that, a `Goldens/` folder), or given by `--root DIR`. Never the path
/// the binary was built at (issue #32: a copied, cached or installed binary checks any checkout).
/// The bundled fonts are not project files: they are compiled in (`BundledFonts`).
public struct Project: Sendable, Equatable {
    /// The config file's name at a project's root.
    public static let configName = "evidence.json"
    /// The goldens folder's name when the config names none; also the marker of a root without a config.
    public static let defaultGoldens = "Goldens"
    /// The case files' folder when the config names none (`CaseFiles`: one render each, pinned as data).
    public static let defaultCases = "Cases"
    /// The default token folders below a root (and below an install's share/evidence).
    static let defaultAndroidTokens = "Tokens/android/res"
    static let defaultIOSTokens = "Tokens/ios/Assets.xcassets"
    /// 64 KB: a config is a handful of paths.
    static let maxConfigBytes = 64 * 1024

    public var root: URL
    public var goldens: URL
    public var androidTokens: URL
    public var iosTokens: URL
    public var knownFindings: URL
    public var cases: URL
    /// The config's shard count: `--shard i` then means slice i of it.
    public var shards: Int?
    /// How the root was chosen (`evidence version` prints it).
    public var origin: String
    /// Where the token folders came from: the project, its config, the install beside the binary,
    /// or the binary itself.
    public var tokensOrigin: String
    /// Set when no project was found: the folder the search started from (`Project.outside`).
    public var searchedFrom: URL? = nil

    /// `evidence.json`: every path relative to the root and inside it; unknown keys are refused
    /// (a misspelt key silently ignored would check the wrong folder).
    struct Config: Decodable {
        var goldens: String?
        var knownFindings: String?
        var cases: String?
        var tokens: Tokens?
        var shards: Int?
        struct Tokens: Decodable {
            var android: String?
            var ios: String?
        }
        static let keys: Set<String> = ["goldens", "knownFindings", "cases", "tokens", "shards"]
        static let tokenKeys: Set<String> = ["android", "ios"]
    }

    /// The project rooted at `root` (its config read when present).
    public static func at(root: URL, origin: String, install: URL? = installShare) throws(InputError) -> Project {
        let root = root.standardizedFileURL
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: root.path, isDirectory: &isDir), isDir.boolValue else {
            throw InputError(
                root.path,
                "not a folder; --root names the project folder (the one holding \(configName) or \(defaultGoldens)/)")
        }
        let configURL = root.appendingPathComponent(configName)
        let config = FileManager.default.fileExists(atPath: configURL.path) ? try readConfig(configURL) : nil
        func inside(_ rel: String?, _ fallback: String, _ what: String) throws(InputError) -> URL {
            guard let rel else { return root.appendingPathComponent(fallback) }
            guard !rel.isEmpty, !rel.hasPrefix("/"), !rel.split(separator: "/").contains("..") else {
                throw InputError(
                    configURL.path,
                    "\(what) \(quoted(String(rel.prefix(120)))) must be a path inside the project, relative to its root"
                )
            }
            return root.appendingPathComponent(rel)
        }
        let goldens = try inside(config?.goldens, defaultGoldens, "goldens")
        let known = try inside(config?.knownFindings, KnownFindings.fileName, "knownFindings")
        let cases = try inside(config?.cases, defaultCases, "cases")
        var android = try inside(config?.tokens?.android, defaultAndroidTokens, "tokens.android")
        var ios = try inside(config?.tokens?.ios, defaultIOSTokens, "tokens.ios")
        // Each root the gate reads or writes resolves inside the project (issue #55: a goldens link
        // to a folder elsewhere let record write 2,039 files there).
        let realRoot = KernelPath.resolve(root.path)
        for (what, url) in [
            ("goldens", goldens), ("cases", cases), ("knownFindings", known), ("tokens.android", android),
            ("tokens.ios", ios),
        ] {
            let real = KernelPath.resolve(url.path)
            guard ProtectedInput.isInside(real, realRoot) else {
                throw InputError(
                    url.path,
                    "\(what) resolves to \(quoted(real)), outside the project \(quoted(realRoot)); a project's folders "
                        + "lie inside it (no link out)"
                )
            }
        }
        var tokensOrigin = config?.tokens != nil ? "\(configName)" : "the project"
        if config?.tokens == nil, !FileManager.default.fileExists(atPath: android.path), let install,
            FileManager.default.fileExists(atPath: install.appendingPathComponent(defaultAndroidTokens).path)
        {
            // A project without token files of its own is audited against the installed defaults.
            android = install.appendingPathComponent(defaultAndroidTokens)
            ios = install.appendingPathComponent(defaultIOSTokens)
            tokensOrigin = "the install (\(install.path))"
        }
        return Project(
            root: root, goldens: goldens, androidTokens: android, iosTokens: ios, knownFindings: known, cases: cases,
            shards: config?.shards, origin: origin, tokensOrigin: tokensOrigin)
    }

    /// The nearest folder at or above `start` holding `evidence.json`, else the nearest holding
    /// `Goldens/`; nil when neither is found up to `/`.
    public static func findRoot(from start: URL) -> (root: URL, marker: String)? {
        let fm = FileManager.default
        func ancestors() -> [URL] {
            var out: [URL] = []
            var dir = start.standardizedFileURL
            while true {
                out.append(dir)
                let up = dir.deletingLastPathComponent().standardizedFileURL
                if up.path == dir.path { return out }
                dir = up
            }
        }
        let all = ancestors()
        if let r = all.first(where: { fm.fileExists(atPath: $0.appendingPathComponent(configName).path) }) {
            return (r, configName)
        }
        for dir in all {
            var isDir: ObjCBool = false
            if fm.fileExists(atPath: dir.appendingPathComponent(defaultGoldens).path, isDirectory: &isDir),
                isDir.boolValue
            {
                return (dir, defaultGoldens + "/")
            }
        }
        return nil
    }

    /// The project the working folder is in; without one, `outside(start)`.
    public static func discover(from start: URL = URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        throws(InputError) -> Project
    {
        guard let (root, marker) = findRoot(from: start) else { return outside(start) }
        return try at(root: root, origin: "found \(marker) at or above the working folder")
    }

    /// No project at or above `start`: the bundled tokens (compiled in, `BundledTokens`) and the
    /// working folder's paths, which commands that need a project refuse (`searchedFrom`).
    public static func outside(_ start: URL) -> Project {
        let start = start.standardizedFileURL
        var p = Project(
            root: start, goldens: start.appendingPathComponent(defaultGoldens), androidTokens: BundledTokens.androidRes,
            iosTokens: BundledTokens.iosAssets, knownFindings: start.appendingPathComponent(KnownFindings.fileName),
            cases: start.appendingPathComponent(defaultCases),
            shards: nil, origin: "no \(configName) or \(defaultGoldens)/ at or above \(start.path) (give --root DIR)",
            tokensOrigin: "the binary (bundled)")
        p.searchedFrom = start
        return p
    }

    static func readConfig(_ url: URL) throws(InputError) -> Config {
        let bytes = try readFile(atPath: url.path, limit: maxConfigBytes)
        // A key given twice is one JSONSerialization would silently read as the last (issue #55):
        // the gate's own parser refuses it, naming where.
        do { _ = try JSONValue.parse(bytes) } catch {
            throw InputError("\(url.path): \(error.location)", error.problem)
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw InputError(
                url.path,
                "not a JSON object; \(configName) holds {\"goldens\", \"knownFindings\", \"cases\", \"tokens\": "
                    + "{\"android\", \"ios\"}, \"shards\"}"
            )
        }
        if let bad = Set(object.keys).subtracting(Config.keys).sorted().first {
            throw InputError(
                url.path,
                "unknown key \(quoted(String(bad.prefix(60)))); the keys are "
                    + "\(Config.keys.sorted().joined(separator: ", "))"
            )
        }
        if let tokens = object["tokens"] as? [String: Any],
            let bad = Set(tokens.keys).subtracting(Config.tokenKeys).sorted().first
        {
            throw InputError(
                url.path, "unknown key tokens.\(String(bad.prefix(60))); the keys are tokens.android, tokens.ios")
        }
        let config: Config
        do { config = try JSONDecoder().decode(Config.self, from: Data(bytes)) } catch {
            throw InputError(url.path, describeDecodingError(error))
        }
        if let n = config.shards, !(1...Shard.maxCount).contains(n) {
            throw InputError(url.path, "shards \(n): must be 1…\(Shard.maxCount)")
        }
        return config
    }

    /// `share/evidence` of an install beside the running binary (`scripts/install.sh`: PREFIX/bin/evidence
    /// and PREFIX/share/evidence/Tokens), nil when the binary is not installed that way.
    public static let installShare: URL? = {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") else { return nil }
        let share = URL(fileURLWithPath: exe).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("share/evidence").standardizedFileURL
        return FileManager.default.fileExists(atPath: share.path) ? share : nil
    }()

    private static let lock = NSLock()
    nonisolated(unsafe) private static var chosen: Project?

    /// The project this process checks: the one `use` set (the CLI resolves `--root` or the working
    /// folder before a command runs, reporting a bad config), else the one found from the working
    /// folder the first time it is asked for (a bad config then leaves the defaults at the working folder).
    public static var current: Project {
        lock.lock()
        defer { lock.unlock() }
        if let chosen { return chosen }
        let cwd = URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
        let found = (try? discover(from: cwd)) ?? outside(cwd)
        chosen = found
        return found
    }

    public static func use(_ project: Project) {
        lock.lock()
        defer { lock.unlock() }
        chosen = project
    }
}
