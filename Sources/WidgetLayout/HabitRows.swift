import EvidenceCore

/// The checklist's habit rows, for both platforms: the row-height rule, the sliding window that keeps
/// the next-due row, how many rows seat with the "+N more" line the hidden habits need, and where
/// each row goes in its column. Android (`AndroidPlanBuilder.planHabitRows`) and iOS
/// (`IOSPlanBuilder.habitRows`) decide and place their rows through this one routine; what a row
/// draws (its check, its label, a frosted fill) stays with the platform.
public struct HabitRowSeating {
    /// How tall a row is: its label's lines plus its padding, never under the row's minimum.
    public static func rowHeight(lines: Int, lineHeight: Double, padding: Double, minimum: Double = 0) -> Double {
        max(minimum, StackColumn.textHeight(lines: lines, lineHeight: lineHeight, gap: padding))
    }

    /// The rows window: `cap` rows of `count` at most; when the next-due habit (`anchor`) would fall
    /// past the window, it slides forward so that row lands last (seed 000 largeVisibleWindow).
    public static func window(count: Int, cap: Int, anchor: Int?) -> [Int] {
        let k = min(count, cap)
        guard k > 0 else { return [] }
        var start = 0
        if let nd = anchor, nd >= k { start = nd - k + 1 }
        return Array(start..<(start + k))
    }

    public let habitCount: Int
    /// The row drawn tall (Android kindling's next-due treatment); nil where every row is one height.
    public let nextDue: Int?
    /// The row the window keeps in view (the next-due habit, whichever body draws it).
    public let anchor: Int?
    /// A row with its label on one line, and on two (Android's Level B).
    public let oneLine: Double, twoLine: Double
    /// The tall row's height: its two-line form, or its one-line form (`fitted`).
    public private(set) var nextDueH: Double
    /// The tall row's one-line form.
    public let nextDueOneLineH: Double
    /// Above the first row, and between rows.
    public let leadingGap: Double, spacing: Double
    /// The "+N more" line under the rows, with its gap, for `hidden` habits: 0 when it is not drawn,
    /// infinite when it cannot be drawn whole (then no row count that needs it seats).
    public let overflowLine: (_ hidden: Int) -> Double
    /// Where no row seats with "+N more" under it: whether the rows take the room and the count is
    /// lost (iOS, reported), or no row is drawn and the progress line counts the habits (Android).
    public let rowsOutrankOverflowLine: Bool

    public init(
        habitCount: Int, nextDue: Int?, anchor: Int?, oneLine: Double, twoLine: Double, nextDueH: Double,
        nextDueOneLineH: Double, leadingGap: Double = 0, spacing: Double = 0,
        overflowLine: @escaping (_ hidden: Int) -> Double, rowsOutrankOverflowLine: Bool
    ) {
        self.habitCount = habitCount
        self.nextDue = nextDue
        self.anchor = anchor
        self.oneLine = oneLine
        self.twoLine = twoLine
        self.nextDueH = nextDueH
        self.nextDueOneLineH = nextDueOneLineH
        self.leadingGap = leadingGap
        self.spacing = spacing
        self.overflowLine = overflowLine
        self.rowsOutrankOverflowLine = rowsOutrankOverflowLine
    }

    /// Whether the tall row is in its one-line form (its title ellipsized to one line).
    public var nextDueIsOneLine: Bool { nextDueH < max(nextDueOneLineH, twoLine) }

    /// The seating with the tall row in the largest form that seats a row in `left`: two label
    /// lines, else one — a row whose title is cut to one line is drawn before no row at all.
    public func fitted(left: Double, maxRows: Int) -> HabitRowSeating {
        guard nextDue != nil, seats(left: left, maxRows: maxRows) == 0 else { return self }
        return oneLineNextDue.seats(left: left, maxRows: maxRows) > 0 ? oneLineNextDue : self
    }

    /// The seating with the tall row in its one-line form.
    public var oneLineNextDue: HabitRowSeating {
        var short = self
        short.nextDueH = nextDueOneLineH
        return short
    }

    /// What "+N more" costs under `k` seated rows (0 when every habit has a row).
    public func overflowCost(_ k: Int) -> Double { k < habitCount ? overflowLine(habitCount - k) : 0 }

    /// The window of `k` rows.
    public func window(_ k: Int) -> [Int] { Self.window(count: k, cap: k, anchor: anchor) }

    /// The height rows `idx` take, gaps included (0 for none).
    public func height(_ idx: [Int], levelB: Bool = false) -> Double {
        guard !idx.isEmpty else { return 0 }
        let tall = nextDue.map { idx.contains($0) } ?? false
        let others = Double(idx.count - (tall ? 1 : 0)) * (levelB ? twoLine : oneLine)
        return leadingGap + (others + (tall ? nextDueH : 0)) + Double(idx.count - 1) * spacing
    }

    /// Rows seated in `left` (with the "+N more" line the hidden ones need), at most `maxRows`.
    public func seats(left: Double, maxRows: Int, withOverflowLine: Bool = true) -> Int {
        var k = min(habitCount, maxRows)
        while k > 0 && height(window(k)) + (withOverflowLine ? overflowCost(k) : 0) > left + 1e-9 { k -= 1 }
        return k
    }

    /// The rows drawn in `left`: the window of the rows that seat with "+N more" under them, else —
    /// where the rows outrank that line — of the rows that seat alone.
    public func seated(left: Double, maxRows: Int) -> [Int] {
        let k = seats(left: left, maxRows: maxRows)
        guard k == 0, rowsOutrankOverflowLine else { return window(k) }
        return window(seats(left: left, maxRows: maxRows, withOverflowLine: false))
    }

    /// Places the `n`-th seated row, `height` tall, in `col` (after the leading gap or the spacing).
    public func place(_ n: Int, height: Double, in col: inout StackColumn) -> Rect {
        col.take(height, gap: n == 0 ? leadingGap : spacing)
    }
}
