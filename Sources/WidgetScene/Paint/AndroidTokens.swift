import CLibXML2
import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// Reads an Android `res/` folder's colours as aapt2 builds them and a device resolves them:
/// `<color>` and `<item type="color">` in every `values*/*.xml`, `@color/` references across
/// files, the framework's fixed `@android:color/…` values, and the qualifier folders a widget meets
/// (`values`, `values-night`, `values-notnight`, `-vNN`), each configuration a token set of its own.
/// Anything else is refused naming the file, line and construct, or named as not covered.
public enum AndroidTokens {
    public static let lightFile = "values/colors_widget.xml"
    public static let nightFile = "values-night/colors_widget.xml"
    /// Every token the widget draws with. Each must resolve in every configuration (a dark lookup
    /// falls back to `values/` as Android's does), or loading fails naming the token — an
    /// incomplete or truncated file is an error, never a render in `TokenSet.missing` magenta.
    /// Derived from the colour roles (each role's Android name; the todo pip shares widget_border).
    public static let required: [String] = Array(Set(ColorRole.allCases.map(\.androidName))).sorted()

    /// Android's AssetManager2 gives up resolving a reference after 20 hops (`kMaxIterations`);
    /// so does this reader, which also keeps a hostile 20,000-link chain linear (issue #24).
    package static let maxReferenceHops = 20
    /// More API-level folders than Android has ever had levels worth auditing separately.
    package static let maxAPILevels = 16

    /// The base light / dark pair the renderer draws with (the lowest API band).
    public static func load(resDirectory: URL) throws(InputError) -> TokenSet {
        try loadCatalog(resDirectory: resDirectory).tokens
    }

    /// Every configuration of the folder, for the contrast audit.
    public static func loadCatalog(resDirectory: URL) throws(InputError) -> TokenCatalog {
        let folder = try TokenFolder(
            resDirectory, expected: "an Android res/ folder holding values/*.xml (and values-night/*.xml)")
        var folders: [ResourceFolder] = []
        var uncovered: [String] = []
        for entry in try folder.list("") where entry.name.hasPrefix("values") {
            guard entry.isDirectory else {
                if entry.type == S_IFLNK { _ = try folder.list(entry.name) }  // refuses the link, naming it
                uncovered.append("\(entry.name) (not a folder)")
                continue
            }
            let qualifiers: Qualifiers
            switch Qualifiers.parse(entry.name) {
            case .covered(let q): qualifiers = q
            case .uncovered(let why):
                uncovered.append("\(entry.name)/ (\(why))")
                continue
            case .invalid(let why): throw InputError(folder.path(entry.name), why)
            }
            var f = ResourceFolder(name: entry.name, qualifiers: qualifiers, entries: [:])
            // aapt2's default ignore pattern skips hidden files and editor backups (`.*`, `*~`).
            for file in try folder.list(entry.name) where !file.name.hasPrefix(".") && !file.name.hasSuffix("~") {
                let rel = entry.name + "/" + file.name
                guard file.name.hasSuffix(".xml") else {
                    uncovered.append("\(rel) (not an .xml file)")
                    continue
                }
                for e in try ResourceXML.colors(try folder.read(rel), file: folder.path(rel)) {
                    if let first = f.entries[e.name] {
                        throw InputError(
                            "\(e.file):\(e.line)",
                            "'\(e.name)' is declared twice in \(entry.name)/ (first at \(first.file):\(first.line)); "
                                + "aapt2 refuses a duplicate resource"
                        )
                    }
                    f.entries[e.name] = e
                }
            }
            folders.append(f)
        }
        guard let values = folders.first(where: { $0.qualifiers == Qualifiers() }) else {
            throw InputError(
                folder.path("values"), "missing; an Android res/ folder needs values/*.xml with the widget's colours")
        }
        // Where a missing required token is reported: the widget's own file when there is one.
        let base =
            values.entries.values.contains { $0.file == folder.path(lightFile) }
                || (try? folder.list("values"))?.contains { $0.name == "colors_widget.xml" } == true
            ? folder.path(lightFile) : folder.path("values")
        let levels = Array(Set(folders.compactMap(\.qualifiers.api))).sorted()
        guard levels.count <= maxAPILevels else {
            throw InputError(
                resDirectory.path, "has \(levels.count) API-level folders (-vNN); at most \(maxAPILevels) are audited")
        }
        // One band per API level a -vNN folder starts; the first band is every level below.
        var bands: [(min: Int?, max: Int?)] = [(nil, levels.first.map { $0 - 1 })]
        for (i, l) in levels.enumerated() { bands.append((l, i + 1 < levels.count ? levels[i + 1] - 1 : nil)) }
        let resolver = Resolver(folders: folders)
        var configurations: [(configuration: TokenConfiguration, colors: [String: Color])] = []
        var notes: Set<String> = []
        for band in bands {
            for theme in Theme.allCases {
                let c = TokenConfiguration(theme: theme, minAPI: band.min, maxAPI: band.max)
                configurations.append((c, try resolver.resolveAll(c, required: required, base: base, notes: &notes)))
            }
        }
        let light = configurations[0].colors
        let dark = configurations[1].colors
        let tokens = TokenSet(light: light, night: dark, source: folder.path(""))
        return TokenCatalog(
            tokens: tokens,
            configurations: configurations.map {
                ($0.configuration, TokenSet(light: $0.colors, night: $0.colors, source: folder.path("")))
            }, uncovered: uncovered, adjustments: notes.sorted())
    }

    /// One colour declaration before references are resolved.
    package struct RawEntry: Sendable, Equatable {
        package var name: String
        package var value: String
        package var file: String
        package var line: Int
        package var location: String { "\(file):\(line)" }
    }

    /// The qualifiers of a `values*` folder that decide a widget's colours.
    package struct Qualifiers: Equatable {
        /// true `-night`, false `-notnight`, nil either.
        package var night: Bool?
        /// `-vNN`: applies from API level NN.
        package var api: Int?

        package enum Parsed { case covered(Qualifiers), uncovered(String), invalid(String) }

        /// aapt2's order puts the night mode before the version; anything else a widget's colours
        /// can depend on (locale, screen, orientation, UI mode) is not audited and so is named.
        package static func parse(_ folder: String) -> Parsed {
            let parts = folder.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard parts[0] == "values" else { return .uncovered("not a resource folder name") }
            var q = Qualifiers()
            for part in parts.dropFirst() {
                let p = part.lowercased()
                if p == "night" || p == "notnight" {
                    guard q.night == nil, q.api == nil else {
                        return .invalid(
                            "qualifier '\(part)' out of order or repeated; aapt2 refuses this folder (night mode comes "
                                + "before -vNN)"
                        )
                    }
                    q.night = p == "night"
                } else if p.first == "v", p.count > 1, p.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }) {
                    guard q.api == nil, let n = Int(p.dropFirst()), (1...1000).contains(n) else {
                        return .invalid("qualifier '\(part)' is not an API level aapt2 accepts")
                    }
                    q.api = n
                } else {
                    return .uncovered(
                        "qualifier '\(part)' is not audited: only night / notnight and -vNN API levels are")
                }
            }
            return .covered(q)
        }

        package func matches(_ c: TokenConfiguration) -> Bool {
            if let night, night != (c.theme == .dark) { return false }
            if let api, api > (c.minAPI ?? 0) { return false }
            return true
        }
    }

    package struct ResourceFolder {
        package var name: String
        package var qualifiers: Qualifiers
        package var entries: [String: RawEntry]
    }

    /// A device's pick: among the matching folders that declare a name, night mode outranks the
    /// API level (Android's qualifier precedence), then the highest `-vNN` not above the device wins.
    package struct Resolver {
        package var folders: [ResourceFolder]

        package func pick(_ name: String, _ c: TokenConfiguration) -> RawEntry? {
            var candidates = folders.filter { $0.entries[name] != nil && $0.qualifiers.matches(c) }
            if candidates.contains(where: { $0.qualifiers.night != nil }) {
                candidates = candidates.filter { $0.qualifiers.night != nil }
            }
            return candidates.max { ($0.qualifiers.api ?? 0) < ($1.qualifiers.api ?? 0) }?.entries[name]
        }

        /// Every declared name resolved in `c` (dangling references and cycles are errors even in
        /// tokens the widget never draws — aapt2 refuses to build them), each chain walked once.
        package func resolveAll(_ c: TokenConfiguration, required: [String], base: String, notes: inout Set<String>)
            throws(InputError) -> [String: Color]
        {
            var memo: [String: Color] = [:]
            let names = Set(folders.flatMap { $0.entries.keys }).sorted()
            for name in names where pick(name, c) != nil { _ = try resolve(name, c, memo: &memo, notes: &notes) }
            let missing = required.filter { memo[$0] == nil }
            if let first = missing.first {
                throw InputError(
                    base,
                    "required colour token '\(first)' is not declared for \(c)"
                        + (missing.count > 1
                            ? " (nor \(missing.count - 1) more: "
                                + "\(missing.dropFirst().prefix(3).joined(separator: ", "))"
                                + "\(missing.count > 4 ? ", …" : ""))"
                            : "")
                        + " in any values*/ file that configuration reads")
            }
            return memo
        }

        private func resolve(
            _ name: String, _ c: TokenConfiguration, memo: inout [String: Color], notes: inout Set<String>
        ) throws(InputError) -> Color {
            if let done = memo[name] { return done }
            var chain = [name]
            var entry = pick(name, c)!
            while true {
                let colour: Color
                switch try Value.parse(entry) {
                case .color(let v): colour = v
                case .dynamic(let system, let v):
                    if let max = c.maxAPI, max < FrameworkColors.dynamicSince {
                        throw InputError(
                            entry.location,
                            "'\(entry.name)' is @android:color/\(system), which exists from API "
                                + "\(FrameworkColors.dynamicSince); \(c) cannot show it (move it to a "
                                + "values-v\(FrameworkColors.dynamicSince)/ folder)"
                        )
                    }
                    notes.insert(
                        "'\(entry.name)' is @android:color/\(system), wallpaper-dependent (Material You): audited on "
                            + "Android's baseline palette, \(v.hex)"
                    )
                    colour = v
                case .reference(let target):
                    if let done = memo[target] {
                        colour = done
                        break
                    }
                    if let at = chain.firstIndex(of: target) {
                        throw InputError(
                            entry.location,
                            "'\(entry.name)' closes a cycle of @color/ references: "
                                + "\((chain[at...] + [target]).joined(separator: " → "))"
                        )
                    }
                    guard chain.count <= AndroidTokens.maxReferenceHops else {
                        throw InputError(
                            entry.location,
                            "'\(name)' follows more than \(AndroidTokens.maxReferenceHops) @color/ references "
                                + "(Android's resource resolver gives up after \(AndroidTokens.maxReferenceHops))"
                        )
                    }
                    guard let next = pick(target, c) else {
                        throw InputError(
                            entry.location,
                            "'\(entry.name)' refers to @color/\(target), which no values*/ file declares for \(c)")
                    }
                    chain.append(target)
                    entry = next
                    continue
                }
                for n in chain { memo[n] = colour }
                return colour
            }
        }
    }

    /// A colour resource's text, as aapt2 reads it.
    package enum Value {
        case color(Color)
        case reference(String)
        /// A wallpaper-dependent `@android:color/system_*` colour, audited at its baseline value.
        case dynamic(String, Color)

        package static func parse(_ e: RawEntry) throws(InputError) -> Value {
            let v = e.value
            if v.hasPrefix("#") {
                guard let c = parseHex(v) else {
                    throw InputError(
                        e.location,
                        "'\(e.name)' has colour '\(clip(v))'; expected #RGB, #ARGB, #RRGGBB or #AARRGGBB (or "
                            + "@color/name)"
                    )
                }
                return .color(c)
            }
            if v.hasPrefix("@color/") { return .reference(String(v.dropFirst("@color/".count))) }
            if v.hasPrefix("@android:color/") {
                let name = String(v.dropFirst("@android:color/".count))
                if let c = FrameworkColors.fixed[name] { return .color(c) }
                if let c = FrameworkColors.baseline[name] { return .dynamic(name, c) }
                if name.hasPrefix("system_") {
                    throw InputError(
                        e.location,
                        "'\(e.name)' is @android:color/\(clip(name)), a dynamic colour that follows the wallpaper, and "
                            + "not one of the tonal-palette colours (system_accent1…3_, system_neutral1…2_ 0–1000) "
                            + "whose baseline the audit knows"
                    )
                }
                throw InputError(
                    e.location,
                    "'\(e.name)' refers to @android:color/\(clip(name)), which is not one of the framework's fixed "
                        + "colours (\(FrameworkColors.fixed.keys.sorted().joined(separator: ", ")))"
                )
            }
            if v.hasPrefix("?") {
                throw InputError(
                    e.location,
                    "'\(e.name)' is the theme attribute \(clip(v)), which depends on the app's theme; a widget token "
                        + "must be a colour or @color/ reference"
                )
            }
            throw InputError(
                e.location,
                "'\(e.name)' has colour '\(clip(v))'; expected #RRGGBB or #AARRGGBB, @color/name or @android:color/name"
            )
        }

        /// At most `limit` characters of input in a message: a hostile 50 MB value stays a short line.
        package static func clip(_ s: String, _ limit: Int = 40) -> String {
            s.count > limit ? String(s.prefix(limit)) + "…" : s
        }
    }

    /// `#RRGGBB`, `#AARRGGBB`, and aapt's short forms `#RGB` / `#ARGB`.
    package static func parseHex(_ s: String) -> Color? {
        let t = s.trimmingWhitespace()
        guard t.first == "#" else { return nil }
        let body = t.dropFirst()
        guard body.allSatisfy(\.isHexDigit), body.allSatisfy(\.isASCII) else { return nil }
        if body.count == 3 || body.count == 4 {
            return Color(hex: "#" + body.map { "\($0)\($0)" }.joined())
        }
        return Color(hex: t)
    }
}

/// The framework's fixed public colours (`android.R.color`, AOSP `core/res/res/values/colors.xml`
/// and `colors_holo.xml`), the ones a widget may name as `@android:color/…`. Their values have not
/// changed since they were added.
package enum FrameworkColors {
    package static let fixed: [String: Color] = [
        "black": Color(hex: "#FF000000")!, "white": Color(hex: "#FFFFFFFF")!, "transparent": Color(hex: "#00000000")!,
        "darker_gray": Color(hex: "#FFAAAAAA")!,
        "background_dark": Color(hex: "#FF000000")!, "background_light": Color(hex: "#FFFFFFFF")!,
        "holo_blue_light": Color(hex: "#FF33B5E5")!, "holo_blue_dark": Color(hex: "#FF0099CC")!,
        "holo_blue_bright": Color(hex: "#FF00DDFF")!, "holo_green_light": Color(hex: "#FF99CC00")!,
        "holo_green_dark": Color(hex: "#FF669900")!, "holo_red_light": Color(hex: "#FFFF4444")!,
        "holo_red_dark": Color(hex: "#FFCC0000")!, "holo_orange_light": Color(hex: "#FFFFBB33")!,
        "holo_orange_dark": Color(hex: "#FFFF8800")!, "holo_purple": Color(hex: "#FFAA66CC")!,
    ]

    /// The dynamic tonal-palette colours appeared in API 31 (Android 12, Material You).
    package static let dynamicSince = 31

    /// The framework's own values for the dynamic tonal palettes (AOSP `core/res/res/values/colors.xml`,
    /// API 31): what a device shows before a wallpaper-derived overlay replaces them — the baseline
    /// the audit uses, and says so. Shades 0, 10, 50, 100 … 900, 1000 of each palette.
    package static let baseline: [String: Color] = {
        let shades = [0, 10, 50, 100, 200, 300, 400, 500, 600, 700, 800, 900, 1000]
        let palettes: [(String, [String])] = [
            (
                "accent1",
                [
                    "FFFFFF", "F1FFFC", "9CFFF2", "8DF5E3", "71D8C7", "53BCAC", "34A192", "008375", "006C5F", "005747",
                    "003E31", "002214", "000000",
                ]
            ),
            (
                "accent2",
                [
                    "FFFFFF", "F0FFFC", "CDFAF1", "BFEBE3", "A4CFC7", "89B4AC", "6F9991", "537C75", "3D665F", "254E47",
                    "0C3731", "00211C", "000000",
                ]
            ),
            (
                "accent3",
                [
                    "FFFFFF", "FFFBFF", "F9EAFF", "ECDBFF", "CFBFEB", "B3A4CF", "988AB3", "7B6E96", "64587F", "4C4165",
                    "352B4D", "1E1636", "000000",
                ]
            ),
            (
                "neutral1",
                [
                    "FFFFFF", "FBFBFB", "F0F0F0", "E2E2E2", "C6C6C6", "ABABAB", "909090", "757575", "5E5E5E", "464646",
                    "303030", "1B1B1B", "000000",
                ]
            ),
            (
                "neutral2",
                [
                    "FFFFFF", "FBFBFB", "F0F0F0", "E2E2E2", "C6C6C6", "ABABAB", "909090", "757575", "5E5E5E", "464646",
                    "303030", "1B1B1B", "000000",
                ]
            ),
        ]
        var out: [String: Color] = [:]
        for (palette, hexes) in palettes {
            for (shade, hex) in zip(shades, hexes) { out["system_\(palette)_\(shade)"] = Color(hex: "#" + hex)! }
        }
        return out
    }()
}

/// One resource file's colour declarations, parsed by libxml2 with the network off, no entity
/// substitution and no DTD loading; a document carrying a DTD is refused (a resource file has
/// none, and its entities are the one way XML can amplify). libxml2 checks the encoding itself, so
/// invalid UTF-8 is a parse error, never a trap (issue #24).
package enum ResourceXML {
    private static let ready: Void = { xmlInitParser() }()

    package static func colors(_ bytes: [UInt8], file: String) throws(InputError) -> [AndroidTokens.RawEntry] {
        _ = ready
        guard !bytes.isEmpty else { throw InputError(file, "is empty; expected <resources>") }
        try XMLShape.check(bytes, file: file)
        guard let ctxt = xmlNewParserCtxt() else {
            throw InputError(file, "cannot allocate an XML parser (out of memory)")
        }
        defer { xmlFreeParserCtxt(ctxt) }
        let options = Int32(XML_PARSE_NONET.rawValue | XML_PARSE_NOERROR.rawValue | XML_PARSE_NOWARNING.rawValue)
        // libxml2's own messages come into this line, never onto stderr.
        var generic = [CChar](repeating: 0, count: Int(CXML_MESSAGE_SIZE))
        let doc = generic.withUnsafeMutableBufferPointer { messages in
            cxml_capture_generic_errors(messages.baseAddress)
            defer { cxml_capture_generic_errors(nil) }
            return bytes.withUnsafeBufferPointer { buf in
                buf.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buf.count) {
                    xmlCtxtReadMemory(ctxt, $0, Int32(buf.count), nil, nil, options)
                }
            }
        }
        guard let doc, ctxt.pointee.wellFormed != 0 else {
            if let doc { xmlFreeDoc(doc) }
            let err = xmlCtxtGetLastError(ctxt)
            let line = err.map { Int($0.pointee.line) } ?? 0
            let own = err.flatMap { $0.pointee.message.map { String(cString: $0) } }?.trimmingWhitespace()
            let collected = String(
                decoding: generic.prefix(while: { $0 != 0 }).map { UInt8(bitPattern: $0) }, as: UTF8.self
            )
            .split(whereSeparator: \.isNewline).map { $0.trimmingWhitespace() }.filter { !$0.isEmpty }
            .reduce(into: [String]()) { lines, line in if !lines.contains(line) { lines.append(line) } }.joined(
                separator: "; ")
            let why = [own, collected.isEmpty ? nil : collected].compactMap { $0 }.joined(separator: "; ")
            throw InputError(
                "\(file):\(line)",
                "malformed XML (\(AndroidTokens.Value.clip(why.isEmpty ? "unknown error" : why, 160)))")
        }
        defer { xmlFreeDoc(doc) }
        if doc.pointee.intSubset != nil || doc.pointee.extSubset != nil {
            throw InputError(
                file, "has a <!DOCTYPE> declaration; a resource file has none, and its entities are not read")
        }
        guard let root = xmlDocGetRootElement(doc) else { throw InputError(file, "no <resources> root element") }
        guard name(root) == "resources" else {
            throw InputError(
                "\(file):\(xmlGetLineNo(root))",
                "root element is <\(AndroidTokens.Value.clip(name(root)))>, expected <resources>")
        }
        var out: [AndroidTokens.RawEntry] = []
        var node = root.pointee.children
        while let n = node {
            defer { node = n.pointee.next }
            guard n.pointee.type == XML_ELEMENT_NODE else { continue }
            let element = name(n)
            // `<color>`, or `<item type="color">` (aapt2 reads both as a colour resource).
            guard element == "color" || (element == "item" && attribute(n, "type") == "color") else { continue }
            let line = xmlGetLineNo(n)
            guard let resName = attribute(n, "name"), !resName.isEmpty else {
                throw InputError("\(file):\(line)", "<\(element)> without a name attribute")
            }
            var text = ""
            var child = n.pointee.children
            while let c = child {
                defer { child = c.pointee.next }
                switch c.pointee.type {
                case XML_TEXT_NODE, XML_CDATA_SECTION_NODE:
                    if let content = c.pointee.content { text += String(cString: content) }
                case XML_COMMENT_NODE, XML_PI_NODE:
                    continue
                default:
                    throw InputError(
                        "\(file):\(xmlGetLineNo(c))",
                        "'\(resName)' must contain only text, found <\(AndroidTokens.Value.clip(name(c)))>")
                }
            }
            let value = text.trimmingWhitespace()
            guard !value.isEmpty else { throw InputError("\(file):\(line)", "'\(resName)' has no value") }
            out.append(AndroidTokens.RawEntry(name: resName, value: value, file: file, line: Int(line)))
        }
        return out
    }

    private static func name(_ n: xmlNodePtr) -> String { n.pointee.name.map { String(cString: $0) } ?? "" }

    /// An attribute in no namespace (`tools:` and `android:` attributes are not resource syntax).
    private static func attribute(_ n: xmlNodePtr, _ wanted: String) -> String? {
        var attr = n.pointee.properties
        while let a = attr {
            defer { attr = a.pointee.next }
            guard a.pointee.ns == nil, let nm = a.pointee.name, String(cString: nm) == wanted else { continue }
            var text = ""
            var child = a.pointee.children
            while let c = child {
                if let content = c.pointee.content { text += String(cString: content) }
                child = c.pointee.next
            }
            return text
        }
        return nil
    }
}

/// The shape of a resource file, counted in one linear pass over its bytes before libxml2 sees
/// them: elements, attributes on one element, and nesting depth, each refused beyond a bound far
/// above any real resource file. libxml2's duplicate-attribute check is quadratic in an element's
/// attributes (50,000 took 28 s under the 1 MB file cap), so the storm is stopped before parsing.
/// The scan is conservative, not a parser: comments, CDATA, processing instructions and
/// declarations are skipped, quoted values are skipped, and every `=` left inside a tag is an
/// attribute — malformed XML that slips past it is libxml2's to refuse.
package enum XMLShape {
    /// A colours file holds a few hundred elements; a 1 MB file of the shortest `<color>` lines about 25,000.
    package static let maxElements = 100_000
    /// A resource element has `name`, `type`, `format` and a few `tools:` attributes.
    package static let maxAttributesPerElement = 256
    /// `<resources>` → `<color>` or `<item>` → (nothing): 2 levels; libxml2's own cap is 256.
    package static let maxDepth = 64

    package static func check(_ bytes: [UInt8], file: String) throws(InputError) {
        var i = 0
        var elements = 0
        var depth = 0
        let n = bytes.count
        func skip(past end: [UInt8]) {
            while i < n {
                if bytes[i] == end[0], n - i >= end.count, bytes[i..<(i + end.count)].elementsEqual(end) {
                    i += end.count
                    return
                }
                i += 1
            }
        }
        func starts(_ s: String) -> Bool { bytes[i...].starts(with: s.utf8) }
        while i < n {
            guard bytes[i] == UInt8(ascii: "<") else {
                i += 1
                continue
            }
            if starts("<!--") {
                skip(past: Array("-->".utf8))
                continue
            }
            if starts("<![CDATA[") {
                skip(past: Array("]]>".utf8))
                continue
            }
            if starts("<?") {
                skip(past: Array("?>".utf8))
                continue
            }
            if starts("<!") {
                skip(past: [UInt8(ascii: ">")])
                continue
            }
            if starts("</") {
                depth -= 1
                skip(past: [UInt8(ascii: ">")])
                continue
            }
            // A start tag: count its attributes up to the closing '>' outside quotes.
            i += 1
            elements += 1
            if elements > maxElements {
                throw InputError(
                    file, "has more than \(maxElements) elements; not a resource file (refused before parsing)")
            }
            var attributes = 0
            var quote: UInt8? = nil
            var previous: UInt8 = 0
            while i < n {
                let b = bytes[i]
                i += 1
                if let q = quote {
                    if b == q { quote = nil }
                    continue
                }
                if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") {
                    quote = b
                    continue
                }
                if b == UInt8(ascii: "=") {
                    attributes += 1
                    if attributes > maxAttributesPerElement {
                        throw InputError(
                            file,
                            "has an element with more than \(maxAttributesPerElement) attributes (element "
                                + "\(elements)); not a resource file (refused before parsing)"
                        )
                    }
                }
                if b == UInt8(ascii: ">") {
                    if previous != UInt8(ascii: "/") {
                        depth += 1
                        if depth > maxDepth {
                            throw InputError(
                                file,
                                "nests elements more than \(maxDepth) deep; not a resource file (refused before "
                                    + "parsing)"
                            )
                        }
                    }
                    break
                }
                previous = b
            }
        }
    }
}
