import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Issue #54 item 3, a layout edit: verify names the element whose frame moved (recorded beside
/// each golden as `GoldenEntry.frames`), by how much, and counts every fixture it moved under that
/// one cause; the page's cause line filters to exactly those fixtures.
@Suite struct LayoutEditCauseTests {
    func frames(_ items: [(String, Double, Double, Double, Double)]) -> ElementFrames {
        ElementFrames(items.map { .init(name: $0.0, rect: Rect(x: $0.1, y: $0.2, width: $0.3, height: $0.4)) })
    }

    @Test func framesRoundTripAsOneLineAndRefuseAnythingElse() throws {
        let f = frames([("numeral", 16, 12.5, 40, 30.25), ("dayStreakLabel", -0.5, 42, 80.1, 15)])
        expectTrue(f.text == "numeral 16 12.5 40 30.25;dayStreakLabel -0.5 42 80.1 15")
        expectTrue(ElementFrames(text: f.text) == f)
        expectTrue(ElementFrames(text: "") == ElementFrames([]))
        for bad in [
            "numeral 1 2 3", "numeral 1 2 3 4 5", " 1 2 3 4", "numeral 1 2 3 nan", "numeral 1 2 inf 4",
            "numeral 1e300 2 3 4",
            "numeral 1 2 -3 4", "numeral 1 2 3 4;", "numeral  1 2 3 4", "numeral 1 2 3 x",
        ] {
            expectTrue(ElementFrames(text: bad) == nil, "\(bad)")
        }
        // In the manifest: a bad value is the manifest's one-line error, naming where.
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-frames-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        var m = Manifest(
            environment: RendererEnvironment(
                cairo: "c", freetype: "f", harfbuzz: "h", libpng: "p", zlib: "z", fonts: [:]))
        m.goldens["android/a"] = GoldenEntry(
            file: "android/a.png", pixelHash: Hash128(high: 1, low: 2), fileHash: Hash128(high: 3, low: 4),
            width: 1, height: 1, visibleText: [], accessibilityLabel: "", frames: f)
        let text = String(decoding: m.encoded(), as: UTF8.self)
        expectTrue(text.contains("\"frames\" : \"numeral 16 12.5 40 30.25;dayStreakLabel -0.5 42 80.1 15\""))
        try Data(text.utf8).write(to: dir.appendingPathComponent(Manifest.fileName))
        expectTrue(try Manifest.load(from: dir)?.goldens["android/a"]?.frames == f)
        try Data(text.replacingOccurrences(of: "80.1 15", with: "80.1 nan").utf8).write(
            to: dir.appendingPathComponent(Manifest.fileName))
        #expect(throws: InputError.self) { try Manifest.load(from: dir) }
        do { _ = try Manifest.load(from: dir) } catch {
            expectTrue(error.description.contains("bad value at $.goldens.android/a.frames"), "\(error.description)")
        }
    }

    @Test func theResizedElementIsTheCauseElseTheOneThatMovedFarthest() throws {
        let before = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 15),
            ("longestLabel", 16, 57, 80, 15),
        ])
        expectTrue(
            LayoutMove.between(recorded: before, now: before, family: "android/medium", platform: .android) == nil)
        // DAY STREAK grows by 2 dp and pushes Longest N down: the label is the cause.
        let grown = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 17),
            ("longestLabel", 16, 59, 80, 15),
        ])
        let g = try #require(
            LayoutMove.between(recorded: before, now: grown, family: "android/medium", platform: .android))
        expectTrue(g.element == "dayStreakLabel" && g.change == "height +2 dp" && g.others == ["longestLabel"])
        // One element moved between two that kept their frames: it is the cause.
        let one = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 45, 80, 15),
            ("longestLabel", 16, 57, 80, 15),
        ])
        let o = try #require(LayoutMove.between(recorded: before, now: one, family: nil, platform: .ios))
        expectTrue(o.element == "dayStreakLabel" && o.spaceBelow == nil && o.change == "y +3 pt" && o.others == [])
        // Several moved below one that kept its frame (a margin edit): the space below that one,
        // whichever of them is drawn — the caption here, Longest N alone elsewhere.
        let withCaption = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 15),
            ("caption-glyph", 17, 62, 8, 5), ("caption", 26, 57, 60, 15), ("longestLabel", 16, 74, 80, 15),
        ])
        var shifted = withCaption
        for i in 3..<6 { shifted.frames[i].rect.y += 2 }
        let c = try #require(
            LayoutMove.between(recorded: withCaption, now: shifted, family: "android/medium", platform: .android))
        expectTrue(
            c.element == "dayStreakLabel" && c.spaceBelow == true && c.change == "y +2 dp"
                && c.others == ["caption-glyph", "caption", "longestLabel"])
        let alone = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 15),
            ("longestLabel", 16, 59, 80, 15),
        ])
        let a = try #require(
            LayoutMove.between(recorded: before, now: alone, family: "android/medium", platform: .android))
        expectTrue(
            a.element == "dayStreakLabel" && a.spaceBelow == true && a.change == "y +2 dp"
                && a.others == ["longestLabel"])
        expectTrue(
            RollUp.Group(
                cause: .layout(family: "android/medium", element: "dayStreakLabel", spaceBelow: true),
                keys: ["k1", "k2"], findings: 2,
                backgrounds: 0, moves: [c, a]
            ).line
                == "layout android/medium the space below dayStreakLabel y +2 dp — 2 fixtures (moved: caption-glyph, "
                + "caption, longestLabel)"
        )
        // Longest N moved on its own above a footer that stayed: its own cause alone, but the space
        // below DAY STREAK's where the run shows that space changed elsewhere.
        let footed = frames([
            ("card", 0, 0, 300, 150), ("dayStreakLabel", 16, 42, 80, 15), ("longestLabel", 16, 57, 80, 15),
            ("staleFooter", 0, 130, 300, 15),
        ])
        var footedNow = footed
        footedNow.frames[2].rect.y += 2
        let f = try #require(
            LayoutMove.between(recorded: footed, now: footedNow, family: "android/medium", platform: .android))
        expectTrue(f.element == "longestLabel" && f.spaceBelow == nil && f.above == "dayStreakLabel")
        let keys = try FixtureCatalog.load().map(\.key).prefix(2).map { $0 }
        func failure(_ key: String, _ m: LayoutMove) -> GateFailure {
            var x = GateFailure(key: key, kind: .pixels, detail: "moved")
            x.layout = m
            return x
        }
        expectTrue(
            RollUp.groups([failure(keys[0], f)]).map(\.line) == [
                "layout android/medium longestLabel y +2 dp — 1 fixture"
            ])
        expectTrue(
            RollUp.groups([failure(keys[0], f), failure(keys[1], a)]).map(\.line)
                == ["layout android/medium the space below dayStreakLabel y +2 dp — 2 fixtures (moved: longestLabel)"])
        // Everything moved, nothing above the topmost: the topmost is named.
        let all = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 11, 40, 30), ("dayStreakLabel", 16, 41, 80, 15),
            ("longestLabel", 16, 56, 80, 15),
        ])
        let m = try #require(LayoutMove.between(recorded: before, now: all, family: nil, platform: .ios))
        expectTrue(
            m.element == "numeral" && m.spaceBelow == nil && m.change == "y -1 pt"
                && m.others == ["dayStreakLabel", "longestLabel"])
        // A vanished element (no resize) is the cause over the ones that moved to fill its room.
        let shed = frames([("card", 0, 0, 300, 150), ("numeral", 16, 20, 40, 30), ("dayStreakLabel", 16, 50, 80, 15)])
        let s = try #require(LayoutMove.between(recorded: before, now: shed, family: nil, platform: .android))
        expectTrue(s.element == "longestLabel" && s.change == "vanished" && s.now == nil)
        // Several renders' moves of one element: the shared change, or each coordinate's range.
        expectTrue(LayoutMove.summary([g, g]) == "height +2 dp")
        var g3 = g
        g3.now?.height = 18
        expectTrue(LayoutMove.summary([g, g3]) == "height +2…+3 dp")
    }

    /// The acceptance: record real fixtures, then draw them with the DAY STREAK label 2 dp lower (a
    /// layout edit); verify's roll-up names that label and counts every fixture it moved, and the
    /// page's cause line lists exactly those; an entry without frames falls back to `pixels`.
    @Test func aLayoutEditIsOneCauseNamingTheElementAndEveryFixtureItMoved() throws {
        let painter = CairoPainter(fonts: try FontLibrary.bundled.get())
        let all = try FixtureCatalog.load().filter { $0.key.hasPrefix("android/") && $0.key.hasSuffix("/light") }
        func hasLabel(_ f: Fixture) -> Bool {
            f.makeScene(painter.fonts).nodes.contains { $0.element == .dayStreakLabel }
        }
        // (with Longest N drawn below it: the label moves on its own, between two that stay)
        let moving = Array(
            all.filter { f in
                f.key.hasPrefix("android/medium/") && hasLabel(f)
                    && f.makeScene(painter.fonts).nodes.contains { $0.element == .longestLabel }
            }.prefix(5))
        let still = Array(all.filter { !hasLabel($0) }.prefix(2))
        try #require(moving.count == 5 && still.count == 2, "medium fixtures with the label, and fixtures without it")
        let original = moving + still

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-layout-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("Goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        _ = try Recorder.record(GateOptions(goldens: goldens, jobs: 2), catalog: original, painter: painter)
        let recorded = try #require(try Manifest.load(from: goldens))
        expectTrue(
            original.allSatisfy { recorded.goldens[$0.key]?.frames == ElementFrames($0.makeScene(painter.fonts)) },
            "record writes each render's frames")

        // The edit: the label's frame 2 dp lower (its container with it), everything else as drawn.
        let edited = original.map { f in
            f.edited { scene in
                for i in scene.nodes.indices where scene.nodes[i].element == .dayStreakLabel {
                    scene.nodes[i].bounds.y += 2
                    scene.nodes[i].container.y += 2
                }
            }
        }
        var options = GateOptions(goldens: goldens, jobs: 2)
        options.reportDirectory = dir.appendingPathComponent("report")
        let v = try Verifier.verify(options, catalog: edited, painter: painter)
        let comparison = v.failures.filter { $0.kind == .pixels || $0.kind == .size }
        expectTrue(
            Set(comparison.map(\.key)) == Set(moving.map(\.key)), "each moved fixture fails its golden comparison")
        expectTrue(
            comparison.allSatisfy {
                $0.layout?.element == "dayStreakLabel" && $0.layout?.change == "y +2 dp"
                    && $0.layout?.family == "android/medium"
            })
        expectTrue(Set(v.passed) == Set(still.map(\.key)))

        let groups = RollUp.groups(v)
        let layout = try #require(groups.first { if case .layout = $0.cause { true } else { false } })
        expectTrue(layout.line == "layout android/medium dayStreakLabel y +2 dp — 5 fixtures", "\(layout.line)")
        expectTrue(Set(layout.keys) == Set(moving.map(\.key)))
        expectTrue(!groups.contains { g in g.cause == .check(.pixels) }, "no unattributed pixels line")

        // The page: the cause's button filters to exactly its fixtures, and the element name finds them.
        let page = try HTMLReport.render(v)
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"data\">"))
        let end = try #require(page[start.upperBound...].range(of: "</script>"))
        let json = String(page[start.upperBound..<end.lowerBound])
        let data = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let listed = try #require(data["f"] as? [[Any]]).map { $0[0] as? String ?? "" }
        let causes = try #require(data["c"] as? [[Int]])
        let index = try #require(groups.firstIndex(where: { $0 == layout }))
        expectTrue(Set(causes[index].map { listed[$0] }) == Set(moving.map(\.key)))
        expectTrue(page.contains(">layout android/medium dayStreakLabel y +2 dp — 5 fixtures</button>"))
        let words = try #require(data["s"] as? [String])
        expectTrue(
            moving.allSatisfy { k in listed.firstIndex(of: k.key).map { words[$0].contains("daystreaklabel") } == true }
        )

        // A manifest recorded before frames were: the same edit is a plain pixels failure.
        var old = recorded
        for k in old.goldens.keys { old.goldens[k]?.frames = nil }
        try old.write(into: ContainedFolder(goldens))
        let before = try Verifier.verify(GateOptions(goldens: goldens, jobs: 2), catalog: edited, painter: painter)
        expectTrue(before.failures.filter { $0.kind == .pixels }.allSatisfy { $0.layout == nil })
        expectTrue(!RollUp.groups(before).contains { if case .layout = $0.cause { true } else { false } })
    }
}
