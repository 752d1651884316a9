import Foundation
import WidgetRaster
import EvidenceCore
import WidgetModel
import WidgetScene

/// One snapshot drawn at the moments its state changes, in one labelled strip.
struct TimelineCommand: EvidenceCommand {
    static let name = "timeline"
    static let summary = "Draw one snapshot at sync, +1 h, next midnight, DST edges and stale, as a labelled strip"
    static let usage = """
        usage: evidence timeline --snapshot FILE|- --from ISO8601 --time-zone IANA [--platform android|ios]
                                 [--family F] -o OUT.png

        Frames: the --from moment (usually the snapshot's syncedAt), one hour later, the next local
        midnight, every daylight-saving edge in between, and the first moment the snapshot is stale
        (18 h after sync). Each is captioned with what it is, its local time and the resolved state.
        The clock is never read. Prints one line per frame. At most 12 frames: a --from years before
        the sync (many daylight-saving edges) is refused, exit 2.
        """
    static let snapshot = OptionSpec.value("snapshot", "FILE", "the widget snapshot JSON ('-' reads standard input; every field: docs/reference/snapshot-json.md)")
    static let from = OptionSpec.value("from", "T", "the first moment, ISO 8601 with offset (e.g. 2026-03-28T22:30:00+01:00)")
    static let timeZone = OptionSpec.value("time-zone", "Z", "the device zone, IANA (e.g. Europe/Berlin)")
    static let platform = OptionSpec.value("platform", "P", "the platform to draw: android or ios", default: .value("android"))
    static let family = OptionSpec.value("family", "F", "the platform's family (Android: medium (default), small, large; iOS: systemMedium (default), systemSmall, systemLarge, accessoryCircular, accessoryRectangular, accessoryInline)")
    static let output = OptionSpec.value("output", "FILE", "the PNG strip to write", short: "o")
    static let options = OptionTable([snapshot, from, timeZone, platform, family, output])
    static func run(_ a: ParsedArguments) throws -> Int32 {
        guard let out = a.given(Self.output), !out.isEmpty else { throw InputError("-o", "required: the PNG file to write") }
        try OutputFile.check(out)
        guard let path = a.given(Self.snapshot) else { throw InputError("--snapshot", "required: the snapshot JSON file") }
        guard let fromText = a.given(Self.from) else { throw InputError("--from", "required: the first moment, ISO 8601 with offset") }
        guard let zoneName = a.given(Self.timeZone) else { throw InputError("--time-zone", "required: an IANA zone such as Europe/Berlin") }
        guard let from = ISO8601DateFormatter().date(from: fromText) else {
            throw InputError("--from", "'\(fromText)' is not ISO 8601 with an offset (e.g. 2026-03-28T22:30:00+01:00)")
        }
        let zone = try ianaTimeZone(parsing: zoneName)
        let painter = try GateArguments.painter()
        let renderer = WidgetRenderer(fonts: painter.fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled())
        let platforms = TimelinePlatforms.all(renderer: renderer)
        let platformName = a.string(Self.platform) ?? ""
        guard let platform = platforms.first(where: { $0.name == platformName }) else {
            throw InputError("--platform", "no timeline for '\(platformName)'; expected \(platforms.map(\.name).joined(separator: ", "))")
        }
        let family = a.given(Self.family) ?? platform.families[0]
        if let p = Platform(rawValue: platform.name), let refusal = RenderTarget.familyOfOtherPlatform(family, platform: p, own: platform.families) {
            throw refusal
        }
        guard platform.families.contains(family) else {
            throw InputError("--family", "unknown \(platform.name) family '\(family)'; expected \(platform.families.joined(separator: ", "))")
        }
        let snapshot = try loadSnapshotFile(path)
        let frames = try Timeline.frames(snapshot: snapshot, from: from, timeZone: zone)
        let strip = try Timeline.strip(frames, platform: platform, snapshot: snapshot, timeZone: zone, family: family, painter: painter)
        try OutputFile.write(PNGCodec.encode(strip), to: out)
        for f in frames { print("\(f.localTime)  \(f.state.rawValue)  (\(f.label))") }
        print("wrote \(out): \(frames.count) frames, \(strip.width)×\(strip.height) px")
        return 0
    }
}
