import EvidenceCore
import Foundation

/// One of today's due habits, as the app's snapshot lists it.
public struct WidgetHabit: Hashable, Sendable, Codable {
    /// Stable per-habit id (v4.7); older snapshots lack it, which makes the row read-only.
    public var id: String?
    public var title: String
    public var checkedInToday: Bool

    public init(id: String? = nil, title: String, checkedInToday: Bool) {
        self.id = id
        self.title = title
        self.checkedInToday = checkedInToday
    }
}

/// The JSON the app writes for the widget (`useWidgetSnapshot.ts`), decoded and validated.
/// Absent optional fields keep the meaning the seed gives them rather than a default value:
/// see `extendedToday`, `streakMetaphor` and `kindlingEnabled`.
public struct WidgetSnapshot: Hashable, Sendable {
    public var syncedAt: Date
    public var streak: Int
    public var longestStreak: Int
    /// Today's due habits, in the app's order.
    public var habits: [WidgetHabit]
    /// `nil` means the reactive layer is off (flag off, key absent): the fail-closed signal, not
    /// a third value — it resolves to `.baseline`.
    public var extendedToday: Bool?
    /// The motif as written. Read it through `motif`, which fails open to stones.
    public var streakMetaphor: String?
    /// Written by the app only with the reactive layer on; never derived natively.
    public var coachLine: String?
    /// Android's narrow form (≤ 24 chars); falls back to `coachLine` when absent.
    public var coachLineShort: String?
    /// `kindling_widget_enabled`; absent or unreadable → false (the legacy body).
    public var kindlingEnabled: Bool

    public init(
        syncedAt: Date, streak: Int, longestStreak: Int, habits: [WidgetHabit],
        extendedToday: Bool? = nil, streakMetaphor: String? = nil,
        coachLine: String? = nil, coachLineShort: String? = nil, kindlingEnabled: Bool = false
    ) {
        self.syncedAt = syncedAt
        self.streak = streak
        self.longestStreak = longestStreak
        self.habits = habits
        self.extendedToday = extendedToday
        self.streakMetaphor = streakMetaphor
        self.coachLine = coachLine
        self.coachLineShort = coachLineShort
        self.kindlingEnabled = kindlingEnabled
    }

    /// The effective motif: absent or unknown → stones (mirrors the app's fail-open default).
    public var motif: StreakMotif { resolveMotif(streakMetaphor) }
}

/// Absent or unrecognised motif → `.stones`. Exact, lower-case match, as the app writes it.
public func resolveMotif(_ raw: String?) -> StreakMotif {
    guard let raw, let m = StreakMotif(rawValue: raw) else { return .stones }
    return m
}

/// Decodes a snapshot. Every failure is an `InputError` whose location is the JSON path
/// (`$.habits[2].checkedInToday`) or, for syntax errors, the line and column.
public func decodeWidgetSnapshot(_ data: Data) throws(InputError) -> WidgetSnapshot {
    try decodeWidgetSnapshot(json: JSONValue.parse(Array(data)))
}

public func decodeWidgetSnapshot(_ text: String) throws(InputError) -> WidgetSnapshot {
    try decodeWidgetSnapshot(json: JSONValue.parse(Array(text.utf8)))
}

package func decodeWidgetSnapshot(json root: JSONValue) throws(InputError) -> WidgetSnapshot {
    let top = try SnapshotField.object(root, "$")
    let habitsValue = try top.required("habits")
    guard case .array(let items) = habitsValue else {
        throw SnapshotField.mismatch("$.habits", "an array", habitsValue)
    }
    var habits: [WidgetHabit] = []
    for (n, item) in items.enumerated() {
        let path = "$.habits[\(n)]"
        let h = try SnapshotField.object(item, path)
        habits.append(
            WidgetHabit(
                id: try h.optionalString("id"),
                title: HabitTitle.clean(try h.string("title")),
                checkedInToday: try h.bool("checkedInToday")))
    }
    return WidgetSnapshot(
        syncedAt: try top.date("syncedAt"),
        streak: try top.count("streak"),
        longestStreak: try top.count("longestStreak"),
        habits: habits,
        extendedToday: try top.optionalBool("extendedToday"),
        streakMetaphor: try top.optionalString("streakMetaphor"),
        // User-visible text like habit titles: control characters folded, length capped.
        coachLine: try top.optionalString("coachLine").map(HabitTitle.clean),
        coachLineShort: try top.optionalString("coachLineShort").map(HabitTitle.clean),
        // Fail closed, leniently: anything but a literal true renders the legacy body.
        kindlingEnabled: top.members["kindlingEnabled"] == .bool(true))
}

/// One decoded JSON object and its path, with typed accessors that name the path on failure.
/// Unknown keys are simply never looked at.
private struct SnapshotField {
    let path: String
    let members: [String: JSONValue]

    static func object(_ v: JSONValue, _ path: String) throws(InputError) -> SnapshotField {
        guard case .object(let pairs) = v else { throw mismatch(path, "an object", v) }
        return SnapshotField(
            path: path, members: Dictionary(pairs.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a }))
    }

    static func mismatch(_ path: String, _ expected: String, _ got: JSONValue) -> InputError {
        InputError(path, "expected \(expected), got \(got.kindName)")
    }

    func at(_ key: String) -> String { "\(path).\(key)" }

    func required(_ key: String) throws(InputError) -> JSONValue {
        guard let v = members[key], v != .null else {
            throw InputError(at(key), members[key] == nil ? "missing (required)" : "is null (required)")
        }
        return v
    }

    func string(_ key: String) throws(InputError) -> String {
        let v = try required(key)
        guard case .string(let s) = v else { throw Self.mismatch(at(key), "a string", v) }
        return s
    }

    func bool(_ key: String) throws(InputError) -> Bool {
        let v = try required(key)
        guard case .bool(let b) = v else { throw Self.mismatch(at(key), "a boolean", v) }
        return b
    }

    /// Optional fields: absent and `null` both mean "not written"; any other wrong type is an error.
    func optionalString(_ key: String) throws(InputError) -> String? {
        switch members[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s
        case let v?: throw Self.mismatch(at(key), "a string", v)
        }
    }

    func optionalBool(_ key: String) throws(InputError) -> Bool? {
        switch members[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let v?: throw Self.mismatch(at(key), "a boolean", v)
        }
    }

    /// A streak count: a whole, non-negative number.
    func count(_ key: String) throws(InputError) -> Int {
        let v = try required(key)
        guard case .number(let text) = v else { throw Self.mismatch(at(key), "a whole number", v) }
        guard let n = wholeNumber(text) else {
            throw InputError(at(key), "expected a whole number, got \(text)")
        }
        guard n >= 0 else { throw InputError(at(key), "must not be negative, got \(text)") }
        return n
    }

    /// ISO-8601 with a UTC offset, or epoch milliseconds (what `Date.now()` writes).
    func date(_ key: String) throws(InputError) -> Date {
        let v = try required(key)
        switch v {
        case .string(let s):
            guard let d = parseISO8601(s) else {
                throw InputError(
                    at(key), "'\(s)' is not an ISO-8601 date-time with a UTC offset (e.g. 2026-09-17T08:30:00+02:00)")
            }
            return d
        case .number(let text):
            guard let ms = Double(text), ms.isFinite, ms >= 0, ms <= maxEpochMilliseconds else {
                throw InputError(at(key), "\(text) is not epoch milliseconds between 1970 and 9999")
            }
            return Date(timeIntervalSince1970: ms / 1000)
        default:
            throw Self.mismatch(at(key), "an ISO-8601 string or epoch milliseconds", v)
        }
    }
}

/// 9999-12-31T23:59:59.999Z — beyond it a "date" is a unit mistake (seconds vs ms is the other way round).
private let maxEpochMilliseconds = 253_402_300_799_999.0

/// Integer text, or a float literal with an exact integral value (`1e3`); nil if fractional or out of range.
private func wholeNumber(_ text: String) -> Int? {
    if let n = Int(text) { return n }
    guard let d = Double(text), d.isFinite, d == d.rounded(), abs(d) < 9_007_199_254_740_992 else { return nil }
    return Int(d)
}

/// Parses `YYYY-MM-DDTHH:MM[:SS[.fff]](Z|±HH:MM|±HHMM)`. The offset is required: a local time
/// without one names no instant. Pure arithmetic — no Calendar, no locale.
public func parseISO8601(_ s: String) -> Date? {
    let b = Array(s.utf8)
    var i = 0
    func num(_ n: Int) -> Int? {
        guard b.count - i >= n else { return nil }
        var v = 0
        for c in b[i..<i + n] {
            guard (0x30...0x39).contains(c) else { return nil }
            v = v * 10 + Int(c - 0x30)
        }
        i += n
        return v
    }
    func take(_ c: Character) -> Bool {
        guard i < b.count, b[i] == c.asciiValue! else { return false }
        i += 1
        return true
    }
    guard let year = num(4), take("-"), let month = num(2), take("-"), let day = num(2),
        take("T") || take("t"), let hour = num(2), take(":"), let minute = num(2)
    else { return nil }
    var second = 0
    var fraction = 0.0
    if take(":") {
        guard let s = num(2) else { return nil }
        second = s
        if take(".") || take(",") {
            let start = i
            while i < b.count, (0x30...0x39).contains(b[i]) { i += 1 }
            guard i > start, let f = Double("0." + String(decoding: b[start..<i], as: UTF8.self)) else { return nil }
            fraction = f
        }
    }
    let offset: Int
    if take("Z") || take("z") {
        offset = 0
    } else if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") {
        let sign = b[i] == UInt8(ascii: "-") ? -1 : 1
        i += 1
        guard let oh = num(2) else { return nil }
        _ = take(":")
        guard let om = num(2), oh <= 23, om <= 59 else { return nil }
        offset = sign * (oh * 3600 + om * 60)
    } else {
        return nil
    }
    guard i == b.count, (1...12).contains(month), (1...daysInMonth(year, month)).contains(day),
        hour <= 23, minute <= 59, second <= 59
    else { return nil }
    let days = daysFromCivil(year, month, day)
    let seconds = days * 86_400 + hour * 3600 + minute * 60 + second - offset
    return Date(timeIntervalSince1970: Double(seconds) + fraction)
}

private func daysInMonth(_ y: Int, _ m: Int) -> Int {
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0
    return [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][m - 1]
}

/// Days since 1970-01-01 in the proleptic Gregorian calendar (H. Hinnant's days_from_civil).
package func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
    let y = m <= 2 ? y0 - 1 : y0
    let era = (y >= 0 ? y : y - 399) / 400
    let yoe = y - era * 400
    let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
    let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
    return era * 146_097 + doe - 719_468
}
