/// One command-line option, declared once. The parser, the value check and `--help` all read this
/// declaration, so what a command accepts and what it documents cannot drift apart
/// (apple/swift-argument-parser's rule, hand-rolled: no outside packages).
public struct OptionSpec: Sendable, Equatable {
    /// What the option's value must be; checked while parsing, before any command runs.
    public enum Check: Sendable, Equatable {
        /// A switch: no value.
        case none
        /// Any text (a path, a glob, a date the command parses itself).
        case text
        case int(ClosedRange<Int>)
        case number(ClosedRange<Double>)
        /// One of these words, case-insensitive.
        case choice([String])
    }
    /// What `--help` says when the option is absent; `.value` is also what the typed getters return.
    public enum Default: Sendable, Equatable {
        case value(String)
        /// A default worked out at run time (all cores, the package's Goldens/): help text only.
        case note(String)

        public var literal: String? {
            switch self {
            case .value(let v): return v
            case .note: return nil
            }
        }
    }

    /// Without the leading `--`.
    public let name: String
    public let short: Character?
    /// The placeholder in `--help` (`GLOB`, `N`); nil for a switch.
    public let valueName: String?
    public let check: Check
    /// One or more lines; `--help` indents the continuation lines.
    public let help: String
    public let defaultValue: Default?
    /// May be given more than once, each value kept in order (`report --from A --from B`).
    /// Any other option given twice is a usage error, never "the last one wins".
    public let repeats: Bool
    /// Appended to a value error and to the range in `--help` (`dp`: "1200 is outside 40.0…1000.0 dp").
    public var unit: String? = nil
    /// Other spellings a `.choice` takes, each standing for one of its words (`--state all-done`,
    /// the spelling fixture keys use, for `allDone`); `--help` lists them, the typed getter returns the word.
    public var aliases: [String: String] = [:]

    /// What an output option writes (`-o`, `--junit`, `--html`): `OutputGuard` checks every
    /// option declared so, in one place, before the command runs — required, not empty, not `-`,
    /// replaceable, and where the allow-list lets it land.
    public enum Output: Sendable, Equatable {
        case png, junit, folder
    }
    public var output: Output? = nil
    /// What a required option is, for "-o: required: the PNG file to write"; nil when optional.
    public var required: String? = nil

    public var isSwitch: Bool { check == .none }

    /// `-o` / `--output` as written in errors: the short form when there is one.
    public var flagName: String { short.map { "-\($0)" } ?? "--\(name)" }

    /// An output option (`-o FILE`, `--html DIR`); `required` says what it is when it must be given.
    public static func output(
        _ name: String, _ valueName: String, _ help: String, writes: Output, short: Character? = nil,
        required: String? = nil, default d: Default? = nil
    ) -> OptionSpec {
        var s = value(name, valueName, help, short: short, default: d)
        s.output = writes
        s.required = required
        return s
    }

    /// This option, also taking `spellings` (spelling → word); a spelling equal to its word is dropped.
    public func aliased(_ spellings: [String: String]) -> OptionSpec {
        var s = self
        s.aliases = spellings.filter { $0.key.lowercased() != $0.value.lowercased() }
        return s
    }

    /// The word a given value stands for: the word its alias names (case-insensitive), else the value.
    package func canonical(_ raw: String) -> String {
        aliases.first { $0.key.lowercased() == raw.lowercased() }?.value ?? raw
    }

    /// A switch (`--json`).
    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, short: nil, valueName: nil, check: .none, help: help, defaultValue: nil, repeats: false)
    }
    /// An option that takes a value (`--filter GLOB`). A `.choice` check prints its words as the value name.
    /// `required` names the value for "--from: required: the first moment …" (read as a `String`).
    public static func value(
        _ name: String, _ valueName: String?, _ help: String, check: Check = .text, short: Character? = nil,
        default d: Default? = nil, repeats: Bool = false, unit: String? = nil, required: String? = nil
    ) -> OptionSpec {
        let shown: String
        if let valueName {
            shown = valueName
        } else if case .choice(let words) = check {
            shown = words.joined(separator: "|")
        } else {
            shown = "VALUE"
        }
        var s = OptionSpec(
            name: name, short: short, valueName: shown, check: check == .none ? .text : check, help: help,
            defaultValue: d, repeats: repeats, unit: unit)
        s.required = required
        return s
    }

    /// A flag whose accepted values depend on another flag (`--width` is Android dp 40…1000, iOS pt
    /// 20…1000): one declaration per platform in `variants`, each read by its own spec once the
    /// platform is known (so the platform's own error comes first: "only applies to --platform
    /// ios"); the table's entry takes any text and prints every variant's help, range and default.
    public static func perPlatform(_ name: String, _ valueName: String, _ variants: [OptionSpec]) -> OptionSpec {
        precondition(variants.allSatisfy { $0.name == name }, "--\(name): a variant declares another flag")
        return .value(name, valueName, variants.map { withFacts($0.help, $0.facts) }.joined(separator: "\n"))
    }

    /// `-o, --output FILE` as `--help` prints it.
    public var signature: String {
        (short.map { "-\($0), " } ?? "") + "--\(name)" + (valueName.map { " \($0)" } ?? "")
    }

    /// The help lines: signature in a column, text beside it, the default and the accepted range appended.
    public var helpLines: [String] {
        let text = Self.withFacts(help, facts)
        let pad = String(repeating: " ", count: Self.helpColumn)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { pad + $0 }
        let head = "  " + signature
        if head.count <= Self.helpColumn - 1 {
            lines[0] =
                head.padding(toLength: Self.helpColumn, withPad: " ", startingAt: 0)
                + lines[0].dropFirst(Self.helpColumn)
        } else {
            lines.insert(head, at: 0)
        }
        return lines
    }
    package static let helpColumn = 21

    /// What `--help` appends to the text: the accepted values, the default, "may be repeated".
    private var facts: [String] {
        var facts = [rangeText, aliasText, defaultValue.map(Self.defaultText)].compactMap { $0 }
        if repeats { facts.append("may be repeated") }
        return facts
    }
    /// `text` with `(facts)` after its last line, or on a line of its own when that would pass column 100.
    private static func withFacts(_ text: String, _ facts: [String]) -> String {
        guard !facts.isEmpty else { return text }
        let note = "(" + facts.joined(separator: "; ") + ")"
        let last = text.split(separator: "\n", omittingEmptySubsequences: false).last ?? ""
        return text + (helpColumn + last.count + note.count < 100 ? " " + note : "\n" + note)
    }

    /// The accepted values, unless the signature already spells them (`--compare auto|exact|perceptual`).
    private var rangeText: String? {
        switch check {
        case .int(let r): return "\(r.lowerBound)…\(r.upperBound)" + (unit.map { " " + $0 } ?? "")
        case .number(let r):
            return "\(Self.trimmed(r.lowerBound))…\(Self.trimmed(r.upperBound))" + (unit.map { " " + $0 } ?? "")
        case .choice(let words): return valueName == words.joined(separator: "|") ? nil : words.joined(separator: "|")
        case .none, .text: return nil
        }
    }
    /// "also first-run, new-day, …", in the order of the words they stand for.
    private var aliasText: String? {
        guard !aliases.isEmpty, case .choice(let words) = check else { return nil }
        let order = { (spelling: String) in words.firstIndex(of: aliases[spelling]!) ?? words.count }
        return "also " + aliases.keys.sorted { (order($0), $0) < (order($1), $1) }.joined(separator: ", ")
    }
    private static func defaultText(_ d: Default) -> String {
        switch d {
        case .value(let v): return "default \(v)"
        case .note(let n): return "default: \(n)"
        }
    }
    private static func trimmed(_ x: Double) -> String { x == x.rounded() && abs(x) < 1e9 ? String(Int(x)) : String(x) }

    /// "unknown value 'all_done'; did you mean 'all-done'? expected one of …": the nearest word or spelling.
    package func unknownWord(_ raw: String, _ words: [String]) -> InputError {
        let spellings = words + aliases.keys.sorted()
        // The same letters with other separators (`all_done`): the spelling that has separators
        // when the value has them, else the word — before the nearest by edits, which ties there.
        let letters = { (w: String) in w.lowercased().filter { $0.isLetter || $0.isNumber } }
        let same = spellings.filter { letters($0) == letters(raw) }
        let separated = raw.contains { !$0.isLetter && !$0.isNumber }
        let nearest =
            same.first { separated == $0.contains { !$0.isLetter && !$0.isNumber } } ?? same.first
            ?? Suggestion.nearest(raw, among: spellings)
        let hint = nearest.map { "did you mean '\($0)'? " } ?? ""
        return InputError(
            "--\(name)", "unknown value '\(raw)'; \(hint)expected one of \(words.joined(separator: ", "))")
    }

    /// The longest text value an option takes: Linux's PATH_MAX.
    public static let maxTextBytes = 4096

    /// Checks one given value against `check`; the error names the flag (and the unit).
    package func validate(_ raw: String) throws(InputError) {
        func refused(_ problem: String) -> InputError {
            InputError("--\(name)", problem + (unit.map { " " + $0 } ?? ""))
        }
        switch check {
        case .none: return
        case .text:
            // A path, a glob or a note: PATH_MAX bounds the first, and every key a glob is matched
            // against is far shorter (a 100 KB glob made a filtered run match for seconds).
            guard raw.utf8.count <= OptionSpec.maxTextBytes else {
                throw refused("\(raw.utf8.count) bytes; at most \(OptionSpec.maxTextBytes)")
            }
        case .int(let r):
            guard let v = Int(raw) else { throw refused("expected a whole number, got '\(raw)'") }
            guard r.contains(v) else { throw refused("\(v) is outside \(r.lowerBound)…\(r.upperBound)") }
        case .number(let r):
            guard let v = Double(raw) else { throw refused("expected a number, got '\(raw)'") }
            guard v.isFinite, r.contains(v) else { throw refused("\(raw) is outside \(r.lowerBound)…\(r.upperBound)") }
        case .choice(let words):
            let word = canonical(raw)
            guard words.contains(where: { $0.lowercased() == word.lowercased() }) else { throw unknownWord(raw, words) }
        }
    }
}

/// A command's options in the order `--help` lists them, under optional headings.
public struct OptionTable: Sendable {
    public struct Section: Sendable {
        public var title: String?
        public var options: [OptionSpec]
        public init(_ title: String? = nil, _ options: [OptionSpec]) {
            self.title = title
            self.options = options
        }
    }
    public var sections: [Section]
    /// How many bare arguments the command takes, and how `--help` names them.
    public var positionals: [String]

    public init(_ sections: [Section], positionals: [String] = []) {
        self.sections = sections
        self.positionals = positionals
    }
    public init(_ options: [OptionSpec], positionals: [String] = []) {
        self.init([Section(nil, options)], positionals: positionals)
    }

    public var all: [OptionSpec] { sections.flatMap(\.options) }
    public var valued: Set<String> { Set(all.filter { !$0.isSwitch }.map(\.name)) }
    public var switches: Set<String> { Set(all.filter(\.isSwitch).map(\.name)) }
    public func spec(_ name: String) -> OptionSpec? { all.first { $0.name == name } }

    /// One table out of several (a command's own options and a shared group).
    public static func + (a: OptionTable, b: OptionTable) -> OptionTable {
        OptionTable(a.sections + b.sections, positionals: a.positionals + b.positionals)
    }

    /// The options part of `--help`; every option of the table appears, `--help` itself last.
    public var help: String {
        var out: [String] = []
        for s in sections where !s.options.isEmpty {
            if let t = s.title { out += out.isEmpty ? [t] : ["", t] }
            out += s.options.flatMap(\.helpLines)
        }
        if sections.last?.title != nil { out.append("") }
        out += Self.helpOption.helpLines
        return out.joined(separator: "\n")
    }
    /// Handled before any table is consulted (main.swift); listed so every command documents it.
    public static let helpOption = OptionSpec(
        name: "help", short: "h", valueName: nil, check: .none,
        help: "show this help and exit", defaultValue: nil, repeats: false)

    /// Parses `args`: `--flag value`, `--flag=value`, a short alias (`-o FILE`) and bare arguments.
    /// An unknown option (with a "did you mean"), a missing value, a value that fails its check, a
    /// value given to a switch, or a single-value option given twice is an `InputError`.
    public func parse(_ args: [String]) throws(InputError) -> ParsedArguments {
        var out = ParsedArguments()
        var i = 0
        func take(_ spec: OptionSpec, _ raw: String, as written: String) throws(InputError) {
            try spec.validate(raw)
            if out.values[spec.name] != nil && !spec.repeats {
                throw InputError(written, "given twice ('\(out.values[spec.name]!)' and '\(raw)'); it takes one value")
            }
            out.values[spec.name] = raw
            out.lists[spec.name, default: []].append(raw)
        }
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg.count == 2, arg.hasPrefix("-"), arg != "--", let c = arg.last, c != "-" {
                guard let spec = all.first(where: { $0.short == c }) else {
                    throw InputError(
                        arg, c == "o" ? "this command writes no output file" : "unknown option; see --help")
                }
                if spec.isSwitch {
                    out.switches.insert(spec.name)
                    continue
                }
                guard i < args.count else { throw InputError(arg, "needs \(spec.valueName ?? "a value")") }
                try take(spec, args[i], as: arg)
                i += 1
                continue
            }
            guard arg.hasPrefix("--"), arg.count > 2 else {
                if arg.hasPrefix("-") && arg != "-" { throw InputError(arg, "unknown option; see --help") }
                out.positionals.append(arg)
                if out.positionals.count > positionals.count {
                    throw InputError(arg, "unexpected argument; see --help")
                }
                continue
            }
            let body = arg.dropFirst(2)
            let name: String
            var inline: String?
            if let eq = body.firstIndex(of: "=") {
                name = String(body[..<eq])
                inline = String(body[body.index(after: eq)...])
            } else {
                name = String(body)
            }
            guard let spec = spec(name) else {
                let hint =
                    Suggestion.nearest(name, among: all.map(\.name) + ["help"]).map { "did you mean --\($0)? " } ?? ""
                throw InputError("--\(name)", "unknown option; \(hint)see --help")
            }
            if spec.isSwitch {
                if inline != nil { throw InputError("--\(name)", "takes no value") }
                out.switches.insert(name)  // a switch said twice still means the same thing
            } else if let inline {
                try take(spec, inline, as: "--\(name)")
            } else {
                guard i < args.count else { throw InputError("--\(name)", "needs a value") }
                try take(spec, args[i], as: "--\(name)")
                i += 1
            }
        }
        return out
    }
}

/// Command-line arguments parsed into plain values (each already checked against its declaration)
/// before anything is run. An option is read only through its `OptionSpec`, never by a name
/// string: a misspelt name would compile and read nil, where a misspelt declaration does not compile.
public struct ParsedArguments: Equatable, Sendable {
    fileprivate var values: [String: String] = [:]
    /// Every value of a repeatable option, in the order given.
    fileprivate var lists: [String: [String]] = [:]
    fileprivate var switches: Set<String> = []
    public var positionals: [String] = []
    /// The options read so far, by name: what the test that every command's `--help` lists exactly
    /// the options it parses compares with the table (shared by copies; not part of the value).
    private let log = OptionReadLog()

    public init() {}

    public static func == (a: ParsedArguments, b: ParsedArguments) -> Bool {
        (a.values, a.lists, a.switches, a.positionals) == (b.values, b.lists, b.switches, b.positionals)
    }

    /// The names of the options read from these arguments so far (given or not).
    public var optionsRead: Set<String> { log.names }

    /// The value as given, nil when the option is absent (its declared default is not applied here).
    public func given(_ spec: OptionSpec) -> String? {
        log.note(spec)
        return values[spec.name]
    }
    /// Every value of a repeatable option, in order.
    public func values(_ spec: OptionSpec) -> [String] {
        log.note(spec)
        return lists[spec.name] ?? []
    }
    /// Whether a switch was given.
    public func has(_ spec: OptionSpec) -> Bool {
        log.note(spec)
        return switches.contains(spec.name)
    }
    /// Whether the option was given at all: a value, or the switch.
    public func mentions(_ spec: OptionSpec) -> Bool { spec.isSwitch ? has(spec) : given(spec) != nil }

    // MARK: typed values from the declaration: its check, its default

    /// The value as given, else the declared default value, else nil.
    public func string(_ spec: OptionSpec) -> String? { given(spec) ?? spec.defaultValue?.literal }
    /// Given or declared default; absent with neither is an error saying the option is required.
    public func int(_ spec: OptionSpec) throws(InputError) -> Int {
        let raw = try checked(spec)
        guard let v = Int(raw) else { throw InputError("--\(spec.name)", "expected a whole number, got '\(raw)'") }
        return v
    }
    /// A required option's value (`OutputGuard` has already refused it absent or empty before a command runs).
    public func required(_ spec: OptionSpec) throws(InputError) -> String {
        guard let v = string(spec), !v.isEmpty else {
            throw InputError(spec.flagName, "required: \(spec.required ?? "a value")")
        }
        return v
    }
    /// As `int(_:)`, with a default worked out at run time (`--jobs`: the machine's cores).
    public func int(_ spec: OptionSpec, absent computed: @autoclosure () -> Int) throws(InputError) -> Int {
        given(spec) == nil && spec.defaultValue?.literal == nil ? computed() : try int(spec)
    }
    /// As `double(_:)`, with a default worked out at run time (`--width`: the family's typical size).
    public func double(_ spec: OptionSpec, absent computed: @autoclosure () -> Double) throws(InputError) -> Double {
        given(spec) == nil && spec.defaultValue?.literal == nil ? computed() : try double(spec)
    }
    public func double(_ spec: OptionSpec) throws(InputError) -> Double {
        let raw = try checked(spec)
        guard let v = Double(raw), v.isFinite else {
            throw InputError("--\(spec.name)", "expected a number, got '\(raw)'")
        }
        return v
    }
    public func choice<T: RawRepresentable>(_ spec: OptionSpec, _ all: [T]) throws(InputError) -> T
    where T.RawValue == String {
        let raw = try checked(spec)
        let word = spec.canonical(raw)
        guard let v = all.first(where: { $0.rawValue.lowercased() == word.lowercased() }) else {
            throw spec.unknownWord(raw, all.map(\.rawValue))
        }
        return v
    }
    /// The value or default, checked again here so arguments parsed against another table are held to this declaration.
    private func checked(_ spec: OptionSpec) throws(InputError) -> String {
        guard let raw = string(spec) else {
            throw InputError(spec.short.map { "-\($0)" } ?? "--\(spec.name)", "required")
        }
        try spec.validate(raw)
        return raw
    }
}

/// Which options a `ParsedArguments` was asked for.
final class OptionReadLog: @unchecked Sendable {
    private let lock = ReadWriteLock()
    private var read: Set<String> = []
    func note(_ spec: OptionSpec) { lock.writing { _ = read.insert(spec.name) } }
    var names: Set<String> { lock.reading { read } }
}

public enum ArgumentParser {
    /// Parses against an ad-hoc table of plain-text options: for tests and callers that name
    /// sets of flags; a command declares an `OptionTable` instead.
    /// - Parameters:
    ///   - valued: option names (without `--`) that take a value (`output` also answers to `-o`).
    ///   - switches: option names that take no value.
    ///   - maxPositionals: how many bare arguments are allowed.
    public static func parse(_ args: [String], valued: Set<String>, switches: Set<String>, maxPositionals: Int = 0)
        throws(InputError) -> ParsedArguments
    {
        let specs =
            valued.sorted().map { OptionSpec.value($0, nil, "", short: $0 == "output" ? "o" : nil) }
            + switches.sorted().map { OptionSpec.flag($0, "") }
        return try OptionTable(specs, positionals: Array(repeating: "ARG", count: maxPositionals)).parse(args)
    }
}

/// "Did you mean": the closest known word to a mistyped one, if any is close enough to be a typo.
public enum Suggestion {
    /// The candidate at the smallest edit distance (a swap of two neighbours counts as one edit),
    /// or the only one it is a prefix of; nil when nothing is within a third of the word's length.
    public static func nearest(_ word: String, among candidates: [String]) -> String? {
        let w = Array(word.lowercased())
        let limit = max(1, min(3, w.count / 3))
        let scored = candidates.compactMap { c in distance(w, Array(c.lowercased()), within: limit).map { (c, $0) } }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= limit,
            scored.filter({ $0.1 == best.1 }).count == 1
        {
            return best.0
        }
        let prefixed = candidates.filter { $0.hasPrefix(word) && !word.isEmpty }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// `distance(a, b)`, or nil without computing it when the lengths alone put it above `limit`:
    /// the distance is at least the difference in length, and computing it is quadratic — a
    /// 16,000-character key against every fixture key took 25 s (issue #34). So a word much longer
    /// than every candidate costs one length comparison per candidate.
    package static func distance(_ a: [Character], _ b: [Character], within limit: Int) -> Int? {
        abs(a.count - b.count) > limit ? nil : distance(a, b)
    }

    /// Optimal-string-alignment distance: insertions, deletions, substitutions, adjacent swaps.
    package static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[a.count][b.count]
    }
}

/// A `.choice` check's words: every case's raw value, in declaration order.
package func words<T: RawRepresentable>(_ all: [T]) -> [String] where T.RawValue == String { all.map(\.rawValue) }
