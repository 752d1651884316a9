import EvidenceCore

/// Greedy word wrap with a line limit and a trailing "…". A word wider than the line is
/// ellipsized on its own line — characters never stack one per line.
public struct WrappedText: Hashable, Sendable {
    public var lines: [String]
    /// True when text was cut and "…" drawn.
    public var ellipsized: Bool
    /// The widest line's advance, in layout units.
    public var maxLineWidth: Double
}

public enum TextWrap {
    public static let ellipsis = "…"

    /// Wraps `text` into at most `maxLines` lines no wider than `width` (through the measurer, which
    /// may have wrapped the same text before: a matrix wraps each line many times).
    public static func wrap(
        _ text: String, width: Double, maxLines: Int, style: TextStyle,
        measurer: TextMeasuring
    ) -> WrappedText {
        measurer.wrap(text, width: width, maxLines: maxLines, style: style)
    }

    /// The wrapping itself, measured line by line with `measurer`.
    package static func wrapped(
        _ text: String, width: Double, maxLines: Int, style: TextStyle,
        measurer: TextMeasuring
    ) -> WrappedText {
        precondition(maxLines >= 1)
        let pieces = breakPieces(text)
        let words = pieces.map(\.text)
        /// The text of pieces `r` as one line: each piece after the first joined by its glue.
        func joined(_ r: Range<Int>) -> String {
            r.reduce(into: "") { line, k in line += (k == r.lowerBound ? "" : pieces[k].glue) + words[k] }
        }
        var ranges: [Range<Int>] = []  // each line's pieces
        var start = 0
        var current = ""
        var i = 0
        var cut = false
        while i < words.count {
            let candidate = current.isEmpty ? words[i] : current + pieces[i].glue + words[i]
            if measurer.advance(candidate, style: style) <= width {
                current = candidate
                i += 1
                continue
            }
            if current.isEmpty {
                // A single word wider than the line: ellipsize it here rather than breaking it.
                ranges.append(i..<(i + 1))
                current = ""
                cut = true
                i = words.count
                break
            }
            ranges.append(start..<i)
            start = i
            current = ""
            if ranges.count == maxLines {
                cut = true
                break
            }
        }
        if !current.isEmpty { ranges.append(start..<i) }
        if ranges.count > maxLines {
            ranges.removeLast(ranges.count - maxLines)
            cut = true
        }
        if !cut {
            ranges = withoutWidow(ranges, words: words, width: width, style: style, measurer: measurer, joined: joined)
        }
        var lines = ranges.map(joined)
        if cut, let last = lines.popLast() {
            // The last visible line carries the rest of the text so the "…" marks a real cut.
            let rest =
                i < words.count && lines.count + 1 == maxLines
                ? words[i...].indices.reduce(into: last) { $0 += pieces[$1].glue + words[$1] } : last
            lines.append(ellipsize(rest, width: width, style: style, measurer: measurer, force: true))
        }
        let widest = lines.map { measurer.advance($0, style: style) }.max() ?? 0
        return WrappedText(lines: lines, ellipsized: cut, maxLineWidth: widest)
    }

    /// A paragraph whose last line is one word ("Today's stone / laid") is broken again over its
    /// last lines (at most `widowReflowLines`) into as many lines: the last holding two words or
    /// more, no more lone symbols than before, and the most even widths (least sum of squared
    /// slack, the last line included) — "Today's / stone laid", "New day — / tap to see / today's
    /// habits". No line is added and no word left alone, as Android's balanced break strategy and
    /// iOS's text engine break (README, "Line breaks"). Only whole text: a cut paragraph keeps its
    /// greedy lines, so its "…" still marks the cut. When no such break fits, the greedy lines stay.
    package static func withoutWidow(
        _ ranges: [Range<Int>], words: [String], width: Double, style: TextStyle,
        measurer: TextMeasuring, joined: (Range<Int>) -> String
    ) -> [Range<Int>] {
        guard ranges.count >= 2, let last = ranges.last, last.count == 1 else { return ranges }
        let lineCount = min(widowReflowLines, ranges.count)
        let first = ranges[ranges.count - lineCount].lowerBound
        let end = last.upperBound
        // A symbol alone on a line ("🇯🇵 / Japanese class") is no better than a word alone: the
        // break may keep one the greedy lines had, never add one. Its cost outweighs any slack.
        func isLoneSymbol(_ line: Range<Int>) -> Bool {
            line.count == 1 && !words[line.lowerBound].contains(where: \.isLetter)
        }
        let loneSymbolCost = Double(lineCount + 1) * width * width
        // best[m][j]: the least cost of pieces first..<first+j on m lines, and where its last line
        // starts — indexed from `first`, so the table is the tail's size, not the paragraph's.
        let n = end - first
        var best = Array(
            repeating: Array(repeating: (cost: Double.infinity, start: -1), count: n + 1), count: lineCount + 1)
        best[0][0] = (0, 0)
        // Each candidate line's advance, measured once for every line count that tries it (nil: wider than the line).
        var advances: [Int: Double?] = [:]
        func advance(_ start: Int, _ j: Int) -> Double? {
            let key = start * (n + 1) + j
            if let known = advances[key] { return known }
            let a = measurer.advance(joined((first + start)..<(first + j)), style: style)
            let fits: Double? = a <= width ? a : nil
            advances[key] = fits
            return fits
        }
        for m in 1...lineCount {
            for j in 1...n {
                // The line start..<j, widest last: its width only grows as start moves back.
                var start = j - 1
                while start >= 0 {
                    if j - start == 1 && m == lineCount && j == n {
                        start -= 1
                        continue
                    }  // the widow again
                    guard let a = advance(start, j) else { break }
                    let before = best[m - 1][start].cost
                    if before.isFinite {
                        let cost =
                            before + (width - a) * (width - a)
                            + (isLoneSymbol((first + start)..<(first + j)) ? loneSymbolCost : 0)
                        if cost < best[m][j].cost { best[m][j] = (cost, start) }
                    }
                    start -= 1
                }
            }
        }
        let greedySymbols = ranges.suffix(lineCount).filter(isLoneSymbol).count
        guard best[lineCount][n].cost.isFinite,
            best[lineCount][n].cost < Double(greedySymbols + 1) * loneSymbolCost
        else { return ranges }
        var tail: [Range<Int>] = []
        var j = n
        for m in stride(from: lineCount, through: 1, by: -1) {
            let start = best[m][j].start
            tail.insert((first + start)..<(first + j), at: 0)
            j = start
        }
        return ranges.dropLast(lineCount) + tail
    }

    /// How many of a widowed paragraph's last lines are broken again: enough to even out a short
    /// caption, and a bound on the work for a long one.
    package static let widowReflowLines = 3

    /// One line: `text` if it fits, otherwise the longest prefix (by grapheme) followed by "…".
    /// With `force`, the "…" is added even if `text` fits (the caller knows text was dropped).
    ///
    /// The prefix is found by galloping (1, 2, 4, … characters until one does not fit) and then
    /// bisecting, so a line that fits k characters costs O(log k) measurements of at most 2k
    /// characters — O(k log k), whatever the length of `text` (a 1 MB title costs what a short one
    /// does). The width of "prefix + …" never shrinks as the prefix grows, so this finds the same
    /// longest prefix a character-by-character search from the end would.
    public static func ellipsize(
        _ text: String, width: Double, style: TextStyle, measurer: TextMeasuring,
        force: Bool = false
    ) -> String {
        if !force, measurer.advance(text, style: style) <= width { return text }
        func candidate(_ n: Int, _ chars: Substring) -> String {
            String(chars.prefix(n)).trimmingWhitespace() + ellipsis
        }
        func fits(_ n: Int, _ chars: Substring) -> Bool { measurer.advance(candidate(n, chars), style: style) <= width }
        var fitting = 0
        var failing = -1  // longest prefix known to fit; shortest known not to (-1: none yet)
        var probe = 1
        var window = Substring()
        while true {
            window = text.prefix(probe)
            let available = window.count
            if available < probe {  // the whole text is `available` characters
                if available > fitting {
                    if fits(available, window) { fitting = available } else { failing = available }
                }
                break
            }
            if fits(probe, window) {
                fitting = probe
                probe *= 2
            } else {
                failing = probe
                break
            }
        }
        while failing - fitting > 1 {
            let mid = (fitting + failing) / 2
            if fits(mid, window) { fitting = mid } else { failing = mid }
        }
        return fitting == 0 ? ellipsis : candidate(fitting, window)
    }

    /// A stretch of text between two line-break opportunities, and what joins it to the one before
    /// ("" inside a run of ideographs, " " after a space).
    package struct Piece: Equatable {
        package var text: String
        package var glue: String
        package init(text: String, glue: String) {
            self.text = text
            self.glue = glue
        }
    }

    /// Break opportunities: at spaces, and between ideographs (CJK lines may break between any two
    /// characters, UAX #14 class ID) except before closing punctuation and small kana or after an
    /// opening bracket. Pieces are whole grapheme clusters: a break never lands inside one.
    package static func breakPieces(_ text: String) -> [Piece] {
        var out: [Piece] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true) {
            var glue = " "
            var piece = ""
            var previous: Character?
            for ch in word {
                if let p = previous, isIdeographic(p) || isIdeographic(ch), !noBreakBefore.contains(ch),
                    !noBreakAfter.contains(p)
                {
                    out.append(Piece(text: piece, glue: glue))
                    piece = ""
                    glue = ""
                }
                piece.append(ch)
                previous = ch
            }
            out.append(Piece(text: piece, glue: glue))
        }
        return out
    }

    /// Han, kana, Hangul syllables, CJK symbols and full-width forms.
    package static func isIdeographic(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x2E80...0x2FFF).contains(v) || (0x3000...0x30FF).contains(v) || (0x3400...0x4DBF).contains(v)
            || (0x4E00...0x9FFF).contains(v) || (0xAC00...0xD7AF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0xFF00...0xFFEF).contains(v) || (0x20000...0x3FFFF).contains(v)
    }

    /// Closing punctuation, iteration marks, small kana and the prolonged-sound mark (kinsoku).
    package static let noBreakBefore = Set("、。，．・：；？！）」』】〕〉》〙〗ー々ゝゞヽヾぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ…")
    /// Opening brackets.
    package static let noBreakAfter = Set("（「『【〔〈《〘〖")

    /// How many lines `text` needs at `width` with no limit — for budgets that ask "does it wrap?".
    public static func lineCount(_ text: String, width: Double, style: TextStyle, measurer: TextMeasuring) -> Int {
        wrap(text, width: width, maxLines: Int.max / 2, style: style, measurer: measurer).lines.count
    }
}
