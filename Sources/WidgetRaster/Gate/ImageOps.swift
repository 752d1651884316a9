/// The gate's view of the image layer: hashing, PNG bytes and comparison, in the terms the
/// gate reports (hex hashes, pixel counts, a bounding box).
public enum ImageOps {
    enum Comparator: Equatable, Sendable {
        case exact
        case perceptual(threshold: Double)
    }

    enum Outcome: Equatable {
        case same
        case sizeDiffers(expected: String, actual: String)
        case pixelsDiffer(count: Int, box: String)
    }

    static func hash(_ bytes: [UInt8]) -> String { fatalError("wired after the image layer lands") }
    static func pixelHash(_ image: RGBAImage) -> String { fatalError("wired after the image layer lands") }
    public static func encodePNG(_ image: RGBAImage) -> [UInt8] { fatalError("wired after the image layer lands") }
    static func decodePNG(_ bytes: [UInt8], name: String) throws(InputError) -> RGBAImage {
        fatalError("wired after the image layer lands")
    }

    static func compare(expected: RGBAImage, actual: RGBAImage, _ comparator: Comparator) -> Outcome {
        fatalError("wired after the image layer lands")
    }

    static func diffImage(expected: RGBAImage, actual: RGBAImage) -> RGBAImage {
        fatalError("wired after the image layer lands")
    }

    /// A built-in pair that differs in one clearly visible pixel: any comparator must see it.
    static func selfCheck(_ comparator: Comparator) -> Bool {
        let a = RGBAImage(width: 8, height: 8, fill: .white)
        var b = a
        b.setPixel(x: 3, y: 4, .black)
        if case .pixelsDiffer(let n, _) = compare(expected: a, actual: b, comparator), n >= 1 {
            return compare(expected: a, actual: a, comparator) == .same
        }
        return false
    }
}
