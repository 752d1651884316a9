import EvidenceCore
import Foundation
import Testing
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

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
        let edited = re.stringByReplacingMatches(
            in: xml, range: NSRange(xml.startIndex..., in: xml), withTemplate: "$1\(value)$2")
        expectTrue(edited != xml || xml.contains(">\(value)<"), "\(token) is in the file")
        try Data(edited.utf8).write(to: file)
    }

    /// verify's contrast check (the gate's measure, `ContrastCheck.failure`) over the stones
    /// fixtures drawn with the tokens in `dir`, below-floor nodes only.
    func renderedFailures(_ dir: URL) throws -> [GateFailure] {
        let painter = try GateArguments.painter()
        let tokens = try AndroidTokens.load(resDirectory: dir)
        let items = FixtureCatalog.items(
            android: AndroidSceneBuilder(fonts: painter.fonts, tokens: tokens),
            ios: IOSSceneBuilder(fonts: painter.fonts, tokens: try AssetCatalogTokens.bundled()))
        let fixtures = FixtureCatalog.collapse(items).filter { Glob.matches("android/*/stones/*", $0.key) }
        let run = ContrastCommand.auditRendered(
            fixtures, painter: painter, known: KnownFindings(), wholeRun: false, jobs: 2)
        return run.failures.map { ContrastCheck.failure($0.finding, key: $0.key) }
    }

    /// The acceptance: one token edit is one roll-up line naming the token (not one per node), and
    /// the value it suggests, written into the token file, passes the token audit and the render.
    @Test func oneTokenEditIsOneLineAndItsSuggestionPassesWhenApplied() throws {
        let dir = try editedTokens("widget_capstone_dash", to: "#D8CDB8")
        defer { try? FileManager.default.removeItem(at: dir) }
        let audit = try ContrastAudit.auditAndroid(resDirectory: dir)
        expectTrue(!audit.passed)
        expectTrue(audit.suggestions.map(\.token) == ["widget_capstone_dash"])
        let failures = try renderedFailures(dir)
        expectTrue(failures.count > 1, "the edit fails many nodes")
        let groups = RollUp.groups(failures, suggestions: audit.suggestions)
        expectTrue(groups.count == 1)
        let line = try #require(groups.first).line
        expectTrue(
            line.hasPrefix(
                "widget_capstone_dash (light, graphic) 1.19:1 < 3:1 on 3 backgrounds — "
                    + "\(Set(failures.map(\.key)).count) fixtures · nearest passing value #"
            ), "\(line)")
        let suggested = try #require(groups.first?.suggestion?.suggested)
        // The role table lists every background the renders draw the token on (RoleTableReachTests),
        // so what `evidence contrast` alone suggests is what the roll-up suggests.
        expectTrue(
            audit.suggestions.first?.suggested == suggested,
            "evidence contrast suggests \(audit.suggestions.first?.suggested ?? "nothing"), the roll-up \(suggested)")
        expectTrue(
            suggested.range(of: "^#[0-9A-F]{6}$", options: .regularExpression) != nil, "Android notation: \(suggested)")

        try setToken("widget_capstone_dash", to: suggested, in: dir)
        expectTrue(
            try ContrastAudit.auditAndroid(resDirectory: dir).passed, "evidence contrast passes with \(suggested)")
        expectTrue(try renderedFailures(dir).isEmpty, "verify's contrast check passes with \(suggested)")
    }

    @Test func theNearestPassingColourKeepsHueAndIsTheClosestLightness() throws {
        let card = CompositeColor(Color.white)
        let start = Color(hex: "#D8CDB8")!
        let found = try #require(NearestPassing.colour(for: start, passing: [.init(card, floor: 3)]))
        expectTrue(WCAG.contrastRatio(found, .white) >= 3)
        let (a, b) = (OKLab(start), OKLab(found))
        expectTrue(abs(a.hue - b.hue) < 0.05, "hue kept: \(a.hue) → \(b.hue)")
        // One OKLCH step (0.001) lighter than the answer fails: it is the nearest.
        let lighter = OKLab.inGamut(l: b.l + 0.002, chroma: a.chroma, hue: a.hue, alpha: 255)
        expectTrue(WCAG.contrastRatio(lighter, .white) < 3)
        // Deterministic, already-passing values are kept, and an impossible ask says so.
        expectTrue(NearestPassing.colour(for: start, passing: [.init(card, floor: 3)]) == found)
        expectTrue(NearestPassing.colour(for: .black, passing: [.init(card, floor: 3)]) == .black)
        let grey = CompositeColor(Color(r: 118, g: 118, b: 118))
        expectTrue(
            NearestPassing.colour(for: start, passing: [.init(grey, floor: 5)]) == nil,
            "no colour is 5:1 from mid grey (4.58:1 at best)")
        // A translucent token keeps its alpha.
        expectTrue(
            NearestPassing.colour(for: Color(r: 216, g: 205, b: 184, a: 200), passing: [.init(card, floor: 3)])?.a
                == 200)
    }

    /// Xcode's notation: components 0–1 to three decimals, which read back as the same 8-bit colour.
    @Test func anIOSSuggestionIsWrittenAsColorsetComponents() throws {
        let c = Color(r: 134, g: 118, b: 90)
        let written = TokenNotation.write(c, platform: .ios)
        expectTrue(written == "\"red\": \"0.525\", \"green\": \"0.463\", \"blue\": \"0.353\", \"alpha\": \"1.000\"")
        expectTrue(TokenNotation.write(c, platform: .android) == "#86765A")
        for v in 0...255 {
            let text = String(format: "%.3f", Double(v) / 255)
            expectTrue(UInt8((Double(text)! * 255).rounded()) == UInt8(v))
        }
    }

    /// Console and step summary put the causes before the per-fixture list, from one function.
    @Test func theConsoleAndTheStepSummaryLeadWithTheCauses() throws {
        let m = ContrastMeasure(
            token: "widget_ink", role: "text", ratio: 2.5, floor: 4.5, foreground: "#999999", background: "#FFFFFF")
        let keys = try FixtureCatalog.load().map(\.key).filter { $0.hasSuffix("/light") }.prefix(3)
        var failures = keys.map {
            GateFailure(key: $0, kind: .contrast, detail: "low", node: "numeral", element: .numeral, contrast: m)
        }
        failures.append(
            GateFailure(key: keys.first!, kind: .clipped, detail: "spills", node: "status", element: .statusTitle))
        failures.append(GateFailure(key: keys.last!, kind: .pixels, detail: "3 pixels differ"))
        let result = VerifyResult(
            passed: [], failures: failures, comparison: "exact", fastPath: 0, reportDirectory: nil)
        let lines = RollUp.lines(RollUp.groups(result))
        expectTrue(
            lines == [
                "failures by cause:",
                "  widget_ink (light, text) 2.50:1 < 4.5:1 on 1 background — 3 fixtures",
                "  clipped status-title — 1 fixture",
                "  pixels — 1 fixture",
            ])
        let console = ConsoleHandler().lines(result)
        let causes = try #require(console.firstIndex(of: "failures by cause:"))
        let firstFail = try #require(console.firstIndex { $0.hasPrefix("FAIL ") })
        expectTrue(causes < firstFail)
        expectTrue(
            GitHubAnnotations.summary(result, page: nil).contains(
                "**failures by cause**\n\n- widget_ink (light, text) 2.50:1 &lt; 4.5:1 on 1 background — 3 fixtures\n"))
    }
}

/// Every failing case has a picture (issue 33 item 1): verify writes a colour-alone finding's
/// one-tint render and its pair's, and a stale golden itself, beside the per-fixture images.
@Suite struct FailurePictureTests {
    @Test func colourAloneAndStaleFailuresGetTheirPictures() throws {
        let work = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-pictures-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: work) }
        let goldens = work.appendingPathComponent("Goldens")
        let report = work.appendingPathComponent("report")
        try FileManager.default.copyItem(at: PackagePaths.goldens, to: goldens)
        let stray = "ios/accessoryCircular/retired-state/waves/any-body/dark"
        let strayBytes = try Data(
            contentsOf: goldens.appendingPathComponent(
                try FixtureCatalog.load().map(\.key).first { $0.hasPrefix("ios/accessoryCircular/") }! + ".png"))
        try FileManager.default.createDirectory(
            at: goldens.appendingPathComponent(stray).deletingLastPathComponent(), withIntermediateDirectories: true)
        try strayBytes.write(to: goldens.appendingPathComponent(stray + ".png"))

        var o = GateOptions(goldens: goldens, filter: "ios/accessory*/*waves*", jobs: 2)
        o.colourAlone = true  // and no known findings: the seed's accepted colour-alone findings fail here
        o.reportDirectory = report
        let v = try Verifier.verify(
            o, catalog: try FixtureCatalog.load(), painter: CairoPainter(fonts: try FontLibrary.bundled.get()))
        let alone = v.failures.filter { $0.kind == .colourAlone }
        expectTrue(!alone.isEmpty)
        for f in alone {
            expectTrue(f.artifacts.contains(f.key + "/actual.png"), "\(f.key): no render")
            if let pair = f.pair {
                expectTrue(f.artifacts.contains(f.key + "/pair.png") && pair != f.key, "\(f.key): no pair picture")
            }
            for a in f.artifacts {
                expectTrue(
                    FileManager.default.fileExists(atPath: report.appendingPathComponent(a).path), "\(a) not written")
            }
        }
        expectTrue(alone.contains { $0.pair != nil }, "a cross-render pair among the findings")
        // Issue 33 item 6: the first failing fixtures in review order get their accessibility view,
        // named in their details (the run's end), never on a streamed failure.
        var seen = Set<String>()
        let viewed = ReviewOrder.failures(v.failures).map(\.key)
            .filter { FixtureCatalog.id(forKey: $0) != nil && seen.insert($0).inserted }.prefix(
                Verifier.accessibilityViewLimit)
        expectTrue(!viewed.isEmpty)
        expectTrue(Set(v.details.compactMap(\.accessibilityView)) == Set(viewed.map(AccessibilityOverlay.path)))
        expectTrue(!v.failures.contains { $0.artifacts.contains { $0.hasSuffix("/" + AccessibilityOverlay.fileName) } })
        for k in viewed {
            let rel = AccessibilityOverlay.path(k)
            let view = try PNGCodec.decode([UInt8](try Data(contentsOf: report.appendingPathComponent(rel))), name: rel)
            let render = try PNGCodec.decode(
                [UInt8](try Data(contentsOf: report.appendingPathComponent(k + "/actual.png"))), name: k)
            expectTrue(view.width > render.width, "\(k): the legend beside the render")
        }
        let page = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("docs/reference/review-page.md"), encoding: .utf8)
        expectTrue(
            page.replacingOccurrences(of: "\n", with: " ").contains(
                "for the first \(Verifier.accessibilityViewLimit) failing fixtures"), "the docs state the limit")
        let stale = try #require(v.failures.first { $0.kind == .stale && $0.key == stray })
        expectTrue(stale.artifacts == [stray + "/expected.png"])
        expectTrue(
            try Data(contentsOf: report.appendingPathComponent(stray + "/expected.png")) == strayBytes,
            "the orphaned golden's own bytes")
    }
}

/// A `text` failure names only the lines that changed (issue 33 item 5).
@Suite struct TextLineDiffTests {
    @Test func onlyTheChangedLinesAreMarked() {
        let before = ["Add a stone", "12", "DAY STREAK", "Longest 21", "Read", "Walk"]
        let after = ["Add a stone", "13", "DAY STREAK", "Longest 21", "Read", "Walk", "Synced 2 h ago"]
        expectTrue(TextDiff.changedLines(before, after) == "−2 \"12\", +2 \"13\", +7 \"Synced 2 h ago\"")
        expectTrue(TextDiff.changedLines(["a \"q\""], []) == "−1 \"a \\\"q\\\"\"")
        expectTrue(TextDiff.changedLines(before, before).isEmpty)
    }
}

/// The accessibility view (issue 33 item 6): every element that carries meaning, with its role,
/// spoken text and measured contrast, drawn beside the render; `render --overlay` writes it.
@Suite struct AccessibilityOverlayTests {
    @Test func everyMeaningfulNodeIsOutlinedWithItsRoleSpeechAndContrast() throws {
        let painter = try GateArguments.painter()
        let key = "android/small/default-none-notyet/stones/kindling/light"
        let scene = try #require(try FixtureCatalog.fixture(key: key)).makeScene(painter.fonts)
        let (image, entries) = AccessibilityOverlay.draw(scene, painter: painter)
        let meaningful = scene.nodes.filter { $0.role != .decorative || $0.element.speech == .spoken }
        expectTrue(entries.map(\.node) == meaningful.map(\.name))
        expectTrue(image.width > scene.pixelWidth && image.height >= scene.pixelHeight)
        let numeral = try #require(entries.first { $0.node == "numeral" })
        expectTrue(numeral.spoken == "12" && numeral.role == .text && numeral.contrast?.passes == true)
        expectTrue(
            numeral.line.hasPrefix("\(numeral.number) numeral · text · spoken “12” · ")
                && numeral.line.hasSuffix(" pass"))
        expectTrue(
            entries.filter { $0.role != .decorative }.allSatisfy { $0.contrast != nil },
            "every text and graphic node measured")
        // The outline is drawn just outside the box, in the entry's colour.
        let e = entries[0]
        expectTrue(
            image.pixel(
                x: e.box.x + AccessibilityOverlay.gap - 1, y: e.box.y + AccessibilityOverlay.gap + e.box.height / 2)
                == e.colour)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-overlay-\(UUID().uuidString).png")
        defer { try? FileManager.default.removeItem(at: out) }
        expectTrue(try RenderCommand.run(["--fixture", key, "--overlay", "-o", out.path]) == 0)
        let written = try PNGCodec.decode([UInt8](try Data(contentsOf: out)), name: out.path)
        expectTrue(written == image)
    }
}

/// Issue #54 item 3: one edit, one cause — a token's contrast failures in every role and every
/// fixture whose pixels moved inside its nodes; a copy edit's fixtures under the words it changed.
@Suite struct OneEditOneCauseTests {
    @Test func pixelsMovedInsideATokensNodesCountUnderItsCause() throws {
        let light = try FixtureCatalog.load().map(\.key).filter { $0.hasPrefix("android/") && $0.hasSuffix("/light") }
            .prefix(4).map { $0 }
        let text = ContrastMeasure(
            token: "widget_muted", role: "text", ratio: 2.52, floor: 4.5, foreground: "#A3A3A3", background: "#FFFFFF")
        let graphic = ContrastMeasure(
            token: "widget_muted", role: "graphic", ratio: 2.46, floor: 3, foreground: "#A3A3A3", background: "#FFFFFF")
        var moved = GateFailure(key: light[2], kind: .pixels, detail: "9 pixels differ")
        moved.tokens = ["widget_ink", "widget_muted"]
        var elsewhere = GateFailure(key: light[3], kind: .pixels, detail: "9 pixels differ")
        elsewhere.tokens = ["widget_ink"]
        let failures = [
            GateFailure(key: light[0], kind: .contrast, detail: "low", contrast: text),
            GateFailure(key: light[1], kind: .contrast, detail: "low", contrast: graphic),
            // no tokens: a changed pixel outside every node
            GateFailure(key: light[0], kind: .pixels, detail: "9 pixels differ"),
            moved, elsewhere,
        ]
        let groups = RollUp.groups(failures)
        expectTrue(
            groups.map(\.line) == [
                "widget_muted (light, text, graphic) 2.52:1 < 4.5:1 on 1 background — 3 fixtures (2 below the floor, 1 "
                    + "moved with it)",
                "pixels — 2 fixtures",
            ])
        expectTrue(groups[0].keys == [light[0], light[1], light[2]])
    }

    /// "now" as the file spells it: a colour set's `0.640` read is 163/255, which writes as 0.639.
    @Test func theCurrentValueIsTheFilesOwnText() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-literal-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let set = dir.appendingPathComponent("WidgetMuted.colorset")
        try FileManager.default.createDirectory(at: set, withIntermediateDirectories: true)
        let json = """
            {"colors": [{"color": {"color-space": "srgb", "components": {"alpha": "1.000", "blue": "0.640", "green":\
             "0.640", "red": "0.640"}}, "idiom": "universal"},
              {"appearances": [{"appearance": "luminosity", "value": "dark"}], "color": {"color-space": "srgb",\
             "components": {"alpha": "1.000", "blue": "0.467", "green": "0.467", "red": "0.467"}}, "idiom":\
             "universal"}]}
            """
        try Data(json.utf8).write(to: set.appendingPathComponent("Contents.json"))
        expectTrue(
            TokenLiteral.ios("WidgetMuted", theme: .light, catalog: dir)
                == "\"red\": \"0.640\", \"green\": \"0.640\", \"blue\": \"0.640\", \"alpha\": \"1.000\"")
        expectTrue(
            TokenLiteral.ios("WidgetMuted", theme: .dark, catalog: dir)
                == "\"red\": \"0.467\", \"green\": \"0.467\", \"blue\": \"0.467\", \"alpha\": \"1.000\"")
        expectTrue(
            TokenNotation.write(Color(r: 163, g: 163, b: 163, a: 255), platform: .ios).contains("0.639"),
            "why the literal is read")
        expectTrue(
            TokenLiteral.android("widget_muted", theme: .light, res: AndroidTokens.bundledResDirectory) == "#757575")
        expectTrue(
            TokenLiteral.android("widget_muted", theme: .dark, res: AndroidTokens.bundledResDirectory) == "#777777")
    }

    @Test func aCopyEditIsOneCauseNamingItsWords() throws {
        let keys = try FixtureCatalog.load().map(\.key).prefix(2).map { $0 }
        let failures = keys.map { GateFailure(key: $0, kind: .pixels, detail: "visible text changed") }
        let details = keys.map {
            FixtureDetail(
                key: $0, width: 1, height: 1, expectedText: ["Meditate · 3 of 5"],
                actualText: ["Meditate daily · 3 of 5"],
                expectedLabel: "l", actualLabel: "l")
        }
        expectTrue(RollUp.groups(failures, details: details).map(\.line) == ["copy nothing → \"daily\" — 2 fixtures"])
    }
}
