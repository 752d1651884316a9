import WidgetModel

/// The truncation policy: for every text node the widget draws, whether the layout may cut it with
/// "…" or must wrap or shed it whole. Data beside the role table (DESIGN: "Findings, known
/// findings, and what may be cut"); the truncation check reads it from each node's element kind
/// (`ElementKind.truncation`).
public enum TruncationPolicy: String, Hashable, Sendable, Codable {
    /// A trailing "…" is an accepted degradation: the full text is one tap or TalkBack away.
    case mayEllipsize = "may-ellipsize"
    /// Cutting it breaks what it says: wrap to a line the element allows, or shed it whole.
    case mustNotTruncate = "must-not-truncate"
}

public struct TruncationRule: Hashable, Sendable, Codable {
    public var policy: TruncationPolicy
    /// What the element is, for people.
    public var what: String
    /// The seed passage the ruling rests on.
    public var seed: String
    package init(_ policy: TruncationPolicy, what: String, seed: String) {
        self.policy = policy
        self.what = what
        self.seed = seed
    }

    /// A text whose element has no ruling must not truncate (fail closed).
    public static let unlisted = TruncationRule(
        .mustNotTruncate, what: "unlisted text", seed: "DESIGN: unlisted text fails closed")

    /// The ruling for an element kind; nil for the kinds that are never text.
    package static func of(_ kind: ElementKind) -> TruncationRule? {
        switch kind {
        case .habitTitle:
            TruncationRule(
                .mayEllipsize, what: "habit title",
                seed:
                    "000 Narrow-Large readability: done-row labels \"stay 1 line with an ellipsis, recoverable via "
                    + "TalkBack (full title) or the app\""
            )
        case .coachLine:
            TruncationRule(
                .mayEllipsize, what: "Coach line",
                seed: "000 Coach line: \"Medium clamps to 2 lines, Large to 1\"; TalkBack speaks the long form")
        case .numeral:
            TruncationRule(
                .mustNotTruncate, what: "streak numeral",
                seed: "000 Width budget: \"The streak numeral never sheds and never wraps\"")
        case .caption:
            TruncationRule(
                .mustNotTruncate, what: "reactive caption",
                seed: "000 Microcopy shortened alongside the width fix: captions \"shortened rather than reflowed\"")
        case .statusTitle:
            TruncationRule(
                .mustNotTruncate, what: "state line",
                seed: "000 State catalog: \"All done today\" / \"Nothing due today\" — calm and terminal")
        case .statusSubtitle:
            TruncationRule(
                .mustNotTruncate, what: "state line",
                seed: "000 State catalog: \"Rest counts too.\"; OBJ-3315 \"That's the day. Rest easy.\"")
        case .staleFooter:
            TruncationRule(
                .mustNotTruncate, what: "sync footer",
                seed: "000 Stale-data threshold: a \"last synced Xh ago\" caption — its age is the point")
        case .progress:
            TruncationRule(
                .mustNotTruncate, what: "count",
                seed: "000 Width budget: \"0 of 4 … reads as worse than useless\" — swap to 0/4, never cut")
        case .overflowLine:
            TruncationRule(
                .mustNotTruncate, what: "count",
                seed: "000 Large family: \"+N more in the app\" (a count)")
        case .checkOffLabel:
            TruncationRule(
                .mustNotTruncate, what: "button label",
                seed:
                    "000 Families: the full-width KindlingCheckButton CTA (\"Feed today's fire\" / \"Lay today's "
                    + "stone\")"
            )
        case .newDayLine:
            TruncationRule(
                .mustNotTruncate, what: "NEW_DAY line",
                seed: "000 OBJ-1382: \"New d… would be a broken render, not a graceful truncation\"")
        case .motivator:
            TruncationRule(
                .mustNotTruncate, what: "motivator",
                seed: "000 Large family: the closing motivator line \"is never pushed out of the card\"")
        case .daysLabel:
            TruncationRule(
                .mustNotTruncate, what: "label",
                seed: "000 Width budget: the days label sheds whole (\"the days label sheds first\")")
        case .dayStreakLabel, .headerLabel:
            TruncationRule(
                .mustNotTruncate, what: "label",
                seed: "000 Left-column height budget: DAY STREAK sheds whole (shedding order)")
        case .longestLabel:
            TruncationRule(
                .mustNotTruncate, what: "label",
                seed: "000 Left-column height budget: Longest N sheds whole (shedding order)")
        // Lock Screen accessories (issue #9).
        case .accessoryLine1:
            TruncationRule(
                .mustNotTruncate, what: "accessory streak line",
                seed:
                    "000 Lock Screen accessories: line1 \"12-day streak\" (ViewThatFits drops lines whole; it never "
                    + "cuts one)"
            )
        case .accessoryLine2:
            TruncationRule(
                .mustNotTruncate, what: "accessory state line",
                seed: "000 Lock Screen accessories: \"done/total or state line\" (a count or \"All done today\")")
        case .accessoryLine3:
            TruncationRule(
                .mayEllipsize, what: "accessory third line",
                seed:
                    "001 §3: line3 is \".lineLimit(1), .truncationMode(.tail)\"; Table C's ≤ 16 characters keep the "
                    + "all-done strings whole (AccessoryTests)"
            )
        case .inlineLabel:
            TruncationRule(
                .mayEllipsize, what: "inline accessory label",
                seed:
                    "000 Lock Screen accessories: \"A single Label(text, systemImage:)\" on the inline slot's one "
                    + "line, cut at its tail; a cut in the streak, count, state line or sync age is drawn as that "
                    + "element's node (AccessoryInline.swift)"
            )
        case .card, .ember, .streakGlyph, .pip, .captionGlyph, .coachSpark, .statusGlyph, .stateGlyph, .newDayIcon,
            .appGlyph,
            .habitRowBackground, .habitCheck, .checkOffPill, .accessoryBackground, .gauge, .leadingMark, .sheetLabel:
            nil
        }
    }
}
