import EvidenceCore

/// `ElementFrames(text:)`'s reading of `name x y width height;…`, a byte at a time: every verify
/// reads the whole manifest, two thousand of these lines, and splitting them into strings and
/// numbers was most of its load (issue #56). It accepts exactly what the split reading did — items
/// split at `;` and parts at single spaces, empty pieces kept; five parts, the name not empty; each
/// number as `Double(_:)` reads it, finite, under a million across, width and height not negative —
/// which `ElementFramesTextTests` checks against that reading over every manifest line and many
/// broken ones.
enum ElementFramesText {
    static func frames(_ text: String) -> [ElementFrames.Frame]? {
        var text = text
        return text.withUTF8 { parse($0) }
    }

    private static let semicolon = UInt8(ascii: ";"), space = UInt8(ascii: " ")

    private static func parse(_ b: UnsafeBufferPointer<UInt8>) -> [ElementFrames.Frame]? {
        guard !b.isEmpty else { return [] }
        var frames: [ElementFrames.Frame] = []
        var start = 0
        while true {
            var end = start
            while end < b.count, b[end] != semicolon { end += 1 }
            guard let frame = item(b, start, end) else { return nil }
            frames.append(frame)
            if end == b.count { return frames }
            start = end + 1  // a `;` last leaves an empty item, which fails
        }
    }

    /// One `name x y width height` item, `b[start..<end]`.
    private static func item(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> ElementFrames.Frame? {
        var nameEnd = start
        while nameEnd < end, b[nameEnd] != space { nameEnd += 1 }
        guard nameEnd > start, nameEnd < end else { return nil }
        var numbers: (Double, Double, Double, Double) = (0, 0, 0, 0)
        var at = nameEnd + 1
        for k in 0..<4 {
            var stop = at
            while stop < end, b[stop] != space { stop += 1 }
            // The last number ends the item; the others end at a space.
            guard (k == 3) == (stop == end), let v = number(b, at, stop) else { return nil }
            switch k {
            case 0: numbers.0 = v
            case 1: numbers.1 = v
            case 2: numbers.2 = v
            default: numbers.3 = v
            }
            at = stop + 1
        }
        guard numbers.2 >= 0, numbers.3 >= 0 else { return nil }
        let name = String(decoding: UnsafeBufferPointer(rebasing: b[start..<nameEnd]), as: UTF8.self)
        return ElementFrames.Frame(
            name: name, rect: Rect(x: numbers.0, y: numbers.1, width: numbers.2, height: numbers.3))
    }

    /// A number as `Double(_:)` reads it, kept only when finite and under a million across (layout
    /// units: a widget is a few hundred across; anything past a million is not a frame).
    private static func number(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        let v =
            plainDecimal(b, start, end)
            ?? Double(String(decoding: UnsafeBufferPointer(rebasing: b[start..<end]), as: UTF8.self))
        guard let v, v.isFinite, abs(v) < 1e6 else { return nil }
        return v
    }

    /// Exact powers of ten as Doubles, 10⁰ through 10¹⁵.
    private static let powersOfTen: [Double] = (0...15).map { k in (0..<k).reduce(1.0) { a, _ in a * 10 } }

    /// `-?digits(.digits)?` with at most 15 digits in all, as `Double(_:)` reads it: the digits as
    /// an integer (exact in a Double) divided by an exact power of ten — one correctly rounded
    /// operation on exact operands, the nearest Double to the decimal, as strtod's. nil for any
    /// other spelling, which `Double(_:)` reads itself.
    static func plainDecimal(_ b: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var i = start
        let negative = i < end && b[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var whole = 0
        var fraction = 0
        var point = false
        while i < end {
            let c = b[i]
            if c >= UInt8(ascii: "0"), c <= UInt8(ascii: "9") {
                mantissa = mantissa * 10 + UInt64(c - UInt8(ascii: "0"))
                digits += 1
                if point { fraction += 1 } else { whole += 1 }
                guard digits <= 15 else { return nil }
            } else if c == UInt8(ascii: "."), !point {
                point = true
            } else {
                return nil
            }
            i += 1
        }
        guard whole > 0, !point || fraction > 0 else { return nil }
        let v = Double(mantissa) / powersOfTen[fraction]
        return negative ? -v : v
    }
}
