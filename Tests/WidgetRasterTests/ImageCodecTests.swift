import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

@Suite struct ImageCodecTests {
    @Test func roundTripIsIdentical() throws {
        for (w, h) in [(1, 1), (3, 2), (70, 34), (257, 13)] {
            let img = ImageFixtures.pattern(width: w, height: h)
            let back = try PNGCodec.decode(PNGCodec.encode(img), name: "rt.png")
            expectTrue(back == img, "round trip \(w)×\(h)")
        }
    }

    @Test func encodingIsDeterministicAndHasNoAncillaryChunks() {
        let img = ImageFixtures.pattern(width: 120, height: 50)
        let a = PNGCodec.encode(img)
        let b = PNGCodec.encode(img)
        expectTrue(a == b)
        expectTrue(Array(a.prefix(8)) == ImageFixtures.signature)
        let types = Set(ImageFixtures.chunks(a).map(\.type))
        expectTrue(types == ["IHDR", "IDAT", "IEND"])
        // 8-bit RGBA, not interlaced.
        let h = try? PNGCodec.validate(a, name: "x.png")
        expectTrue(h == PNGCodec.Header(width: 120, height: 50, bitDepth: 8, colorType: 6, interlaced: false))
    }

    @Test func decodesOtherColourTypesToRGBA() throws {
        // 8-bit grey
        let grey = ImageFixtures.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[0, 200]])
        expectTrue(try PNGCodec.decode(grey, name: "g.png").pixels == [0, 0, 0, 255, 200, 200, 200, 255])
        // 16-bit grey + alpha
        let ga16 = ImageFixtures.png(width: 1, height: 1, bitDepth: 16, colorType: 4, rows: [[0xFF, 0xFF, 0x80, 0x00]])
        expectTrue(try PNGCodec.decode(ga16, name: "ga.png").pixels == [255, 255, 255, 128])
        // 8-bit RGB
        let rgb = ImageFixtures.png(width: 1, height: 1, bitDepth: 8, colorType: 2, rows: [[10, 20, 30]])
        expectTrue(try PNGCodec.decode(rgb, name: "rgb.png").pixels == [10, 20, 30, 255])
        // 2-bit palette with tRNS
        let plte = ImageFixtures.chunk("PLTE", [255, 0, 0, 0, 255, 0, 0, 0, 255])
        let trns = ImageFixtures.chunk("tRNS", [255, 64])
        let pal = ImageFixtures.png(
            width: 3, height: 1, bitDepth: 2, colorType: 3, rows: [[0b00_01_10_00]], extra: [plte, trns])
        expectTrue(try PNGCodec.decode(pal, name: "p.png").pixels == [255, 0, 0, 255, 0, 255, 0, 64, 0, 0, 255, 255])
        // 1-bit grey
        let bw = ImageFixtures.png(width: 3, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1010_0000]])
        expectTrue(
            try PNGCodec.decode(bw, name: "bw.png").pixels == [255, 255, 255, 255, 0, 0, 0, 255, 255, 255, 255, 255])
        // Adam7-interlaced 2×2 grey: pass 1 holds (0,0), pass 6 (1,0), pass 7 row 1.
        let adam7 = ImageFixtures.png(
            width: 2, height: 2, bitDepth: 8, colorType: 0, rows: [[10], [20], [30, 40]], interlace: 1)
        expectTrue(
            try PNGCodec.decode(adam7, name: "i.png").pixels
                == [10, 10, 10, 255, 20, 20, 20, 255, 30, 30, 30, 255, 40, 40, 40, 255])
    }

    // MARK: Rejections: each is one line naming the file.

    private func rejection(_ bytes: [UInt8], name: String = "Goldens/android/x.png") -> InputError? {
        do {
            _ = try PNGCodec.decode(bytes, name: name)
            return nil
        } catch {
            return error
        }
    }

    private func expectOneLine(
        _ e: InputError?, containing: String, name: String = "Goldens/android/x.png",
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let e else {
            Issue.record("decode did not throw", sourceLocation: sourceLocation)
            return
        }
        expectTrue(e.location == name, sourceLocation: sourceLocation)
        let text = e.description
        expectTrue(text.hasPrefix(name + ": "), sourceLocation: sourceLocation)
        expectTrue(
            !text.contains("\n") && !text.contains("\r"), "not one line: \(text)", sourceLocation: sourceLocation)
        expectTrue(text.lowercased().contains(containing.lowercased()), "\(text)", sourceLocation: sourceLocation)
    }

    var good: [UInt8] { PNGCodec.encode(ImageFixtures.pattern(width: 64, height: 40)) }

    @Test func emptyFile() { expectOneLine(rejection([]), containing: "empty") }

    @Test func wrongSignature() {
        expectOneLine(rejection(Array("GIF89a not a png at all".utf8)), containing: "wrong signature")
        var b = good
        b[1] = 0x51
        expectOneLine(rejection(b), containing: "wrong signature")
    }

    @Test func gitLFSPointer() {
        let pointer = """
            version https://git-lfs.github.com/spec/v1
            oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
            size 12345

            """
        expectOneLine(
            rejection(Array(pointer.utf8)), containing: "this is a Git LFS pointer, not a PNG; run git lfs pull")
    }

    @Test(arguments: [1, 4, 8, 11, 20, 33, 37, 45, 100, -13, -12, -5, -1])
    func truncation(at cut: Int) {
        let b = good
        let n = cut > 0 ? cut : b.count + cut
        expectOneLine(rejection(Array(b.prefix(n))), containing: "truncated")
    }

    @Test func flippedByteInIDATIsACRCError() {
        var b = good
        let idat = ImageFixtures.chunks(b).first { $0.type == "IDAT" }!
        b[idat.offset + 8 + idat.length / 2] ^= 0x01
        expectOneLine(rejection(b), containing: "bad CRC in chunk IDAT")
        // A flipped CRC byte, or a flipped byte in an ancillary chunk, is caught too.
        var c = good
        c[c.count - 1] ^= 0x80
        expectOneLine(rejection(c), containing: "bad CRC in chunk IEND")
        var d = ImageFixtures.png(
            width: 1, height: 1, bitDepth: 8, colorType: 0, rows: [[7]],
            extra: [ImageFixtures.chunk("tEXt", Array("Comment\0hi".utf8))])
        let text = ImageFixtures.chunks(d).first { $0.type == "tEXt" }!
        d[text.offset + 9] ^= 0x20
        expectOneLine(rejection(d), containing: "bad CRC in chunk tEXt")
    }

    @Test func corruptDataWithValidCRCIsCaughtFromLibpng() {
        // Valid chunk structure, garbage zlib stream: libpng's error path (longjmp) must be caught.
        let garbage =
            ImageFixtures.signature + ImageFixtures.ihdr(width: 4, height: 4, bitDepth: 8, colorType: 6)
            + ImageFixtures.chunk("IDAT", [0x78, 0x01, 0xFF, 0xFF, 0xFF, 0x00, 0x12]) + ImageFixtures.chunk("IEND", [])
        expectOneLine(rejection(garbage), containing: "corrupt PNG (libpng")
        // An impossible bit depth in IHDR.
        let depth = ImageFixtures.png(width: 1, height: 1, bitDepth: 7, colorType: 0, rows: [[0]])
        expectOneLine(rejection(depth), containing: "corrupt PNG")
        // Too little image data.
        let short = ImageFixtures.png(width: 8, height: 8, bitDepth: 8, colorType: 6, rows: [[1, 2, 3]])
        expectOneLine(rejection(short), containing: "corrupt PNG")
    }

    @Test(arguments: [(100_000, 100_000), (20_000, 1), (1, 16_385), (9_000, 9_000), (0x7FFF_FFFF, 0x7FFF_FFFF)])
    func giantDimensionsAreRefusedFromIHDR(w: Int, h: Int) {
        // A tiny file claiming a huge image: refused from IHDR, before any allocation.
        let bomb =
            ImageFixtures.signature + ImageFixtures.ihdr(width: UInt32(w), height: UInt32(h), bitDepth: 8, colorType: 6)
            + ImageFixtures.chunk("IDAT", ImageFixtures.zlibStored([0])) + ImageFixtures.chunk("IEND", [])
        expectOneLine(rejection(bomb), containing: "beyond the decode limit")
    }

    @Test func structuralProblems() {
        // zero size, no IDAT, IHDR not first
        let zero = ImageFixtures.png(width: 0, height: 3, bitDepth: 8, colorType: 0, rows: [])
        expectOneLine(rejection(zero), containing: "IHDR says 0×3")
        let noData =
            ImageFixtures.signature + ImageFixtures.ihdr(width: 1, height: 1, bitDepth: 8, colorType: 0)
            + ImageFixtures.chunk("IEND", [])
        expectOneLine(rejection(noData), containing: "no image data")
        let late =
            ImageFixtures.signature + ImageFixtures.chunk("tEXt", Array("a\0b".utf8))
            + ImageFixtures.ihdr(width: 1, height: 1, bitDepth: 8, colorType: 0) + ImageFixtures.chunk("IEND", [])
        expectOneLine(rejection(late), containing: "expected a 13-byte IHDR")
    }

    @Test func unreadableFileNamesThePath() {
        #expect(throws: InputError("/nonexistent/evidence/a.png", "no such file")) {
            try PNGCodec.decodeFile(atPath: "/nonexistent/evidence/a.png")
        }
    }

    @Test func libraryVersionsAreReported() {
        let v = PNGCodec.libraryVersions
        expectTrue(v["libpng"]?.hasPrefix("1.6") == true)
        expectTrue(v["zlib"]?.isEmpty == false)
        expectTrue(v["libdeflate"]?.isEmpty == false)
    }
}

@Suite struct ImageCodecPinTests {
    @Test func goldenEncodingSettingsArePinned() {
        expectTrue(PNGCodec.goldenLevels.light == 7 && PNGCodec.goldenLevels.dark == 8)
        expectTrue(PNGCodec.Encoding.streamed == PNGCodec.Encoding(filter: 0x08, level: 3, strategy: 0))
    }

    /// The goldens' bytes are a function of the pixels and the libdeflate version; pinned for the
    /// version this project's machines run (the manifest records it in the environment).
    @Test(.enabled(if: PNGCodec.libraryVersions["libdeflate"] == "1.14"))
    func encodedBytesArePinned() {
        let bytes = PNGCodec.encode(ImageFixtures.pattern(width: 33, height: 17))
        expectTrue(Hash128.of(bytes).hex == "7580234674b70f313d5e6501148d6280")
    }

    @Test func decodeFileReadsFromDisk() throws {
        let img = ImageFixtures.pattern(width: 9, height: 4)
        let path = "/tmp/evidence-image-test-\(UInt32.random(in: 0...UInt32.max)).png"
        expectTrue(FileManager.default.createFile(atPath: path, contents: Data(PNGCodec.encode(img))))
        defer { try? FileManager.default.removeItem(atPath: path) }
        expectTrue(try PNGCodec.decodeFile(atPath: path) == img)
        #expect(throws: InputError("/tmp", "is a directory, expected a file")) {
            try PNGCodec.decodeFile(atPath: "/tmp")
        }
    }
}
