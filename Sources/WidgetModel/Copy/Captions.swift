/// Reactive captions (seed 000, "Reactive states"): Android ships the shortened narrow-width
/// forms, iOS the original long forms — two independently maintained tables, not drift.
public func reactiveCaption(platform: Platform, motif: StreakMotif, branch: CaptionBranch) -> String {
    let captions: MotifCopy.Captioned
    switch platform {
    case .android: captions = motif.copy.androidCaption
    case .ios: captions = motif.copy.iosCaption
    }
    switch branch {
    case .extended: return captions.extended
    case .notYet: return captions.notYet
    }
}
