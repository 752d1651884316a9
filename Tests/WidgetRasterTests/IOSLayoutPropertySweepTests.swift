import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Issue #31 item 2 on iOS: the engine's properties, judged on plans across every Home Screen
/// family × device class × large / xxxLarge / AX3 × state × body × 1 / 4 / 7 habits × 1- to
/// 5-digit streaks. Written from the seed's rules, not from the planner's:
///  1. no text is ellipsized while its column has room for its next line — except what may only
///     ever take one line (a habit row's title, `.lineLimit(1)`) or sits at its seed clamp (the
///     Coach line: Medium 2, Large 1; seed 000 "Coach line");
///  2. no habit row is shed (below the family's cap) while a row fits the room its column leaves
///     unused under the list — the seed sheds rows last (seed 000 "Large family": the window);
///  3. a one-line view (a habit row's title; Large's Coach line, seed 000 "Coach line": "Large to
///     1") is exactly one line, and a cut is at its end;
///  4. no text is drawn over another.
/// Every render is drawn at the Dynamic Type size asked for (issue #51: no step-down).
@Suite struct IOSLayoutPropertySweepTests {
    static let fonts = FontLibrary.shared
    static let builder = IOSSceneBuilder.bundled

    struct Case: CustomStringConvertible {
        var family: IOSFamily, device: IOSDeviceClass, text: DynamicTypeSize
        var state: FixtureState, kindling: Bool, habits: Int, streak: Int
        var description: String {
            "\(family.rawValue) \(device.name) \(text.rawValue) \(state.rawValue) kindling \(kindling) habits "
                + "\(habits) streak \(streak)"
        }
    }

    static var cases: [Case] {
        var out: [Case] = []
        let states: [FixtureState] = [.defaultNone, .defaultSome, .allDone, .empty, .stale, .newDay]
        for family in [IOSFamily.systemSmall, .systemMedium, .systemLarge] {
            for device in IOSDeviceClass.all {
                for text in DynamicTypeSize.allCases {
                    for state in states {
                        for kindling in [true, false] {
                            for habits in [1, 4, 7] {
                                for streak in [7, 365, 12345] {
                                    out.append(
                                        Case(
                                            family: family, device: device, text: text, state: state,
                                            kindling: kindling, habits: state == .empty ? 0 : habits, streak: streak))
                                }
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    static func request(_ c: Case) -> IOSRenderRequest {
        let s = Scenario.cell(
            c.state, branch: MatrixCases.hasBranches(c.state) ? .notyet : nil, motif: .stones, kindling: c.kindling)
        var snap = s.snapshot
        let done = c.state == .allDone ? c.habits : c.state == .defaultSome ? c.habits / 2 : 0
        snap.habits = (0..<c.habits).map {
            WidgetHabit(
                id: "h\($0)",
                title: ["Morning run", "Read 20 pages", "Stretch", "Journal", "Walk the dog", "Floss", "Meditate"][
                    $0 % 7], checkedInToday: $0 < done)
        }
        snap.streak = c.streak
        snap.longestStreak = max(c.streak, 21)
        return IOSRenderRequest(
            family: c.family, deviceClass: c.device, textSize: c.text, snapshot: snap, asOf: s.asOf,
            timeZone: Scenario.timeZone)
    }

    static func judge(_ c: Case, _ w: ResolvedWidget, _ p: IOSWidgetPlan, _ r: IOSRenderRequest) -> [String] {
        var out: [String] = []
        let b = IOSPlanBuilder(w: w, request: r, fonts: fonts, typeStep: p.typeStep)
        // Items standing in a column that starts where `item` starts, and what sits reserved at its bottom.
        func column(of f: Rect) -> [PlanItem] { p.items.filter { $0.frame.minX < f.maxX && $0.frame.maxX > f.minX } }
        // What is reserved at the bottom before the rest is laid out keeps its spacing above it
        // (the motivator 10 pt, the footer 4, the check-off button its gap): that is not room.
        func spacing(above e: SceneElement) -> Double? {
            switch e {
            case .motivator: return IOSLayout.largeMotivatorGapPt
            case .staleFooter: return IOSLayout.footerGapPt
            case .checkOffButton: return IOSLayout.buttonGapPt
            default: return nil
            }
        }
        func reservedTop(under f: Rect) -> Double {
            column(of: f).compactMap { i in spacing(above: i.element).map { i.frame.minY - $0 } }.filter {
                $0 >= f.maxY - 1e-9
            }.min() ?? p.content.maxY
        }
        func unusedUnder(_ f: Rect) -> Double {
            let top = reservedTop(under: f)
            let below =
                column(of: f).filter { $0.frame.minY >= f.maxY - 1e-9 && $0.frame.maxY <= top + 1e-9 }.map(\.frame.maxY)
                .max() ?? f.maxY
            return top - max(f.maxY, below)
        }
        // 1.
        for item in p.items {
            guard case .text(let t, _, let lineH, _, _) = item.content, t.ellipsized else { continue }
            if case .habitRow = item.element { continue }
            if item.element == .coachLine
                && t.lines.count >= (c.family == .systemMedium ? IOSLayout.mediumCoachLines : IOSLayout.largeCoachLines)
            {
                continue
            }
            if unusedUnder(item.frame) >= lineH {
                out.append(
                    "\(item.name(on: .ios)) ellipsized (\(t.lines)) with \(fmtDp(unusedUnder(item.frame))) pt unused "
                        + "under it")
            }
        }
        // 3.
        for item in p.items {
            guard case .text(let t, _, _, _, _) = item.content else { continue }
            let oneLine: Bool = {
                if case .habitRow = item.element { return true }
                return item.element == .coachLine && c.family == .systemLarge
            }()
            guard oneLine else { continue }
            if t.lines.count != 1 {
                out.append("\(item.name(on: .ios)) is one line by its view, drawn on \(t.lines.count): \(t.lines)")
            }
            if t.ellipsized && !(t.lines.last?.hasSuffix(TextWrap.ellipsis) ?? false) {
                out.append("\(item.name(on: .ios)) cut, but not at its end: \(t.lines)")
            }
        }
        if p.typeStep != c.text.step { out.append("drawn at \(p.typeStep.name), asked \(c.text.rawValue)") }
        // 4. Drawn at the size asked for, what does not fit is shed or cut — never drawn over another text.
        let texts = p.items.filter {
            if case .text = $0.content { return true }
            return false
        }
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] {
                let dx = min(a.frame.maxX, b.frame.maxX) - max(a.frame.minX, b.frame.minX)
                let dy = min(a.frame.maxY, b.frame.maxY) - max(a.frame.minY, b.frame.minY)
                if dx > 0.5 && dy > 0.5 { out.append("\(a.name(on: .ios)) and \(b.name(on: .ios)) overlap") }
            }
        }
        // 2.
        let cap =
            c.family == .systemLarge ? IOSLayout.largeMaxRows : c.family == .systemMedium ? IOSLayout.mediumMaxRows : 1
        let listsRows =
            [.defaultNone, .defaultSome, .stale].contains(c.state)
            || c.state == .allDone && c.family == .systemLarge && c.kindling
        if listsRows && p.overflow > 0 && p.visibleHabits.count < cap, c.family != .systemSmall {
            let last = p.items.filter {
                $0.element == .overflowLine
                    || {
                        if case .habitRow = $0.element { return true }
                        return false
                    }($0)
            }
            .max { $0.frame.maxY < $1.frame.maxY }
            if let last, unusedUnder(last.frame) >= b.habitRowHeight + 4 {
                out.append(
                    "a habit row shed (\(p.visibleHabits.count) of \(c.habits), cap \(cap)) with "
                        + "\(fmtDp(unusedUnder(last.frame))) pt unused under the list (a row is "
                        + "\(fmtDp(b.habitRowHeight)))"
                )
            }
        }
        return out
    }

    @Test func everyIOSRenderKeepsTheEnginesProperties() {
        let cases = Self.cases
        var violations: [String] = []
        var shedRows = 0
        var cut = 0
        for c in cases {
            let r = Self.request(c)
            let (w, p) = Self.builder.plan(r)
            violations += Self.judge(c, w, p, r).map { "\(c): \($0)" }
            if p.overflow > 0 && c.family != .systemSmall { shedRows += 1 }
            cut +=
                p.items.filter {
                    if case .text(let t, _, _, _, _) = $0.content { return t.ellipsized }
                    return false
                }.count
        }
        // What the judge had to look at: renders that shed rows, and texts drawn cut.
        print(
            "iOS layout property sweep: judged \(cases.count) Home Screen renders (\(shedRows) shedding habit rows, "
                + "\(cut) cut texts), \(violations.count) violation(s)"
        )
        expectTrue(shedRows > 0 && cut > 0)
        SweepSwitch.log(violations, as: "ios-layout-property")
        expectTrue(
            violations.count == 0,
            "\(violations.count) violation(s), first: \(violations.prefix(12).joined(separator: "\n"))")
    }
}

/// Issue #51 on the Lock Screen: the accessories' one-line views, judged across every device class ×
/// large / xxxLarge / AX3 × state × 1- to 5-digit streaks × 1 / 4 / 7 habits. Written from the
/// seed's rules: the inline label ("A single Label(text, systemImage:)", seed 000) and the
/// rectangular's line3 (".lineLimit(1), .truncationMode(.tail)", seed 001 §3) are exactly one line,
/// cut only at their end — and a cut that loses what the state means is reported (a truncated
/// finding on the element the cut lands in), never silent.
@Suite struct IOSAccessoryOneLineSweepTests {
    static let builder = IOSLayoutPropertySweepTests.builder

    @Test func oneLineViewsAreOneLineCutAtTheEndAndReported() throws {
        var judged = 0
        var cut = 0
        var reported = 0
        var violations: [String] = []
        for device in IOSDeviceClass.all where device.accessories != nil {
            for text in DynamicTypeSize.allCases {
                for state in WidgetState.allCases {
                    for streak in [7, 365, 12345] {
                        for habits in [1, 4, 7] {
                            var w = SyntheticWidget()
                            w.state = state
                            w.streak = streak
                            w.habits = state == .empty ? 0 : habits
                            w.done = state == .allDone ? habits : 0
                            let (snap, at) = try w.snapshot()
                            for family in [IOSFamily.accessoryInline, .accessoryRectangular] {
                                let r = IOSRenderRequest(
                                    family: family, deviceClass: device, textSize: text, snapshot: snap, asOf: at,
                                    timeZone: SyntheticWidget.timeZone)
                                let scene = Self.builder.scene(r)
                                let here =
                                    "\(family.rawValue) \(device.name) \(text.rawValue) \(state.rawValue) \(streak) "
                                    + "\(habits)"
                                judged += 1
                                // The one-line view's nodes: the inline line (its label and any cut part), line3.
                                let line = scene.nodes.compactMap { n -> TextContent? in
                                    guard case .text(let t) = n.content else { return nil }
                                    return family == .accessoryInline || n.element == .accessoryLine3 ? t : nil
                                }
                                if line.contains(where: { $0.lines.count != 1 }) {
                                    violations.append("\(here): not one line \(line.map(\.lines))")
                                }
                                if line.dropLast().contains(where: \.ellipsized)
                                    || (line.last.map { $0.ellipsized && !$0.text.hasSuffix(TextWrap.ellipsis) }
                                        ?? false)
                                {
                                    violations.append("\(here): cut before its end \(line.map(\.text))")
                                }
                                guard line.last?.ellipsized == true else { continue }
                                cut += 1
                                // What the cut left out must be a habit's name; anything else is a finding.
                                let findings = TruncationCheck.violations(in: scene)
                                let habitOnly =
                                    scene.nodes.contains { $0.element == .inlineLabel || $0.element == .accessoryLine3 }
                                    && line.count == 1
                                    && (state == .defaultProgress)
                                if findings.isEmpty && !habitOnly {
                                    violations.append("\(here): cut with no finding \(line.map(\.text))")
                                }
                                reported += findings.isEmpty ? 0 : 1
                            }
                        }
                    }
                }
            }
        }
        print(
            "iOS accessory one-line sweep: judged \(judged) renders (\(cut) cut, \(reported) reported), "
                + "\(violations.count) violation(s)"
        )
        expectTrue(cut > 0 && reported > 0)
        expectTrue(
            violations.isEmpty,
            "\(violations.count) violation(s), first: \(violations.prefix(12).joined(separator: "\n"))")
    }
}
