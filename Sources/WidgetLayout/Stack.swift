import EvidenceCore
import WidgetText

/// How a layout routine runs (taffy's `RunMode`, Flutter's dry layout): `measure` decides exactly
/// what `place` would — the same code, the same numbers — but keeps only what a probe reads (which
/// elements are shown, how many rows seat), skipping the human arithmetic and the final line
/// wrapping. So a question like "does the row fit?" is a measure run, never a copied formula.
public enum RunMode: Sendable, Hashable {
    case measure, place
}

/// The layout engine's column: take items top-down in priority order, wrap text to the lines that
/// fit (up to its maximum), shed what does not fit, centre a group in the slack. Platform-neutral:
/// line heights come from a `LineMetrics` policy, widths from the HarfBuzz measurer. Measuring and
/// placing are one call, so a budget can never measure one way and place another.
public struct StackColumn {
    public let metrics: LineMetrics
    public let measurer: TextMeasuring
    public var x: Double
    public var width: Double
    /// Next free y, and the bottom the column may not cross.
    public var y: Double
    public var bottom: Double

    /// The height the column started with: what it was given, before anything took from it.
    public let height: Double

    public init(metrics: LineMetrics, measurer: TextMeasuring, box: Rect) {
        self.metrics = metrics
        self.measurer = measurer
        x = box.minX
        width = box.width
        y = box.minY
        bottom = box.maxY
        height = box.height
    }

    /// The room left between the next free y and the bottom (negative once an element that never
    /// sheds has overrun it: then nothing more fits).
    public var left: Double { bottom - y }
    /// What the items taken so far (from the top and the bottom) cost.
    public var used: Double { height - left }

    /// Wraps `text` into at most `maxLines` lines that also fit the height left (after `gap`).
    /// nil when not even one line fits — or, for a `whole` (must-keep) line, when it would be cut:
    /// such a line is shed whole, never ellipsized (seed 000: "New d…" is a broken render).
    public mutating func text(
        _ text: String, style: TextStyle, maxLines: Int, gap: Double = 0,
        width: Double? = nil, indent: Double = 0, whole: Bool = true
    ) -> (frame: Rect, text: FinishedText)? {
        let lineH = metrics.lineHeight(style)
        let lines = min(maxLines, linesThatFit(lineHeight: lineH, gap: gap))
        let w = (width ?? self.width) - indent
        guard lines >= 1, w > 0 else { return nil }
        let wrapped = TextWrap.wrap(text, width: w, maxLines: lines, style: style, measurer: measurer)
        if whole && wrapped.ellipsized { return nil }
        let frame = Rect(
            x: x + indent, y: y + gap, width: min(w, Self.ceil(wrapped.maxLineWidth)),
            height: Self.textHeight(lines: wrapped.lines.count, lineHeight: lineH))
        y = frame.maxY
        return (frame, FinishedText(lines: wrapped.lines, ellipsized: wrapped.ellipsized))
    }

    /// How many `lineHeight` lines fit `room` after `gap`: the one lines-that-fit rule (its epsilon
    /// keeps floating-point dust from costing a line). Negative when even the gap does not fit.
    public static func linesThatFit(_ room: Double, lineHeight: Double, gap: Double = 0) -> Int {
        Int(((room - gap) / lineHeight + 1e-9).rounded(.down))
    }

    /// How many `lineHeight` lines fit the room left after `gap` (what `text` wraps to at most).
    public func linesThatFit(lineHeight: Double, gap: Double = 0) -> Int {
        Self.linesThatFit(left, lineHeight: lineHeight, gap: gap)
    }

    /// The height `lines` lines of `lineHeight` take after `gap`: the one text-height rule, which the
    /// lines-that-fit rule inverts.
    public static func textHeight(lines: Int, lineHeight: Double, gap: Double = 0) -> Double {
        gap + Double(lines) * lineHeight
    }

    /// `text`'s forms for a shed order, at the column width less `indent`: whole on the lines it
    /// needs (at most `maxLines`), then — where it may be cut at its tail — one line fewer each, down
    /// to one. What `text` draws for a form is exactly what the form costs, so a decision made on
    /// these heights is the placement's.
    public func textForms(
        _ text: String, style: TextStyle, maxLines: Int, gap: Double = 0, indent: Double = 0,
        mayCut: Bool
    ) -> TextForms {
        let w = width - indent
        guard w > 0, maxLines >= 1 else { return TextForms(needed: 0, lines: [], heights: []) }
        let needed = lineCount(text, style: style, width: w)
        let top = min(needed, maxLines)
        let lines = mayCut ? Array(stride(from: top, through: 1, by: -1)) : needed <= maxLines ? [top] : []
        let lineH = metrics.lineHeight(style)
        return TextForms(
            needed: needed, lines: lines, heights: lines.map { Self.textHeight(lines: $0, lineHeight: lineH, gap: gap) }
        )
    }

    /// Draws `text` in form `form` of `forms` (from `textForms` with the same text, style, gap and
    /// indent): on that form's lines, whole or cut at its tail. nil when the form does not fit, or
    /// when a whole form would be cut (a word wider than the line) unless `orCut` lets it be.
    public mutating func text(
        _ text: String, style: TextStyle, form: Int, of forms: TextForms, gap: Double = 0,
        indent: Double = 0, orCut: Bool = false
    ) -> (frame: Rect, text: FinishedText)? {
        self.text(
            text, style: style, maxLines: forms.lines[form], gap: gap, indent: indent,
            whole: forms.isWhole(form) && !orCut)
    }

    /// A text the seeds give no line limit (a SwiftUI `Text` wraps), as one element of a shed order:
    /// its forms (whole on the lines it needs, at most `maxLines`, then cut down to one line), the
    /// largest that fits the room left, drawn — cut at its tail where the room ends first. nil when
    /// not one line fits.
    public mutating func textOrCut(
        _ text: String, style: TextStyle, maxLines: Int, gap: Double = 0,
        indent: Double = 0
    ) -> (frame: Rect, text: FinishedText)? {
        let forms = textForms(text, style: style, maxLines: maxLines, gap: gap, indent: indent, mayCut: true)
        guard let form = ShedOrder<Int>.form(of: forms.heights, room: left) else { return nil }
        return self.text(text, style: style, form: form, of: forms, gap: gap, indent: indent, orCut: true)
    }

    /// How far a group placed from the top moves down to sit centred in the room left under it:
    /// half the slack, rounded down to a whole unit (none once the column has overrun).
    public var centringShift: Double { (max(0, left) / 2).rounded(.down) }

    /// Where an `inner` length starts inside an `outer` one so it sits centred: half the difference
    /// (the one centring rule; `centringShift` is it for the column's slack, in whole units).
    public static func centred(_ inner: Double, in outer: Double) -> Double { (outer - inner) / 2 }

    /// Where a `length` centred on `mid` starts (the centring rule from a midpoint).
    public static func centred(_ length: Double, on mid: Double) -> Double { mid - length / 2 }

    /// A fixed-height slot (a glyph, a button, a row); nil when it does not fit.
    public mutating func slot(height: Double, gap: Double = 0, width: Double? = nil) -> Rect? {
        guard fits(height, gap: gap) else { return nil }
        return take(height, gap: gap, width: width)
    }

    /// Whether a `height` slot after `gap` fits the room left (the one comparison `slot` makes).
    public func fits(_ height: Double, gap: Double = 0) -> Bool { gap + height <= left + 1e-9 }

    /// Takes a `height` slot from the top whether or not it fits: an element that never sheds (the
    /// streak numeral), or one whose fit a measure run already decided. The room may go negative.
    @discardableResult
    public mutating func take(_ height: Double, gap: Double = 0, width: Double? = nil) -> Rect {
        let r = Rect(x: x, y: y + gap, width: width ?? self.width, height: height)
        y = r.maxY
        return r
    }

    /// Reserves `height` at the bottom (a footer, a closing line) so later items cannot take it.
    public mutating func reserveBottom(_ height: Double) -> Rect? {
        guard height <= left + 1e-9 else { return nil }
        bottom -= height
        return Rect(x: x, y: bottom, width: width, height: height)
    }

    /// How many lines `text` needs at the column width (for "does it fit whole?" decisions).
    public func lineCount(_ text: String, style: TextStyle, width: Double? = nil) -> Int {
        TextWrap.lineCount(text, width: width ?? self.width, style: style, measurer: measurer)
    }

    /// Width of a single line, rounded up to whole points.
    public func advance(_ text: String, style: TextStyle) -> Double {
        Self.ceil(measurer.advance(text, style: style))
    }

    /// Round a measured or derived value up to a whole unit, ignoring floating-point dust (34 × 1.15 ×
    /// 1.33 = 52.003 → 53, but 11 × 1.33 × 10 must not become 147). The kit's rule; Android's dp
    /// rounding (`AndroidLayout.ceilDp`) is this one.
    public static func ceil(_ v: Double) -> Double { (v - 1e-9).rounded(.up) }
}

/// A text's forms, largest first (`StackColumn.textForms`): the lines each draws and the height it
/// costs, gap included. Empty when the text has no form it may be drawn in.
public struct TextForms {
    /// The lines the whole text needs at its width.
    public let needed: Int
    public let lines: [Int]
    public let heights: [Double]
    /// Whether form `form` draws the whole text (no tail cut).
    public func isWhole(_ form: Int) -> Bool { lines[form] >= needed }
}

/// The seed's shed order as data, for one column: its elements in priority order (highest first),
/// each with its forms largest first — whole, wrapped, the seed's short form, stepped down to a
/// named floor, ellipsized where the truncation policy allows — as the height each form costs.
/// `fill` keeps the highest-priority elements in their largest forms that fit: each takes, in
/// priority order, its largest form that fits what the ones above it left. So nothing is shed while
/// its smallest form would fit the room left unused (the room it would free is never wasted), and
/// nothing is shed to make room for an element of lower priority. Which element is drawn where
/// (reading order) is the family's placing; this decides only what is drawn, in which form.
public struct ShedOrder<Key: Hashable> {
    public struct Item {
        public var key: Key
        /// Height each form costs, largest form first; empty: nothing to draw.
        public var forms: [Double]
        /// Drawn only together with this element (a check-off button with the habit it names).
        public var requires: Key?
        /// Never shed (the checklist's viability floor): where no form fits, it takes its smallest
        /// anyway, and what ranks below it gets none of the room it overran.
        public var kept: Bool
        public init(_ key: Key, forms: [Double], requires: Key? = nil, kept: Bool = false) {
            self.key = key
            self.forms = forms
            self.requires = requires
            self.kept = kept
        }
    }

    public var items: [Item]
    public init(_ items: [Item]) { self.items = items }

    /// The form index each element is drawn in (absent: shed) and the room left over.
    public func fill(room: Double) -> (forms: [Key: Int], left: Double) {
        var left = room
        var chosen: [Key: Int] = [:]
        for item in items {
            if let needed = item.requires, chosen[needed] == nil { continue }
            guard
                let form = item.forms.firstIndex(where: { $0 <= left + 1e-9 })
                    ?? (item.kept && !item.forms.isEmpty ? item.forms.count - 1 : nil)
            else { continue }
            chosen[item.key] = form
            left -= item.forms[form]
        }
        return (chosen, left)
    }
}

extension ShedOrder where Key == Int {
    /// One element alone in `room`: the index of its largest form that fits (nil: shed).
    public static func form(of forms: [Double], room: Double) -> Int? {
        ShedOrder([.init(0, forms: forms)]).fill(room: room).forms[0]
    }
}
