import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetRaster
import WidgetScene

#if canImport(Glibc)
    import Glibc
#endif

/// `evidence map`: where the widget says what it means, across every size and text size — one
/// plan per cell of a grid (the pipeline `plan` runs; nothing painted), drawn as one picture.
struct MapCommand: DeclaredCommand {
    static let name = "map"
    static let summary =
        "Draw the meaning map: every size × text size coloured by what the widget shows, sheds or loses"
    static let usage = """
        usage: evidence map [widget options] [--family F] [--widths A..B] [--heights A..B] [--step N]
                            [--font-scales LIST] -o MAP.png [--html DIR] [--json]
               evidence map --platform ios --family systemSmall [--text-sizes LIST] … -o MAP.png

        Plans the widget at every cell of a grid exactly as 'evidence plan' does — Android: width ×
        height in dp steps, one panel per font scale; iOS: device class × Dynamic Type size — runs the
        lost-meaning, truncation, clip and glyph checks on each plan's scene (no pixels are drawn;
        colour is not a question of size), and draws one PNG: each cell coloured and marked by its
        outcome — everything shown, optional elements shed in the seed's order, or meaning lost
        (known to the seed, outside its declared bounds, or unexplained) — with the seed's declared
        resize bounds and band-table thresholds as lines, and, with --family auto, where resolveSize
        switches family. Exit 0 whatever the map shows: it is for exploring, the gate is 'verify'.
        """
    static let widths = OptionSpec.value(
        "widths", "A..B", "android: the widths planned, lowest..highest",
        default: .note("the seed's declared bounds ± \(MapGrid.number(MapGrid.defaultMarginDp))"), unit: "dp")
    static let heights = OptionSpec.value(
        "heights", "A..B", "android: the heights planned, lowest..highest",
        default: .note("the seed's declared bounds ± \(MapGrid.number(MapGrid.defaultMarginDp))"), unit: "dp")
    static let step = OptionSpec.value(
        "step", "N", "android: dp between neighbouring cells", check: .number(1...100),
        default: .note(
            "\(MapGrid.number(MapGrid.defaultStepDp)), or the first of "
                + "\(MapGrid.coarserStepsDp.map(MapGrid.number).joined(separator: ", ")) that plans at most "
                + "\(MapGrid.defaultCellBudget) cells"
        ), unit: "dp")
    static let fontScales = OptionSpec.value(
        "font-scales", "LIST", "android: one panel per font scale, comma-separated",
        default: .value(MapGrid.defaultFontScales.map(MapGrid.number).joined(separator: ",")))
    static let textSizes = OptionSpec.value(
        "text-sizes", "LIST", "ios: the Dynamic Type sizes (the columns), comma-separated",
        default: .value(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ",")))
    static let output = OptionSpec.output(
        "output", "FILE", "the map PNG (written atomically)", writes: .png, short: "o")
    static let html = OptionSpec.output(
        "html", "DIR",
        """
        a page DIR/index.html: hover a cell for its size and findings, click it for the
        plan's reasons and its render (any cell's, drawn in the page from its scene)
        """, writes: .folder)
    static let json = OptionSpec.flag("json", "print every cell's outcome, classes, shed elements and findings")
    static let options =
        WidgetInputOptions.options
        + OptionTable([
            .init(
                "map:",
                [
                    RenderTarget.platform, RenderTarget.family, widths, heights, step, fontScales, textSizes,
                    RenderTarget.density, RenderTarget.scale, RenderTarget.hostMode, RenderTarget.theme,
                ]),
            .init("output:", [output, html, json, GateArguments.jobs, GateArguments.quiet]),
        ])
    static let notes = """
        examples:
          evidence map --family small --state stale -o map.png
          evidence map --family medium --font-scales 1,1.3 --heights 110..200 -o medium.png --html medium-map
          evidence map --family auto -o auto.png
          evidence map --platform ios --family systemSmall --state defaultProgress -o ios.png

        How to read it: docs/guides/meaning-map.md.
        """

    /// The command line as plain values (a pure parse, unit-tested).
    struct Options: Equatable {
        var widget: AdHocRenderOptions
        var axes: MapGrid.Axes
        var output: String?
        var html: String?
        var json: Bool
        var jobs: Int
        var quiet: Bool
        /// `evidence render` with the widget flags this map was given (the page's cells add their size).
        var renderCommand: String
    }
    struct Arguments: ParsableArguments {
        @TableGroup(MapCommand.options, read: MapCommand.parse) var form: Options
    }

    static func parse(_ args: [String]) throws(InputError) -> Options { try parse(options.parse(args)) }

    static func parse(_ a: ParsedArguments) throws(InputError) -> Options {
        let input = try WidgetInputOptions.parse(a)
        let target = try RenderTarget.parse(a)
        let axes: MapGrid.Axes
        switch target {
        case .android(let r):
            if a.given(textSizes) != nil {
                throw InputError("--text-sizes", "only applies to --platform ios (Android: --font-scales)")
            }
            let bounds = SeedLines.bounds(r.family)
            let w = try range(
                a, widths, default: MapGrid.defaultRange(bounds.width, limit: AndroidRenderRequest.widthRange),
                limit: AndroidRenderRequest.widthRange)
            let h = try range(
                a, heights, default: MapGrid.defaultRange(bounds.height, limit: AndroidRenderRequest.heightRange),
                limit: AndroidRenderRequest.heightRange)
            let scales = try list(a, fontScales) { raw throws(InputError) -> Double in
                guard let v = Double(raw), v.isFinite, AndroidRenderRequest.fontScaleRange.contains(v) else {
                    throw InputError(
                        "--font-scales", "'\(raw)' is not a font scale in \(AndroidRenderRequest.fontScaleRange)")
                }
                return v
            }
            let step = try a.double(Self.step, absent: MapGrid.defaultStep(widths: w, heights: h, panels: scales.count))
            axes = .android(
                family: r.family, widths: MapGrid.steps(w, step: step), heights: MapGrid.steps(h, step: step),
                fontScales: scales)
        case .ios(let r):
            for spec in [widths, heights, step, fontScales] where a.given(spec) != nil {
                throw InputError(
                    "--\(spec.name)",
                    "only applies to --platform android (iOS: --text-sizes; the device classes are Apple's sizes)")
            }
            let sizes = try list(a, textSizes) { raw throws(InputError) -> DynamicTypeSize in
                guard let s = DynamicTypeSize.allCases.first(where: { $0.rawValue.lowercased() == raw.lowercased() })
                else {
                    throw InputError(
                        "--text-sizes",
                        "'\(raw)' is not one of \(DynamicTypeSize.allCases.map(\.rawValue).joined(separator: ", "))")
                }
                return s
            }
            axes = .ios(families: [r.family], textSizes: sizes)
        }
        let grid = MapGrid(base: target, axes: axes)
        guard grid.count <= MapGrid.maxCells else {
            throw InputError(
                a.given(step) != nil ? "--step" : "--widths",
                "\(grid.count) cells is more than \(MapGrid.maxCells); use a larger --step or narrower "
                    + "--widths/--heights"
            )
        }
        let jobs = try a.int(GateArguments.jobs, absent: ProcessInfo.processInfo.activeProcessorCount)
        let quiet = a.has(GateArguments.quiet)
        let out = a.given(output)
        let page = a.given(html)
        guard out != nil || page != nil || a.has(json) else {
            throw InputError("-o", "required: the map PNG to write (or --html DIR, or --json)")
        }
        let widget = AdHocRenderOptions(
            input: input, target: target, androidRes: nil, iosAssets: nil, output: nil, json: a.has(json))
        return Options(
            widget: widget, axes: axes, output: out, html: page, json: a.has(json),
            jobs: jobs, quiet: quiet, renderCommand: renderCommand(a))
    }

    /// `A..B` inside `limit` (one value, `A`, is a one-cell axis).
    static func range(
        _ a: ParsedArguments, _ spec: OptionSpec, default d: ClosedRange<Double>, limit: ClosedRange<Double>
    ) throws(InputError) -> ClosedRange<Double> {
        guard let raw = a.given(spec) else { return d }
        let parts = raw.components(separatedBy: "..")
        let numbers = parts.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.filter(\.isFinite)
        guard parts.count <= 2, numbers.count == parts.count, let lo = numbers.first, let hi = numbers.last, lo <= hi
        else {
            throw InputError("--\(spec.name)", "'\(raw)' is not a range like 90..270 (dp, lowest first)")
        }
        guard limit.contains(lo), limit.contains(hi) else {
            throw InputError(
                "--\(spec.name)",
                "'\(raw)' leaves \(MapGrid.number(limit.lowerBound))…\(MapGrid.number(limit.upperBound)) dp, the sizes "
                    + "a request takes"
            )
        }
        return lo...hi
    }

    /// A comma-separated list, each item read by `item`, no repeats.
    static func list<T: Equatable>(_ a: ParsedArguments, _ spec: OptionSpec, _ item: (String) throws(InputError) -> T)
        throws(InputError) -> [T]
    {
        let raw = a.string(spec) ?? ""
        var out: [T] = []
        for part in raw.split(separator: ",", omittingEmptySubsequences: false).map({
            $0.trimmingCharacters(in: .whitespaces)
        }) {
            guard !part.isEmpty else {
                throw InputError("--\(spec.name)", "'\(raw)' has an empty item; give a comma-separated list")
            }
            let v = try item(part)
            guard !out.contains(v) else { throw InputError("--\(spec.name)", "'\(part)' is listed twice") }
            out.append(v)
        }
        return out
    }

    static func run(_ a: Arguments) throws -> Int32 {
        let o = a.form
        // Refused before any planning: a folder that is not a page (-o is checked by OutputGuard).
        if let dir = o.html { try PageFolder.checkReplaceable(URL(fileURLWithPath: dir)) }
        let jobs = o.jobs
        let painter = try GateArguments.painter()
        let renderer = try WidgetPipeline.renderer(o.widget, fonts: painter.fonts)
        let grid = MapGrid(base: try WidgetPipeline.target(o.widget), axes: o.axes)
        let knownFile = Project.current.knownFindings
        let planner = MapPlanner(renderer: renderer, painter: painter, known: try KnownFindings.load(from: knownFile))

        let start = Date()
        let quiet = o.quiet
        // Spec gaps and known limitations are the project's known-findings.json: without one, every
        // loss is drawn as a failure, so say why before a reader takes the map for the widget's.
        if !FileManager.default.fileExists(atPath: knownFile.path) {
            printError(
                "evidence map: no \(KnownFindings.fileName) at \(knownFile.path): spec gaps and known limitations are "
                    + "drawn as failures (give --root DIR for a project's)"
            )
        }
        if !quiet { printError("evidence map: planning \(grid.count) cells on \(jobs) worker(s)") }
        let live = !quiet && isatty(2) != 0
        // The page draws any cell from its scene: kept from the same plans the map is made of.
        let (map, scenes) = planner.plan(grid, jobs: jobs, keepingScenes: o.html != nil) { done, total in
            if live { printProgress("\r\u{1B}[K\(done)/\(total) cells planned") }
        }
        if live { printProgress("\r\u{1B}[K") }
        let title = Self.title(map, o.widget)
        if let out = o.output { try OutputFile.write(MapPicture.png(map, title: title, painter: painter), to: out) }
        if let dir = o.html {
            try MapPageWriter.write(
                map, scenes: scenes, title: title, grid: grid, planner: planner, command: o.renderCommand, to: dir,
                jobs: jobs
            ) { done, total in
                if live { printProgress("\r\u{1B}[K\(done)/\(total) renders drawn for the page") }
            }
            if live { printProgress("\r\u{1B}[K") }
        }
        let seconds = Date().timeIntervalSince(start)
        let counts = map.counts
        let classes: [String] = MapClass.allCases.compactMap { c in counts[c].map { "\($0) \(c.rawValue)" } }
        let wrote: String = o.output.map { " — wrote \($0)" } ?? ""
        let page: String = o.html.map { " — page \($0)/index.html" } ?? ""
        let time = String(format: "%.2f", seconds)
        let line = "\(map.cells.count) cells in \(time) s: \(classes.joined(separator: ", "))\(wrote)\(page)"
        if o.json {
            try printJSON(map)
            if !quiet { printError("evidence map: " + line) }
        } else {
            print(line)
        }
        return 0
    }

    /// `evidence render` with the widget flags this map was given: a cell's command adds its size.
    static func renderCommand(_ a: ParsedArguments) -> String {
        let shared =
            WidgetInputOptions.options.all + [
                RenderTarget.platform, RenderTarget.family, RenderTarget.density,
                RenderTarget.scale, RenderTarget.hostMode, RenderTarget.theme,
            ]
        var words = ["evidence", "render"]
        for spec in shared {
            if spec.isSwitch {
                if a.has(spec) { words.append("--\(spec.name)") }
                continue
            }
            guard let v = a.given(spec) else { continue }
            let safe = v.allSatisfy { $0.isLetter || $0.isNumber || "-_.:/+@".contains($0) }
            words += ["--\(spec.name)", safe ? v : "'" + v.replacingOccurrences(of: "'", with: "'\\''") + "'"]
        }
        return words.joined(separator: " ")
    }

    /// The picture's title: platform, family and the widget's state.
    static func title(_ map: MeaningMap, _ o: AdHocRenderOptions) -> String {
        var words = ["evidence map", map.platform.rawValue, map.family, map.state.rawValue]
        if case .synthetic(let w) = o.input.source {
            words += [
                w.motif.rawValue, w.kindling ? "kindling" : "no kindling", "streak \(w.streak)",
                "\(w.done) of \(w.habits) done",
            ]
        }
        return words.joined(separator: " · ")
    }
}
