import Foundation

/// Failures rolled up to their cause, the lines read before the per-fixture list — in the console,
/// the step summary and the page, which all call `RollUp.groups`. A contrast failure's cause is
/// its token in its theme and role ("one token edit fails 116 fixtures" is one line); any other
/// failure's is its check and the element it blames, or its check alone. Each failure is in one
/// group; groups with more fixtures come first (token causes before element and check causes).
public enum RollUp {
    public enum Cause: Hashable, Sendable {
        case token(String, theme: Theme?, role: String)
        case element(FailureKind, ElementKind)
        case check(FailureKind)

        var rank: Int {
            switch self {
            case .token: return 0
            case .element: return 1
            case .check: return 2
            }
        }
    }

    public struct Group: Equatable, Sendable {
        public var cause: Cause
        /// The failing fixtures, each once, in the failures' order.
        public var keys: [String]
        public var findings: Int
        /// A token cause's worst measure and how many distinct backgrounds it fails on.
        public var worst: ContrastMeasure?
        public var backgrounds: Int
        /// The nearest value of the token passing on every background it sits on, where the token
        /// audit of the tokens the run drew with has one.
        public var suggestion: TokenSuggestion?

        /// "widget_capstone_dash (light, graphic) 1.42:1 < 3:1 on 3 backgrounds — 116 fixtures · nearest passing value #86765A"
        public var line: String {
            let fixtures = "\(keys.count) fixture\(keys.count == 1 ? "" : "s")"
            switch cause {
            case .token(let token, let theme, let role):
                let facet = [theme?.rawValue, role].compactMap { $0 }.joined(separator: ", ")
                var s = "\(token) (\(facet))"
                if let w = worst {
                    s += " \(WCAG.display(w.ratio)):1 < \(Self.floor(w.floor)):1 on \(backgrounds) background\(backgrounds == 1 ? "" : "s")"
                }
                s += " — \(fixtures)"
                if let suggestion {
                    s += suggestion.suggested.map { " · nearest passing value \($0) (now \(suggestion.current))" } ?? " · no value at its hue passes"
                }
                return s
            case .element(let kind, let element):
                return "\(kind.rawValue) \(element.rawValue) — \(fixtures)" + (findings > keys.count ? " (\(findings) findings)" : "")
            case .check(let kind):
                return "\(kind.rawValue) — \(fixtures)" + (findings > keys.count ? " (\(findings) findings)" : "")
            }
        }

        /// A floor as people write it: 3, 4.5.
        static func floor(_ f: Double) -> String { f == f.rounded() ? String(Int(f)) : String(format: "%g", f) }
    }

    /// The groups of `failures`. `suggestions`: the token audit's (`TokenAuditReport.suggestions`)
    /// for the tokens the run drew with, matched to a token cause by name and base theme.
    public static func groups(_ failures: [GateFailure], suggestions: [TokenSuggestion] = []) -> [Group] {
        var order: [Cause] = [], byCause: [Cause: (keys: [String], seen: Set<String>, findings: Int, worst: ContrastMeasure?, backgrounds: Set<String>)] = [:]
        for f in failures {
            let cause = self.cause(f)
            if byCause[cause] == nil { order.append(cause); byCause[cause] = ([], [], 0, nil, []) }
            // Changed in place through the subscript: a copy taken out and stored back copied the
            // key set on every failure (issue #55: `report` of 8,000 failures was quadratic).
            if byCause[cause]!.seen.insert(f.key).inserted { byCause[cause]!.keys.append(f.key) }
            byCause[cause]!.findings += 1
            if let m = f.contrast {
                if byCause[cause]!.worst.map({ m.ratio / m.floor < $0.ratio / $0.floor }) ?? true { byCause[cause]!.worst = m }
                byCause[cause]!.backgrounds.insert(m.background)
            }
        }
        let groups = order.map { cause -> Group in
            let g = byCause[cause]!
            var suggestion: TokenSuggestion?
            if case .token(let token, let theme, _) = cause {
                suggestion = suggestions.first { $0.token == token && $0.configuration == TokenConfiguration(theme: theme ?? .light) && theme != nil }
                // …passing also on what the renders measured beneath it (a fix for verify as well as contrast).
                let rendered = g.backgrounds.sorted().compactMap(Color.init(hex:)).map { NearestPassing.Constraint(CompositeColor($0), floor: g.worst?.floor ?? 0) }
                suggestion = suggestion?.passing(alsoOn: rendered)
            }
            return Group(cause: cause, keys: g.keys, findings: g.findings, worst: g.worst,
                         backgrounds: suggestion.map { max(1, $0.failingOn.count) } ?? g.backgrounds.count, suggestion: suggestion)
        }
        // Stable: ties keep the failures' order (the review order the caller passes).
        return groups.enumerated().sorted { a, b in
            (a.element.cause.rank, -a.element.keys.count, a.offset) < (b.element.cause.rank, -b.element.keys.count, b.offset)
        }.map(\.element)
    }

    static func cause(_ f: GateFailure) -> Cause {
        if let m = f.contrast { return .token(m.token, theme: FixtureCatalog.id(forKey: f.key)?.theme, role: m.role) }
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
        return groups(failures, suggestions: failures.contains { $0.contrast != nil } ? bundledSuggestions() : [])
    }

    /// Both platforms' bundled token audits' suggestions; none where a bundled file cannot be read
    /// (verify has already drawn with them, so that does not happen outside a broken checkout).
    static func bundledSuggestions() -> [TokenSuggestion] {
        let android = (try? ContrastAudit.auditAndroid(resDirectory: AndroidTokens.bundledResDirectory))?.suggestions ?? []
        let ios = (try? AssetCatalogTokens.bundled()).flatMap { try? ContrastAudit.auditIOS($0) }?.suggestions ?? []
        return android + ios
    }
}
