import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetText

/// One widget drawn by the pipeline (resolve → copy → plan → scene), with what `render --json`
/// and `plan` report about it. Both commands go through `WidgetRenderer`, so they cannot disagree.
public struct RenderedWidget: Sendable {
    public var platform: Platform { facts.platform }
    /// The family drawn (Android: the size resolveSize picked), by its name.
    public var family: String { facts.family.name }
    public var resolved: ResolvedWidget { facts.resolved }
    public var scene: Scene
    /// One line on the layout's decisions (`rung COMPACT`, `device class 393x852 @2x`).
    public var layoutNote: String
    /// Elements the layout has but did not draw, with why (iOS: shed lines, line3 dropped by ViewThatFits).
    public var hidden: [String: String] = [:]
    /// What it was asked to show, the family the plan drew, its size and type scale (the
    /// required-content check, known findings) — `WidgetRenderer.facts`, as `plan` builds them.
    public var facts: RenderFacts
    /// Android's font scale (1 on iOS) and iOS's Dynamic Type size (`.large` on Android).
    public var fontScale: Double { facts.fontScale }
    public var textSize: DynamicTypeSize { facts.textSize }
}

/// A scene with what its builder was asked to show (`RenderFacts`), made together: the gate reads
/// the facts a fixture was drawn from, never a re-derivation from its identity. Hand-built scenes
/// (tests) carry none.
public struct DrawnScene: Sendable {
    public var scene: Scene
    public var facts: RenderFacts?
    public init(scene: Scene, facts: RenderFacts?) {
        self.scene = scene
        self.facts = facts
    }
}

/// One widget through the platform's builder (resolve → copy → plan → scene), made once for what
/// `render` draws and `plan` reports.
public struct DrawnWidget: Sendable {
    public enum Plan: Sendable {
        case android(AndroidWidgetPlan)
        case ios(IOSWidgetPlan, IOSRenderRequest)

        /// The plan, whichever platform made it.
        public var laidOut: any LaidOutPlan {
            switch self {
            case .android(let plan): plan
            case .ios(let plan, _): plan
            }
        }
    }
    public var plan: Plan
    public var scene: Scene
    /// What it was asked to show, the family the plan drew (Android: resolveSize's pick), typed.
    public var facts: RenderFacts

    public var drawn: DrawnScene { DrawnScene(scene: scene, facts: facts) }
}

/// Renders a platform request into a scene with the given tokens, through the platform's builder.
public struct WidgetRenderer: Sendable {
    public let fonts: FontLibrary
    public let androidTokens: TokenSet
    public let iosTokens: TokenSet

    public init(fonts: FontLibrary, androidTokens: TokenSet, iosTokens: TokenSet) {
        self.fonts = fonts
        self.androidTokens = androidTokens
        self.iosTokens = iosTokens
    }

    /// The one pass through the builders that `render`, `plan` and the catalog share.
    public func draw(_ target: RenderTarget) -> DrawnWidget {
        Self.draw(
            target, android: AndroidSceneBuilder(fonts: fonts, tokens: androidTokens),
            ios: IOSSceneBuilder(fonts: fonts, tokens: iosTokens))
    }

    /// The same pass with given builders (the contrast audit draws the catalog with its own tokens).
    public static func draw(_ target: RenderTarget, android builder: AndroidSceneBuilder, ios: IOSSceneBuilder)
        -> DrawnWidget
    {
        switch target {
        case .android(let r):
            let (w, plan) = builder.plan(r)
            return DrawnWidget(plan: .android(plan), scene: builder.scene(w, plan, r), facts: facts(r, w, plan.size))
        case .ios(let r):
            let builder = ios
            let (w, plan) = builder.plan(r)
            return DrawnWidget(plan: .ios(plan, r), scene: builder.scene(w, plan, r), facts: facts(r, w))
        }
    }

    /// What a target's render is drawn from, without drawing it: the same facts `draw` gives (known
    /// findings' coverage of the matrix counts them). Only an Android `auto` family is decided —
    /// resolveSize's pick, as the plan makes it; a fixed family is the one the plan draws.
    public static func facts(_ target: RenderTarget, android builder: AndroidSceneBuilder) -> RenderFacts {
        switch target {
        case .android(let r):
            let w = AndroidSceneBuilder.resolved(r)
            let family =
                r.family.fixed ?? plannedFamily(AndroidSceneBuilder.planInput(w, r), measurer: builder.fonts).size
            return facts(r, w, family)
        case .ios(let r): return facts(r, IOSSceneBuilder.resolved(r))
        }
    }

    /// `facts(target, android:)` without planning. Where only the Large plan's habit capacity tells
    /// Medium from Large (`familyWithoutPlanning` is nil), the facts say Medium and `decided` is false.
    public static func factsWithoutPlanning(_ target: RenderTarget) -> (facts: RenderFacts, decided: Bool) {
        switch target {
        case .android(let r):
            let w = AndroidSceneBuilder.resolved(r)
            let family = familyWithoutPlanning(r.family, widthDp: r.widthDp, heightDp: r.heightDp, kindling: w.kindling)
            return (facts(r, w, family ?? .medium), family != nil)
        case .ios(let r): return (facts(r, IOSSceneBuilder.resolved(r)), true)
        }
    }

    /// The facts of an Android render: the family the plan drew (resolveSize's pick) at the granted
    /// size, which is its scene's size.
    static func facts(_ r: AndroidRenderRequest, _ w: ResolvedWidget, _ family: AndroidFamily) -> RenderFacts {
        RenderFacts(family: .android(family), resolved: w, size: Size(r.widthDp, r.heightDp), fontScale: r.fontScale)
    }
    /// The facts of an iOS render: the family asked for at the request's size (its scene's size).
    static func facts(_ r: IOSRenderRequest, _ w: ResolvedWidget) -> RenderFacts {
        RenderFacts(family: .ios(r.family), resolved: w, size: r.size, textSize: r.textSize)
    }

    public func render(_ target: RenderTarget) throws(InputError) -> RenderedWidget {
        let d = draw(target)
        switch d.plan {
        case .android(let plan):
            return RenderedWidget(
                scene: d.scene, layoutNote: plan.rung.map { "rung \($0.rawValue)" } ?? "", facts: d.facts)
        case .ios(let plan, let r):
            let mode =
                r.family.isAccessory ? ", vibrant" : r.hostMode == .full ? "" : ", host mode \(r.hostMode.rawValue)"
            return RenderedWidget(
                scene: d.scene,
                layoutNote:
                    "\(r.deviceClass.map { "device class \($0)" } ?? "explicit size") @\(Int(r.scale))x, text size "
                    + "\(r.textSize.rawValue)\(mode)",
                hidden: plan.hiddenByName, facts: d.facts)
        }
    }

    /// The key an ad-hoc render's findings carry (known findings match it by conditions, not by key).
    public static func adHocKey(_ facts: RenderFacts) -> String {
        "render/\(facts.platform.rawValue)/\(facts.family.name)"
    }
}
