import CFriBidi
import CairoShim

/// How a paragraph's base direction is chosen (Unicode bidi rules P2–P3, or an override).
public enum ParagraphDirection: Sendable, Hashable {
    /// The first strong character decides; none → left to right. Android's TextView default
    /// (`TEXT_DIRECTION_FIRST_STRONG`) and iOS's natural writing direction.
    case firstStrong
    case leftToRight
    case rightToLeft
}

/// A stretch of one line drawn with one face in one direction.
public struct ShapedRun: Sendable {
    package let face: FontFace
    /// Glyphs in visual order, x from the line's left edge.
    public var glyphs: [ShapedGlyph]
    public var rightToLeft: Bool
    /// The file the run's face comes from, e.g. `NotoColorEmoji.ttf`.
    public var fontName: String { face.name }
}

/// A shaped line, runs in visual order (left to right).
public struct ShapedLine: Sendable {
    public var runs: [ShapedRun]
    /// Total advance in layout units.
    public var width: Double
    /// The resolved paragraph direction.
    public var rightToLeft: Bool
    /// Code points no face of the chain covers (drawn as the primary face's `.notdef` box), each once.
    public var missing: [Unicode.Scalar]
    /// `.notdef` glyphs in the shaped runs: zero when every glyph is real.
    public var notdefCount: Int

    public var glyphs: [ShapedGlyph] { runs.flatMap(\.glyphs) }
}

/// Itemizes a line into runs by bidi level, font coverage and script, then shapes each run with
/// HarfBuzz in its face. Face choice works per grapheme cluster (Swift `Character`), so a ZWJ
/// sequence, a flag or a letter with its combining marks never splits across faces.
package struct TextShaper {
    package let chain: [FontFace]
    package let size: Double

    /// Below U+0590 nothing is right-to-left or a bidi control: such text skips FriBidi entirely.
    package static let firstRightToLeftScalar: UInt32 = 0x0590
    /// hb_language_t is an interned, immutable pointer HarfBuzz hands out once per tag.
    package nonisolated(unsafe) static let language = hb_language_from_string("en", -1)

    package func shape(_ text: String, direction: ParagraphDirection) -> ShapedLine {
        let scalars = text.unicodeScalars.map(\.value)
        guard !scalars.isEmpty else {
            return ShapedLine(runs: [], width: 0, rightToLeft: direction == .rightToLeft, missing: [], notdefCount: 0)
        }
        var clusterStarts: [Int] = []
        clusterStarts.reserveCapacity(scalars.count)
        var n = 0
        for ch in text {
            clusterStarts.append(n)
            n += ch.unicodeScalars.count
        }

        let (levels, rtl) = Self.bidiLevels(scalars, direction: direction)
        let scripts = Self.scripts(scalars)

        // One face per cluster; `nil` when no face covers it (drawn from the primary as .notdef).
        var faceOf: [Int] = []
        var missing: [Unicode.Scalar] = []
        faceOf.reserveCapacity(clusterStarts.count)
        for (c, start) in clusterStarts.enumerated() {
            let end = c + 1 < clusterStarts.count ? clusterStarts[c + 1] : scalars.count
            let cluster = scalars[start..<end]
            if let f = faceIndex(for: cluster, previous: faceOf.last) {
                faceOf.append(f)
            } else {
                faceOf.append(0)
                for s in cluster where !Self.isIgnorable(s) && !chain.contains(where: { $0.covers(s) }) {
                    if let u = Unicode.Scalar(s), !missing.contains(u) { missing.append(u) }
                }
            }
        }

        // Logical runs: maximal cluster sequences with one face, level and script.
        struct Item {
            var start: Int
            var end: Int
            var face: Int
            var level: Int8
            var script: hb_script_t
        }
        var items: [Item] = []
        for (c, start) in clusterStarts.enumerated() {
            let end = c + 1 < clusterStarts.count ? clusterStarts[c + 1] : scalars.count
            let level = levels.isEmpty ? 0 : levels[start]
            if var last = items.last, last.face == faceOf[c], last.level == level, last.script == scripts[start] {
                last.end = end
                items[items.count - 1] = last
            } else {
                items.append(Item(start: start, end: end, face: faceOf[c], level: level, script: scripts[start]))
            }
        }

        // Unicode bidi rule L2: from the highest level down to the lowest odd one, reverse every
        // maximal sequence of runs at that level or higher.
        var order = Array(items.indices)
        if let maxLevel = items.map(\.level).max(), maxLevel > 0 {
            let lowestOdd = items.map(\.level).filter { $0 % 2 == 1 }.min() ?? maxLevel
            var level = maxLevel
            while level >= lowestOdd && level > 0 {
                var i = 0
                while i < order.count {
                    guard items[order[i]].level >= level else {
                        i += 1
                        continue
                    }
                    var j = i
                    while j < order.count && items[order[j]].level >= level { j += 1 }
                    order[i..<j].reverse()
                    i = j
                }
                level -= 1
            }
        }

        var runs: [ShapedRun] = []
        var pen = 0.0
        var notdefs = 0
        for index in order {
            let item = items[index]
            let face = chain[item.face]
            let (glyphs, advance) = shapeRun(
                scalars, item.start, item.end - item.start, face: face,
                rightToLeft: item.level % 2 == 1, script: item.script, origin: pen)
            for g in glyphs where g.glyph == 0 {
                notdefs += 1
                if let u = Unicode.Scalar(scalars[g.cluster]), !missing.contains(u),
                    !Self.isIgnorable(scalars[g.cluster])
                {
                    missing.append(u)
                }
            }
            runs.append(ShapedRun(face: face, glyphs: glyphs, rightToLeft: item.level % 2 == 1))
            pen += advance
        }
        return ShapedLine(runs: runs, width: pen, rightToLeft: rtl, missing: missing, notdefCount: notdefs)
    }

    /// The first face of the chain that covers every visible scalar of the cluster, with two phone
    /// rules: an emoji-presentation cluster goes to the colour face first, and a space or common
    /// punctuation mark stays in the previous cluster's (text) face when it covers it (Minikin's
    /// "sticky" characters), so "קריאה יומית" shapes as one Hebrew run. Nil when no face covers it.
    package func faceIndex(for cluster: ArraySlice<UInt32>, previous: Int?) -> Int? {
        // The common path: one scalar below U+2000 (nothing there is emoji by default) that the
        // primary covers — decided with one cmap lookup, no property tables, no allocation.
        if cluster.count == 1, let s = cluster.first, s < 0x2000 {
            if Self.isSticky(s), let p = previous, p != 0, !chain[p].hasColor, chain[p].covers(s) { return p }
            if chain[0].covers(s) { return 0 }
        }
        let visible = cluster.filter { !Self.isIgnorable($0) }
        guard let base = visible.first ?? cluster.first else { return previous ?? 0 }
        if Self.prefersEmoji(cluster), let e = chain.firstIndex(where: { $0.hasColor }), chain[e].covers(base) {
            return e
        }
        // Not the colour face: its space is an emoji-wide blank.
        if cluster.count == 1, Self.isSticky(base), let p = previous, !chain[p].hasColor, chain[p].covers(base) {
            return p
        }
        if let f = chain.firstIndex(where: { face in visible.allSatisfy { face.covers($0) } }) { return f }
        // Base covered but not all its marks: keep the base's face; the marks shape as .notdef and are reported.
        return chain.firstIndex { $0.covers(base) }
    }

    /// Default-ignorable scalars (ZWJ, variation selectors, tags, bidi controls) need no glyph of their own.
    package static func isIgnorable(_ s: UInt32) -> Bool {
        Unicode.Scalar(s)?.properties.isDefaultIgnorableCodePoint ?? false
    }

    /// Emoji presentation: VS16, a ZWJ sequence, a skin-tone modifier, a flag, a keycap, or a base
    /// that is emoji by default — unless VS15 asks for text.
    package static func prefersEmoji(_ cluster: ArraySlice<UInt32>) -> Bool {
        if cluster.contains(0xFE0E) { return false }
        guard let first = cluster.first.flatMap(Unicode.Scalar.init) else { return false }
        if first.properties.isEmojiPresentation { return true }
        return cluster.contains { s in
            s == 0xFE0F || s == 0x20E3 || (0x1F1E6...0x1F1FF).contains(s)
                || Unicode.Scalar(s)?.properties.isEmojiModifier == true
        } || (cluster.contains(0x200D) && first.properties.isEmoji)
    }

    /// Minikin's sticky list (spaces and common punctuation) plus the ASCII space.
    package static func isSticky(_ s: UInt32) -> Bool {
        switch s {
        case 0x20, 0x21, 0x2C, 0x2D, 0x2E, 0x3A, 0x3B, 0x3F, 0xA0, 0x2010, 0x2011, 0x202F: return true
        default: return false
        }
    }

    /// The paragraph's direction by its first strong character (rules P2–P3).
    package static func isRightToLeftParagraph(_ text: String) -> Bool {
        bidiLevels(text.unicodeScalars.map(\.value), direction: .firstStrong).rightToLeft
    }

    /// Bidi embedding levels (rules P2–I2, then L1) from FriBidi, and the resolved paragraph
    /// direction. Text with nothing at or above U+0590 is all level 0 in a left-to-right
    /// paragraph unless forced right-to-left — the common Latin path never calls FriBidi.
    package static func bidiLevels(_ scalars: [UInt32], direction: ParagraphDirection) -> (
        levels: [Int8], rightToLeft: Bool
    ) {
        if direction != .rightToLeft, !scalars.contains(where: { $0 >= firstRightToLeftScalar }) {
            return ([], false)
        }
        let len = FriBidiStrIndex(scalars.count)
        var types = [FriBidiCharType](repeating: FriBidiCharType(0), count: scalars.count)
        var brackets = [FriBidiBracketType](repeating: 0, count: scalars.count)
        var levels = [FriBidiLevel](repeating: 0, count: scalars.count)
        var base: FriBidiParType =
            switch direction {
            case .firstStrong: evidence_fribidi_par_first_strong()
            case .leftToRight: evidence_fribidi_par_ltr()
            case .rightToLeft: evidence_fribidi_par_rtl()
            }
        fribidi_get_bidi_types(scalars, len, &types)
        fribidi_get_bracket_types(scalars, len, types, &brackets)
        guard fribidi_get_par_embedding_levels_ex(types, brackets, len, &base, &levels) > 0 else {
            return ([], direction == .rightToLeft)  // allocation failure only: draw in logical order
        }
        // L1 part 4 (trailing whitespace takes the paragraph level); no visual string or map wanted.
        _ = fribidi_reorder_line(0, types, len, 0, base, &levels, nil, nil)
        return (levels.map { Int8($0) }, evidence_fribidi_is_rtl(base) != 0)
    }

    /// Each scalar's script, with Common / Inherited / Unknown taking their neighbour's (a mark
    /// its base's, a space or digit the preceding script's, leading ones the first real script).
    package static func scripts(_ scalars: [UInt32]) -> [hb_script_t] {
        let funcs = hb_unicode_funcs_get_default()
        var out = scalars.map { hb_unicode_script(funcs, $0) }
        func isReal(_ s: hb_script_t) -> Bool {
            s != HB_SCRIPT_COMMON && s != HB_SCRIPT_INHERITED && s != HB_SCRIPT_UNKNOWN
        }
        var last = out.first(where: isReal) ?? HB_SCRIPT_COMMON
        for i in out.indices {
            if isReal(out[i]) { last = out[i] } else { out[i] = last }
        }
        return out
    }

    /// Shapes scalars[start..<start+count] in `face`, the whole line as context (Arabic joining
    /// across a run edge). Returns glyphs placed from `origin` and the run's advance.
    package func shapeRun(
        _ scalars: [UInt32], _ start: Int, _ count: Int, face: FontFace, rightToLeft: Bool,
        script: hb_script_t, origin: Double
    ) -> ([ShapedGlyph], Double) {
        guard let buf = hb_buffer_create() else { return ([], 0) }
        defer { hb_buffer_destroy(buf) }
        hb_buffer_add_utf32(buf, scalars, Int32(scalars.count), UInt32(start), Int32(count))
        hb_buffer_set_direction(buf, rightToLeft ? HB_DIRECTION_RTL : HB_DIRECTION_LTR)
        if script != HB_SCRIPT_COMMON { hb_buffer_set_script(buf, script) }
        // Fixed, never the process locale: the environment must not change a render.
        hb_buffer_set_language(buf, Self.language)
        hb_buffer_guess_segment_properties(buf)
        hb_shape(face.hbFont, buf, nil, 0)
        var n: UInt32 = 0
        let infos = hb_buffer_get_glyph_infos(buf, &n)
        let positions = hb_buffer_get_glyph_positions(buf, &n)
        let scale = size / face.unitsPerEm
        var out: [ShapedGlyph] = []
        out.reserveCapacity(Int(n))
        var penX = 0.0
        var penY = 0.0
        for i in 0..<Int(n) {
            let p = positions![i]
            out.append(
                ShapedGlyph(
                    glyph: infos![i].codepoint,
                    x: origin + (penX + Double(p.x_offset)) * scale,
                    y: (penY - Double(p.y_offset)) * scale,
                    cluster: Int(infos![i].cluster)))
            penX += Double(p.x_advance)
            penY += Double(p.y_advance)
        }
        return (out, penX * scale)
    }
}
