import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel

/// Host rendering modes as a `Scene → Scene` pass over node colours (DESIGN "The pipeline"; seed 000
/// "Host rendering modes (iOS)"). The layout and shapes never change — only who owns the card and
/// what colour each node is painted — so a host mode reuses the full-colour scene it is given.

/// How the host paints the widget (WidgetKit's `WidgetRenderingMode`, plus StandBy's Night Mode).
public enum SceneRendering: String, Hashable, Sendable, Codable {
    /// App-owned colour (Home Screen light / dark, StandBy).
    case fullColor
    /// Accented: RGB discarded, every view repainted in one tint keeping only its alpha (tinted Home
    /// Screen; StandBy Night Mode, whose one tint is red).
    case accented
    /// Lock Screen vibrant: one desaturated tint, white on transparent (the accessories).
    case vibrant

    /// One-tint modes, where nothing may carry meaning in colour alone (seed 000).
    public var isOneTint: Bool { self != .fullColor }
}

public enum HostRendering {
    /// The tinted Home Screen's two groups (seeds silent on values): the default group in a pale
    /// desaturated tint, the `widgetAccentable` group (the streak glyph) in the accent tint.
    public static let tintedDefault = Color(r: 0xF4, g: 0xEC, b: 0xE1)
    public static let tintedAccent = Color(r: 0xFF, g: 0xB3, b: 0x40)
    /// The host's dark translucent material behind a tinted widget, in place of `WidgetCard`.
    public static let tintedMaterial = Color(r: 0x1F, g: 0x1E, b: 0x1C, a: 0xE0)
    /// StandBy Night Mode's one red tint, on black.
    public static let nightTint = Color(r: 0xFF, g: 0x3B, b: 0x30)
    /// In a one-tint mode a translucent fill (frosted row, button plate) keeps this share of its
    /// alpha, so text repainted in the same tint still reads on it (seeds silent; a fill drawn at its
    /// full alpha in the text's own tint would erase the text).
    public static let fillAlphaShare = 0.25
    /// Vibrant: the one desaturated tint (white), each node's alpha scaled by its colour's lightness.
    public static let vibrantTint = Color.white

    /// The Home Screen scene in `mode` (from the dark full-colour scene: the tinted Home Screen and
    /// StandBy are dark hosts).
    public static func apply(_ mode: HostMode, to scene: Scene) -> Scene {
        switch mode {
        case .full, .ios16: return scene
        case .tinted:
            return accented(scene, background: .material) { $0.element.isAccentable ? tintedAccent : tintedDefault }
        case .standby:
            var s = scene
            s.nodes = s.nodes.map { $0.element == .card ? fullBleed($0, scene) : $0 }
            return s
        case .night:
            return accented(scene, background: .black) { _ in nightTint }
        }
    }

    package enum Background { case material, black }

    /// Accented rendering: the card becomes the host's background; every other node keeps its shape
    /// and alpha and takes its group's tint.
    package static func accented(_ scene: Scene, background: Background, tint: (SceneNode) -> Color) -> Scene {
        var s = scene
        s.rendering = .accented
        s.nodes = scene.nodes.map { n in
            if n.element == .card {
                switch background {
                case .material:
                    var card = n
                    card.content = .rect(cornerRadius: IOSLayout.cornerRadiusPt, fill: .solid(tintedMaterial))
                    return card
                case .black: return fullBleed(n, scene)
                }
            }
            let t = tint(n)
            return recolour(n) { c, isFill in t.withAlpha(c.a).scalingAlpha(by: isFill ? fillAlphaShare : 1) }
        }
        return s
    }

    /// StandBy: no card, full-bleed on black.
    package static func fullBleed(_ card: SceneNode, _ scene: Scene) -> SceneNode {
        var n = card
        let all = Rect(x: 0, y: 0, width: scene.size.width, height: scene.size.height)
        n.bounds = all
        n.container = all
        n.content = .rect(cornerRadius: 0, fill: .solid(.black))
        return n
    }

    /// Lock Screen vibrant: white on transparent; a node's alpha is its own alpha × its colour's
    /// CIE lightness (L*/100), so the dark-appearance hierarchy (ink / secondary / tertiary) survives
    /// as opacity, as iOS derives the whole stack from one tint (seed 001 §4).
    public static func vibrant(_ scene: Scene) -> Scene {
        var s = scene
        s.rendering = .vibrant
        s.nodes = scene.nodes.map { n in
            recolour(n) { c, _ in vibrantTint.withAlpha(c.a).scalingAlpha(by: lightness(c)) }
        }
        return s
    }

    /// CIE L* of a colour, 0…1.
    package static func lightness(_ c: Color) -> Double {
        let y = WCAG.relativeLuminance(c)
        let l = y > 216.0 / 24389 ? 116 * pow(y, 1.0 / 3) - 16 : y * 24389 / 27
        return min(1, max(0, l / 100))
    }

    /// Every colour of a node mapped through `f` (`isFill`: a rounded-rect fill, the plates and rows).
    package static func recolour(_ n: SceneNode, _ f: (Color, _ isFill: Bool) -> Color) -> SceneNode {
        func paint(_ p: Paint, fill: Bool) -> Paint {
            switch p {
            case .solid(let c): return .solid(f(c, fill))
            case .linear(let a, let b, let stops):
                return .linear(start: a, end: b, stops: stops.map { GradientStop($0.offset, f($0.color, fill)) })
            case .radial(let c, let r, let stops):
                return .radial(center: c, radius: r, stops: stops.map { GradientStop($0.offset, f($0.color, fill)) })
            }
        }
        var out = n
        switch n.content {
        case .text(var t):
            t.color = f(t.color, false)
            out.content = .text(t)
        case .rect(let r, let p): out.content = .rect(cornerRadius: r, fill: paint(p, fill: true))
        case .path(let cmds, let fill, let stroke):
            var st = stroke
            if let s = stroke {
                st = Stroke(paint(s.paint, fill: false), width: s.width, dash: s.dash, cap: s.cap, join: s.join)
            }
            out.content = .path(cmds, fill: fill.map { paint($0, fill: false) }, stroke: st)
        }
        return out
    }
}
