import Foundation

/// Habit titles in any script (issue #10): what users type, drawn as a phone draws them — emoji,
/// a ZWJ family, a flag, CJK, Arabic, Hebrew, mixed direction, accents, a long German compound,
/// combining marks. Each appears in the habit rows of Medium and Large and as Small's next-due
/// habit, so every fallback face, the bidi alignment and grapheme-safe cutting have a golden.
public enum InternationalMatrix {
    /// (key segment, title). Every code point here must be drawn by the chain (a test counts .notdef).
    /// Ordered so each card's first row is done and its second is the next-due row (two lines):
    /// the long CJK title wraps there between ideographs, Hebrew starts at the row's right end.
    public static let titles: [(name: String, title: String)] = [
        ("emoji", "💧 Water"),
        ("cjk-long", "毎日日本語の本を三十分読んで感想をノートに書いてから寝る"),
        ("skin-tone-zwj", "🏃🏽‍♀️ Run 5k"),
        ("zwj-family", "👨‍👩‍👧 Family call"),
        ("flag", "🇯🇵 Japanese class"),
        ("cjk", "読書 30分"),
        ("arabic", "قراءة"),
        ("hebrew", "קריאה"),
        ("mixed-direction", "Run רוץ 5k"),
        ("accented-latin", "Café crème brûlée"),
        ("german-compound", "Donaudampfschifffahrtsgesellschaftskapitän"),
        ("combining-marks", "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t"),
    ]

    /// Rows of Medium (two a card: all a 300 × 180 Medium shows) and Large (six a card).
    static let rowSets: [(family: AndroidFamily, request: AndroidFamilyRequest, width: Double, height: Double, perCard: Int)] = [
        (.medium, .medium, 300, 180, 2), (.large, .auto, 320, 360, 6),
    ]

    static func request(_ family: AndroidFamilyRequest, _ width: Double, _ height: Double,
                        titles: [String], doneFirst: Bool) -> AndroidRenderRequest {
        AndroidRenderRequest(family: family, widthDp: width, heightDp: height, snapshot: snapshot(titles: titles, doneFirst: doneFirst),
                             asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
    }

    /// Stones, kindling, not yet extended; the titles as habits, the first done when `doneFirst`.
    static func snapshot(titles: [String], doneFirst: Bool) -> WidgetSnapshot {
        var snap = MatrixCases.snapshot(done: 0, total: titles.count, motif: .stones, extended: false, kindling: true)
        snap.habits = titles.enumerated().map { i, t in WidgetHabit(id: "h\(i + 1)", title: t, checkedInToday: doneFirst && i == 0) }
        return snap
    }

    /// The titles dealt into cards of `perCard` rows, each tagged by its titles' names (`arabic_hebrew`).
    static func cards(_ perCard: Int) -> [(tag: String, titles: [String])] {
        stride(from: 0, to: titles.count, by: perCard).map { start in
            let slice = titles[start..<min(start + perCard, titles.count)]
            return (slice.map(\.name).joined(separator: "_"), slice.map(\.title))
        }
    }

    /// International titles are a content band: `android/bands/intl/<family>/<titles>`.
    static func id(_ family: AndroidFamily, _ tag: String) -> FixtureID {
        FixtureID(family: .android(family), state: nil, motifs: .one(.stones), bodies: .one(.kindling), theme: .light,
                  band: FixtureBand(axis: "intl", namesFamily: true, tags: [tag]))
    }

    static func requests() -> [(id: FixtureID, request: AndroidRenderRequest)] {
        var out: [(FixtureID, AndroidRenderRequest)] = []
        for set in rowSets {
            for card in cards(set.perCard) {
                out.append((id(set.family, card.tag), request(set.request, set.width, set.height, titles: card.titles, doneFirst: true)))
            }
        }
        // Small shows one habit, the next due, once it has 200 dp of height: each title gets its turn.
        for t in titles {
            out.append((id(.small, "next-due-\(t.name)"),
                        request(.small, 170, 200, titles: [t.title, MatrixCases.habitTitles[0]], doneFirst: false)))
        }
        return out
    }

    public static func items(builder: AndroidSceneBuilder) -> [MatrixItem] {
        requests().map { r in MatrixItem(id: r.id) { builder.scene(r.request) } }
    }

    // MARK: iOS — the same titles in systemMedium's short checklist (two rows a card: all that fit under a two-line Coach line),
    // systemLarge's window (four a card), as systemSmall's next-due habit, and as the habit the
    // inline Lock Screen accessory names ("12 · 1 of 2 · <title> left"), at the default class.

    static let iosRowSets: [(family: IOSHomeFamily, perCard: Int)] = [(.systemMedium, 2), (.systemLarge, 4)]

    static func iosRequest(_ family: IOSFamily, titles: [String], doneFirst: Bool, theme: Theme = .light) -> IOSRenderRequest {
        IOSRenderRequest(family: family, theme: theme, snapshot: snapshot(titles: titles, doneFirst: doneFirst),
                         asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
    }

    /// Accessories have no appearance of their own: one vibrant render, drawn from the dark form.
    static func iosID(_ family: IOSFamily, _ tag: String, theme: Theme = .light) -> FixtureID {
        FixtureID(family: .ios(family), state: nil, motifs: .one(.stones), bodies: .one(.kindling), theme: theme,
                  band: FixtureBand(axis: "intl", namesFamily: true, tags: [tag]))
    }

    static func iosRequests() -> [(id: FixtureID, request: IOSRenderRequest)] {
        var out: [(FixtureID, IOSRenderRequest)] = []
        for set in iosRowSets {
            for card in cards(set.perCard) {
                out.append((iosID(set.family.family, card.tag), iosRequest(set.family.family, titles: card.titles, doneFirst: true)))
            }
        }
        for t in titles {
            out.append((iosID(IOSHomeFamily.systemSmall.family, "next-due-\(t.name)"),
                        iosRequest(IOSHomeFamily.systemSmall.family, titles: [t.title, MatrixCases.habitTitles[0]], doneFirst: false)))
            let inline = IOSAccessoryFamily.accessoryInline.family
            out.append((iosID(inline, "next-due-\(t.name)", theme: .dark),
                        iosRequest(inline, titles: [MatrixCases.habitTitles[0], t.title], doneFirst: true, theme: .dark)))
        }
        return out
    }

    public static func items(builder: IOSSceneBuilder) -> [MatrixItem] {
        iosRequests().map { r in MatrixItem(id: r.id) { builder.scene(r.request) } }
    }
}
