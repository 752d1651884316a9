import Foundation
import WidgetRaster

/// Rebuilds the HTML report (and optionally JUnit) from saved `evidence verify --json` results,
/// e.g. the shards of a CI matrix downloaded as artefacts, without rendering anything.
struct ReportCommand: EvidenceCommand {
    static let name = "report"
    static let summary = "Rebuild the HTML report page (and JUnit) from saved 'verify --json' results, merging shards"
    static let usage = """
        usage: evidence report --from RESULT.json [--from RESULT2.json …] [-o DIR] [--junit FILE]

        Reads the results 'evidence verify --json' printed and writes one page DIR/index.html with
        the report images beside it (copied from each result's report folder, which is found
        relative to the result file, so results moved with their folders still work). Several
        --from (or a folder of *.json results) merge shards into one page, one JUnit and one summary;
        results of different matrices, environments, comparisons or commits are refused. Shards that
        together cover 1…n are judged as the whole run: a check that found nothing to read in any
        shard's renders fails as self-check (each result records what its checks found).
        Exit 0 when the merged result passed and covers every shard; 1 when it holds a failure or
        misses a shard (the page is written either way), so a CI step on the merged report gates too.
        """
    static let from = OptionSpec.value("from", "FILE|DIR", "a saved JSON result, or a folder of them; repeat to merge shards", repeats: true)
    static let output = OptionSpec.value("output", "DIR", "where the page goes; replaced whole, only if it is new, empty or a page evidence wrote",
                                         short: "o", default: .value("./report"))
    static let options = OptionTable([from, output, ReviewOutputs.junit])
    static let notes = ReviewOutputs.environmentNote
    static func run(_ a: ParsedArguments) throws -> Int32 {
        let froms = a.values(Self.from.name)
        guard !froms.isEmpty else { throw InputError("--from", "required: the JSON file 'evidence verify --json' printed") }
        let files = try froms.flatMap(resultFiles).map(ResultFile.load)
        let merged = try ResultFile.merge(files)
        if let shard = merged.shard { printError("warning: the results cover shards \(shard) only; the page lists those") }
        else if files.count > 1 && merged.run?.applied == nil {
            printError("warning: a result records no check applications (written by an older evidence); the merged run's self-check is not judged")
        }
        // verify's outputs (JUnit, annotations, step summary) through the same handlers, with the
        // page built whole at -o.
        var outputs = try ReviewOutputs.parse(a)
        let page = ReportPage(path: a.value(Self.output.name) ?? "report", files: files)
        outputs.html = page.target
        let stream = outputs.stream(json: false, console: ReportConsoleHandler(page: page, results: files.count), page: page)
        try stream.begin(RunStart(goldens: merged.run?.goldens ?? "Goldens"))
        try stream.finish(merged)
        // Like verify: a failure, or a merge that misses part of the matrix, is never a pass.
        return merged.failures.isEmpty && merged.shard == nil ? 0 : 1
    }

    /// Copies the report images a result lists — each a `KEY/actual|expected|diff.png` of one of
    /// its failing keys, read inside its report folder without following links, and a valid PNG —
    /// into the page. A listed image that is missing or not a PNG is an error, never a gap.
    static func copyImages(_ file: ResultFile, into out: ContainedFolder) throws(InputError) {
        let listed = Set(file.result.failures.flatMap { f in f.artifacts.map { (f.key, $0) } }.map { "\($0.0)\u{0}\($0.1)" })
        guard !listed.isEmpty else { return }
        guard let source = file.imageFolder else { throw InputError(file.path, "lists report images but has no reportDirectory") }
        for entry in listed.sorted() {
            let parts = entry.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            let (key, rel) = (parts[0], parts[1])
            guard HTMLReport.isArtifactPath(rel), rel.hasPrefix(key + "/"), FixtureKey.isValid(rel) else {
                throw InputError(file.path, "report image path \(quoted(String(rel.prefix(120)))) is not \(quoted(String(key.prefix(80))))/actual.png, expected.png or diff.png")
            }
            let where_ = source.appendingPathComponent(rel).path
            guard case .bytes(let data) = ContainedFolder(source).read(rel) else {
                throw InputError(where_, "report image listed in \(file.path) is missing, a link or not a file; copy the report folder with the result")
            }
            try PNGCodec.validate(data, name: where_)
            try out.write(data, to: rel)
        }
    }

    /// A `--from` value: the file itself, or a folder's regular `*.json` files in name order.
    static func resultFiles(_ path: String) throws(InputError) -> [String] {
        guard !path.isEmpty else { throw InputError("--from", "empty path; name a result file or a folder of them") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { return [path] }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).filter { $0.hasSuffix(".json") && !$0.hasPrefix(".") }.sorted()
        let files = names.map { (path as NSString).appendingPathComponent($0) }.filter { p in
            var st = stat()
            return lstat(p, &st) == 0 && st.st_mode & S_IFMT == S_IFREG
        }
        guard !files.isEmpty else { throw InputError(path, "no *.json result in this folder") }
        return files
    }
}

/// report's page: built in a private staging folder with every result's report images, then put
/// in place at `-o` whole (`PageFolder`) — a failure part-way leaves DIR as it was.
final class ReportPage: VerifyResultHandler {
    let path: String
    let files: [ResultFile]
    private var staged: PageFolder?

    init(path: String, files: [ResultFile]) { self.path = path; self.files = files }

    /// Where the page goes, as `PageFolder` resolves it.
    var target: URL { URL(fileURLWithPath: path).standardizedFileURL }

    func begin(_ run: RunStart) throws { staged = try PageFolder.begin(path, flag: "-o") }

    func finish(_ result: VerifyResult) throws {
        let page = try staged ?? PageFolder.begin(path, flag: "-o")
        staged = nil
        do {
            for f in files { try ReportCommand.copyImages(f, into: page.folder) }
            try HTMLReport.write(result, to: page.folder)
            try page.commit()
        } catch {
            page.discard()
            throw error
        }
    }

    func abandon() { staged?.discard(); staged = nil }
}

/// report's last line: where the page went, from how many results, and the merged verdict.
struct ReportConsoleHandler: VerifyResultHandler {
    let page: ReportPage
    let results: Int
    func finish(_ result: VerifyResult) throws {
        print("wrote \(page.target.appendingPathComponent(HTMLReport.fileName).path) from \(results) result\(results == 1 ? "" : "s"): \(result.summaryLine)"
              + (result.shard.map { " (shards \($0) only: not the whole matrix)" } ?? ""))
    }
}
