import EvidenceCore
import Foundation
import WidgetModel
import WidgetRaster
import WidgetScene

/// What one fuzz input did to the entry point it was fed to.
public enum FuzzOutcome: Equatable, Sendable {
    /// Read (and drawn, reported) without a complaint.
    case accepted
    /// Refused with the one-line, capped error the CLI would print.
    case refused
    /// A promise broken: an error of several lines or over the cap, a decoded image of the wrong
    /// size, an empty report, an input that could not even be written. The harness traps on it
    /// (so libFuzzer keeps the input); FuzzCorpusTests fails on it.
    case broken(String)
}

/// The fuzz targets' bodies, one per `Fuzz/Sources/<target>/main.swift`: each takes one input's
/// bytes as its libFuzzer harness receives them and feeds them to the entry point the gate reads
/// that input through. The harness and FuzzCorpusTests both call these, so what is fuzzed is
/// exactly what the committed corpora replay. Harnesses whose entry point reads files write the
/// input under `scratch`, a private folder of the caller's (`PrivateFolder`).
public enum FuzzEntry {
    /// The targets, as `Fuzz/Package.swift` and `scripts/fuzz.sh` name them.
    public static let targets = [
        "FuzzSnapshotRender", "FuzzPNG", "FuzzTokenXML", "FuzzColorSet", "FuzzResultReport", "FuzzManifest",
        "FuzzKnownFindings",
    ]

    /// The refusal rule every target asserts: the error the CLI would print is one line and
    /// bounded (issue #24 "error lines cap what they echo").
    public static func judge(_ error: InputError) -> FuzzOutcome {
        let line = error.description
        if line.contains("\n") || line.contains("\r") { return .broken("error is not one line: \(line.prefix(200))") }
        if line.utf8.count > maxErrorLineBytes {
            return .broken("error line is \(line.utf8.count) bytes, over the \(maxErrorLineBytes)-byte cap")
        }
        return .refused
    }

    private static func run(_ body: () throws(InputError) -> FuzzOutcome) -> FuzzOutcome {
        do { return try body() } catch { return judge(error) }
    }

    /// Writes `bytes` to `relative` under `scratch` (parents created), replacing what was there; nil
    /// when written, else why not — a harness that went on would read the previous input, and
    /// libFuzzer would pin what it finds on the wrong bytes.
    private static func put(_ bytes: [UInt8], at relative: String, in scratch: URL) -> String? {
        let url = scratch.appendingPathComponent(relative)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
            return nil
        } catch { return "cannot write the input to \(url.path): \(error)" }
    }

    public static let snapshotZone = TimeZone(identifier: "Europe/Berlin")!

    /// FuzzSnapshotRender: snapshot JSON → decode → every moment of its timeline (sync, +1 h,
    /// midnight, DST edges, stale) → an Android and an iOS scene at each → pixels. What
    /// `render --snapshot` and `timeline` do.
    public static func snapshotRender(_ input: [UInt8], renderer: WidgetRenderer, painter: CairoPainter) -> FuzzOutcome
    {
        run { () throws(InputError) in
            let snapshot = try decodeWidgetSnapshot(Data(input))
            let frames = try Timeline.frames(snapshot: snapshot, from: snapshot.syncedAt, timeZone: snapshotZone)
            for platform in TimelinePlatforms.all(renderer: renderer) {
                for frame in frames {
                    let image = painter.render(
                        try platform.scene(
                            snapshot: snapshot, asOf: frame.date, timeZone: snapshotZone,
                            family: platform.families[0]))
                    if image.width <= 0 || image.height <= 0 {
                        return .broken("drew a \(image.width)×\(image.height) image")
                    }
                }
            }
            return .accepted
        }
    }

    /// FuzzPNG: a golden's bytes (or a report image) through the PNG decoder.
    public static func png(_ input: [UInt8]) -> FuzzOutcome {
        run { () throws(InputError) in
            let image = try PNGCodec.decode(input, name: "fuzz.png")
            guard image.pixels.count == image.width * image.height * 4 else {
                return .broken("decoded \(image.pixels.count) bytes for \(image.width)×\(image.height)")
            }
            return .accepted
        }
    }

    /// FuzzTokenXML: the input as both `values/colors_widget.xml` and `values-night/colors_widget.xml`
    /// of a res folder, through the Android token loader `--android-res` uses.
    public static func tokenXML(_ input: [UInt8], scratch: URL) -> FuzzOutcome {
        for file in [AndroidTokens.lightFile, AndroidTokens.nightFile] {
            if let why = put(input, at: "res/" + file, in: scratch) { return .broken(why) }
        }
        return run { () throws(InputError) in
            _ = try AndroidTokens.load(resDirectory: scratch.appendingPathComponent("res"))
            return .accepted
        }
    }

    /// FuzzColorSet: one `*.colorset/Contents.json` through the asset-catalog reader.
    public static func colorSet(_ input: [UInt8]) -> FuzzOutcome {
        run { () throws(InputError) in
            _ = try AssetCatalogTokens.parseColorSet(Data(input), file: "Fuzz.colorset/Contents.json")
            return .accepted
        }
    }

    /// FuzzResultReport: a saved `verify --json` result (what `report --from` reads, possibly
    /// downloaded from CI) through the bounded reader `report` uses (size cap, schema, caps, key
    /// grammar), its coverage judgement (`ResultFile.merge`), then everything report prints and
    /// writes from what it accepts: the summary line, the step summary, the annotations, JUnit,
    /// and the page written whole into a folder (`PageFolder`, as `report -o` does).
    public static func resultReport(_ input: [UInt8], scratch: URL) -> FuzzOutcome {
        if let why = put(input, at: "result.json", in: scratch) { return .broken(why) }
        return run { () throws(InputError) in
            let file = try ResultFile.load(scratch.appendingPathComponent("result.json").path)
            let merged = try ResultFile.merge([file])
            if merged.summaryLine.contains("\n") { return .broken("a summary line of several lines") }
            _ = GitHubAnnotations.summary(merged, page: "page")
            _ = GitHubAnnotations.errorLines(merged)
            if !JUnitReport.render(merged).hasPrefix("<?xml") {
                return .broken("JUnit output without its XML declaration")
            }
            let page = try PageFolder.begin(scratch.appendingPathComponent("page").path, flag: "-o")
            do throws(InputError) {
                try HTMLReport.write(merged, to: page.folder)
                try page.commit()
            } catch {
                page.discard()
                throw error
            }
            guard case .bytes(let html) = ContainedFolder(page.target).read(HTMLReport.fileName), !html.isEmpty else {
                return .broken("the page folder holds no index.html")
            }
            return .accepted
        }
    }

    /// FuzzManifest: the input as `manifest.json` of a goldens folder, through the loader verify
    /// and record use.
    public static func manifest(_ input: [UInt8], scratch: URL) -> FuzzOutcome {
        if let why = put(input, at: "goldens/" + Manifest.fileName, in: scratch) { return .broken(why) }
        return run { () throws(InputError) in
            _ = try Manifest.loadChecked(from: scratch.appendingPathComponent("goldens"))
            return .accepted
        }
    }

    /// FuzzKnownFindings: the input as `known-findings.json`, then what verify and `contrast
    /// --rendered` do with each entry it accepts: print its conditions (where a range beyond `Int`
    /// trapped, issue #34) and match it against an Android and an iOS render's facts.
    public static func knownFindings(_ input: [UInt8]) -> FuzzOutcome {
        run { () throws(InputError) in
            let known = try KnownFindings.parse(input, name: KnownFindings.fileName)
            for e in known.entries {
                if e.conditions.summary.contains("\n") { return .broken("a conditions summary of several lines") }
                for facts in sampleFacts {
                    let f = GateFailure(
                        key: "android/small/fuzz", kind: e.kind, detail: "fuzz", node: e.node, element: e.element)
                    let matched = e.matches(f, facts: facts)
                    // A condition the platform does not have never matches it.
                    if matched, e.conditions.fontScale != nil, facts.platform != .android {
                        return .broken("fontScale matched an iOS render")
                    }
                    if matched, e.conditions.textSize != nil, facts.platform != .ios {
                        return .broken("textSize matched an Android render")
                    }
                }
            }
            _ = known.unmatched(by: [])
            return .accepted
        }
    }

    /// The facts of a first-run render on each platform, for matching known findings against.
    static let sampleFacts: [RenderFacts] = {
        let resolved = resolveWidget(
            snapshot: nil, asOf: Date(timeIntervalSince1970: 1_790_000_000), timeZone: snapshotZone)
        return [
            RenderFacts(family: .android(.small), resolved: resolved, size: Size(110, 130), fontScale: 2),
            RenderFacts(family: .ios(.systemSmall), resolved: resolved, size: Size(170, 170), textSize: .large),
        ]
    }()
}
