import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

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

    /// The title a card names; every name comes from `titles`.
    static func title(_ name: String) -> String { titles.first { $0.name == name }?.title ?? name }

    /// The families with rows (`FamilyTraits.titleRowsPerCard`), in family order; Small shows one
    /// habit, its next due (below).
    static let rowSets: [(family: AndroidFamily, perCard: Int)] =
        AndroidFamily.allCases.compactMap { f in f.traits.titleRowsPerCard.map { (f, $0) } }

    /// The titles dealt into cards of `perCard` rows, in table order.
    static func cards(_ perCard: Int) -> [IntlCard] {
        stride(from: 0, to: titles.count, by: perCard).map { start in
            .rows(titles[start..<min(start + perCard, titles.count)].map(\.name))
        }
    }

    /// International titles are a content band: `android/bands/intl/<family>/<titles>`, stones,
    /// kindling, not yet extended; accessories have no appearance of their own (drawn from the dark form).
    static func id(_ family: FixtureFamily, _ card: IntlCard, theme: Theme = .light) -> FixtureID {
        FixtureID(
            family: family, state: nil, motifs: .one(.stones), bodies: .one(.kindling), theme: theme, band: .intl(card))
    }

    static func requests() -> [(id: FixtureID, request: Deferred<AndroidRenderRequest>)] {
        var out: [(FixtureID, Deferred<AndroidRenderRequest>)] = []
        for set in rowSets {
            let p = AndroidMatrix.placement(set.family)
            for card in cards(set.perCard) {
                let id = id(.android(set.family), card)
                out.append((id, AndroidMatrix.request(id, p.family, p.width, p.height)))
            }
        }
        // Small shows one habit, the next due, once it has 200 dp of height: each title gets its turn.
        for t in titles {
            let id = id(.android(.small), .nextDue(t.name))
            out.append((id, AndroidMatrix.request(id, .init(.small), 170, 200)))
        }
        return out
    }

    // MARK: iOS — the same titles in systemMedium's short checklist (two rows a card: all that fit under a two-line
    // Coach line),
    // systemLarge's window (four a card), as systemSmall's next-due habit, and as the habit the
    // inline Lock Screen accessory names ("12 · 1 of 2 · <title> left"), at the default class.

    /// The Home Screen families with rows (`FamilyTraits.titleRowsPerCard`), in family order;
    /// systemSmall shows one habit, its next due (below).
    static let iosRowSets: [(family: IOSHomeFamily, perCard: Int)] =
        IOSHomeFamily.allCases.compactMap { f in FixtureFamily.ios(f.family).traits.titleRowsPerCard.map { (f, $0) } }

    static func iosRequests() -> [(id: FixtureID, request: Deferred<IOSRenderRequest>)] {
        var out: [(FixtureID, Deferred<IOSRenderRequest>)] = []
        for set in iosRowSets {
            for card in cards(set.perCard) {
                let id = id(.ios(set.family.family), card)
                out.append((id, IOSMatrix.request(id, set.family.family)))
            }
        }
        for t in titles {
            let small = id(.ios(IOSHomeFamily.systemSmall.family), .nextDue(t.name))
            out.append((small, IOSMatrix.request(small, IOSHomeFamily.systemSmall.family)))
            let inline = id(.ios(IOSAccessoryFamily.accessoryInline.family), .nextDue(t.name), theme: .dark)
            out.append((inline, IOSMatrix.request(inline, IOSAccessoryFamily.accessoryInline.family)))
        }
        return out
    }
}

extension IntlCard {
    /// The habits' titles: a card's rows; the next-due title first (Small), or second after one done
    /// habit on the inline accessory, which names the habit left.
    func titles(family: FixtureFamily) -> [String] {
        switch self {
        case .rows(let names): return names.map(InternationalMatrix.title)
        case .nextDue(let name):
            let first = Scenario.habitTitles[0]
            let title = InternationalMatrix.title(name)
            return firstRowDone(family: family) ? [first, title] : [title, first]
        }
    }

    /// Whether the first row is checked in: every card of rows; a next-due pair where the family
    /// names the habit left.
    func firstRowDone(family: FixtureFamily) -> Bool {
        switch self {
        case .rows: return true
        case .nextDue: return family.traits.namesTheHabitLeft
        }
    }
}
