import CPNG
import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// The goldens' encoder (issue #56: libdeflate, filter None, the smallest lossless colour type):
/// every colour type it picks round-trips bit for bit through the decoder verify uses, and the
/// bytes are a function of the pixels.
@Suite struct GoldenEncodingTests {
    /// An image whose pixel (x, y) is `pixel(x, y)` as [r, g, b, a].
    static func image(_ width: Int, _ height: Int, _ pixel: (Int, Int) -> [UInt8]) -> RGBAImage {
        RGBAImage(
            width: width, height: height, pixels: (0..<height).flatMap { y in (0..<width).flatMap { x in pixel(x, y) } }
        )
    }

    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var image: RGBAImage
        var colourType: Int
        var chunks: [String]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(
            name: "grey and opaque → grey",
            image: image(300, 7) { x, y in
                let v = UInt8((x * 7 + y) % 256)
                return [v, v, v, 255]
            }, colourType: 0, chunks: ["IHDR", "IDAT", "IEND"]),
        Case(
            name: "grey, translucent, more than 256 colours → grey + alpha",
            image: image(40, 30) { x, y in
                let v = UInt8(x * 6)
                return [v, v, v, UInt8(y * 8)]
            }, colourType: 4, chunks: ["IHDR", "IDAT", "IEND"]),
        Case(
            name: "opaque, more than 256 colours → RGB",
            image: image(20, 20) { x, y in
                [UInt8(x * 12), UInt8(y * 12), 7, 255]
            }, colourType: 2, chunks: ["IHDR", "IDAT", "IEND"]),
        Case(
            name: "translucent, more than 256 colours → RGBA", image: ImageFixtures.pattern(width: 120, height: 50),
            colourType: 6, chunks: ["IHDR", "IDAT", "IEND"]),
        Case(
            name: "exactly 256 opaque colours → palette, no tRNS",
            image: image(16, 16) { x, y in
                [UInt8(x * 16), UInt8(y * 16), 200, 255]
            }, colourType: 3, chunks: ["IHDR", "PLTE", "IDAT", "IEND"]),
        Case(
            name: "257 opaque colours → RGB",
            image: image(257, 1) { x, _ in
                [UInt8(x % 256), UInt8(x / 256), 0, 255]
            }, colourType: 2, chunks: ["IHDR", "IDAT", "IEND"]),
        Case(
            name: "few colours with alpha → palette + tRNS",
            image: image(9, 5) { x, y in
                x < 3 ? [10, 20, 30, 255] : x < 6 ? [200, 100, 0, UInt8(40 * y)] : [0, 0, 0, 0]
            }, colourType: 3,
            chunks: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]),
        // Straight alpha: a transparent pixel keeps its colour, and two differently coloured
        // transparent pixels are two palette entries.
        Case(
            name: "transparent pixels of different colours stay different",
            image: image(4, 1) { x, _ in
                [UInt8(x * 60), 9, 9, x % 2 == 0 ? 0 : 255]
            }, colourType: 3, chunks: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]),
        Case(
            name: "one pixel", image: image(1, 1) { _, _ in [1, 2, 3, 4] }, colourType: 3,
            chunks: ["IHDR", "PLTE", "tRNS", "IDAT", "IEND"]),
    ]

    @Test(arguments: cases)
    func roundTripsInTheSmallestColourType(_ c: Case) throws {
        let bytes = PNGCodec.encode(c.image)
        expectTrue(PNGCodec.encode(c.image) == bytes, "same pixels, same bytes")
        let header = try PNGCodec.validate(bytes, name: "c.png")
        expectTrue(
            header
                == PNGCodec.Header(
                    width: c.image.width, height: c.image.height, bitDepth: 8, colorType: c.colourType,
                    interlaced: false))
        expectTrue(ImageFixtures.chunks(bytes).map(\.type) == c.chunks)
        let back = try PNGCodec.decode(bytes, name: "c.png")
        expectTrue(back == c.image)
        expectTrue(back.pixelHash == c.image.pixelHash)
    }

    @Test func thePaletteIsInOrderOfFirstAppearanceAndTRNSEndsAtTheLastTranslucentEntry() throws {
        // Blue (opaque), red (half), green (opaque): PLTE blue, red, green; tRNS [255, 128].
        let img = Self.image(5, 1) { x, _ in
            [[0, 0, 255, 255], [255, 0, 0, 128], [0, 255, 0, 255], [0, 0, 255, 255], [0, 255, 0, 255]][x]
        }
        let bytes = PNGCodec.encode(img)
        let chunks = ImageFixtures.chunks(bytes)
        func data(_ type: String) -> [UInt8] {
            guard let c = chunks.first(where: { $0.type == type }) else { return [] }
            return Array(bytes[(c.offset + 8)..<(c.offset + 8 + c.length)])
        }
        expectTrue(data("PLTE") == [0, 0, 255, 255, 0, 0, 0, 255, 0])
        expectTrue(data("tRNS") == [255, 128])
        expectTrue(try PNGCodec.decode(bytes, name: "p.png") == img)
    }

    /// The bytes of `image` through the golden encoder with one level for every image.
    static func encoded(_ image: RGBAImage, level: Int32) throws -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        var count = 0
        var message = [CChar](repeating: 0, count: Int(CPNG_MESSAGE_SIZE))
        let rc = image.pixels.withUnsafeBufferPointer {
            cpng_encode_golden(
                $0.baseAddress, UInt32(image.width), UInt32(image.height), level, level, &out, &count, &message)
        }
        try #require(rc == 0)
        defer { cpng_free(out) }
        return Array(UnsafeBufferPointer(start: out, count: count))
    }

    /// A card of `background` with translucent marks scattered over it (which the lightness rule
    /// does not read): enough structure that levels 7 and 8 write different bytes.
    static func marked(background: [UInt8]) -> RGBAImage {
        var state: UInt32 = 12345
        return image(160, 96) { x, y in
            state = state &* 1_103_515_245 &+ 12345
            let mark = (x / 3 + y / 2) % 7 == 0 && state >> 29 != 0
            return mark
                ? [UInt8(truncatingIfNeeded: state >> 8), UInt8(truncatingIfNeeded: state >> 16), 90, 200] : background
        }
    }

    /// The level follows the opaque pixels' mean lightness (`PNGCodec.goldenLevels`): below 128 the
    /// dark level, from 128 the light one; an image with no opaque pixel takes the dark level.
    @Test(arguments: [
        ("light card, mean 128", [128, 128, 128, 255] as [UInt8], PNGCodec.goldenLevels.light),
        ("light card, mean 240", [240, 240, 235, 255], PNGCodec.goldenLevels.light),
        ("dark card, mean 127.7", [127, 128, 128, 255], PNGCodec.goldenLevels.dark),
        ("dark card, mean 20", [20, 22, 25, 255], PNGCodec.goldenLevels.dark),
        ("no opaque pixel", [240, 240, 240, 254], PNGCodec.goldenLevels.dark),
    ])
    func theLevelFollowsTheLightness(_ name: String, _ background: [UInt8], _ level: Int32) throws {
        let img = Self.marked(background: background)
        let light = try Self.encoded(img, level: PNGCodec.goldenLevels.light)
        let dark = try Self.encoded(img, level: PNGCodec.goldenLevels.dark)
        try #require(
            light != dark, "\(name): the two levels must write different bytes for the test to tell them apart")
        expectTrue(PNGCodec.encode(img) == (level == PNGCodec.goldenLevels.light ? light : dark), "\(name)")
        expectTrue(try PNGCodec.decode(PNGCodec.encode(img), name: "m.png") == img)
    }

    /// More than a megabyte of compressed data is split into IDAT chunks of 1 MiB.
    @Test func incompressiblePixelsSpanSeveralIDATChunks() throws {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        let img = Self.image(640, 640) { _, _ in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return [
                UInt8(truncatingIfNeeded: state >> 56), UInt8(truncatingIfNeeded: state >> 48),
                UInt8(truncatingIfNeeded: state >> 40), 255,
            ]
        }
        let bytes = PNGCodec.encode(img)
        let idats = ImageFixtures.chunks(bytes).filter { $0.type == "IDAT" }
        expectTrue(idats.count == 2)
        expectTrue(idats.first?.length == 1 << 20)
        expectTrue(try PNGCodec.decode(bytes, name: "noise.png") == img)
    }

    /// Re-encoding goldens keeps their pixels: a sample of the committed goldens (every 50th),
    /// decoded, encoded and decoded again — and, with the libdeflate they were recorded with, the
    /// encoder gives back the committed bytes exactly.
    @Test func committedGoldensRoundTrip() throws {
        let manifest = try #require(try Manifest.load(from: PackagePaths.goldens))
        let sameEncoder = manifest.environment.libdeflate == PNGCodec.libraryVersions["libdeflate"]
        let keys = manifest.goldens.keys.sorted()
        for key in stride(from: 0, to: keys.count, by: 50).map({ keys[$0] }) {
            let file = PackagePaths.goldens.appendingPathComponent(manifest.goldens[key]!.file).path
            let bytes = try readFile(atPath: file)
            let image = try PNGCodec.decode(bytes, name: file)
            let again = PNGCodec.encode(image)
            expectTrue(try PNGCodec.decode(again, name: file) == image, "\(key)")
            if sameEncoder { expectTrue(again == bytes, "\(key): re-encoding its pixels gives other bytes") }
        }
    }
}

/// libdeflate decides the goldens' bytes, never their pixels: its version is recorded, and a drift
/// in it alone is named in the comparison line and never fails a run (issue #56).
@Suite struct EncoderEnvironmentTests {
    static let here = RendererEnvironment(
        cairo: "c", freetype: "f", harfbuzz: "h", libpng: "p", libdeflate: "1.19", zlib: "z", fonts: ["a.ttf": "1"])

    @Test func theRunningEncoderIsRecorded() {
        expectTrue(RendererEnvironment.current().libdeflate == PNGCodec.libraryVersions["libdeflate"])
        expectTrue(PNGCodec.libraryVersions["libdeflate"] == String(cString: cpng_libdeflate_version()))
    }

    @Test func aLibdeflateDriftAloneIsNamedAndNeverFailed() {
        var recorded = Self.here
        recorded.libdeflate = "1.14"
        expectTrue(Self.here.differences(from: recorded).isEmpty)
        expectTrue(Self.here.encoderDifferences(from: recorded) == ["libdeflate: recorded 1.14, found 1.19"])
        let note =
            "; PNG encoder differs from Goldens/manifest.json: libdeflate: recorded 1.14, found 1.19 (a record would "
            + "write other bytes for the same pixels)"
        expectTrue(
            Verifier.chooseComparison(.automatic, manifest: Manifest(environment: recorded), environment: Self.here)
                == .applied(AppliedComparison(.exact, because: "environment matches Goldens/manifest.json" + note)))
        expectTrue(
            Verifier.chooseComparison(.exact, manifest: Manifest(environment: recorded), environment: Self.here)
                == .applied(AppliedComparison(.exact, because: "requested with --compare exact" + note)))
        // A manifest recorded before the encoder was part of the environment.
        recorded.libdeflate = nil
        expectTrue(Self.here.encoderDifferences(from: recorded) == ["libdeflate: recorded none, found 1.19"])
        expectTrue(Self.here.encoderDifferences(from: Self.here).isEmpty)
    }

    @Test func anotherDriftStillFailsAsEnvironmentAndTheEncoderIsNoPartOfIt() throws {
        var recorded = Self.here
        recorded.libdeflate = "1.14"
        recorded.harfbuzz = "99"
        guard
            case .refused(_, let failure) = Verifier.chooseComparison(
                .automatic, manifest: Manifest(environment: recorded), environment: Self.here)
        else {
            Issue.record("a harfbuzz drift must refuse the exact comparison")
            return
        }
        expectTrue(failure.kind == .environment)
        expectTrue(failure.detail.contains("harfbuzz: recorded 99, found h"))
        expectTrue(!failure.detail.contains("libdeflate"))
    }

    @Test func aManifestWithoutTheEncoderVersionStillLoads() throws {
        var old = Self.here
        old.libdeflate = nil
        let bytes = Manifest(environment: old).encoded()
        expectTrue(!String(decoding: bytes, as: UTF8.self).contains("libdeflate"))
        let back = try JSONDecoder().decode(Manifest.self, from: Data(bytes))
        expectTrue(back.environment.libdeflate == nil)
        expectTrue(back.environment == old)
        let now = Manifest(environment: Self.here).encoded()
        expectTrue(try JSONDecoder().decode(Manifest.self, from: Data(now)).environment == Self.here)
    }
}
