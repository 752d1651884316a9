import EvidenceCore
import Foundation
import Testing
import WidgetText

@testable import WidgetRaster

/// Issue #38, "Widows": a paragraph never ends on one word when the line above can give it
/// company without adding a line (README, "Line breaks"). Proved as a class, over every multi-word
/// text a golden draws whole and the sweep's titles × widths 30…300 in steps of 3 × the
/// platforms' body, caption and headline styles — not over the two reported strings alone.
@Suite struct LineBreakTests {
    static let fonts = FontLibrary.shared
    static let styles = [
        TextStyle(.roboto, .regular, size: 14), TextStyle(.roboto, .medium, size: 18.2),
        TextStyle(.inter, .regular, size: 15), TextStyle(.inter, .bold, size: 19),
    ]

    /// Every multi-word text the goldens draw, and titles a user types.
    static func corpus() throws -> [String] {
        let manifest = try #require(try Manifest.load(from: PackagePaths.root.appendingPathComponent("Goldens")))
        var texts = Set(
            manifest.goldens.values.flatMap(\.visibleText).filter {
                $0.contains(" ") && !$0.hasSuffix(TextWrap.ellipsis)
            })
        texts.formUnion([
            "Practice Spanish vocabulary with the flashcards app", "Read 20 pages", "Walk the dog", "🇯🇵 Japanese class",
        ])
        return texts.sorted()
    }

    /// Greedy lines, written here from the rule (fill each line with as many words as fit).
    static func greedyLineCount(_ words: [String], width: Double, style: TextStyle) -> Int? {
        var lines = 0
        var current = ""
        for w in words {
            let candidate = current.isEmpty ? w : current + " " + w
            if fonts.advance(candidate, style: style) <= width {
                current = candidate
                continue
            }
            guard fonts.advance(w, style: style) <= width else { return nil }  // a word wider than the line: cut
            lines += 1
            current = w
        }
        return lines + (current.isEmpty ? 0 : 1)
    }

    @Test func noParagraphEndsOnOneWordWhenTheLineAboveCouldShareIt() throws {
        let texts = try Self.corpus()
        var judged = 0
        var failures: [String] = []
        for text in texts where !text.contains(where: { TextWrap.isIdeographic($0) }) {
            let words = text.split(separator: " ").map(String.init)
            for style in Self.styles {
                for width in stride(from: 30.0, through: 300, by: 3) {
                    guard let greedy = Self.greedyLineCount(words, width: width, style: style) else { continue }
                    let w = TextWrap.wrapped(text, width: width, maxLines: 100, style: style, measurer: Self.fonts)
                    judged += 1
                    let shown =
                        "'\(text)' at \(width) in \(style.family) \(style.size): \(w.lines.joined(separator: " / "))"
                    if w.ellipsized || w.lines.count != greedy {
                        failures.append("line count \(w.lines.count), greedy \(greedy): \(shown)")
                        continue
                    }
                    if w.lines.joined(separator: " ") != words.joined(separator: " ") {
                        failures.append("words changed: \(shown)")
                    }
                    if let wide = w.lines.first(where: { Self.fonts.advance($0, style: style) > width }) {
                        failures.append("'\(wide)' wider than the line: \(shown)")
                    }
                    guard w.lines.count >= 2, let last = w.lines.last else { continue }
                    let above = w.lines[w.lines.count - 2].split(separator: " ").map(String.init)
                    if !last.contains(" ") && above.count >= 2 {
                        let lowered = above.last! + " " + last
                        let aloneSymbol = above.count == 2 && !above[0].contains(where: \.isLetter)
                        if Self.fonts.advance(lowered, style: style) <= width && !aloneSymbol {
                            failures.append("widow '\(last)', though '\(lowered)' fits: \(shown)")
                        }
                    }
                }
            }
        }
        print(
            "line-break sweep: \(texts.count) texts × \(Self.styles.count) styles × widths 30…300 by 3: \(judged) "
                + "paragraphs judged, \(failures.count) failure(s)"
        )
        for f in failures.prefix(10) { print("  e.g. \(f)") }
        expectTrue(judged > 20_000)
        expectTrue(failures.count == 0, "\(failures.count) paragraph(s) break badly (printed)")
    }

    /// The reported strings, as a user reads them at the default iOS size (seed 000 copy).
    @Test(arguments: [
        ("Today's stone laid", "Today's / stone laid"), ("Tower's taller. Rest easy.", "Tower's taller. / Rest easy."),
    ])
    func theReportedWidowsBreakBalanced(text: String, expected: String) {
        let style = TextStyle(.inter, .bold, size: 19)
        let width = Self.fonts.advance(text.split(separator: " ").dropLast().joined(separator: " "), style: style)
            .rounded(.up)
        expectTrue(
            TextWrap.wrapped(text, width: width, maxLines: 3, style: style, measurer: Self.fonts).lines.joined(
                separator: " / ") == expected)
    }

    /// A symbol is not left alone on a line to save a word from it: "🇯🇵 Japanese / class" stays.
    @Test func aLoneSymbolIsNoBetterThanALoneWord() {
        let style = TextStyle(.roboto, .regular, size: 18)
        let width = Self.fonts.advance("🇯🇵 Japanese", style: style).rounded(.up)
        expectTrue(
            TextWrap.wrapped("🇯🇵 Japanese class", width: width, maxLines: 2, style: style, measurer: Self.fonts).lines
                == ["🇯🇵 Japanese", "class"])
    }

    /// A cut paragraph keeps its greedy lines, so the "…" still follows the last word that fit.
    @Test func aCutParagraphIsNotReflowed() {
        let style = TextStyle(.roboto, .regular, size: 14)
        let w = TextWrap.wrapped(
            "Practice Spanish vocabulary with the flashcards app", width: 90, maxLines: 2, style: style,
            measurer: Self.fonts)
        expectTrue(w.ellipsized)
        expectTrue(w.lines.count == 2 && w.lines[1].hasSuffix("…"))
    }
}
