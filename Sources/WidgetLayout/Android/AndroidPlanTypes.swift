import EvidenceCore
import WidgetModel
import WidgetText

/// Inputs and outputs of the Android planner. Pure values; the planner (`planAndroidWidget`) is the
/// only place budgets are computed, and the scene builder places nodes from `AndroidWidgetPlan`'s
/// frames and rows — it never re-derives a height.

/// `--family`: a fixed family or `auto` (resolveSize). Its words are `AndroidFamily`'s and `auto`,
/// derived from the family enum, so a new family needs no request of its own.
public struct AndroidFamilyRequest: RawRepresentable, Sendable, Hashable, CaseIterable, Codable {
    /// The family it fixes; nil for `auto`, which resolveSize answers from the size.
    public let fixed: AndroidFamily?

    /// The request that draws `family` whatever the size.
    public init(_ family: AndroidFamily) { fixed = family }
    private init(fixed: AndroidFamily?) { self.fixed = fixed }

    /// resolveSize picks the family from the granted size.
    public static let auto = AndroidFamilyRequest(fixed: nil)
    /// The fixed requests by name, for call sites; `allCases` and `--family` come from `AndroidFamily`.
    public static let small = AndroidFamilyRequest(.small), medium = AndroidFamilyRequest(.medium),
        large = AndroidFamilyRequest(.large)

    /// Every family in its order, then `auto`.
    public static var allCases: [AndroidFamilyRequest] {
        AndroidFamily.allCases.map(AndroidFamilyRequest.init) + [.auto]
    }

    public var rawValue: String { fixed?.rawValue ?? "auto" }
    public init?(rawValue: String) {
        guard let r = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = r
    }
}

/// The narrow-Large header ladder (`planLarge`): the header row's forms, widest first.
public enum LargeHeaderRung: String, Sendable, Hashable, CaseIterable, Codable {
    case inline = "INLINE", compact = "COMPACT", stacked = "STACKED"
}

public struct HabitInput: Sendable, Hashable, Codable {
    public var title: String
    public var done: Bool
    public init(_ title: String, done: Bool) {
        self.title = title
        self.done = done
    }
}

/// Every string the planner measures, as plain values (the copy layer owns the tables).
public struct AndroidPlanStrings: Sendable, Hashable {
    public var daysLabel: String  // small header "days"
    public var dayStreak: String  // "DAY STREAK"
    public var longest: String  // "Longest 21"
    public var progress: String  // "0 of 4 done"
    public var progressCompact: String  // "0/4"
    public var newDay: String  // "New day"
    public var newDaySpoken: String  // "New day. Tap to see today's habits."
    public var overflowTemplate: String  // "+{n} more" — {n} is replaced by the overflow count
    public var statusTitle: String?  // allDone "All done today", empty "Nothing due today", firstRun message
    public var statusSubtitle: String?  // empty "Rest counts too."
    public var staleFooter: String  // "Today · last synced 20h ago"
    public var motivator: String?  // Large closing line (nil on stale/firstRun)
    public var cta: String?  // Small kindling check-off pill, e.g. "Lay today's stone"

    public init(
        daysLabel: String = "days", dayStreak: String = "DAY STREAK", longest: String,
        progress: String, progressCompact: String, newDay: String = "New day",
        newDaySpoken: String = "New day. Tap to see today's habits.",
        overflowTemplate: String = "+{n} more", statusTitle: String? = nil,
        statusSubtitle: String? = nil, staleFooter: String = "Today · last synced 20h ago",
        motivator: String? = nil, cta: String? = nil
    ) {
        self.daysLabel = daysLabel
        self.dayStreak = dayStreak
        self.longest = longest
        self.progress = progress
        self.progressCompact = progressCompact
        self.newDay = newDay
        self.newDaySpoken = newDaySpoken
        self.overflowTemplate = overflowTemplate
        self.statusTitle = statusTitle
        self.statusSubtitle = statusSubtitle
        self.staleFooter = staleFooter
        self.motivator = motivator
        self.cta = cta
    }

    /// The template with every "{n}" replaced by `n`: the standard library's `replacing`, not
    /// Foundation's `replacingOccurrences`, whose bridge through NSString was a fifth of a Medium
    /// plan (a seat probe asks this in every arrangement it measures).
    public func overflow(_ n: Int) -> String { overflowTemplate.replacing("{n}", with: String(n)) }

    /// Plain English stand-ins for the copy layer's strings, built from the numbers (used by the CLI
    /// and tests; the model/copy layer passes its own).
    public static func standIn(state: WidgetState, longest: Int, done: Int, total: Int) -> AndroidPlanStrings {
        var s = AndroidPlanStrings(
            longest: "Longest \(longest)", progress: "\(done) of \(total) done",
            progressCompact: "\(done)/\(total)")
        switch state {
        case .allDone:
            s.statusTitle = "All done today"
            s.motivator = "Today's build. Rest easy."
        case .empty:
            s.statusTitle = "Nothing due today"
            s.statusSubtitle = "Rest counts too."
        case .firstRun: s.statusTitle = "Open Objectuve to sync today"
        case .defaultProgress: s.motivator = "Lay the last stone to keep the tower rising."
        case .newDay: s.motivator = "Set the first stone — the tower starts today."
        case .stale: break
        }
        return s
    }
}

public struct AndroidPlanInput: Sendable, Hashable {
    public var family: AndroidFamilyRequest
    /// Granted width / height in dp (OPTION_APPWIDGET_MIN_WIDTH / MAX_HEIGHT in portrait).
    public var widthDp: Double
    public var heightDp: Double
    public var fontScale: Double
    public var state: WidgetState
    /// `.baseline` = reactive layer off (fail-closed): classic flame, no caption, no Coach line.
    public var reactive: ReactiveTreatment
    public var motif: StreakMotif
    public var kindling: Bool
    public var streak: Int
    public var longest: Int
    public var habits: [HabitInput]
    /// Long form (INLINE Large; TalkBack always) and short form (≤ 24 chars; COMPACT/STACKED and Medium).
    public var coachLine: String?
    public var coachLineShort: String?
    public var strings: AndroidPlanStrings

    public init(
        family: AndroidFamilyRequest = .auto, widthDp: Double, heightDp: Double, fontScale: Double = 1.0,
        state: WidgetState = .defaultProgress, reactive: ReactiveTreatment = .notYet,
        motif: StreakMotif = .stones, kindling: Bool = true, streak: Int = 12, longest: Int = 21,
        habits: [HabitInput], coachLine: String? = nil, coachLineShort: String? = nil,
        strings: AndroidPlanStrings
    ) {
        self.family = family
        self.widthDp = widthDp
        self.heightDp = heightDp
        self.fontScale = fontScale
        self.state = state
        self.reactive = reactive
        self.motif = motif
        self.kindling = kindling
        self.streak = streak
        self.longest = longest
        self.habits = habits
        self.coachLine = coachLine
        self.coachLineShort = coachLineShort
        self.strings = strings
    }

    /// The seed's reference case: a 2-digit streak (12), 2-digit longest (21), stones, not-yet
    /// ("Add a stone"), kindling on, 5 habits none done, default progress, fontScale 1.0, the
    /// OBJ-2428 reported geometry 230 × 330 dp, and the not-yet-new-day Coach line.
    public static func reference(
        family: AndroidFamilyRequest = .auto, widthDp: Double = 230, heightDp: Double = 330,
        fontScale: Double = 1.0, state: WidgetState = .defaultProgress,
        reactive: ReactiveTreatment = .notYet, motif: StreakMotif = .stones,
        kindling: Bool = true, streak: Int = 12, longest: Int = 21,
        habitCount: Int = 5, doneCount: Int = 0
    ) -> AndroidPlanInput {
        let titles = [
            "Meditate", "Read 20 pages", "Stretch", "Journal", "Walk the dog", "Drink water",
            "Practice guitar", "Call a friend", "Plan tomorrow", "Floss",
        ]
        let habits = (0..<max(0, habitCount)).map { i in
            HabitInput(i < titles.count ? titles[i] : "Habit \(i + 1)", done: i < doneCount)
        }
        let coachLong: String?
        let coachShort: String?
        switch state {
        case .empty, .firstRun, .stale:
            coachLong = nil
            coachShort = nil
        case .allDone:
            coachLong = "You showed up again. That's the whole game."
            coachShort = "You showed up again."
        case .defaultProgress, .newDay:
            if doneCount == 0 {
                coachLong = "Add today's stone to keep the tower rising."
                coachShort = "Add today's stone."
            } else {
                coachLong = "One more and today's stone is set."
                coachShort = "One more sets it."
            }
        }
        var strings = AndroidPlanStrings.standIn(state: state, longest: longest, done: doneCount, total: habitCount)
        if kindling && state == .defaultProgress { strings.cta = smallCTAText(motif: motif) }
        return AndroidPlanInput(
            family: family, widthDp: widthDp, heightDp: heightDp, fontScale: fontScale,
            state: state, reactive: reactive, motif: motif, kindling: kindling,
            streak: streak, longest: longest, habits: habits, coachLine: coachLong,
            coachLineShort: coachShort, strings: strings)
    }
}

extension PlanPart {
    /// Every part the Android planner decides about, in the order `plan` lists them. Parts that
    /// don't apply to a family are still present, hidden, with a reason saying so.
    public static let android: [PlanPart] = [
        .flame, .numeral, .daysLabel, .dayStreakLabel, .longestLabel, .captionRow, .pipRow, .progress,
        .newDayIcon, .newDayLine, .coachLine, .statusTitle, .statusSubtitle, .staleFooter, .overflowLine,
        .motivatorLine, .appGlyph, .statusGlyph, .ctaPill,
    ]

    // The Android layout's names for its parts (the plan's words, `name(on: .android)`).
    /// The 28 dp container of the streak glyph, left of the numeral.
    public static let flame = PlanPart.element(.streakGlyph)
    public static let numeral = PlanPart.element(.numeral)
    public static let daysLabel = PlanPart.element(.daysLabel)
    public static let dayStreakLabel = PlanPart.element(.dayStreakLabel)
    public static let longestLabel = PlanPart.element(.longestLabel)
    /// The caption's glyph slot, gap and text.
    public static let captionRow = PlanPart.element(.caption)
    public static let progress = PlanPart.element(.progress)
    public static let newDayIcon = PlanPart.element(.newDayIcon)
    public static let newDayLine = PlanPart.element(.newDayLine)
    /// The Coach line (Large: with its spark ahead of it).
    public static let coachLine = PlanPart.element(.coachLine)
    public static let statusTitle = PlanPart.element(.statusTitle)
    public static let statusSubtitle = PlanPart.element(.statusSubtitle)
    public static let staleFooter = PlanPart.element(.staleFooter)
    public static let overflowLine = PlanPart.element(.overflowLine)
    /// Large's closing motivator.
    public static let motivatorLine = PlanPart.element(.motivator)
    public static let appGlyph = PlanPart.element(.appGlyph)
    /// Medium's centred-body glyph: the rest moon (empty) or the success check (all done).
    public static let statusGlyph = PlanPart.element(.statusGlyph)
    /// Small kindling's full-width check-off pill.
    public static let ctaPill = PlanPart.checkOffButton
}

/// Text exactly as it will be drawn: the lines (wrapped and ellipsized by the planner) and whether
/// it was cut. The scene places these lines; it never wraps again.
public struct FinishedText: Sendable, Hashable, Codable {
    public var lines: [String]
    public var ellipsized: Bool
    public init(lines: [String], ellipsized: Bool) {
        self.lines = lines
        self.ellipsized = ellipsized
    }
    public var text: String { lines.joined(separator: " ") }
}

public struct PlanElement: Sendable, Hashable {
    public var key: PlanPart
    public var shown: Bool
    /// Why — the comparison that decided it, in words and dp.
    public var reason: String
    /// Height (vertical elements) or width (header-row elements) the budget charged, dp; 0 when hidden.
    public var costDp: Double
    /// Where the scene builder draws it, in dp within the granted widget box (origin top-left). nil when hidden.
    public var frame: Rect?
    /// The text drawn (after compact-progress swaps, Coach short form, …); nil for graphics.
    public var text: String?
    public var style: TextStyle?
    /// Lines the text occupies, and the most it may take (maxLines).
    public var lines: Int
    public var maxLines: Int
    /// True when the drawn text is cut with "…" (the structural floor), never a character stack.
    public var ellipsized: Bool
    /// The lines drawn, wrapped once when the element is decided (nil for graphics and hidden elements).
    public var drawn: FinishedText?

    public init(
        key: PlanPart, shown: Bool, reason: String, costDp: Double = 0, frame: Rect? = nil,
        text: String? = nil, style: TextStyle? = nil, lines: Int = 0, maxLines: Int = 1, ellipsized: Bool = false,
        drawn: FinishedText? = nil
    ) {
        self.key = key
        self.shown = shown
        self.reason = reason
        self.costDp = costDp
        self.frame = frame
        self.text = text
        self.style = style
        self.lines = lines
        self.maxLines = maxLines
        self.ellipsized = ellipsized
        self.drawn = drawn
    }
}

public struct HabitRowPlan: Sendable, Hashable, Codable {
    /// Index into `AndroidPlanInput.habits`.
    public var habitIndex: Int
    public var title: String
    public var done: Bool
    /// The next-due row: 44 dp floor, label always 2 lines max (Level A).
    public var isNextDue: Bool
    public var frame: Rect
    /// Frame of the label text within the row (after the check circle).
    public var labelFrame: Rect
    public var labelLines: Int
    public var labelMaxLines: Int
    public var ellipsized: Bool
    /// The label's lines as drawn: wrapped once, when the row is placed.
    public var label: FinishedText
}

/// One budgeted vertical slot (a row of a column), in the order drawn.
public struct PlanRow: Sendable, Hashable {
    /// Whose height the row holds: an element's (the head row is the numeral's; the flame and the
    /// days label stand beside it) or habit row `i` (its index among the widget's habits).
    public enum Owner: Sendable, Hashable {
        case part(PlanPart)
        case habit(Int)
    }
    public var owner: Owner
    public var column: PlanColumn
    public var y: Double
    public var height: Double

    /// The name `plan` gives habit `index`'s row (its index among the widget's habits).
    package static func habitRowName(_ index: Int) -> String { "habit[\(index)]" }

    /// The same row moved down `dy` (a centred body moves as a whole).
    package func offsetBy(dy: Double) -> PlanRow { PlanRow(owner: owner, column: column, y: y + dy, height: height) }
}

/// What TalkBack speaks — built from the inputs only, never from a budget, so it is identical in
/// every height/width band (seed: "contentDescription must stay identical across every height band").
public struct AccessibilityContent: Sendable, Hashable, Codable {
    public var state: WidgetState
    public var streak: Int?
    public var longest: Int?
    public var caption: String?
    public var progress: String?
    public var habits: [String]
    /// The long-form Coach line whenever showsCoachLine (never coachLineShort).
    public var coachLine: String?
    public var newDay: String?
    public var staleFooter: String?
}

public struct AndroidWidgetPlan: Sendable {
    public var size: AndroidFamily
    public var sizeReason: String
    public var rung: LargeHeaderRung?
    public var rungReason: String?
    public var widthDp: Double
    public var heightDp: Double
    public var fontScale: Double
    /// The content box inside margins and padding (height already less the 6 dp safety margin).
    public var contentBox: Rect
    /// Height left to the main row after the STALE footer reservation.
    public var mainRowBudgetDp: Double
    public var habitRows: [HabitRowPlan]
    /// Habits not shown (the "+N more" line shows it when > 0 and the line fits).
    public var overflow: Int
    public var levelB: Bool
    public var elements: [PlanPart: PlanElement]
    public var rows: [PlanRow]
    /// The dp arithmetic, one human line each.
    public var arithmetic: [String]
    public var accessibility: AccessibilityContent

    public func element(_ key: PlanPart) -> PlanElement { elements[key]! }
    public func shows(_ key: PlanPart) -> Bool { elements[key]?.shown ?? false }

    /// What the plan draws, in reading order — the layout's order, never an enum's: column by
    /// column as they stand left to right (the STALE footer, spanning them, last), top to bottom in
    /// a column, left to right along a row. The scene paints in this order, so the manifest's
    /// visible text reads as a person reads the widget.
    public var readingOrder: [AndroidPlanItem] {
        let columns = Dictionary(rows.map { ($0.owner, $0.column) }, uniquingKeysWith: { first, _ in first })
        // The flame and the days label have no row of their own: they stand in the head row, beside the numeral.
        let headColumn = columns[.part(.numeral)] ?? .main
        var items: [(item: AndroidPlanItem, column: Int, frame: Rect)] = []
        for e in elements.values where e.shown {
            guard let frame = e.frame else { continue }
            items.append((.element(e.key), (columns[.part(e.key)] ?? headColumn).readingRank, frame))
        }
        for (i, row) in habitRows.enumerated() {
            items.append((.habitRow(i), (columns[.habit(row.habitIndex)] ?? headColumn).readingRank, row.frame))
        }
        return items.sorted { a, b in
            (a.column, a.frame.minY, a.frame.minX) < (b.column, b.frame.minY, b.frame.minX)
        }.map(\.item)
    }
}

/// One thing a plan draws: an element, or habit row `i` of `habitRows`.
public enum AndroidPlanItem: Sendable, Hashable {
    case element(PlanPart)
    case habitRow(Int)
}
