import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// Issue #56's re-encode commit wrote every golden again through libdeflate: every file's bytes
/// changed and no golden's pixels did. `Fixtures/reencode-56.tsv` is the evidence, committed with
/// it: per golden, the pixel hash and file hash of the manifest before the re-encode and the file
/// hash the re-encode wrote. A golden re-recorded since (its file no longer the re-encode's) is
/// outside this claim; every other one must still decode to the pixels it had before.
@Suite struct ReencodeTests {
    struct Row { var key, pixelsBefore, fileBefore, fileAfter: String }

    static func rows(_ name: String = "reencode-56.tsv") throws -> [Row] {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/\(name)")
        return try String(contentsOf: url, encoding: .utf8).split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            line in
            let f = line.split(separator: "\t").map(String.init)
            try #require(f.count == 4, "\(line)")
            return Row(key: f[0], pixelsBefore: f[1], fileBefore: f[2], fileAfter: f[3])
        }
    }

    /// The rows whose goldens are decoded (and, for the level re-encode, encoded again): all 2,038
    /// under EVIDENCE_SWEEPS=full, else a stratified sample of about one in ten (`Sweep`) with every
    /// platform, family, state, motif, body, theme — each key's part at each place — and both
    /// re-encoded and kept files. The tables' own claims (every key once, every file changed) are
    /// checked on every row.
    static func decoded(_ rows: [Row]) -> [Row] {
        Sweep.sample(rows, oneIn: 10) { row in
            row.key.split(separator: "/").enumerated().map { "\($0.offset) \($0.element)" }
                + ["re-encoded \(row.fileBefore != row.fileAfter)"]
        }
    }

    @Test func theReencodeChangedEveryFileAndNoPixels() throws {
        let rows = try Self.rows()
        expectTrue(rows.count == 2038)
        expectTrue(Set(rows.map(\.key)).count == rows.count)
        for row in rows { expectTrue(row.fileBefore != row.fileAfter, "\(row.key): the re-encode left its bytes") }
        let manifest = try #require(try Manifest.load(from: PackagePaths.goldens))
        var checked = 0
        let sample = Self.decoded(rows)
        for row in sample {
            guard let entry = manifest.goldens[row.key], entry.fileHash.hex == row.fileAfter else { continue }
            let path = PackagePaths.goldens.appendingPathComponent(entry.file).path
            expectTrue(Hash128.ofFile(atPath: path)?.hex == row.fileAfter, "\(row.key): the file is not the manifest's")
            expectTrue(entry.pixelHash.hex == row.pixelsBefore, "\(row.key): the manifest's pixel hash moved")
            expectTrue(
                try PNGCodec.decodeFile(atPath: path).pixelHash.hex == row.pixelsBefore, "\(row.key): the pixels moved")
            checked += 1
        }
        // Goldens re-recorded after the re-encode (other bytes) are not this test's to judge; the
        // rest are, and at the re-encode commit that is every one.
        print(
            "ReencodeTests: of \(sample.count) goldens decoded (\(Sweep.size)) of \(rows.count), \(checked) still hold "
                + "the re-encode's bytes; each decodes to its earlier pixels"
        )
    }

    /// The level every golden was written with by the first re-encode.
    static let firstReencodeLevel: Int32 = 8

    /// The second re-encode (issue #56, record's time): light goldens (`PNGCodec.goldenLevels`) went
    /// from level 8 to level 7. `Fixtures/reencode-56-levels.tsv` holds, per golden, the manifest's
    /// pixel and file hash before and the file hash after: no pixel hash moved, and a file changed
    /// exactly where the rule's level writes other bytes than level 8; each golden still holding the
    /// file it names decodes to the pixels it had before.
    @Test func theLevelReencodeChangedOnlyLightFilesAndNoPixels() throws {
        let rows = try Self.rows("reencode-56-levels.tsv")
        expectTrue(rows.count == 2038)
        expectTrue(Set(rows.map(\.key)).count == rows.count)
        let manifest = try #require(try Manifest.load(from: PackagePaths.goldens))
        let sameEncoder = manifest.environment.libdeflate == "1.14" && PNGCodec.libraryVersions["libdeflate"] == "1.14"
        var checked = 0
        var changed = 0
        let sample = Self.decoded(rows)
        for row in sample {
            guard let entry = manifest.goldens[row.key], entry.fileHash.hex == row.fileAfter else { continue }
            let path = PackagePaths.goldens.appendingPathComponent(entry.file).path
            let bytes = try readFile(atPath: path)
            expectTrue(Hash128.of(bytes).hex == row.fileAfter, "\(row.key): the file is not the manifest's")
            expectTrue(entry.pixelHash.hex == row.pixelsBefore, "\(row.key): the manifest's pixel hash moved")
            let image = try PNGCodec.decode(bytes, name: path)
            expectTrue(image.pixelHash.hex == row.pixelsBefore, "\(row.key): the pixels moved")
            // The bytes are this encoder's, and differ from the first re-encode's exactly where the
            // lightness rule picked another level (libdeflate 1.14 wrote both).
            if sameEncoder {
                expectTrue(PNGCodec.encode(image) == bytes, "\(row.key): not what the encoder writes for its pixels")
                let before = try GoldenEncodingTests.encoded(image, level: Self.firstReencodeLevel)
                expectTrue((row.fileBefore != row.fileAfter) == (bytes != before), "\(row.key)")
            }
            if row.fileBefore != row.fileAfter { changed += 1 }
            checked += 1
        }
        print(
            "ReencodeTests: of \(sample.count) goldens decoded (\(Sweep.size)) of \(rows.count), \(checked) hold the "
                + "level re-encode's bytes (\(changed) of them re-encoded); each decodes to its earlier pixels"
        )
    }
}
