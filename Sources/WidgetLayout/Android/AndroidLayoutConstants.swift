import WidgetModel

/// Every number the Android planner budgets with, in one place. Names in CAPS are seed 000's
/// (HomeWidgetProvider.java); the rest are ours — chosen as plausible Android values and, where a
/// seed table pins an outcome, solved so the table comes out of the formulas (see each comment).
/// Units: dp, or sp where the name says so (text size = sp × fontScale, in dp).
public enum AndroidLayout {
    // MARK: Host box (seed: "Left-column height budget", "Width budget")

    /// SYSTEM_WIDGET_MARGIN_DP: targetSdk 36's 8 dp/side system widget margin (16 dp total per axis).
    public static let systemWidgetMarginDp = 8.0
    /// ROOT_PADDING_DP: the root LinearLayout's 12 dp/side padding (24 dp total per axis).
    public static let rootPaddingDp = 12.0
    /// SAFETY_MARGIN_DP: subtracted unconditionally from the height axis only (OEM metric drift,
    /// launcher inclusive/exclusive reporting). The width axis has no safety constant.
    public static let safetyMarginDp = 6.0
    /// ROBOTO_LINE_BOX: Android's default TextView metrics (includeFontPadding) — line box = ceil(sp × fs × 1.33).
    public static let robotoLineBox = 1.33

    // MARK: Text sizes (sp)

    /// Every text line in the left column / small stack is 11 sp except the numeral (DESIGN "A calibration that fits").
    public static let bodySp = 11.0
    /// FONT_SCALE_BAND_MEDIUM: above this font scale the numerals step down (sub-linear rule).
    public static let fontScaleBandMedium = 1.15
    /// Medium numeral: 34 sp at fontScale ≤ 1.15, 28 sp above (seed).
    public static let mediumNumeralSp = 34.0, mediumNumeralSteppedSp = 28.0
    /// Small numeral: 22 sp at fontScale ≤ 1.15, 18 sp above (seed).
    public static let smallNumeralSp = 22.0, smallNumeralSteppedSp = 18.0
    /// Large numeral (ours): 44 → 36 sp, twice Small's and the same 0.82 step ratio. Solved together
    /// with the Large header widths below so the ladder table comes out exactly.
    public static let largeNumeralSp = 44.0, largeNumeralSteppedSp = 36.0
    /// Habit-row labels (ours): 13 sp regular. 2 lines + row padding = 44 dp at fontScale 1.0.
    public static let habitLabelSp = 13.0
    /// Coach line (ours): 12 sp.
    public static let coachSp = 12.0

    // MARK: Left column / small stack — heights (calibration that reproduces seed 000's tables)

    /// Caption row = its 11 sp line + this top margin (core 63/71 dp).
    public static let captionRowTopMarginDp = 2.0
    /// DAY STREAK = its line, no margin (thresholds 124/135/137, STALE 133/146).
    public static let dayStreakTopMarginDp = 0.0
    /// Longest N = its line + this top margin (thresholds 147/160/165, STALE 156/174).
    public static let longestTopMarginDp = 8.0
    /// STALE footer ("Today · last synced Xh ago") = its line + this top margin (STALE cores 72/80).
    public static let staleFooterTopMarginDp = 11.0
    /// Small progress text ("0 of 4 done") = its line + this margin (ours; with the pip row the
    /// small DEFAULT stack is 93 dp at fontScale 1.3, the seed's number).
    public static let smallProgressTopMarginDp = 4.0
    /// Small @+id/pip_row: 6 dp pips + 9 dp top margin (ours; see above).
    public static let pipRowHeightDp = 15.0
    /// State body lines (All done / Nothing due / subtitles) top margin (ours).
    public static let statusTopMarginDp = 4.0
    /// Medium's centred-body glyph (rest moon / success check) and the gap under it.
    public static let statusGlyphDp = 24.0, statusGlyphGapDp = 6.0
    /// Large's coach spark (12 dp) and its 4 dp gap, ahead of the Coach line.
    public static let coachSparkSlotDp = 16.0
    /// Small kindling's check-off pill: its label is 12 sp medium; the pill adds 12 dp of padding
    /// and sits 6 dp below what precedes it.
    public static let ctaLabelSp = 12.0, ctaPaddingDp = 12.0, ctaTopMarginDp = 6.0

    // MARK: Small header row — widths (seed: "Width budget — small widget header row")

    /// flame_container: fixed 28 dp at every font scale.
    public static let flameContainerDp = 28.0
    /// Gap between flame and numeral, and numeral and days label.
    public static let headerGapDp = 4.0
    /// DAYS_LABEL_HEADROOM_DP: so the days label isn't decided by a 1 dp coin-flip.
    public static let daysLabelHeadroomDp = 6.0

    // MARK: NEW_DAY small (seed: OBJ-1382 addendum)

    /// NEW_DAY_SMALL_TOP_MARGIN_DP
    public static let newDaySmallTopMarginDp = 6.0
    /// NEW_DAY_SMALL_ICON_AND_GAP_DP: a 13 dp icon + a 4 dp gap (Small's inline success check too).
    public static let newDaySmallIconDp = 13.0, newDaySmallIconGapDp = 4.0
    public static let newDaySmallIconAndGapDp = newDaySmallIconDp + newDaySmallIconGapDp
    /// state_new_day's android:maxLines.
    public static let newDayMaxLines = 2
    /// Small's resize floor: "Amendment B explicitly keeps minWidth/minResizeWidth at 110dp" — the
    /// one width the NEW_DAY Known limitation names ("at 110dp × fontScale 2.0, below 160dp of
    /// granted height, New day needs 2 lines […] the reactive caption row's […] ellipsis renders
    /// instead. Reachable only by manually resizing the widget to its floor").
    public static let smallFloorWidthDp = 110.0
    /// Every must-not-truncate sentence (state lines, the sync footer, counts, button labels, the
    /// motivator) gets the same second line state_new_day got: seed 000 OBJ-1382, "it's a sentence
    /// […] so New d… would be a broken render, not a graceful truncation. It gets
    /// android:maxLines="2" instead." A sentence that needs a third line is shed whole, never cut.
    public static let sentenceMaxLines = 2

    /// The views seed 000 makes one line, cut at their end, never wrapped (`AndroidFamilyTraits.oneLineViews`).
    public static func oneLineViews(_ family: AndroidFamily) -> Set<PlanPart> {
        family.androidTraits.oneLineViews
    }

    /// "All done today" / "Nothing due today" wrap to at most this many lines at the body size, else
    /// they are shed whole (a choice: LayoutChoice.stateLineWraps — the seed gives them no line limit).
    public static let stateLineMaxLines = 3

    // MARK: Reactive caption row

    /// The caption glyph (✦ / ring / dashed slot). Small and Medium draw it as the seed's 11 sp bold
    /// TextView, whose ✦ advances ≈ 0.8 em: ceil(9 × fontScale) dp plus a 2 dp gap — so the shortened
    /// captions ("Add a stone", 59 dp) fit the 70 dp box at the 110 dp floor, as the microcopy fix
    /// intended. Large's header caption carries a 16 dp glyph and a 4 dp gap (ours; solved with the
    /// Large header so the ladder reproduces 219/244/325).
    public static let compactCaptionGlyphSlotSp = 9.0, compactCaptionGlyphGapDp = 2.0
    public static let captionGlyphSlotSp = 16.0
    /// Gap between Large's caption glyph and its text (ours).
    public static let captionGlyphGapDp = 4.0
    /// The caption glyph's slot in a family at a font scale: what the planner charges and the painter uses.
    public static func captionGlyphSlotDp(_ family: AndroidFamily, fontScale: Double) -> Double {
        switch family.traits.captionGlyph {
        case .header: return ceilDp(captionGlyphSlotSp * fontScale)
        case .compact: return ceilDp(compactCaptionGlyphSlotSp * fontScale)
        }
    }
    public static func captionGlyphGapDp(_ family: AndroidFamily) -> Double {
        switch family.traits.captionGlyph {
        case .header: return captionGlyphGapDp
        case .compact: return compactCaptionGlyphGapDp
        }
    }

    // MARK: Size resolution (seed: "Three-breakpoint model")

    /// MEDIUM_WIDTH_THRESHOLD_DP: below → Small.
    public static let mediumWidthThresholdDp = 200.0
    /// LARGE_WIDTH_THRESHOLD_DP (deliberately equal to the Medium threshold, OBJ-2428).
    public static let largeWidthThresholdDp = 200.0
    /// maxResizeWidth in Amendments A and B (seed 000 "home_widget_info.xml bounds": 250 dp,
    /// "Unchanged"): the width Small's and Medium's band tables were written against.
    public static let amendmentMaxResizeWidthDp = 250.0
    /// LARGE_HEIGHT_THRESHOLD_DP
    public static let largeHeightThresholdDp = 270.0
    /// computeLargeWidgetPlan's viability check: Large must seat at least this many habit rows.
    public static let largeMinHabitRows = 2
    /// LARGE_MAX_HABIT_ROWS (click request codes appWidgetId × 10 + rowIndex stay collision-free).
    public static let largeMaxHabitRows = 6

    // MARK: Large header ladder (seed: "Narrow-Large readability (OBJ-2428)")
    //
    // COMPACT needs  flame 28 + 4 + numeral + LARGE_CAPTION_MARGIN_START 12 + glyph slot + 4 + caption
    //                + LARGE_HEADER_HEADROOM 5  ≤ contentWidth(w)
    // INLINE  needs  COMPACT + LABELS_MARGIN_START 6 + max(DAY STREAK, Longest N)  ≤ contentWidth(w)
    // Reference case (the seed's): 2-digit streak, 2-digit longest ("Longest 21"), stones not-yet
    // caption "Add a stone"; numeral 44/36 sp bold, caption 11 sp regular, labels 11 sp (DAY STREAK
    // bold, Longest N regular). Output: INLINE ≥ 290/334/460, COMPACT ≥ 219/244/325 dp (fs 1.0/1.3/2.0).

    /// Gap between the streak block and the caption block in the Large header (ours).
    public static let largeCaptionMarginStartDp = 12.0
    /// streak_labels_large's marginStart (ours).
    public static let largeLabelsMarginStartDp = 6.0
    /// Slack on the Large header rung comparisons, like DAYS_LABEL_HEADROOM_DP (ours).
    public static let largeHeaderHeadroomDp = 5.0
    /// STACKED: the caption drops to its own row: +1 eleven-sp line + this margin (seed).
    public static let largeStackedCaptionTopMarginDp = 6.0

    // MARK: Habit rows (seed: KINDLING_NEXT_DUE_ROW_HEIGHT_DP; the rest ours)

    /// KINDLING_NEXT_DUE_ROW_HEIGHT_DP: the next-due row's floor; seats 2 label lines (Level A).
    public static let kindlingNextDueRowHeightDp = 44.0
    /// Row = label lines × lineBox(13 sp) + this vertical padding (26 dp one-line, 44 dp two-line at fs 1.0).
    public static let habitRowVerticalPaddingDp = 8.0
    /// Check circle + gap before the label (ours).
    public static let habitCheckAndGapDp = 28.0
    /// "+N more" overflow line = its 11 sp line + this margin (ours).
    public static let overflowTopMarginDp = 2.0

    // MARK: Large stack sections (ours)

    /// Coach line (1-line clamp on Large, 2 on Medium) top margin.
    public static let coachTopMarginDp = 8.0
    /// Large section line (progress, "0 of 5 done") top margin.
    public static let largeSectionTopMarginDp = 8.0
    /// Large closing motivator line top margin.
    public static let largeMotivatorTopMarginDp = 8.0
    /// Medium: the gap between the left (streak) and right (checklist) columns.
    public static let mediumColumnGapDp = 12.0
    /// Medium: below this width the right (checklist) column isn't drawn at all (4-digit streaks at
    /// fontScale 2.0 on the narrowest Medium; beyond the seed's tables).
    public static let mediumRightColumnMinDp = 48.0
    /// Medium right column: top margin of the progress line under the Coach line.
    public static let mediumProgressTopMarginDp = 2.0

    // MARK: First run (ours)

    /// App glyph of the first-run bootstrap state, and the gap under it.
    public static let appGlyphDp = 24.0, appGlyphGapDp = 8.0
    /// The bootstrap message may always wrap to this many lines (more where the height holds them).
    public static let firstRunMaxLines = 3

    // MARK: Beyond the seed's tables (ours)

    /// When even the core overflows (fontScale 2.0 at the 130 dp floor — outside the seed's tables),
    /// the numeral steps down by this many sp at a time until its head row fits; never below the floor.
    public static let numeralStepSp = 1.0
    public static let numeralFloorSp = 8.0

    // MARK: Derived box formulas

    /// contentBox(h) = h − 16 − 24 − 6 (`contentBoxTerms` spells it from the constants).
    public static func contentBoxHeight(_ h: Double) -> Double {
        h - 2 * systemWidgetMarginDp - 2 * rootPaddingDp - safetyMarginDp
    }
    /// contentWidth(w) = w − 16 − 24 = w − 40 (no safety constant on this axis).
    public static func contentWidth(_ w: Double) -> Double {
        w - contentWidthInsetDp
    }
    /// What contentWidth takes off a width: both margins and both paddings.
    public static var contentWidthInsetDp: Double { 2 * systemWidgetMarginDp + 2 * rootPaddingDp }
    /// contentBoxHeight's subtrahends, as the plan's arithmetic prints them: "− 16 − 24 − 6".
    public static var contentBoxTerms: String {
        [2 * systemWidgetMarginDp, 2 * rootPaddingDp, safetyMarginDp].map { "− \(fmtDp($0))" }.joined(separator: " ")
    }
    /// Line box of one line of `sp` text at `fontScale`: ceil(sp × fs × 1.33).
    public static func lineBox(sp: Double, fontScale: Double) -> Double {
        lineBox(size: sp * fontScale)
    }
    /// Line box of text already scaled to `size` dp.
    public static func lineBox(size: Double) -> Double {
        ceilDp(size * robotoLineBox)
    }
    /// Round a measured/derived dp value up, ignoring floating-point dust: the shared kit's rule
    /// (`StackColumn.ceil`).
    public static func ceilDp(_ v: Double) -> Double { StackColumn.ceil(v) }
}
