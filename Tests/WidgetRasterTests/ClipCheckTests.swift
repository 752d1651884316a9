import EvidenceCore
import Testing
import WidgetLayout
import WidgetScene
import WidgetText

@testable import WidgetRaster

@Suite struct ClipCheckTests {
    let fonts = FontLibrary.shared
    let style = TextStyle.roboto(.regular, sp: 11, fontScale: 1)
    let card = Rect(x: 0, y: 0, width: 110, height: 130)

    func scene(_ lines: [String], box: Rect, container: Rect? = nil, ellipsized: Bool = false) -> Scene {
        Scene(
            size: Size(110, 130), density: 1, card: card,
            nodes: [
                SceneNode(
                    .habitRow(HabitRowElement(position: 0, habit: 0, done: false, isNextDue: true), .title),
                    on: .android, role: .text, token: "widget_ink", bounds: box, container: container ?? card,
                    content: .text(
                        TextContent(lines: lines, style: style, color: .black, lineHeight: 15, ellipsized: ellipsized)))
            ], accessibilityLabel: "")
    }

    @Test func overlongWordNotEllipsizedIsClipped() {
        let box = Rect(x: 20, y: 20, width: 70, height: 15)
        let v = ClipCheck.violations(in: scene(["Supercalifragilisticexpialidocious"], box: box), measurer: fonts)
        expectTrue(v.count == 1)
        expectTrue(v[0].node == "habit-row-1.title")
        expectTrue(v[0].problem.contains("not ellipsized"))
    }

    @Test func theSameWordEllipsizedPasses() {
        let box = Rect(x: 20, y: 20, width: 70, height: 15)
        let line = TextWrap.ellipsize("Supercalifragilisticexpialidocious", width: 70, style: style, measurer: fonts)
        expectTrue(ClipCheck.violations(in: scene([line], box: box, ellipsized: true), measurer: fonts).isEmpty)
    }

    @Test func characterStackIsClipped() {
        let box = Rect(x: 20, y: 20, width: 70, height: 60)
        let v = ClipCheck.violations(in: scene(["d", "a", "y", "s"], box: box), measurer: fonts)
        expectTrue(v.contains { $0.problem.contains("one character per line") })
    }

    @Test func outsideContainerOrCardIsClipped() {
        let inner = Rect(x: 20, y: 20, width: 70, height: 40)
        let v = ClipCheck.violations(
            in: scene(["Read"], box: Rect(x: 20, y: 120, width: 70, height: 15), container: inner), measurer: fonts)
        expectTrue(v.contains { $0.problem.contains("outside its container") })
        expectTrue(v.contains { $0.problem.contains("outside the card") })
    }
}
