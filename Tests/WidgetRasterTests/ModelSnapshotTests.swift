import EvidenceCore
import Foundation
import Testing
import WidgetModel

@testable import WidgetRaster

/// A snapshot JSON with one field replaced (or removed, with nil) — for the malformed-input table.
func snapshotJSON(replacing key: String? = nil, with value: String? = nil) -> String {
    var fields: [(String, String)] = [
        ("syncedAt", #""2026-09-17T07:30:00+02:00""#),
        ("streak", "12"),
        ("longestStreak", "21"),
        (
            "habits",
            #"[{"id":"a","title":"Morning run","checkedInToday":true},{"title":"Meditate","checkedInToday":false}]"#
        ),
        ("extendedToday", "true"),
        ("streakMetaphor", #""flame""#),
    ]
    if let key {
        if let i = fields.firstIndex(where: { $0.0 == key }) {
            if let value { fields[i].1 = value } else { fields.remove(at: i) }
        } else if let value {
            fields.append((key, value))
        }
    }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
}

@Suite struct ModelSnapshotTests {
    @Test func decodesAFullSnapshotAndIgnoresUnknownFields() throws {
        let json = """
            {"syncedAt":"2026-09-17T07:30:00.250+02:00","streak":12,"longestStreak":21,
             "habits":[{"id":"a","title":"Morning\
             run","checkedInToday":true},{"title":"Meditate","checkedInToday":false}],
             "extendedToday":false,"streakMetaphor":"waves","coachLine":"One more and today's stone is set.",
             "coachLineShort":"One more stone","kindlingEnabled":true,"somethingNew":{"x":[1,2,{}]}}
            """
        let s = try decodeWidgetSnapshot(json)
        expectTrue(s.syncedAt == Date(timeIntervalSince1970: 1_789_623_000.25))
        expectTrue(s.streak == 12 && s.longestStreak == 21)
        expectTrue(
            s.habits == [
                WidgetHabit(id: "a", title: "Morning run", checkedInToday: true),
                WidgetHabit(id: nil, title: "Meditate", checkedInToday: false),
            ])
        expectTrue(s.extendedToday == false)
        expectTrue(s.motif == .waves)
        expectTrue(s.coachLine == "One more and today's stone is set.")
        expectTrue(s.coachLineShort == "One more stone")
        expectTrue(s.kindlingEnabled)
    }

    @Test func absentOptionalsKeepTheirSeedMeaning() throws {
        let s = try decodeWidgetSnapshot(#"{"syncedAt":1789623000000,"streak":0,"longestStreak":0,"habits":[]}"#)
        expectTrue(s.syncedAt == Date(timeIntervalSince1970: 1_789_623_000))
        expectTrue(s.extendedToday == nil)  // reactive layer off → baseline
        expectTrue(s.streakMetaphor == nil && s.motif == .stones)
        expectTrue(s.coachLine == nil && s.coachLineShort == nil)
        expectTrue(s.kindlingEnabled == false)  // legacy body
    }

    @Test func nullOptionalsReadAsAbsent() throws {
        let s = try decodeWidgetSnapshot(snapshotJSON(replacing: "extendedToday", with: "null"))
        expectTrue(s.extendedToday == nil)
        let t = try decodeWidgetSnapshot(
            snapshotJSON(replacing: "habits", with: #"[{"id":null,"title":"A","checkedInToday":true}]"#))
        expectTrue(t.habits[0].id == nil)
    }

    @Test(arguments: [
        (#""unicorn""#, StreakMotif.stones), (#""Flame""#, .stones), ("null", .stones),
        (#""stones""#, .stones), (#""flame""#, .flame), (#""sprout""#, .sprout), (#""mountain""#, .mountain),
        (#""waves""#, .waves),
    ])
    func motifFailsOpenToStones(raw: String, expected: StreakMotif) throws {
        expectTrue(try decodeWidgetSnapshot(snapshotJSON(replacing: "streakMetaphor", with: raw)).motif == expected)
    }

    @Test(arguments: ["\"true\"", "1", "null", "{}"])
    func unreadableKindlingIsLegacy(raw: String) throws {
        expectTrue(
            try decodeWidgetSnapshot(snapshotJSON(replacing: "kindlingEnabled", with: raw)).kindlingEnabled == false)
    }

    @Test(arguments: [
        ("2026-09-17T07:30:00Z", 1_789_630_200.0),
        ("2026-09-17T07:30:00+02:00", 1_789_623_000),
        ("2026-09-17T07:30:00-0400", 1_789_644_600),
        ("2026-09-17T07:30+02:00", 1_789_623_000),
        ("2024-02-29T00:00:00Z", 1_709_164_800),
        ("1970-01-01T00:00:00.5Z", 0.5),
    ])
    func iso8601(text: String, epoch: Double) {
        expectTrue(parseISO8601(text) == Date(timeIntervalSince1970: epoch))
    }

    @Test(arguments: [
        "2026-09-17T07:30:00", "2026-09-17", "2026-02-30T00:00:00Z", "2025-02-29T00:00:00Z",
        "2026-13-01T00:00:00Z", "2026-09-17T24:00:00Z", "2026-09-17T07:60:00Z", "yesterday",
        "2026-09-17T07:30:00+02:00 ", "2026-09-17T07:30:00+25:00", "",
    ])
    func iso8601Rejects(text: String) {
        expectTrue(parseISO8601(text) == nil)
    }

    /// The malformed-snapshot kinds: each a one-line InputError naming where and what.
    @Test(arguments: [
        // (kind, json, location, problem contains)
        ("not JSON", "{syncedAt: 1}", "line 1, column 2", "malformed JSON"),
        ("empty input", "", "", "empty"),
        ("truncated", #"{"streak": 12"#, "line 1, column 14", "expected ',' or '}'"),
        ("trailing text", snapshotJSON() + " x", "line 1, column", "after the end"),
        ("top level is an array", "[1,2]", "$", "expected an object, got an array"),
        ("missing required field", snapshotJSON(replacing: "streak"), "$.streak", "missing (required)"),
        ("required field null", snapshotJSON(replacing: "longestStreak", with: "null"), "$.longestStreak", "is null"),
        (
            "count of the wrong type", snapshotJSON(replacing: "streak", with: #""12""#), "$.streak",
            "expected a whole number, got a string"
        ),
        (
            "negative count", snapshotJSON(replacing: "longestStreak", with: "-3"), "$.longestStreak",
            "must not be negative, got -3"
        ),
        (
            "fractional count", snapshotJSON(replacing: "streak", with: "12.5"), "$.streak",
            "expected a whole number, got 12.5"
        ),
        ("count out of range", snapshotJSON(replacing: "streak", with: "1e400"), "$.streak", "expected a whole number"),
        (
            "date without offset", snapshotJSON(replacing: "syncedAt", with: #""2026-09-17T07:30:00""#), "$.syncedAt",
            "UTC offset"
        ),
        (
            "impossible date", snapshotJSON(replacing: "syncedAt", with: #""2026-02-30T07:30:00Z""#), "$.syncedAt",
            "not an ISO-8601"
        ),
        ("negative epoch", snapshotJSON(replacing: "syncedAt", with: "-5"), "$.syncedAt", "epoch milliseconds"),
        ("date of the wrong type", snapshotJSON(replacing: "syncedAt", with: "true"), "$.syncedAt", "got a boolean"),
        (
            "habits not an array", snapshotJSON(replacing: "habits", with: "{}"), "$.habits",
            "expected an array, got an object"
        ),
        (
            "habit not an object",
            snapshotJSON(replacing: "habits", with: #"[{"title":"A","checkedInToday":true},"B"]"#), "$.habits[1]",
            "expected an object, got a string"
        ),
        (
            "habit missing title", snapshotJSON(replacing: "habits", with: #"[{"checkedInToday":true}]"#),
            "$.habits[0].title", "missing"
        ),
        (
            "checkedInToday not a boolean",
            snapshotJSON(
                replacing: "habits",
                with:
                    #"[{"title":"A","checkedInToday":true},{"title":"B","checkedInToday":true},{"title":"C","#
                    + #""checkedInToday":"yes"}]"#
            ), "$.habits[2].checkedInToday", "expected a boolean, got a string"
        ),
        (
            "habit id not a string",
            snapshotJSON(replacing: "habits", with: #"[{"id":7,"title":"A","checkedInToday":true}]"#), "$.habits[0].id",
            "expected a string, got a number"
        ),
        (
            "extendedToday not a boolean", snapshotJSON(replacing: "extendedToday", with: "1"), "$.extendedToday",
            "expected a boolean, got a number"
        ),
        (
            "motif not a string", snapshotJSON(replacing: "streakMetaphor", with: "3"), "$.streakMetaphor",
            "expected a string"
        ),
        (
            "coachLine not a string", snapshotJSON(replacing: "coachLine", with: "[]"), "$.coachLine",
            "expected a string, got an array"
        ),
        ("duplicate key", #"{"streak":1,"streak":2}"#, "line 1, column 13", "appears twice"),
        ("unterminated string", #"{"streak"#, "line 1, column 9", "unterminated string"),
        ("raw control character", "{\"a\":\"x\ny\"}", "line 1, column 8", "control character"),
        ("nested too deep", String(repeating: "[", count: 100), "line 1, column 65", "nested deeper"),
    ])
    func malformedSnapshotIsAOneLineInputError(kind: String, json: String, location: String, problem: String) {
        do {
            _ = try decodeWidgetSnapshot(json)
            Issue.record("\(kind): decoded without error")
        } catch {
            expectTrue(error.location.hasPrefix(location), "\(kind): location \(error.location)")
            expectTrue(error.problem.contains(problem), "\(kind): problem \(error.problem)")
            expectTrue(!error.description.contains("\n"), "\(kind): not one line")
        }
    }

    @Test func invalidUTF8IsAnInputError() {
        #expect(throws: InputError("", "not UTF-8 text; a snapshot is a JSON object")) {
            try decodeWidgetSnapshot(Data([0x7B, 0xFF, 0x7D]))
        }
    }

    @Test func stringEscapesDecode() throws {
        let s = try decodeWidgetSnapshot(
            snapshotJSON(
                replacing: "habits", with: #"[{"title":"Tea \u2014 \"green\" \ud83c\udf75","checkedInToday":false}]"#))
        expectTrue(s.habits[0].title == "Tea — \"green\" 🍵")
    }
}
