import EvidenceCore
import Foundation
import WidgetRaster
import WidgetText

/// Every golden at its real size in a browsable static page (the contact sheet stays for one picture).
struct GalleryCommand: DeclaredCommand {
    static let name = "gallery"
    static let summary = "Write a browsable page of every golden at real size, grouped, with toggles and search"
    static let usage = """
        usage: evidence gallery [--filter GLOB] [--goldens DIR] -o DIR

        Copies each golden into DIR/img/ and writes DIR/index.html: goldens at real size (1 CSS px =
        1 dp), grouped platform → family → state, with theme / host-mode / motif / body toggles and a
        search box. Opens from disk; fetches nothing. A fixture with no golden shows as a dashed box.
        """
    static let output = OptionSpec.output(
        "output", "DIR", "the folder to write: replaced whole, only if it is new, empty or a page evidence wrote",
        writes: .folder, short: "o", required: "the folder to write")
    struct Arguments: ParsableArguments {
        @Option(GateArguments.filter) var filter: String?
        @Option(GateArguments.goldens) var goldens: String?
        @Option(GateArguments.cases) var cases: String?
        @Option(GalleryCommand.output) var output: String
    }
    static func run(_ a: Arguments) throws -> Int32 {
        let outPath = a.output
        let goldens = GateArguments.goldensFolder(given: a.goldens)
        let fixtures = try GateArguments.fixtures(a.filter, cases: try GateArguments.casesFolder(given: a.cases))
        let fonts = try FontLibrary.bundled.get()
        // Written whole into a private staging folder, then put in place: never through a link, never half.
        let page = try PageFolder.begin(outPath, flag: "-o")
        let out = page.target
        var tiles: [GalleryPage.Tile] = []
        do {
            for f in fixtures {
                let scene = f.makeScene(fonts)
                var src: String?
                // Read like verify does: inside the goldens folder, no links followed, bounded.
                if case .bytes(let data) = ContainedFolder(goldens).read(f.goldenPath) {
                    src = "img/" + f.goldenPath
                    try page.folder.write(data, to: src!)
                }
                tiles.append(
                    GalleryPage.Tile(
                        key: f.key, src: src, width: Int(scene.size.width.rounded()),
                        height: Int(scene.size.height.rounded())))
            }
            try page.folder.write(Array(GalleryPage.render(tiles).utf8), to: GalleryPage.fileName)
            try page.commit()
        } catch {
            page.discard()
            throw error
        }
        let missing = tiles.filter { $0.src == nil }.count
        print(
            "wrote \(out.appendingPathComponent(GalleryPage.fileName).path): \(tiles.count) fixtures"
                + (missing > 0 ? ", \(missing) without a golden" : ""))
        return 0
    }
}
