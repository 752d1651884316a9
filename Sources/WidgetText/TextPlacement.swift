import EvidenceCore

/// Which edge `.leading` text starts from — the one place the platforms differ in placing a line.
public enum LeadingEdge: String, Hashable, Sendable, Codable {
    /// Android: a TextView's `gravity="start"` is the start of the paragraph, whose direction its
    /// first strong character decides — an all-Hebrew title sits at the right of its box.
    case paragraphStart
    /// iOS: leading follows the layout direction, left in an English locale, whatever the text says.
    case layoutLeftToRight
}

extension TextAlignment {
    /// The x where a line of `width` starts in `box` (layout units).
    public func lineX(width: Double, in box: Rect, paragraphRightToLeft: Bool, leadingEdge: LeadingEdge) -> Double {
        let startsRight = leadingEdge == .paragraphStart && paragraphRightToLeft
        switch self {
        case .center: return box.midX - width / 2
        case .leading: return startsRight ? box.maxX - width : box.minX
        case .trailing: return startsRight ? box.minX : box.maxX - width
        }
    }
}
