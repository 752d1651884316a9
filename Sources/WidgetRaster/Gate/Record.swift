import Foundation

public struct RecordResult: Codable, Sendable {
    public struct Moved: Codable, Sendable {
        public var key: String
        /// Why it moved: "pixels", "size", or "pixels, text" when the words changed too.
        public var reason: String
        public var textChanged: Bool
    }
    public var moved: [Moved]
    public var added: [String]
    public var removed: [String]
    public var unchanged: Int

    public var summaryLine: String {
        "moved: \(moved.count), added: \(added.count), removed: \(removed.count), unchanged: \(unchanged)"
    }

    func sorted() -> RecordResult {
        var r = self
        r.moved.sort { $0.key < $1.key }
        r.added.sort()
        r.removed.sort()
        return r
    }
}

public enum Recorder {
    /// Re-records goldens: writes only files whose pixels changed, adds new ones, removes stale
    /// ones, then rewrites the manifest. PNGs are written before the manifest that names them,
    /// and removed files are deleted only after the manifest stops naming them.
    /// With `dryRun`, decides and reports exactly the same but writes and deletes nothing.
    public static func record(_ options: GateOptions, catalog: [Fixture], painter: CairoPainter, dryRun: Bool = false,
                              progress: (@Sendable (Int, Int) -> Void)? = nil) throws(InputError) -> RecordResult {
        let fixtures = options.filter.map { f in catalog.filter { Glob.matches(f, $0.key) } } ?? catalog
        let old = try Manifest.load(from: options.goldens)
        var manifest = Manifest(environment: RendererEnvironment.current(), goldens: old?.goldens ?? [:])
        let done = Counter()
        var result = RecordResult(moved: [], added: [], removed: [], unchanged: 0)
        // Render, decide and encode in parallel, a few fixtures per worker at a time; write each
        // batch in key order before the next is drawn. Only manifest entries outlive a batch.
        try parallelStream(fixtures.count, jobs: options.jobs, { canvas, i in
            let r = render(fixtures[i], painter: painter, into: canvas)
            let p = plan(r, previous: old?.goldens[fixtures[i].key], goldens: options.goldens)
            progress?(done.increment(), fixtures.count)
            return p
        }, consume: { (i: Int, p: Plan) throws(InputError) in
            let key = fixtures[i].key
            if let bytes = p.bytes, !dryRun { try AtomicFile.write(Data(bytes), to: options.goldens.appendingPathComponent(p.entry.file)) }
            if let moved = p.moved { result.moved.append(moved) } else if p.bytes != nil { result.added.append(key) } else { result.unchanged += 1 }
            manifest.goldens[key] = p.entry
        })

        // Stale entries and unlisted files within the filter.
        let allKeys = Set(catalog.map(\.key))
        var doomed: [String] = []
        for (key, entry) in manifest.goldens where !allKeys.contains(key) && (options.filter.map { Glob.matches($0, key) } ?? true) {
            manifest.goldens[key] = nil
            doomed.append(entry.file)
            result.removed.append(key)
        }
        let listed = Set(manifest.goldens.values.map(\.file))
        for file in Manifest.unlistedFiles(in: options.goldens, listed: listed, filter: options.filter)
        where !doomed.contains(file) {
            doomed.append(file)
            result.removed.append(String(file.dropLast(4)))
        }

        if dryRun { return result.sorted() }
        if manifest != old || old == nil {
            try AtomicFile.write(manifest.encoded(), to: options.goldens.appendingPathComponent(Manifest.fileName))
        }
        for file in doomed {
            try? FileManager.default.removeItem(at: options.goldens.appendingPathComponent(file))
            removeEmptyParents(of: options.goldens.appendingPathComponent(file), below: options.goldens)
        }
        return result.sorted()
    }

    /// What to record for one render: its entry, the bytes to write (nil = leave the file alone),
    /// and why it moved (nil when new or unchanged).
    struct Plan: Sendable {
        var entry: GoldenEntry
        var bytes: [UInt8]?
        var moved: RecordResult.Moved?
    }

    static func plan(_ r: Rendered, previous: GoldenEntry?, goldens: URL) -> Plan {
        let file = r.fixture.goldenPath
        let url = goldens.appendingPathComponent(file)
        let existing = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        var entry = GoldenEntry(file: file, pixelHash: r.pixelHash, fileHash: "", width: r.canvas.width,
                                height: r.canvas.height, visibleText: r.scene.visibleText,
                                accessibilityLabel: r.scene.accessibilityLabel)
        let textChanged = previous.map { $0.visibleText != entry.visibleText || $0.accessibilityLabel != entry.accessibilityLabel } ?? false
        let unchanged = textChanged ? RecordResult.Moved(key: r.fixture.key, reason: "text", textChanged: true) : nil
        // Unchanged pixels: keep the file byte for byte (even if an older encoder wrote it).
        // Verify's fast path first: the file is what was recorded and the render hashes the same.
        if let existing, let previous, previous.file == file, previous.pixelHash == r.pixelHash,
           previous.fileHash == ImageOps.hash(existing) {
            entry.fileHash = previous.fileHash
            return Plan(entry: entry, bytes: nil, moved: unchanged)
        }
        let image = r.image()
        if let existing, let decoded = try? ImageOps.decodePNG(existing, name: url.path), decoded == image {
            entry.fileHash = ImageOps.hash(existing)
            return Plan(entry: entry, bytes: nil, moved: unchanged)
        }
        let bytes = ImageOps.encodePNG(image)
        entry.fileHash = ImageOps.hash(bytes)
        guard existing != nil else { return Plan(entry: entry, bytes: bytes, moved: nil) }
        var reasons: [String] = []
        if let previous, previous.width != entry.width || previous.height != entry.height { reasons.append("size") } else { reasons.append("pixels") }
        if textChanged { reasons.append("text") }
        return Plan(entry: entry, bytes: bytes, moved: RecordResult.Moved(key: r.fixture.key, reason: reasons.joined(separator: ", "), textChanged: textChanged))
    }

    static func removeEmptyParents(of url: URL, below root: URL) {
        var dir = url.deletingLastPathComponent()
        while dir.path.count > root.path.count,
              let items = try? FileManager.default.contentsOfDirectory(atPath: dir.path), items.isEmpty {
            try? FileManager.default.removeItem(at: dir)
            dir = dir.deletingLastPathComponent()
        }
    }
}
