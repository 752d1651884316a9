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

    static func compare(expected: RGBAImage, actual: RGBAImage, _ comparator: ImageComparator) -> Outcome {
        let r = comparator.compare(expected: expected, actual: actual)
        switch r.outcome {
        case .match: return .same
        case .size: return .sizeDiffers(expected: r.expectedSize.description, actual: r.actualSize.description)
        case .pixels: return .pixelsDiffer(count: r.differingPixels, box: r.boundingBox?.description ?? "?", rect: r.boundingBox)
        }
    }

    static func diffImage(expected: RGBAImage, actual: RGBAImage) -> RGBAImage {
        ImageComparator.exact.diffImage(expected: expected, actual: actual)
    }

    /// A built-in pair that differs in one clearly visible pixel: any comparator must see it,
    /// and must call an image equal to itself.
    static func selfCheck(_ comparator: ImageComparator) -> Bool {
        let a = RGBAImage(width: 8, height: 8, fill: .white)
        var b = a
        b.setPixel(x: 3, y: 4, .black)
        guard case .pixelsDiffer(let n, _, _) = compare(expected: a, actual: b, comparator), n >= 1 else { return false }
        return compare(expected: a, actual: a, comparator) == .same
    }
}
