import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster

/// The comparison the gate applies, end to end on temporary goldens folders: the environment is
/// measured (issue #24), the perceptual comparison sees alpha (issue #23), a golden of the wrong
/// size is never decoded.
@Suite(.serialized) struct ComparisonGateTests {
    let painter = CairoPainter(fonts: .shared)

    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-compare-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    /// Rewrites one golden's pixels in place; with `vouch`, also its manifest hashes, as if record
    /// had written it (else the manifest is left as recorded).
    func edit(_ dir: URL, _ fixture: Fixture, vouch: Bool = false, _ change: (inout RGBAImage) -> Void) throws
        -> RGBAImage
    {
        let url = dir.appendingPathComponent(fixture.goldenPath)
        var image = try PNGCodec.decodeFile(atPath: url.path)
        change(&image)
        let bytes = PNGCodec.encode(image)
        try Data(bytes).write(to: url)
        if vouch {
            var m = try #require(try Manifest.load(from: dir))
            m.goldens[fixture.key]?.pixelHash = image.pixelHash
            m.goldens[fixture.key]?.fileHash = Hash128.of(bytes)
            try Data(m.encoded()).write(to: dir.appendingPathComponent(Manifest.fileName))
        }
        return image
    }

    static func shift(_ image: inout RGBAImage, by levels: Int) {
        for i in image.pixels.indices where i % 4 != 3 {
            image.pixels[i] = UInt8(Swift.min(255, Int(image.pixels[i]) + levels))
        }
    }

    /// Issue #23's acceptance: the accessory with all its ink made transparent (colour kept) passed
    /// the old perceptual comparison; it now fails as `pixels`, with pixelmatch 7.2's count.
    @Test func vanishedInkFailsPerceptualVerifyAsPixels() throws {
        let fixtures = try FixtureCatalog.filtered("ios/accessoryCircular/default-some-extended/flame/any-body/dark")
        expectTrue(fixtures.count == 1)
        let dir = tempDir()
        _ = try Recorder.record(GateOptions(goldens: dir, jobs: 1), catalog: fixtures, painter: painter)
        let recorded = try PNGCodec.decodeFile(atPath: dir.appendingPathComponent(fixtures[0].goldenPath).path)
        // The manifest vouches for the edited golden, so only the comparison stands between it and a pass.
        let vanished = try edit(dir, fixtures[0], vouch: true) { image in
            for i in stride(from: 3, to: image.pixels.count, by: 4) { image.pixels[i] = 0 }
        }
        let expectedCount = ImageComparator.perceptual().compare(expected: vanished, actual: recorded).differingPixels
        expectTrue(expectedCount > 1000)
        let v = try Verifier.verify(
            GateOptions(goldens: dir, jobs: 1, comparison: .perceptual(threshold: 0.1)),
            catalog: fixtures, painter: painter)
        expectTrue(v.failures.map(\.kind) == [.pixels])
        expectTrue(v.failures.first?.detail.hasPrefix("\(expectedCount) pixels differ") == true)
        expectTrue(v.failures.first?.detail.contains("not the golden record wrote") == false)
        expectTrue(v.comparison.contains("requested with --compare perceptual"))
        expectTrue(v.comparison.contains("alpha over its checkerboard"))
        // The bundled golden of this fixture is the committed reference pair's first image, whose
        // count against its vanished copy pixelmatch 7.2 gives as 10555.
        if recorded == (try PixelmatchReferenceTests.load("alpha1-a.png")) { expectTrue(expectedCount == 10555) }
    }

    /// Issue #24's acceptance: a golden shifted by 6 levels on every pixel plus an edited manifest
    /// environment fails verify; matching the edit to this renderer only buys the exact comparison;
    /// `--compare perceptual` given explicitly still works and says so.
    @Test func shiftedGoldenWithAnEditedEnvironmentFails() throws {
        let catalog = StarterCatalog.fixtures()
        let dir = tempDir()
        _ = try Recorder.record(GateOptions(goldens: dir, jobs: 2), catalog: catalog, painter: painter)
        _ = try edit(dir, catalog[0]) { Self.shift(&$0, by: 6) }
        let manifestURL = dir.appendingPathComponent(Manifest.fileName)
        var m = try #require(try Manifest.load(from: dir))
        let honest = m.environment
        m.environment.harfbuzz = "99.0.0"
        try Data(m.encoded()).write(to: manifestURL)

        let auto = try Verifier.verify(GateOptions(goldens: dir, jobs: 2), catalog: catalog, painter: painter)
        expectTrue(auto.failures.map(\.kind) == [.environment])
        expectTrue(auto.failures[0].detail.contains("harfbuzz: recorded 99.0.0, found \(honest.harfbuzz)"))

        // Asked for explicitly, the perceptual comparison runs and says so; a 6-level shift is under
        // its 0.1 threshold, but the shifted golden is not the one record wrote: still `pixels`.
        let perceptual = try Verifier.verify(
            GateOptions(goldens: dir, jobs: 2, comparison: .perceptual(threshold: 0.1)),
            catalog: catalog, painter: painter)
        expectTrue(perceptual.failures.map(\.kind) == [.pixels])
        expectTrue(perceptual.failures.first?.key == catalog[0].key)
        expectTrue(perceptual.failures.first?.detail.contains("is not the golden record wrote") == true)
        expectTrue(perceptual.failures.first?.detail.hasSuffix("perceptually it matches the render") == true)
        expectTrue(perceptual.passed.count == catalog.count - 1)
        expectTrue(perceptual.comparison.contains("requested with --compare perceptual; environment differs"))

        // An environment edited to equal this renderer's: exact, and the shifted golden is `pixels`.
        m.environment = RendererEnvironment.current(fonts: painter.fonts)
        try Data(m.encoded()).write(to: manifestURL)
        let exact = try Verifier.verify(GateOptions(goldens: dir, jobs: 2), catalog: catalog, painter: painter)
        expectTrue(exact.failures.map(\.kind) == [.pixels])
        expectTrue(exact.failures.first?.key == catalog[0].key)
        expectTrue(exact.comparison == "exact (environment matches Goldens/manifest.json)")
    }

    /// Issue #24: a golden whose PNG header declares another size is a `size` failure, decided
    /// from the header alone (the decoder is never asked for the bomb's pixels).
    @Test func goldenOfAnotherDeclaredSizeIsSizeWithoutDecoding() throws {
        let catalog = Array(StarterCatalog.fixtures().prefix(1))
        let dir = tempDir()
        _ = try Recorder.record(GateOptions(goldens: dir, jobs: 1), catalog: catalog, painter: painter)
        // A flat 4000×4000 image deflates to a few hundred KB, within the decode limits.
        let bomb = PNGCodec.encode(RGBAImage(width: 4000, height: 4000, fill: .white))
        expectTrue(bomb.count < 1 << 20)
        try Data(bomb).write(to: dir.appendingPathComponent(catalog[0].goldenPath))
        switch try ImageOps.decodeGolden(bomb, name: "bomb.png", expecting: PixelSize(width: 10, height: 10)) {
        case .size(let declared): expectTrue(declared == PixelSize(width: 4000, height: 4000))
        case .image: Issue.record("a golden of another size was decoded")
        }
        let v = try Verifier.verify(GateOptions(goldens: dir, jobs: 1), catalog: catalog, painter: painter)
        expectTrue(v.failures.map(\.kind) == [.size])
        expectTrue(
            v.failures.first?.detail.hasPrefix("golden is 4000×4000 (its PNG header; not decoded), render is ") == true)
    }

    /// The self-check covers alpha: the pair that differs only in alpha is seen by both comparisons.
    @Test func selfCheckHasAnAlphaOnlyPair() throws {
        let alphaPair = try #require(ImageOps.selfCheckPairs.first { $0.name.contains("alpha") })
        expectTrue(alphaPair.a.size == alphaPair.b.size)
        for i in stride(from: 0, to: alphaPair.a.pixels.count, by: 4) {
            expectTrue(alphaPair.a.pixels[i..<i + 3] == alphaPair.b.pixels[i..<i + 3])
        }
        for c in [ImageComparator.exact, .perceptual(), .perceptual(threshold: 0.5)] {
            expectTrue(c.compare(expected: alphaPair.a, actual: alphaPair.b).differingPixels == 1)
            expectTrue(ImageOps.selfCheckFailure(c) == nil)
        }
    }
}
