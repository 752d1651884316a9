import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetText

@testable import WidgetRaster

/// Text fitting is at most n log n in the text's length: counted (characters handed to the
/// measurer), never timed. And the fast search finds what the slow one did.
@Suite struct TextFittingCostTests {
    /// Counts every character it is asked to measure; widths from a real font or a fixed advance.
    final class CountingMeasurer: TextMeasuring, @unchecked Sendable {
        let inner: TextMeasuring?
        private let lock = NSLock()
        private var counted = 0
        init(_ inner: TextMeasuring? = nil) { self.inner = inner }
        var characters: Int {
            lock.lock()
            defer { lock.unlock() }
            return counted
        }
        func advance(_ text: String, style: TextStyle) -> Double {
            lock.lock()
            counted += text.count
            lock.unlock()
            return inner?.advance(text, style: style) ?? Double(text.count) * 6.5
        }
    }

    static let style = TextStyle.roboto(.regular, sp: 11, fontScale: 1)

    /// Hostile title shapes: one endless word, endless short words, words between runs of spaces.
    static func title(_ shape: String, _ n: Int) -> String {
        switch shape {
        case "word": return String(repeating: "x", count: n)
        case "words": return String(String(repeating: "ab ", count: n / 3 + 1).prefix(n))
        default: return String(String(repeating: "abc     ", count: n / 8 + 1).prefix(n))
        }
    }

    static func cost(_ shape: String, _ n: Int, maxLines: Int) -> Int {
        let m = CountingMeasurer()
        _ = TextWrap.wrap(title(shape, n), width: 140, maxLines: maxLines, style: style, measurer: m)
        _ = TextWrap.ellipsize(title(shape, n), width: 140, style: style, measurer: m)
        return m.characters
    }

    @Test(arguments: ["word", "words", "spaced"], [1, 2, 3])
    func fittingCostGrowsAtMostNLogN(shape: String, maxLines: Int) {
        let sizes = [1_000, 4_000, 16_000, 64_000, 256_000]
        let perNLogN = sizes.map { n in Double(Self.cost(shape, n, maxLines: maxLines)) / (Double(n) * log2(Double(n)))
        }
        // Quadratic work would grow this ratio ~n / log n (about 100× over this range); n log n keeps it flat.
        expectTrue(
            perNLogN.last! <= perNLogN.first! * 1.25, "\(shape), \(maxLines) lines: cost / (n log n) = \(perNLogN)")
    }

    /// The search from the end the galloping search replaced: one character at a time.
    static func referenceEllipsize(_ text: String, width: Double, measurer: TextMeasuring) -> String {
        var chars = Array(text)
        while !chars.isEmpty {
            let candidate = String(chars).trimmingWhitespace() + TextWrap.ellipsis
            if measurer.advance(candidate, style: style) <= width { return candidate }
            chars.removeLast()
        }
        return TextWrap.ellipsis
    }

    @Test func gallopingEllipsisMatchesTheCharacterByCharacterSearch() {
        let fonts = FontLibrary.shared
        let texts = [
            "Morning run", "Meditate for ten minutes before breakfast", "A", "", "   spaced   out   words   ",
            "Wasserstoffbombenexplosionsgeräusch", "ÅÄÖ åäö ﬁﬂ ligatures and kerning: AVA To Ty", "日本語のタイトル",
            "👩‍👩‍👧‍👦 family emoji then text", String(repeating: "W", count: 90),
        ]
        for text in texts {
            for width in stride(from: 4.0, through: 220.0, by: 7.5) {
                expectTrue(
                    TextWrap.ellipsize(text, width: width, style: Self.style, measurer: fonts, force: true)
                        == Self.referenceEllipsize(text, width: width, measurer: fonts), "\(text) at \(width)")
            }
        }
    }

    @Test func titlesAreCleanedTheSameForDrawingAndSpeech() throws {
        expectTrue(HabitTitle.clean("Run\nfast\u{0}\u{0}now\tok") == "Run fast now ok")
        expectTrue(HabitTitle.clean("plain title") == "plain title")
        let long = HabitTitle.clean(String(repeating: "é", count: 1_000_000))
        expectTrue(long.count == HabitTitle.maxLength + 1 && long.hasSuffix("…"))
        // Decoded once: the scene draws and the label speaks the same cleaned title.
        let json = snapshotJSON(
            replacing: "habits", with: #"[{"id":"a","title":"Read\n\u0000a book","checkedInToday":false}]"#)
        let snapshot = try decodeWidgetSnapshot(json)
        expectTrue(snapshot.habits[0].title == "Read a book")
    }
}
