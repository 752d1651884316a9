import Foundation
import WidgetRaster

/// Options shared by verify, record and bench.
struct GateArguments {
    static let valued: Set<String> = ["filter", "jobs", "goldens", "report", "compare", "threshold"]

    static func options(_ a: ParsedArguments) throws -> GateOptions {
        var o = GateOptions()
        o.filter = a.value("filter")
        o.jobs = try a.int("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        if let g = a.value("goldens") { o.goldens = URL(fileURLWithPath: g) }
        o.perceptualThreshold = try a.double("threshold", default: 0.1, in: 0...1)
        switch a.value("compare") ?? "auto" {
        case "auto": o.comparison = .automatic
        case "exact": o.comparison = .exact
        case "perceptual": o.comparison = .perceptual(threshold: o.perceptualThreshold)
        case let other: throw InputError("--compare", "unknown comparison '\(other)'; expected auto, exact or perceptual")
        }
        return o
    }

    static func fixtures(_ filter: String?) throws -> [Fixture] {
        let f = try FixtureCatalog.filtered(filter)
        if f.isEmpty, let filter {
            throw InputError("--filter", "no fixture matches '\(filter)'; run 'evidence list' to see the keys")
        }
        return f
    }

    static func painter() throws -> CairoPainter {
        CairoPainter(fonts: try FontLibrary.bundled.get())
    }

    /// Progress on stderr for long runs, only when a person is watching.
    static func progress() -> (@Sendable (Int, Int) -> Void)? {
        guard isatty(2) != 0 else { return nil }
        return { done, total in
            if done == total || done % 25 == 0 {
                FileHandle.standardError.write("\r\(done)/\(total) rendered\(done == total ? "\n" : "")".data(using: .utf8)!)
            }
        }
    }

    static let help = """
          --filter GLOB      only fixtures whose key matches (* crosses /), e.g. 'android/medium/*'
          --jobs N           parallel workers (default: all cores); results do not depend on it
          --goldens DIR      goldens folder (default: the package's Goldens/)
        """
}

struct ListCommand: EvidenceCommand {
    static let name = "list"
    static let summary = "Print every fixture key (the golden matrix)"
    static let help = """
        usage: evidence list [--filter GLOB] [--json]

        Prints one fixture key per line; each key is also its golden's path under Goldens/ (+ .png).
          --filter GLOB      only keys matching the glob
          --json             a JSON array of keys
        """
    static func run(_ args: [String]) throws -> Int32 {
        let a = try ArgumentParser.parse(args, valued: ["filter"], switches: ["json"])
        let keys = try GateArguments.fixtures(a.value("filter")).map(\.key)
        if a.has("json") { try printJSON(keys) } else { keys.forEach { print($0) } }
        return 0
    }
}

struct VerifyCommand: EvidenceCommand {
    static let name = "verify"
    static let summary = "Render every fixture and compare with the goldens; exit 1 on any failure"
    static let help = """
        usage: evidence verify [--filter GLOB] [--report DIR] [--json] [--jobs N] [--compare auto|exact|perceptual] [--threshold T]

        Renders each fixture and compares it with its golden. Exact pixel match unless the renderer
        environment (library versions, font hashes) differs from Goldens/manifest.json, in which case
        a perceptual comparison (YIQ delta with anti-aliasing detection) is applied and the summary says so.
        Failure kinds: pixels, size, text, missing, stale, unreadable, clipped, truncated, contrast, self-check.
        Findings listed in known-findings.json (each with its seed passage) print as KNOWN on every
        run and do not fail it.
        For each failing fixture, actual.png / expected.png / diff.png go to the report folder.
        The last line is 'N passed, N failed'.

        \(GateArguments.help)
          --report DIR       where failure images go (default: ./report)
          --compare MODE     auto (default), exact, or perceptual
          --threshold T      perceptual colour threshold 0…1 (default 0.1)
          --json             machine-readable result on stdout
        """
    static func run(_ args: [String]) throws -> Int32 {
        let a = try ArgumentParser.parse(args, valued: GateArguments.valued, switches: ["json"])
        var o = try GateArguments.options(a)
        o.reportDirectory = URL(fileURLWithPath: a.value("report") ?? "report")
        o.checks = GateChecks.all
        o.knownFindings = try KnownFindings.load(from: PackagePaths.knownFindings)
        _ = try GateArguments.fixtures(o.filter)  // a filter that matches nothing is a usage error, never a pass
        let result = try Verifier.verify(o, catalog: try FixtureCatalog.load(), painter: try GateArguments.painter(),
                                         progress: a.has("json") ? nil : GateArguments.progress())
        if a.has("json") {
            try printJSON(result)
        } else {
            print("comparison: \(result.comparison)")
            for k in result.known {
                print("KNOWN \(k.kind.rawValue) \(k.key): \(k.detail) [seed: \(k.seed)]")
            }
            for f in result.failures {
                print("FAIL \(f.kind.rawValue) \(f.key): \(f.detail)")
            }
            if let dir = result.reportDirectory { print("report: \(dir) (actual.png, expected.png, diff.png per failing fixture)") }
            if result.failures.count > 1 {
                // Many failures usually share one cause: say which kinds and where, before the count.
                let kinds = Dictionary(grouping: result.failures, by: \.kind)
                    .sorted { ($1.value.count, $0.key.rawValue) < ($0.value.count, $1.key.rawValue) }
                    .map { kind, fs in
                        let areas = Dictionary(grouping: fs) { $0.key.split(separator: "/").prefix(2).joined(separator: "/") }
                            .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.prefix(3).map { "\($0.key)/* \($0.value.count)" }
                        return "\(kind.rawValue) \(fs.count) (\(areas.joined(separator: ", ")))"
                    }
                print("failures by kind: " + kinds.joined(separator: "; "))
            }
            if !result.known.isEmpty {
                print("known: \(result.known.count) finding(s) the seed accepts, listed in \(KnownFindings.fileName) (not failures)")
            }
            print(result.summaryLine)
        }
        return result.failures.isEmpty ? 0 : 1
    }
}

struct RecordCommand: EvidenceCommand {
    static let name = "record"
    static let summary = "Re-record goldens: write only what moved, add new, remove stale"
    static let help = """
        usage: evidence record [--filter GLOB] [--jobs N] [--dry-run] [--json]

        Renders each fixture; rewrites a golden only when its pixels changed (unchanged files are left
        byte for byte), adds goldens for new fixtures, removes goldens with no fixture, and updates
        Goldens/manifest.json. Every write goes through a temp file and a rename.
        Review the moved goldens (git diff, or 'evidence verify' before recording) — never re-record to
        silence a failure you do not understand.

        \(GateArguments.help)
          --dry-run          say what would move, appear and vanish; write nothing
          --json             machine-readable result on stdout
        """
    static func run(_ args: [String]) throws -> Int32 {
        let a = try ArgumentParser.parse(args, valued: ["filter", "jobs", "goldens"], switches: ["json", "dry-run"])
        let o = try GateArguments.options(a)
        _ = try GateArguments.fixtures(o.filter)  // a filter that matches nothing is a usage error, never a pass
        let r = try Recorder.record(o, catalog: try FixtureCatalog.load(), painter: try GateArguments.painter(), dryRun: a.has("dry-run"),
                                    progress: a.has("json") ? nil : GateArguments.progress())
        if a.has("json") { try printJSON(r); return 0 }
        for m in r.moved { print("moved   \(m.key) (\(m.reason)\(m.textChanged ? " — visible text or label changed" : ", text unchanged"))") }
        for k in r.added { print("added   \(k)") }
        for k in r.removed { print("removed \(k)") }
        if r.moved.count > 1 {
            // The line a commit message needs: how many moved where, and how many changed their words.
            let areas = Dictionary(grouping: r.moved) { $0.key.split(separator: "/").prefix(2).joined(separator: "/") }
                .sorted { ($1.value.count, $0.key) < ($0.value.count, $1.key) }.map { "\($0.key)/* \($0.value.count)" }
            print("moved by area: \(areas.joined(separator: ", ")); text changed in \(r.moved.filter(\.textChanged).count)")
        }
        print((a.has("dry-run") ? "dry run, nothing written — " : "") + r.summaryLine)
        return 0
    }
}

struct RenderCommand: EvidenceCommand {
    static let name = "render"
    static let summary = "Render one fixture, or any snapshot at any size, to a PNG file"
    static let help = """
        usage: evidence render --fixture KEY -o OUT.png [--json]
               evidence render --snapshot FILE|- [--platform android] [--family small|medium|large|auto]
                               [--width W] [--height H] [--font-scale F] [--theme light|dark] [--density D]
                               --as-of ISO8601 --time-zone IANA [--android-res DIR]
                               [--on-bad-snapshot fail|fallback] -o OUT.png [--json]
               evidence render --no-snapshot … (first run)

        The second form reproduces a user's report in one command, e.g. the OBJ-2428 narrow-Large geometry:
          evidence render --snapshot snap.json --width 230 --height 330 --as-of 2026-09-17T08:30:00+02:00 \\
                          --time-zone Europe/Berlin -o narrow-large.png
          --fixture KEY      a key from 'evidence list'
          --snapshot FILE    the widget snapshot JSON the app writes ('-' reads standard input)
          --family F         small, medium, large or auto (resolveSize, the default)
          --width/--height   granted size in dp, 40…1000 (defaults 300 × 180)
          --font-scale F     the user's font scale, 0.5…3 (default 1.0)
          --theme T          light (default) or dark
          --density D        pixels per dp, 0.5…4 (default 2)
          --as-of, --time-zone  the render moment and the device zone (the clock is never read)
          --android-res DIR  a res/ folder with values/ and values-night/colors_widget.xml (default: bundled tokens)
          --on-bad-snapshot  fail (default): a snapshot that doesn't decode is an error, exit 2.
                             fallback: print the decode error on stderr and draw what the widget draws —
                             seed 001 §5, "decode failure falls through to .firstRun / legacyBody" — exit 0
          -o, --output FILE  where to write the PNG (written atomically)
          --json             on stdout: family, size, state, visible texts in drawing order, the
                             accessibility label, pips, and findings (clip, truncation, contrast; known
                             ones marked with their seed passage)
        It prints the resolved state, size and the accessibility label, and warns about clipped nodes.
        """
    static func run(_ args: [String]) throws -> Int32 {
        let a = try ArgumentParser.parse(args, valued: AdHocRenderOptions.valued.union(["fixture"]),
                                         switches: AdHocRenderOptions.switches.union(["json"]))
        guard let out = a.value("output") else { throw InputError("-o", "required: the PNG file to write") }
        let json = a.has("json")
        let painter = try GateArguments.painter()
        let scene: Scene
        var report = RenderReport()
        if let key = a.value("fixture") {
            guard let fixture = try FixtureCatalog.load().first(where: { $0.key == key }) else {
                throw InputError("--fixture", "unknown fixture '\(key)'; run 'evidence list' for the keys")
            }
            scene = fixture.makeScene(painter.fonts)
            report.fixture = key
        } else {
            let o = try AdHocRenderOptions.parse(a)
            var snapshot: WidgetSnapshot?
            if let path = o.snapshotPath {
                let (data, name) = try readSnapshotFile(path)
                let decoded = try o.onBadSnapshot.decode(data, name: name)
                snapshot = decoded.snapshot
                if let error = decoded.warning {
                    printError("evidence render: \(error) — drawing the fail-closed render (first run, legacy body)")
                }
            }
            let tokens = try o.androidRes.map { try AndroidTokens.load(resDirectory: URL(fileURLWithPath: $0)) } ?? TokenSet.bundled()
            var request = o.request
            request.snapshot = snapshot
            let builder = AndroidSceneBuilder(fonts: painter.fonts, tokens: tokens)
            let (w, plan) = builder.plan(request)
            scene = builder.scene(request)
            report.family = plan.size.rawValue
            report.state = w.state.rawValue
            report.widthDp = request.widthDp; report.heightDp = request.heightDp; report.fontScale = request.fontScale
            report.theme = request.theme.rawValue
            if !json {
                print("state: \(w.state.rawValue), reactive: \(w.reactive?.rawValue ?? "suppressed"), motif: \(w.motif.rawValue), "
                      + "kindling: \(w.kindling ? "on" : "off"), size: \(plan.size.rawValue)\(plan.rung.map { ", rung " + $0.rawValue } ?? "")")
                for v in ClipCheck.violations(in: scene, measurer: painter.fonts) { printError("warning: clipped \(v)") }
            }
        }
        let image = painter.render(scene)
        try AtomicFile.write(Data(PNGCodec.encode(image)), to: URL(fileURLWithPath: out))
        if json {
            let key = report.fixture ?? "render/android/\(report.family ?? "auto")"
            let known = try KnownFindings.load(from: PackagePaths.knownFindings)
            report.fill(scene: scene, findings: GateChecks.all.flatMap { $0.run(key, scene, image, painter) }, known: known)
            try printJSON(report)
            return 0
        }
        print("label: \(scene.accessibilityLabel)")
        print("wrote \(out) (\(scene.pixelWidth)×\(scene.pixelHeight) px)")
        return 0
    }
}

/// `render --json`: what one render shows and says, and what the checks found in it.
struct RenderReport: Encodable {
    struct Pip: Encodable { var filled: Bool; var widthDp: Double; var heightDp: Double }
    struct Finding: Encodable { var kind: String; var node: String?; var detail: String; var known: Bool; var seed: String? }
    var fixture: String?
    var family: String?
    var state: String?
    var widthDp: Double?
    var heightDp: Double?
    var fontScale: Double?
    var theme: String?
    var visibleText: [String] = []
    var accessibilityLabel = ""
    /// Small's pip row, left to right (empty when no pip row is drawn).
    var pips: [Pip] = []
    var findings: [Finding] = []

    mutating func fill(scene: Scene, findings: [GateFailure], known: KnownFindings) {
        visibleText = scene.visibleText
        accessibilityLabel = scene.accessibilityLabel
        pips = scene.nodes.filter { $0.name.hasPrefix("pip-") }.map { n in
            var filled = false
            if case .path(_, let fill, _) = n.content { filled = fill != nil }
            return Pip(filled: filled, widthDp: n.bounds.width, heightDp: n.bounds.height)
        }
        self.findings = findings.map { f in
            let entry = known.entry(for: f)
            return Finding(kind: f.kind.rawValue, node: f.node, detail: f.detail, known: entry != nil, seed: entry?.seed)
        }
    }
}
