import CairoShim
import EvidenceCore
import Foundation

/// What this machine has seen golden files decode to: the fast path's evidence (issue #34 item 1,
/// "the manifest is an index, never evidence"). Exact verify skips decoding a golden only when a
/// proof here says its bytes decode to the render's pixels; a proof is made by decoding the golden
/// (verify's slow path) or by encoding the pixels (record writes what it encoded). Nothing in the
/// manifest or the goldens folder is ever a proof.
///
/// A proof is keyed by XXH3-128 of the file's bytes under a secret drawn when the cache is created
/// and kept beside the proofs, so a golden made to collide with a proven file's plain hash (XXH3 is
/// not a cryptographic hash) has a different key here. The cache file lives outside the repository
/// (the CLI's `ProvenGoldens.open`), so a pull request can no more write it than it can write the
/// gate's code; `memory` keeps proofs for one process only (tests, and where no cache folder is known).
/// Losing the file costs time (the next verify decodes every golden once), never a verdict.
///
/// A proof also keeps the hash of Cairo's premultiplied words of a render seen to straighten to
/// those pixels (`Canvas.wordsHash`), once one has been: a render with those words straightens
/// to them too, so the fast path compares that hash and skips converting the frame (issue #56).
public final class ProvenGoldens: @unchecked Sendable {
    /// The cache file's name inside its folder.
    public static let fileName = "proven-goldens"
    /// The file's first bytes: the format, so a file of another shape is never read as proofs.
    static let magic = Array("evidence-proofs/2\n".utf8)
    /// The format before words hashes: still read (its proofs hold no words yet), never written.
    static let magicWithoutWords = Array("evidence-proofs/1\n".utf8)
    /// Bytes per proof in the file: the key, the pixels' hash, the words' hash (zero: none yet).
    static let recordSize = 48
    /// XXH3's recommended secret size; anything at least XXH3_SECRET_SIZE_MIN (136) works.
    static let secretSize = 192
    /// Above this many proofs the file is started afresh: a few re-recorded matrices' worth.
    static let maxProofs = 1 << 16
    /// The largest proofs file `save` writes (3 MB); a larger one is read as no cache — never parsed
    /// into millions of proofs (the input cap alone would let 256 MB become 5.6 million).
    static let maxFileBytes = magic.count + secretSize + maxProofs * recordSize
    /// The font hashes file: a line (~150 bytes) per font version seen; a larger one is started afresh.
    static let maxFileHashesBytes = 1 << 20

    private let folder: URL?
    private let secret: [UInt8]
    private let lock = NSLock()
    private var pixels: [Hash128: Proof]
    private var unsaved = false
    /// Font files' hashes by what `stat` says of them (`fileHash(atPath:)`), kept beside the proofs.
    private var fileHashes: [FileStamp: Hash128] = [:]
    private var fileHashesUnsaved = false
    static let fileHashesName = "file-hashes"

    /// What one golden file is proven to hold.
    struct Proof: Equatable {
        /// Its straight RGBA pixels' `pixelHash`.
        var pixels: Hash128
        /// `Canvas.wordsHash` of a render that straightens to those pixels; nil until one is seen.
        var words: Hash128?
    }

    private init(folder: URL?, secret: [UInt8], pixels: [Hash128: Proof]) {
        self.folder = folder
        self.secret = secret
        self.pixels = pixels
        if let folder,
            case .bytes(let b) = ContainedFolder(folder).read(Self.fileHashesName, limit: Self.maxFileHashesBytes)
        {
            fileHashes = FileStamp.parse(b)
        }
    }

    /// The proofs of this process, shared by every run in it that is not handed a cache (proofs
    /// are facts about bytes, so runs over different folders can share them).
    public static let process = memory()

    /// Proofs held by this process only (a fresh secret each process).
    public static func memory() -> ProvenGoldens {
        ProvenGoldens(folder: nil, secret: randomSecret(), pixels: [:])
    }

    /// The proofs kept in `folder` (created on first save); a missing or malformed file is an empty
    /// cache with a fresh secret.
    public static func open(_ folder: URL) -> ProvenGoldens {
        if let why = distrust(folder) {
            let proofs = memory()
            proofs.distrusted = why
            return proofs
        }
        guard case .bytes(let b) = ContainedFolder(folder).read(fileName, limit: maxFileBytes), let parsed = parse(b)
        else {
            return ProvenGoldens(folder: folder, secret: randomSecret(), pixels: [:])
        }
        return ProvenGoldens(folder: folder, secret: parsed.secret, pixels: parsed.pixels)
    }

    /// Why the cache folder was not used (this run kept its proofs in memory), or nil.
    public private(set) var distrusted: String?

    /// Why `folder` cannot hold proofs, or nil when it can (issue #55: a shared cache let anyone who
    /// could write it forge a proof that turned a regressed render green). The folder and the files
    /// in it must be this user's, written by nobody else (no group or other write bit), and the
    /// folder no link; a folder not made yet is fine (save makes it, as this user).
    static func distrust(_ folder: URL, user: uid_t = geteuid()) -> String? {
        var st = stat()
        guard lstat(folder.path, &st) == 0 else { return nil }
        if let why = untrusted(st, folder.path, user: user) { return why }
        for name in [fileName, fileHashesName] {
            let path = folder.appendingPathComponent(name).path
            guard lstat(path, &st) == 0 else { continue }
            if let why = untrusted(st, path, user: user) { return why }
        }
        return nil
    }

    private static func untrusted(_ st: stat, _ path: String, user: uid_t) -> String? {
        let type = st.st_mode & S_IFMT
        if type == S_IFLNK { return "\(path) is a symbolic link" }
        if st.st_uid != user { return "\(path) belongs to user \(st.st_uid), not to this user (\(user))" }
        if st.st_mode & 0o022 != 0 {
            return "\(path) is writable by its group or others (mode \(String(st.st_mode & 0o777, radix: 8)))"
        }
        return nil
    }

    /// The key a golden file's bytes are proven under.
    func key(_ bytes: [UInt8]) -> Hash128 {
        bytes.withUnsafeBytes { b in
            secret.withUnsafeBytes { s in
                #if arch(x86_64) || arch(i386)
                    Hash128(XXH3_128bits_withSecret_dispatch(b.baseAddress, b.count, s.baseAddress, s.count))
                #else
                    Hash128(XXH3_128bits_withSecret(b.baseAddress, b.count, s.baseAddress, s.count))
                #endif
            }
        }
    }

    /// The pixel hash a file with this key was seen to hold, or nil (never proven here).
    func pixels(of key: Hash128) -> Hash128? {
        lock.withLock { pixels[key]?.pixels }
    }

    /// The `pixelHash` of the file with `key` when it is proven to hold exactly `r`'s pixels, else
    /// nil. Its words hash equal to the render's settles it without converting the frame (equal
    /// words straighten to equal pixels); otherwise the render's straight pixels are hashed and
    /// compared, and where they match, the render's words are kept as this file's from then on.
    func pixels(of key: Hash128, matching r: Rendered) -> Hash128? {
        guard let proof = lock.withLock({ pixels[key] }) else { return nil }
        if proof.words == r.wordsHash { return proof.pixels }
        guard proof.pixels == r.pixelHash else { return nil }
        prove(key, holds: proof.pixels, words: r.wordsHash)
        return proof.pixels
    }

    /// Records that the file with `key` holds pixels hashing to `pixelHash` — only ever from a decode
    /// of that file or from the encoder that wrote it — and, with `words`, that a render whose
    /// premultiplied words hash to it (`Canvas.wordsHash`) straightens to exactly those pixels.
    func prove(_ key: Hash128, holds pixelHash: Hash128, words: Hash128? = nil) {
        lock.withLock {
            var proof = pixels[key].flatMap { $0.pixels == pixelHash ? $0 : nil } ?? Proof(pixels: pixelHash)
            // The first render seen stays: another one straightening to the same pixels is proven
            // through them (a clamped channel), without rewriting the file every run.
            if proof.words == nil, let words { proof.words = words }
            guard pixels[key] != proof else { return }
            pixels[key] = proof
            unsaved = true
        }
    }

    /// XXH3-128 of the file at `path`, hashed once per version of the file: remembered by path,
    /// device, inode, size, modification and change time (a content change moves the change
    /// time, which no user can set), so the renderer environment's ~60 MB of fonts are read
    /// once per machine, not once per run (issue #37). nil: unreadable.
    public func fileHash(atPath path: String) -> Hash128? {
        guard let stamp = FileStamp(path) else { return nil }
        if let known = lock.withLock({ fileHashes[stamp] }) { return known }
        guard let hash = Hash128.ofFile(atPath: path) else { return nil }
        // Remembered only if the file did not change while it was read.
        if FileStamp(path) == stamp {
            lock.withLock {
                fileHashes[stamp] = hash
                fileHashesUnsaved = true
            }
        }
        return hash
    }

    /// Writes new proofs to the cache file (a temp file renamed into place). A folder that cannot be
    /// written costs the next run its decodes, not this run its verdict: the caller may ignore the error.
    public func save() throws(InputError) {
        guard let folder else { return }
        let bytes: [UInt8]? = lock.withLock {
            guard unsaved else { return nil }
            unsaved = false
            var out = Self.magic + secret
            out.reserveCapacity(out.count + pixels.count * Self.recordSize)
            // Sorted, so the same proofs make the same file.
            for (k, p) in (pixels.count > Self.maxProofs ? [:] : pixels).sorted(by: { $0.key < $1.key }) {
                let w = p.words ?? Hash128(high: 0, low: 0)
                for word in [k.high, k.low, p.pixels.high, p.pixels.low, w.high, w.low] {
                    withUnsafeBytes(of: word.littleEndian) { out += $0 }
                }
            }
            return out
        }
        let stamps: [UInt8]? = lock.withLock {
            guard fileHashesUnsaved else { return nil }
            fileHashesUnsaved = false
            return FileStamp.encode(fileHashes)
        }
        guard bytes != nil || stamps != nil else { return }
        do { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) } catch {
            throw InputError(folder.path, "cannot create the proofs cache folder (\(error.localizedDescription))")
        }
        if let bytes { try ContainedFolder(folder).write(bytes, to: Self.fileName) }
        if let stamps { try ContainedFolder(folder).write(stamps, to: Self.fileHashesName) }
    }

    private static func parse(_ b: [UInt8]) -> (secret: [UInt8], pixels: [Hash128: Proof])? {
        // Both formats' magic lines are the same length.
        let head = magic.count + secretSize
        let size = b.starts(with: magic) ? recordSize : b.starts(with: magicWithoutWords) ? 32 : 0
        guard size > 0, b.count >= head, (b.count - head) % size == 0 else { return nil }
        let secret = Array(b[magic.count..<head])
        var pixels: [Hash128: Proof] = [:]
        pixels.reserveCapacity((b.count - head) / size)
        b.withUnsafeBytes { raw in
            func word(_ i: Int) -> UInt64 {
                UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: i, as: UInt64.self))
            }
            for r in stride(from: head, to: b.count, by: size) {
                let words =
                    size == recordSize ? Hash128(high: word(r + 32), low: word(r + 40)) : Hash128(high: 0, low: 0)
                pixels[Hash128(high: word(r), low: word(r + 8))] = Proof(
                    pixels: Hash128(high: word(r + 16), low: word(r + 24)),
                    words: words == Hash128(high: 0, low: 0) ? nil : words)
            }
        }
        return (secret, pixels)
    }

    private static func randomSecret() -> [UInt8] {
        var rng = SystemRandomNumberGenerator()
        return (0..<secretSize).map { _ in UInt8.random(in: 0...255, using: &rng) }
    }
}

/// What `stat` says of a file that any change of its content would move.
struct FileStamp: Hashable {
    var path: String
    var device: UInt64, inode: UInt64, size: Int64
    var modified: Int64, changed: Int64  // nanoseconds since the epoch

    init?(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0, st.st_mode & S_IFMT == S_IFREG else { return nil }
        self.path = path
        device = UInt64(st.st_dev)
        inode = UInt64(st.st_ino)
        size = Int64(st.st_size)
        modified = Int64(st.st_mtim.tv_sec) * 1_000_000_000 + Int64(st.st_mtim.tv_nsec)
        changed = Int64(st.st_ctim.tv_sec) * 1_000_000_000 + Int64(st.st_ctim.tv_nsec)
    }

    private init?(path: String, fields f: [Substring]) {
        guard let d = UInt64(f[1]), let i = UInt64(f[2]), let s = Int64(f[3]), let m = Int64(f[4]), let c = Int64(f[5])
        else { return nil }
        self.path = path
        device = d
        inode = i
        size = s
        modified = m
        changed = c
    }

    /// One line a file: hash, device, inode, size, mtime, ctime, path (the rest of the line).
    static func encode(_ hashes: [FileStamp: Hash128]) -> [UInt8] {
        Array(
            hashes.sorted { $0.key.path < $1.key.path }.map { s, h in
                "\(h.hex) \(s.device) \(s.inode) \(s.size) \(s.modified) \(s.changed) \(s.path)\n"
            }.joined().utf8)
    }

    /// The lines `encode` wrote; any other line is skipped (the file is a cache, never an input).
    static func parse(_ bytes: [UInt8]) -> [FileStamp: Hash128] {
        var out: [FileStamp: Hash128] = [:]
        for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n") {
            let f = line.split(separator: " ", maxSplits: 6)
            guard f.count == 7, let h = Hash128(hex: String(f[0])), let stamp = FileStamp(path: String(f[6]), fields: f)
            else { continue }
            out[stamp] = h
        }
        return out
    }
}
