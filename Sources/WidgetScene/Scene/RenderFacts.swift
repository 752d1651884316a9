import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// What a render was asked to show, and under which conditions: the resolved widget (state,
/// reactive branch, counts, next-due habit), the family actually drawn, its size and type scale.
/// The required-content check reads it, and known findings match their conditions against it, so
/// an ad-hoc `render` at any size is judged exactly like a golden.
public struct RenderFacts: Sendable, Hashable {
    /// The family drawn (Android: the one resolveSize picked, not the one asked for).
    public var family: FixtureFamily
    public var resolved: ResolvedWidget
    /// Layout units: the granted dp (Android) or the widget's pt (iOS).
    public var size: Size
    /// Android's system font scale; 1 on iOS.
    public var fontScale: Double
    /// iOS Dynamic Type size; `.large` on Android.
    public var textSize: DynamicTypeSize

    public init(
        family: FixtureFamily, resolved: ResolvedWidget, size: Size, fontScale: Double = 1,
        textSize: DynamicTypeSize = .large
    ) {
        self.family = family
        self.resolved = resolved
        self.size = size
        self.fontScale = fontScale
        self.textSize = textSize
    }

    public var platform: Platform { family.platform }
    public var state: WidgetState { resolved.state }
}
