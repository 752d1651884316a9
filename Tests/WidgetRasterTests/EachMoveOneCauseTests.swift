import EvidenceCore
import Foundation
import Testing
import WidgetScene
import WidgetText

@testable import WidgetRaster

/// Issue #54 item 3, what the first roll-ups missed: a line a layout edit shed for room is that
/// edit's (not a copy cause), and a token edit that passes contrast — its suggested value applied —
/// is still one cause with every fixture it moved (not a `pixels` line).
@Suite struct EachMoveOneCauseTests {
    func frames(_ items: [(String, Double, Double, Double, Double)]) -> ElementFrames {
        ElementFrames(items.map { .init(name: $0.0, rect: Rect(x: $0.1, y: $0.2, width: $0.3, height: $0.4)) })
    }

    @Test func onlyLinesLeftOutWholeAreShed() {
        let before = ["12", "DAY STREAK", "Longest 30"]
        expectTrue(RollUp.linesShed(before: before, now: ["12", "DAY STREAK"]))
        expectTrue(RollUp.linesShed(before: before, now: ["12", "Longest 30"]))
        expectTrue(!RollUp.linesShed(before: before, now: before), "nothing left out")
        expectTrue(!RollUp.linesShed(before: before, now: ["12", "DAY STREAK", "Longest 31"]), "a line changed")
        expectTrue(!RollUp.linesShed(before: before, now: ["12", "Longest 31"]), "one left out, one changed")
        expectTrue(!RollUp.linesShed(before: before, now: ["DAY STREAK", "12"]), "reordered")
        expectTrue(!RollUp.linesShed(before: [], now: []))
    }

    @Test func aShedElementNamesTheSpaceAboveIt() throws {
        let before = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 15),
            ("caption", 16, 57, 80, 15), ("longestLabel", 16, 72, 80, 15),
        ])
        // The space below DAY STREAK grew: the caption moved 2 dp, Longest N no longer fits.
        let now = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 15),
            ("caption", 16, 59, 80, 15),
        ])
        let m = try #require(
            LayoutMove.between(recorded: before, now: now, family: "android/medium", platform: .android))
        expectTrue(
            m.element == "longestLabel" && m.change == "vanished" && m.spaceBelow == nil && m.above == "dayStreakLabel"
                && m.others == ["caption"])
        // Only the shed element changed: the space above it still names the edit.
        let alone = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 15),
            ("caption", 16, 57, 80, 15),
        ])
        let a = try #require(
            LayoutMove.between(recorded: before, now: alone, family: "android/medium", platform: .android))
        expectTrue(a.element == "longestLabel" && a.above == "caption" && a.others == [])
        // An element that appeared is its own cause: no space above it is looked for.
        let grew = frames([
            ("card", 0, 0, 300, 150), ("numeral", 16, 12, 40, 30), ("dayStreakLabel", 16, 42, 80, 15),
            ("caption", 16, 59, 80, 15), ("longestLabel", 16, 74, 80, 15), ("footer", 16, 90, 80, 15),
        ])
        let g = try #require(
            LayoutMove.between(recorded: before, now: grew, family: "android/medium", platform: .android))
        expectTrue(g.element == "footer" && g.change == "appeared" && g.above == nil)
    }

    /// The acceptance with real renders: record Medium fixtures, then draw them with the space
    /// below DAY STREAK 2 dp taller, Longest N shed in two of them; every fixture is under that one
    /// layout cause — none under a copy cause for the line that went — and the page's cause line
    /// lists exactly them.
    @Test func aLayoutEditsShedLinesStayUnderIt() throws {
        let painter = CairoPainter(fonts: try FontLibrary.bundled.get())
        func scene(_ f: Fixture) -> Scene { f.makeScene(painter.fonts) }
        let medium = try FixtureCatalog.load().filter { f in
            f.key.hasPrefix("android/medium/") && f.key.hasSuffix("/light")
                && scene(f).nodes.contains { $0.element == .dayStreakLabel }
                && scene(f).nodes.contains { $0.element == .longestLabel }
        }
        let fixtures = Array(medium.prefix(6))
        try #require(fixtures.count == 6, "Medium fixtures drawing DAY STREAK and Longest N")
        let shedKeys = Set(fixtures.suffix(2).map(\.key))

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-shed-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("Goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        _ = try Recorder.record(GateOptions(goldens: goldens, jobs: 2), catalog: fixtures, painter: painter)

        // The edit: what is below DAY STREAK in its column 2 dp lower; Longest N gone where shed.
        let edited = fixtures.map { f in
            f.edited { scene in
                guard let label = scene.nodes.first(where: { $0.element == .dayStreakLabel })?.bounds else { return }
                if shedKeys.contains(f.key) { scene.nodes.removeAll { $0.element == .longestLabel } }
                for i in scene.nodes.indices {
                    let b = scene.nodes[i].bounds
                    guard b.minY >= label.maxY - 0.01, b.minX < label.maxX, b.maxX > label.minX,
                        b.height < scene.card.height / 2
                    else { continue }
                    scene.nodes[i].bounds.y += 2
                    scene.nodes[i].container.y += 2
                }
            }
        }
        let v = try Verifier.verify(GateOptions(goldens: goldens, jobs: 2), catalog: edited, painter: painter)
        expectTrue(
            Set(v.failures.filter { $0.kind == .pixels || $0.kind == .size }.map(\.key)) == Set(fixtures.map(\.key)))
        let comparison = v.failures.filter { $0.kind == .pixels || $0.kind == .size }
        expectTrue(
            comparison.filter { shedKeys.contains($0.key) }.allSatisfy {
                $0.layout?.element == "longestLabel" && $0.layout?.above == "dayStreakLabel"
            },
            "\(comparison.map { ($0.key, $0.layout?.element ?? "-", $0.layout?.above ?? "-") })")

        let groups = RollUp.groups(v)
        expectTrue(groups.count == 1, "\(groups.map(\.line))")
        let layout = try #require(groups.first)
        expectTrue(layout.cause == .layout(family: "android/medium", element: "dayStreakLabel", spaceBelow: true))
        expectTrue(
            layout.line.hasPrefix(
                "layout android/medium the space below dayStreakLabel y +2 dp, vanished in 2 — 6 fixtures (moved: "),
            "\(layout.line)")
        expectTrue(layout.line.contains("longestLabel"))
        expectTrue(Set(layout.keys) == Set(fixtures.map(\.key)))

        let page = try HTMLReport.render(v)
        let start = try #require(page.range(of: "<script type=\"application/json\" id=\"data\">"))
        let end = try #require(page[start.upperBound...].range(of: "</script>"))
        let data = try #require(
            try JSONSerialization.jsonObject(with: Data(page[start.upperBound..<end.lowerBound].utf8)) as? [String: Any]
        )
        let listed = try #require(data["f"] as? [[Any]]).map { $0[0] as? String ?? "" }
        let causes = try #require(data["c"] as? [[Int]])
        expectTrue(Set(causes[0].map { listed[$0] }) == Set(fixtures.map(\.key)))
    }

    @Test func aTokenThatPassesIsStillOneCause() throws {
        let light = try FixtureCatalog.load().map(\.key).filter { $0.hasPrefix("android/") && $0.hasSuffix("/light") }
            .prefix(4).map { $0 }
        let dark = try FixtureCatalog.load().map(\.key).filter { $0.hasPrefix("android/") && $0.hasSuffix("/dark") }
            .prefix(2).map { $0 }
        func moved(_ key: String, _ tokens: [String]) -> GateFailure {
            var f = GateFailure(key: key, kind: .pixels, detail: "9 pixels differ")
            f.tokens = tokens
            return f
        }
        // Three renders held in widget_muted's nodes (one also inside a row's), one in widget_ink's
        // alone, one dark render in widget_muted's: the light token is one cause; the lone ink
        // render and the lone dark one stay pixels (a hand-moved golden looks like that too).
        let failures = [
            moved(light[0], ["widget_muted"]), moved(light[1], ["widget_muted", "widget_row"]),
            moved(light[2], ["widget_muted"]),
            moved(light[3], ["widget_ink"]), moved(dark[0], ["widget_muted"]),
        ]
        let groups = RollUp.groups(failures)
        expectTrue(
            groups.map(\.line) == [
                "widget_muted (light) — 3 fixtures moved with it, none below the floor", "pixels — 2 fixtures",
            ])
        expectTrue(groups[0].keys == Array(light.prefix(3)))
        // Two tokens holding the same renders: the one holding more of the run's.
        let tie = [
            moved(light[0], ["widget_muted", "widget_row"]), moved(light[1], ["widget_muted", "widget_row"]),
            moved(light[2], ["widget_muted"]),
        ]
        expectTrue(
            RollUp.groups(tie).map(\.line) == ["widget_muted (light) — 3 fixtures moved with it, none below the floor"])
    }

    /// The acceptance with real renders: record with the bundled tokens, draw with widget_muted at
    /// the value `evidence contrast` suggests after it was made too light; every render it moved is
    /// under that token — the changed pixels lie in its nodes alone — and none is a pixels line.
    @Test func aSuggestedValueAppliedIsOneCauseWithEveryFixtureItMoved() throws {
        let painter = CairoPainter(fonts: try FontLibrary.bundled.get())
        let res = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-suggested-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: res) }
        try FileManager.default.copyItem(at: AndroidTokens.bundledResDirectory, to: res)
        let file = res.appendingPathComponent("values/colors_widget.xml")
        let xml = try String(contentsOf: file, encoding: .utf8)
        try #require(xml.contains("widget_muted\">#757575<"))
        try Data(xml.replacingOccurrences(of: "widget_muted\">#757575<", with: "widget_muted\">#A3A3A3<").utf8).write(
            to: file)
        let suggested = try #require(
            try ContrastAudit.auditAndroid(resDirectory: res).suggestions
                .first { $0.token == "widget_muted" && $0.configuration == TokenConfiguration(theme: .light) }?
                .suggested)
        try Data(xml.replacingOccurrences(of: "widget_muted\">#757575<", with: "widget_muted\">\(suggested)<").utf8)
            .write(to: file)
        expectTrue(try ContrastAudit.auditAndroid(resDirectory: res).passed, "\(suggested) passes contrast")

        let bundled = try FixtureCatalog.load().filter { Glob.matches("android/*/*/stones/kindling/light", $0.key) }
        try #require(bundled.count >= 4)
        let items = FixtureCatalog.items(
            android: AndroidSceneBuilder(fonts: painter.fonts, tokens: try AndroidTokens.load(resDirectory: res)),
            ios: IOSSceneBuilder(fonts: painter.fonts, tokens: try AssetCatalogTokens.bundled()))
        let keys = Set(bundled.map(\.key))
        let edited = FixtureCatalog.collapse(items).filter { keys.contains($0.key) }
        expectTrue(edited.count == bundled.count)

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-suggested-run-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let goldens = dir.appendingPathComponent("Goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        _ = try Recorder.record(GateOptions(goldens: goldens, jobs: 2), catalog: bundled, painter: painter)
        let v = try Verifier.verify(GateOptions(goldens: goldens, jobs: 2), catalog: edited, painter: painter)
        let moved = Set(v.failures.filter { $0.kind == .pixels }.map(\.key))
        try #require(moved.count >= 2, "the new value moves renders")
        expectTrue(!v.failures.contains { $0.kind == .contrast })
        let groups = RollUp.groups(v)
        expectTrue(groups.map(\.cause) == [.token("widget_muted", theme: .light)], "\(groups.map(\.line))")
        expectTrue(Set(groups.first?.keys ?? []) == moved)
        expectTrue(
            groups.first?.line == "widget_muted (light) — \(moved.count) fixtures moved with it, none below the floor")
    }
}

extension Fixture {
    /// The fixture drawn as before, then its scene changed by `edit` (a layout edit, in tests).
    func edited(_ edit: @escaping @Sendable (inout Scene) -> Void) -> Fixture {
        let draw = self.draw
        return Fixture(id: id!) { fonts in
            var d = draw(fonts)
            edit(&d.scene)
            return d
        }
    }
}
