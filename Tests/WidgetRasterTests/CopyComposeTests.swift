import Foundation
import Testing
import WidgetModel

@testable import WidgetRaster

private let ny = TimeZone(identifier: "America/New_York")!
private let morning = "2026-09-17T08:00:00-04:00"

/// A resolved widget from habit (title, done) pairs, rendered an hour after sync unless `asOf` says otherwise.
private func widget(
    _ habits: [(String, Bool)], extendedToday: Bool? = nil, motif: String? = "stones",
    kindling: Bool = false, coachLine: String? = nil, coachLineShort: String? = nil,
    asOf: String = "2026-09-17T09:00:00-04:00", syncedAt: String = morning
) -> ResolvedWidget {
    let s = WidgetSnapshot(
        syncedAt: date(syncedAt), streak: 12, longestStreak: 21,
        habits: habits.map { WidgetHabit(title: $0.0, checkedInToday: $0.1) },
        extendedToday: extendedToday, streakMetaphor: motif, coachLine: coachLine,
        coachLineShort: coachLineShort, kindlingEnabled: kindling)
    return resolveWidget(snapshot: s, asOf: date(asOf), timeZone: ny)
}

private let seedHabits = [("Morning run", true), ("Read 20 min", true), ("Meditate", false), ("No sugar", false)]

@Suite struct CopyComposeTests {
    // MARK: accessibility labels

    @Test func seedExampleLabel() {
        let w = widget(seedHabits)
        for p in Platform.allCases {
            expectTrue(
                composedAccessibilityLabel(
                    w, platform: p, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false)
                    == "Objectuve. 12 day streak, longest 21. Today: Morning run done, Read 20 min done, Meditate not "
                    + "yet, No sugar not yet."
            )
        }
    }

    @Test(arguments: [
        (StreakMotif.flame, true, "12 day streak, locked in for today, longest 21"),
        (.stones, true, "12 day streak, today's stone laid, longest 21"),
        (.sprout, true, "12 day streak, today's leaf out, longest 21"),
        (.stones, false, "12 day streak, add today's stone to keep building, longest 21"),
        (.waves, false, "12 day streak, add today's wave to keep the tide rolling, longest 21"),
    ])
    func reactiveSuffixFollowsTheStreak(motif: StreakMotif, extended: Bool, phrase: String) {
        let w = widget(seedHabits, extendedToday: extended, motif: motif.rawValue)
        expectTrue(spokenStreakPhrase(w) == phrase)
        expectTrue(
            composedAccessibilityLabel(
                w, platform: .ios, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false
            )
            .hasPrefix("Objectuve. \(phrase). Today: "))
    }

    @Test func habitListIsCappedToTheVisibleWindow() {
        let w = widget(seedHabits + [("Stretch", false), ("Journal", false)])
        let window = Array(w.habits[1...4])
        expectTrue(
            spokenHabitList(w, visibleHabits: window)
                == "Today: Read 20 min done, Meditate not yet, No sugar not yet, Stretch not yet. 2 more habits in the "
                + "app."
        )
        expectTrue(
            spokenHabitList(w, visibleHabits: Array(w.habits.prefix(5))).hasSuffix(
                "Stretch not yet. 1 more habit in the app."))
        expectTrue(spokenHabitList(w, visibleHabits: []) == "Today: 2 of 6 done.")
    }

    @Test func androidAppendsTheLongCoachLineOnlyWhenTheRowShows() {
        let w = widget(
            seedHabits, extendedToday: false, kindling: true, coachLine: "One more and today's stone is set.",
            coachLineShort: "One more stone")
        let shown = composedAccessibilityLabel(
            w, platform: .android, speaksMotivator: false, visibleHabits: nil, showsCoachLine: true)
        expectTrue(shown.hasSuffix("No sugar not yet. One more and today's stone is set."))
        let shed = composedAccessibilityLabel(
            w, platform: .android, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false)
        expectTrue(shed.hasSuffix("No sugar not yet."))
        expectTrue(
            composedAccessibilityLabel(
                w, platform: .ios, speaksMotivator: false, visibleHabits: nil, showsCoachLine: true) == shed)
    }

    @Test func largeSpeaksTheMotivatorOnlyWhenItIsDrawn() {
        let on = widget(seedHabits.map { ($0.0, true) }, extendedToday: false, kindling: true)
        expectTrue(
            composedAccessibilityLabel(
                on, platform: .ios, speaksMotivator: true, visibleHabits: nil, showsCoachLine: false)
                == "Objectuve. 12 day streak, add today's stone to keep building, longest 21. All done today, 4 of 4. "
                + "That's today's build. Rest easy."
        )
        let off = widget(seedHabits.map { ($0.0, true) }, extendedToday: false, kindling: false)
        expectTrue(
            composedAccessibilityLabel(
                off, platform: .ios, speaksMotivator: true, visibleHabits: nil, showsCoachLine: false)
                == "Objectuve. 12 day streak, add today's stone to keep building, longest 21. All done today, 4 of 4.")
        expectTrue(
            composedAccessibilityLabel(
                on, platform: .ios, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false)
                == composedAccessibilityLabel(
                    off, platform: .ios, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false))
    }

    @Test func stateLabels() {
        let first = resolveWidget(snapshot: nil, asOf: date("2026-09-17T09:00:00Z"), timeZone: ny)
        expectTrue(
            composedAccessibilityLabel(
                first, platform: .ios, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false)
                == "Objectuve. Open Objectuve to sync today.")
        let empty = widget([], extendedToday: true)
        expectTrue(
            composedAccessibilityLabel(
                empty, platform: .android, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false)
                == "Objectuve. 12 day streak, longest 21. Nothing due today. Rest counts too.")
        let newDay = widget(
            seedHabits, extendedToday: true, asOf: "2026-09-18T07:00:00-04:00", syncedAt: "2026-09-17T22:00:00-04:00")
        expectTrue(newDay.state == .newDay)
        expectTrue(
            composedAccessibilityLabel(
                newDay, platform: .ios, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false)
                == "Objectuve. 12 day streak, longest 21. New day. Tap to see today's habits.")
        let stale = widget(seedHabits, extendedToday: true, asOf: "2026-09-18T04:30:00-04:00")
        expectTrue(stale.state == .stale)
        expectTrue(
            composedAccessibilityLabel(
                stale, platform: .ios, speaksMotivator: false, visibleHabits: nil, showsCoachLine: false)
                == "Objectuve. 12 day streak, longest 21. Today: Morning run done, Read 20 min done, Meditate not yet, "
                + "No sugar not yet. Last synced 20 hours ago."
        )
    }

    // MARK: the ALL_DONE cluster through one resolved widget

    @Test(arguments: [
        // (extendedToday, title, subtitle, motivator, line3)
        (
            Bool?.some(true), "Today's stone laid", "Tower's taller. Rest easy.", "Today's stone laid. Rest easy.",
            "Every stone laid"
        ),
        (false, "All done today", "Today's build. Rest easy.", "That's today's build. Rest easy.", "Today's build"),
        (nil, "All done today", "That's the day. Rest easy.", "That's the day. Rest easy.", "That's the day"),
    ])
    func allDoneClusterReadsOneTreatment(
        extendedToday: Bool?, title: String, subtitle: String, motivator: String, line3: String
    ) {
        let w = widget([("A", true), ("B", true)], extendedToday: extendedToday, kindling: true)
        expectTrue(w.state == .allDone)
        for p in Platform.allCases {
            expectTrue(stateTitleText(w, platform: p) == title)
            expectTrue(stateSubtitleText(w, platform: p) == subtitle)
        }
        expectTrue(shownLargeMotivatorText(w, platform: .ios) == motivator)
        // Android's Large still reads the no-data branch as confirmed (seed 000 Fail-closed behavior, OBJ-3316 open).
        expectTrue(
            shownLargeMotivatorText(w, platform: .android)
                == (extendedToday == nil ? "Today's stone laid. Rest easy." : motivator))
        expectTrue(
            accessoryRectangularLines(w)
                == AccessoryLines(line1: "12-day streak", line2: "All done today", line3: line3))
    }

    @Test func legacyAllDoneHasThePlainTitleOnly() {
        let w = widget([("A", true)], extendedToday: true, kindling: false)
        expectTrue(stateTitleText(w, platform: .android) == "All done today")
        expectTrue(stateSubtitleText(w, platform: .android) == nil)
        expectTrue(shownLargeMotivatorText(w, platform: .android) == nil)
    }

    @Test func failClosedCopyIgnoresTheMotif() {
        let w = widget([("A", true)], extendedToday: nil, motif: "waves", kindling: true)
        expectTrue(w.glyph == StreakGlyph(motif: .flame, tone: .plain, isClassicFlame: true))
        expectTrue(reactiveCaptionText(platform: .ios, motif: w.motif, reactive: w.reactive) == nil)
        expectTrue(stateSubtitleText(w, platform: .android) == "That's the day. Rest easy.")
        expectTrue(accessoryStreakSymbol(w).sfName == "flame")
    }

    // MARK: Coach line

    @Test func coachLineComesFromTheSnapshotAndIsSuppressedOnStale() {
        let w = widget(
            seedHabits, extendedToday: false, kindling: true, coachLine: "One more and today's stone is set.",
            coachLineShort: "One more stone")
        expectTrue(coachLineText(w, platform: .ios) == "One more and today's stone is set.")
        expectTrue(coachLineText(w, platform: .android) == "One more and today's stone is set.")
        expectTrue(coachLineShortText(w, platform: .android) == "One more stone")
        expectTrue(coachLineShortText(w, platform: .ios) == nil)
        let stale = widget(
            seedHabits, extendedToday: false, kindling: true, coachLine: "x", asOf: "2026-09-18T04:30:00-04:00")
        expectTrue(coachLineText(stale, platform: .ios) == nil && coachLineText(stale, platform: .android) == nil)
    }

    @Test func absentCoachLineFallsBackOnIOSAndHidesOnAndroid() {
        let w = widget(seedHabits, extendedToday: true, motif: "mountain", kindling: true)
        expectTrue(coachLineText(w, platform: .ios) == "Today's step up")
        expectTrue(coachLineText(w, platform: .android) == nil)
        expectTrue(coachLineShortText(w, platform: .android) == nil)
        let baseline = widget(seedHabits, extendedToday: nil, kindling: true)
        expectTrue(coachLineText(baseline, platform: .ios) == nil)  // baseline has no caption to fall back to
    }

    @Test func shortCoachLineFallsBackToTheLongOne() {
        let w = widget(
            seedHabits, extendedToday: false, kindling: true, coachLine: "One more and today's stone is set.")
        expectTrue(coachLineShortText(w, platform: .android) == "One more and today's stone is set.")
    }

    @Test func coachRowNeedsKindling() {
        let w = widget(seedHabits, extendedToday: false, kindling: false, coachLine: "x")
        expectTrue(coachLineText(w, platform: .android) == nil && coachLineText(w, platform: .ios) == nil)
    }

    // MARK: accessories and small pieces

    @Test func inlineAccessory() {
        let w = widget(seedHabits, extendedToday: true)
        expectTrue(inlineAccessoryText(w) == "12 · 2 of 4 · Meditate left")
        expectTrue(inlineAccessorySymbol(w).sfName == "square.stack.3d.up.fill")
        expectTrue(inlineAccessoryText(widget([("A", true)], extendedToday: true)) == "12 · All done today")
        expectTrue(inlineAccessorySymbol(widget([("A", true)], extendedToday: true)).sfName == "checkmark")
        expectTrue(inlineAccessoryText(widget([])) == "12 · Nothing due today")
        expectTrue(inlineAccessorySymbol(widget([])).sfName == "moon")
        let stale = widget(seedHabits, asOf: "2026-09-18T04:30:00-04:00")
        // Stale is Default content + its age (seed 000 State catalog): the count where it fits, the age always.
        expectTrue(inlineAccessoryText(stale) == "12 · 2 of 4 · last synced 20h ago")
        expectTrue(staleFooterText(stale) == "Today · last synced 20h ago")
        expectTrue(inlineAccessorySymbol(stale).sfName == "arrow.clockwise")
        let newDay = widget(
            seedHabits, extendedToday: true, asOf: "2026-09-18T07:00:00-04:00", syncedAt: "2026-09-17T22:00:00-04:00")
        expectTrue(inlineAccessoryText(newDay) == "12 · New day — tap to see today's habits")
        expectTrue(inlineAccessorySymbol(newDay).sfName == "sunrise")
        expectTrue(accessoryStreakSymbol(newDay).sfName == "square.stack.3d.up")  // forced not-yet: outline
    }

    @Test func rectangularLinesPerState() {
        expectTrue(
            accessoryRectangularLines(widget(seedHabits, extendedToday: false))
                == AccessoryLines(line1: "12-day streak", line2: "2 of 4 done", line3: "Next: Meditate"))
        expectTrue(
            accessoryRectangularLines(widget([]))
                == AccessoryLines(line1: "12-day streak", line2: "Nothing due today", line3: "Rest counts too."))
        expectTrue(
            accessoryRectangularLines(widget(seedHabits, asOf: "2026-09-18T04:30:00-04:00"))
                == AccessoryLines(line1: "12-day streak", line2: "2 of 4 done", line3: "Today · last synced 20h ago"))
    }

    @Test func stateLinesAndCTA() {
        let progress = widget(seedHabits, extendedToday: false, motif: "flame", kindling: true)
        expectTrue(smallCTAText(progress) == "Feed today's fire")
        expectTrue(progressText(progress) == "2 of 4 done")
        expectTrue(stateTitleText(progress, platform: .ios) == nil)
        expectTrue(smallCTAText(widget(seedHabits, kindling: false)) == nil)
        let stale = widget(seedHabits, kindling: true, asOf: "2026-09-18T04:30:00-04:00")
        expectTrue(smallCTAText(stale) == nil)  // a stale surface never invites a check-off
        expectTrue(staleFooterText(stale) == "Today · last synced 20h ago")
        expectTrue(progressText(stale) == "2 of 4 done")
        let empty = widget([])
        expectTrue(stateTitleText(empty, platform: .android) == "Nothing due today")
        expectTrue(stateSubtitleText(empty, platform: .android) == "Rest counts too.")
        let newDay = widget(
            seedHabits, extendedToday: true, asOf: "2026-09-18T07:00:00-04:00", syncedAt: "2026-09-17T22:00:00-04:00")
        expectTrue(stateTitleText(newDay, platform: .ios) == "New day — tap to see today's habits")
        expectTrue(stateTitleText(newDay, platform: .android) == "New day")
        expectTrue(progressText(newDay) == nil)  // habit rows and pips are absent, not greyed
        let first = resolveWidget(snapshot: nil, asOf: date("2026-09-17T09:00:00Z"), timeZone: ny)
        expectTrue(stateTitleText(first, platform: .ios) == "Open Objectuve to sync today")
    }

    /// Every motif-table string a resolved widget can show is in the catalogue (one source).
    @Test func everyShownTableStringIsCatalogued() {
        let texts = Set(copyCatalogue().map(\.text))
        for motif in StreakMotif.allCases {
            for ext in [Bool?.some(true), false, nil] {
                for kindling in [true, false] {
                    for habits in [[("A", false), ("B", false)], [("A", true), ("B", false)], [("A", true)], []] {
                        for asOf in [
                            "2026-09-17T09:00:00-04:00", "2026-09-18T01:00:00-04:00", "2026-09-18T03:00:00-04:00",
                        ] {
                            let w = widget(
                                habits, extendedToday: ext, motif: motif.rawValue, kindling: kindling, asOf: asOf)
                            for p in Platform.allCases {
                                let c = widgetCopy(w, platform: p)
                                for s in [c.caption, c.title, c.subtitle, c.smallCTA, c.largeMotivator, c.coachLine]
                                    .compactMap({ $0 })
                                {
                                    expectTrue(texts.contains(s), "'\(s)' is not in the catalogue")
                                }
                                if w.state == .allDone, let l3 = c.accessoryLines?.line3 {
                                    expectTrue(texts.contains(l3))
                                }
                            }
                        }
                    }
                }
            }
        }
    }

    // MARK: The four copy departures of issue #21 item 5

    /// Seed 001 §4's accessory utterance, byte for byte: no "longest N", the cue after an em dash.
    @Test func accessoryLabelIsTheSeedsUtterance() {
        let w = widget([("A", true), ("B", true), ("C", true)], extendedToday: false)
        expectTrue(
            accessoryAccessibilityLabel(w)
                == "Objectuve. 12 day streak — add today's stone to keep building. All done today, 3 of 3.")
        expectTrue(!accessoryAccessibilityLabel(widget(seedHabits, extendedToday: true)).contains("longest"))
        expectTrue(accessoryAccessibilityLabel(widget(seedHabits)) == "Objectuve. 12 day streak. Today: 2 of 4 done.")
    }

    /// The iOS accessories draw the iOS table's NEW_DAY sentence, never Android's "New day".
    @Test func iosAccessoriesDrawTheFullNewDaySentence() {
        let w = widget(
            seedHabits, extendedToday: true, asOf: "2026-09-18T08:00:00-04:00", syncedAt: "2026-09-17T23:30:00-04:00")
        expectTrue(w.state == .newDay)
        expectTrue(accessoryRectangularLines(w).line2 == "New day — tap to see today's habits")
        expectTrue(inlineAccessoryText(w) == "12 · New day — tap to see today's habits")
    }

    /// Android Small's label keeps "12 days" (Width budget) and "N of M done" (Structural floor).
    @Test func androidSmallLabelKeepsDaysAndTheCount() {
        let w = widget(seedHabits, extendedToday: false)
        expectTrue(
            androidSmallAccessibilityLabel(w)
                == "Objectuve. 12 days, add today's stone to keep building, longest 21. Today: 2 of 4 done.")
        let stale = widget(seedHabits, asOf: "2026-09-18T09:00:00-04:00")
        expectTrue(
            stale.state == .stale
                && androidSmallAccessibilityLabel(stale).hasSuffix("Today: 2 of 4 done. Last synced 25 hours ago."))
    }
}
