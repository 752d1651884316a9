import EvidenceCore
import Foundation
import WidgetModel

/// Where a foreground sits relative to the kindling ember's centre. The ember (post-fix) is
/// centred on the streak glyph, so these are distances from the streak glyph's centre.
public enum EmberAnchor: String, Hashable, Sendable, Codable, CaseIterable {
    /// The 18 dp streak glyph's own ink: silhouette edge, fills, gold capstone. May cover the centre.
    case streakGlyph
    /// The open capstone slot's 1.4 dp dashed outline (top third of the stone tower).
    case capstoneDash
    /// Text beside the glyph on the head row (the streak numeral).
    case headRowText
    /// The reactive caption row and everything below it inside the ember's reach: caption
    /// spark + text, the dashed-slot glyph, new-day text, empty subtext, the Large coach spark.
    case captionRow
}

/// The post-fix ember layout (seed 000, OBJ-1636) — the constants the drawing layer must honour.
/// The contrast audit assumes them; the rendered audit checks the pixels if they are not honoured.
public enum EmberLayout {
    /// The ember box: 52 × 52 dp, centred on the streak glyph (its centre = the glyph's centre).
    public static let boxSideDp = 52.0
    /// `gradientRadius` 26 dp: start colour at the centre → same RGB at alpha 0 at 26 dp.
    public static let gradientRadiusDp = 26.0
    /// Box margins: 0 dp on Small (the flame container's size, unchanged), 4 dp on Medium/Large.
    public static let boxMarginSmallDp = 0.0
    public static let boxMarginMediumLargeDp = 4.0

    /// Minimum distance (dp) from the ember centre to the nearest ink of each anchor.
    /// Glyph ink may sit anywhere, including the centre.
    public static let streakGlyphClearanceDp = 0.0
    /// The capstone slot's dashed outline as the seed's figures place it: its nearest dash ≥ 6 dp
    /// from the glyph centre (the slot as the top third of the 18 dp tower: 6…9 dp above centre),
    /// which reproduces OBJ-1636's "3.48 light / 4.97 dark" (`EmberGeometry.seedPostFix`).
    public static let seedCapstoneDashClearanceDp = 6.0
    /// Where this renderer's stone tower (`GlyphArt.stones`) puts it: the slot's dash comes within
    /// 1.75 dp of the glyph centre, so the audit reads the ember from there (`RoleTableReachTests`
    /// proves every rendered pixel beneath the dash lies within what the audit measures).
    public static let capstoneDashClearanceDp = 1.75
    /// The numeral beside the glyph: half the glyph (9 dp) + a 2 dp gap.
    public static let headRowTextClearanceDp = 11.0
    /// Caption-row ink (and everything below it): ≥ 19.5 dp from the glyph centre. This is the
    /// binding one: widget_stone_muted (light) reads 4.58:1 here and less any closer.
    public static let captionRowClearanceDp = 19.5

    /// The clearance the audit reads at: as drawn.
    public static func clearance(_ anchor: EmberAnchor) -> Double {
        switch anchor {
        case .streakGlyph: return streakGlyphClearanceDp
        case .capstoneDash: return capstoneDashClearanceDp
        case .headRowText: return headRowTextClearanceDp
        case .captionRow: return captionRowClearanceDp
        }
    }
}

/// An ember drawable's geometry plus where each anchor's nearest ink sits from its centre.
/// The gradient is Android's `<gradient android:type="radial">`: colour interpolated from
/// `widget_ember_start` at the centre to `widget_ember_end` at `radiusDp` (CLAMP beyond — the end
/// colour, alpha 0), drawn only inside the `boxSideDp` square around the same centre.
public struct EmberGeometry: Hashable, Sendable, Codable, CustomStringConvertible {
    public var name: String
    public var boxSideDp: Double
    public var radiusDp: Double
    public var anchorDistanceDp: [EmberAnchor: Double]

    public init(name: String, boxSideDp: Double, radiusDp: Double, anchorDistanceDp: [EmberAnchor: Double]) {
        self.name = name
        self.boxSideDp = boxSideDp
        self.radiusDp = radiusDp
        self.anchorDistanceDp = anchorDistanceDp
    }
    public var description: String { name }

    public func distance(_ anchor: EmberAnchor) -> Double { anchorDistanceDp[anchor] ?? 0 }

    /// Gradient position 0…1 at offset (dx, dy) dp from the centre, or nil outside the box.
    public func gradientPosition(dx: Double, dy: Double) -> Double? {
        let half = boxSideDp / 2
        guard abs(dx) <= half, abs(dy) <= half else { return nil }
        return min(1, (dx * dx + dy * dy).squareRoot() / radiusDp)
    }

    /// The ember over `base` at (dx, dy) from its centre (source-over, unrounded).
    public func composite(start: Color, end: Color, over base: CompositeColor, dx: Double, dy: Double) -> CompositeColor
    {
        guard let t = gradientPosition(dx: dx, dy: dy) else { return base }
        // Android/Skia interpolate gradient colours unpremultiplied by default.
        func lerp(_ a: UInt8, _ b: UInt8) -> Double { Double(a) + (Double(b) - Double(a)) * t }
        let a = lerp(start.a, end.a) / 255
        return CompositeColor(
            r: a * lerp(start.r, end.r) + (1 - a) * base.r,
            g: a * lerp(start.g, end.g) + (1 - a) * base.g,
            b: a * lerp(start.b, end.b) + (1 - a) * base.b)
    }
    /// The same along a ray from the centre (the box clips at half its side on the axis).
    public func composite(start: Color, end: Color, over base: CompositeColor, distance: Double) -> CompositeColor {
        composite(start: start, end: end, over: base, dx: distance, dy: 0)
    }

    /// Shipped since OBJ-1636: 52 dp box centred on the glyph, radius 26 dp, anchors at the
    /// `EmberLayout` clearances as this renderer draws them — what `evidence contrast` audits.
    public static let postFix = EmberGeometry(
        name: "post-fix (52dp box on the glyph, radius 26dp)",
        boxSideDp: EmberLayout.boxSideDp, radiusDp: EmberLayout.gradientRadiusDp,
        anchorDistanceDp: Dictionary(uniqueKeysWithValues: EmberAnchor.allCases.map { ($0, EmberLayout.clearance($0)) })
    )

    /// The same with the capstone dash where the seed's figures place it (6 dp): the geometry that
    /// reproduces the seed's OBJ-1636 worst cases.
    public static let seedPostFix: EmberGeometry = {
        var g = postFix
        g.name = "post-fix as the seed measures it (capstone dash at 6dp)"
        g.anchorDistanceDp[.capstoneDash] = EmberLayout.seedCapstoneDashClearanceDp
        return g
    }()

    /// Pre-fix model (OBJ-1590 as shipped): box 84 dp (Small) / 64 dp (Medium, Large), radius
    /// 64 dp, *not* centred on the glyph. Assumed geometry (seed 000 gives only "the binding text
    /// runs sit 6–12 dp from the ember's center"): the box is anchored at the streak block's
    /// top-leading corner, so its centre falls among the head/caption text — every text anchor's
    /// nearest ink at 6 dp; the glyph (and its capstone dash) at 4.75 dp, fitted so the pre-fix
    /// dark dash #97A3B4 reads the seed's 3.86:1.
    public static func preFix(boxSideDp: Double, radiusDp: Double = 64) -> EmberGeometry {
        EmberGeometry(
            name: "pre-fix (\(Int(boxSideDp))dp box off the glyph, radius \(Int(radiusDp))dp)",
            boxSideDp: boxSideDp, radiusDp: radiusDp,
            anchorDistanceDp: [.streakGlyph: 4.75, .capstoneDash: 4.75, .headRowText: 6, .captionRow: 6])
    }
    public static let preFixSmall = preFix(boxSideDp: 84)
    public static let preFixMedium = preFix(boxSideDp: 64)
    /// The rejected alternative: pre-fix placement with only the radius shrunk to 16 dp
    /// (seed: "64dp→16dp still left 4.13:1").
    public static let preFixSmallRadius16 = preFix(boxSideDp: 84, radiusDp: 16)
}
