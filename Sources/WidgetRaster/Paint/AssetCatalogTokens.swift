import Foundation

/// Reads the iOS widget's colour sets from an Xcode asset catalog: `<Name>.colorset/Contents.json`
/// under the catalog folder (seed 000 "Native color set": `Assets.xcassets/`, each set with Any +
/// Dark appearances). Any problem in a set is one `InputError` naming its `Contents.json`.
public enum AssetCatalogTokens {
    public static var bundledDirectory: URL {
        PackagePaths.tokens.appendingPathComponent("ios").appendingPathComponent("Assets.xcassets")
    }

    /// The bundled catalog (`Tokens/ios/Assets.xcassets`).
    public static func bundled() throws(InputError) -> TokenSet {
        try load(directory: bundledDirectory).tokens
    }

    /// Loads every `*.colorset` under `directory` (nested folders too, as Xcode groups them).
    /// A role whose set the folder lacks takes the bundled default; `missing` names those sets so
    /// the caller can say so once. The folder itself must exist and hold at least one set.
    public static func load(directory: URL, defaults: TokenSet? = nil) throws(InputError) -> (tokens: TokenSet, missing: [String]) {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDir), isDir.boolValue else {
            throw InputError(directory.path, "not a directory; expected an Xcode asset catalog (Assets.xcassets) holding *.colorset folders")
        }
        var light: [String: Color] = [:], dark: [String: Color] = [:]
        let sets = colorSets(in: directory)
        guard !sets.isEmpty else { throw InputError(directory.path, "no *.colorset folders in this asset catalog") }
        for set in sets {
            let name = String(set.lastPathComponent.dropLast(".colorset".count))
            let file = set.appendingPathComponent("Contents.json")
            let data: Data
            do { data = try Data(contentsOf: file) } catch {
                throw InputError(file.path, FileManager.default.fileExists(atPath: file.path) ? "unreadable" : "missing; every colorset needs a Contents.json")
            }
            let parsed = try parseColorSet(data, file: file.path)
            light[name] = parsed.any
            if let d = parsed.dark { dark[name] = d }
        }
        var tokens = TokenSet(light: light, night: dark, source: directory.path, platform: .ios)
        var missing: [String] = []
        if let defaults {
            for role in ColorRole.iosSets {
                let n = role.iosName!
                guard tokens.light[n] == nil else { continue }
                missing.append(n)
                tokens.light[n] = defaults.light[n]
                if let d = defaults.night[n] { tokens.night[n] = d }
            }
        }
        return (tokens, missing)
    }

    /// `*.colorset` folders, sorted, found by walking the catalog (symlinks are not followed).
    static func colorSets(in directory: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: [.isDirectoryKey]) else { return [] }
        var out: [URL] = []
        for case let url as URL in walker where url.pathExtension == "colorset" {
            out.append(url)
            walker.skipDescendants()
        }
        return out.sorted { $0.path < $1.path }
    }

    /// One `Contents.json`: the Any (no appearance, or luminosity light) colour and the optional
    /// luminosity-dark colour. High-contrast variants are ignored (the widget never reads them).
    public static func parseColorSet(_ data: Data, file: String) throws(InputError) -> (any: Color, dark: Color?) {
        let root: Any
        do { root = try JSONSerialization.jsonObject(with: data) } catch {
            throw InputError(file, "not valid JSON (\(error.localizedDescription))")
        }
        guard let top = root as? [String: Any], let colors = top["colors"] as? [Any] else {
            throw InputError(file, "no \"colors\" array; expected an Xcode colorset Contents.json")
        }
        var any: Color?, dark: Color?
        for (i, entry) in colors.enumerated() {
            guard let e = entry as? [String: Any] else { throw InputError(file, "colors[\(i)] is not an object") }
            var appearance = "any"
            if let apps = e["appearances"] as? [Any] {
                for a in apps {
                    guard let a = a as? [String: Any], let kind = a["appearance"] as? String, let value = a["value"] as? String else {
                        throw InputError(file, "colors[\(i)].appearances has an entry without appearance/value")
                    }
                    if kind == "luminosity" { appearance = value } else { appearance = "\(kind):\(value)" }
                }
            }
            guard appearance == "any" || appearance == "light" || appearance == "dark" else { continue }
            guard let color = e["color"] as? [String: Any] else { throw InputError(file, "colors[\(i)] has no \"color\"") }
            let c = try parseColor(color, file: file, at: "colors[\(i)]")
            if appearance == "dark" { dark = c } else { any = c }
        }
        guard let any else { throw InputError(file, "no Any appearance (a colour entry without \"appearances\")") }
        return (any, dark)
    }

    /// `{"color-space": "srgb"|"display-p3"|"extended-srgb", "components": {red, green, blue, alpha}}`.
    static func parseColor(_ color: [String: Any], file: String, at path: String) throws(InputError) -> Color {
        let space = (color["color-space"] as? String) ?? "srgb"
        guard ["srgb", "extended-srgb", "display-p3"].contains(space) else {
            throw InputError(file, "\(path): colour space '\(space)' is not supported (srgb, extended-srgb or display-p3)")
        }
        guard let comps = color["components"] as? [String: Any] else {
            throw InputError(file, "\(path) has no \"components\"")
        }
        var rgb: [Double] = []
        for key in ["red", "green", "blue"] {
            guard let raw = comps[key] else { throw InputError(file, "\(path).components has no \"\(key)\"") }
            rgb.append(try component(raw, alpha: false, file: file, at: "\(path).components.\(key)"))
        }
        let alpha = try comps["alpha"].map { (raw) throws(InputError) -> Double in
            try component(raw, alpha: true, file: file, at: "\(path).components.alpha")
        } ?? 1
        if space == "display-p3" { rgb = displayP3ToSRGB(rgb) }
        func byte(_ v: Double) -> UInt8 { UInt8((min(1, max(0, v)) * 255).rounded()) }
        return Color(r: byte(rgb[0]), g: byte(rgb[1]), b: byte(rgb[2]), a: byte(alpha))
    }

    /// A component as Xcode writes it: `"0.455"` (0–1 float), `"116"` (0–255 integer) or `"0x74"`
    /// (0–255 hex); JSON numbers follow the same rule (a fraction or decimal point → 0–1). Alpha is
    /// always 0–1. Returns 0–1; anything outside its range is an error, never clamped silently.
    static func component(_ raw: Any, alpha: Bool, file: String, at path: String) throws(InputError) -> Double {
        let text: String
        if let s = raw as? String { text = s.trimmingWhitespace() }
        else if let n = raw as? NSNumber { text = n.stringValue }
        else { throw InputError(file, "\(path) is not a number or numeric string") }
        let value: Double
        if text.lowercased().hasPrefix("0x") {
            guard !alpha, let v = UInt32(text.dropFirst(2), radix: 16) else {
                throw InputError(file, "\(path) '\(text)' is not a valid component\(alpha ? " (alpha is 0–1)" : "")")
            }
            value = Double(v) / 255
            guard v <= 255 else { throw InputError(file, "\(path) '\(text)' is out of range (0x00–0xFF)") }
        } else if text.contains(".") || text.contains("e") || alpha {
            guard let v = Double(text), v.isFinite else { throw InputError(file, "\(path) '\(text)' is not a number") }
            guard (0...1).contains(v) else { throw InputError(file, "\(path) '\(text)' is out of range (0–1)") }
            value = v
        } else {
            guard let v = Int(text) else { throw InputError(file, "\(path) '\(text)' is not a number") }
            guard (0...255).contains(v) else { throw InputError(file, "\(path) '\(text)' is out of range (0–255)") }
            value = Double(v) / 255
        }
        return value
    }

    /// Display P3 → sRGB: both use the sRGB transfer curve; convert in linear light through the
    /// primaries' matrix (P3-D65 → XYZ → sRGB), then clip to the sRGB gamut.
    public static func displayP3ToSRGB(_ p3: [Double]) -> [Double] {
        func lin(_ v: Double) -> Double { v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4) }
        func enc(_ v: Double) -> Double { let c = min(1, max(0, v)); return c <= 0.0031308 ? c * 12.92 : 1.055 * pow(c, 1 / 2.4) - 0.055 }
        let l = p3.map(lin)
        let r = 1.2249401762805598 * l[0] - 0.22494017628055996 * l[1]
        let g = -0.04205695470968816 * l[0] + 1.0420569547096881 * l[1]
        let b = -0.019637554590334432 * l[0] - 0.07863604555063188 * l[1] + 1.0982736001409663 * l[2]
        return [enc(r), enc(g), enc(b)]
    }
}
