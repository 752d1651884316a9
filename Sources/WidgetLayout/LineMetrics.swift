import WidgetText

/// How tall one line of text is, per platform — the one thing the layout engine asks the platform
/// about text besides its measured width.
public protocol LineMetrics: Sendable {
    func lineHeight(_ style: TextStyle) -> Double
}

/// Android: Roboto with font padding, line box = ceil(sp × fontScale × 1.33) dp (DESIGN "Units";
/// reproduces seed 000's band tables).
public struct AndroidLineMetrics: LineMetrics {
    public init() {}
    public func lineHeight(_ style: TextStyle) -> Double { AndroidLayout.lineBox(size: style.size) }
}

/// iOS: the bundled Inter face's own ascent + descent + line gap at the point size (hhea 2728 +
/// 680 + 0 units of 2816, so 1.21 × size; SwiftUI's default line spacing adds nothing).
public struct IOSLineMetrics: LineMetrics {
    package let fonts: FontLibrary
    public init(fonts: FontLibrary) { self.fonts = fonts }
    public func lineHeight(_ style: TextStyle) -> Double {
        let m = fonts.verticalMetrics(style)
        return m.ascent + m.descent
    }
}
