/// The vocabulary every layer shares. Decoding and resolution live beside this file (Model/),
/// strings in Copy/, budgets in Layout/.

public enum Platform: String, Hashable, Sendable, Codable, CaseIterable {
    case android, ios
}

/// The habit-progress state machine of seed 000's State catalog, plus NEW_DAY.
public enum WidgetState: String, Hashable, Sendable, Codable, CaseIterable {
    case firstRun, stale, newDay, empty, allDone, defaultProgress
}

/// The five streak motifs. Absent or unknown in a snapshot → `.stones` (fail-open, seed 000).
public enum StreakMotif: String, Hashable, Sendable, Codable, CaseIterable {
    case stones, flame, sprout, mountain, waves
}

/// The same-day reactive layer's answer (iOS `StreakReactiveState`, Android `ReactiveFlame`).
/// `.baseline` is the fail-closed path: `extendedToday` absent → classic flame, no caption.
public enum ReactiveTreatment: String, Hashable, Sendable, Codable, CaseIterable {
    case extended, notYet, baseline
}

/// The two extension-dependent caption branches (baseline has no caption).
public enum CaptionBranch: String, Hashable, Sendable, Codable, CaseIterable {
    case extended, notYet
}

public enum Theme: String, Hashable, Sendable, Codable, CaseIterable {
    case light, dark
}

/// The Android Home Screen sizes resolveSize can pick. Android code only ever sees this type, so an
/// iOS family or an accessory cannot reach the Android planner.
public enum AndroidFamily: String, Hashable, Sendable, Codable, CaseIterable {
    case small, medium, large
}

/// WidgetKit's families, named as WidgetKit names them (`.systemSmall` …). The Home Screen three are
/// drawn today; the Lock Screen accessories are declared so fixture keys and copy can name them.
public enum IOSFamily: String, Hashable, Sendable, Codable, CaseIterable {
    case systemSmall, systemMedium, systemLarge
    case accessoryCircular, accessoryRectangular, accessoryInline
}
