import EvidenceCore
import WidgetScene

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
    /// The report image of its accessibility view (`KEY/a11y.png`), where verify drew one.
    public var accessibilityView: String?
    /// The render's pixel hash (hex): what a reviewer approves in the page's accept file, so
    /// `record --accept` can refuse a render that moved after review (nil: no render of its own).
    public var pixelHash: String?

    public init(
        key: String, width: Int, height: Int, expectedText: [String]?, actualText: [String],
        expectedLabel: String?, actualLabel: String, accessibilityView: String? = nil, pixelHash: String? = nil
    ) {
        self.key = key
        self.width = width
        self.height = height
        self.expectedText = expectedText
        self.actualText = actualText
        self.expectedLabel = expectedLabel
        self.actualLabel = actualLabel
        self.accessibilityView = accessibilityView
        self.pixelHash = pixelHash
    }
}

/// The words and size of one render, kept past the render so reports can show them.
struct RenderedWords: Sendable {
    var visibleText: [String]
    var accessibilityLabel: String
    var size: PixelSize
    var pixelHash: Hash128?
    init(_ scene: Scene, _ size: PixelSize, pixelHash: Hash128? = nil) {
        visibleText = scene.visibleText
        accessibilityLabel = scene.accessibilityLabel
        self.size = size
        self.pixelHash = pixelHash
    }
}

extension Verifier {
    /// One detail per failing fixture, in run order: those the render failed, and those with an
    /// accessibility view (`viewed`, which also holds the words of a run-wide failure's fixture).
    static func details(_ outcomes: [FixtureOutcome], entries: [String: GoldenEntry], viewed: [String: RenderedWords])
        -> [FixtureDetail]
    {
        outcomes.compactMap { o in
            guard let w = o.failures.isEmpty ? viewed[o.key] : o.words ?? viewed[o.key] else { return nil }
            let e = entries[o.key]
            return FixtureDetail(
                key: o.key, width: w.size.width, height: w.size.height,
                expectedText: e?.visibleText, actualText: w.visibleText,
                expectedLabel: e?.accessibilityLabel, actualLabel: w.accessibilityLabel,
                accessibilityView: viewed[o.key] != nil ? AccessibilityOverlay.path(o.key) : nil,
                pixelHash: (o.words?.pixelHash).map(\.hex))
        }
    }
}
