import Foundation
import WidgetRaster

/// Rebuilds the HTML report (and optionally JUnit) from a saved `evidence verify --json` result,
/// e.g. one downloaded from CI, without rendering anything.
struct ReportCommand: EvidenceCommand {
    static let name = "report"
    static let summary = "Rebuild the HTML report page (and JUnit) from a saved 'verify --json' result"
    static let usage = """
        usage: evidence report --from RESULT.json [-o DIR] [--junit FILE]

        Reads the result 'evidence verify --json' printed and writes DIR/index.html. The page shows the
        images verify wrote to its report folder (the result's reportDirectory); with -o another folder,
        they are copied there so the page stands alone.
        """
    static let from = OptionSpec.value("from", "FILE", "the saved JSON result")
    static let output = OptionSpec.value("output", "DIR", "where index.html goes", short: "o", default: .value("./report"))
    static let junit = OptionSpec.value("junit", "FILE", "also write JUnit XML for the same result")
    static let options = OptionTable([from, output, junit])
    static func run(_ a: ParsedArguments) throws -> Int32 {
        guard let from = a.value(Self.from.name) else { throw InputError("--from", "required: the JSON file 'evidence verify --json' printed") }
        let result = try load(from)
        // Never a folder the (possibly downloaded) result file names: the caller chooses, or ./report.
        let out = URL(fileURLWithPath: a.string(Self.output) ?? "report")
        if let source = result.reportDirectory.map({ URL(fileURLWithPath: $0) }),
           source.standardizedFileURL != out.standardizedFileURL {
            for rel in Set(result.failures.flatMap(\.artifacts)).sorted() {
                // Paths from a file are not trusted: only KEY/actual|expected|diff.png, inside both folders.
                guard HTMLReport.isArtifactPath(rel) else {
                    throw InputError(from, "report image path '\(rel)' is not KEY/actual.png, expected.png or diff.png")
                }
                guard case .bytes(let data) = ContainedFolder(source).read(rel) else {
                    throw InputError(source.appendingPathComponent(rel).path, "report image listed in \(from) is missing or not a file; rerun verify with --report")
                }
                try AtomicFile.write(Data(data), to: out.appendingPathComponent(rel))
            }
        }
        try HTMLPageHandler(directory: out).handle(result)
        if let junit = a.value(Self.junit.name) { try JUnitFileHandler(file: URL(fileURLWithPath: junit)).handle(result) }
        print("wrote \(out.appendingPathComponent(HTMLReport.fileName).path): \(result.summaryLine)")
        return 0
    }

    static func load(_ path: String) throws(InputError) -> VerifyResult {
        let data = Data(try readFile(atPath: path))
        do { return try JSONDecoder().decode(VerifyResult.self, from: data) }
        catch {
            throw InputError(path, "not an 'evidence verify --json' result (\(describeDecodingError(error)))")
        }
    }
}
