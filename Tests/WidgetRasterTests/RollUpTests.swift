import Foundation
import Testing
@testable import evidence
@testable import WidgetRaster

/// Failures rolled up to their cause, and the nearest token value that passes (issue 33 item 4).
@Suite struct RollUpTests {
    /// A copy of the bundled Android token folder with one token's light value replaced.
    func editedTokens(_ token: String, to value: String) throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-rollup-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: AndroidTokens.bundledResDirectory, to: dir)
        try setToken(token, to: value, in: dir)
        return dir
    }
    func setToken(_ token: String, to value: String, in dir: URL) throws {
        let file = dir.appendingPathComponent("values/colors_widget.xml")
        let xml = try String(contentsOf: file, encoding: .utf8)
        let re = try NSRegularExpression(pattern: "(<color name=\"\(token)\">)#[0-9A-Fa-f]+(</color>)")
        let edited = re.stringByReplacingMatches(in: xml, range: NSRange(xml.startIndex..., in: xml), withTemplate: "$1\(value)$2")
        #expect(edited != xml || xml.contains(">\(value)<"), "\(token) is in the file")
        try Data(edited.utf8).write(to: file)
    }

    /// verify's contrast check (the gate's measure, `ContrastCheck.failure`) over the stones
    /// fixtures drawn with the tokens in `dir`, below-floor nodes only.
    func renderedFailures(_ dir: URL) throws -> [GateFailure] {
        let painter = try GateArguments.painter()
        let tokens = try AndroidTokens.load(resDirectory: dir)
        let items = FixtureCatalog.items(android: AndroidSceneBuilder(fonts: painter.fonts, tokens: tokens),
                                         ios: IOSSceneBuilder(fonts: painter.fonts, tokens: try AssetCatalogTokens.bundled()))
        let fixtures = FixtureCatalog.collapse(items).filter { Glob.matches("android/*/stones/*", $0.key) }
        let run = ContrastCommand.auditRendered(fixtures, painter: painter, known: KnownFindings(), wholeRun: false, jobs: 2)
        return run.failures.map { ContrastCheck.failure($0.finding, key: $0.key) }
    }

    /// The acceptance: one token edit is one roll-up line naming the token (not one per node), and
    /// the value it suggests, written into the token file, passes the token audit and the render.
    @Test func oneTokenEditIsOneLineAndItsSuggestionPassesWhenApplied() throws {
        let dir = try editedTokens("widget_capstone_dash", to: "#D8CDB8")
        defer { try? FileManager.default.removeItem(at: dir) }
        let audit = try ContrastAudit.auditAndroid(resDirectory: dir)
        #expect(!audit.passed)
        #expect(audit.suggestions.map(\.token) == ["widget_capstone_dash"])
        let failures = try renderedFailures(dir)
        #expect(failures.count > 1, "the edit fails many nodes")
        let groups = RollUp.groups(failures, suggestions: audit.suggestions)
        #expect(groups.count == 1)
        let line = try #require(groups.first).line
        #expect(line.hasPrefix("widget_capstone_dash (light, graphic) 1.19:1 < 3:1 on 2 backgrounds — \(Set(failures.map(\.key)).count) fixtures · nearest passing value #"), "\(line)")
        let suggested = try #require(groups.first?.suggestion?.suggested)
        #expect(suggested.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) != nil, "Android notation: \(suggested)")

        try setToken("widget_capstone_dash", to: suggested, in: dir)
        #expect(try ContrastAudit.auditAndroid(resDirectory: dir).passed, "evidence contrast passes with \(suggested)")
        #expect(try renderedFailures(dir).isEmpty, "verify's contrast check passes with \(suggested)")
    }

    @Test func theNearestPassingColourKeepsHueAndIsTheClosestLightness() throws {
        let card = CompositeColor(Color.white)
        let start = Color(hex: "#D8CDB8")!
        let found = try #require(NearestPassing.colour(for: start, passing: [.init(card, floor: 3)]))
        #expect(WCAG.contrastRatio(found, .white) >= 3)
        let (a, b) = (OKLab(start), OKLab(found))
        #expect(abs(a.hue - b.hue) < 0.05, "hue kept: \(a.hue) → \(b.hue)")
        // One OKLCH step (0.001) lighter than the answer fails: it is the nearest.
        let lighter = OKLab.inGamut(l: b.l + 0.002, chroma: a.chroma, hue: a.hue, alpha: 255)
        #expect(WCAG.contrastRatio(lighter, .white) < 3)
        // Deterministic, already-passing values are kept, and an impossible ask says so.
        #expect(NearestPassing.colour(for: start, passing: [.init(card, floor: 3)]) == found)
        #expect(NearestPassing.colour(for: .black, passing: [.init(card, floor: 3)]) == .black)
        let grey = CompositeColor(Color(r: 118, g: 118, b: 118))
        #expect(NearestPassing.colour(for: start, passing: [.init(grey, floor: 5)]) == nil, "no colour is 5:1 from mid grey (4.58:1 at best)")
        // A translucent token keeps its alpha.
        #expect(NearestPassing.colour(for: Color(r: 216, g: 205, b: 184, a: 200), passing: [.init(card, floor: 3)])?.a == 200)
    }

    /// Xcode's notation: components 0–1 to three decimals, which read back as the same 8-bit colour.
    @Test func anIOSSuggestionIsWrittenAsColorsetComponents() throws {
        let c = Color(r: 134, g: 118, b: 90)
        let written = TokenNotation.write(c, platform: .ios)
        #expect(written == "\"red\": \"0.525\", \"green\": \"0.463\", \"blue\": \"0.353\", \"alpha\": \"1.000\"")
        #expect(TokenNotation.write(c, platform: .android) == "#86765A")
        for v in 0...255 {
            let text = String(format: "%.3f", Double(v) / 255)
            #expect(UInt8((Double(text)! * 255).rounded()) == UInt8(v))
        }
    }

    /// Console and step summary put the causes before the per-fixture list, from one function.
    @Test func theConsoleAndTheStepSummaryLeadWithTheCauses() throws {
        let m = ContrastMeasure(token: "widget_ink", role: "text", ratio: 2.5, floor: 4.5, foreground: "#999999", background: "#FFFFFF")
        let keys = try FixtureCatalog.load().map(\.key).filter { $0.hasSuffix("/light") }.prefix(3)
        var failures = keys.map { GateFailure(key: $0, kind: .contrast, detail: "low", node: "numeral", element: .numeral, contrast: m) }
        failures.append(GateFailure(key: keys.first!, kind: .clipped, detail: "spills", node: "status", element: .statusTitle))
        failures.append(GateFailure(key: keys.last!, kind: .pixels, detail: "3 pixels differ"))
        let result = VerifyResult(passed: [], failures: failures, comparison: "exact", fastPath: 0, reportDirectory: nil)
        let lines = RollUp.lines(RollUp.groups(result))
        #expect(lines == ["failures by cause:",
                          "  widget_ink (light, text) 2.50:1 < 4.5:1 on 1 background — 3 fixtures",
                          "  clipped status-title — 1 fixture",
                          "  pixels — 1 fixture"])
        let console = ConsoleHandler().lines(result)
        let causes = try #require(console.firstIndex(of: "failures by cause:")), firstFail = try #require(console.firstIndex { $0.hasPrefix("FAIL ") })
        #expect(causes < firstFail)
        #expect(GitHubAnnotations.summary(result, page: nil).contains("**failures by cause**\n\n- widget_ink (light, text) 2.50:1 < 4.5:1 on 1 background — 3 fixtures\n"))
    }
}
