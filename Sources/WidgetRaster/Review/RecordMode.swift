import EvidenceCore

/// What `evidence record` may touch (`--mode`).
public enum RecordMode: String, CaseIterable, Sendable {
    /// Rewrite moved goldens, add new ones, remove stale ones (the default).
    case changed
    /// Only add goldens for fixtures that have none; leave every existing file and orphan alone.
    case missing
    /// Rewrite every golden file with the current encoder, add new ones, remove stale ones.
    case all

    public var removesStale: Bool { self != .missing }

    /// The plan with the mode applied (see `apply`).
    func applied(to p: Recorder.Plan, previous: GoldenEntry?, image: @autoclosure () -> RGBAImage) -> Recorder.Plan {
        guard let planned = p.entry else { return p }
        let (entry, bytes, heldBack) = apply(
            entry: planned, bytes: p.bytes, moved: p.moved != nil, fileExists: !p.isNew,
            previous: previous, image: image())
        var q = p
        q.entry = entry
        q.bytes = bytes
        q.heldBack = heldBack
        return q
    }

    /// Applies the mode to one planned golden. `bytes` nil means the plan leaves the file alone.
    /// Returns the entry to keep in the manifest (nil: none), the bytes to write, and whether the
    /// plan's change was held back (`missing` leaves an existing, moved golden as it is).
    func apply(
        entry: GoldenEntry, bytes: [UInt8]?, moved: Bool, fileExists: Bool, previous: GoldenEntry?,
        image: @autoclosure () -> RGBAImage
    ) -> (entry: GoldenEntry?, bytes: [UInt8]?, heldBack: Bool) {
        switch self {
        case .changed:
            return (entry, bytes, false)
        case .missing:
            guard fileExists, moved || bytes != nil else { return (entry, bytes, false) }
            return (previous, nil, true)
        case .all:
            let fresh = bytes ?? ImageOps.encodePNG(image())
            var e = entry
            e.fileHash = ImageOps.hash(fresh)
            return (e, fresh, false)
        }
    }
}
