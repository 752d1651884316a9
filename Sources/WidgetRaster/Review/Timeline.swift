import Foundation

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

    public static func frames(snapshot: WidgetSnapshot, from start: Date, timeZone: TimeZone) -> [Frame] {
        var moments: [(String, Date)] = [(start == snapshot.syncedAt ? "sync" : "from", start), ("+1 h", start.addingTimeInterval(3600))]
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        if let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: start)) {
            moments.append(("midnight", midnight))
        }
        let stale = firstStaleMoment(snapshot, timeZone: timeZone)
        moments.append(("+18 h (stale)", stale))
        var edge = timeZone.nextDaylightSavingTimeTransition(after: start)
        while let e = edge, e <= stale {
            moments.append(("DST edge", e))
            edge = timeZone.nextDaylightSavingTimeTransition(after: e)
        }
        // In time order; two labels for one instant become one frame.
        var merged: [(String, Date)] = []
        for (label, date) in moments.sorted(by: { $0.1 < $1.1 }) where date >= start {
            if let last = merged.last, last.1 == date { merged[merged.count - 1].0 += " · " + label } else { merged.append((label, date)) }
        }
        return merged.map { label, date in
            Frame(label: label, date: date, localTime: localTime(date, timeZone),
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
    public static func strip(_ frames: [Frame], platform: any TimelinePlatform, snapshot: WidgetSnapshot, timeZone: TimeZone,
                             family: String, painter: CairoPainter) throws(InputError) -> RGBAImage {
        var images: [RGBAImage] = []
        for f in frames { images.append(painter.render(try platform.scene(snapshot: snapshot, asOf: f.date, timeZone: timeZone, family: family))) }
        let gap = 24, captionH = 3 * 24
        let cellW = max(images.map(\.width).max() ?? 1, 300)
        let height = (images.map(\.height).max() ?? 1) + captionH + 2 * gap
        var strip = RGBAImage(width: images.count * (cellW + gap) + gap, height: height, fill: Color(r: 0xE7, g: 0xE5, b: 0xE4))
        let style = TextStyle(.roboto, .regular, size: 20)
        for (i, (f, img)) in zip(frames, images).enumerated() {
            let x = gap + i * (cellW + gap)
            ContactSheet.blit(img, into: &strip, x: x, y: gap)
            let lines = [f.label, f.localTime, "state: \(f.state.rawValue)"]
            ContactSheet.blit(ContactSheet.caption(lines, width: cellW, style: style, painter: painter), into: &strip, x: x, y: gap + img.height + 8)
        }
        return strip
    }
}

/// A platform that can draw a snapshot at a moment (`--platform`). Add iOS by conforming and
/// listing it in `TimelinePlatforms.all`.
public protocol TimelinePlatform: Sendable {
    var name: String { get }
    /// Accepted `--family` values; the first is the default.
    var families: [String] { get }
    func scene(snapshot: WidgetSnapshot, asOf: Date, timeZone: TimeZone, family: String) throws(InputError) -> Scene
}

public enum TimelinePlatforms {
    public static func all(fonts: FontLibrary, tokens: TokenSet) -> [any TimelinePlatform] {
        [AndroidTimelinePlatform(builder: AndroidSceneBuilder(fonts: fonts, tokens: tokens))]
    }
}

/// Android at the matrix's typical placement for each family (Small 170×180, Medium 300×180, Large 320×360 dp).
struct AndroidTimelinePlatform: TimelinePlatform {
    let builder: AndroidSceneBuilder
    var name: String { "android" }
    var families: [String] { ["medium"] + AndroidMatrix.placements.map(\.name.rawValue).filter { $0 != "medium" } }

    func scene(snapshot: WidgetSnapshot, asOf: Date, timeZone: TimeZone, family: String) throws(InputError) -> Scene {
        guard let p = AndroidMatrix.placements.first(where: { $0.name.rawValue == family }) else {
            throw InputError("--family", "unknown Android family '\(family)'; expected one of \(families.joined(separator: ", "))")
        }
        return builder.scene(AndroidRenderRequest(family: p.family, widthDp: p.width, heightDp: p.height,
                                                  snapshot: snapshot, asOf: asOf, timeZone: timeZone))
    }
}
