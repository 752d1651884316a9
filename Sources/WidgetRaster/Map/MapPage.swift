import EvidenceCore
import Foundation
import WidgetText

/// `evidence map --html DIR`: the map as a page. DIR/map.png is the picture; hovering a cell says
/// its size, outcome and findings; clicking it (or choosing it in the form, or following a link
/// from the list of cells that lose meaning) shows the plan's reasons for what it shed, its
/// findings, its render — drawn in the page from the cell's scene (`MapScenes`), and for cells
/// that lose meaning also the painter's PNG in DIR/renders/ — and the `evidence render` command
/// that writes its PNG. Written whole through `PageFolder`, or not at all.
public enum MapPageWriter {
    public static let pictureName = "map.png"
    /// The most painter's PNGs a page holds (each of a cell that loses meaning, spread evenly over
    /// them past this many); every cell's render is also drawn in the page from its scene.
    public static let maxRenders = 500

    /// One cell as the page's script reads it (short keys: the page embeds every cell).
    struct PageCell: Encodable {
        /// outcome (index into `classes`), family, width, height, shed, reasons, findings (string ids), render file.
        var o: Int, f: Int, w: Double, h: Double, s: [Int], r: [Int], x: [Int], img: String?
    }
    struct PageData: Encodable {
        var title: String
        var classes: [[String]]
        var panels: [MapGrid.Panel]
        var plots: [[Double]]
        var cell: Double
        var width: Double
        var unit: String
        var platform: String
        /// The `evidence render` flags every cell shares (its size flags are added per cell).
        var command: String
        var strings: [String]
        var cells: [PageCell]
        var rendersLeftOut: Int
    }

    /// Writes DIR (`render` is the command line's widget flags, so the page can print each cell's command).
    public static func write(
        _ map: MeaningMap, scenes: MapScenes, title: String, grid: MapGrid, planner: MapPlanner, command: String,
        to dir: String, jobs: Int, progress: ((Int, Int) -> Void)? = nil
    ) throws(InputError) {
        let page = try PageFolder.begin(dir, flag: "--html")
        do {
            try page.folder.write(MapPicture.png(map, title: title, painter: planner.painter), to: pictureName)
            let places = grid.places()
            let lossy = map.cells.indices.filter { map.cells[$0].outcome > .shed }
            let drawn =
                lossy.count <= maxRenders ? lossy : (0..<maxRenders).map { lossy[$0 * lossy.count / maxRenders] }
            var files: [Int: String] = [:]
            let folder = page.folder
            try parallelStream(
                drawn.count, jobs: jobs, batch: max(16, jobs * 8),
                { canvas, i in
                    let scene = planner.renderer.draw(grid.target(places[drawn[i]])).scene
                    planner.painter.draw(scene, into: canvas)
                    return PNGCodec.encode(canvas.image())
                },
                consume: { (i: Int, png: [UInt8]) throws(InputError) in
                    let name = "renders/\(drawn[i]).png"
                    try folder.write(png, to: name)
                    files[drawn[i]] = name
                    if (i + 1) % 50 == 0 || i + 1 == drawn.count { progress?(i + 1, drawn.count) }
                })
            let data = pageData(
                map, title: title, measurer: planner.painter.fonts, command: command, files: files,
                leftOut: lossy.count - drawn.count)
            try page.folder.write(Array(html(data, map: map, scenes: scenes.json()).utf8), to: HTMLReport.fileName)
            try page.commit()
        } catch {
            page.discard()
            throw error
        }
    }

    static func pageData(
        _ map: MeaningMap, title: String, measurer: TextMeasuring, command: String, files: [Int: String], leftOut: Int
    ) -> PageData {
        var strings: [String] = []
        var ids: [String: Int] = [:]
        func id(_ s: String) -> Int {
            if let i = ids[s] { return i }
            strings.append(s)
            ids[s] = strings.count - 1
            return strings.count - 1
        }
        let classes = MapClass.allCases
        let cells = map.cells.enumerated().map { i, c in
            PageCell(
                o: classes.firstIndex(of: c.outcome)!, f: id(c.family), w: c.width, h: c.height,
                s: c.shed.map(id), r: c.shed.map { id(c.reasons[$0] ?? "") },
                x: c.findings.map {
                    id(
                        "\($0.mapClass.letter) \($0.kind.rawValue) \($0.node): \($0.detail)"
                            + ($0.seed.map { " (seed: \($0))" } ?? ""))
                },
                img: files[i])
        }
        let l = MapPicture.layout(map, title: title, measurer: measurer)
        return PageData(
            title: title,
            classes: classes.map {
                [$0.rawValue, $0.letter, $0.meaning, MapPicture.fill($0, shedCount: MapPicture.legendShed).hex]
            },
            panels: map.panels, plots: l.plots.map { [$0.x, $0.y, $0.width, $0.height] }, cell: l.cell, width: l.width,
            unit: map.unit, platform: map.platform.rawValue, command: command, strings: strings, cells: cells,
            rendersLeftOut: leftOut)
    }

    static func html(_ data: PageData, map: MeaningMap, scenes: String) -> String {
        let enc = JSONEncoder()
        enc.outputFormatting = [.sortedKeys]
        // The encoder writes "/" as "\/", so no "</script>" can end the block early.
        let json = String(decoding: (try? enc.encode(data)) ?? Data("{}".utf8), as: UTF8.self)
        let counts = map.counts
        var body =
            "<header><h1>\(HTML.escape(data.title))</h1>\n<p>\(map.cells.count) cells planned as <code>evidence "
            + "plan</code> plans them; "
            + "checks: \(HTML.escape(map.checks.joined(separator: ", "))). Hover a cell for its size and findings; "
            + "click it for the plan's reasons and its render.</p></header>\n<main>\n"
        body += "<section aria-labelledby=\"legend-h\"><h2 id=\"legend-h\">Legend</h2><ul class=\"legend\">"
        for c in MapClass.allCases {
            body +=
                "<li><span class=\"sw\" "
                + "style=\"background:\(MapPicture.fill(c, shedCount: MapPicture.legendShed).hex)\">\(c.letter)"
                + "</span> <b>\(c.rawValue)</b> — \(HTML.escape(c.meaning)): \(counts[c] ?? 0) cell(s)</li>"
        }
        body += "</ul></section>\n"
        body +=
            "<section aria-labelledby=\"map-h\"><h2 id=\"map-h\">Map</h2><div class=\"pic\"><img id=\"map\" "
            + "src=\"\(pictureName)\" alt=\"\(HTML.escape(data.title)): the meaning map picture; the form and the "
            + "list below reach every cell\" width=\"\(Int(data.width))\">"
            + "<div id=\"tip\" role=\"tooltip\" hidden></div></div></section>\n"
        body +=
            "<section aria-labelledby=\"pick-h\"><h2 id=\"pick-h\">Choose a cell</h2><form id=\"pick\">"
            + "<label for=\"panel\">panel</label> <select id=\"panel\"></select> "
            + "<label for=\"col\">\(map.platform == .android ? "width (dp)" : "Dynamic Type size")</label> <select "
            + "id=\"col\"></select> "
            + "<label for=\"row\">\(map.platform == .android ? "height (dp)" : "device class")</label> <select "
            + "id=\"row\"></select> "
            + "<button type=\"submit\">show</button></form></section>\n"
        body +=
            "<section aria-labelledby=\"cell-h\" aria-live=\"polite\"><h2 id=\"cell-h\">Cell</h2><div "
            + "id=\"detail\"><p>No cell chosen yet.</p></div></section>\n"
        body +=
            "<section aria-labelledby=\"lossy-h\"><h2 id=\"lossy-h\">Cells that lose meaning</h2><div "
            + "id=\"lossy\"></div>"
            + (data.rendersLeftOut > 0
                ? "<p>The painter's own PNG is in <code>renders/</code> for \(maxRenders) of them, spread over the "
                    + "map; \(data.rendersLeftOut) more lose meaning, and the page draws each of their renders from "
                    + "its scene.</p>"
                : "")
            + "</section>\n</main>\n"
        body += "<script type=\"application/json\" id=\"map-data\">\(json)</script>\n"
        body += "<script type=\"application/json\" id=\"map-scenes\">\(scenes)</script>\n"
        return HTML.page(title: data.title, css: css, body: body, script: script)
    }

    static let css = """
        .legend { list-style: none; padding: 0; } .legend li { margin: .2rem 0; }
        .sw { display: inline-block; width: 1.4rem; text-align: center; border: 1px solid #1c1917; font-weight: bold;\
         color: #000; }
        .pic { position: relative; display: inline-block; max-width: 100%; } .pic img { max-width: 100%; height: auto;\
         display: block; cursor: crosshair; }
        #tip { position: absolute; background: #fff; border: 1px solid #1c1917; padding: .3rem .5rem; pointer-events:\
         none; max-width: 28rem; font-size: 12px; z-index: 3; }
        #detail img, #detail canvas { border: 1px solid #a8a29e; margin: .5rem 0; background: #5d6472; display: block; }
        .renders { display: flex; flex-wrap: wrap; gap: 1.5rem; } .renders figure { margin: 0; max-width: 28rem; }
        #lossy a { display: inline-block; margin: 0 .5rem .2rem 0; }
        dt { font-weight: bold; } dd { margin: 0 0 .3rem 1rem; }
        """

    static let script = """
        var data = JSON.parse(document.getElementById('map-data').textContent);
        var img = document.getElementById('map'), tip = document.getElementById('tip'), detail =\
         document.getElementById('detail');
        var offsets = [], n = 0;
        data.panels.forEach(function (p) { offsets.push(n); n += p.rows.length * p.columns.length; });
        function esc(s) { return String(s).replace(/[&<>"']/g, function (c) { return {'&': '&amp;', '<': '&lt;', '>':\
         '&gt;', '"': '&quot;', "'": '&#39;'}[c]; }); }
        function at(ev) {
          var r = img.getBoundingClientRect(), k = data.width / r.width;
          var x = (ev.clientX - r.left) * k, y = (ev.clientY - r.top) * k;
          for (var p = 0; p < data.plots.length; p++) {
            var b = data.plots[p];
            if (x >= b[0] && x < b[0] + b[2] && y >= b[1] && y < b[1] + b[3]) {
              var c = Math.floor((x - b[0]) / data.cell), row = Math.floor((y - b[1]) / data.cell);
              return {panel: p, row: row, col: c, index: offsets[p] + row * data.panels[p].columns.length + c};
            }
          }
          return null;
        }
        function place(i) {
          for (var p = data.panels.length - 1; p >= 0; p--) if (i >= offsets[p]) {
            var k = i - offsets[p], cols = data.panels[p].columns.length;
            return {panel: p, row: Math.floor(k / cols), col: k % cols, index: i};
          }
        }
        function size(pl) {
          var p = data.panels[pl.panel];
          return data.platform === 'android' ? p.columns[pl.col] + ' × ' + p.rows[pl.row] + ' dp, ' + p.title
            : p.title + ' on ' + p.rows[pl.row] + ', text size ' + p.columns[pl.col];
        }
        function command(pl) {
          var p = data.panels[pl.panel];
          var flags = data.platform === 'android' ? ' --width ' + p.columns[pl.col] + ' --height ' + p.rows[pl.row] + '\
         --font-scale ' + p.fontScale
            : ' --device-class ' + p.rows[pl.row] + ' --text-size ' + p.columns[pl.col];
          return data.command + flags;
        }
        function classOf(c) { return data.classes[c.o]; }
        img.addEventListener('mousemove', function (ev) {
          var pl = at(ev);
          if (!pl) { tip.hidden = true; return; }
          var c = data.cells[pl.index], k = classOf(c);
          var lines = ['<b>' + esc(size(pl)) + '</b>', esc(k[1] + ' ' + k[0]) + ' · ' + esc(data.strings[c.f])];
          if (c.s.length) lines.push('shed: ' + esc(c.s.map(function (i) { return data.strings[i]; }).join(', ')));
          c.x.forEach(function (i) { lines.push(esc(data.strings[i])); });
          tip.innerHTML = lines.join('<br>');
          var r = img.getBoundingClientRect();
          tip.style.left = (ev.clientX - r.left + 14) + 'px'; tip.style.top = (ev.clientY - r.top + 14) + 'px';
          tip.hidden = false;
        });
        img.addEventListener('mouseleave', function () { tip.hidden = true; });
        img.addEventListener('click', function (ev) { var pl = at(ev); if (pl) location.hash = 'c=' + pl.index; });
        function show(i) {
          var pl = place(i), c = data.cells[i], k = classOf(c);
          if (!c) return;
          var h = '<h3>' + esc(size(pl)) + '</h3><p><span class="sw" style="background:' + k[3] + '">' + esc(k[1]) +\
         '</span> <b>' + esc(k[0]) + '</b> — ' + esc(k[2]) + ' · family ' + esc(data.strings[c.f]) + '</p><dl>';
          if (c.s.length) {
            h += '<dt>shed (the plan\\'s reasons)</dt>';
            c.s.forEach(function (s, j) { h += '<dd><code>' + esc(data.strings[s]) + '</code>: ' +\
         esc(data.strings[c.r[j]]) + '</dd>'; });
          }
          if (c.x.length) { h += '<dt>findings</dt>'; c.x.forEach(function (x) { h += '<dd>' + esc(data.strings[x]) +\
         '</dd>'; }); }
          h += '<dt>draw it</dt><dd><code>' + esc(command(pl)) + ' -o cell.png</code></dd></dl><div class="renders">';
          h += '<figure><canvas id="render" role="img" aria-label="the render of ' + esc(size(pl)) +\
         '"></canvas><figcaption>its render, drawn here from the cell\\'s scene: the nodes, fonts and text placement\
         the painter draws (the command above writes the PNG)</figcaption></figure>';
          if (c.img) h += '<figure><img src="' + esc(c.img) + '" alt="the painter\\'s render of ' + esc(size(pl)) +\
         '"><figcaption><a href="' + esc(c.img) + '">the painter\\'s render</a>, drawn when the page was\
         written</figcaption></figure>';
          detail.innerHTML = h + '</div>';
          drawCell(i, document.getElementById('render'));
          document.getElementById('panel').value = pl.panel; fill(); document.getElementById('col').value = pl.col;\
         document.getElementById('row').value = pl.row;
        }
        var panel = document.getElementById('panel'), col = document.getElementById('col'), row =\
         document.getElementById('row');
        data.panels.forEach(function (p, i) { var o = document.createElement('option'); o.value = i; o.textContent =\
         p.title; panel.appendChild(o); });
        function fill() {
          var p = data.panels[+panel.value];
          [[col, p.columns], [row, p.rows]].forEach(function (pair) {
            pair[0].innerHTML = '';
            pair[1].forEach(function (v, i) { var o = document.createElement('option'); o.value = i; o.textContent = v;\
         pair[0].appendChild(o); });
          });
        }
        panel.addEventListener('change', fill); fill();
        document.getElementById('pick').addEventListener('submit', function (ev) {
          ev.preventDefault();
          location.hash = 'c=' + (offsets[+panel.value] + (+row.value) * data.panels[+panel.value].columns.length +\
         (+col.value));
        });
        var lossy = document.getElementById('lossy'), listed = 0, list = document.createElement('p');
        data.cells.forEach(function (c, i) {
          if (c.o < 2 || listed >= 3000) return;
          listed++;
          var a = document.createElement('a'); a.href = '#c=' + i; a.textContent = classOf(c)[1] + ' ' + size(place(i));
          list.appendChild(a);
        });
        lossy.appendChild(list.childNodes.length ? list : document.createTextNode('None: every cell shows or sheds in\
         the seed\\'s order.'));
        // Any cell's render, drawn on demand from the embedded display list (MapScenes).
        var scenes = null, fontsReady = null;
        function sceneData() {
          if (scenes) return scenes;
          scenes = JSON.parse(document.getElementById('map-scenes').textContent);
          fontsReady = Promise.all(scenes.fonts.map(function (f, k) {
            if (!f[1] || typeof FontFace === 'undefined') return null;
            var bin = atob(f[1]), bytes = new Uint8Array(bin.length);
            for (var j = 0; j < bin.length; j++) bytes[j] = bin.charCodeAt(j);
            var face = new FontFace('evidence-font-' + k, bytes.buffer);
            document.fonts.add(face);
            return face.load().catch(function () { return null; });
          }));
          return scenes;
        }
        function paintOf(ctx, p) {
          if (typeof p === 'string') return p;
          var g = p[0] === 'l' ? ctx.createLinearGradient(p[1], p[2], p[3], p[4]) : ctx.createRadialGradient(p[1],\
         p[2], 0, p[1], p[2], p[3]);
          p[p.length - 1].forEach(function (st) { g.addColorStop(st[0], st[1]); });
          return g;
        }
        function trace(ctx, cmds) {
          ctx.beginPath();
          for (var k = 0; k < cmds.length;) {
            var op = cmds[k++];
            if (op === 'M') { ctx.moveTo(cmds[k], cmds[k + 1]); k += 2; }
            else if (op === 'L') { ctx.lineTo(cmds[k], cmds[k + 1]); k += 2; }
            else if (op === 'C') { ctx.bezierCurveTo(cmds[k], cmds[k + 1], cmds[k + 2], cmds[k + 3], cmds[k + 4],\
         cmds[k + 5]); k += 6; }
            else if (op === 'A') { ctx.arc(cmds[k], cmds[k + 1], cmds[k + 2], cmds[k + 3], cmds[k + 4]); k += 5; }
            else ctx.closePath();
          }
        }
        function drawShape(ctx, sh) {
          if (sh[0] === 'r') {
            var w = sh[1], hh = sh[2], rad = Math.min(sh[3], w / 2, hh / 2);
            ctx.beginPath();
            if (rad <= 0) ctx.rect(0, 0, w, hh);
            else {
              ctx.arc(w - rad, rad, rad, -Math.PI / 2, 0); ctx.arc(w - rad, hh - rad, rad, 0, Math.PI / 2);
              ctx.arc(rad, hh - rad, rad, Math.PI / 2, Math.PI); ctx.arc(rad, rad, rad, Math.PI, 3 * Math.PI / 2);\
         ctx.closePath();
            }
            ctx.fillStyle = paintOf(ctx, sh[4]); ctx.fill();
          } else if (sh[0] === 'p') {
            trace(ctx, sh[1]);
            if (sh[2] !== null) { ctx.fillStyle = paintOf(ctx, sh[2]); ctx.fill('nonzero'); }
            var st = sh[3];
            if (st !== null) {
              ctx.lineWidth = st[0]; ctx.strokeStyle = paintOf(ctx, st[1]); ctx.setLineDash(st[2]); ctx.lineCap =\
         st[3]; ctx.lineJoin = st[4];
              ctx.stroke();
            }
          } else {
            ctx.font = sh[2] + 'px "evidence-font-' + sh[1] + '", sans-serif'; ctx.fillStyle = paintOf(ctx, sh[3]);
            ctx.textAlign = 'left'; ctx.textBaseline = 'alphabetic';
            sh[4].forEach(function (ln) {
              ctx.direction = ln[4] ? 'rtl' : 'ltr';
              // The painter's shaped width: a browser's hinting may differ by a fraction, never the extent.
              var m = ctx.measureText(ln[0]).width;
              ctx.save(); ctx.translate(ln[1], ln[2]);
              if (m > 0 && Math.abs(m - ln[3]) > 0.01) ctx.scale(ln[3] / m, 1);
              ctx.fillText(ln[0], 0, 0); ctx.restore();
            });
          }
        }
        function drawCell(i, canvas) {
          var s = sceneData(), c = s.cells[i], d = c[2];
          function paint() {
            canvas.width = Math.round(c[0] * d); canvas.height = Math.round(c[1] * d);
            var ctx = canvas.getContext('2d');
            ctx.setTransform(d, 0, 0, d, 0, 0);
            c[3].forEach(function (id) {
              ctx.save(); ctx.translate(s.placed[3 * id + 1] / s.scale, s.placed[3 * id + 2] / s.scale);
              drawShape(ctx, s.shapes[s.placed[3 * id]]); ctx.restore();
            });
            canvas.setAttribute('data-drawn', c[3].length);
          }
          paint();
          fontsReady.then(function () { if (canvas.isConnected) { paint(); canvas.setAttribute('data-fonts', 'ready');\
         } });
        }
        function route() { var m = /c=(\\d+)/.exec(location.hash); if (m && data.cells[+m[1]]) show(+m[1]); }
        window.addEventListener('hashchange', route); route();
        """
}
