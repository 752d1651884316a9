import EvidenceCore

/// Small's @+id/pip_row: one round pip per due habit, four at most, always the same size, so the
/// row can never contradict the "N of M done" text beside it (seed 000, Small widget: the pip row
/// is "redundant with the 'N of M done' text directly above it" — redundant means it agrees).
/// Four pips cannot say five or more habits, so past four the row is not drawn (the seed is silent;
/// a scaled row, "3 of 4 pips" beside "5 of 7 done", would contradict the text).
public enum PipRow {
    public static let maxPips = 4
    /// Every pip is a circle of this diameter; the row's height.
    public static let diameterDp = 6.0
    public static let gapDp = 4.0

    /// One pip per due habit (at least one: the row only shows with habits due).
    public static func count(due: Int) -> Int { min(maxPips, max(1, due)) }

    /// Whether the row can say `due` habits exactly.
    public static func shows(due: Int) -> Bool { due <= maxPips }

    public static func width(count: Int) -> Double {
        Double(count) * diameterDp + Double(max(0, count - 1)) * gapDp
    }

    /// Filled pips: one per habit done.
    public static func filled(done: Int, due: Int) -> Int { min(max(0, done), count(due: due)) }
}

/// iOS HabitPips: one capsule per habit, shape-coded, beside "N of M done" — the row draws every habit
/// or none (a partial row would contradict the count). Each capsule is `nominal` (seed 000: 20 × 8 pt);
/// past what `width` holds (the seed is silent) the capsules narrow, in quarter points, then their gaps
/// halve, down to square; below that there is no row (nil) and the count speaks alone.
public enum CapsuleRow {
    public static func fitted(count n: Int, across width: Double, nominal: Size, gap: Double) -> (
        width: Double, gap: Double
    )? {
        guard n > 0 else { return nil }
        func capsule(gap g: Double) -> Double {
            min(nominal.width, ((width - Double(n - 1) * g) / Double(n) * 4).rounded(.down) / 4)
        }
        let g = capsule(gap: gap) < nominal.height ? gap / 2 : gap
        let w = capsule(gap: g)
        return w >= nominal.height ? (w, g) : nil
    }

    /// Capsule `i`'s offset from the row's leading edge.
    public static func offset(_ i: Int, width: Double, gap: Double) -> Double { Double(i) * (width + gap) }
}
