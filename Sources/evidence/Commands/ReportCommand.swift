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
        results of different matrices, environments, comparisons or commits are refused.
        Exit 0 when the merged result passed and covers every shard; 1 when it holds a failure or
        misses a shard (the page is written either way), so a CI step on the merged report gates too.
        """
    static let from = OptionSpec.value("from", "FILE|DIR", "a saved JSON result, or a folder of them; repeat to merge shards", repeats: true)
    static let output = OptionSpec.value("output", "DIR", "where the page goes; replaced whole, only if it is new, empty or a page evidence wrote",
                                         short: "o", default: .value("./report"))
    static let junit = OptionSpec.value("junit", "FILE", "also write JUnit XML for the merged result")
    static let options = OptionTable([from, output, junit])
    static let notes = "With GITHUB_STEP_SUMMARY set, the Markdown summary of the merged result is appended to it."
    static func run(_ a: ParsedArguments) throws -> Int32 {
        let froms = a.values(Self.from.name)
        guard !froms.isEmpty else { throw InputError("--from", "required: the JSON file 'evidence verify --json' printed") }
        let files = try froms.flatMap(resultFiles).map(ResultFile.load)
        let merged = try ResultFile.merge(files)
        if let shard = merged.shard { printError("warning: the results cover shards \(shard) only; the page lists those") }
        else if files.count > 1 && merged.run?.applied == nil {
            printError("warning: a result records no check applications (written by an older evidence); the merged run's self-check is not judged")
        }
        let junit = try a.value(Self.junit.name).map { j throws(InputError) -> URL in
            guard !j.isEmpty else { throw InputError("--junit", "empty path; name the file to write") }
            return URL(fileURLWithPath: j)
        }
        let page = try PageFolder.begin(a.value(Self.output.name) ?? "report", flag: "-o")
        do {
            for f in files { try copyImages(f, into: page.folder) }
            try page.folder.write(Array(HTMLReport.render(merged).utf8), to: HTMLReport.fileName)
            try page.commit()
        } catch {
            page.discard()
            throw error
        }
        if let junit { try JUnitFileHandler(file: junit).handle(merged) }
        if let summary = ProcessInfo.processInfo.environment["GITHUB_STEP_SUMMARY"], !summary.isEmpty {
            try StepSummaryHandler(path: summary, page: ReviewOutputs.relative(page.target.path)).handle(merged)
        }
        print("wrote \(page.target.appendingPathComponent(HTMLReport.fileName).path) from \(files.count) result\(files.count == 1 ? "" : "s"): \(merged.summaryLine)"
              + (merged.shard.map { " (shards \($0) only: not the whole matrix)" } ?? ""))
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
