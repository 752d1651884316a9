import Foundation

/// The Lock Screen accessories' SF Symbols, drawn as one-ink paths on a 24 × 24 viewport (SF
/// Symbols are not bundled; these stand-ins keep each symbol's filled / outline distinction — and
/// its absence where SF Symbols has none). The names are the ones the copy layer picks
/// (`metaphorSymbol`, `inlineAccessorySymbol`).
public enum AccessorySymbol: String, Hashable, Sendable, Codable, CaseIterable {
    case flameFill = "flame.fill", flame = "flame"
    case stackFill = "square.stack.3d.up.fill", stack = "square.stack.3d.up"
    case leafFill = "leaf.fill", leaf = "leaf"
    case mountainFill = "mountain.2.fill", mountain = "mountain.2"
    /// `water.waves` has no fill variant: confirmed and pending draw the same glyph (seed 001 §4).
    case waves = "water.waves"
    case moon, sunrise
    case arrowClockwise = "arrow.clockwise"
    case checkmark

    /// The SF Symbol's name (`Image(systemName:)`).
    public var sfName: String { rawValue }
}
