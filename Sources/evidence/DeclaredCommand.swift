import EvidenceCore
import Foundation
import WidgetRaster

/// A command whose options are declared once (issue #57, #55): each is a property of its
/// `Arguments`, which is at once the option's declaration, its storage and its parse. The table
/// `--help` prints and the command line is parsed against is read off those properties, and `run`
/// receives them typed — it never reads the raw arguments, so it cannot read an option its help
/// does not list.
protocol DeclaredCommand: EvidenceCommand {
    associatedtype Arguments: ParsableArguments
    static func run(_ o: Arguments) throws -> Int32
}

extension DeclaredCommand {
    static var options: OptionTable { Arguments.table }
    static func run(_ a: ParsedArguments) throws -> Int32 { try run(Arguments.parse(a)) }

    /// The options the declared arguments read when bound, by name — each binding read on its own,
    /// so one that refuses (a required option absent) does not hide the rest. The property test
    /// compares it with the table `--help` prints.
    static func optionsRead(_ a: ParsedArguments = ParsedArguments()) -> Set<String> {
        for b in Arguments.bindings(Arguments()) { _ = try? b.bind(a) }
        _ = try? Arguments.parse(a)  // and `validate()`, which reads only the properties
        return a.optionsRead
    }
}

extension Option where Value == String? {
    /// The value only as given, nil when absent even where a default is declared (verify's
    /// `--report`, whose default `./report` gives way to `--html`).
    init(given spec: OptionSpec) { self.init(spec) { a, s in a.given(s) } }
}

extension Option where Value == Double? {
    /// The number only as given (checked), nil when absent: a `--threshold` beside an exact
    /// comparison is refused, not ignored, so "given" must be told apart from the default.
    init(given spec: OptionSpec) {
        self.init(spec) { a, s throws(InputError) in a.given(s) == nil ? nil : try a.double(s) }
    }
}

extension Option where Value == Int {
    /// Given or declared, else a default worked out at run time (`--jobs`: the machine's cores).
    init(_ spec: OptionSpec, absent computed: @escaping @Sendable () -> Int) {
        self.init(spec) { a, s throws(InputError) in try a.int(s, absent: computed()) }
    }
}

/// A group of options declared in a table with its own parse: the widget and size tables
/// WidgetRaster's case files share (`WidgetInputOptions`, `RenderTarget`), read by the parse that
/// lives beside them. Its sections are the table's; the property holds what the parse returns.
@propertyWrapper
struct TableGroup<Value>: ArgumentBinding {
    let table: OptionTable
    let read: (ParsedArguments) throws(InputError) -> Value
    private let box = Bound<Value>()
    init(_ table: OptionTable, read: @escaping (ParsedArguments) throws(InputError) -> Value) {
        self.table = table
        self.read = read
    }
    var wrappedValue: Value {
        guard let v = box.value else {
            preconditionFailure("\(table.all.map(\.name)) read before the arguments were parsed")
        }
        return v
    }
    var sections: [OptionTable.Section] { table.sections }
    func bind(_ a: ParsedArguments) throws(InputError) { box.value = try read(a) }
}

/// Where a `TableGroup`'s value lives (shared by the copies of the struct `parse` reflects over).
final class Bound<Value>: @unchecked Sendable {
    var value: Value?
}
