import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Issue #51 Build 2: the one table of choices (docs/explanation/layout-rules.md, "Where the seeds
/// are silent") is exactly `LayoutChoice`'s cases, and each row's behaviour holds — a test per row,
/// chosen by an exhaustive switch, so a new choice cannot go untested or unlisted.
@Suite struct LayoutChoicesTests {
    static func plan(
        _ family: AndroidFamilyRequest, _ w: Double, _ h: Double, _ fs: Double = 1.0,
        _ state: WidgetState = .defaultProgress,
        reactive: ReactiveTreatment = .notYet, kindling: Bool = true, streak: Int = 12, habits: Int = 5, done: Int = 0
    ) -> AndroidWidgetPlan {
        planAndroidWidget(
            .reference(
                family: family, widthDp: w, heightDp: h, fontScale: fs, state: state, reactive: reactive,
                kindling: kindling,
                streak: streak, longest: max(streak, 21), habitCount: habits,
                doneCount: state == .allDone ? habits : done),
            measurer: layoutMeasurer)
    }

    /// The table's rows: the first cell of each line that starts with "| `".
    static func tableRows() throws -> [String] {
        let doc = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("docs/explanation/layout-rules.md"), encoding: .utf8)
        let section = try #require(doc.components(separatedBy: "## Where the seeds are silent\n").last)
        return section.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        }
    }

    @Test func theTableListsEveryChoiceOnce() throws {
        let rows = try Self.tableRows()
        expectTrue(rows == LayoutChoice.allCases.map(\.rawValue), "table rows \(rows)")
    }

    @Test(arguments: LayoutChoice.allCases)
    func eachChoiceHolds(_ choice: LayoutChoice) throws {
        switch choice {
        case .lineBreaks:
            let style = TextStyle.roboto(.regular, sp: 11, fontScale: 1.0)
            let width = FontLibrary.shared.advance("Today's stone", style: style) + 1
            let w = TextWrap.wrap(
                "Today's stone laid", width: width, maxLines: 3, style: style, measurer: FontLibrary.shared)
            expectTrue(w.lines == ["Today's", "stone laid"])
        case .newDayCentred:
            let p = Self.plan(.small, 180, 200, 1.0, .newDay)
            let line = p.rows.first { $0.owner == .part(.newDayLine) }
            let head = p.rows.first { $0.owner == .part(.numeral) }
            expectTrue(line != nil && head != nil)
            if let line, let head {
                let over = line.y - (head.y + head.height)
                let under = p.contentBox.minY + p.mainRowBudgetDp - (line.y + line.height)
                expectTrue(abs(over - under) <= 1, "\(over) above, \(under) below")
            }
        case .oneIsSingular:
            expectTrue(daysLabelText(streak: 1, platform: .android) == "day")
            expectTrue(daysLabelText(streak: 2, platform: .android) == "days")
        case .footerOneLine:
            for family in [AndroidFamilyRequest.medium, .large] {
                let p = Self.plan(family, 200, 300, 2.0, .stale)
                expectTrue(p.element(.staleFooter).lines == 1 && p.element(.staleFooter).maxLines == 1)
            }
        case .stateLineWraps:
            let p = Self.plan(.medium, 250, 180, 1.3, .allDone, reactive: .extended)
            let title = p.element(.statusTitle)
            expectTrue(title.shown && title.lines <= 3 && title.style?.size == 11 * 1.3, "\(title.reason)")
        case .firstRunWraps:
            let p = Self.plan(.small, 110, 200, 2.0, .firstRun)
            let message = p.element(.statusTitle)
            expectTrue(message.shown && message.lines >= 2 && !message.ellipsized, "\(message.reason)")
            expectTrue(
                (message.style?.size ?? 0) < 22 && (message.style?.size ?? 0) >= 11,
                "\(String(describing: message.style))")
            expectTrue(Self.plan(.small, 180, 200, 1.0, .firstRun).element(.statusTitle).style?.size == 11)
        case .mediumColumns:
            let p = Self.plan(.medium, 300, 180)
            let left =
                [PlanPart.numeral, .flame, .captionRow, .dayStreakLabel, .longestLabel].compactMap {
                    p.element($0).frame?.maxX
                }.max() ?? 0
            let checklist = p.habitRows.map(\.frame.minX).min() ?? 0
            expectTrue(checklist - left >= 12 - 1e-9, "gap \(checklist - left)")
        case .numeralBeyondTables:
            expectTrue(Self.plan(.small, 110, 180, 1.3, streak: 123).element(.numeral).style?.size == 18 * 1.3)
            let wide = Self.plan(.small, 110, 400, 2.0, streak: 12345)
            expectTrue((wide.element(.numeral).style?.size ?? 99) < 18 * 2.0, "\(wide.element(.numeral).reason)")
        case .coreOverflow:
            let p = Self.plan(.medium, 300, 130, 2.0, reactive: .extended)
            expectTrue(!p.shows(.captionRow) && p.element(.captionRow).reason.contains("beyond the seed's tables"))
        case .smallKindlingBody:
            let p = Self.plan(.small, 160, 250)
            expectTrue(p.habitRows.count == 1 && p.shows(.ctaPill))
            let tight = Self.plan(.small, 160, 150)
            expectTrue(!(tight.shows(.ctaPill) && tight.habitRows.isEmpty))
        case .checklistOrder:
            let p = Self.plan(.medium, 300, 150, 1.3, reactive: .extended)
            if !p.habitRows.isEmpty { expectTrue(p.shows(.overflowLine)) }
            if p.shows(.coachLine) { expectTrue(!p.habitRows.isEmpty) }
        case .mutedRow:
            let p = Self.plan(.medium, 200, 190, 1.3, .stale, streak: 365, habits: 1)
            expectTrue(p.habitRows.isEmpty && p.arithmetic.contains { $0.contains("cannot show a character") })
        case .largeMotivatorRank:
            let p = Self.plan(.large, 200, 270, 1.0, .allDone, reactive: .extended)
            expectTrue(p.shows(.motivatorLine) && p.shows(.overflowLine), "\(p.element(.motivatorLine).reason)")
        case .pipsPastFour:
            let p = Self.plan(.small, 160, 250, kindling: false, habits: 5)
            expectTrue(p.shows(.progress) && !p.shows(.pipRow))
        case .labelsWiderThanCard:
            let p = Self.plan(.medium, 110, 250, 2.0)
            expectTrue(!p.shows(.dayStreakLabel) && p.element(.dayStreakLabel).reason.contains("wider than the card"))
        // iOS rows: their behaviour is pinned by the iOS suites' own tests, run here as the row's test.
        case .iosTextSize:
            try IOSMeaningTests().textIsDrawnAtTheDynamicTypeSizeAskedFor(device: .standard, text: .accessibility3)
            try AccessoryInlineCutTests().oneLineCutAtTheEnd(text: .accessibility3)
        case .iosCutAtTail:
            try IOSMeaningTests().everyClassAndTypeSizeDrawsItsSizeAndReportsWhatItLoses(family: .systemSmall)
        case .iosRowOutranks:
            try IOSMeaningTests().mediumCoachLineYieldsToTheNextDueRow(text: .accessibility3)
            try IOSMeaningTests().smallKeepsTheRowBeforeTheButton(text: .accessibility3)
        case .iosRectangular:
            try AccessoryStaleTests().staleAgeIsLine2AtEverySize(text: .large)
            try AccessoryTests().line3DroppedWholeWhenTheStackDoesNotFit(height: 40)
        case .iosNumeralScales:
            let r = IOSRenderRequest(
                family: .systemSmall, deviceClass: .tightest, textSize: .accessibility3,
                snapshot: MatrixCases.snapshot(
                    done: 1, total: 4, syncedHoursAgo: 1, motif: .stones, extended: false, kindling: true, streak: 12345
                ),
                asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
            let scene = WidgetRenderer.draw(
                .ios(r), android: AndroidSceneBuilder(fonts: .shared, tokens: try TokenSet.bundled()),
                ios: IOSSceneBuilder(fonts: .shared, tokens: try AssetCatalogTokens.bundled())
            ).scene
            let numeral = scene.nodes.first { $0.element.kind == .numeral }
            if case .text(let t)? = numeral?.content {
                expectTrue(t.text == "12345" && !t.ellipsized && t.lines.count == 1)
            } else {
                Issue.record("no numeral")
            }
        }
    }
}
