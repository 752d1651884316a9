import EvidenceCore
import Foundation
import WidgetModel
import WidgetScene

/// Each drawn element's frame as a golden was recorded (issue #54 item 3): what lets verify name a
/// layout edit's cause — the element whose frame moved, and by how much — instead of a bare
/// "pixels" line. Recorded by `record` beside the golden's hashes (`GoldenEntry.frames`); an index,
/// never evidence: it only attributes a failure the pixels already found, and can make nothing pass.
///
/// One frame per element (its nodes' bounds united, glyph parts included), in the scene's paint
/// order, keyed by the element's display name on its platform (`dayStreakLabel`, `habit-row-2.title`),
/// in layout units (dp / pt) rounded to hundredths. In the manifest it is one string, so each entry
/// grows by one line: `"numeral 16 12 40 30;dayStreakLabel 16 42 80 15"`.
public struct ElementFrames: Codable, Equatable, Sendable {
    public struct Frame: Equatable, Sendable {
        public var name: String
        public var rect: Rect
    }
    public var frames: [Frame]

    public init(_ frames: [Frame]) { self.frames = frames }

    /// The frames of a drawn scene.
    public init(_ scene: Scene) {
        var order: [String] = []
        var bounds: [String: [Rect]] = [:]
        for node in scene.nodes {
            let name = node.element.displayName(node.platform)
            if bounds[name] == nil { order.append(name) }
            bounds[name, default: []].append(node.bounds)
        }
        frames = order.compactMap { name in
            Rect.union(bounds[name] ?? []).map { Frame(name: name, rect: Self.rounded($0)) }
        }
    }

    /// Hundredths of a layout unit: a smaller move is under a fiftieth of a pixel at every density
    /// the matrix draws, and the recorded text stays short and the same on every machine.
    static func rounded(_ r: Rect) -> Rect {
        func h(_ v: Double) -> Double {
            let x = (v * 100).rounded() / 100
            return x == 0 ? 0 : x
        }
        return Rect(x: h(r.x), y: h(r.y), width: h(r.width), height: h(r.height))
    }

    /// A layout-unit number as recorded: `12`, `12.5`, `-0.25`.
    static func number(_ v: Double) -> String {
        abs(v) < 1e9 && v == v.rounded()
            ? String(Int(v))
            : String(format: "%.2f", v).replacingOccurrences(of: #"0$"#, with: "", options: .regularExpression)
    }

    public var text: String {
        frames.map { f in
            ([f.name] + [f.rect.x, f.rect.y, f.rect.width, f.rect.height].map(Self.number)).joined(separator: " ")
        }
        .joined(separator: ";")
    }

    /// The frames written as `text`; nil for anything else (a name with a space or `;`, a number
    /// that is not finite, a part missing). Read by `ElementFramesText`.
    public init?(text: String) {
        guard let frames = ElementFramesText.frames(text) else { return nil }
        self.frames = frames
    }

    public init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        guard let f = ElementFrames(text: try c.decode(String.self)) else {
            throw DecodingError.dataCorruptedError(
                in: c, debugDescription: "not element frames ('name x y width height;…')")
        }
        self = f
    }

    public func encode(to encoder: Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(text)
    }
}

/// A layout edit's mark on one render: the element the roll-up names as its cause, its frame as
/// recorded and as drawn now, and the other elements whose frames changed with it.
public struct LayoutMove: Codable, Equatable, Sendable {
    /// The element's display name (`dayStreakLabel`).
    public var element: String
    /// The change is the space below `element` (which kept its frame): the elements after it moved
    /// together — a margin or slot edit, which no element's own frame shows. nil: its own frame.
    public var spaceBelow: Bool?
    /// Where only moves changed, or moves and elements that vanished (shed for room): the nearest
    /// element above the topmost that changed, in its column, that kept its frame. The roll-up
    /// counts an element that moved on its own, or vanished, under the space below this one where
    /// other renders of the run show that space changed (the same edit, with an element below that
    /// stayed — a footer held to the bottom — or one it left no room for).
    public var above: String?
    /// Its frame in the golden (nil: it was not drawn then) and now (nil: it is not drawn now); for
    /// `spaceBelow`, the frames of the first element below it that moved.
    public var was: Rect?
    public var now: Rect?
    /// `android/medium`, `ios/systemSmall`: the family drawn (the cause names it; one element name
    /// is several elements across families).
    public var family: String?
    /// `dp` or `pt`.
    public var unit: String
    /// The other elements whose frames changed, in paint order.
    public var others: [String]

    /// What changed between the recorded and the current frames, or nil where none did. The element
    /// named is the first, in paint order, whose size changed (a resized element moves those after
    /// it); else the first that appeared or vanished; else, where the elements that moved are the
    /// last of their column, the space below the nearest element above them that kept its frame (a
    /// margin edit moves every element after it, and which of them are drawn varies from fixture
    /// to fixture: the element above them is the one cause they share); else the topmost that moved.
    public static func between(recorded: ElementFrames, now: ElementFrames, family: String?, platform: Platform)
        -> LayoutMove?
    {
        let then = Dictionary(recorded.frames.map { ($0.name, $0.rect) }, uniquingKeysWith: { a, _ in a })
        let current = Dictionary(now.frames.map { ($0.name, $0.rect) }, uniquingKeysWith: { a, _ in a })
        var changed: [(name: String, was: Rect?, now: Rect?)] = now.frames.compactMap { f in
            then[f.name] == f.rect ? nil : (f.name, then[f.name], f.rect)
        }
        changed += recorded.frames.filter { current[$0.name] == nil }.map { ($0.name, $0.rect, nil) }
        guard !changed.isEmpty else { return nil }
        func resized(_ c: (name: String, was: Rect?, now: Rect?)) -> Bool {
            guard let w = c.was, let n = c.now else { return false }
            return w.width != n.width || w.height != n.height
        }
        var spaceBelow: String?
        var above: String?
        var cause = changed.first(where: resized) ?? changed.first { $0.was == nil || $0.now == nil }
        // Only moves, or moves and elements shed for room (none appeared): top-down by the recorded frames.
        if !changed.contains(where: resized), !changed.contains(where: { $0.was == nil }) {
            let top = changed.min { a, b in (a.was!.minY, a.was!.minX) < (b.was!.minY, b.was!.minX) }!
            // In its column (overlapping it across), an element above it and none below it kept its
            // frame: what changed is the space after that one. One below it that kept its frame too
            // says the topmost moved on its own.
            let w = top.was!
            let kept = recorded.frames.filter { f in
                current[f.name] == f.rect && f.rect.minX < w.maxX && f.rect.maxX > w.minX
            }
            above = kept.filter { $0.rect.maxY <= w.minY + 0.01 }.max { $0.rect.maxY < $1.rect.maxY }?.name
            if cause == nil {
                cause = top
                if !kept.contains(where: { $0.rect.minY >= w.maxY - 0.01 }) { spaceBelow = above }
            }
            // (a shed element stays the cause: the roll-up counts it under the space above it where
            // the run shows that space changed — the edit that left it no room)
        }
        let named = spaceBelow ?? cause!.name
        let unit: String
        switch platform {
        case .android: unit = "dp"
        case .ios: unit = "pt"
        }
        return LayoutMove(
            element: named, spaceBelow: spaceBelow.map { _ in true }, above: spaceBelow == nil ? above : nil,
            was: cause!.was, now: cause!.now, family: family, unit: unit,
            others: changed.map(\.name).filter { $0 != named })
    }

    /// "y +2 dp, height +2 dp", "appeared", "vanished".
    public var change: String {
        guard let was else { return "appeared" }
        guard let now else { return "vanished" }
        let parts = [
            ("x", now.x - was.x), ("y", now.y - was.y), ("width", now.width - was.width),
            ("height", now.height - was.height),
        ]
        .filter { abs($0.1) >= 0.005 }
        .map { "\($0.0) \(Self.signed($0.1)) \(unit)" }
        return parts.isEmpty ? "unchanged" : parts.joined(separator: ", ")
    }

    /// Several renders' moves of one element as one phrase: the change where they agree ("y +2
    /// dp"), else each coordinate's range over them ("y +2…+3 dp"), with how many it appeared or
    /// vanished in.
    public static func summary(_ moves: [LayoutMove]) -> String {
        let changes = HTMLReport.orderedUnique(moves.map(\.change))
        guard changes.count > 1, let unit = moves.first?.unit else { return changes.first ?? "" }
        let both = moves.compactMap { m in m.was.flatMap { w in m.now.map { (w, $0) } } }
        var parts: [String] = []
        let coordinates: [(name: String, of: (Rect) -> Double)] = [
            ("x", { $0.x }), ("y", { $0.y }), ("width", { $0.width }), ("height", { $0.height }),
        ]
        for (name, coordinate) in coordinates {
            let values: [Double] = both.map { coordinate($0.1) - coordinate($0.0) }
            guard let lo = values.min(), let hi = values.max(), abs(lo) >= 0.005 || abs(hi) >= 0.005 else { continue }
            let range: String = lo == hi ? signed(lo) : signed(lo) + "…" + signed(hi)
            parts.append("\(name) \(range) \(unit)")
        }
        let appeared = moves.count { $0.was == nil }
        let vanished = moves.count { $0.now == nil }
        if appeared > 0 { parts.append("appeared in \(appeared)") }
        if vanished > 0 { parts.append("vanished in \(vanished)") }
        return parts.joined(separator: ", ")
    }

    static func signed(_ v: Double) -> String {
        let x = (v * 100).rounded() / 100
        return (x > 0 ? "+" : "") + ElementFrames.number(x)
    }
}

extension LayoutMove {
    /// A render's layout edit against its golden's recorded frames (none recorded: nil).
    static func of(_ r: Rendered, recorded: ElementFrames?) -> LayoutMove? {
        guard let recorded else { return nil }
        let family = r.facts?.family ?? r.fixture.id?.family
        let platform = family?.platform ?? r.scene.nodes.first?.platform ?? .android
        return between(
            recorded: recorded, now: ElementFrames(r.scene),
            family: family.map { "\($0.platform.rawValue)/\($0.name)" }, platform: platform)
    }
}
