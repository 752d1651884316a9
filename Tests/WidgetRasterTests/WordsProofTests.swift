import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster

/// Issue #56: verify's fast path compares the hash of Cairo's premultiplied words
/// (`Canvas.wordsHash`) with the one a proof keeps, instead of converting every frame to straight
/// RGBA first. Equal words straighten to equal pixels, so nothing that failed before passes now.
@Suite struct WordsProofTests {
    let painter = CairoPainter(fonts: .shared)
    let catalog = StarterCatalog.fixtures()

    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-words-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// The catalog with fixture 0 drawing one more pixel, one step off its card's colour.
    func onePixelOff() -> [Fixture] {
        var c = catalog
        let first = catalog[0]
        c[0] = Fixture(key: first.key) { fonts in
            var scene = first.makeScene(fonts)
            let dot = Rect(x: 100, y: 100, width: 0.5, height: 0.5)  // one pixel at density 2, inside the card
            scene.nodes.append(
                SceneNode(
                    .card, on: .android, part: "dot", role: .decorative, token: "widget_card", bounds: dot,
                    container: scene.card,
                    content: .rect(cornerRadius: 0, fill: .solid(Color(r: 254, g: 255, b: 255, a: 255)))))
            return scene
        }
        return c
    }

    /// Proven by the encoder that wrote them (record), or by a decode (a cold cache's first verify):
    /// either way the second verify settles every golden by words, and a render one pixel off
    /// still fails, naming that one pixel.
    @Test(arguments: ["record", "decode"])
    func aRenderOnePixelOffFailsThoughItsGoldenIsProvenByWords(provenBy: String) throws {
        let dir = tempDir()
        defer { try? FileManager.default.removeItem(at: dir) }
        var o = GateOptions(goldens: dir, jobs: 2)
        o.proofs = .memory()
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        if provenBy == "decode" {
            o.proofs = .memory()
            let cold = try Verifier.verify(o, catalog: catalog, painter: painter)
            expectTrue(cold.failures.isEmpty && cold.fastPath == 0)
        }
        let warm = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(warm.failures.isEmpty && warm.fastPath == catalog.count)
        let v = try Verifier.verify(o, catalog: onePixelOff(), painter: painter)
        expectTrue(v.failures.map(\.kind) == [.pixels], "\(v.failures)")
        expectTrue(v.failures.first?.key == catalog[0].key)
        expectTrue(v.failures.first?.detail.hasPrefix("1 pixels differ") == true, "\(v.failures)")
        expectTrue(v.fastPath == catalog.count - 1)
    }

    /// White-box: equal words settle a proof without the straight pixels (here a proof whose pixel
    /// hash is not the render's, which only its words can match); without words, the straight
    /// pixels decide and teach the proof the render's words; other pixels are not proven.
    @Test func wordsSettleAProofAndThePixelsTeachThem() {
        let proofs = ProvenGoldens.memory()
        let canvas = Canvas()
        let r = render(catalog[0], painter: painter, into: canvas, for: [])
        let (byWords, byPixels, other) = (Hash128(high: 1, low: 1), Hash128(high: 2, low: 2), Hash128(high: 3, low: 3))
        let elsewhere = Hash128(high: 9, low: 9)
        proofs.prove(byWords, holds: elsewhere, words: r.wordsHash)
        expectTrue(proofs.pixels(of: byWords, matching: r) == elsewhere)
        proofs.prove(byPixels, holds: r.pixelHash)
        expectTrue(proofs.pixels(of: byPixels, matching: r) == r.pixelHash)
        proofs.prove(byPixels, holds: r.pixelHash)  // proving the pixels again keeps the words learned
        let other0 = render(catalog[2], painter: painter, into: Canvas(), for: [])
        expectTrue(proofs.pixels(of: byPixels, matching: other0) == nil)
        proofs.prove(other, holds: elsewhere)
        expectTrue(proofs.pixels(of: other, matching: r) == nil)
    }

    @Test func wordsHashCoversTheSizeAndEveryWord() {
        let bytes: [UInt8] = [10, 20, 30, 255, 40, 50, 60, 128]
        let wide = Canvas(RGBAImage(width: 2, height: 1, pixels: bytes))
        let tall = Canvas(RGBAImage(width: 1, height: 2, pixels: bytes))
        expectTrue(wide.wordsHash != tall.wordsHash)
        var changed = bytes
        changed[6] = 61
        expectTrue(Canvas(RGBAImage(width: 2, height: 1, pixels: changed)).wordsHash != wide.wordsHash)
        expectTrue(Canvas(RGBAImage(width: 2, height: 1, pixels: bytes)).wordsHash == wide.wordsHash)
    }

    /// A cache file written before words hashes (`evidence-proofs/1`) still proves its goldens; the
    /// next save writes the current format, with the words the run learned.
    @Test func aCacheWithoutWordsStillProvesAndLearnsThem() throws {
        let dir = tempDir()
        let cache = tempDir()
        defer {
            try? FileManager.default.removeItem(at: dir)
            try? FileManager.default.removeItem(at: cache)
        }
        var o = GateOptions(goldens: dir, jobs: 2)
        o.proofs = .open(cache)
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        try o.proofs.save()
        let file = cache.appendingPathComponent(ProvenGoldens.fileName)
        let current = [UInt8](try Data(contentsOf: file))
        let head = ProvenGoldens.magic.count + ProvenGoldens.secretSize
        expectTrue(current.count == head + ProvenGoldens.recordSize * catalog.count)
        var old = ProvenGoldens.magicWithoutWords + current[ProvenGoldens.magic.count..<head]
        for r in stride(from: head, to: current.count, by: ProvenGoldens.recordSize) { old += current[r..<(r + 32)] }
        try Data(old).write(to: file)
        o.proofs = .open(cache)
        let v = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(v.failures.isEmpty && v.fastPath == catalog.count)
        try o.proofs.save()
        let saved = [UInt8](try Data(contentsOf: file))
        expectTrue(saved.starts(with: ProvenGoldens.magic))
        expectTrue(saved == current)  // the same secret, pixels and words as record wrote
    }
}
