import Foundation

/// Where a line sits in its box.
public enum TextAlignment: String, Hashable, Sendable, Codable { case leading, center, trailing }
