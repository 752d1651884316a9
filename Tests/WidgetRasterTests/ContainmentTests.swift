import CFiles
import EvidenceCore
import Foundation
import Testing
import WidgetScene

@testable import WidgetRaster

/// The key grammar and the folder primitives every golden path goes through.
@Suite struct ContainmentTests {
    @Test(arguments: ["android/small/empty/stones/kindling/light", "a", "A-b_c.d/e", "bands/w230-h330", ".hidden/x"])
    func validKeys(key: String) { expectTrue(FixtureKey.isValid(key)) }

    @Test(arguments: [
        "", "/etc", "../Sources", "a/../b", "a/./b", "a//b", "a/", "..", ".", "a b", "a\nb", "a\u{0}b",
        "ä", "a\\b", "a:b", "~/x", "a/*",
    ])
    func invalidKeys(key: String) { expectTrue(!FixtureKey.isValid(key)) }

    /// The one-pass grammar check gives the segment-by-segment reading's answer, word for word,
    /// over 20,000 strings drawn (fixed seed) from the bytes that decide it.
    @Test func theOnePassCheckReadsAsTheSegmentRule() {
        func bySegments(_ key: String) -> String? {
            if key.isEmpty { return "is empty" }
            if key.utf8.first == UInt8(ascii: "/") { return "starts with '/'" }
            for segment in key.utf8.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: false) {
                if segment.isEmpty { return "has an empty path segment" }
                if segment.elementsEqual(".".utf8) || segment.elementsEqual("..".utf8) {
                    return "has a '.' or '..' segment"
                }
                if !segment.allSatisfy(FixtureKey.isKeyByte) { return "has a character outside A–Z a–z 0–9 - _ ." }
            }
            return nil
        }
        var rng = SplitMix(seed: 37)
        let alphabet: [Character] = ["a", "Z", "0", "-", "_", ".", ".", "/", "/", " ", "*", "ä"]
        for _ in 0..<20_000 {
            let key = String((0..<Int(rng.next() % 8)).map { _ in alphabet[Int(rng.next() % UInt64(alphabet.count))] })
            expectTrue(FixtureKey.problem(key) == bySegments(key), "\(quoted(key))")
        }
    }

    @Test func everyCatalogKeyIsInTheGrammar() throws {
        for f in try FixtureCatalog.load() { expectTrue(FixtureKey.isValid(f.key), "\(f.key)") }
    }

    func tempDir() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-contain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    @Test func foldersNeverFollowLinksNorDeleteFolders() throws {
        let root = try tempDir()
        let outside = try tempDir()
        try Data("outside".utf8).write(to: outside.appendingPathComponent("x.png"))
        let folder = ContainedFolder(root)
        try folder.write(Array("inside".utf8), to: "a/b/x.png")
        guard case .bytes(let b) = folder.read("a/b/x.png") else {
            Issue.record("cannot read back")
            return
        }
        expectTrue(b == Array("inside".utf8))
        expectTrue({ if case .missing = folder.read("a/b/none.png") { return true } else { return false } }())

        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("a/b/l.png"),
            withDestinationURL: outside.appendingPathComponent("x.png"))
        for rel in ["link/x.png", "a/b/l.png"] {
            expectTrue({ if case .unreadable = folder.read(rel) { return true } else { return false } }(), "\(rel)")
            #expect(throws: InputError.self) { try folder.write(Array("evil".utf8), to: rel) }
            expectTrue(!folder.removeFile(rel))
        }
        expectTrue(try Data(contentsOf: outside.appendingPathComponent("x.png")) == Data("outside".utf8))
        expectTrue(!folder.removeFile("a/b"))  // a folder is never deleted as a file
        expectTrue(!folder.removeFile("../\(outside.lastPathComponent)/x.png"))
        expectTrue(folder.removeFile("a/b/x.png"))
        // still holds l.png
        expectTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/b").path))
        expectTrue(folder.walk().links == ["a/b/l.png", "link"])
    }

    /// The one-step open a golden read tries first (openat2) and the segment walk it falls back to
    /// without openat2 refuse the same: a link anywhere on the way, `..`, an absolute path.
    @Test func openingBeneathTheRootRefusesLinksAndEscapes() throws {
        let root = try tempDir()
        let outside = try tempDir()
        try Data("outside".utf8).write(to: outside.appendingPathComponent("x.png"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("a"), withIntermediateDirectories: true)
        try Data("inside".utf8).write(to: root.appendingPathComponent("a/x.png"))
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent("a/l.png"),
            withDestinationURL: outside.appendingPathComponent("x.png"))
        let dir = open(root.path, O_RDONLY | O_DIRECTORY)
        defer { close(dir) }
        let kernel = { (rel: String) in cfiles_open_beneath(dir, rel, O_RDONLY | O_NOFOLLOW) }
        let walk = { (rel: String) in walkWithoutLinks(below: dir, rel, flags: O_RDONLY) }
        let shared = { (rel: String) in openWithoutLinks(below: dir, rel, flags: O_RDONLY) }
        let probe = kernel("a/x.png")
        let hasOpenat2 = probe >= 0 || errno != ENOSYS
        if probe >= 0 { close(probe) }
        for (name, open) in (hasOpenat2 ? [("openat2", kernel)] : []) + [("walk", walk), ("openWithoutLinks", shared)] {
            func opens(_ rel: String) -> Bool {
                let fd = open(rel)
                if fd >= 0 { close(fd) }
                return fd >= 0
            }
            expectTrue(opens("a/x.png"), "\(name)")
            for rel in [
                "link/x.png", "a/l.png", "../\(outside.lastPathComponent)/x.png",
                "a/../../\(outside.lastPathComponent)/x.png",
                outside.appendingPathComponent("x.png").path,
            ] {
                expectTrue(!opens(rel), "\(name): \(rel)")
            }
        }
    }

    @Test func errorsAreOneLineWhateverTheInput() {
        let e = InputError("bad\nfile", "problem with \u{0} and\r\nlines")
        expectTrue(!e.description.contains("\n") && !e.description.contains("\r") && !e.description.contains("\u{0}"))
        expectTrue(quoted("a\tb\u{2028}") == "'a\\tb\\u{2028}'")
    }
}

/// The contact sheet is encoded a band at a time: the same bytes however it is banded, and the
/// image's pixels when decoded.
@Suite struct PNGStreamTests {
    static func streamed(_ img: RGBAImage, band: Int) throws -> [UInt8] {
        let encoder = try PNGStreamEncoder(width: img.width, height: img.height)
        for y in stride(from: 0, to: img.height, by: band) {
            let rows = min(band, img.height - y)
            let slice = Array(img.pixels[(y * img.width * 4)..<((y + rows) * img.width * 4)])
            try encoder.append(RGBAImage(width: img.width, height: rows, pixels: slice))
        }
        return try encoder.finish()
    }

    @Test(arguments: [1, 3, 7])
    func bandedEncodingIsByteIdenticalToWholeImageEncoding(band: Int) throws {
        let img = ImageFixtures.pattern(width: 37, height: 64)
        let whole = try Self.streamed(img, band: img.height)
        expectTrue(try Self.streamed(img, band: band) == whole)
        expectTrue(try PNGCodec.decode(whole, name: "sheet.png") == img)
    }

    @Test func tooFewRowsIsAnErrorNotATrap() throws {
        let encoder = try PNGStreamEncoder(width: 4, height: 4)
        try encoder.append(RGBAImage(width: 4, height: 2))
        #expect(throws: InputError.self) { try encoder.finish() }
        #expect(throws: InputError.self) { try PNGStreamEncoder(width: 0, height: 4) }
    }

    @Test func aSheetIsItsRendersInAGrid() throws {
        let painter = CairoPainter(fonts: .shared)
        let fixtures = Array(try FixtureCatalog.filtered("android/small/empty/stones/*").prefix(3))
        let sheet = try ContactSheet.png(fixtures, painter: painter, columns: 2, jobs: 2)
        let decoded = try PNGCodec.decode(sheet.bytes, name: "sheet")
        expectTrue(decoded.width == sheet.width && decoded.height == sheet.height)
        let second = painter.render(fixtures[1].makeScene(painter.fonts))
        let cellW = sheet.width / 2 - 8  // (width - gap) / columns
        let y = second.height / 2
        for x in 0..<second.width where second.pixel(x: x, y: y).a == 255 {  // opaque pixels land as drawn
            expectTrue(decoded.pixel(x: 16 + cellW + x, y: 16 + y) == second.pixel(x: x, y: y))
        }
    }
}
