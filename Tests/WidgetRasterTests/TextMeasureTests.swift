import Foundation
import Testing
import WidgetText

@testable import WidgetRaster

/// Seed 000, "Width budget — small widget header row": the measured Roboto advance table.
/// Widths are dp, rounded up; numerals are Bold at 22 sp (fontScale ≤ 1.15) or 18 sp above.
@Suite struct AdvanceTableTests {
    let fonts = FontLibrary.shared

    func numeralSp(_ fs: Double) -> Double { fs <= 1.15 ? 22 : 18 }

    @Test(arguments: [(1.0, 23.0), (1.3, 30.0), (2.0, 46.0)])
    func daysLabel(fontScale: Double, expected: Double) {
        let w = fonts.advance("days", style: .roboto(.regular, sp: 11, fontScale: fontScale))
        expectTrue(w.rounded(.up) == expected)
    }

    @Test(arguments: [
        ("7", 1.0, 13.0), ("7", 1.3, 14.0), ("7", 2.0, 21.0),
        ("12", 1.0, 26.0), ("12", 1.3, 27.0), ("12", 2.0, 42.0),
        ("365", 1.0, 38.0), ("365", 1.3, 41.0), ("365", 2.0, 62.0),
    ])
    func numeral(digits: String, fontScale: Double, expected: Double) {
        let w = fonts.advance(digits, style: .roboto(.bold, sp: numeralSp(fontScale), fontScale: fontScale))
        expectTrue(w.rounded(.up) == expected, "\(digits) at \(fontScale): \(w)")
    }

    @Test(arguments: [(1.0, 42.0), (2.0, 84.0)])
    func newDay(fontScale: Double, expected: Double) {
        let w = fonts.advance("New day", style: .roboto(.regular, sp: 11, fontScale: fontScale))
        expectTrue(w.rounded(.up) == expected, "New day at \(fontScale): \(w)")
    }
}

@Suite struct TextWrapTests {
    let fonts = FontLibrary.shared
    let style = TextStyle.roboto(.regular, sp: 11, fontScale: 1.0)

    @Test func fitsOnOneLine() {
        let w = TextWrap.wrap("New day", width: 70, maxLines: 2, style: style, measurer: fonts)
        expectTrue(w.lines == ["New day"])
        expectTrue(!w.ellipsized)
    }
    @Test func wrapsAtWords() {
        let w = TextWrap.wrap(
            "New day", width: 70, maxLines: 2,
            style: .roboto(.regular, sp: 11, fontScale: 2.0), measurer: fonts)
        expectTrue(w.lines == ["New", "day"])
    }
    @Test func lineLimitEllipsizes() {
        let w = TextWrap.wrap(
            "Read twenty pages of a book before bed", width: 60, maxLines: 2, style: style, measurer: fonts)
        expectTrue(w.lines.count == 2)
        expectTrue(w.ellipsized)
        expectTrue(w.lines[1].hasSuffix("…"))
        expectTrue(w.maxLineWidth <= 60)
    }
    /// The seed's d/a/y/s bug: a word wider than the line ellipsizes, never stacks characters.
    @Test(arguments: [10.0, 20.0, 35.0, 50.0])
    func longWordNeverStacks(width: Double) {
        let w = TextWrap.wrap(
            "Supercalifragilisticexpialidocious", width: width, maxLines: 3, style: style, measurer: fonts)
        expectTrue(w.lines.count == 1)
        expectTrue(w.ellipsized)
        expectTrue(w.lines[0].hasSuffix("…"))
    }
}
