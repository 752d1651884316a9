import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetScene

@testable import WidgetRaster
@testable import evidence

/// Issue #22: the token files designers' tools write, each read to the value Xcode / aapt2 gives or
/// refused with one line naming the file and the construct. The corpus is
/// `Fixtures/tokens/` (its README cites where each shape comes from); every case is put into a
/// copy of the bundled token set, as the issue's survey did.
private let corpus = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
    "Fixtures/tokens")

private func temp(_ tag: String) -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("evidence-\(tag)-\(UUID().uuidString)")
}

/// A copy of the bundled catalog whose WidgetInk set is the corpus file `name`.
private func catalogWithInk(_ name: String) throws -> URL {
    let dir = temp("corpus").appendingPathExtension("xcassets")
    try FileManager.default.copyItem(at: AssetCatalogTokens.bundledDirectory, to: dir)
    let target = dir.appendingPathComponent("WidgetInk.colorset/Contents.json")
    try FileManager.default.removeItem(at: target)
    try FileManager.default.copyItem(at: corpus.appendingPathComponent("ios/\(name).json"), to: target)
    return dir
}

/// A copy of the bundled res/ with single values replaced and the corpus folder `overlay` copied over it.
private func resWith(_ overlay: String?, replacing: [(String, Theme, String)] = []) throws -> URL {
    let res = try bundledCopy(replacing: replacing)
    if let overlay {
        let src = corpus.appendingPathComponent("android/\(overlay)")
        for folder in try FileManager.default.contentsOfDirectory(atPath: src.path) {
            let to = res.appendingPathComponent(folder)
            try FileManager.default.createDirectory(at: to, withIntermediateDirectories: true)
            for file in try FileManager.default.contentsOfDirectory(atPath: src.appendingPathComponent(folder).path) {
                try? FileManager.default.removeItem(at: to.appendingPathComponent(file))
                try FileManager.default.copyItem(
                    at: src.appendingPathComponent(folder).appendingPathComponent(file),
                    to: to.appendingPathComponent(file))
            }
        }
    }
    return res
}

private func config(_ catalog: TokenCatalog, _ label: String) -> TokenSet? {
    catalog.configurations.first { $0.configuration.description == label }?.tokens
}

/// The error a load throws, or nil.
private func refusal(_ body: () throws -> Void) -> InputError? {
    do {
        try body()
        return nil
    } catch let e as InputError { return e } catch { return InputError("not an InputError", "\(error)") }
}

@Suite struct ColorsetCorpusTests {
    /// (corpus file, WidgetInk light, WidgetInk dark) — read exactly, as Xcode shows them.
    @Test(arguments: [
        ("xcode-float-strings", "#1A1A1A", "#F5F5F5"),  // Xcode's default 0–1 float strings
        ("xcode-8bit-strings", "#FAFAFA", "#111111"),  // "8-bit (0-255)" input
        ("xcode-hex-strings", "#E5E5E5", "#2E2E2E"),  // "8-bit Hexadecimal" input
        ("json-number-components", "#FFFFFF", "#1A1A1A"),  // generators' JSON numbers: 1 is white, never #010101
        ("mac-idiom-row", "#1A1A1A", "#F5F5F5"),  // a Mac row never overrides Universal on iPhone
        ("watch-idiom-entry", "#1A1A1A", "#F5F5F5"),  // a watch entry never becomes the light colour
        ("contrast-before-luminosity", "#1A1A1A", "#F5F5F5"),  // dark is not the high-contrast value
        ("gray-gamma-22", "#131313", "#F3F3F3"),  // gray with a 2.2 gamma, as sRGB
        ("extended-gray", "#000000", "#FFFFFF"),  // 1.1 white clipped (and reported)
        ("extended-srgb-out-of-range", "#1A1A1A", "#FFF500"),  // 1.2 / -0.05 clipped (and reported)
        ("extended-linear-srgb", "#191919", "#F5F5F5"),  // linear light encoded with the sRGB curve
        ("display-p3", "#F28226", "#FF0000"),  // P3 converted; P3 red clipped (and reported)
        ("system-reference", "#000000", "#FFFFFF"),  // labelColor at Apple's published values
        ("iphone-over-universal", "#1A1A1A", "#F5F5F5"),  // the iPhone idiom over Universal; iPad ignored
    ])
    func readAsXcodeShowsIt(file: String, light: String, dark: String) throws {
        let r = try AssetCatalogTokens.loadCatalog(directory: try catalogWithInk(file))
        expectTrue(r.catalog.tokens.color(.ink, theme: .light).hex == light, "\(file) light")
        expectTrue(r.catalog.tokens.color(.ink, theme: .dark).hex == dark, "\(file) dark")
    }

    @Test func increaseContrastIsItsOwnConfiguration() throws {
        let r = try AssetCatalogTokens.loadCatalog(directory: try catalogWithInk("contrast-before-luminosity")).catalog
        expectTrue(
            r.configurations.map(\.configuration.description) == [
                "light", "dark", "light, high contrast", "dark, high contrast",
            ])
        expectTrue(config(r, "light, high contrast")?.color(.ink, theme: .light).hex == "#000000")
        expectTrue(config(r, "dark, high contrast")?.color(.ink, theme: .dark).hex == "#FFFFFF")
        // The other sets have no high-contrast entries: the same as normal contrast.
        expectTrue(config(r, "dark, high contrast")?.color(.card, theme: .dark) == r.tokens.color(.card, theme: .dark))
        // The audit gains the rows, each naming its configuration.
        let report = try ContrastAudit.auditIOS(r)
        let high = report.rows.filter { $0.configuration.contrast == .high }
        expectTrue(!high.isEmpty && high.count * 2 == report.rows.count)
        expectTrue(
            report.rows.contains {
                $0.token == "WidgetInk" && $0.configuration.description == "dark, high contrast"
                    && $0.foreground == "#FFFFFF"
            })
    }

    @Test func whatIsNotReadOrWasAdjustedIsNamed() throws {
        let mac = try AssetCatalogTokens.loadCatalog(directory: try catalogWithInk("mac-idiom-row")).catalog
        expectTrue(mac.uncovered.contains { $0.hasPrefix("WidgetInk: mac idiom entries ignored") }, "\(mac.uncovered)")
        let ipad = try AssetCatalogTokens.loadCatalog(directory: try catalogWithInk("iphone-over-universal")).catalog
        expectTrue(ipad.uncovered.contains { $0.contains("ipad") })
        let clipped = try AssetCatalogTokens.loadCatalog(directory: try catalogWithInk("extended-srgb-out-of-range"))
            .catalog
        expectTrue(
            clipped.adjustments == [
                "WidgetInk (dark): extended-srgb (1.200, 0.961, -0.050) lies outside sRGB; audited as the clipped "
                    + "#FFF500"
            ])
        let system = try AssetCatalogTokens.loadCatalog(directory: try catalogWithInk("system-reference")).catalog
        expectTrue(
            system.adjustments.contains(
                "WidgetInk (light): system colour labelColor read as Apple's published light value #000000"))
        // stdout and --json both carry them.
        let text = ContrastTable.render(try ContrastAudit.auditIOS(mac))
        expectTrue(text.contains("not audited: WidgetInk: mac idiom entries ignored"))
        let json = String(decoding: try JSONEncoder().encode(try ContrastAudit.auditIOS(clipped)), as: UTF8.self)
        expectTrue(json.contains("\"adjustments\":[\"WidgetInk (dark): extended-srgb"))
    }

    /// (corpus file, what the one-line refusal names).
    @Test(arguments: [
        ("boolean-component", "colors[0].color.components.red is a boolean"),
        ("unknown-reference", "system colour 'systemBlurpleColor'"),
        ("cmyk-space", "colour space 'generic-cmyk'"),
    ])
    func refusedNamingFileAndConstruct(file: String, names: String) throws {
        let dir = try catalogWithInk(file)
        let e = try #require(refusal { _ = try AssetCatalogTokens.loadCatalog(directory: dir) })
        expectTrue(e.location.hasSuffix("WidgetInk.colorset/Contents.json") && e.problem.contains(names), "\(e)")
        expectTrue(!e.description.contains("\n"))
        expectTrue(try ContrastCommandExit.run(["--ios-assets", dir.path]) == 2)
    }

    @Test func aCatalogWithoutWidgetSetsOrAWronglyCasedSetIsExit2WithDidYouMean() throws {
        let none = temp("nowidget").appendingPathExtension("xcassets")
        try FileManager.default.createDirectory(
            at: none.appendingPathComponent("Ink.colorset"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            at: corpus.appendingPathComponent("ios/xcode-float-strings.json"),
            to: none.appendingPathComponent("Ink.colorset/Contents.json"))
        let e = try #require(
            refusal {
                _ = try AssetCatalogTokens.loadCatalog(directory: none, defaults: try AssetCatalogTokens.bundled())
            })
        expectTrue(
            e.problem.contains("has no Widget* colour set") && e.problem.contains("did you mean Ink → WidgetInk"),
            "\(e)")
        expectTrue(try ContrastCommandExit.run(["--ios-assets", none.path]) == 2)

        let cased = try catalogWithInk("xcode-float-strings")
        try FileManager.default.moveItem(
            at: cased.appendingPathComponent("WidgetInk.colorset"),
            to: cased.appendingPathComponent("Widgetink.colorset"))
        let c = try #require(refusal { _ = try AssetCatalogTokens.loadCatalog(directory: cased) })
        expectTrue(c.location.hasSuffix("Widgetink.colorset") && c.problem.contains("did you mean WidgetInk?"), "\(c)")
        expectTrue(try ContrastCommandExit.run(["--ios-assets", cased.path]) == 2)
    }

    @Test func aNamespacedGroupPrefixesItsSets() throws {
        let dir = try catalogWithInk("xcode-float-strings")
        let group = dir.appendingPathComponent("Widget")
        try FileManager.default.createDirectory(at: group, withIntermediateDirectories: true)
        try #"{"info":{"author":"xcode","version":1},"properties":{"provides-namespace":true}}"#.write(
            to: group.appendingPathComponent("Contents.json"), atomically: true, encoding: .utf8)
        try FileManager.default.moveItem(
            at: dir.appendingPathComponent("WidgetInk.colorset"), to: group.appendingPathComponent("WidgetInk.colorset")
        )
        let e = try #require(refusal { _ = try AssetCatalogTokens.loadCatalog(directory: dir) })
        expectTrue(e.problem.contains("is named 'Widget/WidgetInk'"), "\(e)")
    }

    /// Issue #24: size caps, a FIFO's true name, no link followed out of the catalog.
    @Test func hostileFilesAreOneLineRefusals() throws {
        let big = try catalogWithInk("xcode-float-strings")
        try Data(repeating: 0x20, count: TokenFolder.maxTokenFileBytes + 1).write(
            to: big.appendingPathComponent("WidgetInk.colorset/Contents.json"))
        expectTrue(
            refusal { _ = try AssetCatalogTokens.loadCatalog(directory: big) }?.problem.contains("larger than 1 MB")
                == true)
        let fifo = try catalogWithInk("xcode-float-strings")
        let f = fifo.appendingPathComponent("WidgetInk.colorset/Contents.json")
        try FileManager.default.removeItem(at: f)
        expectTrue(mkfifo(f.path, 0o600) == 0)
        expectTrue(
            refusal { _ = try AssetCatalogTokens.loadCatalog(directory: fifo) }?.problem.contains("is a FIFO") == true)
        let link = try catalogWithInk("xcode-float-strings")
        let l = link.appendingPathComponent("WidgetInk.colorset/Contents.json")
        try FileManager.default.removeItem(at: l)
        try FileManager.default.createSymbolicLink(
            at: l,
            withDestinationURL: AssetCatalogTokens.bundledDirectory.appendingPathComponent(
                "WidgetInk.colorset/Contents.json"))
        expectTrue(
            refusal { _ = try AssetCatalogTokens.loadCatalog(directory: link) }?.problem.contains(
                "never through a link") == true)
        let deep = try catalogWithInk("xcode-float-strings")
        try (String(repeating: "[", count: 100_000)).write(
            to: deep.appendingPathComponent("WidgetInk.colorset/Contents.json"), atomically: true, encoding: .utf8)
        expectTrue(
            refusal { _ = try AssetCatalogTokens.loadCatalog(directory: deep) }?.problem.contains("nested deeper than")
                == true)
    }
}

@Suite struct AndroidResourceCorpusTests {
    @Test func frameworkColoursItemsAndAPaletteInAnotherFileResolve() throws {
        let white = try AndroidTokens.load(
            resDirectory: try resWith(
                nil,
                replacing: [
                    ("widget_accent_text", .light, "@android:color/white"),
                    ("widget_ember_end", .light, "@android:color/transparent"),
                ]))
        expectTrue(white.color("widget_accent_text", theme: .light).hex == "#FFFFFF")
        expectTrue(white.color("widget_ember_end", theme: .light).hex == "#00000000")
        let palette = try AndroidTokens.load(
            resDirectory: try resWith(
                "palette",
                replacing: [
                    ("widget_accent_text", .light, "@color/palette_on_orange"),
                    ("widget_accent_deep", .light, "@color/palette_orange_700"),
                ]))
        expectTrue(palette.color("widget_accent_text", theme: .light).hex == "#FFFFFF")
        expectTrue(palette.color("widget_accent_deep", theme: .light).hex == "#C2410C")
        let items = try AndroidTokens.load(
            resDirectory: try resWith(
                "item-type-color",
                replacing: [
                    ("widget_accent_deep", .light, "@color/brand_orange"),
                    ("widget_accent_deep", .dark, "@color/brand_orange_night"),
                ]))
        expectTrue(items.color("widget_accent_deep", theme: .light).hex == "#C2410C")
        expectTrue(items.color("widget_accent_deep", theme: .dark).hex == "#FB923C")
    }

    @Test func aMissingValuesNightFallsBackToValues() throws {
        let res = try resWith(nil)
        try FileManager.default.removeItem(at: res.appendingPathComponent("values-night"))
        let t = try AndroidTokens.load(resDirectory: res)
        for name in AndroidTokens.required {
            expectTrue(t.color(name, theme: .dark) == t.color(name, theme: .light), "\(name)")
        }
    }

    @Test func apiLevelFoldersAreTheirOwnConfigurations() throws {
        let c = try AndroidTokens.loadCatalog(resDirectory: try resWith("material-you"))
        expectTrue(
            c.configurations.map(\.configuration.description) == [
                "light, API ≤30", "dark, API ≤30", "light, API 31+", "dark, API 31+",
            ])
        let bundled = try TokenSet.bundled()
        // the renderer's pair is unchanged
        expectTrue(c.tokens == TokenSet(light: bundled.light, night: bundled.night, source: c.tokens.source))
        expectTrue(config(c, "light, API 31+")?.color("widget_ink", theme: .light).hex == "#202124")
        expectTrue(config(c, "dark, API 31+")?.color("widget_ink", theme: .dark).hex == "#E8EAED")
        expectTrue(config(c, "light, API 31+")?.color("widget_card", theme: .light).hex == "#FFFFFF")
        // Night mode outranks the API level: values-night's card beats values-v31's white.
        expectTrue(config(c, "dark, API 31+")?.color("widget_card", theme: .dark).hex == "#000000")
        let v27 = try AndroidTokens.loadCatalog(resDirectory: try resWith("night-v27"))
        expectTrue(config(v27, "dark, API 27+")?.color("widget_muted", theme: .dark).hex == "#8A8A8A")
        expectTrue(config(v27, "dark, API ≤26")?.color("widget_muted", theme: .dark).hex == "#777777")
        expectTrue(config(v27, "light, API 27+")?.color("widget_muted", theme: .light).hex == "#757575")
        // contrast --json rows name the configuration; the text table too.
        let report = try ContrastAudit.auditAndroid(resDirectory: try resWith("material-you"))
        expectTrue(
            report.rows.contains {
                $0.token == "widget_ink" && $0.configuration == TokenConfiguration(theme: .dark, minAPI: 31)
                    && $0.foreground == "#E8EAED"
            })
        expectTrue(
            ContrastTable.render(report).contains(
                "configurations: light, API ≤30 · dark, API ≤30 · light, API 31+ · dark, API 31+"))
    }

    @Test func dynamicColoursAreAuditedOnTheBaselinePaletteAndSaySo() throws {
        let c = try AndroidTokens.loadCatalog(resDirectory: try resWith("dynamic-colour"))
        expectTrue(config(c, "light, API 31+")?.color("widget_accent_deep", theme: .light).hex == "#006C5F")
        expectTrue(config(c, "light, API 31+")?.color("widget_card", theme: .light).hex == "#FBFBFB")
        expectTrue(config(c, "light, API ≤30")?.color("widget_accent_deep", theme: .light).hex == "#C2410C")
        expectTrue(
            c.adjustments == [
                "'widget_accent_deep' is @android:color/system_accent1_600, wallpaper-dependent (Material You): "
                    + "audited on Android's baseline palette, #006C5F",
                "'widget_card' is @android:color/system_neutral1_10, wallpaper-dependent (Material You): audited on "
                    + "Android's baseline palette, #FBFBFB",
            ])
        let text = ContrastTable.render(try ContrastAudit.auditAndroid(resDirectory: try resWith("dynamic-colour")))
        expectTrue(text.contains("adjusted: 'widget_card' is @android:color/system_neutral1_10"))
        let unknown = try resWith(
            nil, replacing: [("widget_ink", .light, "@android:color/system_on_primary_container_light")])
        expectTrue(
            refusal { _ = try AndroidTokens.load(resDirectory: unknown) }?.problem.contains("tonal-palette colours")
                == true)
    }

    @Test func foldersTheAuditDoesNotCoverAreNamed() throws {
        let c = try AndroidTokens.loadCatalog(resDirectory: try resWith("uncovered"))
        expectTrue(
            c.uncovered == [
                "values-fr/ (qualifier 'fr' is not audited: only night / notnight and -vNN API levels are)",
                "values-land/ (qualifier 'land' is not audited: only night / notnight and -vNN API levels are)",
            ])
        let report = try ContrastAudit.auditAndroid(resDirectory: try resWith("uncovered"))
        expectTrue(ContrastTable.render(report).contains("not audited: values-fr/"))
    }

    /// (corpus overlay, replacements, the file the refusal names, what it names).
    @Test(arguments: [
        ("theme-attribute", "colors_theme.xml:3", "the theme attribute ?attr/colorPrimary"),
        (
            "dynamic-too-early", "colors_dynamic.xml:3",
            "@android:color/system_accent1_600, which exists from API 31; light, API ≤30 cannot show it"
        ),
        ("cycle", "colors_cycle.xml:4", "loop_a → loop_b → loop_a"),
    ])
    func refusedNamingFileLineAndConstruct(overlay: String, at: String, names: String) throws {
        let res = try resWith(overlay)
        let e = try #require(refusal { _ = try AndroidTokens.loadCatalog(resDirectory: res) })
        expectTrue(e.location.hasSuffix(at) && e.problem.contains(names), "\(e)")
        expectTrue(try ContrastCommandExit.run(["--android-res", res.path]) == 2)
    }

    @Test func danglingReferencesAndUnknownFrameworkColoursAreNamed() throws {
        let dangling = try resWith(nil, replacing: [("widget_ink", .dark, "@color/nowhere")])
        expectTrue(
            refusal { _ = try AndroidTokens.load(resDirectory: dangling) }?.problem.contains(
                "refers to @color/nowhere, which no values*/ file declares for dark") == true)
        let unknown = try resWith(nil, replacing: [("widget_ink", .light, "@android:color/primary_text_dark")])
        expectTrue(
            refusal { _ = try AndroidTokens.load(resDirectory: unknown) }?.problem.contains(
                "not one of the framework's fixed colours") == true)
    }

    /// Issue #24: one byte of hostile XML is a one-line refusal (or, for a well-formed processing
    /// instruction, simply read), never a trap.
    @Test(
        arguments: [
            (
                "comment", Array("<resources><!-- ".utf8) + [0xFF, 0xFE] + Array(" --></resources>".utf8),
                "not proper UTF-8"
            ),
            ("element", Array("<resources><c".utf8) + [0xC3, 0x28] + Array("/></resources>".utf8), "malformed XML"),
            (
                "doctype",
                Array(
                    "<!DOCTYPE r [<!ENTITY a \"aaaaaaaa\">]><resources><color name=\"x\">&a;</color></resources>".utf8),
                "<!DOCTYPE>"
            ),
            ("external", Array("<!DOCTYPE r SYSTEM \"http://example.com/x.dtd\"><resources/>".utf8), "<!DOCTYPE>"),
            ("truncated", Array("<resources><color name=\"x\">#fff".utf8), "malformed XML"),
        ] as [(String, [UInt8], String)])
    func hostileXMLIsRefused(name: String, bytes: [UInt8], names: String) throws {
        let res = try resWith(nil)
        try Data(bytes).write(to: res.appendingPathComponent("values/hostile.xml"))
        let e = try #require(refusal { _ = try AndroidTokens.load(resDirectory: res) }, "\(name)")
        expectTrue(e.location.contains("values/hostile.xml") && e.problem.contains(names), "\(name): \(e)")
        expectTrue(!e.description.contains("\n") && e.description.count < 400)
    }

    @Test func aProcessingInstructionWithoutDataIsRead() throws {
        let res = try resWith(nil)
        try "<?x?><resources><?y?><color name=\"extra\">#123<?z?></color></resources>".write(
            to: res.appendingPathComponent("values/pi.xml"), atomically: true, encoding: .utf8)
        expectTrue(try AndroidTokens.load(resDirectory: res).color("extra", theme: .light).hex == "#112233")
    }

    @Test func aLongReferenceChainIsBoundedAndLinear() throws {
        let res = try resWith(nil)
        var xml = "<resources>\n"
        for i in 0..<20_000 { xml += "<color name=\"c\(i)\">@color/c\(i + 1)</color>\n" }
        xml += "<color name=\"c20000\">#000</color>\n</resources>\n"
        try xml.write(to: res.appendingPathComponent("values/chain.xml"), atomically: true, encoding: .utf8)
        let e = try #require(refusal { _ = try AndroidTokens.load(resDirectory: res) })
        expectTrue(e.problem.contains("more than 20 @color/ references"), "\(e)")
        // Within Android's limit, a chain resolves.
        let ok = try resWith(nil, replacing: [("widget_ink", .light, "@color/c0")])
        var short = "<resources>\n"
        for i in 0..<19 { short += "<color name=\"c\(i)\">@color/c\(i + 1)</color>\n" }
        short += "<color name=\"c19\">#1A1A1A</color>\n</resources>\n"
        try short.write(to: ok.appendingPathComponent("values/chain.xml"), atomically: true, encoding: .utf8)
        expectTrue(try AndroidTokens.load(resDirectory: ok).color("widget_ink", theme: .light).hex == "#1A1A1A")
    }

    @Test func hostileFilesAreOneLineRefusals() throws {
        let big = try resWith(nil)
        try Data(repeating: 0x20, count: TokenFolder.maxTokenFileBytes + 1).write(
            to: big.appendingPathComponent("values/big.xml"))
        expectTrue(
            refusal { _ = try AndroidTokens.load(resDirectory: big) }?.problem.contains("larger than 1 MB") == true)
        let fifo = try resWith(nil)
        expectTrue(mkfifo(fifo.appendingPathComponent("values/pipe.xml").path, 0o600) == 0)
        let f = try #require(refusal { _ = try AndroidTokens.load(resDirectory: fifo) })
        expectTrue(f.problem.contains("is a FIFO") && !f.problem.contains("permission"), "\(f)")
        let link = try resWith(nil)
        try FileManager.default.createSymbolicLink(
            at: link.appendingPathComponent("values/outside.xml"),
            withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        expectTrue(
            refusal { _ = try AndroidTokens.load(resDirectory: link) }?.problem.contains("never through a link") == true
        )
        let linkedFolder = try resWith(nil)
        try FileManager.default.createSymbolicLink(
            at: linkedFolder.appendingPathComponent("values-v31"),
            withDestinationURL: AndroidTokens.bundledResDirectory.appendingPathComponent("values"))
        expectTrue(
            refusal { _ = try AndroidTokens.load(resDirectory: linkedFolder) }?.problem.contains("never through a link")
                == true)
    }
}

/// `evidence contrast` as a user runs it: its exit code, with an `InputError` as exit 2 (what
/// `main` does with one).
enum ContrastCommandExit {
    static func run(_ args: [String]) throws -> Int32 {
        do { return try ContrastCommand.run(args) } catch is InputError { return 2 }
    }
}
