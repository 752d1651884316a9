import Testing
import WidgetModel

@testable import WidgetRaster

/// Every row of every copy table in seeds 000 and 001, transcribed here independently of the code,
/// byte for byte.
@Suite struct CopyTablesTests {
    @Test(arguments: [
        (Platform.android, StreakMotif.flame, CaptionBranch.extended, "Locked in"),
        (.android, .stones, .extended, "Stone laid"), (.android, .sprout, .extended, "Leaf out"),
        (.android, .mountain, .extended, "Step up"), (.android, .waves, .extended, "Wave in"),
        (.android, .flame, .notYet, "Add today"), (.android, .stones, .notYet, "Add a stone"),
        (.android, .sprout, .notYet, "Add a leaf"), (.android, .mountain, .notYet, "Add a step"),
        (.android, .waves, .notYet, "Add a wave"),
        (.ios, .flame, .extended, "Locked in today"), (.ios, .stones, .extended, "Today's stone laid"),
        (.ios, .sprout, .extended, "Today's leaf out"), (.ios, .mountain, .extended, "Today's step up"),
        (.ios, .waves, .extended, "Today's wave in"),
        (.ios, .flame, .notYet, "Add today"), (.ios, .stones, .notYet, "Add today's stone"),
        (.ios, .sprout, .notYet, "Add today's leaf"), (.ios, .mountain, .notYet, "Add today's step"),
        (.ios, .waves, .notYet, "Add today's wave"),
    ])
    func reactiveCaptions(platform: Platform, motif: StreakMotif, branch: CaptionBranch, text: String) {
        expectTrue(reactiveCaption(platform: platform, motif: motif, branch: branch) == text)
    }

    @Test(arguments: [
        // B1
        (MotivatorBranch.firstOfDay, StreakMotif.stones, "Set the first stone — the tower starts today."),
        (.firstOfDay, .flame, "Strike the first spark — today's fire starts now."),
        (.firstOfDay, .sprout, "Send out the first leaf — the sprout starts now."),
        (.firstOfDay, .mountain, "Take the first step — the climb starts today."),
        (.firstOfDay, .waves, "Make the first wave — the tide starts today."),
        // B2
        (.lastOne, .stones, "Lay the last stone to keep the tower rising."),
        (.lastOne, .flame, "Feed the last log to keep the fire going."),
        (.lastOne, .sprout, "Add the last leaf to keep the sprout growing."),
        (.lastOne, .mountain, "Take the last step to keep climbing."),
        (.lastOne, .waves, "Make the last wave to keep the tide rolling."),
        // B3
        (.building, .stones, "Each stone today makes the tower taller."),
        (.building, .flame, "Each log today keeps the fire bright."),
        (.building, .sprout, "Each leaf today makes the sprout greener."),
        (.building, .mountain, "Each step today puts the summit closer."),
        (.building, .waves, "Each wave today pulls the tide higher."),
        // B4, three-way
        (.allDoneConfirmed, .stones, "Today's stone laid. Rest easy."),
        (.allDoneConfirmed, .flame, "Today's fire's lit. Rest easy."),
        (.allDoneConfirmed, .sprout, "Today's leaf out. Rest easy."),
        (.allDoneConfirmed, .mountain, "Today's step up. Rest easy."),
        (.allDoneConfirmed, .waves, "Today's wave in. Rest easy."),
        (.allDonePending, .stones, "That's today's build. Rest easy."),
        (.allDonePending, .flame, "That's today's burn. Rest easy."),
        (.allDonePending, .sprout, "That's today's growth. Rest easy."),
        (.allDonePending, .mountain, "That's today's climb. Rest easy."),
        (.allDonePending, .waves, "That's today's tide. Rest easy."),
        (.allDoneBaseline, .stones, "That's the day. Rest easy."),
        (.allDoneBaseline, .flame, "That's the day. Rest easy."),
        (.allDoneBaseline, .sprout, "That's the day. Rest easy."),
        (.allDoneBaseline, .mountain, "That's the day. Rest easy."),
        (.allDoneBaseline, .waves, "That's the day. Rest easy."),
        // B5
        (.rest, .stones, "Rest is part of the build. Back tomorrow."),
        (.rest, .flame, "Rest is part of the burn. Back tomorrow."),
        (.rest, .sprout, "Rest is part of the growth. Back tomorrow."),
        (.rest, .mountain, "Rest is part of the climb. Back tomorrow."),
        (.rest, .waves, "Rest is part of the tide. Back tomorrow."),
        // B6
        (.newDay, .stones, "Lay today's first stone when you're ready."),
        (.newDay, .flame, "Light today's fire when you're ready."),
        (.newDay, .sprout, "Add today's leaf when you're ready."),
        (.newDay, .mountain, "Take today's step when you're ready."),
        (.newDay, .waves, "Make today's wave when you're ready."),
    ])
    func largeMotivator(branch: MotivatorBranch, motif: StreakMotif, text: String) {
        expectTrue(largeMotivatorText(branch: branch, motif: motif) == text)
    }

    @Test(arguments: [
        (WidgetState.defaultProgress, ReactiveTreatment?.some(.extended), 0, 4, MotivatorBranch?.some(.firstOfDay)),
        (.defaultProgress, .notYet, 0, 1, .firstOfDay),  // B1 is checked before B2, as shipped
        (.defaultProgress, .notYet, 3, 4, .lastOne),
        (.defaultProgress, .baseline, 1, 4, .building),
        (.allDone, .extended, 4, 4, .allDoneConfirmed),
        (.allDone, .notYet, 4, 4, .allDonePending),
        (.allDone, .baseline, 4, 4, .allDoneBaseline),
        (.empty, nil, 0, 0, .rest),
        (.newDay, .notYet, 0, 0, .newDay),
        (.stale, nil, 1, 4, nil),
        (.firstRun, nil, 0, 0, nil),
    ])
    func largeMotivatorBranchSelection(
        state: WidgetState, reactive: ReactiveTreatment?, done: Int, due: Int, expected: MotivatorBranch?
    ) {
        expectTrue(largeMotivatorBranch(state: state, reactive: reactive, doneCount: done, dueCount: due) == expected)
        expectTrue(
            largeMotivatorText(state: state, motif: .stones, reactive: reactive, doneCount: done, dueCount: due)
                == expected.map { largeMotivatorText(branch: $0, motif: .stones) })
    }

    @Test(arguments: [
        (StreakMotif.stones, AllDoneBranch.confirmed, "Every stone laid"), (.flame, .confirmed, "Every log fed"),
        (.sprout, .confirmed, "Every leaf out"), (.mountain, .confirmed, "Every step up"),
        (.waves, .confirmed, "Every wave in"),
        (.stones, .pending, "Today's build"), (.flame, .pending, "Today's burn"), (.sprout, .pending, "Today's growth"),
        (.mountain, .pending, "Today's climb"), (.waves, .pending, "Today's tide"),
        (.stones, .baseline, "That's the day"), (.flame, .baseline, "That's the day"),
        (.sprout, .baseline, "That's the day"),
        (.mountain, .baseline, "That's the day"), (.waves, .baseline, "That's the day"),
    ])
    func accessoryLine3(motif: StreakMotif, branch: AllDoneBranch, text: String) {
        expectTrue(accessoryAllDoneLine3(motif: motif, branch: branch) == text)
    }

    @Test(arguments: [
        (StreakMotif.stones, AllDoneBranch.confirmed, "Tower's taller. Rest easy."),
        (.flame, .confirmed, "Fire's brighter. Rest easy."),
        (.sprout, .confirmed, "Plant's fuller. Rest easy."), (.mountain, .confirmed, "Summit's closer. Rest easy."),
        (.waves, .confirmed, "Tide's stronger. Rest easy."),
        (.stones, .pending, "Today's build. Rest easy."), (.flame, .pending, "Today's burn. Rest easy."),
        (.sprout, .pending, "Today's growth. Rest easy."), (.mountain, .pending, "Today's climb. Rest easy."),
        (.waves, .pending, "Today's tide. Rest easy."),
        (.stones, .baseline, "That's the day. Rest easy."), (.flame, .baseline, "That's the day. Rest easy."),
        (.sprout, .baseline, "That's the day. Rest easy."), (.mountain, .baseline, "That's the day. Rest easy."),
        (.waves, .baseline, "That's the day. Rest easy."),
    ])
    func allDoneSubtitle(motif: StreakMotif, branch: AllDoneBranch, text: String) {
        expectTrue(allDoneKindlingSubtitle(motif: motif, branch: branch) == text)
    }

    /// Seed 001 §1 names the superseded Table A cells; none may come back.
    @Test func supersededTableAIsNotUsed() {
        let all = copyCatalogue().map(\.text)
        for withdrawn in ["Sprout's taller. Rest easy.", "Climb's higher. Rest easy.", "Tide's fuller. Rest easy."] {
            expectTrue(!all.contains(withdrawn))
        }
    }

    @Test(arguments: [
        (StreakMotif.stones, AllDoneBranch.confirmed, "Today's stone laid"), (.flame, .confirmed, "Locked in today"),
        (.sprout, .confirmed, "Today's leaf out"), (.mountain, .confirmed, "Today's step up"),
        (.waves, .confirmed, "Today's wave in"),
        (.stones, .pending, "All done today"), (.waves, .pending, "All done today"),
        (.stones, .baseline, "All done today"), (.flame, .baseline, "All done today"),
        (.mountain, .baseline, "All done today"),
    ])
    func allDoneTitle(motif: StreakMotif, branch: AllDoneBranch, text: String) {
        expectTrue(allDoneKindlingTitle(motif: motif, branch: branch) == text)
    }

    @Test(arguments: [
        (ReactiveTreatment?.some(.extended), AllDoneBranch.confirmed), (.notYet, .pending), (.baseline, .baseline),
        (nil, .baseline),
    ])
    func allDoneBranchIsThreeWay(reactive: ReactiveTreatment?, expected: AllDoneBranch) {
        expectTrue(allDoneBranch(reactive) == expected)
    }

    @Test(arguments: [
        (StreakMotif.stones, "Lay today's stone"), (.flame, "Feed today's fire"), (.sprout, "Add today's leaf"),
        (.mountain, "Take today's step"), (.waves, "Make today's wave"),
    ])
    func smallCTA(motif: StreakMotif, text: String) {
        expectTrue(smallCTAText(motif: motif) == text)
    }

    @Test(arguments: [
        (StreakMotif.flame, CaptionBranch.extended, "locked in for today"), (.stones, .extended, "today's stone laid"),
        (.sprout, .extended, "today's leaf out"), (.mountain, .extended, "today's step up"),
        (.waves, .extended, "today's wave in"),
        (.stones, .notYet, "add today's stone to keep building"), (.flame, .notYet, "add today to keep it going"),
        (.sprout, .notYet, "add today's leaf to keep it growing"),
        (.mountain, .notYet, "add today's step to keep climbing"),
        (.waves, .notYet, "add today's wave to keep the tide rolling"),
    ])
    func accessibilitySuffix(motif: StreakMotif, branch: CaptionBranch, text: String) {
        expectTrue(reactiveAccessibilitySuffix(motif: motif, branch: branch) == text)
    }

    @Test(arguments: [
        (FixedLine.appName, Platform.ios, "Objectuve"),
        (.firstRun, .ios, "Open Objectuve to sync today"), (.firstRun, .android, "Open Objectuve to sync today"),
        (.emptyTitle, .ios, "Nothing due today"), (.emptySubtitle, .android, "Rest counts too."),
        (.allDoneTitle, .android, "All done today"),
        (.newDayVisual, .ios, "New day — tap to see today's habits"), (.newDayVisual, .android, "New day"),
        (.newDaySpoken, .ios, "New day. Tap to see today's habits."),
        (.newDaySpoken, .android, "New day. Tap to see today's habits."),
        (.daysLabel, .android, "days"), (.dayStreakLabel, .android, "DAY STREAK"),
    ])
    func fixedLines(line: FixedLine, platform: Platform, text: String) {
        expectTrue(fixedText(line, platform: platform) == text)
    }

    /// The seeds give only "days"; a 1-day streak reads "1 day" on both platforms (README).
    @Test func aOneDayStreakIsSingular() {
        for p in [Platform.android, .ios] {
            expectTrue(daysLabelText(streak: 1, platform: p) == "day")
            for n in [0, 2, 12, 99999] { expectTrue(daysLabelText(streak: n, platform: p) == "days") }
        }
    }

    @Test func parametricLines() {
        expectTrue(progressText(doneCount: 0, dueCount: 4) == "0 of 4 done")
        expectTrue(compactProgressText(doneCount: 0, dueCount: 4) == "0/4")
        expectTrue(staleFooterText(hoursSinceSync: 20) == "Today · last synced 20h ago")
        expectTrue(longestLabelText(longestStreak: 21) == "Longest 21")
        expectTrue(largeHeaderLabelText(longestStreak: 21) == "DAY STREAK · LONGEST 21")
        expectTrue(largeOverflowText(state: .defaultProgress, hiddenCount: 2) == "+2 more in the app")
        expectTrue(largeOverflowText(state: .allDone, hiddenCount: 3) == "+3 more done")
        expectTrue(largeOverflowText(state: .defaultProgress, hiddenCount: 0) == nil)
    }

    @Test func templateFillInsertsTitlesVerbatim() {
        expectTrue(CopyTemplate.inlineHabitLeft.fill(["title": "Read {chapter} 2"]) == "Read {chapter} 2 left")
        // Keys in sorted order, one pass each: a value inserted for an earlier key is filled by a later
        // one (as ever), never by its own; multi-byte text passes through whole.
        expectTrue(CopyTemplate.progress.fill(["done": "{due}é", "due": "4"]) == "4é of 4 done")
        expectTrue(CopyTemplate.progress.fill(["done": "日本{done}", "due": "{{due}}"]) == "日本{done} of {{due}} done")
        expectTrue(CopyTemplate.inlineHabitLeft.fill(["title": "{", "unused": "x"]) == "{ left")
    }

    @Test(arguments: [
        (StreakMotif.stones, true, "square.stack.3d.up.fill"), (.stones, false, "square.stack.3d.up"),
        (.flame, true, "flame.fill"), (.flame, false, "flame"), (.sprout, true, "leaf.fill"), (.sprout, false, "leaf"),
        (.mountain, true, "mountain.2.fill"), (.mountain, false, "mountain.2"),
        (.waves, true, "water.waves"), (.waves, false, "water.waves"),  // no fill variant: the known gap
    ])
    func metaphorSymbols(motif: StreakMotif, filled: Bool, name: String) {
        expectTrue(metaphorSymbol(motif: motif, filled: filled).sfName == name)
    }
}
