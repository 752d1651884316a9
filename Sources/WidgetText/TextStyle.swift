/// The bundled font families. Roboto draws Android; Inter stands in for SF Pro on iOS.
public enum FontFamily: String, Hashable, Sendable, Codable, CaseIterable {
    case roboto, inter
}

public enum FontWeight: String, Hashable, Sendable, Codable, CaseIterable {
    case regular, medium, semibold, bold
}

/// A font at a size in layout units: Android `sp × fontScale` (so dp), or iOS pt.
public struct TextStyle: Hashable, Sendable, Codable {
    public var family: FontFamily
    public var weight: FontWeight
    public var size: Double
    public init(_ family: FontFamily, _ weight: FontWeight, size: Double) {
        self.family = family
        self.weight = weight
        self.size = size
    }
    /// Android text: `sp` scaled by the user's font scale.
    public static func roboto(_ weight: FontWeight, sp: Double, fontScale: Double) -> TextStyle {
        TextStyle(.roboto, weight, size: sp * fontScale)
    }
}

/// Measures shaped text. Layout depends only on this, so it can be tested with the real
/// HarfBuzz measurer (`FontLibrary.shared`) and never estimates widths.
public protocol TextMeasuring: Sendable {
    /// The shaped advance width of `text` in layout units (unrounded).
    func advance(_ text: String, style: TextStyle) -> Double
    /// Ascender and descender (positive) at `style.size`.
    func verticalMetrics(_ style: TextStyle) -> (ascent: Double, descent: Double)
    /// `TextWrap.wrapped(…, measurer: self)`; a measurer may remember the answers.
    func wrap(_ text: String, width: Double, maxLines: Int, style: TextStyle) -> WrappedText
}

extension TextMeasuring {
    public func wrap(_ text: String, width: Double, maxLines: Int, style: TextStyle) -> WrappedText {
        TextWrap.wrapped(text, width: width, maxLines: maxLines, style: style, measurer: self)
    }

    /// For measurers that only measure widths (test doubles): Roboto-like proportions. FontLibrary
    /// reads the real hhea ascender and descender of the bundled font.
    public func verticalMetrics(_ style: TextStyle) -> (ascent: Double, descent: Double) {
        (style.size * 0.93, style.size * 0.24)
    }

    /// Where the baseline sits below the top of a line box: the font's ascent+descent centred in the
    /// box, as Android does with font padding. The painter draws with this; layout aligns with it.
    public func baselineOffset(_ style: TextStyle, lineHeight: Double) -> Double {
        let m = verticalMetrics(style)
        return (lineHeight - (m.ascent + m.descent)) / 2 + m.ascent
    }
}
