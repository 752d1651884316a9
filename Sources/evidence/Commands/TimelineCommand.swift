import EvidenceCore
import Foundation
import WidgetModel
import WidgetRaster
import WidgetScene

/// One snapshot drawn at the moments its state changes, in one labelled strip.
struct TimelineCommand: DeclaredCommand {
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
    /// Each option declared once: its storage, its read and its `--help` line.
    struct Arguments: ParsableArguments {
        @Option(
            .value(
                "snapshot", "FILE",
                "the widget snapshot JSON ('-' reads standard input; every field: docs/reference/snapshot-json.md)",
                required: "the snapshot JSON file"))
        var snapshot: String
        @Option(
            .value(
                "from", "T", "the first moment, ISO 8601 with offset (e.g. 2026-03-28T22:30:00+01:00)",
                required: "the first moment, ISO 8601 with offset"))
        var from: String
        @Option(
            .value(
                "time-zone", "Z", "the device zone, IANA (e.g. Europe/Berlin)",
                required: "an IANA zone such as Europe/Berlin"))
        var timeZone: String
        @Option(.value("platform", "P", "the platform to draw: android or ios", default: .value("android")))
        var platform: String?
        @Option(
            .value(
                "family", "F",
                """
                the platform's family (Android: medium (default), small, large; iOS: systemMedium (default),\
                 systemSmall, systemLarge, \
                accessoryCircular, accessoryRectangular, accessoryInline)
                """))
        var family: String?
        @Option(
            .output(
                "output", "FILE", "the PNG strip to write", writes: .png, short: "o", required: "the PNG file to write")
        )
        var output: String
    }
    static func run(_ o: Arguments) throws -> Int32 {
        let (out, path, fromText, zoneName) = (o.output, o.snapshot, o.from, o.timeZone)
        guard let from = ISO8601DateFormatter().date(from: fromText) else {
            throw InputError("--from", "'\(fromText)' is not ISO 8601 with an offset (e.g. 2026-03-28T22:30:00+01:00)")
        }
        let zone = try ianaTimeZone(parsing: zoneName)
        let painter = try GateArguments.painter()
        let renderer = WidgetRenderer(
            fonts: painter.fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled())
        let platforms = TimelinePlatforms.all(renderer: renderer)
        let platformName = o.platform ?? ""
        guard let platform = platforms.first(where: { $0.name == platformName }) else {
            throw InputError(
                "--platform",
                "no timeline for '\(platformName)'; expected \(platforms.map(\.name).joined(separator: ", "))")
        }
        let family = o.family ?? platform.families[0]
        if let p = Platform(rawValue: platform.name),
            let refusal = RenderTarget.familyOfOtherPlatform(family, platform: p, own: platform.families)
        {
            throw refusal
        }
        guard platform.families.contains(family) else {
            throw InputError(
                "--family",
                "unknown \(platform.name) family '\(family)'; expected \(platform.families.joined(separator: ", "))")
        }
        let snapshot = try loadSnapshotFile(path)
        let frames = try Timeline.frames(snapshot: snapshot, from: from, timeZone: zone)
        let strip = try Timeline.strip(
            frames, platform: platform, snapshot: snapshot, timeZone: zone, family: family, painter: painter)
        try OutputFile.write(PNGCodec.encode(strip), to: out)
        for f in frames { print("\(f.localTime)  \(f.state.rawValue)  (\(f.label))") }
        print("wrote \(out): \(frames.count) frames, \(strip.width)×\(strip.height) px")
        return 0
    }
}
