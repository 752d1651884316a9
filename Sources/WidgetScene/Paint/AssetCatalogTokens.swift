import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// Reads the iOS widget's colour sets from an Xcode asset catalog: `<Name>.colorset/Contents.json`
/// under the catalog folder (seed 000 "Native color set": `Assets.xcassets/`, each set with Any +
/// Dark appearances), in Xcode's whole colorset grammar — components as strings or numbers, six
/// colour spaces, idioms, luminosity and contrast appearances in any order, system colour
/// references. Any problem in a set is one `InputError` naming its `Contents.json` and the construct.
public enum AssetCatalogTokens {

    /// The nineteen set names the widget looks up (`Color("WidgetInk")`, case-sensitive).
    package static var widgetSetNames: [String] { ColorRole.iosSets.compactMap(\.iosName) }

    /// The base light / dark sets; a role whose set the folder lacks takes the bundled default and
    /// `missing` names those sets so the caller can say so once.
    public static func load(directory: URL, defaults: TokenSet? = nil) throws(InputError) -> (
        tokens: TokenSet, missing: [String]
    ) {
        let r = try loadCatalog(directory: directory, defaults: defaults)
        return (r.catalog.tokens, r.missing)
    }

    /// Every configuration (light, dark, and Increase Contrast where a set declares it), for the audit.
    public static func loadCatalog(directory: URL, defaults: TokenSet? = nil) throws(InputError) -> (
        catalog: TokenCatalog, missing: [String]
    ) {
        let folder = try TokenFolder(
            directory, expected: "an Xcode asset catalog (Assets.xcassets) holding *.colorset folders")
        var found: [(name: String, rel: String)] = []
        try walk(folder, "", namespace: "", depth: 0, into: &found)
        guard !found.isEmpty else { throw InputError(directory.path, "no *.colorset folders in this asset catalog") }
        let expected = widgetSetNames
        // A set the widget cannot find by its exact name is a mistake, never a silent default.
        for set in found where !expected.contains(set.name) {
            if let right = expected.first(where: {
                $0.lowercased() == set.name.lowercased() || $0 == set.name.split(separator: "/").last.map(String.init)
            }) {
                throw InputError(
                    folder.path(set.rel),
                    "is named '\(set.name)', but the widget looks up '\(right)' (names are case-sensitive and "
                        + "namespaced groups prefix them); did you mean \(right)?"
                )
            }
        }
        let widgetSets = found.filter { expected.contains($0.name) }
        guard !widgetSets.isEmpty else {
            let hints = found.prefix(40).compactMap { set in
                nearest(set.name, among: expected).map { "\(set.name) → \($0)" }
            }
            throw InputError(
                directory.path,
                "has no Widget* colour set the widget reads (\(expected.prefix(3).joined(separator: ", ")), …)"
                    + (hints.isEmpty
                        ? "; found "
                            + "\(found.prefix(5).map(\.name).joined(separator: ", "))\(found.count > 5 ? ", …" : "")"
                        : "; did you mean \(hints.prefix(3).joined(separator: ", "))?"))
        }
        var uncovered: [String] = []
        var adjustments: [String] = []
        let others = found.filter { !expected.contains($0.name) }.map(\.name)
        if !others.isEmpty {
            uncovered.append(
                "\(others.count) colour set\(others.count == 1 ? "" : "s") the widget does not read: "
                    + "\(others.prefix(8).joined(separator: ", "))\(others.count > 8 ? ", …" : "")"
            )
        }
        var parsed: [String: ColorSet] = [:]
        for set in widgetSets {
            let file = set.rel + "/Contents.json"
            let bytes: [UInt8]
            do { bytes = try folder.read(file) } catch {
                throw error.problem == "missing"
                    ? InputError(error.location, "missing; every colorset needs a Contents.json") : error
            }
            let s = try readColorSet(Data(bytes), file: folder.path(file))
            uncovered += s.ignored.map { "\(set.name): \($0)" }
            parsed[set.name] = s
        }
        var configurations = Theme.allCases.map { TokenConfiguration(theme: $0) }
        if parsed.values.contains(where: \.hasHighContrast) {
            configurations += Theme.allCases.map { TokenConfiguration(theme: $0, contrast: .high) }
        }
        var maps: [[String: Color]] = Array(repeating: [:], count: configurations.count)
        for (name, set) in parsed.sorted(by: { $0.key < $1.key }) {
            for (i, c) in configurations.enumerated() {
                let r = try set.resolve(c, file: folder.path(name + ".colorset/Contents.json"))
                maps[i][name] = r.color
                if let note = r.note { adjustments.append("\(name) (\(c)): \(note)") }
            }
        }
        var missing: [String] = []
        if let defaults {
            for n in expected where parsed[n] == nil {
                missing.append(n)
                for (i, c) in configurations.enumerated() { maps[i][n] = defaults.colorIfPresent(n, theme: c.theme) }
            }
            if !missing.isEmpty {
                adjustments.append(
                    "not in the catalog, audited at the bundled default: \(missing.joined(separator: ", "))")
            }
        }
        let tokens = TokenSet(light: maps[0], night: maps[1], source: folder.path(""), platform: .ios)
        let all = configurations.enumerated().map { i, c in
            (c, TokenSet(light: maps[i], night: maps[i], source: folder.path(""), platform: .ios))
        }
        return (
            TokenCatalog(tokens: tokens, configurations: all, uncovered: uncovered, adjustments: adjustments), missing
        )
    }

    /// Asset kinds that are never colours: their folders are not searched for sets.
    package static let otherAssetKinds: Set<String> = [
        "imageset", "appiconset", "symbolset", "dataset", "iconset", "launchimage",
        "brandassets", "imagestack", "textureset", "cubetextureset", "sticker",
        "stickerpack", "arimageset", "arresourcegroup", "spriteatlas", "complicationset",
        "gcdashboardimage", "gcleaderboard", "solidimagestack", "mipmapset",
    ]

    /// `*.colorset` folders, found by walking the catalog without following links; a group folder
    /// whose `Contents.json` says `"provides-namespace": true` prefixes its sets' names, as Xcode does.
    package static func walk(
        _ folder: TokenFolder, _ rel: String, namespace: String, depth: Int,
        into found: inout [(name: String, rel: String)]
    ) throws(InputError) {
        guard depth < TokenFolder.maxDepth else {
            throw InputError(
                folder.path(rel), "nests groups deeper than \(TokenFolder.maxDepth) levels; not an asset catalog")
        }
        for entry in try folder.list(rel) {
            let path = rel.isEmpty ? entry.name : rel + "/" + entry.name
            let ext = (entry.name as NSString).pathExtension
            if entry.type == S_IFLNK, ext == "colorset" || ext.isEmpty {
                throw InputError(
                    folder.path(path),
                    "is a symbolic link; token files are read only inside their folder, never through a link")
            }
            guard entry.isDirectory else { continue }
            if ext == "colorset" {
                found.append((namespace + String(entry.name.dropLast(".colorset".count)), path))
            } else if !otherAssetKinds.contains(ext) {
                var ns = namespace
                if try providesNamespace(folder, path) { ns += entry.name + "/" }
                try walk(folder, path, namespace: ns, depth: depth + 1, into: &found)
            }
        }
    }

    private static func providesNamespace(_ folder: TokenFolder, _ rel: String) throws(InputError) -> Bool {
        let file = rel + "/Contents.json"
        let bytes: [UInt8]
        do { bytes = try folder.read(file) } catch {
            if error.problem == "missing" { return false }
            throw error
        }
        let root = try json(bytes, file: folder.path(file))
        if case .bool(let b)? = root.value(at: "properties")?.value(at: "provides-namespace") { return b }
        return false
    }

    /// The closest expected name to `s` (case-insensitive edit distance at most a third of its length;
    /// `Suggestion.distance`, which skips a name the lengths alone rule out).
    package static func nearest(_ s: String, among names: [String]) -> String? {
        let key = Array(s.lowercased())
        let bare = Array("widget" + s.lowercased())
        let scored = names.compactMap { n -> (String, Int)? in
            let t = Array(n.lowercased())
            let limit = max(1, n.count / 3)
            let d = [Suggestion.distance(key, t, within: limit), Suggestion.distance(bare, t, within: limit)].compactMap
            { $0 }.min()
            return d.flatMap { $0 <= limit ? (n, $0) : nil }
        }
        return scored.min(by: { $0.1 < $1.1 })?.0
    }

    package static func json(_ bytes: [UInt8], file: String) throws(InputError) -> JSONValue {
        do { return try JSONValue.parse(bytes) } catch {
            throw InputError(file, error.location.isEmpty ? error.problem : "\(error.location): \(error.problem)")
        }
    }

    /// The Any (light) and Dark colours of one `Contents.json`, normal contrast — what the painter reads.
    public static func parseColorSet(_ data: Data, file: String) throws(InputError) -> (any: Color, dark: Color) {
        let set = try readColorSet(data, file: file)
        return (
            try set.resolve(TokenConfiguration(theme: .light), file: file).color,
            try set.resolve(TokenConfiguration(theme: .dark), file: file).color
        )
    }

    package static func readColorSet(_ data: Data, file: String) throws(InputError) -> ColorSet {
        guard data.count <= TokenFolder.maxTokenFileBytes else {
            throw InputError(file, "is larger than \(TokenFolder.maxTokenFileBytes >> 20) MB; not a colorset")
        }
        let root = try json([UInt8](data), file: file)
        guard case .array(let colors)? = root.value(at: "colors") else {
            throw InputError(file, "no \"colors\" array; expected an Xcode colorset Contents.json")
        }
        var set = ColorSet()
        for (i, entry) in colors.enumerated() {
            let at = "colors[\(i)]"
            guard case .object(let members) = entry else {
                throw InputError(file, "\(at) is \(entry.kindName), expected an object")
            }
            for m in members where !["idiom", "appearances", "color", "display-gamut", "subtype"].contains(m.key) {
                throw InputError(
                    file,
                    "\(at) has \"\(AndroidTokens.Value.clip(m.key))\", which the audit does not read (idiom, "
                        + "appearances, color, display-gamut)"
                )
            }
            var e = ColorSet.Entry(
                index: i, idiom: "universal", color: .fixed(Color.black, space: "srgb", raw: [], clipped: false))
            if let idiom = entry.value(at: "idiom") {
                guard case .string(let s) = idiom else {
                    throw InputError(file, "\(at).idiom is \(idiom.kindName), expected a string")
                }
                e.idiom = s
            }
            switch e.idiom {
            case "universal", "iphone": break
            case "ipad", "mac", "watch", "tv", "car", "vision", "marketing", "ios-marketing", "watch-marketing":
                set.ignoredIdioms.insert(e.idiom)
                continue
            default: throw InputError(file, "\(at).idiom '\(AndroidTokens.Value.clip(e.idiom))' is not an Xcode idiom")
            }
            if let gamut = entry.value(at: "display-gamut") {
                guard case .string(let g) = gamut, g == "sRGB" || g == "display-P3" else {
                    throw InputError(file, "\(at).display-gamut must be \"sRGB\" or \"display-P3\"")
                }
                // Every iPhone that runs widgets has a P3 display: sRGB-gamut entries never show.
                if g == "sRGB" {
                    set.ignoredGamut += 1
                    continue
                }
                e.displayP3 = true
            }
            if let apps = entry.value(at: "appearances") {
                guard case .array(let list) = apps else {
                    throw InputError(file, "\(at).appearances is \(apps.kindName), expected an array")
                }
                for (j, a) in list.enumerated() {
                    guard case .string(let kind)? = a.value(at: "appearance"),
                        case .string(let value)? = a.value(at: "value")
                    else {
                        throw InputError(file, "\(at).appearances[\(j)] needs string \"appearance\" and \"value\"")
                    }
                    switch (kind, value) {
                    case ("luminosity", "light"), ("luminosity", "dark"):
                        guard e.luminosity == nil else {
                            throw InputError(file, "\(at).appearances names luminosity twice")
                        }
                        e.luminosity = value == "dark" ? .dark : .light
                    case ("luminosity", "any"): break
                    case ("contrast", "high"):
                        guard !e.highContrast else { throw InputError(file, "\(at).appearances names contrast twice") }
                        e.highContrast = true
                    default:
                        throw InputError(
                            file,
                            "\(at).appearances[\(j)] is \(AndroidTokens.Value.clip(kind)) "
                                + "'\(AndroidTokens.Value.clip(value))'; Xcode writes luminosity light / dark and "
                                + "contrast high"
                        )
                    }
                }
            }
            guard let color = entry.value(at: "color") else { throw InputError(file, "\(at) has no \"color\"") }
            e.color = try parseColor(color, file: file, at: "\(at).color")
            if let twin = set.entries.first(where: { $0.traits == e.traits }) {
                throw InputError(file, "\(at) and colors[\(twin.index)] are both the \(e.traitsDescription) entry")
            }
            set.entries.append(e)
        }
        return set
    }

    /// A colour value: fixed components, or a system colour resolved per configuration.
    package enum Value {
        case fixed(Color, space: String, raw: [Double], clipped: Bool)
        case system(String)
    }

    /// `{"color-space": …, "components": {…}}` or `{"platform": "ios", "reference": "systemBlueColor"}`.
    package static func parseColor(_ color: JSONValue, file: String, at path: String) throws(InputError) -> Value {
        guard case .object = color else { throw InputError(file, "\(path) is \(color.kindName), expected an object") }
        if let ref = color.value(at: "reference") {
            guard case .string(let name) = ref else {
                throw InputError(file, "\(path).reference is \(ref.kindName), expected a string")
            }
            guard SystemColors.table[name] != nil else {
                let hint = nearest(name, among: Array(SystemColors.table.keys)).map { "; did you mean \($0)?" } ?? ""
                throw InputError(
                    file,
                    "\(path) refers to the system colour '\(AndroidTokens.Value.clip(name))', which has no published "
                        + "light / dark value the audit knows\(hint)"
                )
            }
            return .system(name)
        }
        let space: String
        switch color.value(at: "color-space") {
        case nil: space = "srgb"
        case .string(let s)?: space = s
        case let v?: throw InputError(file, "\(path).color-space is \(v.kindName), expected a string")
        }
        guard let converter = ColorSpaces.converters[space] else {
            throw InputError(
                file,
                "\(path): colour space '\(AndroidTokens.Value.clip(space))' is not one Xcode writes "
                    + "(\(ColorSpaces.converters.keys.sorted().joined(separator: ", ")))"
            )
        }
        guard case .object = color.value(at: "components") ?? .null else {
            throw InputError(file, "\(path) has no \"components\" object")
        }
        let comps = color.value(at: "components")!
        var raw: [Double] = []
        for key in converter.keys {
            guard let v = comps.value(at: key) else {
                throw InputError(
                    file,
                    "\(path).components has no \"\(key)\" (\(space) needs \(converter.keys.joined(separator: ", ")))")
            }
            raw.append(
                try component(
                    v, alpha: false, extended: converter.extended, file: file, at: "\(path).components.\(key)"))
        }
        let alpha =
            try comps.value(at: "alpha").map { (v) throws(InputError) -> Double in
                try component(v, alpha: true, extended: false, file: file, at: "\(path).components.alpha")
            } ?? 1
        let srgb = converter.toSRGB(raw)
        // Half a level of slack: a P3 or linear value that rounds inside sRGB is not out of gamut.
        let slack = 0.5 / 255
        let clipped = srgb.contains { $0 < -slack || $0 > 1 + slack }
        func byte(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
        return .fixed(
            Color(r: byte(srgb[0]), g: byte(srgb[1]), b: byte(srgb[2]), a: byte(alpha)), space: space, raw: raw,
            clipped: clipped)
    }

    /// A component as Xcode writes it: `"0.898"` (0–1 float), `"229"` (0–255 integer) or `"0xE5"`
    /// (0–255 hex); a JSON number is always 0–1, as every generator writes it (`"red": 1` is white,
    /// never 1/255). Alpha is always 0–1. Extended spaces allow floats outside 0–1. A boolean or
    /// anything outside its range is an error, never clamped silently.
    package static func component(_ raw: JSONValue, alpha: Bool, extended: Bool, file: String, at path: String)
        throws(InputError) -> Double
    {
        func check(_ v: Double, _ text: String) throws(InputError) -> Double {
            guard v.isFinite else {
                throw InputError(file, "\(path) '\(AndroidTokens.Value.clip(text))' is not a number")
            }
            guard extended || (0...1).contains(v) else {
                throw InputError(file, "\(path) '\(AndroidTokens.Value.clip(text))' is out of range (0–1)")
            }
            guard abs(v) <= 16 else {
                throw InputError(
                    file, "\(path) '\(AndroidTokens.Value.clip(text))' is beyond any extended-range colour (±16)")
            }
            return v
        }
        switch raw {
        case .number(let text):
            guard let v = Double(text) else {
                throw InputError(file, "\(path) '\(AndroidTokens.Value.clip(text))' is not a number")
            }
            return try check(v, text)
        case .string(let s):
            let text = s.trimmingWhitespace()
            if text.lowercased().hasPrefix("0x") {
                guard !alpha, let v = UInt32(text.dropFirst(2), radix: 16), v <= 255 else {
                    throw InputError(
                        file,
                        "\(path) '\(AndroidTokens.Value.clip(text))' is not a component "
                            + "0x00–0xFF\(alpha ? " (alpha is 0–1)" : "")"
                    )
                }
                return Double(v) / 255
            }
            if text.contains(".") || text.lowercased().contains("e") || alpha {
                guard let v = Double(text) else {
                    throw InputError(file, "\(path) '\(AndroidTokens.Value.clip(text))' is not a number")
                }
                return try check(v, text)
            }
            guard let v = Int(text) else {
                throw InputError(file, "\(path) '\(AndroidTokens.Value.clip(text))' is not a number")
            }
            guard (0...255).contains(v) else {
                throw InputError(file, "\(path) '\(AndroidTokens.Value.clip(text))' is out of range (0–255)")
            }
            return Double(v) / 255
        case .null, .bool, .array, .object:
            throw InputError(file, "\(path) is \(raw.kindName); a component is a number or a numeric string")
        }
    }

    /// Display P3 → sRGB (unclipped): both use the sRGB transfer curve; convert in linear light
    /// through the primaries' matrix (P3-D65 → XYZ → sRGB).
    public static func displayP3ToSRGB(_ p3: [Double]) -> [Double] {
        let l = p3.map(ColorSpaces.linearize)
        let r = 1.2249401762805598 * l[0] - 0.22494017628055996 * l[1]
        let g = -0.04205695470968816 * l[0] + 1.0420569547096881 * l[1]
        let b = -0.019637554590334432 * l[0] - 0.07863604555063188 * l[1] + 1.0982736001409663 * l[2]
        return [r, g, b].map(ColorSpaces.encode)
    }
}

/// One colorset's entries an iPhone widget can meet, and how a configuration picks among them.
package struct ColorSet {
    package enum Luminosity: Hashable { case light, dark }
    package struct Entry {
        package var index: Int
        package var idiom: String
        package var luminosity: Luminosity?
        package var highContrast = false
        package var displayP3 = false
        package var color: AssetCatalogTokens.Value

        package struct Traits: Hashable {
            var iphone: Bool
            var luminosity: Luminosity?
            var high: Bool
            var p3: Bool
        }
        package var traits: Traits {
            Traits(iphone: idiom == "iphone", luminosity: luminosity, high: highContrast, p3: displayP3)
        }
        package var traitsDescription: String {
            [
                idiom, luminosity.map { "\($0)" } ?? "any", highContrast ? "high contrast" : nil,
                displayP3 ? "display-P3" : nil,
            ]
            .compactMap { $0 }.joined(separator: " / ")
        }
        package func matches(_ c: TokenConfiguration) -> Bool {
            if let luminosity, luminosity != (c.theme == .dark ? .dark : .light) { return false }
            if highContrast, c.contrast != .high { return false }
            return true
        }
    }
    package var entries: [Entry] = []
    package var ignoredIdioms: Set<String> = []
    package var ignoredGamut = 0

    package var hasHighContrast: Bool { entries.contains(where: \.highContrast) }

    /// What the audit does not read, for the report.
    package var ignored: [String] {
        var out: [String] = []
        if !ignoredIdioms.isEmpty {
            out.append(
                "\(ignoredIdioms.sorted().joined(separator: ", ")) idiom entries ignored (an iPhone widget never reads "
                    + "them)"
            )
        }
        if ignoredGamut > 0 { out.append("sRGB display-gamut entries ignored (every widget iPhone has a P3 display)") }
        return out
    }

    /// The most specific matching entry: the iPhone idiom over universal, then a luminosity over
    /// any, then high contrast, then the display-P3 gamut — whatever order the JSON lists them in.
    package func resolve(_ c: TokenConfiguration, file: String) throws(InputError) -> (color: Color, note: String?) {
        let best = entries.filter { $0.matches(c) }.max { a, b in
            let ka = [a.idiom == "iphone", a.luminosity != nil, a.highContrast, a.displayP3]
            let kb = [b.idiom == "iphone", b.luminosity != nil, b.highContrast, b.displayP3]
            return ka.lexicographicallyPrecedes(kb) { !$0 && $1 }
        }
        guard let best else {
            throw InputError(
                file,
                "no entry an iPhone shows in \(c) (an universal or iphone entry without appearances, or with "
                    + "luminosity \(c.theme.rawValue))"
            )
        }
        switch best.color {
        case .fixed(let color, let space, let raw, let clipped):
            guard clipped else { return (color, nil) }
            return (
                color,
                "\(space) (\(raw.map { String(format: "%.3f", $0) }.joined(separator: ", "))) lies outside sRGB; "
                    + "audited as the clipped \(color.hex)"
            )
        case .system(let name):
            let v = SystemColors.table[name]!
            let color = c.theme == .dark ? v.dark : v.light
            return (
                color,
                "system colour \(name) read as Apple's published \(c.theme.rawValue) value \(color.hex)"
                    + (c.contrast == .high
                        ? " (its Increase Contrast value is not bundled; the normal value is audited)" : "")
            )
        }
    }
}

/// The colour spaces Xcode writes in a colorset, each converted to sRGB as the display shows it
/// (unclipped; the caller clips and reports).
package enum ColorSpaces {
    package struct Converter {
        package var keys: [String]
        package var extended: Bool
        package var toSRGB: @Sendable ([Double]) -> [Double]
    }

    /// The sRGB transfer curve, mirrored for negative extended values.
    package static func linearize(_ v: Double) -> Double {
        let a = abs(v)
        let l = a <= 0.04045 ? a / 12.92 : pow((a + 0.055) / 1.055, 2.4)
        return v < 0 ? -l : l
    }
    package static func encode(_ v: Double) -> Double {
        let a = abs(v)
        let e = a <= 0.0031308 ? a * 12.92 : 1.055 * pow(a, 1 / 2.4) - 0.055
        return v < 0 ? -e : e
    }
    /// Gray with a pure 2.2 gamma (Core Graphics' generic gray), as the sRGB grey of the same light.
    package static func grayGamma22(_ w: [Double]) -> [Double] {
        let l = w[0] < 0 ? -pow(-w[0], 2.2) : pow(w[0], 2.2)
        let e = encode(l)
        return [e, e, e]
    }

    package static let rgb = ["red", "green", "blue"]
    package static let converters: [String: Converter] = [
        "srgb": Converter(keys: rgb, extended: false) { $0 },
        "extended-srgb": Converter(keys: rgb, extended: true) { $0 },
        "extended-linear-srgb": Converter(keys: rgb, extended: true) { $0.map(encode) },
        "display-p3": Converter(keys: rgb, extended: false, toSRGB: AssetCatalogTokens.displayP3ToSRGB),
        "gray-gamma-22": Converter(keys: ["white"], extended: false, toSRGB: grayGamma22),
        // Core Graphics' extended gray keeps the generic gray's 2.2 gamma and allows values beyond 0–1.
        "extended-gray": Converter(keys: ["white"], extended: true, toSRGB: grayGamma22),
    ]
}

/// The system colours a colorset may reference (`"reference": "systemBlueColor"`), at the light and
/// dark values Apple publishes in the Human Interface Guidelines (Color: "System colors" and the
/// iOS "UI element colors"), default contrast. Anything else is refused naming the reference.
package enum SystemColors {
    package static func rgb(_ r: Int, _ g: Int, _ b: Int, _ a: Double = 1) -> Color {
        Color(r: UInt8(r), g: UInt8(g), b: UInt8(b), a: UInt8((a * 255).rounded()))
    }
    package static let table: [String: (light: Color, dark: Color)] = [
        "systemRedColor": (rgb(255, 59, 48), rgb(255, 69, 58)),
        "systemOrangeColor": (rgb(255, 149, 0), rgb(255, 159, 10)),
        "systemYellowColor": (rgb(255, 204, 0), rgb(255, 214, 10)),
        "systemGreenColor": (rgb(52, 199, 89), rgb(48, 209, 88)),
        "systemMintColor": (rgb(0, 199, 190), rgb(99, 230, 226)),
        "systemTealColor": (rgb(48, 176, 199), rgb(64, 200, 224)),
        "systemCyanColor": (rgb(50, 173, 230), rgb(100, 210, 255)),
        "systemBlueColor": (rgb(0, 122, 255), rgb(10, 132, 255)),
        "systemIndigoColor": (rgb(88, 86, 214), rgb(94, 92, 230)),
        "systemPurpleColor": (rgb(175, 82, 222), rgb(191, 90, 242)),
        "systemPinkColor": (rgb(255, 45, 85), rgb(255, 55, 95)),
        "systemBrownColor": (rgb(162, 132, 94), rgb(172, 142, 104)),
        "systemGrayColor": (rgb(142, 142, 147), rgb(142, 142, 147)),
        "systemGray2Color": (rgb(174, 174, 178), rgb(99, 99, 102)),
        "systemGray3Color": (rgb(199, 199, 204), rgb(72, 72, 74)),
        "systemGray4Color": (rgb(209, 209, 214), rgb(58, 58, 60)),
        "systemGray5Color": (rgb(229, 229, 234), rgb(44, 44, 46)),
        "systemGray6Color": (rgb(242, 242, 247), rgb(28, 28, 30)),
        "labelColor": (rgb(0, 0, 0), rgb(255, 255, 255)),
        "secondaryLabelColor": (rgb(60, 60, 67, 0.6), rgb(235, 235, 245, 0.6)),
        "tertiaryLabelColor": (rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        "quaternaryLabelColor": (rgb(60, 60, 67, 0.18), rgb(235, 235, 245, 0.16)),
        "placeholderTextColor": (rgb(60, 60, 67, 0.3), rgb(235, 235, 245, 0.3)),
        "separatorColor": (rgb(60, 60, 67, 0.29), rgb(84, 84, 88, 0.6)),
        "opaqueSeparatorColor": (rgb(198, 198, 200), rgb(56, 56, 58)),
        "linkColor": (rgb(0, 122, 255), rgb(9, 132, 255)),
        "systemFillColor": (rgb(120, 120, 128, 0.2), rgb(120, 120, 128, 0.36)),
        "secondarySystemFillColor": (rgb(120, 120, 128, 0.16), rgb(120, 120, 128, 0.32)),
        "tertiarySystemFillColor": (rgb(118, 118, 128, 0.12), rgb(118, 118, 128, 0.24)),
        "quaternarySystemFillColor": (rgb(116, 116, 128, 0.08), rgb(118, 118, 128, 0.18)),
        "systemBackgroundColor": (rgb(255, 255, 255), rgb(0, 0, 0)),
        "secondarySystemBackgroundColor": (rgb(242, 242, 247), rgb(28, 28, 30)),
        "tertiarySystemBackgroundColor": (rgb(255, 255, 255), rgb(44, 44, 46)),
        "systemGroupedBackgroundColor": (rgb(242, 242, 247), rgb(0, 0, 0)),
        "secondarySystemGroupedBackgroundColor": (rgb(255, 255, 255), rgb(28, 28, 30)),
        "tertiarySystemGroupedBackgroundColor": (rgb(242, 242, 247), rgb(44, 44, 46)),
        "whiteColor": (rgb(255, 255, 255), rgb(255, 255, 255)),
        "blackColor": (rgb(0, 0, 0), rgb(0, 0, 0)),
        "clearColor": (rgb(0, 0, 0, 0), rgb(0, 0, 0, 0)),
    ]
}

extension JSONValue {
    /// An object's member, or nil (also for non-objects).
    fileprivate func value(at key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first(where: { $0.key == key })?.value
    }
}
