import EvidenceCore

/// A habit title as the widget uses it — the same string is drawn and spoken, so whatever is done
/// to it here holds for both.
public enum HabitTitle {
    /// Titles longer than this many characters (grapheme clusters) are cut here and end in "…".
    /// The widget shows at most two lines of a title (about 60 characters on the widest Large row),
    /// so nothing a user could see is lost; what the cap buys is bounded work on a hostile snapshot
    /// (a 1 MB title renders in the time a short one does) and a spoken label of sane length.
    public static let maxLength = 300

    /// Control characters (C0 — including NUL, tab and newline — DEL, C1, U+2028/2029) become a
    /// space, a run of them one space: a title is one line of words, drawn and spoken alike. Then the
    /// length cap.
    public static func clean(_ raw: String) -> String {
        var out = String.UnicodeScalarView()
        var lastWasControl = false
        for u in raw.unicodeScalars {
            if isControlScalar(u) {
                if !lastWasControl { out.append(" ") }
                lastWasControl = true
            } else {
                out.append(u)
                lastWasControl = false
            }
        }
        let text = String(out)
        guard text.utf8.count > maxLength else { return text }  // (fewer bytes than the cap: fewer characters)
        var head = Substring(text.prefix(maxLength))
        // One character can hold any number of combining marks or joiners: bound the scalars too.
        if head.unicodeScalars.count > 4 * maxLength {
            head = Substring(String(String.UnicodeScalarView(head.unicodeScalars.prefix(4 * maxLength))))
        }
        return head.endIndex == text.endIndex ? text : String(head) + "…"
    }
}
