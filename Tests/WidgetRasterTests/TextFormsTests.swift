import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetText

@testable import WidgetRaster

/// Issue #57 item 2 ("one shedding style"): a text's forms (`StackColumn.textForms`) are what a
/// shed order decides on and what the column then places, so a decision and its placement use
/// the same numbers; and the iOS elements that now decide through them (the caption, the single
/// lines, the STALE footer, Large's motivator, the status glyph) stand where those numbers say.
@Suite struct TextFormsTests {
    static let fonts = FontLibrary.shared
    static let metrics = IOSLineMetrics(fonts: fonts)
    static let style = TextStyle(.inter, .regular, size: 13)
    static let text = "Today · last synced 5h ago, and the widget still shows what it last knew"
    static let gap = 4.0

    func column(height: Double, width: Double = 120) -> StackColumn {
        StackColumn(metrics: Self.metrics, measurer: Self.fonts, box: Rect(x: 0, y: 0, width: width, height: height))
    }

    @Test func formsAreWholeThenCutDownToOneLine() {
        let col = column(height: 500)
        let needed = col.lineCount(Self.text, style: Self.style)
        expectTrue(needed >= 3, "the text must need more lines than the limits below")
        let lineH = Self.metrics.lineHeight(Self.style)
        let cut = col.textForms(Self.text, style: Self.style, maxLines: needed + 1, gap: Self.gap, mayCut: true)
        expectTrue(cut.needed == needed)
        expectTrue(cut.lines == Array((1...needed).reversed()))
        expectTrue(cut.heights == cut.lines.map { Self.gap + Double($0) * lineH })
        expectTrue(cut.isWhole(0) && !cut.isWhole(1))
        // Capped below what it needs: every form is cut.
        let capped = col.textForms(Self.text, style: Self.style, maxLines: 2, mayCut: true)
        expectTrue(capped.lines == [2, 1] && !capped.isWhole(0))
        expectTrue(col.textForms(Self.text, style: Self.style, maxLines: needed, mayCut: false).lines == [needed])
        // Never cut and longer than its limit, or in no width: no form, so a shed order sheds it.
        expectTrue(col.textForms(Self.text, style: Self.style, maxLines: needed - 1, mayCut: false).lines.isEmpty)
        expectTrue(col.textForms(Self.text, style: Self.style, maxLines: 2, indent: 120, mayCut: true).lines.isEmpty)
    }

    /// At a room exactly a form's height the shed order takes that form, half a point less the
    /// next, and placing the chosen form draws exactly its lines in exactly its height.
    @Test(arguments: [true, false]) func theDecisionIsThePlacement(mayCut: Bool) {
        let forms = column(height: 500).textForms(
            Self.text, style: Self.style, maxLines: 6, gap: Self.gap, mayCut: mayCut)
        expectTrue(!forms.heights.isEmpty)
        for (i, h) in forms.heights.enumerated() {
            for (room, expected) in [
                (h, Optional(i)), (h + 0.5, i), (h - 0.5, i + 1 < forms.heights.count ? i + 1 : nil),
            ] {
                var col = column(height: room)
                let form = ShedOrder<Int>.form(of: forms.heights, room: col.left)
                expectTrue(form == expected, "room \(room)")
                guard let form else { continue }
                let placed = col.text(Self.text, style: Self.style, form: form, of: forms, gap: Self.gap)
                expectTrue(placed?.text.lines.count == forms.lines[form], "room \(room)")
                expectTrue(placed?.text.ellipsized == !forms.isWhole(form), "room \(room)")
                expectTrue(placed?.frame.minY == Self.gap)
                expectTrue(placed.map { Self.gap + $0.frame.height } == forms.heights[form])
                expectTrue(col.left == room - forms.heights[form])
            }
        }
    }

    /// `textOrCut` (a text with no line limit of its own: the status lines, New day) is a shed
    /// order over its forms: at each form's height it draws that form — whole where the form is,
    /// cut at its tail where not — exactly what wrapping to the lines that fit and cutting draws;
    /// under one line it draws nothing.
    @Test func textOrCutDrawsTheLargestFormThatFits() {
        let forms = column(height: 500).textForms(
            Self.text, style: Self.style, maxLines: 6, gap: Self.gap, mayCut: true)
        for (i, h) in forms.heights.enumerated() {
            var col = column(height: h)
            var greedy = column(height: h)
            let placed = col.textOrCut(Self.text, style: Self.style, maxLines: 6, gap: Self.gap)
            expectTrue(placed?.text.lines.count == forms.lines[i], "room \(h)")
            expectTrue(placed?.text.ellipsized == !forms.isWhole(i), "room \(h)")
            let wrapped = greedy.text(Self.text, style: Self.style, maxLines: 6, gap: Self.gap, whole: false)
            expectTrue(placed?.text == wrapped?.text && placed?.frame == wrapped?.frame, "room \(h)")
            expectTrue(col.left == greedy.left)
        }
        var short = column(height: (forms.heights.last ?? 0) - 0.5)
        expectTrue(short.textOrCut(Self.text, style: Self.style, maxLines: 6, gap: Self.gap) == nil)
    }

    /// A word wider than the line has no whole form: a form drawn `orCut` is cut on its lines,
    /// drawn without it (a line that may not be cut) it is not drawn.
    @Test func aWordWiderThanTheLineIsDrawnCutOnlyWhereItMayBe() {
        let word = "Unbreakablewordwiderthantheline"
        var col = column(height: 200, width: 60)
        let forms = col.textForms(word, style: Self.style, maxLines: 2, mayCut: true)
        expectTrue(forms.lines == [1])
        expectTrue(col.text(word, style: Self.style, form: 0, of: forms) == nil)
        let cut = col.text(word, style: Self.style, form: 0, of: forms, orCut: true)
        expectTrue(cut?.text.lines.count == 1 && cut?.text.ellipsized == true)
        expectTrue(cut?.text.lines.first?.hasSuffix(TextWrap.ellipsis) == true)
    }

    /// The kit's centring rule, from an edge and from a midpoint.
    @Test func centredIsHalfTheSlack() {
        expectTrue(StackColumn.centred(10, in: 30) == 10)
        expectTrue(StackColumn.centred(10, on: 25) == 20)
        expectTrue(StackColumn.centred(40, in: 30) == -5)
    }

    static func name(_ kind: ElementKind) -> String { PlanPart.element(kind).name(on: .ios) }
    static func item(_ p: IOSWidgetPlan, _ kind: ElementKind) -> PlanItem? { p.item(name(kind)) }

    static func plan(
        _ family: IOSFamily, _ device: IOSDeviceClass, _ text: DynamicTypeSize, _ state: FixtureState,
        kindling: Bool = true
    ) -> (IOSLayoutPropertySweepTests.Case, IOSWidgetPlan) {
        let c = IOSLayoutPropertySweepTests.Case(
            family: family, device: device, text: text, state: state, kindling: kindling,
            habits: state == .empty ? 0 : 4, streak: 365)
        return (c, IOSLayoutPropertySweepTests.builder.plan(IOSLayoutPropertySweepTests.request(c)).1)
    }

    /// What is reserved at the bottom (the STALE footer, Large's motivator) ends on the content's
    /// bottom edge: the room it was decided in is the room it is placed in. A drawn caption is
    /// whole on at most its limit; a drawn motivator whole on at most its limit.
    @Test(arguments: [IOSFamily.systemSmall, .systemMedium, .systemLarge]) func bottomElementsStandWhereTheyWereDecided(
        family: IOSFamily
    ) {
        var footers = 0
        var motivators = 0
        var captions = 0
        for device in IOSDeviceClass.all {
            for text in DynamicTypeSize.allCases {
                for state in [FixtureState.stale, .defaultSome, .allDone] {
                    let (c, p) = Self.plan(family, device, text, state)
                    if let f = Self.item(p, .staleFooter) {
                        footers += 1
                        expectTrue(
                            abs(f.frame.maxY - p.content.maxY) < 1e-9,
                            "\(c): footer ends at \(f.frame.maxY), content at \(p.content.maxY)")
                        expectTrue(
                            (p.lines(Self.name(.staleFooter))?.count ?? 0) <= IOSLayout.staleFooterMaxLines, "\(c)")
                    }
                    if let m = Self.item(p, .motivator) {
                        motivators += 1
                        expectTrue(abs(m.frame.maxY - p.content.maxY) < 1e-9, "\(c): motivator ends at \(m.frame.maxY)")
                        guard case .text(let t, _, _, _, _) = m.content else {
                            Issue.record("\(c): motivator is not text")
                            continue
                        }
                        expectTrue(!t.ellipsized && t.lines.count <= IOSLayout.motivatorLines, "\(c): \(t.lines)")
                    }
                    if let cap = Self.item(p, .caption) {
                        captions += 1
                        guard case .text(let t, _, _, _, _) = cap.content else {
                            Issue.record("\(c): caption is not text")
                            continue
                        }
                        expectTrue(!t.ellipsized && t.lines.count <= IOSLayout.captionMaxLines, "\(c): \(t.lines)")
                    }
                }
            }
        }
        expectTrue(footers > 0 && captions > 0)
        expectTrue(family != .systemLarge || motivators > 0)
    }

    /// The all-done / empty glyph takes a whole-point side between its floor and its nominal size,
    /// above the title, inside the status box.
    @Test(arguments: [IOSFamily.systemSmall, .systemMedium, .systemLarge]) func statusGlyphTakesAWholeSideInItsRange(
        family: IOSFamily
    ) {
        let floor = family == .systemSmall ? IOSLayout.smallStatusGlyphMinPt : IOSLayout.statusGlyphMinPt
        var drawn = 0
        var narrowed = 0
        for device in IOSDeviceClass.all {
            for text in DynamicTypeSize.allCases {
                for state in [FixtureState.empty, .allDone] {
                    let (c, p) = Self.plan(family, device, text, state, kindling: false)
                    guard let g = Self.item(p, .statusGlyph) else { continue }
                    drawn += 1
                    let side = g.frame.height
                    expectTrue(
                        g.frame.width == side && side == side.rounded() && side >= floor
                            && side <= IOSLayout.statusGlyphPt, "\(c): side \(side)")
                    if side < IOSLayout.statusGlyphPt { narrowed += 1 }
                    if let t = Self.item(p, .statusTitle) {
                        expectTrue(g.frame.maxY <= t.frame.minY, "\(c): glyph over the title")
                    }
                    expectTrue(g.frame.minY >= p.content.minY && g.frame.maxY <= p.content.maxY, "\(c)")
                }
            }
        }
        expectTrue(drawn > 0 && narrowed > 0, "drawn \(drawn), narrowed \(narrowed)")
    }
}
