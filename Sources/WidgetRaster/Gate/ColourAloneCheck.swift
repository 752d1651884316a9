import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// The `colour-alone` check (seed 000 "Host rendering modes (iOS)": "Nothing may encode meaning in
/// colour alone in the two host-owned modes"; the Lock Screen accessories "render in a single system
/// tint, same constraint"). In every one-tint render — tinted, StandBy Night, Lock Screen vibrant —
/// each pair of states whose meaning differs must differ in the one-tint pixels of the region that
/// carries that meaning. We draw every node, so the region is exact: the meaning's nodes are drawn
/// alone (already in the host's tint) and compared pixel for pixel. Identical → a failure naming
/// both fixtures and the node.
///
/// Pairs:
/// - within one render: a done habit marker vs a not-yet one (HabitPip, row check);
/// - across renders that differ only in the reactive branch (same family, state, motif, body, host
///   mode): extended vs not-yet — the streak glyph, and the caption with its glyph; all done
///   confirmed vs pending vs baseline — the all-done copy (title, subtitle, motivator, accessory line3).
public enum ColourAloneCheck {
    /// A meaning and the elements that carry it.
    public struct Meaning: Sendable {
        public var name: String
        /// The elements carrying it; the first is the one a failure blames.
        public var elements: [ElementKind]
        /// Which branch pairs it separates.
        public var branches: [(ReactiveBranch, ReactiveBranch)]
        /// The states (branch erased) where it applies; nil = every state with a reactive branch.
        public var states: [FixtureState]? = nil

        /// What it reads, for the self-check's line: the elements and the branch pairs.
        public var reads: String {
            let pairs = branches.map { "\($0.0.rawValue) vs \($0.1.rawValue)" }.joined(separator: ", ")
            let within = states.map { " in " + $0.map(\.rawValue).joined(separator: ", ") } ?? ""
            return "\(elements.map(\.rawValue).joined(separator: ", ")) nodes of one-tint renders, \(pairs)\(within)"
        }
    }

    /// A failure with the facts of the render it blames (the pending side of a pair, the render of
    /// a marker pair): known findings match their conditions against them, as for a render's.
    public struct Finding: Sendable {
        public var failure: GateFailure
        /// nil for a fixture with no identity (a test catalog's).
        public var facts: RenderFacts?
    }

    /// Splits findings into real failures and known matches, each by its own render's facts.
    public static func partition(_ findings: [Finding], with known: KnownFindings) -> (
        failures: [GateFailure], known: [KnownMatch]
    ) {
        var out: (failures: [GateFailure], known: [KnownMatch]) = ([], [])
        for f in findings {
            let split = known.partition([f.failure], facts: f.facts)
            out.failures += split.failures
            out.known += split.known
        }
        return out
    }

    /// What one comparison found.
    enum Verdict {
        /// Identical in one-tint pixels where the meaning differs (in full colour, where the pair
        /// has full-colour sources).
        case failure(Finding)
        /// Compared: the one tint tells the two apart.
        case differs
        /// Compared: identical in one tint, and in the full-colour sources too — the surface draws
        /// no difference for colour to carry (the legacy body's one all-done title).
        case same
        /// Nothing was compared: a side lacks the meaning's nodes, could not be drawn, or its
        /// full-colour source carries none. Never counted as judged.
        case notApplicable

        var finding: Finding? {
            switch self {
            case .failure(let f): f
            case .differs, .same, .notApplicable: nil
            }
        }
        var compared: Bool {
            switch self {
            case .failure, .differs, .same: true
            case .notApplicable: false
            }
        }
    }

    /// How many comparisons a run really made, per thing the check reads: the self-check's evidence.
    public struct Tally: Codable, Sendable, Equatable {
        /// One-tint renders whose done and not-yet habit markers were drawn and compared.
        public var markers = 0
        /// Cross-render pairs drawn and compared, by meaning name (every meaning listed, 0 for none).
        public var meanings: [String: Int] = Dictionary(
            uniqueKeysWithValues: ColourAloneCheck.meanings.map { ($0.name, 0) })
        public init() {}
    }

    /// What the habit-marker comparison reads, for the self-check's line.
    static let markerReads = "pip and habit-check nodes, done vs not yet, within one one-tint render"

    /// The `self-check` failures of a whole run: one line for the habit markers and one per meaning
    /// that no comparison judged — each names what it reads, so a renamed or retagged element
    /// cannot switch one meaning off while the others keep the count above zero.
    public static func selfCheckFailures(_ tally: Tally, fixtures: Int) -> [GateFailure] {
        var unjudged: [(what: String, reads: String)] = tally.markers == 0 ? [("habit markers", markerReads)] : []
        unjudged += meanings.filter { tally.meanings[$0.name, default: 0] == 0 }.map { ($0.name, $0.reads) }
        return unjudged.map { what, reads in
            GateFailure(
                key: CheckRegistry.selfCheckKey, kind: .selfCheck,
                detail:
                    "the colour-alone check compared no \(what) (\(reads)) in any of \(fixtures) renders: a renamed or "
                    + "removed element has switched it off"
            )
        }
    }

    public static let meanings: [Meaning] = [
        Meaning(
            name: ElementKind.streakGlyph.displayName(.ios), elements: [.streakGlyph],
            branches: [(.extended, .notyet)]),
        Meaning(
            name: ElementKind.caption.displayName(.ios), elements: [.caption, .captionGlyph],
            branches: [(.extended, .notyet)]),
        Meaning(
            name: "all-done copy", elements: [.statusTitle, .statusSubtitle, .motivator, .accessoryLine3],
            branches: [(.extended, .notyet), (.extended, .baseline), (.notyet, .baseline)], states: [.allDone]),
    ]

    /// Every colour-alone failure among `fixtures` (pairs only between fixtures both present).
    public static func failures(_ fixtures: [Fixture], painter: CairoPainter, jobs: Int) -> [GateFailure] {
        run(fixtures, painter: painter, jobs: jobs).findings.map(\.failure)
    }

    /// The findings, and how many comparisons were really made (the self-check's evidence).
    /// `judges` picks the comparisons to make by the key of the render a finding would blame (a
    /// marker pair's render, a pair's pending side): a shard draws every fixture of its filter and
    /// judges its own, so the shards together compare each pair once.
    public static func run(
        _ fixtures: [Fixture], painter: CairoPainter, jobs: Int,
        judges: (String) -> Bool = { _ in true }
    ) -> (findings: [Finding], tally: Tally) {
        let oneTint: [(Fixture, Scene)] = fixtures.compactMap { f in
            let s = f.makeScene(painter.fonts)
            return s.rendering.isOneTint ? (f, s) : nil
        }
        // Each job says what it compared: a meaning's name, or nil for a render's habit markers.
        var jobsList: [(meaning: String?, judge: @Sendable () -> Verdict)] = []
        // Index by (identity with the branch erased, branch), then pair.
        var byGroup: [FixtureID: [ReactiveBranch: [(Fixture, Scene)]]] = [:]
        for (f, s) in oneTint {
            guard let id = f.id, let branch = id.branch else { continue }
            byGroup[pairGroup(id), default: [:]][branch, default: []].append((f, s))
        }
        // A host mode's full-colour source (the dark Home Screen render of the same cell): a pair is
        // judged there only where the full-colour renders tell the branches apart — a meaning the
        // surface never draws (the legacy body's one all-done title) is not carried by colour.
        var fullColour: [FixtureID: (key: String, scene: Scene)] = [:]
        for f in fixtures {
            guard let id = f.id, id.platform == .ios, id.hostMode == .full, id.band == nil, id.theme == .dark else {
                continue
            }
            let scene = f.makeScene(painter.fonts)
            for cell in cells(id) { fullColour[cell] = (f.key, scene) }
        }
        // A fixture's meaning drawn alone is the same image in every pair it is in: drawn once.
        let drawn = AloneImages()
        for (f, s) in oneTint where judges(f.key) {
            jobsList.append(
                (nil, { markers(key: f.key, facts: { f.draw(painter.fonts).facts }, scene: s, painter: painter) }))
        }
        for group in byGroup.keys.sorted(by: { $0.key < $1.key }) {
            let branches = byGroup[group]!
            for m in meanings where m.states.map({ s in group.state.map(s.contains) ?? false }) ?? true {
                for (b1, b2) in m.branches {
                    for a in branches[b1] ?? [] {
                        for b in branches[b2] ?? [] where overlaps(a.0, b.0) && judges(pendingFirst(a, b).0.0.key) {
                            let sources = a.1.rendering == .accented ? fullColourPair(a.0, b.0, fullColour) : nil
                            if a.1.rendering == .accented && sources == nil { continue }
                            jobsList.append(
                                (
                                    m.name,
                                    { pair(a, b, meaning: m, painter: painter, fullColour: sources, drawn: drawn) }
                                ))
                        }
                    }
                }
            }
        }
        let work = jobsList
        let verdicts: [Verdict] = parallelMap(work.count, jobs: jobs) { work[$0].judge() }
        var tally = Tally()
        for (job, verdict) in zip(work, verdicts) where verdict.compared {
            if let meaning = job.meaning { tally.meanings[meaning, default: 0] += 1 } else { tally.markers += 1 }
        }
        return (verdicts.compactMap(\.finding), tally)
    }

    /// The identity with motif, body and branch erased: fixtures that may pair.
    static func pairGroup(_ id: FixtureID) -> FixtureID {
        var g = id.collapseGroup
        g.branch = nil
        return g
    }

    /// Two fixtures pair when they cover a common motif and body (baseline covers every motif).
    static func overlaps(_ a: Fixture, _ b: Fixture) -> Bool {
        guard let x = a.id, let y = b.id else { return false }
        let motifs = x.motifs.map { m in y.motifs.map { !Set(m.values).isDisjoint(with: $0.values) } ?? true } ?? true
        return motifs && !Set(x.bodies.values).isDisjoint(with: y.bodies.values)
    }

    /// Every (cell, motif, body) a fixture covers, with host mode and theme set to the full-colour
    /// dark source.
    static func cells(_ id: FixtureID) -> [FixtureID] {
        var out: [FixtureID] = []
        for m in id.motifs?.values.map(Optional.some) ?? [nil] {
            for b in id.bodies.values {
                var c = id
                c.motifs = m.map { .one($0) }
                c.bodies = .one(b)
                c.hostMode = .full
                c.theme = .dark
                out.append(c)
            }
        }
        return out
    }

    /// The full-colour sources of an accented pair, for one motif and body both cover.
    static func fullColourPair(_ a: Fixture, _ b: Fixture, _ full: [FixtureID: (key: String, scene: Scene)])
        -> ((key: String, scene: Scene), (key: String, scene: Scene))?
    {
        guard let x = a.id, let y = b.id else { return nil }
        func stateErased(_ c: FixtureID) -> FixtureID {
            var e = c
            e.state = nil
            e.branch = nil
            return e
        }
        for ca in cells(x) {
            for cb in cells(y) where stateErased(ca) == stateErased(cb) {
                if let fa = full[ca], let fb = full[cb] { return (fa, fb) }
            }
        }
        return nil
    }

    static func carried(_ s: Scene, _ meaning: Meaning) -> [SceneNode] {
        s.nodes.filter { meaning.elements.contains($0.element.kind) }
    }

    /// One meaning across two renders: its nodes drawn alone must differ in the one tint (where the
    /// full-colour sources — fixture key and scene — when given, tell them apart at all).
    static func pair(
        _ a: (Fixture, Scene), _ b: (Fixture, Scene), meaning: Meaning, painter: CairoPainter,
        fullColour: ((key: String, scene: Scene), (key: String, scene: Scene))? = nil,
        drawn: AloneImages = AloneImages()
    ) -> Verdict {
        let na = carried(a.1, meaning)
        let nb = carried(b.1, meaning)
        guard !na.isEmpty, !nb.isEmpty else { return .notApplicable }
        func image(_ key: String, _ nodes: [SceneNode], _ scene: Scene) -> RGBAImage? {
            drawn.image(key + "#" + meaning.name) { alone(nodes, scene, painter) }
        }
        guard let ia = image(a.0.key, na, a.1), let ib = image(b.0.key, nb, b.1) else { return .notApplicable }
        guard ia == ib else { return .differs }
        if let (fa, fb) = fullColour {
            let ca = carried(fa.scene, meaning)
            let cb = carried(fb.scene, meaning)
            guard !ca.isEmpty, !cb.isEmpty, let fullA = image(fa.key, ca, fa.scene),
                let fullB = image(fb.key, cb, fb.scene)
            else {
                return .notApplicable
            }
            if fullA == fullB { return .same }  // not drawn differently in full colour either
        }
        let (pending, other) = pendingFirst(a, b)
        let failure = GateFailure(
            key: pending.0.key, kind: .colourAlone,
            detail:
                "\(meaning.name) is identical in one-tint pixels in \(pending.0.key) and \(other.0.key) "
                + "(\(a.1.rendering.rawValue)): in one tint nothing tells these branches apart",
            node: meaning.elements[0].displayName(.ios), element: meaning.elements[0],
            box: Rect.union(na.map(\.bounds)).map(a.1.pixelRect), pair: other.0.key)
        // What the blamed render was asked to show, from its builder (drawn again: failures are few).
        return .failure(Finding(failure: failure, facts: pending.0.draw(painter.fonts).facts))
    }

    /// A pair as (the pending side, which a failure blames; the other).
    static func pendingFirst(_ a: (Fixture, Scene), _ b: (Fixture, Scene)) -> ((Fixture, Scene), (Fixture, Scene)) {
        a.0.key.contains("-notyet/") ? (a, b) : (b, a)
    }

    /// Habit markers in one render: a done one and a not-yet one drawn alone must differ.
    public static func withinScene(key: String, scene: Scene, painter: CairoPainter) -> GateFailure? {
        markers(key: key, facts: { nil }, scene: scene, painter: painter).finding?.failure
    }

    /// The habit markers of one render compared: a failure, `differs` once any marker family had a
    /// done and a not-yet item drawn and told apart, else not applicable. `facts`: what the render
    /// was asked to show, asked for only when it fails.
    static func markers(key: String, facts: () -> RenderFacts?, scene: Scene, painter: CairoPainter) -> Verdict {
        guard scene.rendering.isOneTint else { return .notApplicable }
        // Markers: the pips (filled or not) and the rows' checks (done or not), each item's nodes
        // together, in paint order.
        var items: [HabitMarker: [SceneNode]] = [:]
        var order: [HabitMarker] = []
        for n in scene.nodes {
            guard let m = HabitMarker(n.element) else { continue }
            if items[m] == nil { order.append(m) }
            items[m, default: []].append(n)
        }
        var verdict = Verdict.notApplicable
        for family in HabitMarker.Family.allCases {
            let ofKind = order.filter { $0.family == family }
            guard let d = ofKind.first(where: \.done), let t = ofKind.first(where: { !$0.done }) else { continue }
            let dn = items[d]!
            let tn = items[t]!
            // Same footprint: compare at a common origin (each translated to its own top-left).
            guard let a = alone(dn, scene, painter, origin: true), let b = alone(tn, scene, painter, origin: true)
            else { continue }
            guard a == b else {
                verdict = .differs
                continue
            }
            let failure = GateFailure(
                key: key, kind: .colourAlone,
                detail:
                    "\(d.name) (done) and \(t.name) (not yet) are identical in one-tint pixels "
                    + "(\(scene.rendering.rawValue)) in \(key): done vs not yet is carried by colour alone",
                node: d.name, element: dn[0].element.kind, box: Rect.union(dn.map(\.bounds)).map(scene.pixelRect))
            return .failure(Finding(failure: failure, facts: facts()))
        }
        return verdict
    }

    /// A habit marker: one pip, or one row's check — with whether it says "done".
    struct HabitMarker: Hashable {
        enum Family: CaseIterable { case pip, rowCheck }
        var family: Family
        var index: Int
        var done: Bool
        init?(_ e: SceneElement) {
            if case .pip(let i, let filled) = e {
                (family, index, done) = (.pip, i, filled)
            } else if case .habitRow(let row, .check) = e {
                (family, index, done) = (.rowCheck, row.position, row.done)
            } else {
                return nil
            }
        }
        /// For the failure's words: the element's display name (the same on both platforms).
        var name: String {
            switch family {
            case .pip: SceneElement.pip(index: index, filled: done).displayName(.ios)
            case .rowCheck:
                SceneElement.habitRow(HabitRowElement(position: index, habit: 0, done: done, isNextDue: false), .check)
                    .displayName(.ios)
            }
        }
    }

    /// The nodes drawn alone on transparent, cropped to their union (or, with `origin`, moved so
    /// the union's top-left sits at the pixel grid's origin, keeping its sub-pixel phase).
    static func alone(_ nodes: [SceneNode], _ scene: Scene, _ painter: CairoPainter, origin: Bool = false) -> RGBAImage?
    {
        guard let u = Rect.union(nodes.map(\.bounds)) else { return nil }
        let d = scene.density
        // Whole-pixel shift (the same for both sides of a cross-render pair, which share a layout).
        let px = u.pixelRect(density: d)
        let dx = origin ? -u.minX : -Double(px.x) / d
        let dy = origin ? -u.minY : -Double(px.y) / d
        let size = Size(u.width + 2 / d + (origin ? 0 : 1 / d), u.height + 2 / d + (origin ? 0 : 1 / d))
        let box = Rect(x: 0, y: 0, width: size.width, height: size.height)
        var s = Scene(
            size: size, density: d, card: box, nodes: nodes.map { $0.translated(dx: dx, dy: dy) },
            accessibilityLabel: "")
        s.rendering = scene.rendering
        return painter.render(s)
    }
}

/// Meanings drawn alone, by fixture key and meaning, shared by the pair jobs (on any worker):
/// each is drawn once however many pairs it is in.
final class AloneImages: @unchecked Sendable {
    private let lock = NSLock()
    private var images: [String: RGBAImage?] = [:]

    func image(_ key: String, draw: () -> RGBAImage?) -> RGBAImage? {
        lock.lock()
        if let known = images[key] {
            lock.unlock()
            return known
        }
        lock.unlock()
        let made = draw()  // two workers may draw the same one at once: the same pixels either way
        lock.lock()
        images[key] = made
        lock.unlock()
        return made
    }
}

extension SceneNode {
    func translated(dx: Double, dy: Double) -> SceneNode {
        func p(_ q: Point) -> Point { Point(q.x + dx, q.y + dy) }
        func paint(_ v: Paint) -> Paint {
            switch v {
            case .solid: return v
            case .linear(let a, let b, let s): return .linear(start: p(a), end: p(b), stops: s)
            case .radial(let c, let r, let s): return .radial(center: p(c), radius: r, stops: s)
            }
        }
        var n = self
        n.bounds = bounds.offsetBy(dx: dx, dy: dy)
        n.container = container.offsetBy(dx: dx, dy: dy)
        switch content {
        case .text: break
        case .rect(let r, let f): n.content = .rect(cornerRadius: r, fill: paint(f))
        case .path(let cmds, let fill, let stroke):
            let moved: [PathCommand] = cmds.map { c in
                switch c {
                case .move(let a): return .move(p(a))
                case .line(let a): return .line(p(a))
                case .curve(let a, let b, let e): return .curve(p(a), p(b), p(e))
                case .arc(let c, let r, let s, let e): return .arc(center: p(c), radius: r, start: s, end: e)
                case .close: return .close
                }
            }
            var st = stroke
            if let s = stroke { st = Stroke(paint(s.paint), width: s.width, dash: s.dash, cap: s.cap, join: s.join) }
            n.content = .path(moved, fill: fill.map(paint), stroke: st)
        }
        return n
    }
}

extension ColourAloneCheck {
    /// The colour-alone check in the registry (`CheckRegistry.checks`): across fixtures, no per-render
    /// body. A one-tint pair's sameness does not move with size or type scale, and colour is no map's
    /// question; judged across two renders once both are in, verify then draws its one-tint render
    /// and its pair's.
    public static let registration = CheckRegistry.Check(
        name: "colour-alone", kind: .colourAlone,
        reads:
            "one-tint renders: pips and row checks (done vs not yet), and the streak glyph, caption and all-done copy "
            + "across reactive branches",
        stages: [.verify, .contrast], render: nil, remedy: .fixColourAlone, scope: { _, _ in .unsized },
        judgedByMaps: false,
        runPictures: .renders)
}
