import EvidenceCore
import Foundation

/// One golden as recorded: where it is, what its pixels and file hash to, and what it says.
public struct GoldenEntry: Codable, Equatable, Sendable {
    /// Path relative to the goldens directory.
    public var file: String
    /// XXH3-128 of the size and the straight RGBA pixels (`RGBAImage.pixelHash`), as 32 hex digits.
    public var pixelHash: Hash128
    /// XXH3-128 of the PNG file's bytes, as 32 hex digits.
    public var fileHash: Hash128
    public var width: Int
    public var height: Int
    public var visibleText: [String]
    public var accessibilityLabel: String
    /// Each element's frame in the recorded render (`ElementFrames`): what names a layout edit's
    /// cause. Absent in entries recorded before frames were (then verify names no layout cause for
    /// them); `record` writes it for every fixture it renders, moved or not.
    public var frames: ElementFrames? = nil

    /// Each text is measured against `ManifestBounds` before it is kept, and a list's length or the
    /// frames text's size before its elements are read.
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        let bounds = ManifestBounds.EntryCheck(key: decoder.codingPath.last?.stringValue ?? "")
        file = try bounds.file(c.decode(String.self, forKey: .file))
        pixelHash = try c.decode(Hash128.self, forKey: .pixelHash)
        fileHash = try c.decode(Hash128.self, forKey: .fileHash)
        width = try c.decode(Int.self, forKey: .width)
        height = try c.decode(Int.self, forKey: .height)
        var lines = try c.nestedUnkeyedContainer(forKey: .visibleText)
        try bounds.lines(lines.count ?? 0)
        visibleText = []
        while !lines.isAtEnd { visibleText.append(try bounds.line(lines.decode(String.self))) }
        accessibilityLabel = try bounds.label(c.decode(String.self, forKey: .accessibilityLabel))
        if let text = try c.decodeIfPresent(String.self, forKey: .frames) {
            guard let f = ElementFrames(text: try bounds.frames(text)) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .frames, in: c, debugDescription: "not element frames ('name x y width height;…')")
            }
            frames = f
        }
    }

    public init(
        file: String, pixelHash: Hash128, fileHash: Hash128, width: Int, height: Int, visibleText: [String],
        accessibilityLabel: String, frames: ElementFrames? = nil
    ) {
        self.file = file
        self.pixelHash = pixelHash
        self.fileHash = fileHash
        self.width = width
        self.height = height
        self.visibleText = visibleText
        self.accessibilityLabel = accessibilityLabel
        self.frames = frames
    }
}

/// `Goldens/manifest.json`: every fixture key → its golden, plus the environment that drew them.
/// Written with sorted keys so recording the same goldens twice gives the same bytes.
public struct Manifest: Codable, Equatable, Sendable {
    public static let fileName = "manifest.json"
    public var version: Int = 1
    public var environment: RendererEnvironment
    public var goldens: [String: GoldenEntry]

    public init(environment: RendererEnvironment, goldens: [String: GoldenEntry] = [:]) {
        self.environment = environment
        self.goldens = goldens
    }

    private enum CodingKeys: String, CodingKey { case version, environment, goldens }
    private struct EntryKey: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }
    /// The `userInfo` key under which a decoder is handed the glob of the entries to decode.
    static let entriesGlob = CodingUserInfoKey(rawValue: "evidence.manifest.entries")!

    /// With a glob under `entriesGlob`, only the entries whose key it matches (or that no fixture key
    /// could be) are decoded — a filtered verify reads its own entries, not the whole manifest's.
    /// The entry count and every key's length are checked before any entry is decoded, each decoded
    /// entry's texts as it is read (`ManifestBounds`).
    public init(from decoder: Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        version = try c.decode(Int.self, forKey: .version)
        environment = try c.decode(RendererEnvironment.self, forKey: .environment)
        let table = try c.nestedContainer(keyedBy: EntryKey.self, forKey: .goldens)
        let keys = table.allKeys
        try ManifestBounds.check(keys: keys.map(\.stringValue))
        goldens = [:]
        let compiled = (decoder.userInfo[Self.entriesGlob] as? String).map(Glob.Compiled.init)
        // An entry outside the key grammar is read whatever the glob: every run reports it.
        for key in keys where compiled?.matches(key.stringValue) ?? true || !FixtureKey.isValid(key.stringValue) {
            goldens[key.stringValue] = try table.decode(GoldenEntry.self, forKey: key)
        }
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

    /// Like `load`, but hands back refused entries (dropped from the manifest) for the caller to report;
    /// with `entries`, only the entries whose key matches that glob are read (and judged).
    public static func loadChecked(from directory: URL, entries glob: String? = nil) throws(InputError) -> (
        Manifest?, [Rejected]
    ) {
        let url = directory.appendingPathComponent(fileName)
        var bytes: [UInt8]
        switch ContainedFolder(directory).read(fileName) {
        case .missing: return (nil, [])
        case .unreadable(let why): throw InputError(url.path, "cannot read the manifest (\(why))")
        case .exhausted(let error): throw error
        case .bytes(let b): bytes = b
        }
        var m: Manifest
        do {
            // Decoded from the bytes where they lie: a copy into Data would double the largest
            // transient buffer (the manifest is ~600 bytes a fixture; 22 MB at 16× the matrix).
            m = try bytes.withUnsafeMutableBytes { raw in
                let data = raw.baseAddress.map { Data(bytesNoCopy: $0, count: raw.count, deallocator: .none) } ?? Data()
                let decoder = JSONDecoder()
                if let glob { decoder.userInfo[entriesGlob] = glob }
                return try decoder.decode(Manifest.self, from: data)
            }
        } catch let over as ManifestBounds.Exceeded {
            throw InputError(url.path, "\(over.problem); \(wayOut(url))")
        } catch {
            throw InputError(url.path, "not a valid manifest (\(describeDecodingError(error))); \(wayOut(url))")
        }
        guard m.version == 1 else {
            throw InputError(url.path, "manifest version \(m.version) is not supported (expected 1)")
        }
        var rejected: [Rejected] = []
        for (key, entry) in m.goldens.sorted(by: { $0.key < $1.key }) {
            if let p = FixtureKey.problem(key) {
                rejected.append(
                    Rejected(key: key, problem: "the key \(p); not a fixture key, so not a path the gate will touch"))
            } else if entry.file != key + ".png" {
                rejected.append(
                    Rejected(
                        key: key,
                        problem:
                            "file \(quoted(entry.file)) is not the key's own path \(quoted(key + ".png")); the gate "
                            + "will not touch it"
                    ))
            }
        }
        for r in rejected { m.goldens[r.key] = nil }
        return (m, rejected)
    }

    /// The two ways out of a manifest evidence refuses; `--rebuild-manifest` never reads the old one.
    static func wayOut(_ url: URL) -> String {
        "restore it with 'git checkout -- \(url.path)' or re-create it with 'evidence record --rebuild-manifest'"
    }

    /// The file's bytes: exactly `JSONEncoder`'s output with `.prettyPrinted, .sortedKeys,
    /// .withoutEscapingSlashes` and a final newline (ManifestEncodingTests compares the two).
    public func encoded() -> [UInt8] {
        var all: [UInt8] = []
        encode { all.append(contentsOf: $0) }
        return all
    }

    /// Writes the manifest into `folder` as any file there is written (a temp file renamed into
    /// place), a megabyte at a time: never the whole text in memory (22 MB at 16× the matrix).
    public func write(into folder: ContainedFolder) throws(InputError) {
        try folder.write(to: Self.fileName) { fd throws(InputError) in
            var failure: Int32 = 0
            encode { piece in if failure == 0 { failure = piece.withUnsafeBytes { writeAll(fd, $0) } } }
            if failure != 0 {
                throw InputError(folder.path(Self.fileName), "cannot write (\(String(cString: strerror(failure))))")
            }
        }
    }

    /// `encoded()`'s bytes handed to `emit` in pieces of about a megabyte, written straight from
    /// the entries — JSONEncoder builds a tree of the whole manifest first, several times its size.
    func encode(_ emit: @escaping ([UInt8]) -> Void) {
        var out = PrettyJSON(emit: emit)
        out.object(
            indent: 0,
            [
                (
                    "environment",
                    { o, i in
                        var members: [PrettyJSON.Member] = [
                            ("cairo", { o, _ in o.string(environment.cairo) }),
                            (
                                "fonts",
                                { o, i in
                                    o.object(
                                        indent: i,
                                        environment.fonts.sorted { PrettyJSON.precedes($0.key, $1.key) }.map { font in
                                            (font.key, { o, _ in o.string(font.value) })
                                        })
                                }
                            ),
                            ("freetype", { o, _ in o.string(environment.freetype) }),
                            ("harfbuzz", { o, _ in o.string(environment.harfbuzz) }),
                        ]
                        // A manifest from before images (or the encoder) were named keeps its bytes.
                        if let image = environment.image { members.append(("image", { o, _ in o.string(image) })) }
                        if let libdeflate = environment.libdeflate {
                            members.append(("libdeflate", { o, _ in o.string(libdeflate) }))
                        }
                        members += [
                            ("libpng", { o, _ in o.string(environment.libpng) }),
                            ("zlib", { o, _ in o.string(environment.zlib) }),
                        ]
                        o.object(indent: i, members)
                    }
                ),
                (
                    "goldens",
                    { o, i in
                        o.object(
                            indent: i,
                            goldens.sorted { PrettyJSON.precedes($0.key, $1.key) }.map { golden in
                                (
                                    golden.key,
                                    { o, i in
                                        let e = golden.value
                                        o.object(
                                            indent: i,
                                            [
                                                ("accessibilityLabel", { o, _ in o.string(e.accessibilityLabel) }),
                                                ("file", { o, _ in o.string(e.file) }),
                                                ("fileHash", { o, _ in o.string(e.fileHash.hex) }),
                                            ] + (e.frames.map { f in [("frames", { o, _ in o.string(f.text) })] } ?? [])
                                                + [
                                                    ("height", { o, _ in o.number(e.height) }),
                                                    ("pixelHash", { o, _ in o.string(e.pixelHash.hex) }),
                                                    ("visibleText", { o, i in o.strings(indent: i, e.visibleText) }),
                                                    ("width", { o, _ in o.number(e.width) }),
                                                ])
                                    }
                                )
                            })
                    }
                ),
                ("version", { o, _ in o.number(version) }),
            ])
        out.bytes.append(0x0A)
        out.finish()
    }
}

/// A JSON decoding failure in a few words with where it happened, e.g. "missing 'file' at
/// $.goldens.android/small/…" or "malformed JSON" — for one-line errors about input files.
public func describeDecodingError(_ error: Error) -> String {
    func path(_ ctx: DecodingError.Context) -> String {
        "$" + ctx.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
    }
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

/// The pretty-printed JSON text `JSONEncoder` writes with `.prettyPrinted, .sortedKeys,
/// .withoutEscapingSlashes`: two-space indents, `"key" : value`, an empty container as its brackets
/// around a blank line, keys in UTF-8 byte order, and only `"`, `\\` and control characters escaped.
struct PrettyJSON {
    var bytes: [UInt8] = []
    /// Receives the text a piece at a time: whenever `bytes` passes a megabyte between two
    /// container elements, and the rest at `finish()`.
    let emit: ([UInt8]) -> Void
    typealias Member = (key: String, value: (inout PrettyJSON, Int) -> Void)

    static func precedes(_ a: String, _ b: String) -> Bool { a.utf8.lexicographicallyPrecedes(b.utf8) }

    /// Members in the order given (callers sort them).
    mutating func object(indent: Int, _ members: [Member]) {
        bytes.append(UInt8(ascii: "{"))
        container(indent: indent, members.count) { o, i, inner in
            o.string(members[i].key)
            o.bytes.append(contentsOf: " : ".utf8)
            members[i].value(&o, inner)
        }
        bytes.append(UInt8(ascii: "}"))
    }

    mutating func strings(indent: Int, _ values: [String]) {
        bytes.append(UInt8(ascii: "["))
        container(indent: indent, values.count) { o, i, _ in o.string(values[i]) }
        bytes.append(UInt8(ascii: "]"))
    }

    private mutating func container(indent: Int, _ count: Int, _ element: (inout PrettyJSON, Int, Int) -> Void) {
        if count == 0 {
            newline(0)
            newline(indent)
            return
        }
        newline(indent + 2)
        for i in 0..<count {
            if i > 0 {
                bytes.append(UInt8(ascii: ","))
                newline(indent + 2)
            }
            element(&self, i, indent + 2)
            if bytes.count >= 1 << 20 {
                emit(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        newline(indent)
    }

    mutating func finish() {
        if !bytes.isEmpty {
            emit(bytes)
            bytes.removeAll()
        }
    }

    private mutating func newline(_ indent: Int) {
        bytes.append(0x0A)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent))
    }

    mutating func number(_ n: Int) { bytes.append(contentsOf: String(n).utf8) }

    mutating func string(_ s: String) {
        bytes.append(UInt8(ascii: "\""))
        for c in s.utf8 {
            switch c {
            case UInt8(ascii: "\""): bytes.append(contentsOf: #"\""#.utf8)
            case UInt8(ascii: "\\"): bytes.append(contentsOf: #"\\"#.utf8)
            case 0x08: bytes.append(contentsOf: #"\b"#.utf8)
            case 0x09: bytes.append(contentsOf: #"\t"#.utf8)
            case 0x0A: bytes.append(contentsOf: #"\n"#.utf8)
            case 0x0C: bytes.append(contentsOf: #"\f"#.utf8)
            case 0x0D: bytes.append(contentsOf: #"\r"#.utf8)
            case 0..<0x20:
                let hex = Array("0123456789abcdef".utf8)
                bytes.append(contentsOf: #"\u00"#.utf8)
                bytes.append(hex[Int(c >> 4)])
                bytes.append(hex[Int(c & 0xF)])
            default: bytes.append(c)
            }
        }
        bytes.append(UInt8(ascii: "\""))
    }
}
