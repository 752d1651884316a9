import EvidenceCore
import WidgetModel
import WidgetText

/// What every plan answers, whichever platform planned it (issue #57): the boxes it lays out in,
/// what it draws, and every part it decided about. The scene (`PlanScene`) and `plan --json`
/// (`PlanReport`) read a plan through this alone, so each is one path for both platforms.
public protocol LaidOutPlan: Sendable {
    var platform: Platform { get }
    var frames: PlanFrames { get }
    /// What the plan draws, back to front, the card first.
    func sceneItems(_ w: ResolvedWidget, measurer: TextMeasuring) -> [PlanItem]
    /// Every part the plan decided about, in the order `plan` lists them: shown with its frame
    /// and lines, or hidden with why.
    var entries: [PlanEntry] { get }
    /// The content box `plan` reports (Android's: the budget's, less the safety margin).
    var reportedContent: Rect { get }
    /// Habits drawn as rows (snapshot indices, top to bottom), and how many are not.
    var visibleHabits: [Int] { get }
    var overflow: Int { get }
    /// The dp / pt arithmetic, one human line each.
    var arithmetic: [String] { get }
}

/// The boxes a plan lays out in: the whole widget box (the card's container), the card (the card
/// fill's and the ember's), and the content box (every other element's).
public struct PlanFrames: Sendable, Hashable {
    public var box: Rect, card: Rect, content: Rect
    public init(box: Rect, card: Rect, content: Rect) {
        self.box = box
        self.card = card
        self.content = content
    }
}

/// One part a plan decided about, as `plan` lists it.
public struct PlanEntry: Codable, Sendable, Hashable {
    /// The part's name (Android: the plan key, e.g. `staleFooter`; iOS: the scene element's display
    /// name, e.g. `status-title`; Android's habit rows `habit[i]` with the snapshot's index).
    public var name: String
    public var shown: Bool
    /// The comparison or seed rule that decided it.
    public var reason: String
    /// Where it is drawn, in layout units within the widget box; absent when hidden.
    public var frame: Rect?
    /// The lines drawn, as the planner finished them (absent for graphics and hidden parts).
    public var lines: [String]?
    /// The drawn text ends in "…".
    public var ellipsized: Bool?

    public init(
        name: String, shown: Bool, reason: String, frame: Rect? = nil, lines: [String]? = nil, ellipsized: Bool? = nil
    ) {
        self.name = name
        self.shown = shown
        self.reason = reason
        self.frame = frame
        self.lines = lines
        self.ellipsized = ellipsized
    }
}

extension AndroidWidgetPlan: LaidOutPlan {
    public var platform: Platform { .android }

    public var frames: PlanFrames {
        let box = Rect(x: 0, y: 0, width: widthDp, height: heightDp)
        let card = box.insetBy(dx: AndroidLayout.systemWidgetMarginDp, dy: AndroidLayout.systemWidgetMarginDp)
        return PlanFrames(
            box: box, card: card,
            content: card.insetBy(dx: AndroidLayout.rootPaddingDp, dy: AndroidLayout.rootPaddingDp))
    }

    public func sceneItems(_ w: ResolvedWidget, measurer: TextMeasuring) -> [PlanItem] { items(w, measurer: measurer) }

    /// Every part the planner decided about, in `PlanPart.android`'s order, then the habit rows.
    public var entries: [PlanEntry] {
        PlanPart.android.map { key in
            let e = element(key)
            return PlanEntry(
                name: key.name(on: .android), shown: e.shown, reason: e.reason, frame: e.shown ? e.frame : nil,
                lines: e.shown ? e.drawn?.lines : nil, ellipsized: e.shown && e.drawn != nil ? e.ellipsized : nil)
        }
            + habitRows.map { r in
                PlanEntry(
                    name: PlanRow.habitRowName(r.habitIndex), shown: true,
                    reason:
                        "\(r.isNextDue ? "next-due row, " : "")label \(r.labelLines) of max \(r.labelMaxLines) line(s)"
                        + (levelB ? " (Level B)" : ""),
                    frame: r.frame, lines: r.label.lines, ellipsized: r.label.ellipsized)
            }
    }

    public var reportedContent: Rect { contentBox }
    public var visibleHabits: [Int] { habitRows.map(\.habitIndex) }
}

extension IOSWidgetPlan: LaidOutPlan {
    public var platform: Platform { .ios }

    public var frames: PlanFrames { PlanFrames(box: card, card: card, content: content) }

    /// The card fill (iOS 17+ containerBackground: the opaque WidgetCard fills the host's rounded
    /// card; the accessories have none, the Lock Screen draws them over the wallpaper), then the items.
    public func sceneItems(_ w: ResolvedWidget, measurer: TextMeasuring) -> [PlanItem] {
        let fill =
            family.isAccessory
            ? []
            : [
                PlanItem(
                    element: .card, frame: card, content: .fill(.card, alpha: 1, radius: IOSLayout.cornerRadiusPt),
                    reason: "containerBackground: the WidgetCard fill")
            ]
        return fill + items
    }

    /// Every item drawn, in paint order, then the hidden parts by name.
    public var entries: [PlanEntry] {
        items.map { i in
            var lines: [String]?
            var ellipsized: Bool?
            if case .text(let t, _, _, _, _) = i.content {
                lines = t.lines
                ellipsized = t.ellipsized
            }
            return PlanEntry(
                name: i.name(on: .ios), shown: true, reason: i.reason, frame: i.frame, lines: lines,
                ellipsized: ellipsized)
        } + hiddenByName.sorted { $0.key < $1.key }.map { PlanEntry(name: $0.key, shown: false, reason: $0.value) }
    }

    public var reportedContent: Rect { content }
}
