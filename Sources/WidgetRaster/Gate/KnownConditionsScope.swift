import WidgetLayout
import WidgetModel
import WidgetScene

/// Whether a known finding's conditions narrow anything (issue #55: "one known finding matching a
/// whole platform"). Refusing `{"platform": "android"}` alone was not enough: `{"platform":
/// "android", "width": [0, 1e9]}` or a family list naming every family matched every render of the
/// platform just the same. A condition that admits every value its field can take on the platforms
/// the entry covers is no condition; what is left must name more than the platform.
extension KnownConditions {
    /// The platforms whose renders these conditions can match.
    var platforms: [Platform] { platform.map { [$0] } ?? Platform.allCases }

    /// The conditions with every field that admits all its values dropped.
    var narrowing: KnownConditions {
        var c = self
        if let f = family, Set(f).isSuperset(of: Self.families(platforms)) { c.family = nil }
        if let s = state, Set(s).isSuperset(of: WidgetState.allCases) { c.state = nil }
        if let r = reactive, Set(r).isSuperset(of: Self.reactiveValues) { c.reactive = nil }
        if let m = motif, Set(m).isSuperset(of: StreakMotif.allCases) { c.motif = nil }
        if let t = textSize, Set(t).isSuperset(of: DynamicTypeSize.allCases) { c.textSize = nil }
        if let l = coachLine, Set(l).isSuperset(of: Self.coachLineValues) { c.coachLine = nil }
        if Self.covers(width, platforms.map(Self.widthRange)) { c.width = nil }
        if Self.covers(height, platforms.map(Self.heightRange)) { c.height = nil }
        if Self.covers(fontScale, [AndroidRenderRequest.fontScaleRange]) { c.fontScale = nil }
        return c
    }

    /// Why these conditions match every render of their platform (or of both), or nil when they
    /// narrow. Conditions that only look narrower (every family, a width range past the accepted
    /// one) are refused for an entry of every element (`node: "*"`); an entry naming its element
    /// is narrowed by it (a seed passage may name one view on every family: "every single-line
    /// TextView … truncates"), but never by the platform alone.
    func wholePlatformProblem(everyElement: Bool) -> String? {
        let left = narrowing
        guard left == KnownConditions() || left == KnownConditions(platform: platform) else { return nil }
        let renders = platform.map { "every \($0.rawValue) render" } ?? "every render"
        if self == KnownConditions(platform: platform) {
            return
                "names only the platform, which would match \(renders); add the family, state, size or font scale its "
                + "seed passage names"
        }
        guard everyElement else { return nil }
        return
            "admit every value of each field they name, so with node \"*\" they would match \(renders) (a range or "
            + "list that "
            + "holds every width, height, font scale, family, state … is no condition); name the element, or the "
            + "family, state, size "
            + "or font scale its seed passage names"
    }

    static let reactiveValues = ReactiveTreatment.allCases.map(\.rawValue) + ["suppressed"]

    static func families(_ platforms: [Platform]) -> Set<String> {
        Set(
            platforms.flatMap { p -> [String] in
                switch p {
                case .android: return AndroidFamily.allCases.map(\.rawValue)
                case .ios: return IOSFamily.allCases.map(\.rawValue)
                }
            })
    }

    /// Every width a render of `p` can have, in its layout unit (`render` refuses any other).
    static func widthRange(_ p: Platform) -> ClosedRange<Double> {
        switch p {
        case .android: return AndroidRenderRequest.widthRange
        case .ios: return IOSRenderRequest.sideRange
        }
    }
    static func heightRange(_ p: Platform) -> ClosedRange<Double> {
        switch p {
        case .android: return AndroidRenderRequest.heightRange
        case .ios: return IOSRenderRequest.sideRange
        }
    }

    /// Whether `range` holds every value of every one of `domains`.
    static func covers(_ range: [Double]?, _ domains: [ClosedRange<Double>]) -> Bool {
        guard let range, range.count == 2 else { return false }
        return domains.allSatisfy { range[0] <= $0.lowerBound && range[1] >= $0.upperBound }
    }
}
