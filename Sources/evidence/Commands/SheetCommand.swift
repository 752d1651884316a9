import Foundation
import WidgetRaster

struct SheetCommand: EvidenceCommand {
    static let name = "sheet"
    static let summary = "Draw a contact sheet (PNG grid) of the fixtures, each labelled with its key"
    static let help = """
        usage: evidence sheet [--filter GLOB] [--columns N] [--scale S] -o OUT.png

          --filter GLOB      only fixtures whose key matches
          --columns N        cells per row (default 8)
          --scale S          draw each widget at S × its golden's density, 0.25…2 (default 1)
          -o, --output FILE  the PNG to write (its folder must exist; never a device, FIFO or folder)

        A sheet is at most \(ContactSheet.maxPixels / 1_000_000) million pixels and \(ContactSheet.maxSide) px a side,
        checked before anything is drawn; it is drawn and encoded one grid row at a time.
        """
    static func run(_ args: [String]) throws -> Int32 {
        let a = try ArgumentParser.parse(args, valued: ["filter", "columns", "output", "jobs", "scale"], switches: [])
        guard let out = a.value("output") else { throw InputError("-o", "required: the PNG file to write") }
        try OutputFile.check(out)
        let columns = try a.int("columns", default: 8, in: 1...64)
        let scale = try a.double("scale", default: 1, in: 0.25...2)
        let jobs = try a.int("jobs", default: ProcessInfo.processInfo.activeProcessorCount, in: 1...256)
        let fixtures = try GateArguments.fixtures(a.value("filter"))
        guard fixtures.count <= 4000 else { throw InputError("--filter", "\(fixtures.count) fixtures is too many for one sheet; narrow the filter") }
        let sheet = try ContactSheet.write(fixtures, painter: try GateArguments.painter(), columns: columns, scale: scale,
                                           jobs: jobs, to: out)
        print("wrote \(out): \(fixtures.count) fixtures, \(sheet.width)×\(sheet.height) px")
        return 0
    }
}
