import EvidenceCore
import Foundation
import Testing
import WidgetModel

@testable import WidgetRaster
@testable import evidence

func date(_ s: String) -> Date { parseISO8601(s)! }
func zone(_ id: String) -> TimeZone { TimeZone(identifier: id)! }

func snapshot(
    syncedAt: String, habits: [Bool] = [true, false], extendedToday: Bool? = false,
    motif: String? = "stones", kindling: Bool = false, coachLine: String? = nil,
    coachLineShort: String? = nil, streak: Int = 12, longest: Int = 21
) -> WidgetSnapshot {
    WidgetSnapshot(
        syncedAt: date(syncedAt), streak: streak, longestStreak: longest,
        habits: habits.enumerated().map { WidgetHabit(id: "h\($0)", title: "Habit \($0)", checkedInToday: $1) },
        extendedToday: extendedToday, streakMetaphor: motif, coachLine: coachLine,
        coachLineShort: coachLineShort, kindlingEnabled: kindling)
}

@Suite struct ModelResolverTests {
    let newYork = zone("America/New_York")

    @Test func staleThresholdIsEighteenHours() {
        expectTrue(widgetStaleThreshold == 64_800)
    }

    @Test func noSnapshotIsFirstRun() {
        expectTrue(
            resolveWidgetState(snapshot: nil, asOf: date("2026-09-17T08:00:00Z"), timeZone: newYork) == .firstRun)
    }

    @Test func sameDayStaysInProgress() {
        let s = snapshot(syncedAt: "2026-09-17T08:00:00-04:00")
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-17T21:00:00-04:00"), timeZone: newYork)
                == .defaultProgress)
    }

    @Test func rolloverInsideTheStaleWindowIsNewDay() {
        let s = snapshot(syncedAt: "2026-09-17T22:30:00-04:00", extendedToday: true)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-17T23:59:59-04:00"), timeZone: newYork)
                == .defaultProgress)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-18T00:00:00-04:00"), timeZone: newYork) == .newDay)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-18T07:00:00-04:00"), timeZone: newYork) == .newDay)
    }

    /// The render-time zone decides the calendar day of both instants: a check-in at 22:00 in
    /// Los Angeles is already 06:00 the next morning in London.
    @Test func timeZoneChangeBetweenCheckInAndRender() {
        let s = snapshot(syncedAt: "2026-06-01T22:00:00-07:00")
        let asOf = date("2026-06-02T08:00:00Z")
        expectTrue(resolveWidgetState(snapshot: s, asOf: asOf, timeZone: zone("America/Los_Angeles")) == .newDay)
        expectTrue(resolveWidgetState(snapshot: s, asOf: asOf, timeZone: zone("Europe/London")) == .defaultProgress)
        // Flying east: synced 23:00 in New York (12:00 next day in Tokyo), rendering three hours
        // later is 02:00 in New York (a new day there) but the same afternoon in Tokyo.
        let east = snapshot(syncedAt: "2026-06-01T23:00:00-04:00")
        let later = date("2026-06-02T15:00:00+09:00")
        expectTrue(resolveWidgetState(snapshot: east, asOf: later, timeZone: newYork) == .newDay)
        expectTrue(resolveWidgetState(snapshot: east, asOf: later, timeZone: zone("Asia/Tokyo")) == .defaultProgress)
        expectTrue(
            resolveWidgetState(snapshot: east, asOf: date("2026-06-03T01:00:00+09:00"), timeZone: zone("Asia/Tokyo"))
                == .newDay)
    }

    /// 2026-03-08, 02:00 EST → 03:00 EDT. The spring-forward night has 23 hours; the stale window is
    /// elapsed time, the day boundary is local.
    @Test func usDSTSpringForward() {
        let evening = snapshot(syncedAt: "2026-03-07T16:30:00-05:00")
        // 18.5 wall-clock hours but 17.5 elapsed: not stale, and a new local day.
        expectTrue(
            resolveWidgetState(snapshot: evening, asOf: date("2026-03-08T11:00:00-04:00"), timeZone: newYork) == .newDay
        )
        // 18.25 elapsed hours: stale.
        expectTrue(
            resolveWidgetState(snapshot: evening, asOf: date("2026-03-08T11:45:00-04:00"), timeZone: newYork) == .stale)
        // Same local day across the gap.
        let earlyMorning = snapshot(syncedAt: "2026-03-08T01:00:00-05:00")
        expectTrue(
            resolveWidgetState(snapshot: earlyMorning, asOf: date("2026-03-08T18:00:00-04:00"), timeZone: newYork)
                == .defaultProgress)
        // Midnight after the switch is 04:00Z, not 05:00Z: a fixed EST offset would miss this rollover.
        let lateEvening = snapshot(syncedAt: "2026-03-08T21:00:00-04:00")
        expectTrue(
            resolveWidgetState(snapshot: lateEvening, asOf: date("2026-03-09T00:30:00-04:00"), timeZone: newYork)
                == .newDay)
    }

    @Test func staleOutranksNewDay() {
        let s = snapshot(syncedAt: "2026-09-16T08:00:00-04:00", extendedToday: true)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-17T08:00:00-04:00"), timeZone: newYork) == .stale)
    }

    @Test func staleBoundaryIsStrictlyMoreThanEighteenHours() {
        let s = snapshot(syncedAt: "2026-09-17T00:30:00-04:00")
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-17T18:30:00-04:00"), timeZone: newYork)
                == .defaultProgress)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-17T18:30:01-04:00"), timeZone: newYork) == .stale)
    }

    @Test func failClosedWhenExtendedTodayIsAbsent() {
        let s = snapshot(syncedAt: "2026-09-17T22:30:00-04:00", extendedToday: nil)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-18T07:00:00-04:00"), timeZone: newYork)
                == .defaultProgress)
        let done = snapshot(syncedAt: "2026-09-17T22:30:00-04:00", habits: [true, true], extendedToday: nil)
        expectTrue(
            resolveWidgetState(snapshot: done, asOf: date("2026-09-18T07:00:00-04:00"), timeZone: newYork) == .allDone)
    }

    @Test(arguments: [
        ([Bool](), WidgetState.empty), ([true, true], .allDone), ([true, false], .defaultProgress),
        ([false], .defaultProgress),
    ])
    func habitProgressStates(habits: [Bool], expected: WidgetState) {
        let s = snapshot(syncedAt: "2026-09-17T08:00:00-04:00", habits: habits)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-17T09:00:00-04:00"), timeZone: newYork) == expected)
    }

    @Test(arguments: [[Bool](), [true, true], [false]])
    func newDayPreemptsHabitProgress(habits: [Bool]) {
        let s = snapshot(syncedAt: "2026-09-17T22:00:00-04:00", habits: habits, extendedToday: true)
        expectTrue(
            resolveWidgetState(snapshot: s, asOf: date("2026-09-18T06:00:00-04:00"), timeZone: newYork) == .newDay)
    }

    @Test func syncedInTheFutureIsNeitherStaleNorNewDay() {
        let s = snapshot(syncedAt: "2026-09-18T01:00:00-04:00")
        let w = resolveWidget(snapshot: s, asOf: date("2026-09-17T23:00:00-04:00"), timeZone: newYork)
        expectTrue(w.state == .defaultProgress)
        expectTrue(w.hoursSinceSync == 0)
    }

    // MARK: reactive treatment and glyph

    @Test(arguments: [
        (WidgetState.defaultProgress, Bool?.some(true), ReactiveTreatment?.some(.extended)),
        (.defaultProgress, false, .notYet), (.defaultProgress, nil, .baseline),
        (.allDone, true, .extended), (.allDone, false, .notYet), (.allDone, nil, .baseline),
        (.newDay, true, .notYet), (.newDay, false, .notYet),
        (.empty, true, nil), (.empty, false, nil), (.empty, nil, nil),
        (.stale, true, nil), (.stale, false, nil), (.stale, nil, nil),
        (.firstRun, nil, nil),
    ])
    func reactiveLayerAppliesOnlyToProgressStates(
        state: WidgetState, extendedToday: Bool?, expected: ReactiveTreatment?
    ) {
        expectTrue(reactiveTreatment(state: state, extendedToday: extendedToday) == expected)
    }

    @Test(arguments: [
        (
            WidgetState.defaultProgress, Bool?.some(true), StreakMotif.sprout,
            StreakGlyph?.some(StreakGlyph(motif: .sprout, tone: .lit))
        ),
        (.defaultProgress, false, .sprout, StreakGlyph(motif: .sprout, tone: .muted)),
        (.allDone, true, .waves, StreakGlyph(motif: .waves, tone: .lit)),
        (.allDone, false, .stones, StreakGlyph(motif: .stones, tone: .muted)),
        (.newDay, true, .mountain, StreakGlyph(motif: .mountain, tone: .muted)),
        (.empty, true, .stones, StreakGlyph(motif: .stones, tone: .plain)),
        (.stale, false, .flame, StreakGlyph(motif: .flame, tone: .plain)),
        // Fail-closed: the classic flame whatever the motif, in every state with a streak block.
        (.defaultProgress, nil, .stones, StreakGlyph(motif: .flame, tone: .plain, isClassicFlame: true)),
        (.allDone, nil, .waves, StreakGlyph(motif: .flame, tone: .plain, isClassicFlame: true)),
        (.empty, nil, .sprout, StreakGlyph(motif: .flame, tone: .plain, isClassicFlame: true)),
        (.stale, nil, .mountain, StreakGlyph(motif: .flame, tone: .plain, isClassicFlame: true)),
        (.firstRun, nil, .stones, nil),
    ])
    func streakGlyphIsDecidedOnce(state: WidgetState, extendedToday: Bool?, motif: StreakMotif, expected: StreakGlyph?)
    {
        expectTrue(streakGlyph(state: state, motif: motif, extendedToday: extendedToday) == expected)
    }

    @Test func resolveWidgetGathersTheDecision() {
        let s = snapshot(
            syncedAt: "2026-09-17T08:00:00-04:00", habits: [true, false, false], extendedToday: true,
            motif: "waves", kindling: true, coachLine: "Line", coachLineShort: "Short")
        let w = resolveWidget(snapshot: s, asOf: date("2026-09-17T10:59:00-04:00"), timeZone: newYork)
        expectTrue(w.state == .defaultProgress)
        expectTrue(w.reactive == .extended)
        expectTrue(w.motif == .waves)
        expectTrue(w.glyph == StreakGlyph(motif: .waves, tone: .lit))
        expectTrue(w.kindling)
        expectTrue(w.streak == 12 && w.longestStreak == 21)
        expectTrue(w.doneCount == 1 && w.dueCount == 3)
        expectTrue(w.hoursSinceSync == 2)
        expectTrue(w.nextDueHabit?.title == "Habit 1")
        expectTrue(w.snapshotCoachLine == "Line" && w.snapshotCoachLineShort == "Short")
    }

    @Test func firstRunUsesTheStandaloneKindlingKey() {
        let asOf = date("2026-09-17T10:00:00Z")
        expectTrue(resolveWidget(snapshot: nil, asOf: asOf, timeZone: newYork).kindling == false)
        let w = resolveWidget(snapshot: nil, asOf: asOf, timeZone: newYork, kindlingWithoutSnapshot: true)
        expectTrue(w.kindling && w.state == .firstRun && w.reactive == nil && w.glyph == nil && w.hoursSinceSync == nil)
    }

    @Test func snapshotKindlingFlagWinsOverTheStandaloneKey() {
        let s = snapshot(syncedAt: "2026-09-17T08:00:00-04:00", kindling: false)
        expectTrue(
            resolveWidget(
                snapshot: s, asOf: date("2026-09-17T09:00:00-04:00"), timeZone: newYork,
                kindlingWithoutSnapshot: true
            ).kindling == false)
    }

    // MARK: evidence resolve's options

    @Test func resolveOptionsParse() throws {
        let o = try ResolveOptions.parse([
            "--snapshot", "s.json", "--as-of=2026-03-08T09:00:00-04:00",
            "--time-zone", "America/New_York", "--platform", "android", "--json",
        ])
        expectTrue(o.snapshotPath == "s.json")
        expectTrue(o.asOf == date("2026-03-08T13:00:00Z"))
        expectTrue(o.timeZone.identifier == "America/New_York")
        expectTrue(o.platforms == [.android])
        expectTrue(o.json)
        let first = try ResolveOptions.parse(["--no-snapshot", "--as-of", "2026-03-08T09:00:00Z", "--time-zone", "UTC"])
        expectTrue(first.snapshotPath == nil && first.platforms == [.android, .ios] && !first.json)
    }

    @Test(arguments: [
        (["--as-of", "2026-03-08T09:00:00Z", "--time-zone", "UTC"], "--snapshot"),
        (
            ["--snapshot", "a", "--no-snapshot", "--as-of", "2026-03-08T09:00:00Z", "--time-zone", "UTC"],
            "--no-snapshot"
        ),
        (["--snapshot", "a", "--time-zone", "UTC"], "--as-of"),
        (["--snapshot", "a", "--as-of", "2026-03-08 09:00", "--time-zone", "UTC"], "--as-of"),
        (["--snapshot", "a", "--as-of", "2026-03-08T09:00:00", "--time-zone", "UTC"], "--as-of"),
        (["--snapshot", "a", "--as-of", "2026-03-08T09:00:00Z"], "--time-zone"),
        (["--snapshot", "a", "--as-of", "2026-03-08T09:00:00Z", "--time-zone", "Mars/Olympus"], "--time-zone"),
        (["--snapshot", "a", "--as-of", "2026-03-08T09:00:00Z", "--time-zone", "EST"], "--time-zone"),
        (
            ["--snapshot", "a", "--as-of", "2026-03-08T09:00:00Z", "--time-zone", "UTC", "--platform", "web"],
            "--platform"
        ),
        (["--snapshot", "a", "--as-of", "2026-03-08T09:00:00Z", "--time-zone", "UTC", "--bogus"], "--bogus"),
    ])
    func resolveOptionsRejects(args: [String], location: String) {
        #expect { try ResolveOptions.parse(args) } throws: { ($0 as? InputError)?.location == location }
    }
}
