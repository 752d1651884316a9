import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// Where a platform's colours come from: its token names for the semantic roles and their values.
/// One interface, two loaders — `AndroidTokens.load` (res XML) and `AssetCatalogTokens.load`
/// (an Xcode asset catalog) — both yield a `TokenSet`.
public protocol TokenSource: Sendable {
    var platform: Platform { get }
    /// The platform's token name for a role (`widget_ink`, `WidgetInk`).
    func name(_ role: ColorRole) -> String
    func color(_ role: ColorRole, theme: Theme) -> Color
}

/// The widget's colour tokens for both themes, keyed by the platform's token names. A dark lookup
/// uses the dark declaration (`values-night`, the asset's Dark appearance) when there is one and
/// falls back to the light one otherwise, as both platforms do.
/// The painter reads every colour through this type; the contrast audit reads the same values.
public struct TokenSet: TokenSource, Sendable, Equatable {
    public var platform: Platform = .android
    /// `values/colors_widget.xml` (light, and the fallback for dark).
    public var light: [String: Color]
    /// `values-night/colors_widget.xml` — only the tokens it declares.
    public var night: [String: Color]
    /// Where the tokens came from (a directory path), for messages.
    public var source: String

    public init(light: [String: Color], night: [String: Color], source: String, platform: Platform = .android) {
        self.light = light; self.night = night; self.source = source; self.platform = platform
    }

    /// Android names every role; iOS names its nineteen sets and plays the other roles with the
    /// set `ColorRole.iosStandIn` names (never an invented name).
    public func name(_ role: ColorRole) -> String {
        switch platform {
        case .android: return role.androidName
        case .ios: return role.iosStandIn.iosName ?? role.androidName
        }
    }

    public func color(_ role: ColorRole, theme: Theme) -> Color { color(name(role), theme: theme) }

    /// A role's colour together with its token name, as glyph art and scene nodes carry it.
    public func ink(_ role: ColorRole, theme: Theme) -> GlyphInk { GlyphInk(name(role), color(role, theme: theme)) }

    /// Every token name declared in either file, sorted.
    public var names: [String] { Array(Set(light.keys).union(night.keys)).sorted() }

    /// The colour of `name` in `theme`, or nil when no file declares it.
    public func colorIfPresent(_ name: String, theme: Theme) -> Color? {
        switch theme {
        case .light: return light[name]
        case .dark: return night[name] ?? light[name]
        }
    }

    /// The colour of `name` in `theme`. An unknown token throws, naming it and the token folder.
    public func resolve(_ name: String, theme: Theme) throws(InputError) -> Color {
        guard let c = colorIfPresent(name, theme: theme) else {
            throw InputError(source, platform == .android ? "no colour token '\(name)' in values/ or values-night/colors_widget.xml"
                                                          : "no colour set \(name).colorset in this asset catalog")
        }
        return c
    }

    /// The colour of `name` in `theme`. An unknown token draws in `TokenSet.missing` (hot magenta,
    /// impossible to miss in a golden) — use `resolve` where a diagnosis is wanted instead.
    public func color(_ name: String, theme: Theme) -> Color {
        colorIfPresent(name, theme: theme) ?? TokenSet.missing
    }

    /// What `color(_:theme:)` returns for an undeclared token.
    public static let missing = Color(r: 0xFF, g: 0x00, b: 0xFF)

    /// The bundled default set (`Tokens/android/res`), mirroring seed 000.
    public static func bundled() throws(InputError) -> TokenSet {
        try AndroidTokens.load(resDirectory: AndroidTokens.bundledResDirectory)
    }
}

/// Reads Android resource colour files: `<resources><color name="widget_ink">#1A1A1A</color>…`.
public enum AndroidTokens {
    public static let lightFile = "values/colors_widget.xml"
    public static let nightFile = "values-night/colors_widget.xml"
    /// Every token the widget draws with. A token folder must declare each in `values/` (a dark
    /// lookup falls back there), or loading fails naming the file and the token — an incomplete or
    /// truncated file is an error, never a render in `TokenSet.missing` magenta.
    /// Derived from the colour roles (each role's Android name; the todo pip shares widget_border).
    public static let required: [String] = Array(Set(ColorRole.allCases.map(\.androidName))).sorted()

    public static var bundledResDirectory: URL {
        PackagePaths.tokens.appendingPathComponent("android").appendingPathComponent("res")
    }

    /// Loads `values/colors_widget.xml` and `values-night/colors_widget.xml` under `resDirectory`.
    /// Both files must exist. Colours are `#RRGGBB` / `#AARRGGBB` (also `#RGB` / `#ARGB`, which
    /// aapt accepts) or `@color/name` references, resolved like Android: a night reference
    /// prefers the night declaration of the target. Any problem is one `InputError` naming the
    /// file and line.
    public static func load(resDirectory: URL) throws(InputError) -> TokenSet {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resDirectory.path, isDirectory: &isDir), isDir.boolValue else {
            throw InputError(resDirectory.path, "not a directory; expected an Android res/ folder containing \(lightFile) and \(nightFile)")
        }
        let lightURL = resDirectory.appendingPathComponent(lightFile)
        let nightURL = resDirectory.appendingPathComponent(nightFile)
        let lightRaw = try parseFile(lightURL)
        let nightRaw = try parseFile(nightURL)
        // Resolve references: light against light; night against night-then-light.
        var light: [String: Color] = [:]
        for (name, entry) in lightRaw {
            light[name] = try resolveEntry(name, in: lightRaw, fallback: [:], file: lightURL.path, seen: [])
            _ = entry
        }
        var night: [String: Color] = [:]
        for (name, _) in nightRaw {
            night[name] = try resolveEntry(name, in: nightRaw, fallback: lightRaw, file: nightURL.path, seen: [])
        }
        if let absent = required.first(where: { light[$0] == nil }) {
            let missing = required.filter { light[$0] == nil }
            throw InputError(lightURL.path, "required colour token '\(absent)' is not declared"
                + (missing.count > 1 ? " (nor \(missing.count - 1) more: \(missing.dropFirst().prefix(3).joined(separator: ", "))\(missing.count > 4 ? ", …" : ""))" : "")
                + "; is the file truncated?")
        }
        return TokenSet(light: light, night: night, source: resDirectory.path)
    }

    /// One `<color>` declaration before references are resolved.
    struct RawEntry: Sendable, Equatable {
        var value: String
        var line: Int
    }

    private static func resolveEntry(_ name: String, in primary: [String: RawEntry], fallback: [String: RawEntry],
                                     file: String, seen: Set<String>) throws(InputError) -> Color {
        guard let entry = primary[name] ?? fallback[name] else {
            throw InputError(file, "@color/\(name) is referenced but not declared")
        }
        let where_ = primary[name] != nil ? file : file.replacingOccurrences(of: nightFile, with: lightFile)
        let v = entry.value
        if v.hasPrefix("@color/") {
            let target = String(v.dropFirst("@color/".count))
            if seen.contains(target) || target == name {
                throw InputError("\(where_):\(entry.line)", "'\(name)' refers to itself through @color/\(target)")
            }
            guard primary[target] != nil || fallback[target] != nil else {
                throw InputError("\(where_):\(entry.line)", "'\(name)' refers to @color/\(target), which no colors_widget.xml declares")
            }
            return try resolveEntry(target, in: primary, fallback: fallback, file: file, seen: seen.union([name]))
        }
        guard let c = parseHex(v) else {
            throw InputError("\(where_):\(entry.line)", "'\(name)' has colour '\(v)'; expected #RRGGBB or #AARRGGBB (or @color/name)")
        }
        return c
    }

    /// `#RRGGBB`, `#AARRGGBB`, and aapt's short forms `#RGB` / `#ARGB`.
    static func parseHex(_ s: String) -> Color? {
        let t = s.trimmingWhitespace()
        guard t.first == "#" else { return nil }
        let body = t.dropFirst()
        guard body.allSatisfy(\.isHexDigit) else { return nil }
        if body.count == 3 || body.count == 4 {
            return Color(hex: "#" + body.map { "\($0)\($0)" }.joined())
        }
        return Color(hex: t)
    }

    static func parseFile(_ url: URL) throws(InputError) -> [String: RawEntry] {
        let data: Data
        do { data = try Data(contentsOf: url) } catch {
            if !FileManager.default.fileExists(atPath: url.path) {
                throw InputError(url.path, "missing; an Android token folder needs \(lightFile) and \(nightFile)")
            }
            throw InputError(url.path, "unreadable (\(error.localizedDescription))")
        }
        return try parse(data: data, file: url.path)
    }

    /// Parses one resource file's bytes; `file` names it in errors.
    static func parse(data: Data, file: String) throws(InputError) -> [String: RawEntry] {
        let delegate = ColorResourceDelegate()
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        let ok = parser.parse()
        if let e = delegate.failure { throw InputError("\(file):\(e.line)", e.problem) }
        guard ok else {
            let line = parser.lineNumber
            let why = parser.parserError.map { "\($0.localizedDescription)" } ?? "unknown parser error"
            throw InputError("\(file):\(line)", "malformed XML (\(why))")
        }
        guard delegate.sawResources else { throw InputError(file, "no <resources> root element") }
        return delegate.entries
    }
}

/// Collects `<color name="…">value</color>` children of `<resources>`; other resource types are ignored.
private final class ColorResourceDelegate: NSObject, XMLParserDelegate {
    var entries: [String: AndroidTokens.RawEntry] = [:]
    var failure: (line: Int, problem: String)?
    var sawResources = false
    private var depth = 0
    private var current: (name: String, line: Int)?
    private var text = ""

    func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
                qualifiedName qName: String?, attributes: [String: String] = [:]) {
        depth += 1
        if depth == 1 {
            if elementName == "resources" { sawResources = true } else {
                fail(parser, "root element is <\(elementName)>, expected <resources>")
            }
            return
        }
        guard depth == 2, elementName == "color" else {
            if current != nil { fail(parser, "<color> must contain only text, found <\(elementName)>") }
            return
        }
        guard let name = attributes["name"], !name.isEmpty else {
            fail(parser, "<color> without a name attribute"); return
        }
        current = (name, parser.lineNumber)
        text = ""
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if current != nil { text += string }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?) {
        defer { depth -= 1 }
        guard depth == 2, elementName == "color", let cur = current else { return }
        current = nil
        if let previous = entries[cur.name] {
            fail(parser, "'\(cur.name)' is declared twice (first on line \(previous.line))", line: cur.line); return
        }
        let value = text.trimmingWhitespace()
        if value.isEmpty { fail(parser, "'\(cur.name)' has no value", line: cur.line); return }
        entries[cur.name] = AndroidTokens.RawEntry(value: value, line: cur.line)
    }

    private func fail(_ parser: XMLParser, _ problem: String, line: Int? = nil) {
        if failure == nil { failure = (line ?? parser.lineNumber, problem) }
        parser.abortParsing()
    }
}
