import Foundation
import WidgetRaster
import EvidenceCore

struct SheetCommand: EvidenceCommand {
    static let name = "sheet"
    static let summary = "Draw a contact sheet (PNG grid) of the fixtures, each labelled with its key"
    static let usage = """
        usage: evidence sheet [--filter GLOB] [--columns N] [--scale S] [--jobs N] -o OUT.png
        """
    static let columns = OptionSpec.value("columns", "N", "cells per row", check: .int(1...64), default: .value("8"))
    static let scale = OptionSpec.value("scale", "S", "draw each widget at S × its golden's density", check: .number(0.25...2), default: .value("1"))
    static let output = OptionSpec.value("output", "FILE", "the PNG to write (its folder must exist; never a device, FIFO or folder)", short: "o")
    static let options = OptionTable([GateArguments.filter, columns, scale, GateArguments.jobs, output])
    static let notes = """
        A sheet is at most \(ContactSheet.maxPixels / 1_000_000) million pixels and \(ContactSheet.maxSide) px a side,
        checked before anything is drawn; it is drawn and encoded one grid row at a time.
        """
    static func run(_ a: ParsedArguments) throws -> Int32 {
        guard let out = a.given(Self.output) else { throw InputError("-o", "required: the PNG file to write") }
        try OutputFile.check(out)
        let columns = try a.int(Self.columns)
        let scale = try a.double(Self.scale)
        let jobs = try a.int(GateArguments.jobs, absent: ProcessInfo.processInfo.activeProcessorCount)
        let fixtures = try GateArguments.fixtures(a.given(GateArguments.filter))
        guard fixtures.count <= 4000 else { throw InputError("--filter", "\(fixtures.count) fixtures is too many for one sheet; narrow the filter") }
        let sheet = try ContactSheet.write(fixtures, painter: try GateArguments.painter(), columns: columns, scale: scale,
                                           jobs: jobs, to: out)
        print("wrote \(out): \(fixtures.count) fixtures, \(sheet.width)×\(sheet.height) px")
        return 0
    }
}
