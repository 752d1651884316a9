import EvidenceCore
import Foundation
import WidgetModel
import WidgetScene

/// A token's value as its file spells it (issue #54 item 3: the roll-up printed `0.639` where the
/// colour set says `0.640` — the parsed colour written back, not the file's text). Read from the
/// project's token files for the roll-up's "now" only; nil where the file does not spell the token
/// plainly (a reference, a system colour), and the written form is shown instead.
enum TokenLiteral {
    static func value(_ token: String, theme: Theme, platform: Platform) -> String? {
        switch platform {
        case .android: return android(token, theme: theme, res: AndroidTokens.bundledResDirectory)
        case .ios: return ios(token, theme: theme, catalog: AssetCatalogTokens.bundledDirectory)
        }
    }

    /// `#A3A3A3` from `<color name="widget_muted">#A3A3A3</color>` in `values/` (light) or `values-night/`.
    static func android(_ token: String, theme: Theme, res: URL) -> String? {
        let folder: String
        switch theme {
        case .light: folder = "values"
        case .dark: folder = "values-night"
        }
        guard
            let bytes = try? readFile(
                atPath: res.appendingPathComponent(folder + "/colors_widget.xml").path,
                limit: TokenFolder.maxTokenFileBytes),
            let xml = String(validating: bytes, as: UTF8.self),
            let open = xml.range(of: "<color name=\"\(token)\">"),
            let close = xml[open.upperBound...].range(of: "</color>")
        else { return nil }
        let value = xml[open.upperBound..<close.lowerBound].trimmingCharacters(in: .whitespacesAndNewlines)
        return value.hasPrefix("#") ? value : nil
    }

    /// `"red": "0.640", "green": …, "blue": …, "alpha": …` from the colour set's entry for the theme
    /// (light: the entry without a luminosity appearance; dark: `"value": "dark"`), as written.
    static func ios(_ token: String, theme: Theme, catalog: URL) -> String? {
        let file = catalog.appendingPathComponent(token + ".colorset/Contents.json")
        // Bounded as the token loader reads it: `report` draws the roll-up without loading the tokens first.
        guard let data = try? Data(readFile(atPath: file.path, limit: TokenFolder.maxTokenFileBytes)),
            let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let colors = root["colors"] as? [[String: Any]]
        else { return nil }
        let entry = colors.first { c in
            let dark = (c["appearances"] as? [[String: Any]] ?? []).contains {
                $0["appearance"] as? String == "luminosity" && $0["value"] as? String == "dark"
            }
            switch theme {
            case .light: return !dark
            case .dark: return dark
            }
        }
        guard let comps = (entry?["color"] as? [String: Any])?["components"] as? [String: Any] else { return nil }
        var parts: [String] = []
        for name in ["red", "green", "blue", "alpha"] {
            // a number: no literal text survives JSONSerialization
            guard let v = comps[name] as? String else { return nil }
            parts.append("\"\(name)\": \"\(v)\"")
        }
        return parts.joined(separator: ", ")
    }
}
