import EvidenceCore

/// The gate's view of the image layer: hashes as hex strings, PNG bytes, and comparison
/// outcomes in the terms the gate reports.
public enum ImageOps {
    enum Outcome: Equatable {
        case same
        case sizeDiffers(expected: String, actual: String)
        case pixelsDiffer(count: Int, box: String, rect: PixelRect?)
    }

    static func hash(_ bytes: [UInt8]) -> Hash128 { Hash128.of(bytes) }
    static func pixelHash(_ image: RGBAImage) -> Hash128 { image.pixelHash }
    public static func encodePNG(_ image: RGBAImage) -> [UInt8] { PNGCodec.encode(image) }
    static func decodePNG(_ bytes: [UInt8], name: String) throws(InputError) -> RGBAImage {
        try PNGCodec.decode(bytes, name: name)
    }

    /// A golden read for comparison with a render of `size`.
    enum Golden {
        case image(RGBAImage)
        /// The PNG header declares another size: a `size` failure, its pixels never decoded.
        case size(PixelSize)
    }

    /// Decodes a golden only when its PNG header declares the render's size, so the decoder never
    /// allocates more than the fixture's own pixels (issue #24: a 261 KB PNG bomb whose header is
    /// within the decode limits cost 2.9 s and 580 MB per worker before it was called `size`).
    static func decodeGolden(_ bytes: [UInt8], name: String, expecting size: PixelSize) throws(InputError) -> Golden {
        let header = try PNGCodec.validate(bytes, name: name)
        guard header.size == size else { return .size(header.size) }
        return .image(try PNGCodec.decode(bytes, validated: header, name: name))
    }

    static func compare(expected: RGBAImage, actual: RGBAImage, _ comparator: ImageComparator) -> Outcome {
        let r = comparator.compare(expected: expected, actual: actual)
        switch r.outcome {
        case .match: return .same
        case .size: return .sizeDiffers(expected: r.expectedSize.description, actual: r.actualSize.description)
        case .pixels:
            return .pixelsDiffer(count: r.differingPixels, box: r.boundingBox?.description ?? "?", rect: r.boundingBox)
        }
    }

    /// The diff image of the report and of `evidence compare -o`, drawn by the comparison in use
    /// (perceptual marks excused anti-aliasing in yellow).
    static func diffImage(expected: RGBAImage, actual: RGBAImage, _ comparator: ImageComparator) -> RGBAImage {
        comparator.diffImage(expected: expected, actual: actual)
    }

    /// The self-check's known-different pairs, each with what it proves the comparator can see.
    static let selfCheckPairs: [(name: String, a: RGBAImage, b: RGBAImage)] = {
        let white = RGBAImage(width: 8, height: 8, fill: .white)
        var dot = white
        dot.setPixel(x: 3, y: 4, .black)
        // White ink over nothing vs nothing, colour bytes equal: the vanished Lock Screen ink of
        // issue #23, which a comparison that blends alpha over white cannot see.
        let clearWhite = Color(r: 255, g: 255, b: 255, a: 0)
        let nothing = RGBAImage(width: 8, height: 8, fill: clearWhite)
        var ink = nothing
        ink.setPixel(x: 3, y: 4, .white)
        return [
            ("one black pixel on white", white, dot),
            ("one pixel differing only in alpha (white ink on transparency)", nothing, ink),
        ]
    }()

    /// Nil when `comparator` sees every known difference and calls each image equal to itself;
    /// else the pair it failed on. A comparator that fails must not vouch for anything.
    static func selfCheckFailure(_ comparator: ImageComparator) -> String? {
        for pair in selfCheckPairs {
            guard case .pixelsDiffer(let n, _, _) = compare(expected: pair.a, actual: pair.b, comparator), n >= 1 else {
                return "it reported a known-different pair (\(pair.name)) as equal"
            }
            guard compare(expected: pair.a, actual: pair.a, comparator) == .same else {
                return "it reported an image (\(pair.name)) as different from itself"
            }
        }
        return nil
    }
}
