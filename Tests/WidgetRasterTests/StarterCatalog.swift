import EvidenceCore
import WidgetModel
import WidgetRaster
import WidgetScene
import WidgetText

/// Test support: a few small real renders (a card with a streak numeral, a caption and a glyph,
/// light and dark) for the gate tests, which need a catalog they can shrink and damage.
enum StarterCatalog {
    static func fixtures() -> [Fixture] {
        var out: [Fixture] = []
        for (streak, caption) in [(12, "Stone laid"), (7, "Add a stone"), (365, "Locked in")] {
            for dark in [false, true] {
                out.append(
                    Fixture(key: "starter/card-\(streak)/\(dark ? "dark" : "light")") { fonts in
                        card(streak: streak, caption: caption, dark: dark, fonts: fonts)
                    })
            }
        }
        return out
    }

    static func card(streak: Int, caption: String, dark: Bool, fonts: FontLibrary) -> Scene {
        let size = Size(180, 110)
        let card = Rect(x: 0, y: 0, width: 180, height: 110)
        let content = card.insetBy(dx: 16, dy: 14)
        let ink = dark ? Color(hex: "#F5F5F4")! : Color(hex: "#1C1917")!
        let bg = dark ? Color(hex: "#1C1917")! : Color(hex: "#FFFFFF")!
        let muted = dark ? Color(hex: "#A8A29E")! : Color(hex: "#57534E")!
        let accent = Color(hex: "#EA580C")!
        let numeralStyle = TextStyle.roboto(.bold, sp: 34, fontScale: 1)
        let numeral = String(streak)
        let numeralW = fonts.advance(numeral, style: numeralStyle).rounded(.up)
        let lineBox = (34 * 1.33).rounded(.up)
        let glyph = Rect(x: content.minX, y: content.minY + (lineBox - 18) / 2, width: 18, height: 18)
        let flame: [PathCommand] = [
            .move(Point(glyph.midX, glyph.minY)),
            .curve(Point(glyph.maxX + 2, glyph.minY + 8), Point(glyph.maxX, glyph.maxY), Point(glyph.midX, glyph.maxY)),
            .curve(Point(glyph.minX, glyph.maxY), Point(glyph.minX - 2, glyph.minY + 8), Point(glyph.midX, glyph.minY)),
            .close,
        ]
        let numeralBox = Rect(x: glyph.maxX + 4, y: content.minY, width: numeralW, height: lineBox)
        let captionStyle = TextStyle.roboto(.regular, sp: 11, fontScale: 1)
        let captionLine = (11 * 1.33).rounded(.up)
        let captionBox = Rect(x: content.minX, y: numeralBox.maxY + 2, width: content.width, height: captionLine)
        let captionText = TextWrap.ellipsize(caption, width: captionBox.width, style: captionStyle, measurer: fonts)
        return Scene(
            size: size, density: 2, card: card,
            nodes: [
                SceneNode(
                    .card, on: .android, role: .decorative, token: "widget_card", bounds: card, container: card,
                    content: .rect(cornerRadius: 16, fill: .solid(bg))),
                SceneNode(
                    .streakGlyph, on: .android, role: .decorative, token: "widget_accent", bounds: glyph,
                    container: content,
                    content: .path(flame, fill: .solid(accent), stroke: nil)),
                SceneNode(
                    .numeral, on: .android, role: .text, token: "widget_ink", bounds: numeralBox, container: content,
                    content: .text(
                        TextContent(lines: [numeral], style: numeralStyle, color: ink, lineHeight: lineBox))),
                SceneNode(
                    .caption, on: .android, role: .text, token: "widget_muted", bounds: captionBox, container: content,
                    content: .text(
                        TextContent(
                            lines: [captionText], style: captionStyle, color: muted,
                            lineHeight: captionLine, ellipsized: captionText != caption))),
            ], accessibilityLabel: "Objectuve. \(streak) day streak. \(caption).")
    }
}
