import EvidenceCore
import Foundation
import WidgetRaster

/// Rebuilds the HTML report (and optionally JUnit) from saved `evidence verify --json` results,
/// e.g. the shards of a CI matrix downloaded as artefacts, without rendering anything.
struct ReportCommand: DeclaredCommand {
    static let name = "report"
    static let summary = "Rebuild the HTML report page (and JUnit) from saved 'verify --json' results, merging shards"
    static let usage = """
        usage: evidence report --from RESULT.json|DIR [--from … ] [-o DIR] [--junit FILE]

        Reads the results 'evidence verify' printed as JSON (or wrote beside its page as
        DIR/result.json) and writes one page DIR/index.html with the report images beside it, copied
        from each result's report folder: found relative to the result file, else the result's own
        folder, so results moved with or into their folders still work. A --from folder is searched
        through every subfolder for results (what actions/download-artifact lays out), in any order
        and under any names. An image a result lists but its artefact lacks is drawn as missing
        (named in the finding and on stderr), never fatal. Several results merge shards into one
        page, one JUnit and the console summary verify prints;
        results of different matrices, environments, comparisons or commits are refused. Shards that
        together cover 1…n are judged as the whole run: a check that found nothing to read in any
        shard's renders fails as self-check (each result records what its checks found).
        Exit 0 when the merged result passed and covers every shard; 1 when it holds a failure or
        misses a shard (the page is written either way), so a CI step on the merged report gates too.
        """
    static let from = OptionSpec.value(
        "from", "FILE|DIR", "a saved JSON result, or a folder of them; repeat to merge shards", repeats: true)
    static let output = OptionSpec.output(
        "output", "DIR", "where the page goes; replaced whole, only if it is new, empty or a page evidence wrote",
        writes: .folder, short: "o", default: .value("./report"))
    struct Arguments: ParsableArguments {
        @Option(ReportCommand.from) var from: [String]
        @Option(given: ReportCommand.output) var output: String?
        @Option(given: ReviewOutputs.junit) var junit: String?
    }
    static let notes = ReviewOutputs.environmentNote
    static func run(_ a: Arguments) throws -> Int32 {
        let froms = a.from
        guard !froms.isEmpty else {
            throw InputError("--from", "required: the JSON file 'evidence verify --json' printed")
        }
        var seen = Set<String>()
        let paths = try froms.flatMap(resultFiles).filter {
            seen.insert(URL(fileURLWithPath: $0).standardizedFileURL.path).inserted
        }
        try checkBounds(paths)
        let files = try paths.map(ResultFile.load)
        let merged = try ResultFile.merge(files)
        if let shard = merged.shard {
            printError("warning: the results cover shards \(shard) only; the page lists those")
        } else if files.count > 1 && merged.run?.applied == nil {
            printError(
                "warning: a result records no check applications (written by an older evidence); the merged run's "
                    + "self-check is not judged"
            )
        }
        // verify's outputs (JUnit, annotations, step summary) through the same handlers, with the
        // page built whole at -o.
        var outputs = try ReviewOutputs.make(html: nil, junit: a.junit)
        let page = ReportPage(path: a.output ?? "report", files: files)
        outputs.html = page.target
        // The same console summary as verify's (every failure with its fix, the kinds, the totals),
        // then where the page went.
        let known = (try? KnownFindings.load(from: Project.current.knownFindings)) ?? KnownFindings()
        let pageLine =
            "wrote \(page.target.appendingPathComponent(HTMLReport.fileName).path) from \(files.count) "
            + "result\(files.count == 1 ? "" : "s")"
            + (merged.shard.map { " (shards \($0) only: not the whole matrix)" } ?? "")
        let stream = outputs.stream(
            json: false,
            console: ConsoleHandler(
                knownFindings: known, wholeRun: merged.shard == nil && merged.run?.filter == nil, pageLine: pageLine),
            page: page)
        try stream.begin(RunStart(goldens: merged.run?.goldens ?? "Goldens"))
        try stream.finish(merged)
        // Like verify: a failure, or a merge that misses part of the matrix, is never a pass.
        return merged.failures.isEmpty && merged.shard == nil ? 0 : 1
    }

    /// Copies the report images a result lists — each a `KEY/actual|expected|diff|pair|a11y.png` of one of
    /// its failing keys, read inside its report folder without following links, and a valid PNG —
    /// into the page. Returns the listed images it could not copy (missing, a link, not a PNG),
    /// each with why: the page draws those as missing rather than losing every other image.
    static func copyImages(_ file: ResultFile, into out: ContainedFolder) throws(InputError) -> [String: String] {
        let views = file.result.details.compactMap { d in d.accessibilityView.map { (d.key, $0) } }
        let listed = Set(
            (file.result.failures.flatMap { f in f.artifacts.map { (f.key, $0) } } + views).map {
                "\($0.0)\u{0}\($0.1)"
            })
        guard !listed.isEmpty else { return [:] }
        guard let source = file.imageFolder else {
            throw InputError(file.path, "lists report images but has no reportDirectory")
        }
        var missing: [String: String] = [:]
        for entry in listed.sorted() {
            let parts = entry.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            let (key, rel) = (parts[0], parts[1])
            guard HTMLReport.isArtifactPath(rel), rel.hasPrefix(key + "/"), FixtureKey.isValid(rel) else {
                throw InputError(
                    file.path,
                    "report image path \(quoted(String(rel.prefix(120)))) is not \(quoted(String(key.prefix(80))))/ "
                        + "and one of \(HTMLReport.artifactNames.sorted().joined(separator: ", "))"
                )
            }
            let where_ = source.appendingPathComponent(rel).path
            switch ContainedFolder(source).read(rel) {
            case .bytes(let data):
                do { _ = try PNGCodec.validate(data, name: where_) } catch {
                    missing[rel] = "\(where_) is not a PNG (\(error.problem))"
                    continue
                }
                try out.write(data, to: rel)
            case .exhausted(let error): throw error
            case .missing, .unreadable: missing[rel] = "\(where_) is missing, a link or not a file"
            }
        }
        return missing
    }

    /// `result` without the images that could not be copied, each finding that listed one saying so.
    static func drawingMissing(_ missing: [String: String], in result: VerifyResult) -> VerifyResult {
        guard !missing.isEmpty else { return result }
        var r = result
        for i in r.details.indices where r.details[i].accessibilityView.map({ missing[$0] != nil }) == true {
            r.details[i].accessibilityView = nil
        }
        for i in r.failures.indices {
            let gone = r.failures[i].artifacts.filter { missing[$0] != nil }
            guard !gone.isEmpty else { continue }
            r.failures[i].artifacts.removeAll { missing[$0] != nil }
            r.failures[i].detail +=
                " [report image\(gone.count == 1 ? "" : "s") missing from the result's folder: "
                + "\(gone.joined(separator: ", "))]"
        }
        return r
    }

    /// How deep and how wide a `--from` folder is searched (a downloaded artefact is two levels);
    /// a folder deeper than `searchDepth` is exit 2 naming the cap (docs/reference/limits.md).
    /// Results merged at once: a run splits into at most `Shard.maxCount` shards, and together they
    /// are at most one input file's bound — read before any is parsed, so a folder of thousands of
    /// in-bounds results is refused in a moment rather than parsed for minutes.
    static func checkBounds(_ paths: [String]) throws(InputError) {
        guard paths.count <= Shard.maxCount else {
            throw InputError(
                "--from", "\(paths.count) results; at most \(Shard.maxCount) (the most shards a run splits into)")
        }
        var total = 0
        for p in paths {
            var st = stat()
            guard stat(p, &st) == 0 else { continue }  // ResultFile.load names what is wrong with it
            total += Int(st.st_size)
            guard total <= maxInputFileBytes else {
                throw InputError(
                    "--from", "the results together are more than \(maxInputFileBytes >> 20) MB; merge fewer at once")
            }
        }
    }

    static let searchDepth = 8
    static let searchEntries = 100_000

    /// `dir`'s entries (hidden ones too), reading at most `limit`; nil when it holds more.
    static func entries(of dir: String, atMost limit: Int) -> [String]? {
        guard let d = opendir(dir) else { return [] }
        defer { closedir(d) }
        var out: [String] = []
        while let entry = readdir(d) {
            let name = directoryEntryName(entry)
            if name == "." || name == ".." { continue }
            if out.count >= limit { return nil }
            out.append(name)
        }
        return out
    }

    /// A `--from` value: the file itself, or every result below a folder — each regular `*.json`
    /// whose schema is verify's, in path order, found without following links.
    static func resultFiles(_ path: String) throws(InputError) -> [String] {
        guard !path.isEmpty else { throw InputError("--from", "empty path; name a result file or a folder of them") }
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir), isDir.boolValue else { return [path] }
        var files: [String] = []
        var visited = 0
        // Every *.json below is parsed to read its schema: at most one input file's bound of them.
        var probed = 0
        func walk(_ dir: String, depth: Int) throws(InputError) {
            // Read no further than the cap: a folder of millions of entries costs the cap, not its size.
            let listed = entries(of: dir, atMost: searchEntries - visited)
            let names = (listed ?? []).filter { !$0.hasPrefix(".") }.sorted()
            visited += listed?.count ?? 0
            if listed == nil {
                throw InputError(
                    path, "more than \(searchEntries) entries below this folder; name the result files or their folders"
                )
            }
            for name in names {
                let p = (dir as NSString).appendingPathComponent(name)
                var st = stat()
                guard lstat(p, &st) == 0 else { continue }
                switch st.st_mode & S_IFMT {
                case S_IFDIR where depth < searchDepth: try walk(p, depth: depth + 1)
                // A folder past the cap is refused, not skipped: a shard's result left unread there
                // would drop its failures from the merged page.
                case S_IFDIR:
                    throw InputError(
                        path,
                        "holds a folder more than \(searchDepth) levels below it (\(quoted(String(p.suffix(200)))); "
                            + "report searches \(searchDepth) levels deep at most: name that folder or a result file "
                            + "with --from"
                    )
                case S_IFREG where name.hasSuffix(".json"):
                    probed += Int(st.st_size)
                    if probed > maxInputFileBytes {
                        throw InputError(
                            path,
                            "holds more than \(maxInputFileBytes >> 20) MB of JSON below it; name the result files "
                                + "or their folders")
                    }
                    if ResultFile.claimsToBeAResult(p) { files.append(p) }
                default: continue
                }
            }
        }
        try walk(path, depth: 0)
        guard !files.isEmpty else {
            throw InputError(path, "no 'evidence verify' result (*.json with its schema) in this folder or below it")
        }
        return files
    }
}

/// report's page: built in a private staging folder with every result's report images, then put
/// in place at `-o` whole (`PageFolder`) — a failure part-way leaves DIR as it was.
final class ReportPage: VerifyResultHandler {
    let path: String
    let files: [ResultFile]
    private var staged: PageFolder?

    init(path: String, files: [ResultFile]) {
        self.path = path
        self.files = files
    }

    /// Where the page goes, as `PageFolder` resolves it.
    var target: URL { URL(fileURLWithPath: path).standardizedFileURL }

    func begin(_ run: RunStart) throws { staged = try PageFolder.begin(path, flag: "-o") }

    func finish(_ result: VerifyResult) throws {
        let page = try staged ?? PageFolder.begin(path, flag: "-o")
        staged = nil
        do {
            var missing: [String: String] = [:]
            for f in files { missing.merge(try ReportCommand.copyImages(f, into: page.folder)) { a, _ in a } }
            for (_, why) in missing.sorted(by: { $0.key < $1.key }) {
                printError("warning: report image \(why); the page draws it as missing")
            }
            try HTMLReport.write(ReportCommand.drawingMissing(missing, in: result), to: page.folder)
            try page.commit()
        } catch {
            page.discard()
            throw error
        }
    }

    func abandon() {
        staged?.discard()
        staged = nil
    }
}
