import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// The colour-alone check (issue #9; seed 000 "Host rendering modes (iOS)": "Nothing may encode
/// meaning in colour alone in the two host-owned modes").
@Suite struct ColourAloneTests {
    let fonts = FontLibrary.shared
    var builder: IOSSceneBuilder { .bundled }
    var painter: CairoPainter { CairoPainter(fonts: fonts) }

    /// The legacy Small with 2 of 4 done: two solid done pips, two outlined not-yet pips.
    func pipScene(_ mode: HostMode) throws -> Scene {
        var w = SyntheticWidget()
        w.kindling = false
        w.habits = 4
        w.done = 2
        let (snap, at) = try w.snapshot()
        return builder.scene(
            IOSRenderRequest(
                family: .systemSmall, theme: .dark, hostMode: mode, snapshot: snap, asOf: at,
                timeZone: SyntheticWidget.timeZone))
    }

    /// Today's HabitPip is shape-coded (solid capsule vs 1.5 pt outline): it passes in tinted mode.
    @Test func shapeCodedPipPasses() throws {
        let s = try pipScene(.tinted)
        expectTrue(s.nodes.contains { $0.name.hasSuffix(".done") } && s.nodes.contains { $0.name.hasSuffix(".todo") })
        expectTrue(ColourAloneCheck.withinScene(key: "t", scene: s, painter: painter) == nil)
    }

    /// A not-yet pip drawn as a solid capsule of another colour (colour-coded, not shape-coded)
    /// differs from the done pip in full colour but is identical once tinted: colour-alone fails.
    @Test func colourCodedPipFailsInTintedMode() throws {
        let full = try pipScene(.full)
        var recoloured = full
        recoloured.nodes = full.nodes.map { n in
            guard case .pip(_, filled: false) = n.element,
                let done = full.nodes.first(where: {
                    if case .pip(_, filled: true) = $0.element { true } else { false }
                })
            else { return n }
            // The done pip's solid capsule, moved to this pip's place, in WidgetMuted instead of WidgetSuccess.
            var m = done.translated(dx: n.bounds.midX - done.bounds.midX, dy: n.bounds.midY - done.bounds.midY)
            m.part = n.part
            m.element = n.element
            if case .path(let cmds, _, _) = m.content {
                m.content = .path(cmds, fill: .solid(Color(r: 0x77, g: 0x77, b: 0x77)), stroke: nil)
            }
            return m
        }
        // Full colour tells them apart (green vs grey)…
        expectTrue(ColourAloneCheck.withinScene(key: "full", scene: recoloured, painter: painter) == nil)
        // …tinted does not.
        let tinted = HostRendering.apply(.tinted, to: recoloured)
        let f = try #require(
            ColourAloneCheck.withinScene(
                key: "ios/systemSmall/default-some-notyet/stones/legacy/dark/tinted",
                scene: tinted, painter: painter))
        expectTrue(f.kind == .colourAlone && f.node == "pip-1" && f.detail.contains("pip-3"))
        // Night Mode's one red tint flattens it the same way.
        expectTrue(
            ColourAloneCheck.withinScene(key: "n", scene: HostRendering.apply(.night, to: recoloured), painter: painter)
                != nil)
    }

    /// Without its known-findings entry, the seed's Waves gap fails verify as colour-alone, naming the
    /// pending and the confirmed Waves accessory fixtures; with the committed file it is KNOWN.
    @Test func wavesGapIsFoundAndKnown() throws {
        let fixtures = try FixtureCatalog.filtered("ios/accessoryRectangular/all-done-*/waves/*")
        let findings = ColourAloneCheck.run(fixtures, painter: painter, jobs: 2).findings
        let found = findings.map(\.failure)
        let f = try #require(found.first)
        expectTrue(found.count == 1 && f.kind == .colourAlone && f.node == "streak-glyph")
        expectTrue(f.key == "ios/accessoryRectangular/all-done-notyet/waves/any-body/dark")
        expectTrue(
            f.detail.contains("ios/accessoryRectangular/all-done-notyet/waves/any-body/dark")
                && f.detail.contains("ios/accessoryRectangular/all-done-extended/waves/any-body/dark"))
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        let split = ColourAloneCheck.partition(findings, with: known)
        expectTrue(split.failures.isEmpty && split.known.count == 1 && split.known[0].seed.hasPrefix("001 §4"))

        // Through verify: with the entry removed the gate fails (exit 1) on colour-alone alone.
        var o = GateOptions(filter: "ios/accessory*/*waves*", jobs: 2)
        o.colourAlone = true
        o.knownFindings = KnownFindings(
            entries: known.entries.filter { !($0.kind == .colourAlone && $0.fixture.contains("waves")) })
        let result = try Verifier.verify(o, catalog: try FixtureCatalog.load(), painter: painter)
        expectTrue(!result.failures.isEmpty && result.failures.allSatisfy { $0.kind == .colourAlone })
        expectTrue(
            result.failures.contains {
                $0.detail.contains("all-done-notyet/waves") && $0.detail.contains("all-done-extended/waves")
            })
        o.knownFindings = known
        let ok = try Verifier.verify(o, catalog: try FixtureCatalog.load(), painter: painter)
        expectTrue(ok.failures.isEmpty && !ok.known.isEmpty)
    }

    /// Every other motif's accessory glyph is shape-coded (filled vs outline) and passes; the Home
    /// Screen host modes raise nothing.
    @Test func otherMotifsAndHostModesPass() throws {
        let fixtures = try FixtureCatalog.load().filter { f in
            (f.key.hasPrefix("ios/accessory") && !f.key.contains("waves")) || f.key.hasSuffix("/tinted")
                || f.key.hasSuffix("/night")
        }
        expectTrue(ColourAloneCheck.failures(fixtures, painter: painter, jobs: 2).isEmpty)
    }
}
