import EvidenceCore
import Foundation
import WidgetModel

/// `evidence resolve`: what the widget decides for one snapshot at one moment.
struct ResolveCommand: DeclaredCommand {
    typealias Arguments = ResolveOptions
    static let name = "resolve"
    static let summary = "Show the state, reactive treatment, motif and every string for a snapshot at a moment"
    static let usage = """
        usage: evidence resolve --snapshot FILE|- --as-of ISO8601 --time-zone IANA [--platform P] [--json]
               evidence resolve --no-snapshot --as-of ISO8601 --time-zone IANA [--platform P] [--json]

        Decodes the snapshot JSON the app writes and prints what the widget decides at --as-of in
        --time-zone (the clock is never read): state, reactive treatment (or suppressed), motif,
        streak glyph, and every string and accessibility label per platform.
        """
    static let notes = """
        example: evidence resolve --snapshot snap.json --as-of 2026-03-08T09:00:00-04:00 --time-zone America/New_York
        """

    struct Report: Encodable {
        var asOf: String
        var timeZone: String
        var state: WidgetState
        /// extended / notYet / baseline, or "suppressed".
        var reactive: String
        var motif: StreakMotif
        var glyph: StreakGlyph?
        var kindling: Bool
        var streak: Int
        var longestStreak: Int
        var doneCount: Int
        var dueCount: Int
        var hoursSinceSync: Int?
        var copy: [String: WidgetCopy]
    }

    static func run(_ o: ResolveOptions) throws -> Int32 {
        let snapshot = try o.snapshotPath.map(loadSnapshotFile)
        let w = resolveWidget(snapshot: snapshot, asOf: o.asOf, timeZone: o.timeZone)
        let copies = o.platforms.map { widgetCopy(w, platform: $0) }
        let report = Report(
            asOf: o.asOfText, timeZone: o.timeZone.identifier,
            state: w.state, reactive: w.reactive?.rawValue ?? "suppressed", motif: w.motif, glyph: w.glyph,
            kindling: w.kindling, streak: w.streak, longestStreak: w.longestStreak,
            doneCount: w.doneCount, dueCount: w.dueCount, hoursSinceSync: w.hoursSinceSync,
            copy: Dictionary(uniqueKeysWithValues: copies.map { ($0.platform.rawValue, $0) }))
        if o.json {
            try printJSON(report)
            return 0
        }
        print("state:     \(w.state.rawValue)")
        print("reactive:  \(report.reactive)")
        print("motif:     \(w.motif.rawValue)")
        let glyph =
            w.glyph.map { g in
                g.isClassicFlame ? "classic flame (fail-closed)" : "\(g.motif.rawValue) \(g.tone.rawValue)"
            } ?? "none (app glyph)"
        print("glyph:     \(glyph)")
        print("kindling:  \(w.kindling ? "on" : "off (legacy body)")")
        print(
            "streak:    \(w.streak), longest \(w.longestStreak); \(w.doneCount) of \(w.dueCount) done"
                + (w.hoursSinceSync.map { "; synced \($0)h before as-of" } ?? ""))
        for c in copies {
            print("\n[\(c.platform.rawValue)]")
            for (k, v) in rows(c) { print("  " + k.padding(toLength: 22, withPad: " ", startingAt: 0) + v) }
        }
        return 0
    }

    static func rows(_ c: WidgetCopy) -> [(String, String)] {
        var r: [(String, String?)] = [
            ("caption", c.caption), ("coachLine", c.coachLine), ("coachLineShort", c.coachLineShort),
            ("title", c.title), ("subtitle", c.subtitle), ("progress", c.progress),
            ("progressCompact", c.progressCompact), ("staleFooter", c.staleFooter), ("smallCTA", c.smallCTA),
            ("largeMotivator", c.largeMotivator), ("daysLabel", c.daysLabel), ("dayStreakLabel", c.dayStreakLabel),
            ("longestLabel", c.longestLabel), ("largeHeaderLabel", c.largeHeaderLabel),
        ]
        if let a = c.accessoryLines {
            r += [
                ("accessory.line1", a.line1), ("accessory.line2", a.line2), ("accessory.line3", a.line3),
                ("inlineAccessory", c.inlineAccessory), ("inlineSymbol", c.inlineAccessorySymbol),
                ("accessoryStreakSymbol", c.accessoryStreakSymbol),
            ]
        }
        r += [
            ("a11y (small)", c.smallAccessibilityLabel), ("a11y (medium)", c.accessibilityLabel),
            ("a11y (large)", c.largeAccessibilityLabel),
            ("a11y (accessory)", c.accessoryAccessibilityLabel),
        ]
        return r.map { ($0.0, $0.1.map { "\"\($0)\"" } ?? "—") }
    }
}
