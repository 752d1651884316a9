import EvidenceCore
import Foundation
import WidgetModel
import WidgetRaster
import WidgetScene
import WidgetText

struct RenderCommand: DeclaredCommand {
    static let name = "render"
    static let summary = "Render one fixture, or any widget at any size, to a PNG file"
    static let usage = """
        usage: evidence render --fixture KEY -o OUT.png [--overlay] [--json]
               evidence render --snapshot FILE|- --as-of ISO8601 --time-zone IANA [size options] -o OUT.png [--json]
               evidence render --no-snapshot … (first run)
               evidence render [--state S --habits N --done N …] [size options] -o OUT.png (a synthesized widget;
                               each widget option left out takes its default: none at all draws the reference widget)

        The second form reproduces a user's report in one command, e.g. the OBJ-2428 narrow-Large geometry:
          evidence render --snapshot snap.json --width 230 --height 330 --as-of 2026-09-17T08:30:00+02:00 \\
                          --time-zone Europe/Berlin -o narrow-large.png
        Without --json it prints the resolved state, size and the accessibility label, and warns about clipped nodes and
        code points no font of the fallback chain draws (missing-glyph).
        """
    static let fixture = OptionSpec.value(
        "fixture", "KEY", "a golden's fixture, a key from 'evidence list' (instead of the widget options)")
    static let overlay = OptionSpec.flag(
        "overlay",
        """
        write the accessibility view instead of the bare render: every element that
        carries meaning outlined, with a legend of its role, name, spoken text and
        measured contrast (as Paparazzi's accessibility snapshot); the legend is also printed
        """)
    /// What to draw (a fixture, or any widget), how, and where: one form, read by `read` below.
    struct Form {
        enum Source { case fixture(String), widget(AdHocRenderOptions) }
        var source: Source
        var overlay: Bool
        var output: String
        var json: Bool
    }
    struct Arguments: ParsableArguments {
        @TableGroup(
            OptionTable([
                .init("a fixture:", [RenderCommand.fixture]), .init("accessibility view:", [RenderCommand.overlay]),
            ])
                + AdHocRenderOptions.options, read: RenderCommand.read)
        var form: Form
    }
    /// A fixture fixes its own widget, size and tokens: any of those options beside it is refused.
    static func read(_ a: ParsedArguments) throws(InputError) -> Form {
        let source: Form.Source
        if let key = a.given(fixture) {
            try checkFixtureAlone(a)
            source = .fixture(key)
        } else {
            source = .widget(try AdHocRenderOptions.parse(a))
        }
        let overlaid = a.has(Self.overlay)
        let json = a.has(AdHocRenderOptions.json)
        return Form(source: source, overlay: overlaid, output: try a.required(AdHocRenderOptions.output), json: json)
    }
    static func run(_ a: Arguments) throws -> Int32 {
        let form = a.form
        let out = a.form.output
        let painter = try GateArguments.painter()
        let drawn: RenderedWidget?
        let scene: Scene
        var fixtureDrawn: (fixture: Fixture, facts: RenderFacts?)?
        switch form.source {
        case .fixture(let key):
            guard let fixture = try FixtureCatalog.fixture(key: key) else {
                // The nearest key, from the declared keys (nothing drawn).
                let hint =
                    Suggestion.nearest(key, among: try FixtureCatalog.keys(matching: nil)).map {
                        "did you mean '\($0)'? "
                    } ?? ""
                throw InputError("--fixture", "unknown fixture '\(key)'; \(hint)run 'evidence list' for the keys")
            }
            let made = fixture.draw(painter.fonts)
            scene = made.scene
            drawn = nil
            fixtureDrawn = (fixture, made.facts)
        case .widget(let o):
            let r = try WidgetPipeline.render(o, fonts: painter.fonts)
            drawn = r
            scene = r.scene
        }
        let image = painter.render(scene)
        if form.overlay {
            let overlaid = AccessibilityOverlay.draw(scene, painter: painter)
            try OutputFile.write(PNGCodec.encode(overlaid.image), to: out)
            overlaid.entries.forEach { print($0.line) }
        } else {
            try OutputFile.write(PNGCodec.encode(image), to: out)
        }
        for w in glyphWarnings(scene, fonts: painter.fonts) { printError(w) }
        if form.json {
            if let drawn {
                try printJSON(
                    RenderReport(
                        drawn, image: image, painter: painter,
                        known: try KnownFindings.load(from: Project.current.knownFindings),
                        key: WidgetRenderer.adHocKey(drawn.facts)))
            } else if let fixtureDrawn {
                try printJSON(
                    try FixtureRenderReport(
                        fixture: fixtureDrawn.fixture, facts: fixtureDrawn.facts, scene: scene, image: image,
                        painter: painter))
            }
            return 0
        }
        if let r = drawn {
            let w = r.resolved
            print(
                "state: \(w.state.rawValue), reactive: \(w.reactive?.rawValue ?? "suppressed"), motif: "
                    + "\(w.motif.rawValue), "
                    + "kindling: \(w.kindling ? "on" : "off"), size: "
                    + "\(r.family)\(r.layoutNote.isEmpty ? "" : ", " + r.layoutNote)"
            )
            for v in ClipCheck.violations(in: scene, measurer: painter.fonts) { printError("warning: clipped \(v)") }
        }
        print("label: \(scene.accessibilityLabel)")
        print("wrote \(out) (\(scene.pixelWidth)×\(scene.pixelHeight) px)")
        return 0
    }

    /// A fixture fixes its own widget, size and tokens: a widget or size option beside `--fixture`
    /// would be silently ignored, so it is a usage error instead.
    static func checkFixtureAlone(_ a: ParsedArguments) throws(InputError) {
        let ownTable = Set([fixture.name, overlay.name, AdHocRenderOptions.output.name, AdHocRenderOptions.json.name])
        for spec in AdHocRenderOptions.options.all where !ownTable.contains(spec.name) && a.mentions(spec) {
            throw InputError(
                "--\(spec.name)", "cannot be combined with --fixture (the fixture fixes its widget, size and tokens)")
        }
    }

    /// One stderr line per text node holding a code point no font of its chain draws.
    static func glyphWarnings(_ scene: Scene, fonts: FontLibrary) -> [String] {
        GlyphCoverageCheck.findings(in: scene, fonts: fonts).map { "warning: missing-glyph \($0)" }
    }
}

/// `render --fixture KEY --json`: a golden's scene reported like an ad-hoc render.
struct FixtureRenderReport: Encodable {
    var key: String
    var platform: Platform?
    var family: String?
    /// The state segment of the fixture's identity (state and reactive branch), nil for a band probe.
    var state: String?
    var size: Size
    var pixelWidth: Int
    var pixelHeight: Int
    var texts: [String]
    var accessibilityLabel: String
    var pips: [RenderReport.Pip]
    var findings: [RenderReport.Finding]
    /// The findings counted by class, spec gaps first (as `render --json` counts them).
    var findingClasses: FindingCounts
    init(fixture: Fixture, facts: RenderFacts?, scene: Scene, image: RGBAImage, painter: CairoPainter) throws {
        key = fixture.key
        platform = fixture.id?.platform
        family = fixture.id?.family.name
        state = fixture.id?.stateSegment
        size = scene.size
        pixelWidth = scene.pixelWidth
        pixelHeight = scene.pixelHeight
        texts = scene.visibleText
        accessibilityLabel = scene.accessibilityLabel
        pips = RenderReport.pips(scene)
        let key = fixture.key
        let known = try KnownFindings.load(from: Project.current.knownFindings)
        findings = RenderReport.findings(scene, image: image, painter: painter, known: known, key: key, facts: facts)
        findingClasses = FindingCounts(findings.map(\.findingClass))
    }
}

/// The ad-hoc pipeline `render` and `plan` share: read the snapshot (or synthesize it), load the
/// platform's tokens, and draw.
enum WidgetPipeline {
    static func target(_ o: AdHocRenderOptions) throws -> RenderTarget {
        var (snapshot, asOf): (WidgetSnapshot?, Date)
        if case .file(let path) = o.input.source, o.onBadSnapshot == .fallback {
            let (data, name) = try readSnapshotFile(path)
            let decoded = try o.onBadSnapshot.decode(data, name: name)
            if let error = decoded.warning {
                // The widget's own fail-closed path (seed 001 §5): no snapshot → first run, legacy card.
                printError("evidence render: \(error) — drawing the fail-closed render (first run, legacy body)")
            }
            (snapshot, asOf) = (decoded.snapshot, o.input.asOf)
        } else {
            (snapshot, asOf) = try o.input.resolveSnapshot(readFile: loadSnapshotFile)
        }
        return o.target.with(snapshot: snapshot, asOf: asOf, timeZone: o.input.timeZone)
    }

    static func renderer(_ o: AdHocRenderOptions, fonts: FontLibrary) throws -> WidgetRenderer {
        let android =
            try o.androidRes.map { try AndroidTokens.load(resDirectory: URL(fileURLWithPath: $0)) }
            ?? TokenSet.bundled()
        var ios = try AssetCatalogTokens.bundled()
        if let dir = o.iosAssets {
            let loaded = try AssetCatalogTokens.load(directory: URL(fileURLWithPath: dir), defaults: ios)
            if !loaded.missing.isEmpty {
                printError(
                    "warning: \(dir) has no \(loaded.missing.joined(separator: ", ")); using the bundled "
                        + "default\(loaded.missing.count == 1 ? "" : "s")"
                )
            }
            ios = loaded.tokens
        }
        return WidgetRenderer(fonts: fonts, androidTokens: android, iosTokens: ios)
    }

    static func render(_ o: AdHocRenderOptions, fonts: FontLibrary) throws -> RenderedWidget {
        try renderer(o, fonts: fonts).render(try target(o))
    }
}
