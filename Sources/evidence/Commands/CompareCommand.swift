import EvidenceCore
import Foundation
import WidgetRaster

#if canImport(Glibc)
    import Glibc
#endif

/// `evidence compare EXPECTED.png ACTUAL.png`: two images a user holds (a device screenshot against
/// a render, two goldens from two branches) through the gate's own comparison and diff image.
struct CompareCommand: DeclaredCommand {
    static let name = "compare"
    static let summary = "Compare two PNGs as the gate does: differing pixels, their box, a diff image"
    static let usage = """
        usage: evidence compare EXPECTED.png ACTUAL.png [--threshold T] [--include-aa] [--exact] [-o DIFF.png] [--json]

        Compares two PNG files with the gate's comparison and prints the outcome, the differing-pixel
        count and their bounding box. Default: perceptual, pixelmatch 7.2's rule — the YIQ colour
        delta over the threshold, pixels that are not opaque blended over pixelmatch's checkerboard
        (so ink that turns transparent is a difference), anti-aliased pixels not counted.
        """
    static let threshold = OptionSpec.value(
        "threshold", "T", "perceptual colour threshold (smaller is stricter)", check: .number(0...1),
        default: .value("\(ImageComparator.defaultThreshold)"))
    static let includeAA = OptionSpec.flag("include-aa", "count anti-aliased pixels too (pixelmatch's includeAA)")
    static let exact = OptionSpec.flag("exact", "any difference in any RGBA byte counts (verify's comparison)")
    static let output = OptionSpec.output(
        "output", "FILE",
        """
        write the diff image verify's report uses: a faded grey copy of EXPECTED,
        differing pixels red, excused anti-aliasing yellow (its folder must exist)
        """, writes: .png, short: "o")
    static let json = OptionSpec.flag(
        "json",
        """
        the result as JSON: outcome, differingPixels, boundingBox, antialiasedPixels,
        expectedSize, actualSize, comparison, diff
        """)
    struct Arguments: ParsableArguments {
        /// Only as given: a threshold beside `--exact` is refused, not ignored.
        @Option(given: CompareCommand.threshold) var threshold: Double?
        @Option(CompareCommand.includeAA) var includeAA: Bool
        @Option(CompareCommand.exact) var exact: Bool
        @Option(CompareCommand.output) var output: String?
        @Option(CompareCommand.json) var json: Bool
        @Positionals("EXPECTED.png", "ACTUAL.png") var files: [String]
    }
    static let notes = """
        Exit 0: the same within the comparison; 1: different (pixels, or size when the dimensions
        differ); 2: bad usage or an unreadable file (one line naming it). Each file is read as verify
        reads a golden: a regular file, at most \(maxInputFileBytes >> 20) MB, every PNG chunk checked and the
        declared size within the decode limits before a pixel is allocated.
        """

    /// What `--json` prints.
    struct Report: Encodable {
        var expected: String
        var actual: String
        var comparison: String
        var outcome: EvidenceCore.ComparisonResult.Outcome
        var differingPixels: Int
        var antialiasedPixels: Int
        var boundingBox: PixelRect?
        var expectedSize: PixelSize
        var actualSize: PixelSize
        var diff: String?
    }

    static func run(_ a: Arguments) throws -> Int32 {
        guard a.files.count == 2 else {
            throw InputError("compare", "needs two PNG files, EXPECTED and ACTUAL; see --help")
        }
        let comparison = try comparison(a)
        let comparator = comparison.comparator
        let out = a.output
        let expectedPath = a.files[0]
        let actualPath = a.files[1]
        let expectedBytes = try readPNGFile(expectedPath)
        let actualBytes = try readPNGFile(actualPath)
        let e = try PNGCodec.validate(expectedBytes, name: quoted(expectedPath))
        let g = try PNGCodec.validate(actualBytes, name: quoted(actualPath))
        // Everything the comparison will hold at once, asked for before the first pixel is
        // allocated: both images, the diff canvas over their union and its encoding.
        let canvas = max(e.width, g.width) * max(e.height, g.height) * 4
        try requireAddressSpace(
            PNGCodec.decodedBytes(e) + PNGCodec.decodedBytes(g) + (out == nil ? 0 : 2 * canvas),
            quoted(actualPath), "comparing \(e.width)×\(e.height) with \(g.width)×\(g.height) px")
        let expected = try PNGCodec.decode(expectedBytes, name: quoted(expectedPath))
        let actual = try PNGCodec.decode(actualBytes, name: quoted(actualPath))
        let result = comparator.compare(expected: expected, actual: actual)
        if let out {
            try OutputFile.write(ImageOps.encodePNG(comparator.diffImage(expected: expected, actual: actual)), to: out)
        }
        if a.json {
            try printJSON(
                Report(
                    expected: expectedPath, actual: actualPath, comparison: comparison.description,
                    outcome: result.outcome, differingPixels: result.differingPixels,
                    antialiasedPixels: result.antialiasedPixels, boundingBox: result.boundingBox,
                    expectedSize: result.expectedSize, actualSize: result.actualSize, diff: out))
        } else {
            print("comparison: \(comparison)")
            print(result.summary)
            if let out { print("diff: \(escapeControls(out))") }
        }
        return result.isMatch ? 0 : 1
    }

    /// The comparison the flags ask for, and why (the same value verify reports).
    static func comparison(_ a: Arguments) throws(InputError) -> AppliedComparison {
        if a.exact {
            if a.threshold != nil { throw InputError("--threshold", "does not apply with --exact (every byte counts)") }
            if a.includeAA { throw InputError("--include-aa", "does not apply with --exact (every pixel counts)") }
            return AppliedComparison(.exact, because: "requested with --exact")
        }
        let t = a.threshold ?? ImageComparator.defaultThreshold
        let asked = (a.threshold != nil ? ["--threshold \(t)"] : []) + (a.includeAA ? ["--include-aa"] : [])
        return AppliedComparison(
            .perceptual(threshold: t, includeAA: a.includeAA),
            because: asked.isEmpty
                ? "the default of evidence compare" : "requested with " + asked.joined(separator: " "))
    }

    /// A PNG read the way verify reads a golden: a regular file (no device, FIFO or folder),
    /// size-capped, checked chunk by chunk and bounded by the decode limits.
    /// The bytes of the PNG file at `path`: a regular file, read within the input cap.
    static func readPNGFile(_ path: String) throws(InputError) -> [UInt8] {
        var st = stat()
        guard stat(path, &st) == 0 else {
            let err = errno
            throw InputError(
                quoted(path),
                err == ENOENT ? "no such file" : "cannot read the file (\(String(cString: strerror(err))))")
        }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw InputError(
                quoted(path),
                st.st_mode & S_IFMT == S_IFDIR
                    ? "is a folder, expected a PNG file" : "is not a regular file, expected a PNG file")
        }
        return try readFile(atPath: path)
    }
}
