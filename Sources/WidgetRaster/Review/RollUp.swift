import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// Failures rolled up to their cause, the lines read before the per-fixture list — in the console,
/// the step summary and the page, which all call `RollUp.groups`. A contrast failure's cause is
/// its token in its theme and role ("one token edit fails 116 fixtures" is one line); any other
/// failure's is its check and the element it blames, or its check alone. Each failure is in one
/// group; groups with more fixtures come first (token causes before element and check causes).
public enum RollUp {
    public enum Cause: Hashable, Sendable {
        /// A colour token in one theme: its contrast failures in every role, and every fixture
        /// whose pixels moved only inside its nodes (`GateFailure.tokens`) — one edit, one line.
        case token(String, theme: Theme?)
        /// A copy edit: the words the recorded text lost and the render gained.
        case copy(removed: [String], added: [String])
        /// A layout edit: the element whose frame moved (`GateFailure.layout`) in one family.
        case layout(family: String?, element: String, spaceBelow: Bool)
        case element(FailureKind, ElementKind)
        case check(FailureKind)

        var rank: Int {
            switch self {
            case .token: return 0
            case .copy: return 1
            case .layout: return 2
            case .element: return 3
            case .check: return 4
            }
        }
    }

    public struct Group: Equatable, Sendable {
        public var cause: Cause
        /// The failing fixtures, each once, in the failures' order.
        public var keys: [String]
        public var findings: Int
        /// A token cause's roles (`text`, `graphic`) in the order met, its worst measure, and how
        /// many distinct backgrounds it fails on.
        public var roles: [String] = []
        public var worst: ContrastMeasure?
        public var backgrounds: Int
        /// A token cause's fixtures below its floor (the others moved with it without failing).
        public var belowFloor = 0
        /// The nearest value of the token passing on every background it sits on, where the token
        /// audit of the tokens the run drew with has one.
        public var suggestion: TokenSuggestion?
        /// A layout cause's moves, one per fixture, in the failures' order.
        public var moves: [LayoutMove] = []

        /// "widget_capstone_dash (light, graphic) 1.42:1 < 3:1 on 3 backgrounds — 116 fixtures · nearest passing value
        /// #86765A"
        public var line: String {
            let fixtures = "\(keys.count) fixture\(keys.count == 1 ? "" : "s")"
            switch cause {
            case .token(let token, let theme):
                let facet = ([theme?.rawValue] + roles.map(Optional.some)).compactMap { $0 }.joined(separator: ", ")
                var s = "\(token) (\(facet))"
                if let w = worst {
                    s +=
                        " \(WCAG.display(w.ratio)):1 < \(Self.floor(w.floor)):1 on \(backgrounds) "
                        + "background\(backgrounds == 1 ? "" : "s")"
                }
                if belowFloor == 0 {
                    s += " — \(fixtures) moved with it, none below the floor"
                } else {
                    s +=
                        " — \(fixtures)"
                        + (belowFloor < keys.count
                            ? " (\(belowFloor) below the floor, \(keys.count - belowFloor) moved with it)" : "")
                }
                if let suggestion {
                    s +=
                        suggestion.suggested.map { " · nearest passing value \($0) (now \(suggestion.current))" }
                        ?? " · no value at its hue passes"
                }
                return s
            case .copy(let removed, let added):
                func words(_ w: [String]) -> String {
                    w.isEmpty ? "nothing" : w.map(TextDiff.quoted).joined(separator: " ")
                }
                return "copy \(words(removed)) → \(words(added)) — \(fixtures)"
            case .layout(let family, let element, let spaceBelow):
                // (a move counted under the space above it names itself among what moved)
                let others = HTMLReport.orderedUnique(
                    moves.flatMap { spaceBelow && $0.spaceBelow != true ? [$0.element] + $0.others : $0.others })
                let names =
                    others.prefix(4).joined(separator: ", ") + (others.count > 4 ? " and \(others.count - 4) more" : "")
                let with = others.isEmpty ? "" : spaceBelow ? " (moved: \(names))" : " (moved with it: \(names))"
                return
                    "layout \(family.map { $0 + " " } ?? "")\(spaceBelow ? "the space below " : "")\(element) "
                    + "\(LayoutMove.summary(moves)) — \(fixtures)\(with)"
            case .element(let kind, let element):
                return "\(kind.rawValue) \(element.rawValue) — \(fixtures)"
                    + (findings > keys.count ? " (\(findings) findings)" : "")
            case .check(let kind):
                return "\(kind.rawValue) — \(fixtures)" + (findings > keys.count ? " (\(findings) findings)" : "")
            }
        }

        /// A floor as people write it: 3, 4.5.
        static func floor(_ f: Double) -> String { f == f.rounded() ? String(Int(f)) : String(format: "%g", f) }
    }

    /// The groups of `failures`. `suggestions`: the token audit's (`TokenAuditReport.suggestions`)
    /// for the tokens the run drew with, matched to a token cause by name and base theme.
    /// `details`: the failing fixtures' words, which name a copy edit's cause.
    public static func groups(
        _ failures: [GateFailure], suggestions: [TokenSuggestion] = [], details: [FixtureDetail] = []
    ) -> [Group] {
        struct Tally {
            var keys: [String] = []
            var seen: Set<String> = []
            var findings = 0
            var roles: [String] = []
            var worst: ContrastMeasure?
            var backgrounds: Set<String> = []
            var floors: Set<Pair> = []
            var below: Set<String> = []
            var moves: [LayoutMove] = []
        }
        struct Pair: Hashable {
            var background: String
            var floor: Double
        }
        var order: [Cause] = []
        var byCause: [Cause: Tally] = [:]
        // Causes a pixels failure joins only where the run has them: tokens that failed contrast…
        let sharedCauses = Set(
            failures.compactMap { f in f.contrast.map { Cause.token($0.token, theme: theme(f.key)) } }
        )
        // …and the spaces below an element that layout edits changed, which a lone move below it joins.
        .union(
            failures.compactMap { f in
                f.layout.flatMap {
                    $0.spaceBelow == true ? Cause.layout(family: $0.family, element: $0.element, spaceBelow: true) : nil
                }
            })
        let words = Dictionary(details.map { ($0.key, $0) }, uniquingKeysWith: { a, _ in a })
        let causes = movedTokenCauses(
            failures, failures.map { self.cause($0, sharedCauses: sharedCauses, details: words) })
        for (f, cause) in zip(failures, causes) {
            if byCause[cause] == nil {
                order.append(cause)
                byCause[cause] = Tally()
            }
            // Changed in place through the subscript: a copy taken out and stored back copied the
            // key set on every failure (issue #55: `report` of 8,000 failures was quadratic).
            tally(&byCause[cause]!, f)
        }
        func tally(_ g: inout Tally, _ f: GateFailure) {
            if g.seen.insert(f.key).inserted { g.keys.append(f.key) }
            g.findings += 1
            if let move = f.layout { g.moves.append(move) }
            guard let m = f.contrast else { return }
            if g.worst.map({ m.ratio / m.floor < $0.ratio / $0.floor }) ?? true { g.worst = m }
            g.backgrounds.insert(m.background)
            g.floors.insert(Pair(background: m.background, floor: m.floor))
            if !g.roles.contains(m.role) { g.roles.append(m.role) }
            g.below.insert(f.key)
        }
        let groups = order.map { cause -> Group in
            let g = byCause[cause]!
            var suggestion: TokenSuggestion?
            if case .token(let token, let theme) = cause {
                suggestion = suggestions.first {
                    $0.token == token && $0.configuration == TokenConfiguration(theme: theme ?? .light) && theme != nil
                }
                // …passing also on what the renders measured beneath it, at each role's floor (a fix
                // for verify as well as contrast).
                let rendered = g.floors.sorted { ($0.background, $0.floor) < ($1.background, $1.floor) }
                    .compactMap { p in
                        Color(hex: p.background).map { NearestPassing.Constraint(CompositeColor($0), floor: p.floor) }
                    }
                suggestion = suggestion?.passing(alsoOn: rendered)
            }
            return Group(
                cause: cause, keys: g.keys, findings: g.findings, roles: g.roles, worst: g.worst,
                backgrounds: suggestion.map { max(1, $0.failingOn.count) } ?? g.backgrounds.count,
                belowFloor: g.below.count, suggestion: suggestion, moves: g.moves)
        }
        // Stable: ties keep the failures' order (the review order the caller passes).
        return groups.enumerated().sorted { a, b in
            (a.element.cause.rank, -a.element.keys.count, a.offset) < (
                b.element.cause.rank, -b.element.keys.count, b.offset
            )
        }.map(\.element)
    }

    static func theme(_ key: String) -> Theme? { FixtureCatalog.id(forKey: key)?.theme }

    /// `causes` with the pixels failures left to their check moved under a token cause where the
    /// token failed no contrast: a token edit that passes (its suggested value applied) is one
    /// cause too, not a `pixels` line. A token qualifies where its nodes hold every changed pixel
    /// of at least two such failures in one theme (one edit moves every render drawing it; a lone
    /// render is as likely a hand-moved golden); a failure whose pixels several qualifying tokens
    /// hold goes to the one holding the most failures.
    static func movedTokenCauses(_ failures: [GateFailure], _ causes: [Cause]) -> [Cause] {
        func unattributed(_ c: Cause) -> Bool {
            switch c {
            case .token, .copy, .layout: return false
            case .element, .check: return true
            }
        }
        var held: [Cause: Int] = [:]
        for (f, c) in zip(failures, causes) where unattributed(c) {
            for t in f.tokens ?? [] { held[.token(t, theme: theme(f.key)), default: 0] += 1 }
        }
        return zip(failures, causes).map { f, c in
            guard unattributed(c) else { return c }
            let options = (f.tokens ?? []).map { Cause.token($0, theme: theme(f.key)) }.filter {
                held[$0, default: 0] >= 2
            }
            // (`max(by:)` keeps the first of equals: the token first by name)
            return options.max { held[$0]! < held[$1]! } ?? c
        }
    }

    /// The render's lines are the recorded ones with whole lines left out, none changed: lines a
    /// layout edit shed for room, not a copy edit.
    static func linesShed(before: [String], now: [String]) -> Bool {
        guard now.count < before.count else { return false }
        var rest = now[...]
        for line in before where rest.first == line { rest = rest.dropFirst() }
        return rest.isEmpty
    }

    /// A failure's cause: its token for a contrast failure; for a golden-comparison failure, the
    /// copy edit its words show, else the layout edit its recorded frames show (`GateFailure.layout`),
    /// else the token cause of the run its changed pixels lie in; else the element the check
    /// blames, or the check alone.
    static func cause(_ f: GateFailure, sharedCauses: Set<Cause> = [], details: [String: FixtureDetail] = [:]) -> Cause
    {
        if let m = f.contrast { return .token(m.token, theme: theme(f.key)) }
        let comparison: Bool
        if case .comparison = f.kind.reporter { comparison = true } else { comparison = false }
        // A line a layout edit shed (Longest N, dropped for room) is that layout edit's, not copy.
        var shed = false
        if let move = f.layout, move.was != nil, move.now == nil, let d = details[f.key], let before = d.expectedText {
            shed = linesShed(before: before, now: d.actualText)
        }
        if comparison, !shed, let d = details[f.key], let before = d.expectedText,
            before != d.actualText || d.expectedLabel != d.actualLabel
        {
            let pieces = TextDiff.diff(
                before.flatMap { $0.split(separator: " ").map(String.init) },
                d.actualText.flatMap { $0.split(separator: " ").map(String.init) })
            var removed: [String] = []
            var added: [String] = []
            for p in pieces {
                switch p {
                case .same: break
                case .removed(let w): if !removed.contains(w) { removed.append(w) }
                case .added(let w): if !added.contains(w) { added.append(w) }
                }
            }
            if !removed.isEmpty || !added.isEmpty { return .copy(removed: removed, added: added) }
        } else if comparison, let move = f.layout {
            if let above = move.above,
                sharedCauses.contains(.layout(family: move.family, element: above, spaceBelow: true))
            {
                return .layout(family: move.family, element: above, spaceBelow: true)
            }
            return .layout(family: move.family, element: move.element, spaceBelow: move.spaceBelow == true)
        } else if comparison,
            let token = f.tokens?.first(where: { sharedCauses.contains(.token($0, theme: theme(f.key))) })
        {
            return .token(token, theme: theme(f.key))
        }
        if let e = f.element { return .element(f.kind, e) }
        return .check(f.kind)
    }

    /// The console's and the step summary's lines: "caused by:" then one line per group.
    public static func lines(_ groups: [Group]) -> [String] {
        groups.isEmpty ? [] : ["failures by cause:"] + groups.map { "  " + $0.line }
    }
}

extension RollUp {
    /// A run's groups in review order, with the suggestions of the bundled token files (the
    /// tokens `verify` draws with), audited only when a contrast failure needs one.
    public static func groups(_ result: VerifyResult) -> [Group] {
        let failures = ReviewOrder.failures(result.failures)
        return groups(
            failures, suggestions: failures.contains { $0.contrast != nil } ? bundledSuggestions() : [],
            details: result.details
        ).map { g in
            // "now" as the token file spells it (not the parsed colour written back: 0.640 read is 0.639 written).
            guard case .token(let token, let theme?) = g.cause, let s = g.suggestion,
                let literal = TokenLiteral.value(token, theme: theme, platform: s.platform)
            else { return g }
            var out = g
            out.suggestion?.current = literal
            return out
        }
    }

    /// Both platforms' bundled token audits' suggestions; none where a bundled file cannot be read
    /// (verify has already drawn with them, so that does not happen outside a broken checkout).
    static func bundledSuggestions() -> [TokenSuggestion] {
        let android =
            (try? ContrastAudit.auditAndroid(resDirectory: AndroidTokens.bundledResDirectory))?.suggestions ?? []
        let ios = (try? AssetCatalogTokens.bundled()).flatMap { try? ContrastAudit.auditIOS($0) }?.suggestions ?? []
        return android + ios
    }
}
