/// Every string one resolved widget would show or speak on one platform, gathered for
/// `evidence resolve` and the manifest. Layout-dependent pieces (capped checklists, overflow lines,
/// a Coach row the budget sheds) are computed with "everything shows" defaults; layout calls the
/// underlying functions with its own decisions.
public struct WidgetCopy: Hashable, Sendable, Codable {
    public var platform: Platform
    /// Reactive caption row (nil: baseline or suppressed).
    public var caption: String?
    public var coachLine: String?
    /// Android only.
    public var coachLineShort: String?
    public var title: String?
    public var subtitle: String?
    public var progress: String?
    public var progressCompact: String?
    public var staleFooter: String?
    public var smallCTA: String?
    /// Large's closing line as drawn (kindling body only).
    public var largeMotivator: String?
    public var daysLabel: String
    public var dayStreakLabel: String
    public var longestLabel: String
    /// iOS Large's one-line header; nil on Android (its Large has separate DAY STREAK / Longest N).
    public var largeHeaderLabel: String?
    /// iOS Lock Screen accessories; nil on Android.
    public var accessoryLines: AccessoryLines?
    public var inlineAccessory: String?
    public var inlineAccessorySymbol: String?
    public var accessoryStreakSymbol: String?
    /// Small's label: every habit, and never the Coach line — Small has no Coach row (seed 000,
    /// Coach line: "rendered on Medium and Large"), so TalkBack must not speak one.
    public var smallAccessibilityLabel: String
    /// Medium's label with every habit and the Coach row shown when it exists.
    public var accessibilityLabel: String
    /// Large label, every habit listed.
    public var largeAccessibilityLabel: String
    /// Lock Screen accessory label (no checklist: progress count); nil on Android.
    public var accessoryAccessibilityLabel: String?
}

public func widgetCopy(_ w: ResolvedWidget, platform: Platform) -> WidgetCopy {
    let coach = coachLineText(w, platform: platform)
    let ios = platform == .ios
    return WidgetCopy(
        platform: platform,
        caption: reactiveCaptionText(platform: platform, motif: w.motif, reactive: w.reactive),
        coachLine: coach,
        coachLineShort: coachLineShortText(w, platform: platform),
        title: stateTitleText(w, platform: platform),
        subtitle: stateSubtitleText(w, platform: platform),
        progress: progressText(w),
        progressCompact: progressText(w) == nil || ios
            ? nil : compactProgressText(doneCount: w.doneCount, dueCount: w.dueCount),
        staleFooter: staleFooterText(w),
        smallCTA: smallCTAText(w),
        largeMotivator: shownLargeMotivatorText(w, platform: platform),
        daysLabel: daysLabelText(streak: w.streak, platform: platform),
        dayStreakLabel: fixedText(.dayStreakLabel, platform: platform),
        longestLabel: longestLabelText(longestStreak: w.longestStreak),
        largeHeaderLabel: ios ? largeHeaderLabelText(longestStreak: w.longestStreak) : nil,
        accessoryLines: ios ? accessoryRectangularLines(w) : nil,
        inlineAccessory: ios ? inlineAccessoryText(w) : nil,
        inlineAccessorySymbol: ios ? WidgetModel.inlineAccessorySymbol(w).sfName : nil,
        accessoryStreakSymbol: ios ? WidgetModel.accessoryStreakSymbol(w).sfName : nil,
        smallAccessibilityLabel: platform == .android
            ? androidSmallAccessibilityLabel(w)
            : composedAccessibilityLabel(
                w, platform: platform, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false),
        accessibilityLabel: composedAccessibilityLabel(
            w, platform: platform, speaksMotivator: false,
            visibleHabits: nil, showsCoachLine: coach != nil),
        largeAccessibilityLabel: composedAccessibilityLabel(
            w, platform: platform, speaksMotivator: true,
            visibleHabits: nil, showsCoachLine: coach != nil),
        accessoryAccessibilityLabel: ios ? accessoryAccessibilityLabel(w) : nil)
}
