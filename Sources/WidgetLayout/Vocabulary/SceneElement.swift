import WidgetModel

/// What a scene node *is*: one element of a closed set, with the traits the checks read. Every
/// decision about a node (host tint groups, the pip reader, colour-alone pairs, the truncation
/// policy, known findings) reads its element; the node's display name (`SceneNode.name`) is derived
/// from it for JSON and reports only (DESIGN "Identity is typed end to end").
///
/// Adding an element: add the case here and to `ElementKind`; the compiler then names every switch
/// that must say what it means, whether it may be cut, and what each platform calls it.
public enum SceneElement: Hashable, Sendable, Codable {
    /// The card fill (the widget's background).
    case card
    /// The kindling ember's radial glow behind the streak glyph.
    case ember
    /// The motif glyph beside the numeral (iOS: the `widgetAccentable` group).
    case streakGlyph
    /// The streak count.
    case numeral
    /// "days" beside the numeral.
    case daysLabel
    /// Android's "DAY STREAK" under the numeral.
    case dayStreakLabel
    /// iOS Large's header label ("DAY STREAK · LONGEST N").
    case headerLabel
    /// "Longest N".
    case longestLabel
    /// "N of M done" / "N/M".
    case progress
    /// One pip of the pip row (0-based `index`), filled when its habit is done.
    case pip(index: Int, filled: Bool)
    /// The reactive caption ("Add today's stone") and its glyph.
    case caption
    case captionGlyph
    /// The Coach line and Large's spark ahead of it.
    case coachLine
    case coachSpark
    /// The state's own lines and glyph (all done, empty, first run).
    case statusTitle
    case statusSubtitle
    /// The centred body's glyph: the rest moon (empty) or the success check (all done).
    case statusGlyph
    /// The accessories' state glyph in place of the streak glyph (not the default state).
    case stateGlyph
    /// NEW_DAY's line and its sun.
    case newDayLine
    case newDayIcon
    /// STALE's "last synced …" footer.
    case staleFooter
    /// "+N more in the app".
    case overflowLine
    /// Large's closing motivator.
    case motivator
    /// First run's app glyph.
    case appGlyph
    /// One part of a drawn habit row.
    case habitRow(HabitRowElement, HabitRowPart)
    /// One part of the check-off button (Small's full-width CTA).
    case checkOffButton(ButtonPart)
    /// `AccessoryWidgetBackground()` behind an accessory.
    case accessoryBackground
    /// The circular accessory's progress gauge.
    case gauge
    /// The rectangular accessory's leading progress mark.
    case leadingMark
    /// The rectangular accessory's lines: line1 the streak, line2 the count or state line, line3
    /// the third line (seed 001 §3).
    case accessoryLine1
    case accessoryLine2
    case accessoryLine3
    /// The inline accessory's one label.
    case inlineLabel
    /// A label drawn under a contact sheet's cell (never part of a widget).
    case sheetLabel

    /// The element without its payload: what known findings and the check registry name.
    public var kind: ElementKind {
        switch self {
        case .card: .card
        case .ember: .ember
        case .streakGlyph: .streakGlyph
        case .numeral: .numeral
        case .daysLabel: .daysLabel
        case .dayStreakLabel: .dayStreakLabel
        case .headerLabel: .headerLabel
        case .longestLabel: .longestLabel
        case .progress: .progress
        case .pip: .pip
        case .caption: .caption
        case .captionGlyph: .captionGlyph
        case .coachLine: .coachLine
        case .coachSpark: .coachSpark
        case .statusTitle: .statusTitle
        case .statusSubtitle: .statusSubtitle
        case .statusGlyph: .statusGlyph
        case .stateGlyph: .stateGlyph
        case .newDayLine: .newDayLine
        case .newDayIcon: .newDayIcon
        case .staleFooter: .staleFooter
        case .overflowLine: .overflowLine
        case .motivator: .motivator
        case .appGlyph: .appGlyph
        case .habitRow(_, let part):
            switch part {
            case .background: .habitRowBackground
            case .check: .habitCheck
            case .title: .habitTitle
            }
        case .checkOffButton(let part):
            switch part {
            case .pill: .checkOffPill
            case .label: .checkOffLabel
            }
        case .accessoryBackground: .accessoryBackground
        case .gauge: .gauge
        case .leadingMark: .leadingMark
        case .accessoryLine1: .accessoryLine1
        case .accessoryLine2: .accessoryLine2
        case .accessoryLine3: .accessoryLine3
        case .inlineLabel: .inlineLabel
        case .sheetLabel: .sheetLabel
        }
    }

    /// The display name a platform's scene gives it (`SceneNode.name` before any glyph part):
    /// Android's text elements keep the layout's element keys (`statusTitle`), iOS its item names
    /// (`status-title`). For JSON, reports and known-findings.json only — never for a decision.
    public func displayName(_ platform: Platform) -> String {
        let android = platform == .android
        switch self {
        case .card: return "card"
        case .ember: return "ember"
        case .streakGlyph: return "streak-glyph"
        case .numeral: return "numeral"
        case .daysLabel: return android ? "daysLabel" : "days-label"
        case .dayStreakLabel: return "dayStreakLabel"
        case .headerLabel: return "header-label"
        case .longestLabel: return "longestLabel"
        case .progress: return "progress"
        case .pip(let i, _): return "pip-\(i + 1)"
        case .caption: return "caption"
        case .captionGlyph: return "caption-glyph"
        case .coachLine: return "coach-line"
        case .coachSpark: return "coach-spark"
        case .statusTitle: return android ? "statusTitle" : "status-title"
        case .statusSubtitle: return android ? "statusSubtitle" : "status-subtitle"
        case .statusGlyph: return "status-glyph"
        case .stateGlyph: return "state-glyph"
        case .newDayLine: return android ? "newDayLine" : "new-day-line"
        case .newDayIcon: return "new-day-icon"
        case .staleFooter: return android ? "staleFooter" : "stale-footer"
        case .overflowLine: return android ? "overflowLine" : "overflow"
        case .motivator: return android ? "motivatorLine" : "motivator"
        case .appGlyph: return "app-glyph"
        case .habitRow(let row, let part):
            let base = "habit-row-\(row.position + 1)"
            switch part {
            case .background: return base + (android ? ".tint" : ".fill")
            case .check: return base + ".check"
            case .title: return base + ".title"
            }
        case .checkOffButton(let part):
            switch part {
            case .pill: return "cta-pill"
            case .label: return "cta-label"
            }
        case .accessoryBackground: return "background"
        case .gauge: return "gauge"
        case .leadingMark: return "leading-mark"
        case .accessoryLine1: return "line1"
        case .accessoryLine2: return "line2"
        case .accessoryLine3: return "line3"
        case .inlineLabel: return "inline"
        case .sheetLabel: return "sheet-label"
        }
    }

    // The traits, read by the checks (each is the kind's: the payload never changes them).
    public var meaning: ElementMeaning { kind.meaning }
    public var isInteractive: Bool { kind.isInteractive }
    public var isAccentable: Bool { kind.isAccentable }
    public var speech: ElementSpeech { kind.speech }
    public var truncation: TruncationRule? { kind.truncation }
}

/// A drawn habit row: where it is drawn and which habit it shows.
public struct HabitRowElement: Hashable, Sendable, Codable {
    /// 0-based position among the drawn rows, top to bottom.
    public var position: Int
    /// Index into the snapshot's habits.
    public var habit: Int
    /// Checked in today.
    public var done: Bool
    /// The next-due habit (the row the check-off button names).
    public var isNextDue: Bool
    public init(position: Int, habit: Int, done: Bool, isNextDue: Bool) {
        self.position = position
        self.habit = habit
        self.done = done
        self.isNextDue = isNextDue
    }
}

public enum HabitRowPart: String, Hashable, Sendable, Codable {
    /// The row's tint (Android kindling) or frosted fill (iOS kindling).
    case background
    /// The done check or the not-yet ring.
    case check
    case title
}

public enum ButtonPart: String, Hashable, Sendable, Codable { case pill, label }

/// What an element tells the user (the required-content check of issue #21 reads this).
public enum ElementMeaning: String, Hashable, Sendable, Codable, CaseIterable {
    /// The streak: numeral, its glyph and labels, Longest N.
    case streak
    /// The state's own line or glyph (all done, empty, first run, new day, accessory line2).
    case state
    /// How much of today is done: the count, pips, the gauges.
    case progress
    /// Which habit, and whether it is done: a habit row.
    case habit
    /// Whether today's streak is already extended: the reactive caption.
    case reactiveCue
    case coaching
    /// The check-off button.
    case action
    /// Habits not drawn: "+N more".
    case overflow
    /// How old the data is: the STALE footer.
    case staleness
    case encouragement
    /// Which app this is (first run).
    case identity
    /// Nothing: card, ember, backgrounds.
    case decoration
    /// Not the widget's: a contact sheet's label.
    case annotation
}

/// Whether the widget's label speaks what an element shows, or it only decorates.
public enum ElementSpeech: String, Hashable, Sendable, Codable {
    case spoken
    case decorative
}

/// `SceneElement` without its payload (index, done flag, part is kept where it changes a trait).
/// Raw values are the names known-findings.json and the check registry use.
public enum ElementKind: String, Hashable, Sendable, Codable, CaseIterable {
    case card, ember
    case streakGlyph = "streak-glyph", numeral, daysLabel = "days-label", dayStreakLabel = "day-streak-label"
    case headerLabel = "header-label", longestLabel = "longest-label", progress, pip
    case caption, captionGlyph = "caption-glyph", coachLine = "coach-line", coachSpark = "coach-spark"
    case statusTitle = "status-title", statusSubtitle = "status-subtitle", statusGlyph = "status-glyph", stateGlyph =
        "state-glyph"
    case newDayLine = "new-day-line", newDayIcon = "new-day-icon", staleFooter = "stale-footer", overflowLine =
        "overflow-line"
    case motivator, appGlyph = "app-glyph"
    case habitRowBackground = "habit-row-background", habitCheck = "habit-check", habitTitle = "habit-title"
    case checkOffPill = "check-off-pill", checkOffLabel = "check-off-label"
    case accessoryBackground = "accessory-background", gauge, leadingMark = "leading-mark"
    case accessoryLine1 = "accessory-line1", accessoryLine2 = "accessory-line2", accessoryLine3 = "accessory-line3"
    case inlineLabel = "inline-label", sheetLabel = "sheet-label"

    public var meaning: ElementMeaning {
        switch self {
        case .streakGlyph, .numeral, .daysLabel, .dayStreakLabel, .headerLabel, .longestLabel: .streak
        case .accessoryLine1: .streak
        case .progress, .pip, .gauge, .leadingMark: .progress
        case .caption, .captionGlyph: .reactiveCue
        case .coachLine, .coachSpark: .coaching
        case .statusTitle, .statusSubtitle, .statusGlyph, .stateGlyph, .newDayLine, .newDayIcon, .accessoryLine2,
            .accessoryLine3, .inlineLabel:
            .state
        case .staleFooter: .staleness
        case .overflowLine: .overflow
        case .motivator: .encouragement
        case .appGlyph: .identity
        case .habitRowBackground, .habitCheck, .habitTitle: .habit
        case .checkOffPill, .checkOffLabel: .action
        case .card, .ember, .accessoryBackground: .decoration
        case .sheetLabel: .annotation
        }
    }

    /// A tap target: the habit rows and the check-off button.
    public var isInteractive: Bool {
        switch self {
        case .habitRowBackground, .habitCheck, .habitTitle, .checkOffPill, .checkOffLabel: true
        case .card, .ember, .streakGlyph, .numeral, .daysLabel, .dayStreakLabel, .headerLabel, .longestLabel, .progress,
            .pip,
            .caption, .captionGlyph, .coachLine, .coachSpark, .statusTitle, .statusSubtitle, .statusGlyph, .stateGlyph,
            .newDayLine, .newDayIcon, .staleFooter, .overflowLine, .motivator, .appGlyph, .accessoryBackground, .gauge,
            .leadingMark, .accessoryLine1, .accessoryLine2, .accessoryLine3, .inlineLabel, .sheetLabel:
            false
        }
    }

    /// `widgetAccentable(true)`: only the streak glyph (seed 000 — "the number stays in the default group").
    public var isAccentable: Bool { self == .streakGlyph }

    /// Spoken by the widget's label (TalkBack / VoiceOver), or decoration the label does not read.
    public var speech: ElementSpeech {
        switch self {
        case .numeral, .daysLabel, .dayStreakLabel, .headerLabel, .longestLabel, .progress, .caption, .coachLine,
            .statusTitle, .statusSubtitle, .newDayLine, .staleFooter, .overflowLine, .motivator, .habitTitle,
            .checkOffLabel, .accessoryLine1, .accessoryLine2, .accessoryLine3, .inlineLabel:
            .spoken
        case .card, .ember, .streakGlyph, .pip, .captionGlyph, .coachSpark, .statusGlyph, .stateGlyph, .newDayIcon,
            .appGlyph, .habitRowBackground, .habitCheck, .checkOffPill, .accessoryBackground, .gauge, .leadingMark,
            .sheetLabel:
            .decorative
        }
    }

    /// May the layout cut this text with "…"? nil for elements that are never text (the truncation
    /// check fails such a text closed). The policy is data on the element (DESIGN "what may be cut").
    public var truncation: TruncationRule? { TruncationRule.of(self) }

    /// Every name this kind goes by in a scene (each platform's display name, indices as `*`) and
    /// its own raw value: what known-findings.json may write in `node`.
    public var displayNames: Set<String> {
        var out: Set<String> = [rawValue]
        for p in Platform.allCases { out.insert(displayName(p).replacingOccurrences(of: "-1", with: "-*")) }
        return out
    }

    /// The name `platform`'s scene gives the kind (its first index where it has one: `pip-1`).
    public func displayName(_ platform: Platform) -> String { Self.representative(self).displayName(platform) }

    /// The kind a name in known-findings.json means, or nil.
    public static func named(_ name: String) -> ElementKind? {
        allCases.first { $0.displayNames.contains(name) }
    }

    /// One element of the kind (payloads at their first value), for names.
    package static func representative(_ k: ElementKind) -> SceneElement {
        let row = HabitRowElement(position: 0, habit: 0, done: false, isNextDue: true)
        switch k {
        case .card: return .card
        case .ember: return .ember
        case .streakGlyph: return .streakGlyph
        case .numeral: return .numeral
        case .daysLabel: return .daysLabel
        case .dayStreakLabel: return .dayStreakLabel
        case .headerLabel: return .headerLabel
        case .longestLabel: return .longestLabel
        case .progress: return .progress
        case .pip: return .pip(index: 0, filled: false)
        case .caption: return .caption
        case .captionGlyph: return .captionGlyph
        case .coachLine: return .coachLine
        case .coachSpark: return .coachSpark
        case .statusTitle: return .statusTitle
        case .statusSubtitle: return .statusSubtitle
        case .statusGlyph: return .statusGlyph
        case .stateGlyph: return .stateGlyph
        case .newDayLine: return .newDayLine
        case .newDayIcon: return .newDayIcon
        case .staleFooter: return .staleFooter
        case .overflowLine: return .overflowLine
        case .motivator: return .motivator
        case .appGlyph: return .appGlyph
        case .habitRowBackground: return .habitRow(row, .background)
        case .habitCheck: return .habitRow(row, .check)
        case .habitTitle: return .habitRow(row, .title)
        case .checkOffPill: return .checkOffButton(.pill)
        case .checkOffLabel: return .checkOffButton(.label)
        case .accessoryBackground: return .accessoryBackground
        case .gauge: return .gauge
        case .leadingMark: return .leadingMark
        case .accessoryLine1: return .accessoryLine1
        case .accessoryLine2: return .accessoryLine2
        case .accessoryLine3: return .accessoryLine3
        case .inlineLabel: return .inlineLabel
        case .sheetLabel: return .sheetLabel
        }
    }
}
