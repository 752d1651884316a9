import EvidenceCore

/// Options declared once (issue #57: "options written three times — declaration, struct field, hand
/// parse"). In the spirit of swift-argument-parser, hand-written: a property of a
/// `ParsableArguments` struct is its option's declaration (`@Option(.value("columns", …))`), its
/// storage (the property) and its parse (the typed read its type selects), and the struct's `table`
/// — the `--help` a command prints and the table its arguments are parsed against — is read off the
/// same properties, in the order they are written.
///
///     struct SheetArguments: ParsableArguments {
///         @Option(.value("columns", "N", "cells per row", check: .int(1...64), default: .value("8"))) var columns: Int
///         @Option(.flag("json", "machine-readable output")) var json: Bool
///     }
///     static let options = SheetArguments.table           // parse and --help
///     let o = try SheetArguments.parse(a)                  // o.columns: Int
///     o.$columns                                           // the declaration (an OptionSpec)
public protocol ParsableArguments {
    init()
    /// The heading the struct's own options are listed under in `--help`; nil for none.
    static var title: String? { get }
    /// Checks across options, after each has been read (`--no-snapshot` with `--snapshot`).
    func validate() throws(InputError)
}

/// A property of a `ParsableArguments` struct that reads itself from parsed arguments.
public protocol ArgumentBinding {
    /// The sections it adds to its struct's table (an option: its one declaration, untitled).
    var sections: [OptionTable.Section] { get }
    /// The bare arguments it takes, as `--help` names them (none but `@Positionals`).
    var positionals: [String] { get }
    /// Reads its value from `a` (through its declaration's check and default) and keeps it.
    func bind(_ a: ParsedArguments) throws(InputError)
}

extension ArgumentBinding {
    public var positionals: [String] { [] }
}

extension ParsableArguments {
    public static var title: String? { nil }
    public func validate() throws(InputError) {}

    /// The bindings of `value`, in declaration order (property wrappers are stored as `_name`).
    public static func bindings(_ value: Self) -> [any ArgumentBinding] {
        Mirror(reflecting: value).children.compactMap { $0.value as? any ArgumentBinding }
    }

    /// Every option the struct declares, under `title`, followed by its groups' sections.
    public static var table: OptionTable {
        var own: [OptionSpec] = []
        var groups: [OptionTable.Section] = []
        var positionals: [String] = []
        for b in bindings(Self()) {
            let sections = b.sections
            if sections.count == 1, sections[0].title == nil { own += sections[0].options } else { groups += sections }
            positionals += b.positionals
        }
        return OptionTable((own.isEmpty ? [] : [OptionTable.Section(title, own)]) + groups, positionals: positionals)
    }

    /// The struct with every property read from `a`, then `validate()`d.
    public static func parse(_ a: ParsedArguments) throws(InputError) -> Self {
        let value = Self()
        for b in bindings(value) { try b.bind(a) }
        try value.validate()
        return value
    }

    /// Parses `args` against `table` first (tests, and callers holding the command line).
    public static func parse(_ args: [String]) throws(InputError) -> Self { try parse(table.parse(args)) }
}

/// Where a bound value lives: shared by every copy of its property wrapper (the struct `parse`
/// reflects over is the one it returns), set once by `bind`.
final class BoundValue<Value>: @unchecked Sendable {
    var value: Value?
}

/// One option: its declaration, its storage and its read.
@propertyWrapper
public struct Option<Value>: ArgumentBinding {
    public let spec: OptionSpec
    let read: (ParsedArguments, OptionSpec) throws(InputError) -> Value
    let box = BoundValue<Value>()

    /// The value read; only after `parse` (a read before it is a programming error, named).
    public var wrappedValue: Value {
        guard let v = box.value else { preconditionFailure("--\(spec.name) read before its arguments were parsed") }
        return v
    }
    /// `$name`: the declaration (what `a.given(…)`, OutputGuard and the tests name).
    public var projectedValue: OptionSpec { spec }

    public var sections: [OptionTable.Section] { [OptionTable.Section(nil, [spec])] }
    public func bind(_ a: ParsedArguments) throws(InputError) { box.value = try read(a, spec) }

    /// Any read of the arguments (a default worked out at run time, a list parsed from one value).
    public init(_ spec: OptionSpec, read: @escaping (ParsedArguments, OptionSpec) throws(InputError) -> Value) {
        self.spec = spec
        self.read = read
    }
}

// The typed reads, chosen by the property's type.
extension Option where Value == Bool {
    /// A switch: whether it was given.
    public init(_ spec: OptionSpec) { self.init(spec) { a, s in a.has(s) } }
}
extension Option where Value == String? {
    /// The value as given, else the declared default value, else nil.
    public init(_ spec: OptionSpec) { self.init(spec) { a, s in a.string(s) } }
}
extension Option where Value == String {
    /// A required option (its declaration's `required` names it): absent or empty is "required: …".
    public init(_ spec: OptionSpec) { self.init(spec) { a, s throws(InputError) in try a.required(s) } }
}
extension Option where Value == [String] {
    /// Every value of a repeatable option, in order.
    public init(_ spec: OptionSpec) { self.init(spec) { a, s in a.values(s) } }
}
extension Option where Value == Int {
    /// Given or declared default (absent with neither: "required").
    public init(_ spec: OptionSpec) { self.init(spec) { a, s throws(InputError) in try a.int(s) } }
}
extension Option where Value == Double {
    public init(_ spec: OptionSpec) { self.init(spec) { a, s throws(InputError) in try a.double(s) } }
}
extension Option {
    /// One of an enum's words, nil when absent with no declared default value (`--platform`: both).
    public init<Word>(_ spec: OptionSpec)
    where Value == Word?, Word: RawRepresentable & CaseIterable, Word.RawValue == String {
        self.init(spec) { a, s throws(InputError) in a.string(s) == nil ? nil : try a.choice(s, Array(Word.allCases)) }
    }
}
extension Option where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of an enum's words (`.choice` declarations), given or declared default.
    public init(_ spec: OptionSpec) {
        self.init(spec) { a, s throws(InputError) in try a.choice(s, Array(Value.allCases)) }
    }
}

/// A group of options declared in another `ParsableArguments` struct, listed under its title.
@propertyWrapper
public struct OptionGroup<Group: ParsableArguments>: ArgumentBinding {
    let box = BoundValue<Group>()
    public init() {}
    public var wrappedValue: Group {
        guard let v = box.value else { preconditionFailure("\(Group.self) read before its arguments were parsed") }
        return v
    }
    public var sections: [OptionTable.Section] { Group.table.sections }
    public var positionals: [String] { Group.table.positionals }
    public func bind(_ a: ParsedArguments) throws(InputError) { box.value = try Group.parse(a) }
}

/// The bare arguments (`compare EXPECTED.png ACTUAL.png`), named once for `--help` and the count
/// the parser allows.
@propertyWrapper
public struct Positionals: ArgumentBinding {
    public let names: [String]
    let box = BoundValue<[String]>()
    public init(_ names: String...) { self.names = names }
    public var wrappedValue: [String] {
        guard let v = box.value else { preconditionFailure("\(names) read before the arguments were parsed") }
        return v
    }
    public var sections: [OptionTable.Section] { [] }
    public var positionals: [String] { names }
    public func bind(_ a: ParsedArguments) throws(InputError) { box.value = a.positionals }
}
