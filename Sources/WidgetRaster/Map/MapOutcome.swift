/// What one cell of a meaning map says: everything shown, optional elements shed in the seed's
/// order, or meaning lost — sorted by how the loss is explained (issue #52).
public enum MapClass: String, Sendable, Codable, CaseIterable, Comparable {
    /// Every element the family draws with room to spare is drawn.
    case shown
    /// Optional elements shed (in the seed's order: a shed out of order is a `lost-meaning` finding).
    case shed
    /// A loss the seed names as an accepted limitation or open defect (known-findings.json).
    case known
    /// A loss at an input the seed's tables and bounds do not cover.
    case outsideScope = "outside-scope"
    /// A loss the seed's own rules produce (quoted from the seed).
    case specGap = "spec-gap"
    /// A loss nothing explains: our reading of the seed is wrong, or the seed is.
    case lost

    /// Worse outcomes sort later; a cell's outcome is its worst class.
    public static func < (a: MapClass, b: MapClass) -> Bool { a.rank < b.rank }
    var rank: Int {
        switch self {
        case .shown: 0
        case .shed: 1
        case .known: 2
        case .outsideScope: 3
        case .specGap: 4
        case .lost: 5
        }
    }

    /// The legend's letter: the map never tells classes apart by colour alone.
    public var letter: String {
        switch self {
        case .shown: "S"
        case .shed: "D"
        case .known: "K"
        case .outsideScope: "O"
        case .specGap: "G"
        case .lost: "L"
        }
    }

    /// What the legend says.
    public var meaning: String {
        switch self {
        case .shown: "everything shown"
        case .shed: "optional elements shed in the seed's order (dots and shade: how many, 5 for 5+)"
        case .known: "meaning lost, a limitation the seed names"
        case .outsideScope:
            "meaning lost where the seed does not reach (outside its bounds, or a family resolveSize does not pick "
                + "there)"
        case .specGap: "meaning lost by the seed's own rules (spec gap)"
        case .lost: "meaning lost, unexplained (a failure)"
        }
    }
}

extension MapClass {
    /// The finding kinds a map judges: what a render says at a size, read from the plan's scene
    /// alone. Colour is not a question of size (contrast reads pixels, colour-alone pairs of
    /// renders), and the golden and run kinds are not per-render findings. A check's registration
    /// says whether a map shows its kind (`CheckRegistry.Check.judgedByMaps`).
    public static func judges(_ kind: FailureKind) -> Bool {
        kind.check?.judgedByMaps == true
    }

    /// The one adaptor from a render's findings to map classes: the finding's own class (issue #51:
    /// known, spec gap, outside the seed's scope, failure). A failure at a size the map itself
    /// places beyond the seed — a fixed family where resolveSize would draw another — is outside
    /// its scope too.
    public static func classify(_ finding: RenderReport.Finding, insideSeedScope: Bool) -> MapClass {
        // A finding marked known by its entry, whatever class it was read with.
        if finding.known { return finding.findingClass == .specGap ? .specGap : .known }
        switch finding.findingClass {
        case .known: return .known
        case .specGap: return .specGap
        case .outsideScope: return .outsideScope
        case .failure: return insideSeedScope ? .lost : .outsideScope
        }
    }
}
