import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetScene

@testable import WidgetRaster

/// Writes a throwaway Android res/ folder.
func writeTempRes(light: String, night: String?) throws -> URL {
    let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-tokens-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: dir.appendingPathComponent("values"), withIntermediateDirectories: true)
    try light.write(to: dir.appendingPathComponent(AndroidTokens.lightFile), atomically: true, encoding: .utf8)
    if let night {
        try FileManager.default.createDirectory(
            at: dir.appendingPathComponent("values-night"), withIntermediateDirectories: true)
        try night.write(to: dir.appendingPathComponent(AndroidTokens.nightFile), atomically: true, encoding: .utf8)
    }
    return dir
}

/// A copy of the bundled token folder with single values replaced: [(token, theme, hex)].
func bundledCopy(replacing changes: [(String, Theme, String)]) throws -> URL {
    let src = AndroidTokens.bundledResDirectory
    var light = try String(contentsOf: src.appendingPathComponent(AndroidTokens.lightFile), encoding: .utf8)
    var night = try String(contentsOf: src.appendingPathComponent(AndroidTokens.nightFile), encoding: .utf8)
    for (token, theme, hex) in changes {
        let pattern = try NSRegularExpression(pattern: "(<color name=\"\(token)\">)[^<]*(</color>)")
        func sub(_ s: String) -> String {
            pattern.stringByReplacingMatches(in: s, range: NSRange(s.startIndex..., in: s), withTemplate: "$1\(hex)$2")
        }
        if theme == .light { light = sub(light) } else { night = sub(night) }
    }
    return try writeTempRes(light: light, night: night)
}

/// Every required token, declared black: what a minimal valid values/ file must hold.
private let requiredFiller = AndroidTokens.required.map { "<color name=\"\($0)\">#000000</color>\n" }.joined()

private func res(_ body: String) -> String {
    "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n<resources>\n\(body)\n</resources>\n"
}

@Suite struct TokenTests {
    @Test func bundledSetLoadsAndMirrorsSeed() throws {
        let t = try TokenSet.bundled()
        let seed: [(String, String, String)] = [
            ("widget_glyph_gold", "#7A5300", "#FCC419"), ("widget_glyph_edge", "#9C4508", "#FFE4C6"),
            ("widget_glyph_edge_muted", "#546174", "#BAC5D3"), ("widget_coach", "#6D28D9", "#D6B0FE"),
            ("widget_capstone_dash", "#86765A", "#B5AA93"), ("widget_ember_start", "#4DF28226", "#61F4903E"),
            ("widget_ember_end", "#00F28226", "#00F4903E"),
            // Seed: #97A3B4 was byte-identical to widget_stone_muted's dark value.
            ("widget_stone_muted", "#6B6F78", "#97A3B4"),
        ]
        for (name, light, dark) in seed {
            expectTrue(t.color(name, theme: .light).hex == light, "\(name) light")
            expectTrue(t.color(name, theme: .dark).hex == dark, "\(name) dark")
        }
        for name in [
            "widget_card", "widget_ink", "widget_accent", "widget_success", "widget_muted", "widget_border",
            "widget_kindling_card", "widget_stone_top", "widget_stone_mid", "widget_stone_bot",
            "widget_gold_top", "widget_gold_mid", "widget_gold_bot", "widget_stone_caption",
            "widget_flame_muted", "widget_accent_deep", "widget_accent_text", "widget_row_tint",
            "widget_row_next_tint", "widget_slot_dash",
        ] {
            expectTrue(t.light[name] != nil && t.night[name] != nil, "\(name) declared in both files")
        }
        // Every token the role table names exists.
        for e in RoleTable.bundled { expectTrue(t.colorIfPresent(e.token, theme: .light) != nil, "\(e.token)") }
    }

    @Test func nightFallsBackPerTokenAndReferencesResolve() throws {
        let dir = try writeTempRes(
            light: res(
                requiredFiller
                    + "<color name=\"a\">#112233</color>\n<color name=\"b\">#80FFFFFF</color>\n<color "
                    + "name=\"c\">@color/a</color>\n<color name=\"s\">#F0A</color>"
            ),
            night: res("<color name=\"a\">#445566</color>\n<dimen name=\"x\">4dp</dimen>"))
        let t = try AndroidTokens.load(resDirectory: dir)
        expectTrue(t.color("a", theme: .dark).hex == "#445566")
        expectTrue(t.color("b", theme: .dark).hex == "#80FFFFFF")  // falls back to values/
        expectTrue(t.color("c", theme: .light).hex == "#112233")
        expectTrue(t.color("s", theme: .light).hex == "#FF00AA")  // aapt short form
        expectTrue(t.color("nope", theme: .light) == TokenSet.missing)
        #expect(throws: InputError.self) { try t.resolve("nope", theme: .dark) }
    }

    @Test func badInputIsOneLineNamingFileAndLine() throws {
        let badHex = try writeTempRes(
            light: res("<color name=\"a\">#112233</color>\n<color name=\"b\">#12345</color>"), night: res(""))
        do {
            _ = try AndroidTokens.load(resDirectory: badHex)
            Issue.record("expected an error")
        } catch {
            expectTrue(error.location.hasSuffix("values/colors_widget.xml:4"), "\(error)")
            expectTrue(error.problem.contains("'b'") && error.problem.contains("#12345"))
            expectTrue(!error.description.contains("\n"))
        }
        let malformed = try writeTempRes(light: res("<color name=\"a\">#112233</colour>"), night: res(""))
        do {
            _ = try AndroidTokens.load(resDirectory: malformed)
            Issue.record("expected an error")
        } catch {
            expectTrue(error.location.contains("values/colors_widget.xml:"), "\(error)")
            expectTrue(error.problem.contains("malformed XML"))
        }
        // No values/ at all is an error naming it (a missing values-night/ falls back, as on Android).
        let noValues = try writeTempRes(light: res(""), night: res(""))
        try FileManager.default.removeItem(at: noValues.appendingPathComponent("values"))
        do {
            _ = try AndroidTokens.load(resDirectory: noValues)
            Issue.record("expected an error")
        } catch {
            expectTrue(error.location.hasSuffix("/values") && error.problem.contains("missing"), "\(error)")
        }
        let dup = try writeTempRes(
            light: res("<color name=\"a\">#112233</color>\n<color name=\"a\">#112234</color>"), night: res(""))
        #expect(throws: InputError.self) { try AndroidTokens.load(resDirectory: dup) }
        let badRef = try writeTempRes(light: res("<color name=\"a\">@color/zz</color>"), night: res(""))
        #expect(throws: InputError.self) { try AndroidTokens.load(resDirectory: badRef) }
        #expect(throws: InputError.self) {
            try AndroidTokens.load(resDirectory: URL(fileURLWithPath: "/nonexistent/res"))
        }
    }

    @Test func theBundledFileDeclaresExactlyTheRequiredTokensAndScenesDrawOnlyThose() throws {
        let t = try TokenSet.bundled()
        expectTrue(Set(t.light.keys) == Set(AndroidTokens.required))
        let required = Set(AndroidTokens.required)
        // The Android res folder names Android's tokens; iOS scenes draw in asset-catalog names.
        // A case file has no identity: its platform is the one it drew.
        for fixture in try FixtureCatalog.load()
        where (fixture.id?.platform ?? fixture.draw(.shared).facts?.platform) != .ios {
            for node in fixture.makeScene(.shared).nodes where !node.token.isEmpty {
                expectTrue(required.contains(node.token), "\(fixture.key): \(node.name) draws in \(node.token)")
            }
        }
    }

    @Test(arguments: ["missing", "truncated"])
    func anIncompleteTokenFolderIsAnErrorNamingFileAndToken(damage: String) throws {
        let src = AndroidTokens.bundledResDirectory
        let light = try String(contentsOf: src.appendingPathComponent(AndroidTokens.lightFile), encoding: .utf8)
        let night = try String(contentsOf: src.appendingPathComponent(AndroidTokens.nightFile), encoding: .utf8)
        let damaged: String
        if damage == "missing" {
            damaged = light.replacingOccurrences(
                of: #"<color name="widget_coach">"#, with: #"<color name="widget_coach_renamed">"#)
        } else {
            damaged = String(light.prefix(light.count / 2))
        }
        let dir = try writeTempRes(light: damaged, night: night)
        do {
            _ = try AndroidTokens.load(resDirectory: dir)
            Issue.record("expected an error")
        } catch {
            expectTrue(error.location.contains("values/colors_widget.xml"), "\(error)")
            if damage == "missing" { expectTrue(error.problem.contains("'widget_coach'")) }
            expectTrue(!error.description.contains("\n"))
        }
        // render and contrast alike: exit 2, one line.
        for args in [
            [
                "render", "--no-snapshot", "--as-of", "2026-09-17T08:30:00+02:00", "--time-zone", "Europe/Berlin",
                "--android-res", dir.path, "-o", dir.path + "-out.png",
            ],
            ["contrast", "--android-res", dir.path],
        ] {
            let r = try HostileCaseTests.evidence(args)
            expectTrue(r.code == 2 && r.errLines.count == 1, "\(args[0]): \(r.err)")
            expectTrue(r.err.contains("colors_widget.xml"))
        }
        expectTrue(!FileManager.default.fileExists(atPath: dir.path + "-out.png"))
    }
}
