import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

/// How one snapshot ages on the home screen: the moments its state can change — the start, an
/// hour later, the next local midnight, the first moment it is stale, and any DST edge between —
/// each drawn by a platform and captioned with its local time and the resolver's state. The
/// clock is never read: every moment comes from the inputs.
public enum Timeline {
    public struct Frame: Sendable, Equatable {
        /// What the moment is: "sync", "+1 h", "midnight", "DST edge", "+18 h (stale)".
        public var label: String
        public var date: Date
        /// e.g. "Sat 28 Mar 22:30 GMT+1" in the device zone.
        public var localTime: String
        public var state: WidgetState
    }

    /// The most frames one strip draws. A snapshot's own day has at most six moments (two DST
    /// edges in a zone that moves twice in 18 h); more means `--from` lies years before the sync
    /// (a snapshot synced in year 9999 has ~16,000 DST edges ahead of today), and drawing them
    /// all took a 23 GB host (issue #24) — so that is refused before anything is drawn.
    public static let maxFrames = 12

    /// The moments from `start` to the first stale one, in time order (two labels for one instant
    /// become one frame); more than `maxFrames` of them is an `InputError` naming `--from`.
    public static func frames(snapshot: WidgetSnapshot, from start: Date, timeZone: TimeZone) throws(InputError)
        -> [Frame]
    {
        var moments: [(String, Date)] = [
            (start == snapshot.syncedAt ? "sync" : "from", start), ("+1 h", start.addingTimeInterval(3600)),
        ]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: start)) {
            moments.append(("midnight", midnight))
        }
        let stale = firstStaleMoment(snapshot, timeZone: timeZone)
        moments.append(("+18 h (stale)", stale))
        // Bounded walk: one edge past the cap is enough to know the strip would be too long.
        var edge = timeZone.nextDaylightSavingTimeTransition(after: start)
        while let e = edge, e <= stale, moments.count <= maxFrames {
            moments.append(("DST edge", e))
            edge = timeZone.nextDaylightSavingTimeTransition(after: e)
        }
        var merged: [(String, Date)] = []
        for (label, date) in moments.sorted(by: { $0.1 < $1.1 }) where date >= start {
            if let last = merged.last, last.1 == date {
                merged[merged.count - 1].0 += " · " + label
            } else {
                merged.append((label, date))
            }
        }
        guard merged.count <= maxFrames else {
            let iso = ISO8601DateFormatter()
            iso.timeZone = timeZone
            throw InputError(
                "--from",
                "\(iso.string(from: start)) is \(Int(stale.timeIntervalSince(start) / 86_400)) days before the "
                    + "snapshot "
                    + "turns stale (\(iso.string(from: stale))): more than the \(maxFrames) frames a timeline draws, "
                    + "with the "
                    + "daylight-saving edges between; start --from at the snapshot's syncedAt or within a few days of "
                    + "it"
            )
        }
        return merged.map { label, date in
            Frame(
                label: label, date: date, localTime: localTime(date, timeZone),
                state: resolveWidgetState(snapshot: snapshot, asOf: date, timeZone: timeZone))
        }
    }

    /// The first whole second at which the resolver calls the snapshot stale.
    static func firstStaleMoment(_ s: WidgetSnapshot, timeZone: TimeZone) -> Date {
        var t = s.syncedAt.addingTimeInterval(widgetStaleThreshold)
        for _ in 0..<120 where resolveWidgetState(snapshot: s, asOf: t, timeZone: timeZone) != .stale { t += 1 }
        return t
    }

    public static func localTime(_ date: Date, _ zone: TimeZone) -> String {
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = zone
        f.dateFormat = "EEE d MMM HH:mm zzz"
        return f.string(from: date)
    }

    /// The frames side by side, each captioned: what the moment is, its local time, its state.
    public static func strip(
        _ frames: [Frame], platform: any TimelinePlatform, snapshot: WidgetSnapshot, timeZone: TimeZone,
        family: String, painter: CairoPainter
    ) throws(InputError) -> RGBAImage {
        var images: [RGBAImage] = []
        for f in frames {
            images.append(
                painter.render(try platform.scene(snapshot: snapshot, asOf: f.date, timeZone: timeZone, family: family))
            )
        }
        let gap = 24
        let captionH = 3 * 24
        let cellW = max(images.map(\.width).max() ?? 1, 300)
        let height = (images.map(\.height).max() ?? 1) + captionH + 2 * gap
        var strip = RGBAImage(
            width: images.count * (cellW + gap) + gap, height: height, fill: Color(r: 0xE7, g: 0xE5, b: 0xE4))
        let style = TextStyle(.roboto, .regular, size: 20)
        for (i, (f, img)) in zip(frames, images).enumerated() {
            let x = gap + i * (cellW + gap)
            ContactSheet.blit(img, into: &strip, x: x, y: gap)
            let lines = [f.label, f.localTime, "state: \(f.state.rawValue)"]
            ContactSheet.blit(
                ContactSheet.caption(lines, width: cellW, style: style, painter: painter), into: &strip, x: x,
                y: gap + img.height + 8)
        }
        return strip
    }
}

/// A platform that can draw a snapshot at a moment (`--platform`). Add one by conforming and
/// listing it in `TimelinePlatforms.all`.
public protocol TimelinePlatform: Sendable {
    var name: String { get }
    /// Accepted `--family` values; the first is the default.
    var families: [String] { get }
    func scene(snapshot: WidgetSnapshot, asOf: Date, timeZone: TimeZone, family: String) throws(InputError) -> Scene
}

public enum TimelinePlatforms {
    /// Every platform, drawn through the one pipeline `render` uses.
    public static func all(renderer: WidgetRenderer) -> [any TimelinePlatform] {
        [AndroidTimelinePlatform(renderer: renderer), IOSTimelinePlatform(renderer: renderer)]
    }
}

/// Android at the matrix's typical placement for each family (Small 170×180, Medium 300×180, Large 320×360 dp).
struct AndroidTimelinePlatform: TimelinePlatform {
    let renderer: WidgetRenderer
    var name: String { Platform.android.rawValue }
    var families: [String] { ["medium"] + AndroidMatrix.placements.map(\.name.rawValue).filter { $0 != "medium" } }

    func scene(snapshot: WidgetSnapshot, asOf: Date, timeZone: TimeZone, family: String) throws(InputError) -> Scene {
        guard let p = AndroidMatrix.placements.first(where: { $0.name.rawValue == family }) else {
            throw InputError(
                "--family", "unknown Android family '\(family)'; expected one of \(families.joined(separator: ", "))")
        }
        return try renderer.render(
            .android(
                AndroidRenderRequest(
                    family: p.family, widthDp: p.width, heightDp: p.height,
                    snapshot: snapshot, asOf: asOf, timeZone: timeZone))
        ).scene
    }
}

/// iOS at each family's standard device class (393 × 852 pt for the Home Screen, 430 × 932 for
/// the accessories) at @2x, full colour (the accessories vibrant, as the matrix draws them).
struct IOSTimelinePlatform: TimelinePlatform {
    let renderer: WidgetRenderer
    var name: String { Platform.ios.rawValue }
    var families: [String] {
        [IOSFamily.systemMedium.rawValue]
            + IOSFamily.allCases.map(\.rawValue).filter { $0 != IOSFamily.systemMedium.rawValue }
    }

    func scene(snapshot: WidgetSnapshot, asOf: Date, timeZone: TimeZone, family: String) throws(InputError) -> Scene {
        guard let f = IOSFamily(rawValue: family) else {
            throw InputError(
                "--family", "unknown iOS family '\(family)'; expected one of \(families.joined(separator: ", "))")
        }
        return try renderer.render(
            .ios(IOSRenderRequest(family: f, snapshot: snapshot, asOf: asOf, timeZone: timeZone))
        ).scene
    }
}
