import EvidenceCore
import Foundation
import WidgetLayout
import WidgetModel
import WidgetScene

/// The `lost-meaning` check (issue #21 item 2): does a render say what its state means? It judges
/// a scene against `RequiredContent` for the facts it was drawn from — a required element absent, a
/// shed out of the seed's order, two cues that contradict each other, one sentence drawn twice.
/// Geometry is the clip and truncation checks' business; this one reads only which elements are
/// drawn, their traits and their words.
public enum LostMeaningCheck {
    public static let name = "lost-meaning"

    /// Why a render lost meaning: the first word of every finding's detail.
    public enum Reason: String, Sendable, CaseIterable {
        /// A required element is not drawn.
        case absent
        /// Something the seed sheds later is gone while something it sheds first is drawn.
        case shedOrder = "shed out of order"
        /// Two cues disagree (pips vs "N of M done", a row's check vs the habit).
        case contradiction = "contradicting cues"
        /// One sentence drawn twice in one render.
        case repeated
    }

    public struct Finding: Sendable, Equatable {
        public var reason: Reason
        /// The element the finding is about (what known findings match).
        public var element: ElementKind
        /// Its display name on the render's platform (reports only).
        public var node: String
        public var detail: String
    }

    /// Applies wherever a scene draws anything that carries meaning (the self-check's question).
    public static let gateCheck = RenderCheck(
        name: name, kind: .lostMeaning,
        applies: { scene in
            scene.nodes.contains { n in
                switch n.element.meaning {
                case .decoration, .annotation: return false
                case .streak, .state, .progress, .habit, .reactiveCue, .coaching, .action, .overflow, .staleness,
                    .encouragement, .identity:
                    return true
                }
            }
        },
        runWithFacts: { key, scene, facts in
            findings(scene, facts).map {
                GateFailure(key: key, kind: .lostMeaning, detail: $0.detail, node: $0.node, element: $0.element)
            }
        })

    /// Every finding for `scene` drawn from `facts`, in table order, then shed order, cues, repeats.
    public static func findings(_ scene: Scene, _ facts: RenderFacts) -> [Finding] {
        let drawn = Drawn(scene)
        var out: [Finding] = []
        func add(_ reason: Reason, _ kind: ElementKind, _ text: String) {
            out.append(
                Finding(
                    reason: reason, element: kind, node: kind.displayName(facts.platform),
                    detail: "\(reason.rawValue): \(text)"))
        }
        var judged = Set<RequiredContent.Item>()
        for row in RequiredContent.rows(for: facts) {
            for item in row.requires where judged.insert(item).inserted {
                guard let missing = absence(item, drawn, facts) else { continue }
                add(.absent, missing.kind, "\(missing.text) (seed \(row.seed))")
            }
        }
        for shed in RequiredContent.shedOrders where shed.families(facts.family.traits) {
            if let v = shedViolation(shed, drawn, facts) { add(.shedOrder, v.kind, v.text + " (seed \(shed.seed))") }
        }
        for c in contradictions(drawn, facts) { add(.contradiction, c.kind, c.text) }
        out += repeats(scene)
        return out
    }

    /// The drawn elements of a scene, by kind and by habit row.
    struct Drawn {
        var kinds: Set<ElementKind> = []
        /// Habit index → its row (one entry per drawn row, whatever its parts).
        var rows: [Int: HabitRowElement] = [:]
        /// Pip index → filled.
        var pips: [Int: Bool] = [:]
        init(_ scene: Scene) {
            for n in scene.nodes {
                // (a scalar test, not `trimmingCharacters`: this runs for every node of every render)
                if case .text(let t) = n.content, t.text.unicodeScalars.allSatisfy(CharacterSet.whitespaces.contains) {
                    continue
                }
                kinds.insert(n.element.kind)
                if case .habitRow(let row, _) = n.element { rows[row.habit] = row }
                if case .pip(let i, let filled) = n.element { pips[i] = filled }
            }
        }
        /// The next-due habit's row: the row the layout marks next-due, or (the legacy body has no
        /// next-due treatment) the row of the first habit not yet checked in.
        func nextDueDrawn(_ w: ResolvedWidget) -> Bool {
            rows.values.contains { $0.isNextDue }
                || w.habits.firstIndex { !$0.checkedInToday }.map { rows[$0] != nil } == true
        }
    }

    /// What is missing for `item`, or nil when the render shows it (or the item does not apply).
    static func absence(_ item: RequiredContent.Item, _ drawn: Drawn, _ facts: RenderFacts) -> (
        kind: ElementKind, text: String
    )? {
        let w = facts.resolved
        switch item {
        case .nextDueHabit:
            guard let habit = w.nextDueHabit, !drawn.nextDueDrawn(w) else { return nil }
            return (.habitTitle, "the next-due habit (\(quoted(habit.title))) has no row")
        case .buttonsHabit:
            guard let habit = w.nextDueHabit, drawn.kinds.contains(.checkOffLabel), !drawn.nextDueDrawn(w) else {
                return nil
            }
            return (
                .habitTitle,
                "the check-off button is drawn but the habit it checks off (\(quoted(habit.title))) has no row"
            )
        case .overflow:
            let hidden = w.dueCount - drawn.rows.count
            guard RequiredContent.drawsRows(facts), hidden > 0, !drawn.kinds.contains(.overflowLine) else { return nil }
            return (.overflowLine, "\(hidden) of \(w.dueCount) habits have no row and no \"+N more\" line says so")
        case .nextDueAmongRows:
            guard let habit = w.nextDueHabit, !drawn.rows.isEmpty, !drawn.nextDueDrawn(w) else { return nil }
            return (
                .habitTitle,
                "\(drawn.rows.count) habit row(s) drawn, but not the next-due habit's (\(quoted(habit.title)))"
            )
        case .habitsCounted:
            let hidden = w.dueCount - drawn.rows.count
            guard RequiredContent.drawsRows(facts), hidden > 0, !drawn.kinds.contains(.overflowLine) else { return nil }
            if drawn.rows.isEmpty && drawn.kinds.contains(.progress) { return nil }
            return (
                .overflowLine,
                drawn.rows.isEmpty
                    ? "no habit row, and neither \"+N more\" nor \"N of M done\" says \(w.dueCount) habits are due"
                    : "\(hidden) of \(w.dueCount) habits have no row and no \"+N more\" line says so"
            )
        case .dayProgress:
            guard w.dueCount > w.doneCount, drawn.rows.isEmpty, !drawn.kinds.contains(.progress) else { return nil }
            return (
                .progress,
                "neither the next-due habit's row nor \"N of M done\" says how the day stands (\(w.doneCount) of "
                    + "\(w.dueCount) done)"
            )
        case .statusLine, .numeral, .staleAge, .checkOffButton, .progress, .restGlyph:
            let kinds = RequiredContent.kinds(item, family: facts.family, state: facts.state)
            guard let first = kinds.first, !kinds.contains(where: drawn.kinds.contains) else { return nil }
            return (first, "the \(item.rawValue) (\(first.rawValue)) is not drawn in \(facts.state.rawValue)")
        }
    }

    /// The first pair of the shed order drawn the wrong way round, or nil.
    static func shedViolation(_ shed: RequiredContent.ShedOrder, _ drawn: Drawn, _ facts: RenderFacts) -> (
        kind: ElementKind, text: String
    )? {
        func present(_ s: RequiredContent.Shed) -> Bool {
            switch s {
            case .element(let k): return drawn.kinds.contains(k)
            case .habitRows: return !drawn.rows.isEmpty
            }
        }
        /// Whether the render would draw it with room to spare (a state with no rows sheds none).
        func expected(_ s: RequiredContent.Shed) -> Bool {
            switch s {
            case .element(let k): return k != .streakGlyph || facts.state != .firstRun
            case .habitRows: return RequiredContent.drawsRows(facts)
            }
        }
        for (j, later) in shed.order.enumerated() where expected(later) && !present(later) {
            if let earlier = shed.order[..<j].first(where: present) {
                let kind: ElementKind
                switch later {
                case .element(let k): kind = k
                case .habitRows: kind = .habitTitle
                }
                return (kind, "\(later.name) shed while \(earlier.name), which the seed sheds before it, is drawn")
            }
        }
        return nil
    }

    /// Cues that disagree with each other or with the facts: the pip row against "N of M done",
    /// a row's done check against its habit.
    static func contradictions(_ drawn: Drawn, _ facts: RenderFacts) -> [(kind: ElementKind, text: String)] {
        var out: [(ElementKind, String)] = []
        let done = facts.resolved.doneCount
        let due = facts.resolved.dueCount
        let pips = drawn.pips.count
        let filled = drawn.pips.values.filter { $0 }.count
        if pips > 0 {
            // One pip per habit must match the count; a capped row must at least agree on none / all.
            let agrees =
                pips == due
                ? filled == done
                : pips < due && (filled == pips) == (done == due) && (filled == 0) == (done == 0)
            if !agrees { out.append((.pip, "\(filled) of \(pips) pips filled beside \(done) of \(due) done")) }
        }
        for (habit, row) in drawn.rows.sorted(by: { $0.key < $1.key }) where habit < facts.resolved.habits.count {
            let checked = facts.resolved.habits[habit].checkedInToday
            if row.done != checked {
                out.append(
                    (
                        .habitCheck,
                        "row \(row.position + 1) is drawn \(row.done ? "done" : "not yet") but its habit is "
                            + "\(checked ? "checked in" : "not checked in")"
                    ))
            }
        }
        return out
    }

    /// One sentence drawn by two nodes (habit titles excepted: two habits may share a name).
    static func repeats(_ scene: Scene) -> [Finding] {
        var first: [String: SceneNode] = [:]
        var out: [Finding] = []
        for n in scene.nodes {
            guard case .text(let t) = n.content else { continue }
            switch n.element.meaning {
            case .habit, .annotation, .decoration: continue
            case .streak, .state, .progress, .reactiveCue, .coaching, .action, .overflow, .staleness, .encouragement,
                .identity:
                break
            }
            let sentence = normalized(t.text)
            guard sentence.contains(where: \.isLetter) else { continue }
            if let earlier = first[sentence] {
                out.append(
                    Finding(
                        reason: .repeated, element: n.element.kind, node: n.name,
                        detail:
                            "\(Reason.repeated.rawValue): \(quoted(t.text)) is drawn as "
                            + "\(earlier.element.kind.rawValue) and again as \(n.element.kind.rawValue)"
                    ))
            } else {
                first[sentence] = n
            }
        }
        return out
    }

    /// Case, surrounding space and a closing full stop do not make a different sentence.
    static func normalized(_ s: String) -> String {
        // Trimmed of what `CharacterSet.whitespacesAndNewlines` holds — the White_Space scalars and
        // U+200B, the same set over every scalar — without the NSString bridge, slow on Linux.
        func isSpace(_ u: Unicode.Scalar) -> Bool { u.properties.isWhitespace || u == "\u{200B}" }
        let scalars = s.unicodeScalars
        guard let start = scalars.firstIndex(where: { !isSpace($0) }),
            let end = scalars.lastIndex(where: { !isSpace($0) })
        else { return "" }
        var t = String(scalars[start...end]).lowercased()
        while t.hasSuffix(".") { t.removeLast() }
        return t
    }
}

extension LostMeaningCheck {
    /// The lost-meaning check in the registry (`CheckRegistry.checks`).
    public static let registration = CheckRegistry.Check(
        name: name, kind: .lostMeaning,
        reads:
            "element kinds and traits (next-due row, pip fill, row checks) and words against the required-content "
            + "table for the render's state and family",
        stages: [.render], render: gateCheck, remedy: .fixLostMeaning,
        scope: { f, facts in SeedScope.lostMeaning(f, facts) }, judgedByMaps: true)
}
