import EvidenceCore
import Foundation
import WidgetScene

public struct RecordResult: Codable, Sendable {
    public struct Moved: Codable, Sendable, Equatable {
        public var key: String
        /// Why it moved: "pixels", "size", or "pixels, text" when the words changed too.
        public var reason: String
        public var textChanged: Bool
    }
    public var moved: [Moved]
    public var added: [String]
    public var removed: [String]
    public var unchanged: Int
    /// Files with no fixture that record did not delete because the manifest does not prove it wrote
    /// them (unlisted, or changed since recorded), each with why: delete them by hand.
    public var leftAlone: [String] = []
    /// Temp files an interrupted run had left in the goldens folder, removed before recording.
    public var removedTempFiles: [String] = []
    /// Moved goldens `--mode missing` left as they are.
    public var heldBack: [String] = []
    /// Renders not written (`RecordGuard`): findings no record may accept, or moved since review.
    public var refused: [GateFailure] = []
    /// Findings of renders written anyway because `--accept-findings` named their kind.
    public var acceptedFindings: [GateFailure] = []

    public var summaryLine: String {
        "moved: \(moved.count), added: \(added.count), removed: \(removed.count), unchanged: \(unchanged)"
            + (heldBack.isEmpty ? "" : ", left as they are (--mode missing): \(heldBack.count)") + refusedSummary
    }

    func sorted() -> RecordResult {
        var r = self
        r.moved.sort { $0.key < $1.key }
        r.added.sort()
        r.removed.sort()
        r.heldBack.sort()
        r.refused.sort { $0.key < $1.key }
        r.acceptedFindings.sort { $0.key < $1.key }
        return r
    }
}

public enum Recorder {
    /// Re-records goldens: writes only files whose pixels changed, adds new ones, removes stale
    /// ones, then rewrites the manifest — holding the folder's exclusive lock for the whole run, so
    /// a concurrent record's manifest changes are read, not overwritten.
    ///
    /// Transactional: every new PNG is first written to a temp name; then each is renamed into place
    /// (old or new, never half), then the manifest is written, then stale files are deleted. A
    /// failure while renaming writes a manifest naming exactly what is on disk; a kill at any point
    /// leaves each PNG old or new and a manifest naming only existing files (temp files are swept
    /// by the next run). Only regular files the manifest proves we wrote (its file hash) are deleted.
    /// With `dryRun`, decides and reports exactly the same but writes and deletes nothing.
    /// `rebuildManifest` ignores the existing manifest (corrupt, or naming entries it must not).
    /// `onFixture` receives each decision in catalog order as it is made, then each stale removal.
    public static func record(
        _ options: GateOptions, catalog: [Fixture], painter: CairoPainter, dryRun: Bool = false,
        rebuildManifest: Bool = false, waitForLock: Bool = true, guard recordGuard: RecordGuard = .none,
        notice: (@Sendable (String) -> Void)? = nil,
        progress: (@Sendable (GateProgress) -> Void)? = nil,
        onFixture: ((RecordedFixture) -> Void)? = nil
    ) throws(InputError) -> RecordResult {
        let folder = ContainedFolder(options.goldens)
        let lock =
            dryRun
            ? try FolderLock.acquire(options.goldens, .shared, wait: waitForLock, onWait: notice)
            : try FolderLock.acquire(options.goldens, .exclusive, wait: waitForLock, onWait: notice)
        defer { withExtendedLifetime(lock) {} }
        let sweptTemps = dryRun ? [] : folder.removeStaleTempFiles()
        for t in sweptTemps { notice?("removed \(t), a temp file left by an interrupted run") }

        let fixtures = options.selected(catalog)
        for f in fixtures where !FixtureKey.isValid(f.key) {
            throw InputError(f.key, "fixture key \(FixtureKey.problem(f.key) ?? ""); refusing to derive a path from it")
        }
        let old = rebuildManifest ? nil : try Manifest.load(from: options.goldens)
        var manifest = Manifest(
            environment: RendererEnvironment.current(fonts: painter.fonts, hash: options.proofs.fileHash(atPath:)),
            goldens: old?.goldens ?? [:])
        let tally = ProgressTally(total: fixtures.count)
        var result = RecordResult(moved: [], added: [], removed: [], unchanged: 0, removedTempFiles: sweptTemps)
        // Render, decide (with the record mode) and encode in parallel, a few fixtures per worker at a
        // time; each batch's new PNGs are staged (written under temp names) in key order before the
        // next batch is drawn, so only entries and temp names outlive a batch — memory does not grow
        // with the matrix. Nothing is renamed into place before every fixture has been decided.
        let acrossFixtures = recordGuard.colourAlone(catalog, painter: painter, options: options)
        var writes: [String] = []  // keys of staged PNGs, in staging order (their entries are in `manifest`)
        var staged: [ContainedFolder.Staged] = []
        do throws(InputError) {
            try parallelStream(
                fixtures.count, jobs: options.jobs,
                { canvas, i in
                    let r = render(fixtures[i], painter: painter, into: canvas, for: options.checks)
                    let previous = old?.goldens[fixtures[i].key]
                    let p = plan(
                        r, previous: previous, folder: folder, proofs: options.proofs,
                        replaceUnreadable: options.replaceUnreadable
                    ).map { options.recordMode.applied(to: $0, previous: previous, image: r.image()) }
                        .map {
                            recordGuard.judged(
                                $0, r, previous: previous,
                                findings: recordGuard.findings(
                                    r, painter: painter, options: options,
                                    acrossFixtures: acrossFixtures[r.fixture.key] ?? []))
                        }
                    progress?(tally.step(failed: false))
                    return p
                },
                consume: { (_, p: Result<Plan, InputError>) throws(InputError) in
                    let p = try p.get()
                    if let bytes = p.bytes, p.entry != nil {
                        if !dryRun { staged.append(try folder.stage(bytes, for: p.file)) }
                        writes.append(p.key)
                    }
                    let change: RecordedFixture.Change
                    result.acceptedFindings += p.acceptedFindings
                    if !p.refused.isEmpty {
                        result.refused += p.refused
                        change = .refused
                    } else if p.heldBack {
                        result.heldBack.append(p.key)
                        change = .heldBack
                    } else if let moved = p.moved {
                        result.moved.append(moved)
                        change = .moved(moved)
                    } else if p.isNew {
                        result.added.append(p.key)
                        change = .added
                    } else {
                        result.unchanged += 1
                        change = .unchanged
                    }
                    manifest.goldens[p.key] = p.entry
                    onFixture?(RecordedFixture(key: p.key, change: change))
                })
        } catch {
            staged.forEach(folder.discard)
            throw error
        }

        // From here on the staged files are either committed or discarded — every one not renamed into
        // place, the one whose commit failed included — whichever way this ends.
        var committed = 0
        do throws(InputError) {
            let doomed = try decideStale(
                &result, &manifest, options: options, catalog: catalog, fixtures: fixtures,
                folder: folder, onFixture: onFixture)
            if dryRun { return result.sorted() }
            do throws(InputError) {
                for s in staged {
                    try folder.commit(s)
                    committed += 1
                }
            } catch {
                // The manifest names exactly what is on disk: the old entries, plus what was renamed.
                var partial = old ?? Manifest(environment: manifest.environment)
                for key in writes.prefix(committed) { partial.goldens[key] = manifest.goldens[key] }
                try? partial.write(into: folder)
                throw error
            }
            if manifest != old || old == nil {
                try manifest.write(into: folder)
            }
            for file in doomed { folder.removeFile(file) }
            return result.sorted()
        } catch {
            staged[committed...].forEach(folder.discard)
            throw error
        }
    }

    /// Drops the entries of fixtures no longer in the catalog (as the mode and filter allow) and
    /// notes the files record must leave alone; returns the stale files it may delete — only those
    /// on disk exactly as the manifest recorded them.
    private static func decideStale(
        _ result: inout RecordResult, _ manifest: inout Manifest, options: GateOptions,
        catalog: [Fixture], fixtures: [Fixture], folder: ContainedFolder,
        onFixture: ((RecordedFixture) -> Void)?
    ) throws(InputError) -> [String] {
        let allKeys = Set(catalog.map(\.key))
        var doomed: [String] = []
        var staleFiles: Set<String> = []
        for (key, entry) in manifest.goldens.sorted(by: { $0.key < $1.key })
        where !allKeys.contains(key) && options.recordMode.removesStale && options.judgesOrphan(key) {
            manifest.goldens[key] = nil
            result.removed.append(key)
            onFixture?(RecordedFixture(key: key, change: .removed))
            staleFiles.insert(entry.file)
            switch folder.read(entry.file) {
            case .missing: break
            case .bytes(let b) where ImageOps.hash(b) == entry.fileHash: doomed.append(entry.file)
            case .bytes: result.leftAlone.append("\(entry.file): changed since it was recorded")
            case .unreadable(let why): result.leftAlone.append(why)
            case .exhausted(let error): throw error
            }
        }
        // Files nobody lists: never ours to delete.
        let listed = Set(manifest.goldens.values.map(\.file)).union(fixtures.map(\.goldenPath)).union(staleFiles)
        let strays = try Manifest.strays(
            in: options.goldens, listed: listed, linksExcluding: [], filter: options.filter)
        for file in strays.unlisted where options.judgesUnlisted(String(file.dropLast(4)), catalogKeys: allKeys) {
            result.leftAlone.append("\(file): not in \(Manifest.fileName), so not written by evidence record")
        }
        for link in strays.links {
            result.leftAlone.append("\(link): a symbolic link; never followed, never removed")
        }

        return doomed
    }

    /// One fixture's decision: the entry to record, the bytes to write (nil = leave the file alone),
    /// and why it moved (nil when new or unchanged).
    struct Plan: Sendable {
        var key: String
        /// The golden's path, from the fixture key.
        var file: String
        /// The manifest entry to keep (nil: none — `--mode missing` held back a file it has no entry for).
        var entry: GoldenEntry?
        var bytes: [UInt8]?
        var moved: RecordResult.Moved?
        /// No golden was on disk.
        var isNew: Bool
        /// `--mode missing` left a moved golden as it is.
        var heldBack = false
        /// Why `RecordGuard` left the golden as it is (empty: it did not).
        var refused: [GateFailure] = []
        var acceptedFindings: [GateFailure] = []
    }

    static func plan(
        _ r: Rendered, previous: GoldenEntry?, folder: ContainedFolder, proofs: ProvenGoldens,
        replaceUnreadable: Bool = false
    ) -> Result<Plan, InputError> {
        let file = r.fixture.goldenPath
        let existing: [UInt8]?
        switch folder.read(file) {
        case .missing: existing = nil
        case .bytes(let b): existing = b
        case .unreadable(let why): return .failure(InputError(r.fixture.key, "\(why); the golden is not replaced"))
        case .exhausted(let error): return .failure(error)
        }
        var entry = GoldenEntry(
            file: file, pixelHash: r.pixelHash, fileHash: Hash128(high: 0, low: 0) /* set on every path below */,
            width: r.canvas.width,
            height: r.canvas.height, visibleText: r.scene.visibleText,
            accessibilityLabel: r.scene.accessibilityLabel, frames: ElementFrames(r.scene))
        let textChanged =
            previous.map { $0.visibleText != entry.visibleText || $0.accessibilityLabel != entry.accessibilityLabel }
            ?? false
        let unchanged = textChanged ? RecordResult.Moved(key: r.fixture.key, reason: "text", textChanged: true) : nil
        // Unchanged pixels: keep the file byte for byte (even if an older encoder wrote it). As in
        // verify, what the file holds is proven from its bytes, never read from the manifest.
        if let existing, proofs.pixels(of: proofs.key(existing), matching: r) != nil {
            entry.fileHash = ImageOps.hash(existing)
            return .success(
                Plan(key: r.fixture.key, file: file, entry: entry, bytes: nil, moved: unchanged, isNew: false))
        }
        let image = r.image()
        var unreadable = false
        if let existing {
            // The golden as verify reads it: one it calls unreadable (an LFS pointer, a corrupt PNG)
            // may be a real golden this checkout never fetched, so it is not recorded over unasked.
            do {
                if case .image(let decoded) = try ImageOps.decodeGolden(
                    existing, name: folder.path(file), expecting: image.size)
                {
                    let same = decoded == image
                    proofs.prove(proofs.key(existing), holds: decoded.pixelHash, words: same ? r.wordsHash : nil)
                    if same {
                        entry.fileHash = ImageOps.hash(existing)
                        return .success(
                            Plan(
                                key: r.fixture.key, file: file, entry: entry, bytes: nil, moved: unchanged, isNew: false
                            ))
                    }
                }
            } catch {
                guard replaceUnreadable else {
                    let fix =
                        existing.starts(with: PNGCodec.lfsPointerPrefix)
                        ? "fetch it: git lfs pull"
                        : "restore it: git checkout -- \(AcceptHint.shellQuoted(folder.path(file)))"
                    return .failure(
                        InputError(
                            folder.path(file),
                            "\(error.problem); record never replaces a golden verify calls unreadable — \(fix), or "
                                + "record over it on purpose with --replace-unreadable"
                        ))
                }
                unreadable = true
            }
        }
        let bytes = ImageOps.encodePNG(image)
        entry.fileHash = ImageOps.hash(bytes)
        proofs.prove(proofs.key(bytes), holds: r.pixelHash, words: r.wordsHash)  // what the encoder wrote, it knows
        guard existing != nil else {
            return .success(Plan(key: r.fixture.key, file: file, entry: entry, bytes: bytes, moved: nil, isNew: true))
        }
        var reasons: [String] = []
        if unreadable {
            reasons.append("unreadable")
        } else if let previous, previous.width != entry.width || previous.height != entry.height {
            reasons.append("size")
        } else {
            reasons.append("pixels")
        }
        if textChanged { reasons.append("text") }
        return .success(
            Plan(
                key: r.fixture.key, file: file, entry: entry, bytes: bytes,
                moved: RecordResult.Moved(
                    key: r.fixture.key, reason: reasons.joined(separator: ", "), textChanged: textChanged),
                isNew: false))
    }
}
