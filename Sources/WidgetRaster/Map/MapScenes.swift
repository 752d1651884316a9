import EvidenceCore
import Foundation
import WidgetModel
import WidgetScene
import WidgetText

/// Every cell's scene as a display list the map page draws on demand into a canvas (issue #52:
/// "click to see that render, drawn on demand from an embedded list"): the nodes the painter
/// draws — rects, paths, text lines — with text placed where the painter places it (each line's
/// x and baseline and its shaped width come from the same font library), in the bundled fonts.
///
/// Kept small enough to embed for tens of thousands of cells: a node is written once relative
/// to its own origin (a *shape*), a shape at a place once (a *placed* node), and a cell is its
/// size, density and the list of its placed nodes — neighbouring cells share most of theirs.
public struct MapScenes: Sendable {
    private var shapes: [String] = [], shapeIDs: [String: Int] = [:]
    private var placed: [Int] = [], placedIDs: [PlacedKey: Int] = [:]
    private var cells: [String] = []
    /// The bundled font files the text uses, in first-use order: the page's canvas fonts.
    private var fontFiles: [String] = [], fontIDs: [String: Int] = [:]

    private struct PlacedKey: Hashable { var shape: Int, x: Int, y: Int }

    /// One cell's nodes as the page encodes them, made on a worker (`encode`) and interned in order (`add`).
    public struct EncodedCell: Sendable {
        var header: String
        /// A text node's `font` is its primary font file (its shape lacks the font's index); nil for other nodes.
        var nodes: [(shape: String, font: String?, x: Int, y: Int)]
    }

    /// Positions are kept in hundredths of a layout unit: under a twenty-fifth of a pixel at 4×.
    static let precision = 100.0

    static func encode(_ scene: Scene, fonts: FontLibrary) -> EncodedCell {
        let header = "[\(num(scene.size.width)),\(num(scene.size.height)),\(num(scene.density))"
        var nodes: [(String, String?, Int, Int)] = []
        nodes.reserveCapacity(scene.nodes.count)
        for node in scene.nodes {
            let ox = (node.bounds.x * precision).rounded()
            let oy = (node.bounds.y * precision).rounded()
            let origin = Point(ox / precision, oy / precision)
            func p(_ q: Point) -> String { num(q.x - origin.x) + "," + num(q.y - origin.y) }
            let shape: String
            let font: String?
            switch node.content {
            case .rect(let radius, let fill):
                shape =
                    "[\"r\",\(num(node.bounds.width)),\(num(node.bounds.height)),\(num(radius)),\(paint(fill, origin))]"
                font = nil
            case .path(let commands, let fill, let stroke):
                let cmds = commands.map { c -> String in
                    switch c {
                    case .move(let a): return "\"M\"," + p(a)
                    case .line(let a): return "\"L\"," + p(a)
                    case .curve(let a, let b, let c): return "\"C\"," + p(a) + "," + p(b) + "," + p(c)
                    case .arc(let c, let r, let s, let e): return "\"A\"," + p(c) + ",\(num(r)),\(exact(s)),\(exact(e))"
                    case .close: return "\"Z\""
                    }
                }.joined(separator: ",")
                let strokeJSON =
                    stroke.map { s in
                        "[\(num(s.width)),\(paint(s.paint, origin)),[\(s.dash.map(num).joined(separator: ","))],\""
                            + "\(s.cap.rawValue)\",\"\(s.join.rawValue)\"]"
                    } ?? "null"
                shape = "[\"p\",[\(cmds)],\(fill.map { paint($0, origin) } ?? "null"),\(strokeJSON)]"
                font = nil
            case .text(let t):
                let file = fonts.chainFileNames(t.style).first.map {
                    String($0.split(separator: "/").last ?? Substring($0))
                }
                let baseline = fonts.baselineOffset(t.style, lineHeight: t.lineHeight)
                let box = Rect(
                    x: node.bounds.x - origin.x, y: node.bounds.y - origin.y, width: node.bounds.width,
                    height: node.bounds.height)
                // The painter's placement: one paragraph direction for every line, each line's x by its shaped width.
                let paragraph =
                    TextShaper.isRightToLeftParagraph(t.text) ? ParagraphDirection.rightToLeft : .leftToRight
                let lines = t.lines.enumerated().map { i, line -> String in
                    let shaped = fonts.shapeLine(line, style: t.style, direction: paragraph)
                    let x = t.alignment.lineX(
                        width: shaped.width, in: box, paragraphRightToLeft: shaped.rightToLeft,
                        leadingEdge: t.leadingEdge)
                    return
                        "[\(string(line)),\(num(x)),\(num(box.minY + Double(i) * t.lineHeight + baseline)),"
                        + "\(num(shaped.width)),\(shaped.rightToLeft ? 1 : 0)]"
                }.joined(separator: ",")
                // Its font's index is put in front when the cell is added.
                shape = ",\(num(t.style.size)),\(paint(.solid(t.color), origin)),[\(lines)]]"
                font = file ?? ""
            }
            nodes.append((shape, font, Int(ox), Int(oy)))
        }
        return EncodedCell(header: header, nodes: nodes)
    }

    public init() {}

    mutating func add(_ cell: EncodedCell) {
        var ids: [String] = []
        ids.reserveCapacity(cell.nodes.count)
        for node in cell.nodes {
            var shape = node.shape
            if let file = node.font {
                let f =
                    fontIDs[file]
                    ?? {
                        fontFiles.append(file)
                        fontIDs[file] = fontFiles.count - 1
                        return fontFiles.count - 1
                    }()
                shape = "[\"t\",\(f)" + shape
            }
            let s =
                shapeIDs[shape]
                ?? {
                    shapes.append(shape)
                    shapeIDs[shape] = shapes.count - 1
                    return shapes.count - 1
                }()
            let key = PlacedKey(shape: s, x: node.x, y: node.y)
            let id =
                placedIDs[key]
                ?? {
                    placed += [s, node.x, node.y]
                    placedIDs[key] = placed.count / 3 - 1
                    return placed.count / 3 - 1
                }()
            ids.append(String(id))
        }
        cells.append(cell.header + ",[" + ids.joined(separator: ",") + "]]")
    }

    /// The page's `map-scenes` block: fonts (name and base64 bytes), shapes, placed nodes
    /// (shape, x, y in hundredths), and per cell [width, height, density, [placed…]].
    public func json() -> String {
        let fonts = fontFiles.map { name -> String in
            let bytes = BundledFonts.bytes(named: name).map { Data($0).base64EncodedString() }
            return "[\(Self.string(name)),\(bytes.map { "\"\($0)\"" } ?? "null")]"
        }
        return "{\"fonts\":[" + fonts.joined(separator: ",") + "],\"scale\":\(Int(Self.precision)),\"shapes\":["
            + shapes.joined(separator: ",")
            + "],\"placed\":[" + placed.map(String.init).joined(separator: ",") + "],\"cells\":["
            + cells.joined(separator: ",") + "]}"
    }

    public var cellCount: Int { cells.count }
    public var shapeCount: Int { shapes.count }
    public var placedCount: Int { placed.count / 3 }

    // MARK: JSON pieces

    static func paint(_ p: Paint, _ origin: Point) -> String {
        func stops(_ s: [GradientStop]) -> String {
            "[" + s.map { "[\(exact($0.offset)),\(colour($0.color))]" }.joined(separator: ",") + "]"
        }
        switch p {
        case .solid(let c): return colour(c)
        case .linear(let s, let e, let st):
            return
                "[\"l\",\(num(s.x - origin.x)),\(num(s.y - origin.y)),\(num(e.x - origin.x)),\(num(e.y - origin.y)),"
                + "\(stops(st))]"
        case .radial(let c, let r, let st):
            return "[\"g\",\(num(c.x - origin.x)),\(num(c.y - origin.y)),\(num(r)),\(stops(st))]"
        }
    }

    /// CSS `rgba()`: the canvas takes it as is.
    static func colour(_ c: Color) -> String {
        c.a == 255 ? "\"rgb(\(c.r),\(c.g),\(c.b))\"" : "\"rgba(\(c.r),\(c.g),\(c.b),\(exact(Double(c.a) / 255)))\""
    }

    /// A layout value to `precision`, shortest form (`12`, `12.5`, `-0.25`).
    static func num(_ v: Double) -> String { MapGrid.number((v * precision).rounded() / precision) }

    /// Angles and gradient offsets, unrounded (an arc's end decides what a ring closes).
    static func exact(_ v: Double) -> String { MapGrid.number(v) }

    /// A JSON string that cannot end the page's script block (`</` is written `<\/`).
    static func string(_ s: String) -> String {
        JSONValue.quote(s).replacingOccurrences(of: "</", with: "<\\/")
    }
}
