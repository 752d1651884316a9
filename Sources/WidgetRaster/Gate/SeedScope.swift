import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// The seed's scope (issue #51 Build 3), in one place: the inputs its tables and bounds cover, each
/// boundary with the passage of seed 000 it comes from (quoted byte-exact; SeedScopeTests reads the
/// seed file). A finding about a render outside a boundary *the finding's rule depends on* is
/// `outside-scope`: reported and counted, never a gate failure. Which boundaries a rule depends on
/// is `SeedScope.Rule` (docs/reference/failure-kinds.md, "Outside the seed's scope").
///
/// iOS has no boundary: seeds 000 and 001 state no Dynamic Type cap, no digit coverage and no size
/// bounds for the iOS families (the widget is drawn at Apple's sizes and the text size asked for;
/// /work/shared/ios-digest.md, "Dynamic Type"), so every iOS finding is judged in scope.
public enum SeedScope {
    /// One input range the seed's own words cover.
    public struct Boundary: Sendable {
        /// What it bounds, for people: `declared width`.
        public var name: String
        /// The covered range, for people: `110–500 dp`.
        public var covers: String
        /// Where in seed 000 (the section), and its passages, each a byte-exact quote.
        public var section: String
        public var passages: [String]
        /// Whether a render's facts lie inside it.
        let inside: @Sendable (RenderFacts) -> Bool

        /// The citation an outside-scope finding carries: `000, <section>: "<passage>"`.
        public var citation: String { "000, \(section): " + passages.map { "\"\($0)\"" }.joined(separator: " … ") }

        public func contains(_ facts: RenderFacts) -> Bool { inside(facts) }
    }

    /// How far past a bound a render must be to lie outside it (layout arithmetic, not a tolerance).
    static let slack = 1e-9

    // MARK: The boundaries

    /// home_widget_info.xml's declared width: the resize floor to maxResizeWidth.
    public static let declaredWidth = Boundary(
        name: "declared width", covers: "\(dp(AndroidLayout.smallFloorWidthDp))–\(dp(maxResizeWidthDp)) dp",
        section: "Android family (resolveSize)",
        passages: ["home_widget_info.xml, minWidth/minHeight 110dp/130dp, maxResizeWidth/maxResizeHeight 500dp/400dp"],
        inside: { within($0.size.width, AndroidLayout.smallFloorWidthDp, maxResizeWidthDp) })

    /// home_widget_info.xml's declared height: minHeight to maxResizeHeight.
    public static let declaredHeight = Boundary(
        name: "declared height", covers: "\(dp(minHeightDp))–\(dp(maxResizeHeightDp)) dp",
        section: "Android family (resolveSize)",
        passages: ["home_widget_info.xml, minWidth/minHeight 110dp/130dp, maxResizeWidth/maxResizeHeight 500dp/400dp"],
        inside: { within($0.size.height, minHeightDp, maxResizeHeightDp) })

    /// The largest font scale any of the seed's tables has a column for (the width table, the
    /// Large rung table). Below a table's smallest column every demand is lower than that column's,
    /// which the table bounds, so small font scales are covered.
    public static let tableFontScale = Boundary(
        name: "font scale (any table)", covers: "fontScale ≤ \(tableFontScaleMax)",
        section: "Width budget, The box model; Narrow-Large readability",
        passages: ["Element\tfontScale 1.0\t1.3\t2.0", "fontScale 2.0: INLINE ≥460dp/COMPACT ≥325dp"],
        inside: { $0.fontScale <= tableFontScaleMax + slack })

    /// The height tables (the always-visible core, the DAY STREAK / Longest N thresholds, the band
    /// table every new element re-runs) stop at fontScale 1.3.
    public static let heightTableFontScale = Boundary(
        name: "font scale (height tables)", covers: "fontScale ≤ \(heightTableFontScaleMax)",
        section: "Left-column height budget, The threshold; Adding an element to this column",
        passages: [
            "fontScale 1.3 · STALE\t≥146dp\t≥174dp",
            "Re-run the band table across {130, 155, 180}dp × {caption on/off} × {fontScale 1.0, 1.3} × all 5 states",
        ],
        inside: { $0.fontScale <= heightTableFontScaleMax + slack })

    /// The width budget's digit coverage: 1–3-digit streaks (the longest streak's numeral counts too).
    public static let streakDigits = Boundary(
        name: "streak digits", covers: "1–\(maxStreakDigits) digits",
        section: "Known follow-ups",
        passages: [
            "4+-digit streak numerals have no width-budget coverage — Amendment B and the width budget fix above both "
                + "bound their matrix to {1,2,3}-digit streaks (the accepted scope)"
        ],
        inside: { digits(max($0.resolved.streak, $0.resolved.longestStreak)) <= maxStreakDigits })

    /// Every boundary, in the order a render is tested against them.
    public static let boundaries = [declaredWidth, declaredHeight, tableFontScale, heightTableFontScale, streakDigits]

    static let maxResizeWidthDp = 500.0, minHeightDp = 130.0, maxResizeHeightDp = 400.0
    static let tableFontScaleMax = 2.0, heightTableFontScaleMax = 1.3
    static let maxStreakDigits = 3

    // MARK: Which boundaries a finding's rule depends on

    /// The inputs the rule behind a finding reads, so which boundaries decide its scope.
    public enum Rule: String, Sendable, CaseIterable {
        /// Glyph coverage, one-tint sameness, two cues that disagree, a sentence drawn twice: no size
        /// or type scale makes them, so no bound applies (always in scope).
        case unsized = "no input bound"
        /// A layout outcome (a cut, a clip, text landing on a colour it fails against): the declared
        /// width and height, and a table's font scale (≤ 2.0).
        case layout
        /// Small's and Medium's column height budget (the core, the label thresholds, the shed order):
        /// `layout` and the height tables' font scales (≤ 1.3).
        case heightBudget = "height budget"
        /// The streak block's width (Small's header row, Large's header ladder, Medium's left column):
        /// `layout` and the width budget's 1–3 digits.
        case streakWidth = "streak width"
        /// Medium's checklist column: its height budget, and its width, which is what the streak
        /// column beside it leaves (so the width budget's 1–3 digits too).
        case checklistColumn = "checklist column"

        public var boundaries: [Boundary] {
            switch self {
            case .unsized: []
            case .layout: [declaredWidth, declaredHeight, tableFontScale]
            case .heightBudget: [declaredWidth, declaredHeight, tableFontScale, heightTableFontScale]
            case .checklistColumn: [declaredWidth, declaredHeight, tableFontScale, heightTableFontScale, streakDigits]
            case .streakWidth: [declaredWidth, declaredHeight, tableFontScale, streakDigits]
            }
        }
    }

    /// The rule a check's finding about a render drawn from `facts` depends on, as its check's
    /// registration says (`CheckRegistry.Check.scope`); nil for a kind no check reports about one
    /// render (a golden comparison, a run-wide failure): never outside scope.
    public static func rule(of f: GateFailure, facts: RenderFacts) -> Rule? {
        f.kind.check?.scope(f, facts)
    }

    /// A cut or a clip (`clipped`, `truncated`) is a width or a height overflow; the seed's floors
    /// ("an ellipsis, never a character stack") hold at every font scale it covers, so not only the
    /// height tables'.
    static func cutOrClip(_ f: GateFailure, _ facts: RenderFacts) -> Rule {
        isStreakBlock(f.element, facts) ? .streakWidth : .layout
    }

    /// A lost meaning: an absence or a shed out of order is bounded as the family's shedding is;
    /// contradicting cues and a repeated sentence are not made by size or type scale.
    static func lostMeaning(_ f: GateFailure, _ facts: RenderFacts) -> Rule {
        switch LostMeaningCheck.Reason(detail: f.detail) {
        case .absent?, .shedOrder?:
            if isStreakBlock(f.element, facts) { return .streakWidth }
            switch facts.family.traits.shedTables {
            case .heightTables: return .heightBudget
            case .heightTablesBesideStreak: return .checklistColumn
            case .none: return .layout
            }
        case .contradiction?, .repeated?: return .unsized
        case nil: return .layout  // a detail without its reason: the widest bounds only
        }
    }

    /// The streak block: its width moves with the digit count (seed 000's width table rows "numeral,
    /// 1 digit" … "3 digits"; Large's ladder "from the granted width, font scale, streak/longest digit
    /// counts, and the active caption string's measured advance" — so Large's caption too).
    static func isStreakBlock(_ element: ElementKind?, _ facts: RenderFacts) -> Bool {
        guard let element else { return false }
        switch element {
        case .numeral, .streakGlyph, .daysLabel, .dayStreakLabel, .longestLabel, .headerLabel: return true
        case .caption, .captionGlyph: return facts.family == .android(.large)
        case .card, .ember, .progress, .pip, .coachLine, .coachSpark, .statusTitle, .statusSubtitle, .statusGlyph,
            .stateGlyph,
            .newDayLine, .newDayIcon, .staleFooter, .overflowLine, .motivator, .appGlyph, .habitRowBackground,
            .habitCheck,
            .habitTitle, .checkOffPill, .checkOffLabel, .accessoryBackground, .gauge, .leadingMark, .accessoryLine1,
            .accessoryLine2, .accessoryLine3, .inlineLabel, .sheetLabel:
            return false
        }
    }

    /// The first boundary the finding's rule depends on that the render lies outside, or nil (in
    /// scope). iOS renders are always in scope (no boundary; see the type's comment).
    public static func crossed(_ f: GateFailure, facts: RenderFacts) -> Boundary? {
        guard facts.platform == .android, let rule = rule(of: f, facts: facts) else { return nil }
        return rule.boundaries.first { !$0.contains(facts) }
    }

    static func within(_ v: Double, _ lo: Double, _ hi: Double) -> Bool { lo - slack <= v && v <= hi + slack }
    static func digits(_ n: Int) -> Int { String(n.magnitude).count }
    static func dp(_ v: Double) -> String { String(format: "%.0f", v) }
}

extension LostMeaningCheck.Reason {
    /// The reason a finding's detail starts with (`absent: …`), or nil.
    init?(detail: String) {
        guard let r = Self.allCases.first(where: { detail.hasPrefix($0.rawValue + ":") }) else { return nil }
        self = r
    }
}

/// One render's findings in their classes: the gate's failures, the known-findings entries' matches
/// (`known` and `spec-gap`), and the findings outside the seed's scope.
public struct ClassifiedFindings: Sendable {
    public var failures: [GateFailure] = []
    public var known: [KnownMatch] = []
    public var outsideScope: [KnownMatch] = []
}

extension KnownFindings {
    /// Sorts findings about one render drawn from `facts` into their classes: an entry that names
    /// the finding's exact condition (`known`) decides first; then the seed's scope — a spec gap is
    /// what the seed's rules produce where they apply, so outside their scope a finding is counted
    /// there; then a `spec-gap` entry; the rest fail.
    public func classify(_ findings: [GateFailure], facts: RenderFacts?) -> ClassifiedFindings {
        var out = ClassifiedFindings()
        func match(_ f: GateFailure, _ e: KnownFinding) -> KnownMatch {
            KnownMatch(
                key: f.key, kind: f.kind, node: f.node, element: f.element, detail: f.detail, seed: e.seed,
                findingClass: e.findingClass, entry: e)
        }
        for f in findings {
            let matching = entries.filter { $0.matches(f, facts: facts) }
            if let e = matching.first(where: { $0.findingClass == .known }) {
                out.known.append(match(f, e))
            } else if let facts, let b = SeedScope.crossed(f, facts: facts) {
                out.outsideScope.append(
                    KnownMatch(
                        key: f.key, kind: f.kind, node: f.node, element: f.element, detail: f.detail,
                        seed: b.citation, findingClass: .outsideScope, boundary: b.name))
            } else if let e = matching.first {
                out.known.append(match(f, e))
            } else {
                out.failures.append(f)
            }
        }
        return out
    }
}

/// How many findings of each class one render (or run) has, for `render --json` and `plan`: the
/// classes counted apart, spec gaps first.
public struct FindingCounts: Codable, Sendable, Equatable {
    public var specGap = 0, known = 0, outsideScope = 0, failure = 0
    enum CodingKeys: String, CodingKey { case specGap = "spec-gap", known, outsideScope = "outside-scope", failure }

    public init(_ classes: [FindingClass]) {
        for c in classes {
            switch c {
            case .specGap: specGap += 1
            case .known: known += 1
            case .outsideScope: outsideScope += 1
            case .failure: failure += 1
            }
        }
    }

    public func count(_ c: FindingClass) -> Int {
        switch c {
        case .specGap: specGap
        case .known: known
        case .outsideScope: outsideScope
        case .failure: failure
        }
    }

    /// `1 spec gap, 0 known, 2 outside the seed's scope, 0 failures`.
    public var line: String { FindingClass.allCases.map { $0.counted(count($0)) }.joined(separator: ", ") }
}

extension FindingClass {
    /// `n` findings of this class in words: `1 spec gap`, `2 outside the seed's scope`, `0 failures`.
    public func counted(_ n: Int) -> String {
        switch self {
        case .specGap: "\(n) spec gap\(n == 1 ? "" : "s")"
        case .known: "\(n) known"
        case .outsideScope: "\(n) outside the seed's scope"
        case .failure: "\(n) failure\(n == 1 ? "" : "s")"
        }
    }

    /// Its place in every listing: spec gaps first.
    public var rank: Int { Self.allCases.firstIndex(of: self)! }

    /// `items` in listing order — spec gaps first, then known, outside scope, failures — each class
    /// in its original order.
    public static func specGapsFirst<T>(_ items: [T], _ findingClass: (T) -> FindingClass) -> [T] {
        items.enumerated().sorted {
            (findingClass($0.element).rank, $0.offset) < (findingClass($1.element).rank, $1.offset)
        }.map(\.element)
    }
}
