import Foundation
import WidgetLayout
import WidgetModel

/// Plans by what they are planned from, for builders drawing a whole matrix (the catalog's): items
/// that differ only in what the plan does not read — the theme, the host mode on Android — share
/// one plan. The bundled matrix plans 450 distinct Android inputs for 921 items and 1,207 iOS
/// requests (theme aside) for 1,845. Unbounded: give it only to builders with a bounded set of requests.
public final class PlanMemo: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var android: [AndroidPlanInput: AndroidWidgetPlan] = [:]
    private var ios: [IOSRenderRequest: IOSWidgetPlan] = [:]

    public init() {}

    /// `planAndroidWidget` is a function of its input and the measurer, which a builder never changes.
    func android(_ input: AndroidPlanInput, _ plan: () -> AndroidWidgetPlan) -> AndroidWidgetPlan {
        if let found = lock.withLock({ android[input] }) { return found }
        let made = plan()
        lock.withLock { android[input] = made }
        return made
    }

    /// `planIOSWidget` reads every part of the request but its theme (colour is the scene's),
    /// so requests are keyed with one theme (PlanMemoTests checks both themes plan alike).
    func ios(_ request: IOSRenderRequest, _ plan: () -> IOSWidgetPlan) -> IOSWidgetPlan {
        var key = request
        key.theme = .light
        if let found = lock.withLock({ ios[key] }) { return found }
        let made = plan()
        lock.withLock { ios[key] = made }
        return made
    }
}
