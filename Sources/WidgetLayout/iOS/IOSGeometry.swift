import EvidenceCore
import Foundation
import WidgetModel
import WidgetText

/// Apple's published widget sizes (pt) per portrait screen class (issues #15, #9; the seeds give
/// only "small (2×2) and medium (4×2)" and the rectangular accessory's 172 × 76 pt, seed 001 §3).
/// Screens that share a row share sizes.
public struct IOSDeviceClass: Hashable, Sendable {
    /// The screen in points, `393x852`: what `--device-class` takes and band keys name.
    public var name: String
    public var home: HomeSizes
    /// The Lock Screen accessories (iOS 16+); nil on the 320 × 568 class, which cannot run iOS 16.
    public var accessories: AccessorySizes?

    /// One size per Home Screen family: a new family is a new field, so every row of the table must name it.
    public struct HomeSizes: Hashable, Sendable {
        public var small: Size, medium: Size, large: Size
        public func size(_ f: IOSHomeFamily) -> Size {
            switch f {
            case .systemSmall: return small
            case .systemMedium: return medium
            case .systemLarge: return large
            }
        }
    }

    /// One size per Lock Screen accessory.
    public struct AccessorySizes: Hashable, Sendable {
        public var circular: Size, rectangular: Size, inline: Size
        public func size(_ a: IOSAccessoryFamily) -> Size {
            switch a {
            case .accessoryCircular: return circular
            case .accessoryRectangular: return rectangular
            case .accessoryInline: return inline
            }
        }
    }

    /// The family's size on this screen; nil for an accessory on a class without them.
    public func size(_ family: IOSFamily) -> Size? {
        switch family.kind {
        case .home(let f): return home.size(f)
        case .accessory(let a): return accessorySize(a)
        }
    }
    public func accessorySize(_ a: IOSAccessoryFamily) -> Size? { accessories?.size(a) }

    public static func == (a: IOSDeviceClass, b: IOSDeviceClass) -> Bool { a.name == b.name }
    public func hash(into h: inout Hasher) { h.combine(name) }

    package static func row(
        _ names: [String], _ s: Double, _ m: (Double, Double), _ l: (Double, Double),
        circular c: Double? = nil, rectangular r: (Double, Double) = (0, 0), inline i: Double = 0
    ) -> [IOSDeviceClass] {
        names.map {
            IOSDeviceClass(
                name: $0, home: HomeSizes(small: Size(s, s), medium: Size(m.0, m.1), large: Size(l.0, l.1)),
                accessories: c.map {
                    AccessorySizes(circular: Size($0, $0), rectangular: Size(r.0, r.1), inline: Size(i, 26))
                })
        }
    }

    /// Apple's table, one row per size set, widest screen first.
    package static let rows: [[IOSDeviceClass]] = [
        row(["430x932", "428x926"], 170, (364, 170), (364, 382), circular: 76, rectangular: (172, 76), inline: 257),
        row(["414x896"], 169, (360, 169), (360, 379), circular: 76, rectangular: (160, 72), inline: 248),
        row(["414x736"], 159, (348, 157), (348, 357), circular: 76, rectangular: (170, 76), inline: 248),
        row(["393x852", "390x844"], 158, (338, 158), (338, 354), circular: 72, rectangular: (160, 72), inline: 234),
        row(["375x812", "360x780"], 155, (329, 155), (329, 345), circular: 72, rectangular: (157, 72), inline: 225),
        row(["375x667"], 148, (321, 148), (321, 324), circular: 68, rectangular: (153, 68), inline: 225),
        row(["320x568"], 141, (292, 141), (292, 311)),
    ]
    public static let all: [IOSDeviceClass] = rows.flatMap { $0 }

    /// The Home Screen default: the 393 × 852 pt class (iPhone 15/16), rendered at @2x.
    public static let standard = rows[3][0]
    /// The accessories' default: the 430 × 932 class, whose rectangular accessory is seed 001's 172 × 76 pt.
    public static let accessoryStandard = rows[0][0]
    /// The tightest class (320 × 568): where the content band draws.
    public static let tightest = rows[6][0]

    /// The default class for a family.
    public static func standard(for family: IOSFamily) -> IOSDeviceClass {
        family.isAccessory ? accessoryStandard : standard
    }

    /// The family's size at its default class: every default class has every size it serves.
    public static func standardSize(_ family: IOSFamily) -> Size {
        switch family.kind {
        case .home(let f): return standard.home.size(f)
        case .accessory(let a): return accessoryStandard.accessories?.size(a) ?? standard.home.small
        }
    }

    public static func named(_ name: String) -> IOSDeviceClass? { all.first { $0.name == name } }
}

/// Dynamic Type sizes the gate draws: the default and two large ones (issue #15: xxxLarge, AX3).
public enum DynamicTypeSize: String, Hashable, Sendable, Codable, CaseIterable {
    case large, xxxLarge, accessibility3 = "AX3"
}

/// Apple's Dynamic Type ladder from the default size up (the gate's three `DynamicTypeSize`s are
/// rungs of it). A widget draws at the rung asked for (the seeds cap no iOS type); only the inline
/// accessory's label, one line of a fixed 26 pt row, is held to the rungs whose line fits the row.
public enum DynamicTypeStep: Int, Hashable, Sendable, CaseIterable, Comparable {
    case large, xLarge, xxLarge, xxxLarge, accessibility1, accessibility2, accessibility3
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }
    public var name: String {
        switch self {
        case .large: return "large"
        case .xLarge: return "xLarge"
        case .xxLarge: return "xxLarge"
        case .xxxLarge: return "xxxLarge"
        case .accessibility1: return "AX1"
        case .accessibility2: return "AX2"
        case .accessibility3: return "AX3"
        }
    }
    /// This rung and every smaller one, largest first.
    public var downward: [DynamicTypeStep] { Self.allCases.filter { $0 <= self }.reversed() }
}

extension DynamicTypeSize {
    public var step: DynamicTypeStep {
        switch self {
        case .large: return .large
        case .xxxLarge: return .xxxLarge
        case .accessibility3: return .accessibility3
        }
    }
}

/// SwiftUI's text styles (iOS point sizes from Apple's Dynamic Type table). Where the seed gives no
/// type size, an element uses one of these; fixed sizes the seed names (`.system(size: 12, …)`) do
/// not scale.
public enum IOSTextStyle: String, Hashable, Sendable, Codable, CaseIterable {
    case largeTitle, title, headline, body, subheadline, footnote, caption, caption2

    /// Point size at a Dynamic Type size.
    public func size(_ t: DynamicTypeSize) -> Double { size(at: t.step) }

    /// Point size at a rung of the ladder (Apple's table, large … AX3).
    public func size(at t: DynamicTypeStep) -> Double {
        let ladder: [Double]
        switch self {
        case .largeTitle: ladder = [34, 36, 38, 40, 44, 48, 52]
        case .title: ladder = [28, 30, 32, 34, 38, 43, 48]
        case .headline, .body: ladder = [17, 19, 21, 23, 28, 33, 40]
        case .subheadline: ladder = [15, 17, 19, 21, 25, 30, 36]
        case .footnote: ladder = [13, 15, 17, 19, 23, 27, 33]
        case .caption: ladder = [12, 14, 16, 18, 22, 26, 32]
        case .caption2: ladder = [11, 13, 15, 17, 20, 24, 29]
        }
        return ladder[t.rawValue]
    }

    /// headline is semibold; the rest regular unless the view says otherwise.
    public var weight: FontWeight { self == .headline ? .semibold : .regular }
}

/// Everything one iOS Home Screen render depends on — and nothing else: no clock, no environment.
public struct IOSRenderRequest: Sendable, Hashable {
    public var family: IOSFamily
    /// The widget's size in pt (the device class's, or `--width/--height`).
    public var size: Size
    /// The device class the size came from, nil for an explicit size.
    public var deviceClass: String?
    /// Pixels per pt: 2 or 3.
    public var scale: Double
    public var theme: Theme
    public var textSize: DynamicTypeSize
    public var snapshot: WidgetSnapshot?
    public var asOf: Date
    public var timeZone: TimeZone
    /// Who owns the card and the colour (Home Screen families; the accessories are always vibrant).
    public var hostMode: HostMode = .full

    /// `deviceClass` nil: the family's default class (393 × 852 for the Home Screen, 430 × 932 for the accessories).
    public init(
        family: IOSFamily, deviceClass: IOSDeviceClass? = nil, scale: Double = 2, theme: Theme = .light,
        textSize: DynamicTypeSize = .large, hostMode: HostMode = .full, snapshot: WidgetSnapshot?, asOf: Date,
        timeZone: TimeZone
    ) {
        // A class without this family's size (320 × 568 has no accessories) falls back to the default class.
        if let c = deviceClass, let size = c.size(family) {
            self.size = size
            self.deviceClass = c.name
        } else {
            self.size = IOSDeviceClass.standardSize(family)
            self.deviceClass = IOSDeviceClass.standard(for: family).name
        }
        self.family = family
        self.scale = scale
        self.theme = theme
        self.textSize = textSize
        self.hostMode = hostMode
        self.snapshot = snapshot
        self.asOf = asOf
        self.timeZone = timeZone
    }

    public static let sideRange: ClosedRange<Double> = 20...1000
}
