import EvidenceCore
import Foundation

/// The few pieces every static page shares: escaping, image URLs, and a shell whose script proves
/// it ran (an element `#script-ok`) or records why not (`#script-error`), so a headless browser
/// test can tell a working page from a broken one.
public enum HTML {
    /// Text and attribute values: every character that could open markup or end an attribute.
    public static func escape(_ s: String) -> String {
        var out = ""
        out.reserveCapacity(s.utf8.count)
        for c in s.unicodeScalars {
            if let e = entity(c) { out += e } else { out.unicodeScalars.append(c) }
        }
        return out
    }

    /// The reference for a character that could open markup or end an attribute (valid in both
    /// HTML and XML), or nil.
    static func entity(_ c: Unicode.Scalar) -> String? {
        switch c {
        case "&": return "&amp;"
        case "<": return "&lt;"
        case ">": return "&gt;"
        case "\"": return "&quot;"
        case "'": return "&#39;"
        case "\n", "\t", "\r": return nil
        // Other controls are shown, never emitted raw (issue #24: control characters in the HTML bytes).
        case _ where isControlScalar(c): return escapeControls(String(c))
        default: return nil
        }
    }

    /// A relative file path as a URL path (each segment percent-encoded), escaped for an attribute.
    /// Lock Screen accessories are white on transparent (vibrant): review pages show them over this
    /// neutral wallpaper swatch, as the Lock Screen would, instead of a light checkerboard.
    static let wallpaperCSS = ".wallpaper img { background: #5d6472 !important; }"
    static func isVibrant(_ key: String) -> Bool { FixtureCatalog.id(forKey: key)?.family.isAccessory ?? false }

    public static func src(_ relativePath: String) -> String {
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: false).map {
            String($0).addingPercentEncoding(
                withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/?#;"))) ?? ""
        }
        return escape(segments.joined(separator: "/"))
    }

    /// The whole document. Nothing is fetched from the network (the policy forbids it), so the
    /// page works from `file://` on a machine with no connection.
    static func page(title: String, css: String, body: String, script: String) -> String {
        """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8">
        <meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src file: data: 'self'; style-src\
         'unsafe-inline'; script-src 'unsafe-inline'">
        <title>\(escape(title))</title>
        <script>window.addEventListener('error', function (e) { var d = document.createElement('div'); d.id =\
         'script-error'; d.textContent = String(e.message); (document.body || document.documentElement).appendChild(d);\
         });</script>
        <style>
        body { font: 14px/1.4 system-ui, sans-serif; margin: 0 1.5rem 3rem; color: #1c1917; background: #fafaf9; }
        code, pre { font: 12px/1.4 ui-monospace, monospace; }
        .chips label { display: inline-block; margin: 0 .6rem .3rem 0; white-space: nowrap; }
        .bar { position: sticky; top: 0; background: #fafaf9; padding: .5rem 0; border-bottom: 1px solid #e7e5e4;\
         z-index: 5; }
        input[type=search] { width: 22rem; max-width: 90%; }
        \(css)
        </style></head>
        <body>
        \(body)
        <script>
        (function () {
        \(script)
        var ok = document.createElement('div'); ok.id = 'script-ok'; ok.hidden = true; ok.textContent = 'script ran';
        document.body.appendChild(ok);
        })();
        </script>
        </body></html>

        """
    }
}
