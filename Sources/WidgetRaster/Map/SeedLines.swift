import WidgetLayout
import WidgetModel
import WidgetScene

/// What seed 000 says about sizes, as a meaning map draws it: the declared resize bounds and the
/// band tables' thresholds. These are the seed's *statements* — the map draws them beside the
/// outcomes the planner computes, so a reader sees whether the two agree. No layout reads them.
public enum SeedLines {
    /// A rectangle of sizes the seed declares (home_widget_info.xml).
    public struct Bounds: Sendable, Codable, Equatable {
        public var width: ClosedRange<Double>
        public var height: ClosedRange<Double>
        public var seed: String
        public func contains(width w: Double, height h: Double) -> Bool { width.contains(w) && height.contains(h) }
    }

    /// One line the seed draws across a map: a width (vertical line) or a height (horizontal line).
    public struct Line: Sendable, Codable, Equatable {
        public enum Axis: String, Sendable, Codable { case width, height }
        public enum Kind: String, Sendable, Codable {
            /// An edge of the declared resize bounds.
            case bounds
            /// resolveSize's family thresholds.
            case family
            /// A band table's threshold: where the seed says an element starts to show.
            case threshold
        }
        public var axis: Axis
        public var at: Double
        public var kind: Kind
        /// What the line marks, short (drawn beside it).
        public var label: String
        public var seed: String
        /// The part of the other axis the line applies to (nil: all of it).
        public var span: ClosedRange<Double>?
    }

    /// Amendments A and B: Small and Medium share one provider — "minWidth / minResizeWidth 110dp",
    /// "minHeight / minResizeHeight 130dp", "maxResizeWidth 250dp", "maxResizeHeight 180dp".
    public static let smallMediumBounds = Bounds(
        width: AndroidLayout.smallFloorWidthDp...AndroidLayout.amendmentMaxResizeWidthDp, height: 130...180,
        seed: "000, Left-column height budget: home_widget_info.xml bounds")
    /// v4.11: "minWidth/minHeight 110dp/130dp, maxResizeWidth/maxResizeHeight 500dp/400dp" — the
    /// provider once Large became a resize target.
    public static let largeBounds = Bounds(
        width: AndroidLayout.smallFloorWidthDp...500, height: 130...400,
        seed: "000, Android parity (v4.11): the single <appwidget-provider> declaration")

    /// The bounds a family's map is drawn around: Small and Medium's band tables were written
    /// against Amendment A/B's; Large (and `auto`, which reaches it) against v4.11's.
    public static func bounds(_ family: AndroidFamilyRequest) -> Bounds {
        switch family.fixed?.androidTraits.provider {
        case .smallMedium?: smallMediumBounds
        case .resizeTarget?, nil: largeBounds
        }
    }

    /// Amendment A's table: "DAY STREAK shows at / Longest N shows at" by font scale, caption on or STALE.
    static let leftColumn: [(fontScale: Double, stale: Bool, dayStreak: Double, longest: Double)] = [
        (1.0, false, 124, 147), (1.15, false, 135, 160), (1.3, false, 137, 165), (1.0, true, 133, 156),
        (1.3, true, 146, 174),
    ]
    /// OBJ-2428's ladder for the reference case: "INLINE ≥ 290/334/460, COMPACT ≥ 219/244/325 dp (fs 1.0/1.3/2.0)".
    static let largeLadder: [(fontScale: Double, inline: Double, compact: Double)] = [
        (1.0, 290, 219), (1.3, 334, 244), (2.0, 460, 325),
    ]

    /// The lines a panel of `family` at `fontScale` draws for a widget in `state`.
    public static func android(_ family: AndroidFamilyRequest, fontScale: Double, state: WidgetState) -> [Line] {
        var out: [Line] = []
        let mediumSpan: ClosedRange<Double>? =
            family == .auto ? AndroidLayout.mediumWidthThresholdDp...AndroidLayout.widthLimit : nil
        let showsMedium = family == .medium || family == .auto
        let showsLarge = family == .large || family == .auto
        // resolveSize's thresholds on every Android map: a fixed family beyond them is not what a device draws.
        out.append(
            Line(
                axis: .width, at: AndroidLayout.mediumWidthThresholdDp, kind: .family, label: "Small | Medium",
                seed: "000, resolveSize: minWidthDp < 200 → Small"))
        out.append(
            Line(
                axis: .height, at: AndroidLayout.largeHeightThresholdDp, kind: .family, label: "Large from 270",
                seed: "000, resolveSize: minHeightDp ≥ 270 and minWidthDp ≥ 200 → Large",
                span: AndroidLayout.largeWidthThresholdDp...AndroidLayout.widthLimit))
        // The left column's table is for a widget with a streak block and the caption row (or STALE's footer).
        let captionOn: Bool?
        switch state {
        case .defaultProgress, .allDone, .empty: captionOn = true
        case .stale: captionOn = false
        case .newDay, .firstRun: captionOn = nil
        }
        if showsMedium, let captionOn,
            let row = leftColumn.first(where: { $0.fontScale == fontScale && $0.stale == !captionOn })
        {
            let when = captionOn ? "caption on" : "STALE"
            let seed = "000, Left-column height budget: the threshold table (fontScale \(fontScale) · \(when))"
            out.append(
                Line(
                    axis: .height, at: row.dayStreak, kind: .threshold, label: "DAY STREAK ≥\(Int(row.dayStreak))",
                    seed: seed, span: mediumSpan))
            out.append(
                Line(
                    axis: .height, at: row.longest, kind: .threshold, label: "Longest N ≥\(Int(row.longest))",
                    seed: seed, span: mediumSpan))
        }
        if showsLarge, state == .defaultProgress, let row = largeLadder.first(where: { $0.fontScale == fontScale }) {
            let seed = "000, Narrow-Large readability (OBJ-2428): the header ladder (reference case)"
            let span: ClosedRange<Double>? =
                family == .auto ? AndroidLayout.largeHeightThresholdDp...AndroidLayout.heightLimit : nil
            out.append(
                Line(
                    axis: .width, at: row.compact, kind: .threshold, label: "COMPACT ≥\(Int(row.compact))", seed: seed,
                    span: span))
            out.append(
                Line(
                    axis: .width, at: row.inline, kind: .threshold, label: "INLINE ≥\(Int(row.inline))", seed: seed,
                    span: span))
        }
        if family == .small, state == .newDay, fontScale == 2.0 {
            out.append(
                Line(
                    axis: .height, at: 160, kind: .threshold, label: "New day 2 lines ≥160",
                    seed:
                        "000, OBJ-1382 Known limitation: at 110dp × fontScale 2.0, below 160dp of granted height, New "
                        + "day needs 2 lines"
                ))
        }
        return out
    }
}

extension AndroidLayout {
    /// The largest size a map (or `render`) asks for: the request's own limits.
    static var widthLimit: Double { AndroidRenderRequest.widthRange.upperBound }
    static var heightLimit: Double { AndroidRenderRequest.heightRange.upperBound }
}
