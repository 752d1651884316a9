/// What a report needs to show about one failing fixture besides its failures: the render's size
/// and its words now, beside the words the manifest recorded (nil when nothing was recorded).
public struct FixtureDetail: Codable, Sendable, Equatable {
    public var key: String
    public var width: Int
    public var height: Int
    public var expectedText: [String]?
    public var actualText: [String]
    public var expectedLabel: String?
    public var actualLabel: String

    public init(key: String, width: Int, height: Int, expectedText: [String]?, actualText: [String],
                expectedLabel: String?, actualLabel: String) {
        self.key = key; self.width = width; self.height = height; self.expectedText = expectedText
        self.actualText = actualText; self.expectedLabel = expectedLabel; self.actualLabel = actualLabel
    }
}

/// The words and size of one render, kept past the render so reports can show them.
struct RenderedWords: Sendable {
    var visibleText: [String]
    var accessibilityLabel: String
    var size: PixelSize
    init(_ scene: Scene, _ image: RGBAImage) {
        visibleText = scene.visibleText; accessibilityLabel = scene.accessibilityLabel; size = image.size
    }
}

extension Verifier {
    /// One detail per failing fixture, in run order.
    static func details(_ outcomes: [FixtureOutcome], entries: [String: GoldenEntry]) -> [FixtureDetail] {
        outcomes.compactMap { o in
            guard !o.failures.isEmpty, let w = o.words else { return nil }
            let e = entries[o.key]
            return FixtureDetail(key: o.key, width: w.size.width, height: w.size.height,
                                 expectedText: e?.visibleText, actualText: w.visibleText,
                                 expectedLabel: e?.accessibilityLabel, actualLabel: w.accessibilityLabel)
        }
    }
}
