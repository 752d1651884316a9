import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// Everything one Android render depends on — and nothing else: no clock, no environment.
public struct AndroidRenderRequest: Sendable, Hashable {
    public var family: AndroidFamilyRequest
    /// Granted size in dp, including the host's 8 dp system margin on every side.
    public var widthDp: Double
    public var heightDp: Double
    public var fontScale: Double
    public var theme: Theme
    /// Pixels per dp (2 = xhdpi).
    public var density: Double
    /// nil = no snapshot yet (firstRun).
    public var snapshot: WidgetSnapshot?
    public var asOf: Date
    public var timeZone: TimeZone

    public init(
        family: AndroidFamilyRequest = .auto, widthDp: Double, heightDp: Double, fontScale: Double = 1,
        theme: Theme = .light, density: Double = 2, snapshot: WidgetSnapshot?, asOf: Date,
        timeZone: TimeZone
    ) {
        self.family = family
        self.widthDp = widthDp
        self.heightDp = heightDp
        self.fontScale = fontScale
        self.theme = theme
        self.density = density
        self.snapshot = snapshot
        self.asOf = asOf
        self.timeZone = timeZone
    }

    /// Sizes and scales a launcher can actually grant (and our raster can hold). Outside → InputError.
    public static let widthRange: ClosedRange<Double> = 40...1000
    public static let heightRange: ClosedRange<Double> = 40...1000
    public static let fontScaleRange: ClosedRange<Double> = 0.5...3
    public static let densityRange: ClosedRange<Double> = 0.5...4

    /// The size `render` and `plan` use when none is given: the matrix's typical placement for a
    /// fixed family (`AndroidFamilyTraits.placement`); the seed's OBJ-2428 reference geometry
    /// (230 × 330 dp) for `auto`, and for a family whose placement asks `auto` (Large).
    public static func typicalSize(_ family: AndroidFamilyRequest) -> Size {
        guard let p = family.fixed?.androidTraits.placement, !p.asksAuto else { return referenceSize }
        return Size(p.width, p.height)
    }
    /// Seed 000 OBJ-2428's reference geometry.
    static let referenceSize = Size(230, 330)
}
