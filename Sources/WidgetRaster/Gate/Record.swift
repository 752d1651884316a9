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
        var manifest = Manifest(environment: RendererEnvironment.current(fonts: painter.fonts), goldens: old?.goldens ?? [:])
        let done = Counter()
        let rendered: [Rendered] = parallelMap(fixtures.count, jobs: options.jobs) { i in
            let r = render(fixtures[i], painter: painter)
            progress?(done.increment(), fixtures.count)
            return r
        }

        var result = RecordResult(moved: [], added: [], removed: [], unchanged: 0)
        // Decide and encode in parallel too; writes happen below in key order.
        let plans: [(Rendered, GoldenEntry, [UInt8]?, RecordResult.Moved?)] = parallelMap(rendered.count, jobs: options.jobs) { i in
            plan(rendered[i], previous: old?.goldens[rendered[i].fixture.key], goldens: options.goldens)
        }
        for (r, entry, bytes, moved) in plans {
            let key = r.fixture.key
            if let bytes, !dryRun { try AtomicFile.write(Data(bytes), to: options.goldens.appendingPathComponent(entry.file)) }
            if let moved { result.moved.append(moved) } else if bytes != nil { result.added.append(key) } else { result.unchanged += 1 }
            manifest.goldens[key] = entry
        }

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

    /// The entry to record for one render, the bytes to write (nil = leave the file alone), and
    /// why it moved (nil when new or unchanged).
    static func plan(_ r: Rendered, previous: GoldenEntry?, goldens: URL) -> (Rendered, GoldenEntry, [UInt8]?, RecordResult.Moved?) {
        let file = r.fixture.goldenPath
        let url = goldens.appendingPathComponent(file)
        let existing = FileManager.default.contents(atPath: url.path).map { [UInt8]($0) }
        var entry = GoldenEntry(file: file, pixelHash: r.pixelHash, fileHash: "", width: r.image.width,
                                height: r.image.height, visibleText: r.scene.visibleText,
                                accessibilityLabel: r.scene.accessibilityLabel)
        let textChanged = previous.map { $0.visibleText != entry.visibleText || $0.accessibilityLabel != entry.accessibilityLabel } ?? false
        // Unchanged pixels: keep the file byte for byte (even if an older encoder wrote it).
        if let existing, let decoded = try? ImageOps.decodePNG(existing, name: url.path), decoded == r.image {
            entry.fileHash = ImageOps.hash(existing)
            let moved = textChanged ? RecordResult.Moved(key: r.fixture.key, reason: "text", textChanged: true) : nil
            return (r, entry, nil, moved)
        }
        let bytes = ImageOps.encodePNG(r.image)
        entry.fileHash = ImageOps.hash(bytes)
        guard existing != nil else { return (r, entry, bytes, nil) }
        var reasons: [String] = []
        if let previous, previous.width != entry.width || previous.height != entry.height { reasons.append("size") } else { reasons.append("pixels") }
        if textChanged { reasons.append("text") }
        return (r, entry, bytes, RecordResult.Moved(key: r.fixture.key, reason: reasons.joined(separator: ", "), textChanged: textChanged))
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
