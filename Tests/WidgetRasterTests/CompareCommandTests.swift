import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// `evidence compare` as a user types it (the built binary, its exit code, stdout and stderr).
@Suite(.serialized) struct CompareCommandTests {
    static let pairs = PixelmatchReferenceTests.dir
    func path(_ name: String) -> String { Self.pairs.appendingPathComponent(name).path }
    func run(_ args: String...) throws -> HostileCaseTests.Run { try HostileCaseTests.evidence(args) }
    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-compare-cli-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    @Test func anImageEqualsItself() throws {
        let r = try run("compare", path("alpha1-a.png"), path("alpha1-a.png"))
        expectTrue(r.code == 0)
        expectTrue(
            r.out
                == "comparison: perceptual (pixelmatch 7.2 rule: YIQ threshold 0.1, alpha over its checkerboard, "
                + "anti-aliasing ignored) (the default of evidence compare)\nmatch\n"
        )
        expectTrue(r.err.isEmpty)
    }

    @Test func vanishedInkIsPixelmatchsCountWithItsBox() throws {
        let dir = tempDir()
        let diff = dir.appendingPathComponent("diff.png").path
        let r = try run("compare", path("alpha1-a.png"), path("alpha1-b.png"), "-o", diff)
        expectTrue(r.code == 1)
        expectTrue(r.out.contains("pixels: 10555 differ, in 150×152 at (1,0)"))
        // The diff image is the report's: drawn by the same comparison.
        let written = try PNGCodec.decodeFile(atPath: diff)
        let a = try PixelmatchReferenceTests.load("alpha1-a.png")
        let b = try PixelmatchReferenceTests.load("alpha1-b.png")
        expectTrue(written == ImageOps.diffImage(expected: a, actual: b, .perceptual()))
    }

    @Test func jsonCarriesTheCountsAndTheComparison() throws {
        let r = try run("compare", path("a2.png"), path("b2.png"), "--threshold", "0.3", "--json")
        expectTrue(r.code == 1)
        let json = try #require(try JSONSerialization.jsonObject(with: Data(r.out.utf8)) as? [String: Any])
        expectTrue(json["differingPixels"] as? Int == 554)  // pixelmatch 7.2 at 0.3
        expectTrue(json["outcome"] as? String == "pixels")
        expectTrue((json["comparison"] as? String)?.hasSuffix("(requested with --threshold 0.3)") == true)
        expectTrue(json["boundingBox"] is [String: Any])
        let aa = try run("compare", path("a2.png"), path("b2.png"), "--include-aa", "--json")
        let counted = try #require(try JSONSerialization.jsonObject(with: Data(aa.out.utf8)) as? [String: Any])
        expectTrue(counted["differingPixels"] as? Int == 1608)  // pixelmatch 7.2, includeAA
        let exact = try run("compare", path("a1.png"), path("b1.png"), "--exact", "--json")
        let e = try #require(try JSONSerialization.jsonObject(with: Data(exact.out.utf8)) as? [String: Any])
        expectTrue(e["comparison"] as? String == "exact (requested with --exact)")
        expectTrue((e["differingPixels"] as? Int ?? 0) >= 704)
    }

    @Test func differentSizesAreASizeDifference() throws {
        let r = try run("compare", path("a1.png"), path("alpha1-a.png"))
        expectTrue(r.code == 1)
        expectTrue(r.out.contains("size: expected 340×360, got 152×152"))
    }

    @Test func aTruncatedPNGIsExitTwoNamingIt() throws {
        let dir = tempDir()
        let cut = dir.appendingPathComponent("cut.png")
        let bytes = try Data(contentsOf: Self.pairs.appendingPathComponent("a1.png"))
        try bytes.prefix(3000).write(to: cut)
        let r = try run("compare", path("a1.png"), cut.path)
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1)
        expectTrue(r.err.contains(cut.path) && r.err.contains("truncated PNG"))
        expectTrue(r.out.isEmpty)
    }

    @Test(arguments: [
        ["compare"], ["compare", "a.png"], ["compare", "a.png", "b.png", "c.png"],
        ["compare", "A", "B", "--exact", "--threshold", "0.2"], ["compare", "A", "B", "--exact", "--include-aa"],
        ["compare", "A", "B", "--threshold", "3"], ["compare", "A", "B", "--fuzzy"],
    ])
    func badUsageIsExitTwo(args: [String]) throws {
        let r = try HostileCaseTests.evidence(args.map { $0 == "A" ? path("a1.png") : $0 == "B" ? path("b1.png") : $0 })
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1)
    }

    @Test func nothingButARegularFileIsRead() throws {
        let dir = tempDir()
        for hostile in ["/dev/zero", dir.path, dir.appendingPathComponent("none.png").path] {
            let r = try run("compare", path("a1.png"), hostile)
            expectTrue(r.code == 2)
            expectTrue(r.errLines.count == 1 && r.err.contains(hostile))
        }
        // An unwritable diff path is refused before anything is read or written.
        let r = try run(
            "compare", path("a1.png"), path("b1.png"), "-o", dir.appendingPathComponent("no/such/d.png").path)
        expectTrue(r.code == 2)
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: dir.path).isEmpty)
    }
}
