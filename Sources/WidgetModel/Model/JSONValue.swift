import EvidenceCore

/// A minimal, strict JSON reader for snapshot files. Hand-written rather than JSONSerialization so
/// that booleans never blur into numbers (NSNumber bridging differs by platform), integers are read
/// from their literal text, and every syntax error names a line and column.
package enum JSONValue: Sendable, Equatable {
    case null
    case bool(Bool)
    /// The number's literal text, converted only when a field says what it should be.
    case number(String)
    case string(String)
    case array([JSONValue])
    /// Keys in document order; duplicates are rejected while parsing.
    case object([(key: String, value: JSONValue)])

    package static func == (a: JSONValue, b: JSONValue) -> Bool {
        switch (a, b) {
        case (.null, .null): return true
        case (.bool(let x), .bool(let y)): return x == y
        case (.number(let x), .number(let y)): return x == y
        case (.string(let x), .string(let y)): return x == y
        case (.array(let x), .array(let y)): return x == y
        case (.object(let x), .object(let y)):
            return x.count == y.count && zip(x, y).allSatisfy { $0.key == $1.key && $0.value == $1.value }
        default: return false
        }
    }

    /// "a boolean", "an array"… for "expected X, got Y" messages.
    package var kindName: String {
        switch self {
        case .null: return "null"
        case .bool: return "a boolean"
        case .number: return "a number"
        case .string: return "a string"
        case .array: return "an array"
        case .object: return "an object"
        }
    }

    /// Snapshots are two levels deep; anything far deeper is not a snapshot and must not
    /// be allowed to exhaust the stack.
    package static let maxDepth = 64

    package static func parse(_ bytes: [UInt8]) throws(InputError) -> JSONValue {
        guard String(validating: bytes, as: UTF8.self) != nil else {
            throw InputError("", "not UTF-8 text; a snapshot is a JSON object")
        }
        var p = JSONReader(bytes: bytes)
        if p.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.i = 3 }  // tolerate a UTF-8 byte-order mark
        p.skipSpace()
        guard p.i < p.bytes.count else { throw InputError("", "malformed JSON: the input is empty") }
        let v = try p.value(depth: 0)
        p.skipSpace()
        guard p.i == p.bytes.count else { throw p.fail("unexpected text after the end of the JSON value") }
        return v
    }
}

private struct JSONReader {
    let bytes: [UInt8]
    var i = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func fail(_ what: String) -> InputError { refuse("malformed JSON: \(what)") }

    /// An error at the current position: "line L, column C" and `problem`.
    func refuse(_ problem: String) -> InputError {
        var line = 1
        var col = 1
        for b in bytes[..<min(i, bytes.count)] {
            if b == UInt8(ascii: "\n") {
                line += 1
                col = 1
            } else if b & 0xC0 != 0x80 {
                col += 1
            }
        }
        return InputError("line \(line), column \(col)", problem)
    }

    mutating func skipSpace() {
        while i < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[i]) { i += 1 }
    }

    var peek: UInt8? { i < bytes.count ? bytes[i] : nil }

    mutating func literal(_ word: String, _ v: JSONValue) throws(InputError) -> JSONValue {
        let w = Array(word.utf8)
        guard bytes.count - i >= w.count, Array(bytes[i..<i + w.count]) == w else {
            throw fail("unexpected character (strings need double quotes)")
        }
        i += w.count
        return v
    }

    mutating func value(depth: Int) throws(InputError) -> JSONValue {
        // Deep but possibly valid JSON: not "malformed", just deeper than any snapshot (issue #24).
        guard depth < JSONValue.maxDepth else {
            throw refuse(
                "JSON nested deeper than \(JSONValue.maxDepth) levels; a snapshot is an object two levels deep, so "
                    + "this is not one (not read further)"
            )
        }
        skipSpace()
        guard let c = peek else { throw fail("unexpected end of input") }
        switch c {
        case UInt8(ascii: "{"): return try object(depth: depth)
        case UInt8(ascii: "["): return try array(depth: depth)
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw fail("unexpected character (strings need double quotes)")
        }
    }

    mutating func object(depth: Int) throws(InputError) -> JSONValue {
        i += 1
        var members: [(key: String, value: JSONValue)] = []
        var seen = Set<String>()
        skipSpace()
        if peek == UInt8(ascii: "}") {
            i += 1
            return .object(members)
        }
        while true {
            skipSpace()
            guard peek == UInt8(ascii: "\"") else { throw fail("expected a quoted key") }
            let keyStart = i
            let key = try string()
            guard seen.insert(key).inserted else {
                i = keyStart
                throw fail("key '\(key)' appears twice in one object")
            }
            skipSpace()
            guard peek == UInt8(ascii: ":") else { throw fail("expected ':' after a key") }
            i += 1
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "}"):
                i += 1
                return .object(members)
            default: throw fail("expected ',' or '}' in an object")
            }
        }
    }

    mutating func array(depth: Int) throws(InputError) -> JSONValue {
        i += 1
        var items: [JSONValue] = []
        skipSpace()
        if peek == UInt8(ascii: "]") {
            i += 1
            return .array(items)
        }
        while true {
            items.append(try value(depth: depth + 1))
            skipSpace()
            switch peek {
            case UInt8(ascii: ","): i += 1
            case UInt8(ascii: "]"):
                i += 1
                return .array(items)
            default: throw fail("expected ',' or ']' in an array")
            }
        }
    }

    mutating func string() throws(InputError) -> String {
        i += 1
        var out: [UInt8] = []
        while true {
            guard let c = peek else { throw fail("unterminated string") }
            i += 1
            switch c {
            case UInt8(ascii: "\""):
                return String(decoding: out, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let e = peek else { throw fail("unterminated string") }
                i += 1
                switch e {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try hex4()
                    if (0xD800...0xDBFF).contains(scalar) {  // a surrogate pair spells one scalar
                        guard peek == UInt8(ascii: "\\"), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "u") else {
                            throw fail("unpaired UTF-16 surrogate in a \\u escape")
                        }
                        i += 2
                        let low = try hex4()
                        guard (0xDC00...0xDFFF).contains(low) else {
                            throw fail("unpaired UTF-16 surrogate in a \\u escape")
                        }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let u = Unicode.Scalar(scalar) else {
                        throw fail("unpaired UTF-16 surrogate in a \\u escape")
                    }
                    out.append(contentsOf: Array(String(Character(u)).utf8))
                default: throw fail("unknown escape '\\\(Character(Unicode.Scalar(e)))'")
                }
            default:
                guard c >= 0x20 else {
                    i -= 1
                    throw fail("control character inside a string (escape it)")
                }
                out.append(c)
            }
        }
    }

    mutating func hex4() throws(InputError) -> UInt32 {
        guard bytes.count - i >= 4, let v = UInt32(String(decoding: bytes[i..<i + 4], as: UTF8.self), radix: 16) else {
            throw fail("expected four hex digits after \\u")
        }
        i += 4
        return v
    }

    mutating func number() throws(InputError) -> JSONValue {
        let start = i
        func digits() -> Int {
            let s = i
            while let c = peek, (0x30...0x39).contains(c) { i += 1 }
            return i - s
        }
        if peek == UInt8(ascii: "-") { i += 1 }
        if peek == UInt8(ascii: "0") { i += 1 } else if digits() == 0 { throw fail("malformed number") }
        if peek == UInt8(ascii: ".") {
            i += 1
            guard digits() > 0 else { throw fail("malformed number") }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            i += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { i += 1 }
            guard digits() > 0 else { throw fail("malformed number") }
        }
        return .number(String(decoding: bytes[start..<i], as: UTF8.self))
    }
}
