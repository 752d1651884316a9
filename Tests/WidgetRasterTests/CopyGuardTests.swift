import EvidenceCore
import Foundation
import Testing
import WidgetModel

@testable import WidgetRaster

/// Seed 001 §8 and seed 000's brand rules, asserted over the whole catalogue — the same data
/// `evidence strings` prints.
@Suite struct CopyGuardTests {
    let catalogue = copyCatalogue()

    /// (a) No two motifs share a string at the same site, platform and branch.
    @Test func motifsNeverShareAString() {
        let perMotif = catalogue.filter { $0.motif != nil }
        let groups = Dictionary(grouping: perMotif) { "\($0.site)/\($0.platform)/\($0.branch)" }
        expectTrue(!groups.isEmpty)
        for (key, rows) in groups {
            expectTrue(rows.count == StreakMotif.allCases.count, "\(key) is missing a motif")
            expectTrue(Set(rows.map(\.text)).count == rows.count, "\(key) repeats a string across motifs")
        }
    }

    /// The only motif-neutral rows of the motif tables are the deliberate ones: baseline asserts
    /// nothing about the streak, and the kindling title converges pending with baseline.
    @Test func motifNeutralRowsAreExactlyTheBaselineRulings() {
        let neutral = Set(
            catalogue.filter { $0.motif == nil && $0.site != .line && $0.site != .template }
                .map { "\($0.platform)/\($0.site)/\($0.branch)" })
        var expected: Set<String> = []
        for p in Platform.allCases {
            expected.formUnion([
                "\(p)/allDoneTitle/pending", "\(p)/allDoneTitle/baseline", "\(p)/allDoneSubtitle/baseline",
            ])
        }
        // Android's Large motivator has no baseline line: it reads as confirmed (OBJ-3316, open).
        expected.formUnion(["ios/largeMotivator/allDoneBaseline", "ios/accessoryLine3/baseline"])
        expectTrue(neutral == expected)
    }

    /// (b) The branches of one motif differ at every site — the half that catches the
    /// OBJ-3302 bug class. A neutral row counts as every motif's row for its branch.
    /// Allowed convergence: the kindling title's pending and baseline (OBJ-3317).
    @Test func branchesOfOneMotifDiffer() {
        let allowed: Set<String> = ["allDoneTitle:pending+baseline"]
        let sites = Set(catalogue.map(\.site)).subtracting([.line, .template, .smallCTA])
        for site in sites {
            for p in Platform.allCases {
                let rows = catalogue.filter { $0.site == site && $0.platform == p }
                for m in StreakMotif.allCases {
                    let mine = rows.filter { $0.motif == m || $0.motif == nil }
                    for (i, a) in mine.enumerated() {
                        for b in mine[(i + 1)...] where a.text == b.text {
                            let pair = "\(site.rawValue):\([a.branch, b.branch].sorted(by: >).joined(separator: "+"))"
                            expectTrue(
                                allowed.contains(pair),
                                "\(p) \(m): \(site) branches \(a.branch) and \(b.branch) both say '\(a.text)'")
                        }
                    }
                }
            }
        }
    }

    /// No ALL_DONE string shown without a confirmed extension borrows the caption's participle.
    @Test func pendingAndBaselineAllDoneCopyHasNoCaptionParticiple() {
        let participles: Set<String> = ["laid", "fed", "lit", "out", "up", "in"]
        let rows = catalogue.filter(\.isPendingOrBaselineAllDone)
        // per platform: B4 pending 5 + baseline 1 (iOS only: Android's reads as confirmed, OBJ-3316),
        // title pending 1 + baseline 1, subtitle 5 + 1; iOS line3 5 + 1
        expectTrue(rows.count == 2 * (5 + 2 + 6) + 1 + 6)
        for r in rows {
            let words = Set(r.text.lowercased().split(whereSeparator: { !$0.isLetter && $0 != "'" }).map(String.init))
            expectTrue(words.isDisjoint(with: participles), "\(r.site) \(r.branch): '\(r.text)'")
        }
    }

    /// The confirmed branches *do* carry the participle — the cue the pending copy must not fake.
    @Test func confirmedLine3CarriesTheParticiple() {
        for m in StreakMotif.allCases {
            let words = accessoryAllDoneLine3(motif: m, branch: .confirmed).split(separator: " ").map(String.init)
            expectTrue(["laid", "fed", "out", "up", "in"].contains(words.last!))
        }
    }

    /// line3 is one tail-truncated line: ≤ 16 characters, every branch.
    @Test func everyLine3FitsSixteenCharacters() {
        let rows = catalogue.filter { $0.site == .accessoryLine3 }
        expectTrue(rows.count == 11)
        for r in rows { expectTrue(r.text.count <= 16, "'\(r.text)' is \(r.text.count) characters") }
    }

    /// The Large motivator wraps to at most two lines: the longest shipped string is 49 characters.
    @Test func motivatorsStayWithinTheShippedLength() {
        for r in catalogue where r.site == .largeMotivator { expectTrue(r.text.count <= 49, "'\(r.text)'") }
    }

    @Test func noLossAversionEmptyPraiseExclamationOrCurlyApostrophe() {
        let rejected = [
            "don't lose your streak", "keep your streak alive", "1 day left to", "your tower will fall",
            "don't let the stack crumble", "amazing job", "great stacking", "don't break", "you'll lose",
        ]
        for r in catalogue {
            let lower = r.text.lowercased()
            for phrase in rejected { expectTrue(!lower.contains(phrase), "\(r.site) \(r.branch): '\(r.text)'") }
            expectTrue(!r.text.contains("!"), "\(r.site) \(r.branch): '\(r.text)'")
            expectTrue(!r.text.unicodeScalars.contains("\u{2019}"), "\(r.site) \(r.branch): curly apostrophe")
            expectTrue(!r.text.unicodeScalars.contains("\u{2018}"), "\(r.site) \(r.branch): curly quote")
            expectTrue(r.text == r.text.trimmingCharacters(in: .whitespaces) && !r.text.isEmpty)
        }
    }

    /// Em dashes are U+2014, never a hyphen pair or an en dash.
    @Test func dashesAreEmDashes() {
        for r in catalogue {
            expectTrue(
                !r.text.contains(" - ") && !r.text.contains("--") && !r.text.unicodeScalars.contains("\u{2013}"),
                "'\(r.text)'")
        }
        expectTrue(fixedText(.newDayVisual, platform: .ios).unicodeScalars.contains("\u{2014}"))
    }

    @Test func catalogueCoversEveryTableOnEveryPlatform() {
        expectTrue(copyCatalogue(platform: .android).allSatisfy { $0.platform == .android })
        expectTrue(!copyCatalogue(platform: .android).contains { $0.site == .accessoryLine3 })
        expectTrue(copyCatalogue(platform: .ios).count + copyCatalogue(platform: .android).count == catalogue.count)
        for p in Platform.allCases {
            let rows = copyCatalogue(platform: p)
            expectTrue(rows.filter { $0.site == .reactiveCaption }.count == 10)
            expectTrue(rows.filter { $0.site == .accessibilitySuffix }.count == 10)
            // Seven motif branches × 5 motifs, and iOS's motif-neutral baseline (Android draws none).
            expectTrue(rows.filter { $0.site == .largeMotivator }.count == 7 * 5 + (p == .ios ? 1 : 0))
            expectTrue(rows.filter { $0.site == .smallCTA }.count == 5)
            expectTrue(rows.filter { $0.site == .line }.count == FixedLine.allCases.count)
            expectTrue(
                rows.filter { $0.site == .template }.count
                    == CopyTemplate.allCases.filter { $0.platforms.contains(p) }.count)
        }
    }

    @Test func catalogueRoundTripsAsJSON() throws {
        let data = try JSONEncoder().encode(catalogue)
        expectTrue(try JSONDecoder().decode([CopyEntry].self, from: data) == catalogue)
    }
}
