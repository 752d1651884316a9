import EvidenceCore
import Foundation
import WidgetModel
import WidgetScene
import WidgetText

/// A meaning map as one picture, drawn by the Cairo painter: a panel per font scale (Android) or
/// family (iOS), each cell filled with its outcome's colour (Okabe–Ito, colour-blind safe) *and*
/// marked with its class's mark or letter — the map passes its own colour-alone rule — the seed's
/// declared bounds and band-table thresholds as labelled lines, `auto`'s family switches as a blue
/// edge, axes in dp, and a legend with a count per class.
public enum MapPicture {
    /// How many shed elements a shade and its dots tell apart (more count as this many).
    public static let shedLevels = 5

    /// The fill of a class; `shed` grows darker with the number of elements shed (1 … 5+), so the
    /// seed's thresholds show as steps in shade.
    public static func fill(_ c: MapClass, shedCount: Int = 1) -> Color {
        switch c {
        case .shown: return Color(r: 0xFF, g: 0xFF, b: 0xFF)
        case .shed:
            let shades = [
                Color(r: 0xDC, g: 0xEF, b: 0xFA), Color(r: 0xB5, g: 0xDD, b: 0xF4), Color(r: 0x8E, g: 0xCB, b: 0xEE),
                Color(r: 0x56, g: 0xB4, b: 0xE9), Color(r: 0x2B, g: 0x8F, b: 0xC9),
            ]
            return shades[min(shedLevels, max(1, shedCount)) - 1]
        case .known: return Color(r: 0xF0, g: 0xE4, b: 0x42)
        case .outsideScope: return Color(r: 0xB4, g: 0xB4, b: 0xB4)
        case .specGap: return Color(r: 0xE6, g: 0x9F, b: 0x00)
        case .lost: return Color(r: 0xD5, g: 0x5E, b: 0x00)
        }
    }
    static let ink = Color(r: 0, g: 0, b: 0)
    static let grid = Color(r: 0xDD, g: 0xDD, b: 0xDD)
    static let paper = Color(r: 0xFF, g: 0xFF, b: 0xFF)
    /// Okabe–Ito blue: resolveSize's family switches.
    static let familyEdge = Color(r: 0x00, g: 0x72, b: 0xB2)
    static let boundsInk = Color(r: 0x00, g: 0x00, b: 0x00)
    static let thresholdInk = Color(r: 0xCC, g: 0x79, b: 0xA7)

    /// The legend's shed swatch: three shed, a middle shade.
    public static let legendShed = 3
    static let margin = 16.0, titleHeight = 58.0, panelTitle = 22.0, topLabels = 34.0, bottomAxis = 40.0
    static let labelStyle = TextStyle(.roboto, .regular, size: 12), boldLabel = TextStyle(.roboto, .bold, size: 12)
    static let titleStyle = TextStyle(.roboto, .bold, size: 20), panelStyle = TextStyle(.roboto, .bold, size: 14)

    /// Pixels per cell: big enough for a mark (6 px), a letter where the grid is small (iOS).
    static func cellSize(columns: Int, rows: Int) -> Double {
        max(6, min(40, floor(min(760 / Double(columns), 620 / Double(rows)))))
    }

    /// The geometry every drawing step and the picture test share.
    public struct Layout: Sendable {
        public var cell: Double
        public var leftAxis: Double, rightLabels: Double
        /// Each panel's plot rectangle (cells only), in picture pixels.
        public var plots: [Rect]
        public var legendTop: Double
        public var width: Double, height: Double

        /// The centre of a cell in picture pixels.
        public func centre(panel: Int, row: Int, column: Int) -> Point {
            Point(plots[panel].x + (Double(column) + 0.5) * cell, plots[panel].y + (Double(row) + 0.5) * cell)
        }
        /// The legend swatch of `c` (its centre), in picture pixels.
        public func legendSwatch(_ c: MapClass) -> Point {
            let i = Double(MapClass.allCases.firstIndex(of: c)!)
            return Point(margin + 9, legendTop + 24 + i * 22 + 9)
        }
    }

    public static func layout(_ map: MeaningMap, title: String, measurer: TextMeasuring) -> Layout {
        let maxCols = map.panels.map(\.columns.count).max() ?? 1
        let maxRows = map.panels.map(\.rows.count).max() ?? 1
        var cell = cellSize(columns: maxCols, rows: maxRows)
        // iOS columns are words (xxxLarge, AX3): a cell as wide as the widest, so no two labels run together.
        if map.platform == .ios {
            let widest = map.panels.flatMap(\.columns).map { measurer.advance($0, style: labelStyle) }.max() ?? 0
            cell = max(cell, min(80, (widest + 12).rounded(.up)))
        }
        // Whole pixels, so every cell's edges fall on pixel edges.
        let rowLabels: [Double] = map.panels.flatMap(\.rows).map { measurer.advance($0, style: labelStyle) }
        let leftAxis: Double = (12 + (rowLabels.max() ?? 20)).rounded(.up)
        let heightLines: [Double] = map.lines.joined().filter { $0.axis == .height }.map {
            measurer.advance($0.label, style: labelStyle)
        }
        let rightLabels: Double = (8 + (heightLines.max() ?? 0)).rounded(.up)
        let plotW = Double(maxCols) * cell
        let plotH = Double(maxRows) * cell
        let panelW = leftAxis + plotW + rightLabels + margin
        let panelH = panelTitle + topLabels + plotH + bottomAxis
        let perRow = map.panels.count >= 2 && plotW < 900 ? 2 : 1
        var plots: [Rect] = []
        for p in map.panels.indices {
            let x = margin + Double(p % perRow) * panelW + leftAxis
            let y = titleHeight + Double(p / perRow) * panelH + panelTitle + topLabels
            plots.append(
                Rect(
                    x: x, y: y, width: Double(map.panels[p].columns.count) * cell,
                    height: Double(map.panels[p].rows.count) * cell))
        }
        let rows = (map.panels.count + perRow - 1) / perRow
        let legendTop = titleHeight + Double(rows) * panelH + 8
        let titleWidth = measurer.advance(title, style: titleStyle) + 2 * margin
        let width = max(margin * 2 + Double(perRow) * panelW, 760, titleWidth)
        let height = legendTop + 24 + Double(MapClass.allCases.count + (map.platform == .android ? 4 : 0)) * 22 + margin
        return Layout(
            cell: cell, leftAxis: leftAxis, rightLabels: rightLabels, plots: plots, legendTop: legendTop,
            width: width.rounded(.up), height: height.rounded(.up))
    }

    /// The picture's scene (density 1: one layout unit is one pixel).
    public static func scene(_ map: MeaningMap, title: String, measurer: TextMeasuring) -> Scene {
        let l = layout(map, title: title, measurer: measurer)
        let page = Rect(x: 0, y: 0, width: l.width, height: l.height)
        let d = Drawing(page: page, platform: map.platform, measurer: measurer)
        d.nodes.append(rect(page, paper))
        func text(
            _ s: String, x: Double, y: Double, style: TextStyle = labelStyle, align: TextAlignment = .leading,
            width: Double? = nil, backed: Bool = false
        ) {
            d.text(s, x: x, y: y, style: style, align: align, width: width, backed: backed)
        }

        text(title, x: margin, y: 8, style: titleStyle)
        let counts = map.counts
        let summary =
            "\(map.cells.count) cells · "
            + MapClass.allCases.reversed().compactMap { c in
                counts[c].map { "\($0) \(c.rawValue)" }
            }.joined(separator: " · ") + " · checks: \(map.checks.joined(separator: ", "))"
        text(summary, x: margin, y: 34)

        for (p, panel) in map.panels.enumerated() {
            let plot = l.plots[p]
            text(panel.title, x: plot.x - l.leftAxis, y: plot.y - topLabels - panelTitle, style: panelStyle)
            let cells = map.cells.filter { $0.panel == p }
            // Fills: one path per colour, a rectangle per cell.
            var byColour: [Color: [PathCommand]] = [:]
            var marks: [PathCommand] = []
            for c in cells {
                let r = Rect(
                    x: plot.x + Double(c.column) * l.cell, y: plot.y + Double(c.row) * l.cell, width: l.cell,
                    height: l.cell)
                byColour[fill(c.outcome, shedCount: c.shed.count), default: []] += box(r)
                if l.cell >= 16 { continue }
                marks += mark(c.outcome, shedCount: c.shed.count, in: r)
            }
            for colour in byColour.keys.sorted(by: { $0.hex < $1.hex }) {
                d.nodes.append(path(byColour[colour]!, fill: colour))
            }
            if !marks.isEmpty { d.nodes.append(path(marks, fill: ink)) }
            if l.cell >= 16 {
                for c in cells {
                    let centre = l.centre(panel: p, row: c.row, column: c.column)
                    text(
                        c.outcome.letter + (c.outcome == .shed && c.shed.count > 1 ? "\(min(c.shed.count, 9))" : ""),
                        x: centre.x, y: centre.y - 8, style: boldLabel, align: .center, width: l.cell)
                }
            }
            // The frame just outside the cells, so it never tints one.
            d.nodes.append(
                path(
                    box(Rect(x: plot.x - 0.5, y: plot.y - 0.5, width: plot.width + 1, height: plot.height + 1)),
                    stroke: Stroke(.solid(grid), width: 1)))
            d.nodes += familyEdges(map, panel: p, plot: plot, cell: l.cell)
            drawAxes(map, panel: panel, plot: plot, cell: l.cell, leftAxis: l.leftAxis, d)
            drawSeedLines(map, panel: p, plot: plot, cell: l.cell, d)
        }

        // Legend: the swatch as a cell draws it (colour and mark), the letter, the meaning, the count.
        text("legend", x: margin, y: l.legendTop, style: panelStyle)
        for c in MapClass.allCases {
            let centre = l.legendSwatch(c)
            let r = Rect(x: centre.x - 9, y: centre.y - 9, width: 18, height: 18)
            d.nodes.append(path(box(r), fill: fill(c, shedCount: legendShed), stroke: Stroke(.solid(ink), width: 1)))
            d.nodes.append(path(mark(c, shedCount: legendShed, in: r), fill: ink))
            text("\(c.letter)  \(c.rawValue) — \(c.meaning): \(counts[c] ?? 0) cell(s)", x: r.maxX + 10, y: r.y + 1)
        }
        var y = l.legendTop + 24 + Double(MapClass.allCases.count) * 22
        let lineLegend: [(Stroke, String)] = [
            (
                Stroke(.solid(boundsInk), width: 2),
                "the seed's declared resize bounds" + (map.bounds.map { " (\($0.seed))" } ?? "")
            ),
            (
                Stroke(.solid(thresholdInk), width: 2, dash: [6, 3]),
                "a band-table threshold where the seed puts it (the side it names shows the element)"
            ),
            (
                Stroke(.solid(familyEdge), width: 2, dash: [2, 3], cap: .butt),
                "resolveSize's thresholds: Small below 200 dp wide, Large from 270 dp tall where it seats two rows"
            ),
            (Stroke(.solid(familyEdge), width: 3), "where the planned family changes (auto family)"),
        ]
        // The seed's lines are Android's: its bounds and band tables have no iOS rows.
        for (stroke, label) in map.platform == .android ? lineLegend : [] {
            d.nodes.append(path([.move(Point(margin, y + 9)), .line(Point(margin + 18, y + 9))], stroke: stroke))
            text(label, x: margin + 28, y: y + 1)
            y += 22
        }
        return Scene(size: Size(l.width, l.height), density: 1, card: page, nodes: d.nodes, accessibilityLabel: title)
    }

    /// The PNG bytes of the picture.
    public static func png(_ map: MeaningMap, title: String, painter: CairoPainter) -> [UInt8] {
        PNGCodec.encode(painter.render(scene(map, title: title, measurer: painter.fonts)))
    }

    // MARK: marks — each class's shape, so no two classes differ by colour alone

    /// Dice faces 1 … 5, in quarters of a cell from its centre.
    static let diceFaces: [[Point]] = [
        [Point(0, 0)], [Point(-1, 1), Point(1, -1)], [Point(-1, 1), Point(0, 0), Point(1, -1)],
        [Point(-1, -1), Point(1, -1), Point(-1, 1), Point(1, 1)],
        [Point(-1, -1), Point(1, -1), Point(0, 0), Point(-1, 1), Point(1, 1)],
    ]

    /// A class's mark in the cell `r`, built of whole-pixel squares so it is drawn in pure ink at
    /// any cell size (a dot, a bar, a diagonal as a staircase).
    static func mark(_ c: MapClass, shedCount: Int, in r: Rect) -> [PathCommand] {
        let s = r.width
        let cx = r.midX
        let cy = r.midY
        let t = max(1, (s / 7).rounded())
        func dot(_ x: Double, _ y: Double) -> [PathCommand] {
            box(Rect(x: (x - t / 2).rounded(.down), y: (y - t / 2).rounded(.down), width: t, height: t))
        }
        /// Top-left to bottom-right (`falling`) or bottom-left to top-right, a sixth in from the corners.
        func diagonal(falling: Bool) -> [PathCommand] {
            let steps: StrideThrough<Double> = stride(from: s / 6, through: s - s / 6 - t, by: 1)
            return steps.flatMap { (i: Double) -> [PathCommand] in
                let x: Double = r.minX + i + t / 2
                let y: Double = falling ? r.minY + i + t / 2 : r.maxY - i - t / 2
                return dot(x, y)
            }
        }
        switch c {
        case .shown:
            return []
        case .shed:
            // Dice faces: as many dots as elements shed, five for five or more.
            let d = s / 4
            return diceFaces[min(shedLevels, max(1, shedCount)) - 1].flatMap { dot(cx + $0.x * d, cy + $0.y * d) }
        case .known:
            return box(
                Rect(
                    x: (r.minX + s / 6).rounded(.down), y: (cy - t / 2).rounded(.down), width: (s * 2 / 3).rounded(),
                    height: t))
        case .outsideScope:
            return box(
                Rect(
                    x: (cx - t / 2).rounded(.down), y: (r.minY + s / 6).rounded(.down), width: t,
                    height: (s * 2 / 3).rounded()))
        case .specGap:
            return diagonal(falling: false)
        case .lost:
            return diagonal(falling: true) + diagonal(falling: false)
        }
    }

    static func box(_ r: Rect) -> [PathCommand] {
        [
            .move(Point(r.minX, r.minY)), .line(Point(r.maxX, r.minY)), .line(Point(r.maxX, r.maxY)),
            .line(Point(r.minX, r.maxY)), .close,
        ]
    }

    static func rect(_ r: Rect, _ c: Color) -> SceneNode {
        SceneNode(
            .sheetLabel, on: .android, role: .graphic, token: "", bounds: r, container: r,
            content: .rect(cornerRadius: 0, fill: .solid(c)))
    }

    static func path(_ commands: [PathCommand], fill: Color? = nil, stroke: Stroke? = nil) -> SceneNode {
        let everything = Rect(x: -1e6, y: -1e6, width: 2e6, height: 2e6)
        return SceneNode(
            .sheetLabel, on: .android, role: .graphic, token: "", bounds: everything, container: everything,
            content: .path(commands, fill: fill.map { .solid($0) }, stroke: stroke))
    }

    // MARK: lines and axes

    /// Where a seed value sits along an axis of grid values: the edge between the cells below it
    /// and the cells at or above it (`values` ascending; nil when the value is off the grid).
    static func edge(_ v: Double, in values: [Double]) -> Int? {
        guard let first = values.first, let last = values.last, v > first - 1e-9, v <= last + 1e-9 else { return nil }
        return values.firstIndex { $0 >= v - 1e-9 }
    }

    static func drawSeedLines(_ map: MeaningMap, panel p: Int, plot: Rect, cell: Double, _ d: Drawing) {
        guard let widths = map.panels[p].widths, let down = map.panels[p].heights else { return }
        let heights = Array(down.reversed())
        // A width w's edge: x of the first column ≥ w. A height h's edge: below the lowest row ≥ h.
        func x(_ w: Double) -> Double? { edge(w, in: widths).map { plot.x + Double($0) * cell } }
        func y(_ h: Double) -> Double? { edge(h, in: heights).map { plot.maxY - Double($0) * cell } }
        func xRange(_ r: ClosedRange<Double>?) -> (Double, Double) {
            guard let r else { return (plot.minX, plot.maxX) }
            return (
                x(r.lowerBound) ?? (r.lowerBound <= widths[0] ? plot.minX : plot.maxX),
                x(r.upperBound) ?? (r.upperBound >= widths.last! ? plot.maxX : plot.minX)
            )
        }
        func yRange(_ r: ClosedRange<Double>?) -> (Double, Double) {
            guard let r else { return (plot.minY, plot.maxY) }
            return (
                y(r.upperBound) ?? (r.upperBound >= heights.last! ? plot.minY : plot.maxY),
                y(r.lowerBound) ?? (r.lowerBound <= heights[0] ? plot.maxY : plot.minY)
            )
        }
        if let b = map.bounds {
            // The bounds' far edges include their last value: the edge after it.
            let x0 = x(b.width.lowerBound) ?? plot.minX
            let y0 = y(b.height.lowerBound) ?? plot.maxY
            let x1 = edge(b.width.upperBound + 1e-6, in: widths).map { plot.x + Double($0) * cell } ?? plot.maxX
            let y1 = edge(b.height.upperBound + 1e-6, in: heights).map { plot.maxY - Double($0) * cell } ?? plot.minY
            d.nodes.append(
                path(
                    box(Rect(x: x0, y: y1, width: x1 - x0, height: y0 - y1)),
                    stroke: Stroke(.solid(boundsInk), width: 2, cap: .butt, join: .miter)))
        }
        var stagger = 0
        for line in map.lines[p] {
            let stroke: Stroke
            switch line.kind {
            case .bounds: stroke = Stroke(.solid(boundsInk), width: 2, cap: .butt)
            case .family: stroke = Stroke(.solid(familyEdge), width: 2, dash: [2, 3], cap: .butt)
            case .threshold: stroke = Stroke(.solid(thresholdInk), width: 2, dash: [6, 3], cap: .butt)
            }
            switch line.axis {
            case .height:
                guard let ly = y(line.at) else { continue }
                let (a, b) = xRange(line.span)
                d.nodes.append(path([.move(Point(a, ly)), .line(Point(b, ly))], stroke: stroke))
                d.text(
                    line.label, x: plot.maxX + 4, y: ly - 8, style: labelStyle, align: .leading, width: nil,
                    backed: true)
            case .width:
                guard let lx = x(line.at) else { continue }
                let (top, bottom) = yRange(line.span)
                d.nodes.append(path([.move(Point(lx, top)), .line(Point(lx, bottom))], stroke: stroke))
                d.text(
                    line.label, x: lx, y: plot.minY - 17 - Double(stagger % 2) * 16, style: labelStyle, align: .center,
                    width: nil, backed: true)
                stagger += 1
            }
        }
    }

    static func drawAxes(
        _ map: MeaningMap, panel: MapGrid.Panel, plot: Rect, cell: Double, leftAxis: Double, _ d: Drawing
    ) {
        let tick = Stroke(.solid(ink), width: 1, cap: .butt)
        if let widths = panel.widths, let down = panel.heights {
            for i in labelled(widths, cell: cell, minimumPixels: 44) {
                let w = widths[i]
                let cx = plot.x + (Double(i) + 0.5) * cell
                d.nodes.append(path([.move(Point(cx, plot.maxY)), .line(Point(cx, plot.maxY + 4))], stroke: tick))
                d.text(
                    MapGrid.number(w), x: cx, y: plot.maxY + 5, style: labelStyle, align: .center, width: nil,
                    backed: false)
            }
            d.text(
                "width (\(map.unit))", x: plot.midX, y: plot.maxY + 21, style: boldLabel, align: .center, width: nil,
                backed: false)
            for i in labelled(down, cell: cell, minimumPixels: 18) {
                let h = down[i]
                let cy = plot.y + (Double(i) + 0.5) * cell
                d.nodes.append(path([.move(Point(plot.minX - 4, cy)), .line(Point(plot.minX, cy))], stroke: tick))
                d.text(
                    MapGrid.number(h), x: plot.minX - 6, y: cy - 8, style: labelStyle, align: .trailing, width: nil,
                    backed: false)
            }
            d.text(
                "height (\(map.unit)) ↑", x: plot.minX - leftAxis, y: plot.minY - topLabels + 2, style: boldLabel,
                align: .leading, width: nil, backed: false)
        } else {
            for (i, c) in panel.columns.enumerated() {
                d.text(
                    c, x: plot.x + (Double(i) + 0.5) * cell, y: plot.maxY + 5, style: labelStyle, align: .center,
                    width: nil, backed: false)
            }
            d.text(
                "Dynamic Type size", x: plot.midX, y: plot.maxY + 21, style: boldLabel, align: .center, width: nil,
                backed: false)
            for (i, r) in panel.rows.enumerated() {
                d.text(
                    r, x: plot.minX - 6, y: plot.y + (Double(i) + 0.5) * cell - 8, style: labelStyle, align: .trailing,
                    width: nil, backed: false)
            }
            d.text(
                "device class (pt)", x: plot.minX - leftAxis, y: plot.minY - topLabels + 2, style: boldLabel,
                align: .leading, width: nil, backed: false)
        }
    }

    /// The nodes being drawn, and text placed by its measured width.
    final class Drawing {
        let page: Rect, platform: Platform, measurer: TextMeasuring
        var nodes: [SceneNode] = []
        init(page: Rect, platform: Platform, measurer: TextMeasuring) {
            self.page = page
            self.platform = platform
            self.measurer = measurer
        }

        /// One line of black text at (x, y) — its top — aligned on x; `backed` puts paper behind it.
        func text(
            _ s: String, x: Double, y: Double, style: TextStyle, align: TextAlignment, width: Double?, backed: Bool
        ) {
            let w = width ?? measurer.advance(s, style: style).rounded(.up) + 2
            let lineHeight = (style.size * 1.35).rounded(.up)
            let x0: Double
            switch align {
            case .leading: x0 = x
            case .center: x0 = x - w / 2
            case .trailing: x0 = x - w
            }
            let box = Rect(x: x0, y: y, width: w, height: lineHeight)
            if backed {
                nodes.append(rect(Rect(x: box.x - 2, y: box.y, width: box.width + 4, height: box.height), paper))
            }
            nodes.append(
                SceneNode(
                    .sheetLabel, on: platform, role: .text, token: "", bounds: box, container: page,
                    content: .text(
                        TextContent(lines: [s], style: style, color: ink, alignment: align, lineHeight: lineHeight))))
        }
    }

    /// The columns (or rows) to label, at least `minimumPixels` apart: every n-th, starting where
    /// the value is roundest (a multiple of n steps, else of 10) so the labels read as round dp.
    static func labelled(_ values: [Double], cell: Double, minimumPixels: Double) -> [Int] {
        guard values.count > 1 else { return Array(values.indices) }
        func isMultiple(_ v: Double, _ m: Double) -> Bool { m > 0 && abs(v.truncatingRemainder(dividingBy: m)) < 1e-9 }
        let step = abs(values[1] - values[0])
        let least = max(1, Int((minimumPixels / cell).rounded(.up)))
        // A label every 10 dp's worth of steps where the spacing allows it (4 dp steps: every 40 dp).
        let n = (least...(3 * least)).first { isMultiple(Double($0) * step, 10) } ?? least
        let start =
            values.indices.prefix(n).first { isMultiple(values[$0], Double(n) * step) }
            ?? values.indices.prefix(n).first { isMultiple(values[$0], 10) } ?? 0
        return Array(stride(from: start, to: values.count, by: n))
    }

    /// resolveSize's switches: a blue edge between neighbouring cells of different families, and
    /// each family's name at the middle of its cells.
    static func familyEdges(_ map: MeaningMap, panel p: Int, plot: Rect, cell: Double) -> [SceneNode] {
        let panel = map.panels[p]
        let (rows, cols) = (panel.rows.count, panel.columns.count)
        var family: [[String]] = Array(repeating: Array(repeating: "", count: cols), count: rows)
        for c in map.cells where c.panel == p { family[c.row][c.column] = c.family }
        guard Set(family.flatMap { $0 }).count > 1 else { return [] }
        var edges: [PathCommand] = []
        for r in 0..<rows {
            for c in 0..<cols {
                let x = plot.x + Double(c) * cell
                let y = plot.y + Double(r) * cell
                if c + 1 < cols, family[r][c] != family[r][c + 1] {
                    edges += [.move(Point(x + cell, y)), .line(Point(x + cell, y + cell))]
                }
                if r + 1 < rows, family[r][c] != family[r + 1][c] {
                    edges += [.move(Point(x, y + cell)), .line(Point(x + cell, y + cell))]
                }
            }
        }
        return [path(edges, stroke: Stroke(.solid(familyEdge), width: 3, cap: .square))]
    }
}
