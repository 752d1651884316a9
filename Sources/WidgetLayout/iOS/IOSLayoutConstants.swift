import EvidenceCore
import WidgetModel
import WidgetText

/// Every number the iOS planner lays out with, in one place, grouped per family (as `AndroidLayout`
/// is). Units: pt; a `…Share` is a fraction of the length its name says, a `…MinScale` the smallest
/// fraction of its nominal size a text steps down to (SwiftUI's `.minimumScaleFactor`). The seeds
/// fix the container, the HabitPip, the closing motivator and the rectangular accessory's line3;
/// they are silent on the rest of the iOS inner spacing (ios-digest "Sizes": "Corner radius and
/// inner spacing: silent"), so those numbers are ours — each comment says what it is for, and the
/// goldens pin them.
public enum IOSLayout {
    // MARK: Container (seed 000 "Host rendering modes (iOS)")

    /// iOS 17+ `.containerBackground(for: .widget)`: the system's content margins, 16 pt on every side
    /// (no view-level `.padding()` on top — that stacked to 32 pt before OBJ-1351's fix).
    public static let contentMarginPt = 16.0

    /// A Home Screen widget's content inset and who applies it (seed 000 "Host rendering modes
    /// (iOS)"): "Below iOS 17, WidgetContainer falls back to the old .background() and applies 16pt
    /// padding itself; on iOS 17+ the system supplies that 16pt as content margins instead" — one
    /// or the other, never both ("leaving both in place would have stacked to 32pt").
    public static func contentInset(_ mode: HostMode) -> (pt: Double, by: String) {
        switch mode {
        case .full, .tinted, .standby, .night: return (contentMarginPt, "the system's content margins (iOS 17+)")
        case .ios16: return (contentMarginPt, "WidgetContainer's own .padding() (iOS 15/16)")
        }
    }
    /// The host's rounded corners. The seeds are silent; 22 pt is the Home Screen widget radius on
    /// the 390–430 pt iPhone classes (ContainerRelativeShape), used for every class here.
    public static let cornerRadiusPt = 22.0

    // MARK: Home Screen pieces every family shares (seed 000 "Families", "State catalog"; spacing ours)

    /// The streak header: glyph, number and "days" label, this far apart.
    public static let headerGapPt = 6.0
    /// The streak glyph beside Small's and Medium's `.title` number (Large's: `largeHeaderGlyphPt`).
    public static let headerGlyphPt = 26.0
    /// The number never sheds: it steps down to half its size beside the glyph, then (the glyph shed)
    /// to this many pt.
    public static let headerNumberMinScale = 0.5, headerNumberFloorPt = 8.0
    /// The "days" label's bottom sits this share of the number's line box above the line's bottom:
    /// near the number's baseline.
    public static let daysLabelRaise = 0.08
    /// The reactive caption under the header: this far below it, its glyph this share of the caption
    /// size and this far from the text.
    public static let captionGapPt = 4.0, captionGlyphShare = 0.9, captionGlyphGapPt = 4.0
    /// The caption wraps to at most this many lines (iOS keeps the long captions).
    public static let captionMaxLines = 2
    /// Legacy's "N of M done" under the caption, and the HabitPip row under that (Small, Medium).
    public static let progressGapPt = 6.0, pipRowGapPt = 8.0
    /// "N of M done" wraps to at most this many lines (seeds silent on iOS; a SwiftUI `Text` wraps).
    public static let progressMaxLines = 2
    /// A centred status (all done, empty, first run): its glyph this far above the title, the
    /// subtitle this far under it, each text at most this many lines (the new-day sentence too).
    public static let statusGlyphGapPt = 8.0, statusSubtitleGapPt = 2.0, stateLineMaxLines = 6
    /// The all-done check / rest moon (seed 000 "Empty/all-done centering fill": the moon "renders
    /// on … both iOS sizes"): this size, narrowing to `statusGlyphMinPt` before it would shed (Small:
    /// `smallStatusGlyphMinPt`).
    public static let statusGlyphPt = 24.0, statusGlyphMinPt = 20.0
    /// First run's app glyph on Medium and Large (Small: `smallFirstRunGlyphPt`).
    public static let firstRunGlyphPt = 44.0
    /// The centred status body's measures on each Home Screen family (Small's are its own, below):
    /// one exhaustive switch, so a new family chooses its sizes rather than inherit Medium's.
    public static func statusBody(_ family: IOSHomeFamily) -> (
        firstRunGlyphPt: Double, glyphMinPt: Double, glyphGapPt: Double
    ) {
        switch family {
        case .systemSmall: return (smallFirstRunGlyphPt, smallStatusGlyphMinPt, smallStatusGlyphGapPt)
        case .systemMedium, .systemLarge: return (firstRunGlyphPt, statusGlyphMinPt, statusGlyphGapPt)
        }
    }
    /// The new-day sun: this much shorter than the sentence's line (centred on it), this far from the text.
    public static let newDayIconInsetPt = 2.0, newDayIconGapPt = 4.0
    /// The STALE footer "Today · last synced Xh ago", reserved at the bottom: this far below what
    /// stands above it, at most this many lines (seeds silent; the one stale string, no shorter form).
    public static let footerGapPt = 4.0, staleFooterMaxLines = 3

    // MARK: Habit rows and pips (seed 000 "Kindling refinement (iOS)": FrostedHabitRow; "Host rendering modes (iOS)":
    // HabitPip)

    /// One checklist row: the `.subheadline` title's line + this padding, at least this tall; rows
    /// this far apart.
    public static let habitRowPaddingPt = 8.0, habitRowMinPt = 28.0, habitRowSpacingPt = 4.0
    /// The row's done check / not-yet pip, inset this far from the row's edges (both sides) and this
    /// far from the title.
    public static let habitCheckPt = 16.0, habitRowInsetPt = 6.0, habitCheckGapPt = 8.0
    /// FrostedHabitRow: WidgetBorder at these opacities over the card (other rows, the next-due row),
    /// with these corners.
    public static let frostedRowAlphas = [0.4, 0.9]
    public static let frostedRowRadiusPt = 10.0
    /// "+N more in the app" / "+N more done", this far under the last row, on at most this many lines.
    public static let overflowGapPt = 4.0, overflowMaxLines = 2
    /// HabitPip (seed 000): a 20 × 8 pt capsule, solid `WidgetSuccess` when done, 1.5 pt `WidgetMuted` outline when
    /// not.
    public static let pipSize = Size(20, 8)
    public static let pipOutlinePt = 1.5
    public static let pipGapPt = 4.0

    // MARK: systemSmall (seed 000 "Families": SmallWidgetView, KindlingCheckButton)

    /// First run's app glyph on Small.
    public static let smallFirstRunGlyphPt = 36.0
    /// Small's rest moon narrows further, and sits closer to its title, before it would shed.
    public static let smallStatusGlyphMinPt = 12.0, smallStatusGlyphGapPt = 4.0
    /// All done / empty: the caption stays only when it leaves the status lines this much room too.
    public static let smallStatusHeadroomPt = 4.0
    /// The new-day sentence's distance under the header.
    public static let smallNewDayGapPt = 8.0
    /// The gap above Small's next-due row.
    public static let smallRowGapPt = 6.0
    /// KindlingCheckButton: label inset in the pill (across; down for one line, for two), the gap
    /// above the pill, the capsule's largest corner radius.
    public static let buttonInsetXPt = 8.0, buttonInsetYPt = 6.0, buttonTwoLineInsetYPt = 4.0, buttonGapPt = 6.0
    public static let buttonMaxRadiusPt = 16.0
    /// The button label takes a second line, never a third.
    public static let buttonLabelMaxLines = 2
    /// The button label is never cut: it steps down this many pt at a time to 85 % to stay on one line.
    public static let buttonLabelMinScale = 0.85, buttonLabelStepPt = 0.5

    // MARK: systemMedium (seed 000 "Kindling refinement (iOS)": MediumWidgetView)

    /// The gutter between the columns, and the left column's share of the rest.
    public static let mediumGutterPt = 14.0, mediumLeftShare = 0.42
    /// Kindling: the frosted checklist this far under the Coach line (legacy's rows start at the top).
    public static let mediumRowsGapPt = 8.0
    /// Medium's "short" checklist: the seed gives no count; three rows is what 158 pt holds with the Coach line.
    public static let mediumMaxRows = 3
    /// Coach line clamps (seed 000 "Coach line": Medium 2, Large 1); motivator `.lineLimit(2)`.
    public static let mediumCoachLines = 2, largeCoachLines = 1, motivatorLines = 2

    // MARK: systemLarge (seed 000 "Large family": LargeWidgetView)

    /// The streak glyph beside the `.largeTitle` number.
    public static let largeHeaderGlyphPt = 34.0
    /// Under the number, in reading order: "DAY STREAK · LONGEST N", the Coach line, legacy's progress
    /// line, the checklist, the new-day sentence, a centred status — each this far below what precedes it.
    public static let largeHeaderLabelGapPt = 2.0, largeCoachGapPt = 10.0, largeProgressGapPt = 10.0,
        largeRowsGapPt = 12.0
    public static let largeNewDayGapPt = 12.0, largeStatusGapPt = 8.0
    /// The closing motivator, reserved at the bottom this far below the checklist.
    public static let largeMotivatorGapPt = 10.0
    /// Large's checklist cap (seed 000 "Large family": "capped at 4 visible rows").
    public static let largeMaxRows = 4
    /// Large's closing motivator: `.system(size: 12, weight: .semibold)` — a fixed size, it does not scale.
    public static let motivatorStyle = TextStyle(.inter, .semibold, size: 12)

    // MARK: accessoryCircular (seed 000 "Lock Screen accessories (OBJ-1521)"; geometry ours, as shares of the side)

    /// The gauge ring: inset from the disc's edge, its line width.
    public static let circularRingInsetShare = 0.025, circularRingLineShare = 0.07
    /// The number: its nominal size, centred this far down; it steps down until it fills at most
    /// `circularNumberFill` of the room the ring leaves less `circularNumberClearancePt`, not below
    /// `circularNumberFloorPt`.
    public static let circularNumberShare = 0.30, circularNumberCentreY = 0.45
    public static let circularNumberFill = 0.9, circularNumberClearancePt = 6.0, circularNumberFloorPt = 8.0
    /// The bottom glyph: its side, centred this far down.
    public static let circularGlyphShare = 0.19, circularGlyphCentreY = 0.75

    // MARK: accessoryRectangular (seed 000 "Lock Screen accessories (OBJ-1521)"; seed 001 §3)

    /// The line1 (semibold) and line2 sizes: the seeds give only line3's 11 pt; these put Inter's
    /// ink near seed 001 §3's measured spans (README "Lock Screen accessories").
    public static let rectangularLine1Size = 14.3, rectangularLine2Size = 13.0
    /// line3's fixed size (seed 001 §3: `.font(.system(size: 11))`).
    public static let rectangularLine3Style = TextStyle(.inter, .regular, size: 11)
    /// Table C's ceiling: line3 on all done is at most 16 characters (seed 001 §3, §8).
    public static let rectangularLine3Ceiling = 16
    /// Where the text stack starts at the seed's 172 × 76 pt (seed 001 §3: every line's ink starts at
    /// x = 100 px @2x): the 42 pt mark + `rectangularMarkGapPt`.
    public static let rectangularStackXPt = 50.0
    /// The leading mark: this share of the height (42 pt at the seed's 76), at most this share of the
    /// width, this far from the text stack; its mini ring's line and its state glyph as shares of its side.
    public static let rectangularMarkHeightShare = 0.55, rectangularMarkWidthShare = 0.25, rectangularMarkGapPt = 8.0
    public static let rectangularMarkLineShare = 0.11, rectangularMarkGlyphShare = 0.6
    /// line1's streak glyph is this far from its text; line1 steps down this many pt at a time to
    /// 80 % (`.minimumScaleFactor(0.8)`; seeds silent) before it takes a shorter form.
    public static let rectangularGlyphGapPt = 4.0, rectangularLine1MinScale = 0.8, rectangularLine1StepPt = 0.25
    /// New day's line2 is the state's only line, the full sentence: it may take a third line.
    public static let rectangularNewDayLine2Lines = 3
    /// The stack's column is this much taller than its lines, so rounding never drops the last one;
    /// its lines are counted in a column no text reaches the bottom of.
    public static let rectangularStackSlackPt = 0.5, rectangularMeasureHeightPt = 10_000.0

    // MARK: accessoryInline (seed 000 "Lock Screen accessories (OBJ-1521)": Label(text, systemImage:))

    /// The symbol (the text's size) this far from the text.
    public static let inlineSymbolGapPt = 4.0
}
