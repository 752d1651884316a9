import EvidenceCore

/// What a `Goldens/manifest.json` may hold, checked while it is decoded (issue #55: 200,000 stale
/// entries — 124 MB, under the input cap — made verify print 200,000 failures). The manifest
/// arrives in pull requests; `record --rebuild-manifest` never reads it, so it is the way out.
public enum ManifestBounds {
    /// One entry per golden, whose file is its key + `.png` in the goldens folder, which holds at
    /// most `GoldensBounds.maxGoldens`: a manifest naming more names goldens that cannot all be there.
    public static let maxEntries = GoldensBounds.maxGoldens
    /// An entry's key: its file, key + `.png`, is a path the goldens walk accepts.
    public static let maxKeyBytes = GoldensBounds.maxPathBytes - ".png".utf8.count
    /// An entry's `file`: a path in the goldens folder (only key + `.png` is ever accepted).
    public static let maxFileBytes = GoldensBounds.maxPathBytes
    /// An entry's `frames` text: about 70 times the matrix's longest (887 bytes, 30 elements).
    public static let maxFramesBytes = 65_536

    /// A bound crossed: the manifest is refused whole (exit 2), never read in part.
    struct Exceeded: Error {
        var problem: String
    }

    /// The count and every key, before any entry is decoded.
    static func check(keys: [String]) throws(Exceeded) {
        guard keys.count <= maxEntries else {
            throw Exceeded(
                problem: "\(keys.count) entries: more than the \(maxEntries) a manifest may hold (one per golden; "
                    + "a goldens folder holds at most \(GoldensBounds.maxGoldens))")
        }
        // The first long key in key order, so the line does not depend on the decoder's order.
        if let long = keys.filter({ $0.utf8.count > maxKeyBytes }).min() {
            throw Exceeded(
                problem: "an entry key of \(long.utf8.count) bytes (\(quoted(String(long.prefix(80))))…): more than "
                    + "the \(maxKeyBytes) a key may have (its golden's path is at most \(GoldensBounds.maxPathBytes))")
        }
    }

    /// One entry's texts as `GoldenEntry` decodes them, each handed back when within its bound:
    /// what verify echoes from an entry into a result is what `report` reads back
    /// (`ResultFile.maxText` characters a text, `ResultFile.maxTextLines` lines).
    struct EntryCheck {
        var key: String

        func file(_ s: String) throws(Exceeded) -> String {
            try within(s, "a file", s.utf8.count, maxFileBytes, "bytes")
        }
        func lines(_ n: Int) throws(Exceeded) {
            _ = try within("", "visible text", n, ResultFile.maxTextLines, "lines")
        }
        func line(_ s: String) throws(Exceeded) -> String {
            try within(s, "a visible text line", s.count, ResultFile.maxText, "characters")
        }
        func label(_ s: String) throws(Exceeded) -> String {
            try within(s, "an accessibility label", s.count, ResultFile.maxText, "characters")
        }
        /// Before the text is parsed: a frame is ten bytes, so 100 MB would be ten million of them.
        func frames(_ s: String) throws(Exceeded) -> String {
            try within(s, "frames", s.utf8.count, maxFramesBytes, "bytes")
        }

        private func within(_ s: String, _ what: String, _ n: Int, _ cap: Int, _ unit: String) throws(Exceeded)
            -> String
        {
            guard n <= cap else {
                throw Exceeded(
                    problem:
                        "entry \(quoted(String(key.prefix(80)))) has \(what) of \(n) \(unit): more than the \(cap) "
                        + "an entry may have")
            }
            return s
        }
    }
}
