/// Reactive captions (seed 000, "Reactive states"): Android ships the shortened narrow-width
/// forms, iOS the original long forms — two independently maintained tables, not drift.
public func reactiveCaption(platform: Platform, motif: StreakMotif, branch: CaptionBranch) -> String {
    switch (platform, branch) {
    case (.android, .extended):
        switch motif {
        case .flame: return "Locked in"
        case .stones: return "Stone laid"
        case .sprout: return "Leaf out"
        case .mountain: return "Step up"
        case .waves: return "Wave in"
        }
    case (.android, .notYet):
        switch motif {
        case .flame: return "Add today"
        case .stones: return "Add a stone"
        case .sprout: return "Add a leaf"
        case .mountain: return "Add a step"
        case .waves: return "Add a wave"
        }
    case (.ios, .extended):
        switch motif {
        case .flame: return "Locked in today"
        case .stones: return "Today's stone laid"
        case .sprout: return "Today's leaf out"
        case .mountain: return "Today's step up"
        case .waves: return "Today's wave in"
        }
    case (.ios, .notYet):
        switch motif {
        case .flame: return "Add today"
        case .stones: return "Add today's stone"
        case .sprout: return "Add today's leaf"
        case .mountain: return "Add today's step"
        case .waves: return "Add today's wave"
        }
    }
}
