/// Small's @+id/pip_row: one round pip per due habit, up to four, always the same size, so the
/// row can never contradict the "N of M done" text beside it (seed 000, Small widget: the pip row
/// is "redundant with the 'N of M done' text directly above it" — redundant means it agrees).
public enum PipRow {
    public static let maxPips = 4
    /// Every pip is a circle of this diameter; the row's height.
    public static let diameterDp = 6.0
    public static let gapDp = 4.0

    /// One pip per due habit, up to four (at least one: the row only shows with habits due).
    public static func count(due: Int) -> Int { min(maxPips, max(1, due)) }

    public static func width(count: Int) -> Double {
        Double(count) * diameterDp + Double(max(0, count - 1)) * gapDp
    }

    /// Filled pips: `done` itself up to four habits; beyond four, done scaled to four and rounded,
    /// but never 0 while something is done and never all four while something is not.
    public static func filled(done: Int, due: Int) -> Int {
        let n = count(due: due)
        let done = min(max(0, done), max(0, due))
        guard due > maxPips else { return min(done, n) }
        if done == 0 { return 0 }
        if done >= due { return n }
        let scaled = Int((Double(done) * Double(n) / Double(due)).rounded())
        return min(n - 1, max(1, scaled))
    }
}
