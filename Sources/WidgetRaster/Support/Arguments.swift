/// Command-line arguments parsed into plain values before anything is validated or run.
/// Accepts `--flag value` and `--flag=value`; unknown flags are an error, never ignored.
public struct ParsedArguments: Equatable, Sendable {
    public var values: [String: String] = [:]
    public var switches: Set<String> = []
    public var positionals: [String] = []

    public init() {}

    public func value(_ name: String) -> String? { values[name] }
    public func has(_ name: String) -> Bool { switches.contains(name) }

    /// The value of `--name` parsed by `parse`, or `defaultValue` when absent; a value that
    /// does not parse is an `InputError` naming the flag.
    public func value<T>(_ name: String, default defaultValue: T, expect: String, _ parse: (String) -> T?) throws(InputError) -> T {
        guard let raw = values[name] else { return defaultValue }
        guard let v = parse(raw) else { throw InputError("--\(name)", "expected \(expect), got '\(raw)'") }
        return v
    }
    public func int(_ name: String, default d: Int, in range: ClosedRange<Int>) throws(InputError) -> Int {
        let v = try value(name, default: d, expect: "a whole number", { Int($0) })
        guard range.contains(v) else { throw InputError("--\(name)", "\(v) is outside \(range.lowerBound)…\(range.upperBound)") }
        return v
    }
    public func double(_ name: String, default d: Double, in range: ClosedRange<Double>) throws(InputError) -> Double {
        let v = try value(name, default: d, expect: "a number", { Double($0) })
        guard v.isFinite, range.contains(v) else {
            throw InputError("--\(name)", "\(raw(name)) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        return v
    }
    public func choice<T: RawRepresentable>(_ name: String, default d: T, _ all: [T]) throws(InputError) -> T where T.RawValue == String {
        guard let raw = values[name] else { return d }
        guard let v = all.first(where: { $0.rawValue.lowercased() == raw.lowercased() }) else {
            throw InputError("--\(name)", "unknown value '\(raw)'; expected one of \(all.map(\.rawValue).joined(separator: ", "))")
        }
        return v
    }
    private func raw(_ name: String) -> String { values[name] ?? "" }
}

public enum ArgumentParser {
    /// - Parameters:
    ///   - valued: option names (without `--`) that take a value.
    ///   - switches: option names that take no value.
    ///   - maxPositionals: how many bare arguments are allowed.
    public static func parse(_ args: [String], valued: Set<String>, switches: Set<String>, maxPositionals: Int = 0) throws(InputError) -> ParsedArguments {
        var out = ParsedArguments()
        var i = 0
        while i < args.count {
            let arg = args[i]
            i += 1
            if arg == "-o" { // the one short option: output file
                guard valued.contains("output") else { throw InputError("-o", "this command writes no output file") }
                guard i < args.count else { throw InputError("-o", "needs a file path") }
                out.values["output"] = args[i]; i += 1
                continue
            }
            guard arg.hasPrefix("--"), arg.count > 2 else {
                if arg.hasPrefix("-") && arg != "-" { throw InputError(arg, "unknown option; see --help") }
                out.positionals.append(arg)
                if out.positionals.count > maxPositionals { throw InputError(arg, "unexpected argument; see --help") }
                continue
            }
            let body = arg.dropFirst(2)
            let name: String
            var inline: String?
            if let eq = body.firstIndex(of: "=") {
                name = String(body[..<eq]); inline = String(body[body.index(after: eq)...])
            } else {
                name = String(body)
            }
            if valued.contains(name) {
                if let inline { out.values[name] = inline; continue }
                guard i < args.count else { throw InputError("--\(name)", "needs a value") }
                out.values[name] = args[i]; i += 1
            } else if switches.contains(name) {
                if inline != nil { throw InputError("--\(name)", "takes no value") }
                out.switches.insert(name)
            } else {
                throw InputError("--\(name)", "unknown option; see --help")
            }
        }
        return out
    }
}
