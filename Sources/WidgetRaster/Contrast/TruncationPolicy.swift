/// The truncation policy: for every text node the widget draws, whether the layout may cut it with
/// "…" or must wrap or shed it whole. Data beside the role table (DESIGN: "Findings, known
/// findings, and what may be cut"); the truncation check reads it, keyed by scene node name.
public enum TruncationPolicy: String, Hashable, Sendable, Codable {
    /// A trailing "…" is an accepted degradation: the full text is one tap or TalkBack away.
    case mayEllipsize = "may-ellipsize"
    /// Cutting it breaks what it says: wrap to a line the element allows, or shed it whole.
    case mustNotTruncate = "must-not-truncate"
}

public struct TruncationRule: Hashable, Sendable, Codable {
    /// Scene node names or globs over names (`habit-row-*.title`) — the Android scene's and the iOS
    /// scene's name for the same element.
    public var nodes: [String]
    public var policy: TruncationPolicy
    /// What the element is, for people.
    public var what: String
    /// The seed passage the ruling rests on.
    public var seed: String
    init(_ nodes: String..., policy: TruncationPolicy, what: String, seed: String) {
        self.nodes = nodes; self.policy = policy; self.what = what; self.seed = seed
    }
}

public enum TruncationTable {
    public static let rules: [TruncationRule] = [
        TruncationRule("habit-row-*.title", policy: .mayEllipsize, what: "habit title",
                       seed: "000 Narrow-Large readability: done-row labels \"stay 1 line with an ellipsis, recoverable via TalkBack (full title) or the app\""),
        TruncationRule("coach-line", policy: .mayEllipsize, what: "Coach line",
                       seed: "000 Coach line: \"Medium clamps to 2 lines, Large to 1\"; TalkBack speaks the long form"),
        TruncationRule("numeral", policy: .mustNotTruncate, what: "streak numeral",
                       seed: "000 Width budget: \"The streak numeral never sheds and never wraps\""),
        TruncationRule("caption", policy: .mustNotTruncate, what: "reactive caption",
                       seed: "000 Microcopy shortened alongside the width fix: captions \"shortened rather than reflowed\""),
        TruncationRule("statusTitle", "status-title", policy: .mustNotTruncate, what: "state line",
                       seed: "000 State catalog: \"All done today\" / \"Nothing due today\" — calm and terminal"),
        TruncationRule("statusSubtitle", "status-subtitle", policy: .mustNotTruncate, what: "state line",
                       seed: "000 State catalog: \"Rest counts too.\"; OBJ-3315 \"That's the day. Rest easy.\""),
        TruncationRule("staleFooter", "stale-footer", policy: .mustNotTruncate, what: "sync footer",
                       seed: "000 Stale-data threshold: a \"last synced Xh ago\" caption — its age is the point"),
        TruncationRule("progress", policy: .mustNotTruncate, what: "count",
                       seed: "000 Width budget: \"0 of 4 … reads as worse than useless\" — swap to 0/4, never cut"),
        TruncationRule("overflowLine", "overflow", policy: .mustNotTruncate, what: "count",
                       seed: "000 Large family: \"+N more in the app\" (a count)"),
        TruncationRule("cta-label", policy: .mustNotTruncate, what: "button label",
                       seed: "000 Families: the full-width KindlingCheckButton CTA (\"Feed today's fire\" / \"Lay today's stone\")"),
        TruncationRule("newDayLine", "new-day-line", policy: .mustNotTruncate, what: "NEW_DAY line",
                       seed: "000 OBJ-1382: \"New d… would be a broken render, not a graceful truncation\""),
        TruncationRule("motivatorLine", "motivator", policy: .mustNotTruncate, what: "motivator",
                       seed: "000 Large family: the closing motivator line \"is never pushed out of the card\""),
        TruncationRule("daysLabel", "days-label", policy: .mustNotTruncate, what: "label",
                       seed: "000 Width budget: the days label sheds whole (\"the days label sheds first\")"),
        TruncationRule("dayStreakLabel", "header-label", policy: .mustNotTruncate, what: "label",
                       seed: "000 Left-column height budget: DAY STREAK sheds whole (shedding order)"),
        TruncationRule("longestLabel", policy: .mustNotTruncate, what: "label",
                       seed: "000 Left-column height budget: Longest N sheds whole (shedding order)"),
        // Lock Screen accessories (issue #9).
        TruncationRule("line1", policy: .mustNotTruncate, what: "accessory streak line",
                       seed: "000 Lock Screen accessories: line1 \"12-day streak\" (ViewThatFits drops lines whole; it never cuts one)"),
        TruncationRule("line2", policy: .mustNotTruncate, what: "accessory state line",
                       seed: "000 Lock Screen accessories: \"done/total or state line\" (a count or \"All done today\")"),
        TruncationRule("line3", policy: .mayEllipsize, what: "accessory third line",
                       seed: "001 §3: line3 is \".lineLimit(1), .truncationMode(.tail)\"; Table C's ≤ 16 characters keep the all-done strings whole (AccessoryTests)"),
        TruncationRule("inline", policy: .mayEllipsize, what: "inline accessory label",
                       seed: "000 Lock Screen accessories: one Label(text, systemImage:) on the inline line, truncated at its width (issue #9)"),
    ]

    /// The rule for a node; a text node nobody listed must not truncate (fail closed).
    public static func rule(forNode name: String) -> TruncationRule {
        rules.first { $0.nodes.contains { Glob.matches($0, name) } }
            ?? TruncationRule(name, policy: .mustNotTruncate, what: "unlisted text", seed: "DESIGN: unlisted text fails closed")
    }
}
