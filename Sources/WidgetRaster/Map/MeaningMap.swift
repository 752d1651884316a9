import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// A meaning map (issue #52): every cell of a `MapGrid` planned by the pipeline `plan` runs —
/// resolve → copy → plan → scene — and judged by the registry's checks that read the scene alone
/// (`MapClass.judges`). Nothing is painted: a cell costs one measure run of the layout.
public struct MeaningMap: Sendable, Codable {
    public static let schemaName = "evidence-map/1"

    /// One finding of a cell, as `plan --json` words it, with the class the map gives it.
    public struct Finding: Sendable, Codable, Equatable {
        public var kind: FailureKind
        public var node: String
        public var detail: String
        public var known: Bool
        public var seed: String?
        public var mapClass: MapClass
        enum CodingKeys: String, CodingKey { case kind, node, detail, known, seed, mapClass = "class" }
    }

    public struct Cell: Sendable, Codable {
        public var panel: Int, row: Int, column: Int
        /// The family drawn (Android: resolveSize's pick under `--family auto`).
        public var family: String
        /// Android: dp and font scale; iOS: pt, device class and Dynamic Type size.
        public var width: Double, height: Double
        public var fontScale: Double?
        public var deviceClass: String?
        public var textSize: String?
        /// The worst of `classes`.
        public var outcome: MapClass
        /// Every class the cell shows, best first (`shown` only when there is nothing else).
        public var classes: [MapClass]
        /// What the family draws with room to spare that this size does not (plan element names;
        /// `habit rows` when rows are dropped), in the plan's order.
        public var shed: [String]
        /// The plan's reason for each shed element.
        public var reasons: [String: String]
        public var findings: [Finding]
        /// Inside the seed's scope: its declared resize bounds, at a size where resolveSize picks
        /// the family drawn (always on iOS, whose sizes are Apple's).
        public var inside: Bool
    }

    public var schema = Self.schemaName
    public var platform: Platform
    /// `--family` as asked (`auto` on Android lets resolveSize pick per cell).
    public var family: String
    public var state: WidgetState
    public var unit: String
    public var panels: [MapGrid.Panel]
    /// The seed's lines per panel (declared bounds' edges, band-table thresholds, family switches).
    public var lines: [[SeedLines.Line]]
    public var bounds: SeedLines.Bounds?
    /// The checks a cell runs (the registry's render checks that read the scene alone).
    public var checks: [String]
    public var cells: [Cell]

    public func cell(panel: Int, row: Int, column: Int) -> Cell? {
        var i = 0
        for p in 0..<panel { i += panels[p].rows.count * panels[p].columns.count }
        i += row * panels[panel].columns.count + column
        return cells.indices.contains(i) ? cells[i] : nil
    }

    public var counts: [MapClass: Int] { cells.reduce(into: [:]) { $0[$1.outcome, default: 0] += 1 } }
}

/// Plans every cell of a grid.
public struct MapPlanner: Sendable {
    public let renderer: WidgetRenderer
    public let painter: CairoPainter
    public let known: KnownFindings

    public init(renderer: WidgetRenderer, painter: CairoPainter, known: KnownFindings) {
        self.renderer = renderer
        self.painter = painter
        self.known = known
    }

    /// The render checks a map runs: the registry's, where their kind is one a map judges.
    public static var checks: [CheckRegistry.Check] {
        CheckRegistry.checks.filter { $0.render != nil && MapClass.judges($0.kind) }
    }

    /// Every cell, planned on `jobs` workers; `progress(done, total)` is called on this thread.
    public func map(_ grid: MapGrid, jobs: Int, progress: ((Int, Int) -> Void)? = nil) -> MeaningMap {
        plan(grid, jobs: jobs, keepingScenes: false, progress: progress).map
    }

    /// The map and, when `keepingScenes`, every cell's scene as the page's display list — both
    /// from the same one plan per cell.
    public func plan(_ grid: MapGrid, jobs: Int, keepingScenes: Bool, progress: ((Int, Int) -> Void)? = nil) -> (
        map: MeaningMap, scenes: MapScenes
    ) {
        let places = grid.places()
        let roomy = RoomyReferences(grid: grid, planner: self)
        var cells: [MeaningMap.Cell] = []
        cells.reserveCapacity(places.count)
        var scenes = MapScenes()
        let total = places.count
        let fonts = painter.fonts
        parallelStream(
            total, jobs: jobs, batch: max(256, jobs * 64),
            { _, i in
                let (cell, scene) = self.cell(grid, places[i], roomy: roomy)
                return (cell, keepingScenes ? MapScenes.encode(scene, fonts: fonts) : nil)
            },
            consume: { (i: Int, planned: (MeaningMap.Cell, MapScenes.EncodedCell?)) in
                cells.append(planned.0)
                if let scene = planned.1 { scenes.add(scene) }
                if (i + 1) % 500 == 0 || i + 1 == total { progress?(i + 1, total) }
            })
        // Every cell draws the same widget: its state is the first cell's.
        let state = places.first.map { renderer.draw(grid.target($0)).facts.state } ?? .defaultProgress
        let lines: [[SeedLines.Line]]
        let bounds: SeedLines.Bounds?
        switch grid.axes {
        case .android(let family, _, _, let scales):
            lines = scales.map { SeedLines.android(family, fontScale: $0, state: state) }
            bounds = SeedLines.bounds(family)
        case .ios(let families, _):
            lines = families.map { _ in [] }
            bounds = nil
        }
        let family: String
        switch grid.axes {
        case .android(let f, _, _, _): family = f.rawValue
        case .ios(let fs, _): family = fs.map(\.rawValue).joined(separator: ",")
        }
        return (
            MeaningMap(
                platform: grid.base.platform, family: family, state: state,
                unit: grid.base.platform == .android ? "dp" : "pt",
                panels: grid.panels, lines: lines, bounds: bounds, checks: Self.checks.map(\.name), cells: cells),
            scenes
        )
    }

    /// The plan of one request with the map's checks run on its scene: what `plan --json` reports
    /// for the same flags, less the colour checks (`MapClass.judges`).
    public func report(_ target: RenderTarget) -> PlanReport { reportAndScene(target).report }

    func reportAndScene(_ target: RenderTarget) -> (report: PlanReport, scene: Scene) {
        let d = renderer.draw(target)
        let findings = RenderReport.findings(
            d.scene, image: Self.unpainted, painter: painter, known: known,
            key: WidgetRenderer.adHocKey(d.facts), facts: d.facts, checks: Self.checks.compactMap(\.render))
        return (PlanReport(d, findings: findings), d.scene)
    }

    /// The frame the checks are handed: none of the map's checks reads pixels.
    static let unpainted = RGBAImage(width: 1, height: 1, fill: Color(r: 0, g: 0, b: 0, a: 0))

    /// One cell and the scene its plan draws.
    func cell(_ grid: MapGrid, _ place: MapGrid.Place, roomy: RoomyReferences) -> (MeaningMap.Cell, Scene) {
        let target = grid.target(place)
        let (r, scene) = reportAndScene(target)
        let inside = grid.insideDeclaredBounds(place) && resolvesToDrawnFamily(target, drawn: r)
        let reference = roomy.reference(family: r.family, panel: place.panel)
        let shown = Set(r.elements.filter { $0.shown && !RoomyReferences.isHabitRow($0.name) }.map(\.name))
        var shed: [String] = []
        var reasons: [String: String] = [:]
        for name in reference.shownElements where !shown.contains(name) {
            shed.append(name)
            reasons[name] = r.elements.first { $0.name == name }?.reason ?? "not drawn"
        }
        if r.habits.visible.count < reference.habitRows {
            shed.append(Self.habitRows)
            reasons[Self.habitRows] = "\(r.habits.visible.count) habit row(s) drawn; with room, \(reference.habitRows)"
        }
        let findings = r.findings.map { f in
            MeaningMap.Finding(
                kind: f.kind, node: f.node, detail: f.detail, known: f.known, seed: f.seed,
                mapClass: MapClass.classify(f, insideSeedScope: inside))
        }
        var classes = Set(findings.map(\.mapClass))
        if !shed.isEmpty { classes.insert(.shed) }
        if classes.isEmpty { classes.insert(.shown) }
        let sorted = classes.sorted()
        return (
            MeaningMap.Cell(
                panel: place.panel, row: place.row, column: place.column, family: r.family,
                width: r.size.width, height: r.size.height, fontScale: r.fontScale, deviceClass: r.deviceClass,
                textSize: r.textSize, outcome: sorted.last!, classes: sorted, shed: shed, reasons: reasons,
                findings: findings, inside: inside), scene
        )
    }

    /// Whether a device would draw this family at this size: always under `--family auto`; for a
    /// fixed family, when resolveSize picks it (the seed's own function; where it needs Large's
    /// viability check, the `auto` plan of the same request answers).
    func resolvesToDrawnFamily(_ target: RenderTarget, drawn: PlanReport) -> Bool {
        guard case .android(var r) = target, r.family != .auto else { return true }
        var needsViability = false
        let cheap = resolveSize(
            minWidthDp: r.widthDp, minHeightDp: r.heightDp, kindling: drawn.kindling,
            largeHabitCapacity: {
                needsViability = true
                return 0
            }())
        guard needsViability else { return cheap.size.rawValue == drawn.family }
        r.family = .auto
        return renderer.draw(.android(r)).facts.family.name == drawn.family
    }

    /// The shed list's name for habit rows dropped from the bottom.
    public static let habitRows = "habit rows"
}

/// What each family draws with room to spare: the same widget planned at the largest size a
/// request takes (Android; the panel's font scale) or on the largest device class at the default
/// text size (iOS). An element it shows that a cell does not is shed at that cell.
struct RoomyReferences: Sendable {
    struct Reference: Sendable {
        var shownElements: [String]
        var habitRows: Int
    }
    /// Keyed by panel, then family name.
    let references: [[String: Reference]]

    init(grid: MapGrid, planner: MapPlanner) {
        func reference(_ target: RenderTarget) -> Reference {
            let r = planner.report(target)
            return Reference(
                shownElements: r.elements.filter { $0.shown && !Self.isHabitRow($0.name) }.map(\.name),
                habitRows: r.habits.visible.count)
        }
        switch (grid.axes, grid.base) {
        case (.android(_, _, _, let scales), .android(var r)):
            references = scales.map { fs in
                Dictionary(
                    uniqueKeysWithValues: AndroidFamily.allCases.map { family in
                        r.family = AndroidFamilyRequest(family)
                        r.widthDp = AndroidRenderRequest.widthRange.upperBound
                        r.heightDp = AndroidRenderRequest.heightRange.upperBound
                        r.fontScale = fs
                        return (family.rawValue, reference(.android(r)))
                    })
            }
        case (.ios(let families, _), .ios(var r)):
            references = families.map { family in
                let device = MapGrid.deviceClasses(family)[0]
                r.family = family
                r.deviceClass = device.name
                r.size = device.size(family)!
                r.textSize = .large
                return [family.rawValue: reference(.ios(r))]
            }
        case (.android, .ios), (.ios, .android):
            preconditionFailure("a map's axes and its base request are of one platform (MapGrid.make)")
        }
    }

    /// A habit row's element (Android's plan row `habit[i]`, iOS's `habit-row-N.part`): rows are
    /// counted, not named, since which habits get rows moves with the next-due habit.
    static func isHabitRow(_ name: String) -> Bool {
        name.hasPrefix("habit[") || name.hasPrefix("habit-row-")
    }

    func reference(family: String, panel: Int) -> Reference {
        references[panel][family] ?? Reference(shownElements: [], habitRows: 0)
    }
}
