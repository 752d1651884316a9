import EvidenceCore
import Foundation
import WidgetRaster

struct SheetCommand: DeclaredCommand {
    static let name = "sheet"
    static let summary = "Draw a contact sheet (PNG grid) of the fixtures, each labelled with its key"
    static let usage = """
        usage: evidence sheet [--filter GLOB] [--columns N] [--scale S] [--jobs N] -o OUT.png
        """
    /// Each option declared once: its storage, its read and its `--help` line.
    struct Arguments: ParsableArguments {
        @Option(GateArguments.filter) var filter: String?
        @Option(.value("columns", "N", "cells per row", check: .int(1...64), default: .value("8"))) var columns: Int
        @Option(
            .value(
                "scale", "S", "draw each widget at S × its golden's density", check: .number(0.25...2),
                default: .value("1")))
        var scale: Double
        @Option(GateArguments.jobs, absent: { ProcessInfo.processInfo.activeProcessorCount }) var jobs: Int
        @Option(
            .output(
                "output", "FILE", "the PNG to write (its folder must exist; never a device, FIFO or folder)",
                writes: .png,
                short: "o", required: "the PNG file to write"))
        var output: String
    }
    static let notes = """
        A sheet is at most \(ContactSheet.maxPixels / 1_000_000) million pixels and \(ContactSheet.maxSide) px a side,
        checked before anything is drawn; it is drawn and encoded one grid row at a time.
        """
    static func run(_ o: Arguments) throws -> Int32 {
        let fixtures = try GateArguments.fixtures(o.filter)
        guard fixtures.count <= 4000 else {
            throw InputError("--filter", "\(fixtures.count) fixtures is too many for one sheet; narrow the filter")
        }
        let sheet = try ContactSheet.write(
            fixtures, painter: try GateArguments.painter(), columns: o.columns, scale: o.scale,
            jobs: o.jobs, to: o.output)
        print("wrote \(o.output): \(fixtures.count) fixtures, \(sheet.width)×\(sheet.height) px")
        return 0
    }
}
