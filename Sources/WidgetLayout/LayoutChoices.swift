/// Where the seeds are silent, what the layout draws (issue #51 Build 2): every form, wrap, step or
/// shed order the seeds do not state is one of these, listed in the one table of choices
/// (docs/explanation/layout-rules.md, "Where the seeds are silent") and pinned by a test per row
/// (`LayoutChoicesTests`, which reads that table). Code that makes a choice names its case.
public enum LayoutChoice: String, CaseIterable, Sendable {
    /// A paragraph does not end on one word the line above can share (`TextWrap.withoutWidow`).
    case lineBreaks = "line-breaks"
    /// New day's line (or its fallback caption) is centred in the room under the streak, in the state line's ink.
    case newDayCentred = "new-day-centred"
    /// A 1-day streak reads "1 day".
    case oneIsSingular = "one-is-singular"
    /// Medium's and Large's STALE footer is one line, cut at its end, like Small's stale_caption_small.
    case footerOneLine = "footer-one-line"
    /// "All done today" / "Nothing due today" wrap to at most three lines at the body size, else shed whole.
    case stateLineWraps = "state-line-wraps"
    /// The first-run message wraps to every line the column holds (three at least), its text stepped
    /// down where a word is wider than the line (never below its fontScale-1.0 size); the app glyph yields first.
    case firstRunWraps = "first-run-wraps"
    /// Medium's streak column is as wide as what it draws; the checklist column takes the rest past a
    /// 12 dp gap, and is not drawn under 48 dp.
    case mediumColumns = "medium-columns"
    /// The numeral steps down only where its row is wider than the card or taller than the main row
    /// (4+-digit streaks, font scales past the height tables): a clipped number is worse.
    case numeralBeyondTables = "numeral-beyond-tables"
    /// Where the core itself overflows the budget (beyond the seed's tables), the caption row sheds first.
    case coreOverflow = "core-overflow"
    /// Small kindling's body keeps the next-due row (two lines, else one), its check-off pill, the
    /// count, then the pips.
    case smallKindlingBody = "small-kindling-body"
    /// The checklist column keeps the first habit row with its "+N more", then "N of M done", then
    /// the Coach line (its clamp down to one line).
    case checklistOrder = "checklist-order"
    /// A habit row whose title would show no character before its ellipsis is not drawn.
    case mutedRow = "muted-row"
    /// Large's closing motivator: all-done's own line outranks the checklist; elsewhere it yields to
    /// the two-row floor and never costs a habit row.
    case largeMotivatorRank = "large-motivator-rank"
    /// Legacy Small's pip row is not drawn for five habits or more (four pips cannot say them).
    case pipsPastFour = "pips-past-four"
    /// DAY STREAK and Longest N shed whole where wider than the card (a forced Medium under 200 dp).
    case labelsWiderThanCard = "labels-wider-than-card"
    /// iOS: every Home Screen text at the Dynamic Type size asked for (no whole-widget step-down);
    /// the inline accessory's label alone is held to the rungs whose line fits its fixed 26 pt row.
    case iosTextSize = "ios-text-size"
    /// iOS: a text the seed gives no line limit wraps to its cap (state lines 6, caption 2, count 2,
    /// "+N more" 2, stale footer 3) and, where the room ends first, is cut at its tail; shed only
    /// where not one line fits — as SwiftUI treats a `Text` it cannot seat.
    case iosCutAtTail = "ios-cut-at-tail"
    /// iOS: the next-due row outranks "+N more", Medium's Coach line and Small's check-off button
    /// where both cannot stand; the stale footer never takes the streak header's row.
    case iosRowOutranks = "ios-row-outranks"
    /// iOS rectangular accessory: stale says its age on line 2 (line 3 is one line and would cut
    /// it) and its count on line 3; ViewThatFits tries [1, 2, 3] → [1, 2] → [1], line 2 on two lines.
    case iosRectangular = "ios-rectangular"
    /// iOS: a streak numeral wider than its row scales down (Home: to half, then the glyph sheds;
    /// rectangular line 1: to 0.8, then "12345 days", then "12345") — never cut, never wrapped.
    case iosNumeralScales = "ios-numeral-scales"
}
