import Foundation

/// Every golden at its real size on one page, grouped platform → family → state, with a toggle per
/// facet value (theme, host mode, motif, body — whichever the keys carry) and a search box.
public enum GalleryPage {
    public struct Tile: Sendable, Equatable {
        public var key: String
        /// Image path relative to the page; nil when the golden is missing (the tile says so).
        public var src: String?
        /// Real size in CSS px (dp / pt).
        public var width: Int
        public var height: Int
        public init(key: String, src: String?, width: Int, height: Int) {
            self.key = key
            self.src = src
            self.width = width
            self.height = height
        }
    }

    public static let fileName = "index.html"

    public static func render(_ tiles: [Tile]) -> String {
        let parts = tiles.map { KeyParts($0.key) }
        var body =
            "<header><h1>evidence gallery</h1>\n<p>\(tiles.count) goldens at real size (1 CSS px = 1 dp / pt; "
            + "narrower windows shrink the widest to fit).</p></header>\n<main>\n"
        body +=
            "<div class=\"bar\" role=\"search\"><label for=\"q\">search</label> "
            + "<input type=\"search\" id=\"q\" placeholder=\"space-separated words of the key\"> "
        body += "<span class=\"muted\"><span id=\"shown\">\(tiles.count)</span> shown</span><div class=\"chips\">"
        for facet in KeyParts.facetOrder {
            let values = HTMLReport.orderedUnique(parts.compactMap { $0.facets[facet] }).sorted()
            guard !values.isEmpty else { continue }
            body += "<span class=\"facet\"><b>\(HTML.escape(facet))</b> "
            for v in values {
                body +=
                    "<label><input type=\"checkbox\" class=\"toggle\" data-facet=\"\(HTML.escape(facet))\" "
                    + "value=\"\(HTML.escape(v))\" checked> \(HTML.escape(v))</label>"
            }
            body += "</span>"
        }
        body += "</div></div>\n"

        // Groups in first-seen order, so the page follows the catalog.
        var platforms: [String] = []
        var families: [String: [String]] = [:]
        var states: [String: [String]] = [:]
        var members: [String: [Int]] = [:]
        for (i, p) in parts.enumerated() {
            if families[p.platform] == nil {
                platforms.append(p.platform)
                families[p.platform] = []
            }
            let fam = p.platform + "/" + p.family
            if states[fam] == nil {
                families[p.platform]!.append(p.family)
                states[fam] = []
            }
            let st = fam + "/" + p.state
            if members[st] == nil { states[fam]!.append(p.state) }
            members[st, default: []].append(i)
        }
        for platform in platforms {
            body += "<section class=\"grp\"><h2>\(HTML.escape(platform))</h2>\n"
            for family in families[platform]! {
                let fam = platform + "/" + family
                body += "<section class=\"grp\"><h3>\(HTML.escape(fam))</h3>\n"
                for state in states[fam]! {
                    body += "<section class=\"grp\"><h4>\(HTML.escape(state))</h4><div class=\"tiles\">\n"
                    for i in members[fam + "/" + state]! { body += tile(tiles[i], parts[i]) }
                    body += "</div></section>\n"
                }
                body += "</section>\n"
            }
            body += "</section>\n"
        }
        body += "</main>\n"
        return HTML.page(title: "evidence gallery — \(tiles.count) goldens", css: css, body: body, script: script)
    }

    static func tile(_ t: Tile, _ p: KeyParts) -> String {
        let facets = KeyParts.facetOrder.compactMap { f in p.facets[f].map { " data-\(f)=\"\(HTML.escape($0))\"" } }
            .joined()
        var s =
            "<figure class=\"tile\(HTML.isVibrant(t.key) ? " wallpaper" : "")\" "
            + "data-key=\"\(HTML.escape(t.key))\"\(facets)>"
        if let src = t.src {
            s +=
                "<img src=\"\(HTML.src(src))\" width=\"\(t.width)\" height=\"\(t.height)\" "
                + "alt=\"\(HTML.escape(t.key))\" loading=\"lazy\">"
        } else {
            s += "<div class=\"missing\" style=\"width:\(t.width)px;height:\(t.height)px\">no golden</div>"
        }
        let caption = p.variants.isEmpty ? t.key : p.variants.joined(separator: " / ")
        return s
            + "<figcaption title=\"\(HTML.escape(t.key))\">\(HTML.escape(caption))<span "
            + "class=\"key\">\(HTML.escape(t.key))</span></figcaption></figure>\n"
    }

    static let css =
        HTML.wallpaperCSS + """
            .muted { color: #78716c; }
            .facet { margin-right: 1.2rem; } .facet b { margin-right: .3rem; }
            h2 { margin: 1.4rem 0 .2rem; } h3 { margin: 1rem 0 .2rem; } h4 { margin: .8rem 0 .3rem; font-weight: 500;\
             color: #44403c; }
            h1, h2, h3, h4, .facet { overflow-wrap: anywhere; }
            .tiles { display: flex; flex-wrap: wrap; gap: 1rem; align-items: flex-start; }
            .tile { margin: 0; min-width: 0; max-width: 100%; } .tile img { display: block; max-width: 100%; height:\
             auto; }
            .tile figcaption { font-size: 11px; color: #57534e; max-width: 320px; overflow-wrap: anywhere; }
            .tile .key { display: none; }
            .missing { display: flex; align-items: center; justify-content: center; border: 2px dashed #dc2626; color:\
             #dc2626; max-width: 100%; box-sizing: border-box; }
            """

    static let script = """
        var tiles = Array.prototype.slice.call(document.querySelectorAll('figure.tile'));
        var toggles = Array.prototype.slice.call(document.querySelectorAll('input.toggle'));
        var q = document.getElementById('q');
        function apply() {
          var off = {};
          toggles.forEach(function (t) { if (!t.checked) off[t.dataset.facet + '=' + t.value] = true; });
          var words = q.value.toLowerCase().split(/\\s+/).filter(Boolean);
          var shown = 0;
          tiles.forEach(function (t) {
            var key = t.dataset.key.toLowerCase();
            var show = words.every(function (w) { return key.indexOf(w) >= 0; });
            toggles.forEach(function (g) { var v = t.dataset[g.dataset.facet.replace(/-([a-z])/g, function (m, c) {\
         return c.toUpperCase(); })]; if (v !== undefined && off[g.dataset.facet + '=' + v]) show = false; });
            t.hidden = !show; if (show) shown++;
          });
          Array.prototype.slice.call(document.querySelectorAll('section.grp')).reverse().forEach(function (s) {
            s.hidden = !s.querySelector('figure.tile:not([hidden])');
          });
          document.getElementById('shown').textContent = String(shown);
        }
        toggles.forEach(function (t) { t.addEventListener('change', apply); });
        q.addEventListener('input', apply);
        apply();
        """
}
