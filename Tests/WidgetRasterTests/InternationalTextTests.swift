import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// Issue #10: habit titles in any script, shaped through the Noto fallback chain, ordered by the
/// Unicode bidi algorithm, cut only between grapheme clusters, and a gate that fails on tofu.
@Suite struct InternationalShapingTests {
    let fonts = FontLibrary.shared
    static let titles = InternationalMatrix.titles.map(\.title) + ["👍🏽 Push-ups", "❤️ Call mum", "#️⃣ Tags"]

    /// Every test title draws real glyphs in every style the widget sets titles in, on both platforms.
    @Test(arguments: titles)
    func noNotdefGlyphs(title: String) {
        for style in [
            TextStyle.roboto(.regular, sp: 14, fontScale: 1), .roboto(.medium, sp: 11, fontScale: 1),
            .roboto(.bold, sp: 22, fontScale: 1), TextStyle(.inter, .semibold, size: 15),
        ] {
            let line = fonts.shapeLine(title, style: style)
            expectTrue(line.notdefCount == 0, "\(title) in \(style.family) \(style.weight)")
            expectTrue(line.missing.isEmpty)
            expectTrue(line.glyphs.allSatisfy { $0.glyph != 0 })
        }
    }

    @Test(arguments: ["👨‍👩‍👧", "👍🏽", "🇯🇵", "🏃🏽‍♀️"])
    func emojiSequenceIsOneClusterAndOneGlyph(emoji: String) throws {
        expectTrue(emoji.count == 1)
        let line = fonts.shapeLine(emoji, style: .roboto(.regular, sp: 14, fontScale: 1))
        let run = try #require(line.runs.first)
        expectTrue(line.runs.count == 1)
        expectTrue(run.fontName == "NotoColorEmoji.ttf")
        expectTrue(run.glyphs.count == 1)
        expectTrue(run.glyphs[0].glyph != 0 && run.glyphs[0].cluster == 0)
    }

    @Test func eachScriptShapesInItsNotoFace() {
        let style = TextStyle.roboto(.regular, sp: 14, fontScale: 1)
        func faces(_ t: String) -> [String] { fonts.shapeLine(t, style: style).runs.map(\.fontName) }
        expectTrue(faces("Run 5k") == ["Roboto-Regular.ttf"])
        expectTrue(faces("読書") == ["NotoSansCJK-Regular.ttc"])
        expectTrue(faces("قراءة") == ["NotoNaskhArabic-Regular.ttf"])
        expectTrue(faces("קריאה") == ["NotoSansHebrew-Regular.ttf"])
        expectTrue(faces("💧 Water") == ["NotoColorEmoji.ttf", "Roboto-Regular.ttf"])
        expectTrue(
            fonts.shapeLine("Done", style: .roboto(.bold, sp: 14, fontScale: 1)).runs.map(\.fontName) == [
                "Roboto-Bold.ttf"
            ])
        expectTrue(
            fonts.shapeLine("読書", style: .roboto(.bold, sp: 14, fontScale: 1)).runs.map(\.fontName) == [
                "NotoSansCJK-Bold.ttc"
            ])
        // A decomposed accent stays with its base in Roboto (one face, one cluster per letter).
        expectTrue(faces("Tie\u{0302}\u{0301}ng") == ["Roboto-Regular.ttf"])
    }

    /// Unicode bidi: "Run רוץ 5k" is a left-to-right paragraph; the Hebrew word reads right to
    /// left, and by rule W2/N1 the European number that follows it joins the right-to-left
    /// stretch — so the visual order is "Run 5 ץור" then "k", as Android (ICU) draws it.
    @Test func mixedDirectionVisualOrder() {
        let line = fonts.shapeLine("Run רוץ 5k", style: .roboto(.regular, sp: 14, fontScale: 1))
        expectTrue(!line.rightToLeft)
        expectTrue(line.glyphs.map(\.cluster) == [0, 1, 2, 3, 8, 7, 6, 5, 4, 9])
        let xs = line.glyphs.map(\.x)
        expectTrue(xs == xs.sorted())
    }

    @Test func rightToLeftParagraphs() {
        let hebrew = fonts.shapeLine("קריאה", style: .roboto(.regular, sp: 14, fontScale: 1))
        expectTrue(hebrew.rightToLeft)
        expectTrue(hebrew.glyphs.map(\.cluster) == [4, 3, 2, 1, 0])
        // Arabic joins: five letters, contextual forms, still one run, right to left.
        let arabic = fonts.shapeLine("قراءة", style: .roboto(.regular, sp: 14, fontScale: 1))
        expectTrue(arabic.rightToLeft && arabic.runs.count == 1 && arabic.runs[0].rightToLeft)
        // Latin stays on the cheap path: left to right, one run, no FriBidi call.
        expectTrue(
            TextShaper.bidiLevels(Array("Café crème".unicodeScalars.map(\.value)), direction: .firstStrong).levels
                .isEmpty)
    }

    /// Measuring and drawing go through one routine: the advance is the shaped line's width.
    @Test(arguments: titles)
    func advanceIsTheShapedWidth(title: String) {
        let style = TextStyle.roboto(.regular, sp: 14, fontScale: 1.3)
        let drawn = fonts.shapeLine(title, style: style).width
        expectTrue(abs(fonts.advance(title, style: style) - drawn) < 1e-9)
    }

    @Test func uncoveredCodePointsAreNamed() {
        let style = TextStyle.roboto(.regular, sp: 14, fontScale: 1)
        expectTrue(fonts.missingGlyphs("Read \u{1F8B0}", style: style) == ["\u{1F8B0}"])
        expectTrue(fonts.missingGlyphs("\u{E000} Gym", style: style) == ["\u{E000}"])
        expectTrue(fonts.shapeLine("Read \u{1F8B0}", style: style).notdefCount == 1)
        expectTrue(fonts.missingGlyphs("Read", style: style).isEmpty)
        expectTrue(GlyphCoverageCheck.Finding.codePoint("\u{E000}") == "U+E000")
        expectTrue(GlyphCoverageCheck.Finding.codePoint("\u{1F8B0}") == "U+1F8B0")
    }
}

/// Where `.leading` text lands: Android starts a right-to-left paragraph at its box's right edge;
/// iOS starts every line at the left (the layout direction of an English locale).
@Suite struct BidiAlignmentTests {
    let fonts = FontLibrary.shared
    let painter = CairoPainter(fonts: .shared)
    let box = Rect(x: 10, y: 10, width: 200, height: 20)

    @Test func lineStartFollowsThePolicy() {
        expectTrue(
            TextAlignment.leading.lineX(width: 50, in: box, paragraphRightToLeft: true, leadingEdge: .paragraphStart)
                == 160)
        expectTrue(
            TextAlignment.leading.lineX(width: 50, in: box, paragraphRightToLeft: true, leadingEdge: .layoutLeftToRight)
                == 10)
        expectTrue(
            TextAlignment.leading.lineX(width: 50, in: box, paragraphRightToLeft: false, leadingEdge: .paragraphStart)
                == 10)
        expectTrue(
            TextAlignment.trailing.lineX(width: 50, in: box, paragraphRightToLeft: true, leadingEdge: .paragraphStart)
                == 10)
        expectTrue(
            TextAlignment.center.lineX(width: 50, in: box, paragraphRightToLeft: true, leadingEdge: .paragraphStart)
                == 85)
    }

    /// The ink's horizontal extent, in layout units, of one text node drawn alone.
    func ink(_ text: String, _ edge: LeadingEdge) -> (minX: Double, maxX: Double)? {
        let style = TextStyle.roboto(.regular, sp: 14, fontScale: 1)
        let node = SceneNode(
            .statusTitle, on: .android, role: .text, token: "widget_ink", bounds: box, container: box,
            content: .text(TextContent(lines: [text], style: style, color: .black, lineHeight: 20, leadingEdge: edge)))
        let scene = Scene(
            size: Size(220, 40), density: 2, card: Rect(x: 0, y: 0, width: 220, height: 40),
            nodes: [node], accessibilityLabel: text)
        return InkBounds.horizontal(painter.render(scene), density: 2)
    }

    @Test(arguments: ["קריאה", "قراءة"])
    func rightToLeftTitleInkSitsRightOnAndroidLeftOnIOS(title: String) throws {
        let android = try #require(ink(title, .paragraphStart))
        expectTrue(android.minX > box.midX)
        expectTrue(android.maxX > box.maxX - 2 && android.maxX <= box.maxX + 0.5)
        let ios = try #require(ink(title, .layoutLeftToRight))
        expectTrue(ios.maxX < box.midX)
        expectTrue(ios.minX < box.minX + 2 && ios.minX >= box.minX - 0.5)
    }

    @Test func latinTitleInkSitsLeftOnBothPlatforms() throws {
        for edge in [LeadingEdge.paragraphStart, .layoutLeftToRight] {
            let i = try #require(ink("Run 5k", edge))
            expectTrue(i.minX < box.minX + 2 && i.maxX < box.midX)
        }
    }

    /// The real Android fixture: the Hebrew habit's ink sits at the right end of its row's label box.
    @Test func hebrewRowInAndroidFixtureSitsRight() throws {
        let fixture = try #require(
            try FixtureCatalog.load().first { $0.key == "android/bands/intl/medium/arabic_hebrew" })
        let scene = fixture.makeScene(fonts)
        let node = try #require(
            scene.nodes.first { node in
                if case .text(let t) = node.content { return t.text == "קריאה" } else { return false }
            })
        var alone = scene
        alone.nodes = [node]
        let i = try #require(InkBounds.horizontal(painter.render(alone), density: scene.density))
        expectTrue(i.minX > node.bounds.midX)
        expectTrue(i.maxX > node.bounds.maxX - 2)
    }

    /// Emoji are colour bitmaps drawn at the text's size, whatever the text colour.
    @Test func emojiDrawInColourAtTextSize() throws {
        let style = TextStyle.roboto(.regular, sp: 20, fontScale: 1)
        let node = SceneNode(
            .statusTitle, on: .android, role: .text, token: "widget_ink",
            bounds: Rect(x: 0, y: 0, width: 40, height: 30),
            container: Rect(x: 0, y: 0, width: 40, height: 30),
            content: .text(TextContent(lines: ["💧"], style: style, color: .black, lineHeight: 30)))
        let img = painter.render(
            Scene(
                size: Size(40, 30), density: 2, card: Rect(x: 0, y: 0, width: 40, height: 30),
                nodes: [node], accessibilityLabel: ""))
        var colourful = 0
        var minY = Int.max
        var maxY = Int.min
        for y in 0..<img.height {
            for x in 0..<img.width {
                let p = img.pixel(x: x, y: y)
                guard p.a > 128 else { continue }
                minY = min(minY, y)
                maxY = max(maxY, y)
                if Int(p.b) - Int(p.r) > 60 { colourful += 1 }  // the droplet is blue, never the black text colour
            }
        }
        expectTrue(colourful > 50)
        let heightDp = Double(maxY - minY + 1) / 2
        expectTrue(heightDp > 20 * 0.8 && heightDp < 20 * 1.4, "emoji ink \(heightDp) dp tall at 20 sp")
    }
}

enum InkBounds {
    /// Leftmost and rightmost columns with any ink, in layout units (nil for a blank image).
    static func horizontal(_ img: RGBAImage, density: Double) -> (minX: Double, maxX: Double)? {
        var lo = Int.max
        var hi = Int.min
        for y in 0..<img.height {
            for x in 0..<img.width where img.pixel(x: x, y: y).a > 64 {
                lo = min(lo, x)
                hi = max(hi, x)
            }
        }
        return lo > hi ? nil : (Double(lo) / density, Double(hi + 1) / density)
    }
}

/// Wrap and ellipsis cut only between grapheme clusters; CJK breaks between ideographs.
@Suite struct GraphemeSafeWrapTests {
    let fonts = FontLibrary.shared
    let style = TextStyle.roboto(.regular, sp: 14, fontScale: 1)
    static let clustered = [
        "👨‍👩‍👧👨‍👩‍👧 Family call", "🇯🇵🇰🇷🇨🇳 flags", "Tie\u{0302}\u{0301}ng Vie\u{0323}\u{0302}t hôm nay",
        "🏃🏽‍♀️🏃🏽‍♀️🏃🏽‍♀️ Run", "קריאה יומית 👍🏽", "毎日日本語の本を三十分読む",
    ]

    /// Drop the trailing "…" and check what is left is whole clusters from the start of `text`.
    func isClusterPrefix(_ line: String, of text: String) -> Bool {
        let body = line.hasSuffix(TextWrap.ellipsis) ? String(line.dropLast()) : line
        let b = Array(body)
        let t = Array(text)
        return b.count <= t.count && Array(t.prefix(b.count)) == b
    }

    @Test(arguments: clustered)
    func ellipsisNeverLandsInsideACluster(text: String) {
        for w in stride(from: 4.0, through: 260, by: 1.5) {
            let line = TextWrap.ellipsize(text, width: w, style: style, measurer: fonts)
            expectTrue(isClusterPrefix(line, of: text), "\(text) at \(w): \(line)")
            expectTrue(fonts.shapeLine(line, style: style).notdefCount == 0)
        }
    }

    @Test(arguments: clustered)
    func wrappedLinesAreWholeClusters(text: String) {
        let noSpaces = Array(text.filter { $0 != " " })
        for w in stride(from: 20.0, through: 260, by: 3) {
            for maxLines in [1, 2, 3] {
                let wrapped = TextWrap.wrap(text, width: w, maxLines: maxLines, style: style, measurer: fonts)
                let joined = Array(wrapped.lines.joined().filter { $0 != " " && $0 != "…" })
                expectTrue(
                    Array(noSpaces.prefix(joined.count)) == joined, "\(text) at \(w)×\(maxLines): \(wrapped.lines)")
            }
        }
    }

    @Test func cjkWrapsBetweenIdeographs() {
        let text = "毎日日本語の本を三十分読んで感想をノートに書いてから寝る"
        let w = TextWrap.wrap(text, width: 120, maxLines: 10, style: style, measurer: fonts)
        expectTrue(w.lines.count >= 3)
        expectTrue(!w.ellipsized)
        expectTrue(w.lines.joined() == text)
        expectTrue(w.lines.allSatisfy { fonts.advance($0, style: style) <= 120 })
        // Kinsoku: no line starts with closing punctuation or the prolonged-sound mark.
        let punctuated = TextWrap.wrap("読書、三十分。ノート。", width: 40, maxLines: 10, style: style, measurer: fonts)
        expectTrue(punctuated.lines.allSatisfy { !["、", "。", "ー"].contains($0.first!) }, "\(punctuated.lines)")
        expectTrue(punctuated.lines.joined() == "読書、三十分。ノート。")
    }

    @Test func latinStillWrapsAtSpacesOnly() {
        expectTrue(
            TextWrap.breakPieces("Read 20 min") == [
                .init(text: "Read", glue: " "), .init(text: "20", glue: " "),
                .init(text: "min", glue: " "),
            ])
        expectTrue(TextWrap.breakPieces("読書 30分").map(\.text) == ["読", "書", "30", "分"])
        expectTrue(TextWrap.breakPieces("読書 30分").map(\.glue) == [" ", "", " ", ""])
    }
}

/// The gate fails a code point no face covers, and a changed fallback font is environment drift.
@Suite(.serialized) struct InternationalGateTests {
    let painter = CairoPainter(fonts: .shared)

    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-intl-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// A Medium card whose first habit has `title`.
    func fixture(_ key: String, title: String) throws -> Fixture {
        let builder = AndroidSceneBuilder(fonts: .shared, tokens: try TokenSet.bundled())
        let scenario = Scenario(total: 2, done: 0, extendedToday: false, titles: [title, "Read"])
        let request = AndroidRenderRequest(
            family: .medium, widthDp: 300, heightDp: 180, snapshot: scenario.snapshot,
            asOf: scenario.asOf, timeZone: Scenario.timeZone)
        let scene = builder.scene(request)
        return Fixture(key: key) { _ in scene }
    }

    @Test func uncoveredCodePointFailsVerifyAsMissingGlyph() throws {
        let catalog = [
            try fixture("intl/arrow", title: "Stretch \u{1F8B0}"),
            try fixture("intl/private-use", title: "\u{E000} Gym"),
            try fixture("intl/fine", title: "קריאה 📚"),
        ]
        let dir = tempDir()
        let options = GateOptions(goldens: dir, jobs: 2, checks: [GlyphCoverageCheck.gateCheck])
        _ = try Recorder.record(options, catalog: catalog, painter: painter)
        let v = try Verifier.verify(options, catalog: catalog, painter: painter)
        let glyphFailures = v.failures.filter { $0.kind == .missingGlyph }
        expectTrue(glyphFailures.map(\.key) == ["intl/arrow", "intl/private-use"])
        expectTrue(
            glyphFailures[0].detail.hasPrefix(
                "habit-row-1.title: U+1F8B0 has no glyph in Roboto-Regular.ttf, NotoColorEmoji.ttf"))
        expectTrue(glyphFailures[1].detail.hasPrefix("habit-row-1.title: U+E000 has no glyph"))
        expectTrue(v.passed == ["intl/fine"])
        expectTrue(FailureKind.missingGlyph.rawValue == "missing-glyph")
    }

    @Test func renderWarnsAboutAMissingGlyph() throws {
        let scene = try fixture("intl/arrow", title: "Stretch \u{1F8B0}").makeScene(.shared)
        let warnings = RenderCommand.glyphWarnings(scene, fonts: .shared)
        expectTrue(warnings.count == 1)
        expectTrue(warnings[0].hasPrefix("warning: missing-glyph habit-row-1.title: U+1F8B0 has no glyph in "))
        expectTrue(
            RenderCommand.glyphWarnings(
                try fixture("ok", title: "👨‍👩‍👧 Family").makeScene(.shared), fonts: .shared
            ).isEmpty
        )
    }

    @Test func environmentHashesEveryFallbackFace() {
        let env = RendererEnvironment.current(fonts: .shared)
        for name in [
            "NotoColorEmoji.ttf", "NotoSansCJK-Regular.ttc", "NotoSansCJK-Bold.ttc", "NotoNaskhArabic-Regular.ttf",
            "NotoSansHebrew-Regular.ttf", "Roboto-Regular.ttf", "Inter-Regular.otf",
        ] {
            expectTrue(env.fonts[name] != nil, "\(name) not hashed")
        }
    }

    /// Swapping the Hebrew fallback file for a different one (same name) is an environment
    /// change: verify fails as `environment` and names the font, as it does for a primary face.
    @Test func changedFallbackFontIsAnEnvironmentChange() throws {
        let fontDir = tempDir()
        let swapped = fontDir.appendingPathComponent("NotoSansHebrew-Regular.ttf")
        try FileManager.default.copyItem(
            atPath: FallbackChain.notoTrueType + "NotoSansHebrew-Bold.ttf", toPath: swapped.path)
        let changed = try FontLibrary(directory: PackagePaths.fonts) { weight in
            FallbackChain.faces(for: weight).map {
                $0.fileName == "NotoSansHebrew-Regular.ttf" ? FontFile(swapped.path) : $0
            }
        }
        let catalog = [try fixture("intl/hebrew", title: "קריאה")]
        let dir = tempDir()
        let options = GateOptions(goldens: dir, jobs: 1)
        _ = try Recorder.record(options, catalog: catalog, painter: painter)
        let v = try Verifier.verify(options, catalog: catalog, painter: CairoPainter(fonts: changed))
        expectTrue(v.failures.map(\.kind) == [.environment])
        expectTrue(v.comparison.contains("environment differs"))
        expectTrue(v.comparison.contains("font NotoSansHebrew-Regular.ttf changed"))
        expectTrue(!v.comparison.contains("NotoColorEmoji"))
    }
}
