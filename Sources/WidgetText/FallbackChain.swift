/// One face the renderer may draw with: a font file named by its full path (never found by a
/// search), and the face's index inside a collection (`.ttc`).
public struct FontFile: Hashable, Sendable {
    public var path: String
    public var index: Int
    /// The file's bytes are compiled into the binary (`BundledFonts`); `path` is then `BundledFonts.prefix` + its name.
    public var isEmbedded: Bool { path.hasPrefix(BundledFonts.prefix) }
    public init(_ path: String, index: Int = 0) {
        self.path = path
        self.index = index
    }

    /// The file's name, as the manifest's environment and every message name it.
    public var fileName: String { path.split(separator: "/").last.map(String.init) ?? path }
}

/// The fixed fallback chain a phone would reach for after the primary face, from Debian's Noto
/// packages (`fonts-noto-color-emoji`, `fonts-noto-cjk`, `fonts-noto-core`, installed by
/// `scripts/ensure-deps.sh`). Explicit files in a fixed order — never fontconfig, never a folder
/// scan — so a render depends only on files whose hashes the manifest records.
///
/// The order follows Android's fonts.xml for an English-locale phone: emoji first (so a
/// VS16 / ZWJ sequence is never drawn from a text font), then Simplified-Chinese CJK (the first
/// CJK family Android lists), Naskh Arabic (Android's Arabic UI face) and Hebrew. iOS uses the
/// same chain behind Inter, its SF Pro stand-in.
public enum FallbackChain {
    package static let notoTrueType = "/usr/share/fonts/truetype/noto/"
    package static let notoOpenType = "/usr/share/fonts/opentype/noto/"
    /// Noto Sans CJK's collections hold JP, KR, SC, TC, HK in that order; Android's first CJK family is SC.
    package static let cjkSimplifiedChineseIndex = 2

    /// Fallback faces after the primary, in the order they are tried, for a primary weight.
    /// Emoji has one weight; the script faces have Regular and Bold (Medium and SemiBold take Regular,
    /// the nearest weight these packages ship).
    public static func faces(for weight: FontWeight) -> [FontFile] {
        let bold = weight == .bold
        let w = bold ? "Bold" : "Regular"
        return [
            FontFile(notoTrueType + "NotoColorEmoji.ttf"),
            FontFile(notoOpenType + "NotoSansCJK-\(w).ttc", index: cjkSimplifiedChineseIndex),
            FontFile(notoTrueType + "NotoNaskhArabic-\(w).ttf"),
            FontFile(notoTrueType + "NotoSansHebrew-\(w).ttf"),
        ]
    }
}
