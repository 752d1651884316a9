import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// The cells a meaning map plans: Android, width × height in dp steps, one panel per font scale;
/// iOS, device class × Dynamic Type size, one panel per family. Every cell is a `RenderTarget`
/// made from the base request (the widget, theme and look the command line asked for) with only
/// its size and type scale replaced — so a cell is exactly what `plan` draws with those flags.
public struct MapGrid: Sendable {
    public enum Axes: Sendable, Equatable {
        case android(family: AndroidFamilyRequest, widths: [Double], heights: [Double], fontScales: [Double])
        case ios(families: [IOSFamily], textSizes: [DynamicTypeSize])
    }
    public var base: RenderTarget
    public var axes: Axes

    public init(base: RenderTarget, axes: Axes) {
        self.base = base
        self.axes = axes
    }

    /// One panel: its title, its columns (x, left to right) and rows (y, top to bottom).
    public struct Panel: Sendable, Codable, Equatable {
        public var title: String
        /// Android: the panel's font scale; iOS: its family.
        public var fontScale: Double?
        public var family: String?
        /// The column and row labels, as the axes print them (dp, or a Dynamic Type size / device class).
        public var columns: [String]
        public var rows: [String]
        /// Android: the widths and heights in dp (nil on iOS).
        public var widths: [Double]?
        public var heights: [Double]?
    }

    public var panels: [Panel] {
        switch axes {
        case .android(_, let widths, let heights, let scales):
            // Heights grow upward, as on a home screen's resize handle: the top row is the tallest.
            let down = heights.reversed().map { $0 }
            return scales.map { fs in
                Panel(
                    title: "fontScale " + (fs == fs.rounded() ? String(format: "%.1f", fs) : Self.number(fs)),
                    fontScale: fs, family: nil, columns: widths.map(Self.number),
                    rows: down.map(Self.number), widths: widths, heights: down)
            }
        case .ios(let families, let sizes):
            return families.map { f in
                Panel(
                    title: f.rawValue, fontScale: nil, family: f.rawValue, columns: sizes.map(\.rawValue),
                    rows: Self.deviceClasses(f).map(\.name), widths: nil, heights: nil)
            }
        }
    }

    /// The device classes that have `family` (the 320 × 568 class has no Lock Screen), widest first.
    static func deviceClasses(_ family: IOSFamily) -> [IOSDeviceClass] {
        IOSDeviceClass.all.filter { $0.size(family) != nil }
    }

    /// Where cell `i` is: its panel, row and column (cells run panel by panel, row by row).
    public struct Place: Sendable, Equatable { public var panel: Int, row: Int, column: Int }

    public var count: Int { panels.reduce(0) { $0 + $1.rows.count * $1.columns.count } }

    public func places() -> [Place] {
        panels.enumerated().flatMap { p, panel in
            (0..<panel.rows.count).flatMap { r in
                (0..<panel.columns.count).map { c in Place(panel: p, row: r, column: c) }
            }
        }
    }

    /// The request a cell plans.
    public func target(_ place: Place) -> RenderTarget {
        switch (axes, base) {
        case (.android(_, let widths, let heights, let scales), .android(var r)):
            r.widthDp = widths[place.column]
            r.heightDp = heights[heights.count - 1 - place.row]
            r.fontScale = scales[place.panel]
            return .android(r)
        case (.ios(let families, let sizes), .ios(var r)):
            let family = families[place.panel]
            let device = Self.deviceClasses(family)[place.row]
            r.family = family
            r.deviceClass = device.name
            r.size = device.size(family)!
            r.textSize = sizes[place.column]
            return .ios(r)
        case (.android, .ios), (.ios, .android):
            preconditionFailure("a map's axes and its base request are of one platform (MapGrid.make)")
        }
    }

    /// Whether a cell's size is inside the seed's declared resize bounds (iOS sizes are Apple's, always inside).
    public func insideDeclaredBounds(_ place: Place) -> Bool {
        switch axes {
        case .android(let family, let widths, let heights, _):
            return SeedLines.bounds(family).contains(
                width: widths[place.column], height: heights[heights.count - 1 - place.row])
        case .ios:
            return true
        }
    }

    /// A dp value as the axes and flags print it (`110`, `1.15`).
    public static func number(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

extension MapGrid {
    /// The default font scales: the seed's band tables' (1.0, 1.15, 1.3) and double size.
    public static let defaultFontScales = [1.0, 1.15, 1.3, 2.0]
    /// The default step and the margin drawn around the declared bounds, in dp.
    public static let defaultStepDp = 2.0, defaultMarginDp = 20.0
    /// Where 2 dp would plan more cells than this (Large's and `auto`'s bounds: ~135,000), the
    /// default step is the first of `coarserStepsDp` that plans no more — a map to explore stays
    /// a few seconds' work, and a 6 px cell shows no more than the picture can.
    public static let defaultCellBudget = 40_000
    /// Multiples of 5 dp, so the seed's bounds and resolveSize's thresholds (110, 130, 200, 270,
    /// 400, 500 dp) stay cell edges.
    public static let coarserStepsDp = [5.0, 10.0]

    /// The step a map takes when `--step` is not given: 2 dp, or coarser for a large range.
    public static func defaultStep(widths: ClosedRange<Double>, heights: ClosedRange<Double>, panels: Int) -> Double {
        func cells(_ step: Double) -> Int {
            steps(widths, step: step).count * steps(heights, step: step).count * panels
        }
        return ([defaultStepDp] + coarserStepsDp).first { cells($0) <= defaultCellBudget } ?? coarserStepsDp.last!
    }
    /// The most cells one map plans (a 2 dp map of the whole request range at four scales is ~1M).
    public static let maxCells = 400_000

    /// The default range of one axis: the declared bounds and a margin, inside what a request takes.
    public static func defaultRange(_ bounds: ClosedRange<Double>, limit: ClosedRange<Double>) -> ClosedRange<Double> {
        max(
            limit.lowerBound, bounds.lowerBound - defaultMarginDp)...min(
                limit.upperBound, bounds.upperBound + defaultMarginDp)
    }

    /// `lo, lo + step, …` up to `hi` (and `hi` itself when the steps miss it).
    public static func steps(_ range: ClosedRange<Double>, step: Double) -> [Double] {
        var out: [Double] = []
        var i = 0
        while true {
            let v = range.lowerBound + Double(i) * step
            guard v <= range.upperBound + 1e-9 else { break }
            out.append((v * 1000).rounded() / 1000)
            i += 1
        }
        if let last = out.last, last < range.upperBound - 1e-9 { out.append(range.upperBound) }
        return out
    }
}
