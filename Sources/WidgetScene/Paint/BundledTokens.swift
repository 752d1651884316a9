import CBundledFonts
import Foundation
import WidgetText

/// Tokens/' files as compiled into the binary (`Sources/CBundledFonts/bundled_tokens.c`): what a
/// command run outside any project draws with, the same bytes as the clone it was built from. A
/// token folder URL with the `evidence:` scheme names them (`evidence:Tokens/android/res`); no
/// folder on disk is read for it (`TokenFolder`).
public enum BundledTokens {
    /// The scheme and folder that name an embedded token file, as `BundledFonts.prefix` does a font.
    public static let prefix = "evidence:Tokens/"
    public static let androidRes = URL(string: prefix + "android/res")!
    public static let iosAssets = URL(string: prefix + "ios/Assets.xcassets")!

    /// Each embedded file's path below Tokens/ and its bytes, in the table's fixed order.
    nonisolated(unsafe) public static let all: [(path: String, bytes: UnsafeRawBufferPointer)] =
        embeddedFiles(evidence_bundled_token_at).map { (path: $0.name, bytes: $0.bytes) }

    /// The path below Tokens/ that `url` names when it names embedded tokens, else nil.
    public static func path(of url: URL) -> String? {
        let s = url.absoluteString
        guard s.hasPrefix(prefix) else { return nil }
        return String(s.dropFirst(prefix.count)).trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    }
}
