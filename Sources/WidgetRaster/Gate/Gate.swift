import EvidenceCore
import Foundation
import WidgetLayout
import WidgetScene

/// What went wrong with one fixture. Every failure names its kind; there is no generic "failed".
public enum FailureKind: String, Codable, Sendable, CaseIterable {
    /// Pixels differ from the golden.
    case pixels
    /// The render and the golden have different dimensions.
    case size
    /// The visible text or accessibility label changed while the pixels did not.
    case text
    /// A fixture has no golden.
    case missing
    /// A golden (file or manifest entry) has no fixture.
    case stale
    /// The golden file cannot be decoded.
    case unreadable
    /// A text or glyph node lies outside its container or the card, or wraps one character per line.
    case clipped
    /// A text the truncation policy says must not be cut was drawn with "…".
    case truncated
    /// A node's colour is below its WCAG floor against the pixels beneath it.
    case contrast
    /// In a one-tint render (tinted, Night, Lock Screen vibrant) two states whose meaning differs draw
    /// the same pixels in the region that carries the meaning: it was carried by colour alone.
    case colourAlone = "colour-alone"
    /// A text node holds a code point no face of its fallback chain covers (drawn as a .notdef box).
    case missingGlyph = "missing-glyph"
    /// The render does not say what its state means: an element the required-content table names is
    /// absent, a shed out of the seed's order, two cues that contradict each other (pips vs "N of M
    /// done"), or one sentence drawn twice (`RequiredContent`, `LostMeaningCheck`; issue #21).
    case lostMeaning = "lost-meaning"
    /// The comparison failed its own known-different self-test.
    case selfCheck = "self-check"
    /// The running renderer's environment (library versions, font hashes) differs from the one the
    /// goldens were recorded in, and no comparison was asked for: exact equality is not a fair test
    /// there, and the manifest must never be what turns on a weaker one.
    case environment

    /// About the whole run (the comparison, the environment), not one fixture: its key is no fixture
    /// key. The run reports it (`FailureKind.reporter`).
    public var isRunWide: Bool {
        if case .run = reporter { true } else { false }
    }
}

public struct GateFailure: Codable, Equatable, Sendable {
    public var key: String
    public var kind: FailureKind
    /// One line, e.g. "42 pixels differ in (10,4 20×8)".
    public var detail: String
    /// Report files written for this failure, relative to the report directory.
    public var artifacts: [String] = []
    /// The scene node the check blames, where it knows one (clip, truncation, contrast): its display name.
    public var node: String?
    /// That node's element kind: what known findings match on (`element` in JSON, beside `node`'s
    /// display name, so a saved result is matched as the run was).
    public var element: ElementKind?
    /// Where on the render, in pixels, where the check knows (changed pixels, a clipped or
    /// low-contrast node's bounds); the HTML report draws it over the image.
    public var box: PixelRect?
    /// What to do about it where the kind alone does not say (a stale file never recorded, an LFS
    /// pointer …); nil: `Remedy.default(for: kind)`. `AcceptHint.text` turns it into the advice.
    public var remedy: Remedy?
    /// A contrast failure's measure (which token, how far below which floor, on what): what the
    /// roll-up groups by (`RollUp`). Absent for other kinds and in older results.
    public var contrast: ContrastMeasure?
    /// A colour-alone failure across two renders: the other render's key (the report shows it beside).
    public var pair: String?
    /// A pixels failure's colour tokens: those whose nodes hold every changed pixel, by name
    /// (`MovedTokens`; nil where no one token's nodes hold them all). The roll-up counts it under a
    /// token cause it names.
    public var tokens: [String]?
    /// A golden-comparison failure's layout edit: the element whose frame moved since the golden
    /// was recorded (`LayoutMove`; nil where its entry has no frames or none changed). The roll-up
    /// counts it under that element's cause.
    public var layout: LayoutMove?

    public init(
        key: String, kind: FailureKind, detail: String, artifacts: [String] = [],
        node: String? = nil, element: ElementKind? = nil, box: PixelRect? = nil, remedy: Remedy? = nil,
        contrast: ContrastMeasure? = nil, pair: String? = nil
    ) {
        self.key = key
        self.kind = kind
        self.detail = detail
        self.artifacts = artifacts
        self.node = node
        self.element = element
        self.box = box
        self.remedy = remedy
        self.contrast = contrast
        self.pair = pair
    }

    enum CodingKeys: String, CodingKey {
        case key, kind, detail, artifacts, node, element, box, remedy, contrast, pair, tokens, layout
    }
}

/// A node below its contrast floor, as measured on the render (`ContrastFinding`'s figures).
public struct ContrastMeasure: Codable, Equatable, Hashable, Sendable {
    public var token: String
    /// `text` or `graphic` (`NodeRole`).
    public var role: String
    public var ratio: Double
    public var floor: Double
    public var foreground: String
    public var background: String
    public init(token: String, role: String, ratio: Double, floor: Double, foreground: String, background: String) {
        self.token = token
        self.role = role
        self.ratio = ratio
        self.floor = floor
        self.foreground = foreground
        self.background = background
    }
}

/// A check run on every rendered fixture besides the golden comparison (clip check, contrast audit).
/// It reads the render where the painter left it, in the worker's canvas. The list is
/// `CheckRegistry`'s.
public struct RenderCheck: Sendable {
    public let name: String
    /// The kind of every failure it reports.
    public let kind: FailureKind
    /// Whether a scene holds an element the check reads: a whole run where no scene does is a
    /// `self-check` failure (a renamed or removed element must not switch a check off).
    public let applies: @Sendable (Scene) -> Bool
    /// Where the check reads the frame's background (`Scene.withoutForeground()`, from
    /// `frame.scratch`), for the painter to keep it there while drawing rather than draw it again;
    /// nil for a check that does not read it.
    let backgroundRegions: (@Sendable (Scene) -> [PixelRect]?)?
    let body:
        @Sendable (_ key: String, _ scene: Scene, _ frame: Canvas, _ painter: CairoPainter, _ facts: RenderFacts?) ->
            [GateFailure]
    public init(
        name: String, kind: FailureKind, applies: @escaping @Sendable (Scene) -> Bool,
        backgroundRegions: (@Sendable (Scene) -> [PixelRect]?)? = nil,
        run:
            @escaping @Sendable (_ key: String, _ scene: Scene, _ frame: Canvas, _ painter: CairoPainter) ->
            [GateFailure]
    ) {
        self.name = name
        self.kind = kind
        self.applies = applies
        self.backgroundRegions = backgroundRegions
        self.body = { key, scene, frame, painter, _ in run(key, scene, frame, painter) }
    }
    /// A check that also reads what the render was asked to show (`RenderFacts`: state, family,
    /// counts); it finds nothing where the facts are unknown (a test catalog's bare scene).
    public init(
        name: String, kind: FailureKind, applies: @escaping @Sendable (Scene) -> Bool,
        runWithFacts: @escaping @Sendable (_ key: String, _ scene: Scene, _ facts: RenderFacts) -> [GateFailure]
    ) {
        self.name = name
        self.kind = kind
        self.applies = applies
        self.backgroundRegions = nil
        self.body = { key, scene, _, _, facts in facts.map { runWithFacts(key, scene, $0) } ?? [] }
    }
    public func run(_ key: String, _ scene: Scene, _ frame: Canvas, _ painter: CairoPainter, facts: RenderFacts? = nil)
        -> [GateFailure]
    {
        body(key, scene, frame, painter, facts)
    }
    /// The check on an image already converted out of a canvas.
    public func run(
        _ key: String, _ scene: Scene, _ image: RGBAImage, _ painter: CairoPainter, facts: RenderFacts? = nil
    ) -> [GateFailure] {
        body(key, scene, Canvas(image), painter, facts)
    }
}

/// How rendered pixels are to be compared with goldens, as the command line asked.
public enum ComparisonChoice: Equatable, Sendable {
    /// Exact, on the renderer environment the goldens were recorded in; any other environment
    /// fails the run as `environment` (the environment is measured, never taken from the input).
    case automatic
    case exact
    /// Asked for explicitly (`--compare perceptual`): the only way to a weaker comparison.
    case perceptual(threshold: Double)
}

/// The comparison a run applied and why — the one value verify, the report and `evidence
/// compare` are handed (swift-snapshot-testing's `Diffing` as a value).
public struct AppliedComparison: Equatable, Sendable, CustomStringConvertible {
    public var comparator: ImageComparator
    /// Why this one, e.g. "environment matches Goldens/manifest.json".
    public var reason: String
    public init(_ comparator: ImageComparator, because reason: String) {
        self.comparator = comparator
        self.reason = reason
    }
    /// e.g. "exact (environment matches Goldens/manifest.json)".
    public var description: String { "\(comparator) (\(reason))" }
}

public struct GateOptions: Sendable {
    public var goldens: URL
    public var filter: String?
    public var jobs: Int
    public var comparison: ComparisonChoice
    public var reportDirectory: URL?
    public var checks: [RenderCheck]
    /// Findings the seed accepts: reported as known, never failed.
    public var knownFindings = KnownFindings()
    /// Run the cross-fixture colour-alone check over the selected one-tint fixtures.
    public var colourAlone = false
    /// Kinds listed as advisory, never failing (`CheckRegistry.advisoryKinds`; tests set their own).
    public var advisoryKinds = CheckRegistry.advisoryKinds
    /// Decode every golden even when the fast path could settle it (benchmarks, paranoia).
    public var forceDecode = false
    /// Only this slice of the keys (`--shard i/n`); nil = all.
    public var shard: Shard?
    /// What record may touch (`--mode`).
    public var recordMode: RecordMode = .changed
    /// Record over a golden verify calls `unreadable` (a Git LFS pointer, a corrupt PNG): only when
    /// asked in so many words (`record --replace-unreadable`), since the file may be a real golden
    /// this checkout failed to fetch (issue #32).
    public var replaceUnreadable = false
    /// Which golden files are known to hold which pixels (the fast path's only evidence): this
    /// process's own unless the CLI hands in the machine's cache.
    public var proofs = ProvenGoldens.process
    /// Only these keys besides the filter and shard (`record --accept FILE`); nil = no such limit.
    public var onlyKeys: Set<String>?

    public init(
        goldens: URL = Project.current.goldens, filter: String? = nil,
        jobs: Int = ProcessInfo.processInfo.activeProcessorCount,
        comparison: ComparisonChoice = .automatic,
        reportDirectory: URL? = nil, checks: [RenderCheck] = []
    ) {
        self.goldens = goldens
        self.filter = filter
        self.jobs = jobs
        self.comparison = comparison
        self.reportDirectory = reportDirectory
        self.checks = checks
    }
}

/// A fixture drawn once: its scene (for text, labels and checks) and its pixels, still in the
/// worker's canvas; `image()` converts them only when they must leave it.
struct Rendered {
    let fixture: Fixture
    let scene: Scene
    /// What the fixture was asked to show, from its builder (nil: a hand-built scene).
    let facts: RenderFacts?
    let canvas: Canvas
    /// `Canvas.wordsHash`: the frame as Cairo left it, hashed without converting it.
    let wordsHash: Hash128
    private let straight = StraightHash()
    func image() -> RGBAImage { canvas.image() }
    /// The straight RGBA pixels' hash (`RGBAImage.pixelHash`), converted and hashed on first use —
    /// verify's fast path settles most renders by `wordsHash` alone. Only while the canvas still
    /// holds this render, like `image()`.
    var pixelHash: Hash128 { straight.value(canvas) }

    init(fixture: Fixture, scene: Scene, facts: RenderFacts?, canvas: Canvas) {
        self.fixture = fixture
        self.scene = scene
        self.facts = facts
        self.canvas = canvas
        wordsHash = canvas.wordsHash
    }

    private final class StraightHash {
        private var hash: Hash128?
        func value(_ canvas: Canvas) -> Hash128 {
            if let hash { return hash }
            let made = canvas.pixelHash
            hash = made
            return made
        }
    }
}

func render(_ fixture: Fixture, painter: CairoPainter, into canvas: Canvas, for checks: [RenderCheck]) -> Rendered {
    let drawn = fixture.draw(painter.fonts)
    let scene = drawn.scene
    // The background is kept wherever any check reads it.
    let wanted = checks.compactMap { $0.backgroundRegions?(scene) }
    painter.draw(scene, into: canvas, keepingBackgroundIn: wanted.isEmpty ? nil : wanted.flatMap { $0 })
    return Rendered(fixture: fixture, scene: scene, facts: drawn.facts, canvas: canvas)
}

extension Manifest {
    /// What lies in the goldens folder that is not a recorded golden, found in one walk without
    /// following links, within the filter (walking only the folder its glob can match in):
    /// - `unlisted`: regular `.png` files neither `listed` nor named by a fixture — never a golden
    ///   of ours;
    /// - `links`: symbolic links other than at `linksExcluding` (fixture paths, each reported by
    ///   its fixture's read) — never followed, never a golden; someone must remove them;
    /// - `temps`: temp files a killed record left (`ContainedFolder.staleTempFiles`), whatever the
    ///   filter matches below the folder walked.
    static func strays(
        in directory: URL, listed: Set<String>, linksExcluding: Set<String>,
        filter: String?
    ) throws(InputError) -> (unlisted: [String], links: [String], temps: [String]) {
        let found = ContainedFolder(directory).list(
            under: filter.flatMap(Glob.literalFolder), maxEntries: GoldensBounds.maxEntries,
            maxDepth: GoldensBounds.maxDepth, maxPath: GoldensBounds.maxPathBytes)
        if let over = found.overLimit {
            throw InputError(
                directory.path,
                "holds \(over); a goldens folder holds its goldens (\(GoldensBounds.line)) — remove what is not a "
                    + "golden"
            )
        }
        let glob = filter.map(Glob.Compiled.init)
        let unlisted = found.files.filter { rel in
            guard rel.hasSuffix(".png"), !listed.contains(rel) else { return false }
            return glob?.matches(String(rel.dropLast(4))) ?? true
        }
        let links = found.links.filter { rel in
            !linksExcluding.contains(rel)
                && (glob?.matches(rel.hasSuffix(".png") ? String(rel.dropLast(4)) : rel) ?? true)
        }
        return (unlisted, links, found.files.filter(ContainedFolder(directory).isStaleTempFile))
    }
}

/// How much a goldens folder walk reads before it stops (issue #55: 100,000 stray files cost 84 s
/// and 51,000 report files). The matrix is about 2,000 goldens in 1,500 folders, 9 deep, keys under
/// 120 bytes: twenty times its goldens leaves room for growth — and for `bench --scale 16`, whose
/// memory issue #12 bounds at 16× the matrix — and stops a flood at once.
public enum GoldensBounds {
    /// Goldens one folder may hold (and a manifest name).
    public static let maxGoldens = 40_000
    /// Entries the walk reads: each golden and a folder of its own (the matrix has 0.76 folders per
    /// golden; 16× the matrix is 57,500 entries).
    public static let maxEntries = 2 * maxGoldens
    public static let maxDepth = 16
    public static let maxPathBytes = 1_024
    static var line: String {
        "at most \(maxEntries) entries — \(maxGoldens) goldens and their folders — \(maxDepth) folders deep, paths "
            + "of \(maxPathBytes) bytes"
    }
}
