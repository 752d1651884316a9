import Foundation

/// A snapshot older than this renders STALE (WidgetSnapshot.swift's `widgetStaleThreshold`,
/// mirrored on Android). Measured in elapsed seconds, not wall-clock hours, so a DST night
/// neither shortens nor stretches it.
public let widgetStaleThreshold: TimeInterval = 18 * 60 * 60

/// The habit-progress state at `asOf`, in precedence order:
/// firstRun → stale → newDay → empty → allDone → defaultProgress.
/// `asOf` and `timeZone` are inputs (a timeline entry's date and the device zone at render time);
/// this never reads the clock.
public func resolveWidgetState(snapshot: WidgetSnapshot?, asOf: Date, timeZone: TimeZone) -> WidgetState {
    guard let s = snapshot else { return .firstRun }
    if asOf.timeIntervalSince(s.syncedAt) > widgetStaleThreshold { return .stale }
    // NEW_DAY only with the reactive layer on: it exists because extendedToday goes stale at
    // midnight; with the layer off there is no same-day claim to retract.
    if s.extendedToday != nil, localDayNumber(asOf, timeZone) > localDayNumber(s.syncedAt, timeZone) { return .newDay }
    if s.habits.isEmpty { return .empty }
    if s.habits.allSatisfy(\.checkedInToday) { return .allDone }
    return .defaultProgress
}

/// Days since 1970-01-01 of `date`'s calendar day in `zone`. Both instants are projected into the
/// render-time zone, so a traveller's widget rolls over at *their* midnight (Android's isSameLocalDay).
package func localDayNumber(_ date: Date, _ zone: TimeZone) -> Int {
    let local = date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date))
    return Int((local / 86_400).rounded(.down))
}

/// What the snapshot says about today's streak, before state gating: absent → `.baseline`.
public func snapshotReactiveTreatment(extendedToday: Bool?) -> ReactiveTreatment {
    switch extendedToday {
    case nil: return .baseline
    case true?: return .extended
    case false?: return .notYet
    }
}

/// The reactive treatment the widget shows in `state`, or nil where the layer is suppressed
/// (empty, stale, firstRun — no same-day claim can be backed up there). NEW_DAY forces
/// `.notYet`: after a rollover nothing about today is known yet.
public func reactiveTreatment(state: WidgetState, extendedToday: Bool?) -> ReactiveTreatment? {
    switch state {
    case .firstRun, .stale, .empty: return nil
    case .newDay: return .notYet
    case .defaultProgress, .allDone: return snapshotReactiveTreatment(extendedToday: extendedToday)
    }
}

/// How the streak glyph is lit. `.plain` is the neutral drawing (Android `widget_flame` /
/// `widget_sprout`…): the fail-closed classic flame, and every motif where the layer is suppressed.
public enum GlyphTone: String, Hashable, Sendable, Codable, CaseIterable {
    case lit, muted, plain
}

/// The streak-block glyph, decided once so drawing never re-derives it.
public struct StreakGlyph: Hashable, Sendable, Codable {
    /// Which drawing. The fail-closed path is always `.flame` whatever the user's motif.
    public var motif: StreakMotif
    public var tone: GlyphTone
    /// True on the fail-closed path: the classic v4.1 flame (no glow, no caption), which is not
    /// the flame *motif* choice — kindling stone treatments never apply to it.
    public var isClassicFlame: Bool

    public init(motif: StreakMotif, tone: GlyphTone, isClassicFlame: Bool = false) {
        self.motif = motif
        self.tone = tone
        self.isClassicFlame = isClassicFlame
    }
}

/// nil on firstRun (the app glyph shows instead of a streak block).
public func streakGlyph(state: WidgetState, motif: StreakMotif, extendedToday: Bool?) -> StreakGlyph? {
    if state == .firstRun { return nil }
    // Flag off / key absent: the classic flame in every state — streakMetaphor is ignored entirely.
    if extendedToday == nil { return StreakGlyph(motif: .flame, tone: .plain, isClassicFlame: true) }
    switch reactiveTreatment(state: state, extendedToday: extendedToday) {
    case nil: return StreakGlyph(motif: motif, tone: .plain)
    case .extended?: return StreakGlyph(motif: motif, tone: .lit)
    case .notYet?: return StreakGlyph(motif: motif, tone: .muted)
    case .baseline?: return StreakGlyph(motif: .flame, tone: .plain, isClassicFlame: true)
    }
}

/// Everything the widget decides from one snapshot at one moment — the single value layout,
/// copy and drawing consume. Platform-independent; copy takes the platform separately.
public struct ResolvedWidget: Hashable, Sendable, Codable {
    public var state: WidgetState
    /// nil = suppressed (empty, stale, firstRun).
    public var reactive: ReactiveTreatment?
    /// The user's effective motif (stones when absent/unknown) — used by copy even when the
    /// glyph is the fail-closed classic flame.
    public var motif: StreakMotif
    /// nil on firstRun.
    public var glyph: StreakGlyph?
    /// Kindling (refined) body vs the legacy body.
    public var kindling: Bool
    public var streak: Int
    public var longestStreak: Int
    public var habits: [WidgetHabit]
    public var doneCount: Int
    public var dueCount: Int
    /// Whole hours since `syncedAt` (rounded down, never negative); nil on firstRun.
    public var hoursSinceSync: Int?
    /// The snapshot's Coach lines, verbatim. Use `coachLineText` for what a Coach row shows.
    public var snapshotCoachLine: String?
    public var snapshotCoachLineShort: String?

    /// The first due habit not yet checked in — the Small card's next-due row and the accessories'
    /// "left" habit.
    public var nextDueHabit: WidgetHabit? { habits.first { !$0.checkedInToday } }
}

/// The one pure function from input to decision. `kindlingWithoutSnapshot` is the standalone
/// App Group key used only on firstRun (no snapshot to carry the flag); it defaults to off.
public func resolveWidget(
    snapshot: WidgetSnapshot?, asOf: Date, timeZone: TimeZone,
    kindlingWithoutSnapshot: Bool = false
) -> ResolvedWidget {
    let state = resolveWidgetState(snapshot: snapshot, asOf: asOf, timeZone: timeZone)
    let motif = resolveMotif(snapshot?.streakMetaphor)
    let habits = snapshot?.habits ?? []
    return ResolvedWidget(
        state: state,
        reactive: reactiveTreatment(state: state, extendedToday: snapshot?.extendedToday),
        motif: motif,
        glyph: streakGlyph(state: state, motif: motif, extendedToday: snapshot?.extendedToday),
        kindling: snapshot?.kindlingEnabled ?? kindlingWithoutSnapshot,
        streak: snapshot?.streak ?? 0,
        longestStreak: snapshot?.longestStreak ?? 0,
        habits: habits,
        doneCount: habits.filter(\.checkedInToday).count,
        dueCount: habits.count,
        hoursSinceSync: snapshot.map { max(0, Int((asOf.timeIntervalSince($0.syncedAt) / 3600).rounded(.down))) },
        snapshotCoachLine: snapshot?.coachLine,
        snapshotCoachLineShort: snapshot?.coachLineShort)
}
