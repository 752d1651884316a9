import Foundation
import Testing
@testable import WidgetRaster

/// The key grammar and the folder primitives every golden path goes through.
@Suite struct ContainmentTests {
    @Test(arguments: ["android/small/empty/stones/kindling/light", "a", "A-b_c.d/e", "bands/w230-h330", ".hidden/x"])
    func validKeys(key: String) { #expect(FixtureKey.isValid(key)) }

    @Test(arguments: ["", "/etc", "../Sources", "a/../b", "a/./b", "a//b", "a/", "..", ".", "a b", "a\nb", "a\u{0}b",
                      "ä", "a\\b", "a:b", "~/x", "a/*"])
    func invalidKeys(key: String) { #expect(!FixtureKey.isValid(key)) }

    @Test func everyCatalogKeyIsInTheGrammar() throws {
        for f in try FixtureCatalog.load() { #expect(FixtureKey.isValid(f.key), "\(f.key)") }
    }

    func tempDir() throws -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-contain-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }

    @Test func foldersNeverFollowLinksNorDeleteFolders() throws {
        let root = try tempDir(), outside = try tempDir()
        try Data("outside".utf8).write(to: outside.appendingPathComponent("x.png"))
        let folder = ContainedFolder(root)
        try folder.write(Array("inside".utf8), to: "a/b/x.png")
        guard case .bytes(let b) = folder.read("a/b/x.png") else { Issue.record("cannot read back"); return }
        #expect(b == Array("inside".utf8))
        #expect({ if case .missing = folder.read("a/b/none.png") { return true } else { return false } }())

        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("link"), withDestinationURL: outside)
        try FileManager.default.createSymbolicLink(at: root.appendingPathComponent("a/b/l.png"),
                                                   withDestinationURL: outside.appendingPathComponent("x.png"))
        for rel in ["link/x.png", "a/b/l.png"] {
            #expect({ if case .unreadable = folder.read(rel) { return true } else { return false } }(), "\(rel)")
            #expect(throws: InputError.self) { try folder.write(Array("evil".utf8), to: rel) }
            #expect(!folder.removeFile(rel))
        }
        #expect(try Data(contentsOf: outside.appendingPathComponent("x.png")) == Data("outside".utf8))
        #expect(!folder.removeFile("a/b"))  // a folder is never deleted as a file
        #expect(!folder.removeFile("../\(outside.lastPathComponent)/x.png"))
        #expect(folder.removeFile("a/b/x.png"))
        #expect(FileManager.default.fileExists(atPath: root.appendingPathComponent("a/b").path))  // still holds l.png
        #expect(folder.walk().links == ["a/b/l.png", "link"])
    }

    @Test func errorsAreOneLineWhateverTheInput() {
        let e = InputError("bad\nfile", "problem with \u{0} and\r\nlines")
        #expect(!e.description.contains("\n") && !e.description.contains("\r") && !e.description.contains("\u{0}"))
        #expect(quoted("a\tb\u{2028}") == "'a\\tb\\u{2028}'")
    }
}
