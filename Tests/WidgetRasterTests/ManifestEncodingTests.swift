import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// `Manifest.encoded()` writes the JSON itself (JSONEncoder builds the whole tree first); its bytes
/// must stay exactly JSONEncoder's, so recorded manifests never move.
@Suite struct ManifestEncodingTests {
    static func jsonEncoder(_ m: Manifest) throws -> [UInt8] {
        let enc = JSONEncoder()
        enc.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try enc.encode(m)) + [0x0A]
    }

    @Test func bundledManifestIsWrittenBackByteForByte() throws {
        let url = PackagePaths.goldens.appendingPathComponent(Manifest.fileName)
        let manifest = try #require(try Manifest.load(from: PackagePaths.goldens))
        expectTrue(manifest.encoded() == Array(try Data(contentsOf: url)))
    }

    @Test func hostileTextAndEmptyContainersMatchJSONEncoder() throws {
        var control = ""
        for i in 0..<0x20 { control.unicodeScalars.append(Unicode.Scalar(UInt8(i))) }
        let awkward = control + "\"\\/\u{7F}\u{2028}é😀 مرحبا"
        let env = RendererEnvironment(cairo: awkward, freetype: "", harfbuzz: "2", libpng: "1.6", zlib: "z", fonts: [:])
        var m = Manifest(environment: env)
        expectTrue(m.encoded() == (try Self.jsonEncoder(m)))  // empty goldens, empty fonts
        m.environment.fonts = ["b10.ttf": "x", "b9.ttf": "y", "B1.otf": "z", "a_b": "", "a-b": awkward]
        for key in ["a", "a/b", "a-b", "a.b", "a_b", "a0", "a10", "a2", "Z", "zz/9", "zz/10"] {
            m.goldens[key] = GoldenEntry(
                file: key + ".png", pixelHash: Hash128(high: 0x0123_4567_89AB_CDEF, low: 7),
                fileHash: Hash128(high: 0, low: UInt64(key.count)),
                width: key.count, height: -1, visibleText: key.count % 2 == 0 ? [] : [awkward, "", key],
                accessibilityLabel: awkward,
                // Element frames (issue #54) on some entries: absent ones write no member.
                frames: key.count % 3 == 0
                    ? nil : ElementFrames([.init(name: "numeral", rect: Rect(x: 1.5, y: -2, width: 40, height: 30.25))])
            )
        }
        expectTrue(m.encoded() == (try Self.jsonEncoder(m)))
    }
}
