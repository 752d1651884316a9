import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster
@testable import evidence

/// README.md and docs/ cannot drift (issue #35): every command in a block marked runnable is run
/// against the bundled goldens and its exit code checked, every link resolves, the CLI reference
/// is the option declarations' own text, every count of goldens is `evidence list`'s, and
/// benchmark figures live only in the file scripts/bench.sh writes. docs/contributing/docs.md
/// describes the markers.
@Suite struct DocsTests {
    /// Pages other sessions write on their own branches (issue #35's plan: t31 layout-engine, t32
    /// ci-pipeline, t33 reading-a-failure and auditing-tokens, t34 limits, t36 pinning-a-report,
    /// t37 performance). A link to one is accepted only while it is absent; the lead removes this
    /// list once they are merged.
    static let pendingPages: Set<String> = [
        "docs/explanation/layout-engine.md", "docs/guides/ci-pipeline.md", "docs/guides/reading-a-failure.md",
        "docs/guides/auditing-tokens.md", "docs/reference/limits.md", "docs/guides/pinning-a-report.md",
        "docs/reference/performance.md",
    ]
    static let benchmarks = "docs/benchmarks.md"
    /// The first line scripts/bench.sh writes into `benchmarks` (a hand-written file lacks it).
    static let benchmarksMarker = "<!-- written by scripts/bench.sh"

    // MARK: reading the pages

    struct Doc: CustomTestStringConvertible, Sendable {
        /// Relative to the package root.
        var path: String
        var text: String
        var testDescription: String { path }
        var url: URL { PackagePaths.root.appendingPathComponent(path) }
    }

    /// README.md and every Markdown file under docs/, in path order.
    static func docs() throws -> [Doc] {
        let root = PackagePaths.root
        var paths = ["README.md"]
        let docsDir = root.appendingPathComponent("docs")
        if let walk = FileManager.default.enumerator(atPath: docsDir.path) {
            for case let p as String in walk where p.hasSuffix(".md") { paths.append("docs/" + p) }
        }
        return try paths.sorted().map {
            Doc(path: $0, text: try String(contentsOf: root.appendingPathComponent($0), encoding: .utf8))
        }
    }

    static func doc(_ path: String) throws -> Doc {
        try #require(try docs().first { $0.path == path }, "\(path) is missing")
    }

    /// A fenced block: its info string (` ```sh runnable ` → `sh runnable`), its text, its line,
    /// and the prose between the block before it and itself (which names the folder it runs in).
    struct Block {
        var info: [String]
        var body: String
        var line: Int
        var prose: String = ""
        var isRunnable: Bool { info.first == "sh" && info.contains("runnable") }
        /// ` ```sh runnable checkout `: runs in a copy of the checkout's project, not in an empty folder.
        var inCheckout: Bool { isRunnable && info.contains("checkout") }
        /// ` ```sh not-runnable: REASON `: a shell block the test does not run, and why.
        var notRunnableReason: String? {
            info.count > 2 && info[1] == "not-runnable:" ? info.dropFirst(2).joined(separator: " ") : nil
        }
        /// ` ```json file=snap.json `: the block is that file's content.
        var fileName: String? { info.first { $0.hasPrefix("file=") }.map { String($0.dropFirst(5)) } }
        var isOutput: Bool { info.first == "text" && info.contains("output") }
    }

    static func blocks(_ text: String) -> [Block] {
        var out: [Block] = []
        var open: (info: [String], line: Int, indent: Int, lines: [Substring])?
        var prose: [Substring] = []
        for (i, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if var o = open {
                if trimmed == "```" {
                    out.append(
                        Block(
                            info: o.info, body: o.lines.joined(separator: "\n"), line: o.line,
                            prose: prose.joined(separator: "\n")))
                    open = nil
                    prose = []
                } else {
                    // A block inside a list item loses its fence's indentation.
                    o.lines.append(line.dropFirst(min(o.indent, line.prefix { $0 == " " }.count)))
                    open = o
                }
            } else if trimmed.hasPrefix("```") {
                open = (
                    trimmed.dropFirst(3).split(separator: " ").map(String.init), i + 1, line.prefix { $0 == " " }.count,
                    []
                )
            } else {
                prose.append(line)
            }
        }
        return out
    }

    /// One command of a runnable block: a line, its `\` continuations and its here-document.
    struct Command {
        var text: String
        var line: Int
        /// What the text says it exits with: `# exit N` on the command, else 0.
        var exit: Int32 {
            text.firstMatch(of: /#\s*exit (\d+)/).flatMap { Int32($0.output.1) } ?? 0
        }
    }

    static func commands(_ block: Block) -> [Command] {
        var out: [Command] = []
        var lines = block.body.split(separator: "\n", omittingEmptySubsequences: false)[...]
        var n = block.line
        while let first = lines.popFirst() {
            n += 1
            let start = n
            var text = String(first)
            let t = text.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            while text.hasSuffix("\\"), let next = lines.popFirst() {
                text += "\n" + next
                n += 1
            }
            if let m = text.firstMatch(of: /<<-?'?([A-Za-z_]+)'?/) {
                let end = String(m.output.1)
                while let next = lines.popFirst() {
                    text += "\n" + next
                    n += 1
                    if next.trimmingCharacters(in: .whitespaces) == end { break }
                }
            }
            out.append(Command(text: text, line: start))
        }
        return out
    }

    // MARK: the README

    @Test func theReadmeIsShort() throws {
        let lines = try Self.doc("README.md").text.split(separator: "\n", omittingEmptySubsequences: false).count
        expectTrue(lines <= 200, "README.md has \(lines) lines; move detail into docs/")
    }

    /// The set-up block's two commands are what .ci/run runs, and each does what the README says.
    @Test func theSetUpCommandsAreWhatCIRuns() throws {
        let readme = try Self.doc("README.md").text
        let section = try #require(readme.range(of: "## Set-up").map { String(readme[$0.upperBound...]) })
        let setUp = try #require(Self.blocks(section).first)
        let scripts = setUp.body.split(separator: "\n").compactMap { $0.split(separator: " ").first.map(String.init) }
        expectTrue(scripts == ["scripts/verify.sh", "scripts/test.sh"])
        let root = PackagePaths.root
        let ci = try String(contentsOf: root.appendingPathComponent(".ci/run"), encoding: .utf8)
        for s in scripts {
            expectTrue(ci.split(separator: "\n").contains { $0.hasPrefix(s) }, ".ci/run does not run \(s)")
        }
        let verify = try String(contentsOf: root.appendingPathComponent("scripts/verify.sh"), encoding: .utf8)
        expectTrue(verify.contains("evidence verify"))
        let test = try String(contentsOf: root.appendingPathComponent("scripts/test.sh"), encoding: .utf8)
        // It builds the tests on verify.sh's build and runs the bundle itself (serial processes).
        expectTrue(
            test.contains("scripts/build-debug.sh --build-tests") && test.contains("evidencePackageTests.xctest"))
        expectTrue(verify.contains("scripts/build-debug.sh --product evidence"))
    }

    /// The quick start goes from a clone to the user's own render: a fixture, a snapshot of the
    /// reader's own, verify with the page (the commands themselves run in `everyMarkedCommand…`).
    @Test func theQuickStartRendersTheReadersOwnSnapshot() throws {
        let readme = try Self.doc("README.md").text
        let section = try #require(readme.range(of: "## Quick start").map { String(readme[$0.upperBound...]) })
        let blocks = Self.blocks(String(section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]))
        let snapshot = try #require(blocks.first { $0.fileName != nil }?.fileName)
        let run = blocks.filter(\.isRunnable).flatMap(Self.commands).map(\.text)
        expectTrue(run.contains { $0.contains("render --fixture ") })
        expectTrue(
            run.contains {
                $0.contains("render --snapshot \(snapshot) ") && $0.contains("--as-of") && $0.contains("--time-zone")
            })
        expectTrue(run.contains { $0.contains("verify ") && $0.contains("--html ") })
    }

    /// Every command in the README's table is a command, and every command but help has a row whose flags it accepts.
    @Test func everyCommandHasAReadmeRowWhoseFlagsItAccepts() throws {
        let rows = try Self.doc("README.md").text.split(separator: "\n").filter { $0.hasPrefix("| `evidence ") }
        for cmd in allCommands where cmd.name != "help" {
            let mine = rows.filter {
                $0.hasPrefix("| `evidence \(cmd.name) ") || $0.hasPrefix("| `evidence \(cmd.name)`")
            }
            expectTrue(!mine.isEmpty, "README's Commands table has no row for \(cmd.name)")
            let names = Set(cmd.options.all.map(\.name))
            for row in mine {
                for m in row.matches(of: /--([a-z][a-z-]*[a-z])/) where m.output.1 != "help" {
                    expectTrue(
                        names.contains(String(m.output.1)),
                        "README row of \(cmd.name) names --\(m.output.1), which it does not accept")
                }
            }
        }
        expectTrue(rows.count == allCommands.count - 1, "a README row names no command")
    }

    // MARK: runnable blocks

    static var docsWithCommands: [Doc] {
        (try? docs().filter { d in blocks(d.text).contains(where: \.isRunnable) }) ?? []
    }

    /// Every marked command runs as a reader types it — `evidence` the binary this suite built, first
    /// on PATH, with no flag added — in the folder its text names: an empty scratch folder outside the
    /// checkout ("any folder"), or for ` ```sh runnable checkout ` a scratch copy of the checkout's
    /// project, which the text before the block must name. Each exits as its text says; one that exits
    /// 0 wrote every `-o FILE` it names; a ` ```text output ` block after a runnable one is its last
    /// command's stdout.
    @Test(arguments: docsWithCommands)
    func everyMarkedCommandExitsAsItsTextSays(doc: Doc) throws {
        let (failures, ran) = try Self.run(doc)
        for f in failures { Issue.record("\(f)") }
        expectTrue(ran > 0)
    }

    /// The failures of `doc`'s runnable blocks (`everyMarkedCommandExitsAsItsTextSays`) and how many commands ran.
    static func run(_ doc: Doc) throws -> (failures: [String], ran: Int) {
        let anyFolder = try Scratch.empty()
        var checkout: URL?
        defer { for f in [anyFolder, checkout].compactMap({ $0 }) { try? FileManager.default.removeItem(at: f) } }
        let blocks = Self.blocks(doc.text)
        var files: [(name: String, body: String)] = []
        var failures: [String] = []
        var ran = 0
        for (i, block) in blocks.enumerated() {
            if let name = block.fileName {
                files.append((name, block.body))
                for folder in [anyFolder, checkout].compactMap({ $0 }) {
                    try Data((block.body + "\n").utf8).write(to: folder.appendingPathComponent(name))
                }
            }
            guard block.isRunnable else { continue }
            let folder: URL
            if block.inCheckout {
                if !block.prose.contains("checkout") {
                    failures.append(
                        "\(doc.path):\(block.line): the block runs in the checkout, but the text before it does not "
                            + "say so"
                    )
                }
                if checkout == nil {
                    let made = try Scratch.checkout()
                    for f in files { try Data((f.body + "\n").utf8).write(to: made.appendingPathComponent(f.name)) }
                    checkout = made
                }
                folder = checkout!
            } else {
                folder = anyFolder
            }
            var last: HostileCaseTests.Run?
            for c in Self.commands(block) {
                let r = try Shell.run(c.text, in: folder)
                if r.code != c.exit {
                    failures.append(
                        "\(doc.path):\(c.line): exit \(r.code), the text says \(c.exit): \(c.text)\n\(r.err)")
                }
                if r.code == 0 {
                    for m in c.text.matches(of: /(?:^|\s)(?:-o|--output|--html) ([^\s'"]+)/)
                    where !FileManager.default.fileExists(
                        atPath: folder.appendingPathComponent(String(m.output.1)).path)
                    {
                        failures.append("\(doc.path):\(c.line): wrote no \(m.output.1)")
                    }
                }
                last = r
                ran += 1
            }
            if i + 1 < blocks.count, blocks[i + 1].isOutput, let last, last.out != blocks[i + 1].body + "\n" {
                failures.append(
                    "\(doc.path):\(blocks[i + 1].line): the output shown is not what the command prints:\n\(last.out)")
            }
        }
        return (failures, ran)
    }

    /// Scratch folders outside the checkout (the system's temporary folder, with no evidence.json or
    /// Goldens/ above it): an empty one, or a copy of the checkout's project files.
    enum Scratch {
        static func empty() throws -> URL {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
                "evidence-docs-\(getpid())-\(UUID().uuidString)")
            try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
            expectTrue(
                Project.findRoot(from: dir) == nil,
                "\(dir.path) is inside a project; the docs' \"any folder\" must not be")
            return dir
        }

        /// The project as a reader's checkout holds it. Goldens are hard-linked (a page's record writes
        /// a temp file and renames it, so a checkout file is never written through a link); the rest is copied.
        static func checkout() throws -> URL {
            let dir = try empty()
            let root = PackagePaths.root
            for name in [Project.configName, KnownFindings.fileName, "Tokens", Project.defaultCases] {
                try FileManager.default.copyItem(
                    at: root.appendingPathComponent(name), to: dir.appendingPathComponent(name))
            }
            let goldens = dir.appendingPathComponent(Project.defaultGoldens)
            func cp(_ flags: String) throws -> Bool {
                let p = Process()
                p.executableURL = URL(fileURLWithPath: "/bin/cp")
                p.arguments = [flags, PackagePaths.goldens.path, goldens.path]
                p.standardError = FileHandle.nullDevice
                try p.run()
                p.waitForExit()
                return p.terminationStatus == 0
            }
            // Links only within one file system; a temporary folder elsewhere gets a copy.
            if try !cp("-al") {
                try? FileManager.default.removeItem(at: goldens)
                expectTrue(try cp("-a"), "copying Goldens/ into \(dir.path) failed")
            }
            return dir
        }
    }

    /// A command of a page, run by `/bin/sh` with the suite's `evidence` first on PATH — the binary
    /// itself, so a command that needs a flag its text does not show fails as a reader's would.
    enum Shell {
        static func run(_ command: String, in folder: URL) throws -> HostileCaseTests.Run {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", command]
            p.currentDirectoryURL = folder
            // No CI variables: a page's verify must not annotate or append to this job's summary.
            var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GITHUB_") }
            env["PATH"] =
                HostileCaseTests.binary.deletingLastPathComponent().path + ":" + (env["PATH"] ?? "/usr/bin:/bin")
            p.environment = env
            p.standardInput = FileHandle.nullDevice
            return try HostileCaseTests.collect(p)
        }
    }

    /// The docs test fails a command that needs a flag its text does not show: a page whose "any
    /// folder" block verifies without `--root` fails it, naming the line.
    @Test func aCommandNeedingAFlagItsTextDoesNotShowFailsTheDocsTest() throws {
        let page = Doc(
            path: "synthetic.md",
            text: "In any folder:\n\n```sh runnable\nevidence verify --filter 'android/small/*'\n```\n")
        let (failures, ran) = try Self.run(page)
        expectTrue(ran == 1)
        expectTrue(failures.count == 1)
        expectTrue(failures.first?.hasPrefix("synthetic.md:4: exit 2, the text says 0") == true, "\(failures)")
        expectTrue(failures.first?.contains("--root") == true)
        // The same line in a block the text places in the checkout passes.
        let inCheckout = Doc(
            path: "synthetic.md",
            text: "In the checkout:\n\n```sh runnable checkout\nevidence verify --filter 'android/small/*'\n```\n")
        expectTrue(try Self.run(inCheckout).failures == [])
    }

    /// The README's Quick start from an empty folder outside the checkout: the "any folder" block
    /// exits 0 (`everyMarkedCommand…`), and each command of a block the README places in the checkout
    /// exits 2 there, naming --root and the folder searched from, as the README says.
    @Test func theQuickStartSaysWhichCommandsNeedTheCheckout() throws {
        let readme = try Self.doc("README.md").text
        let section = try #require(readme.range(of: "## Quick start").map { String(readme[$0.upperBound...]) })
        let blocks = Self.blocks(String(section[..<(section.range(of: "\n## ")?.lowerBound ?? section.endIndex)]))
        let anywhere = try #require(blocks.first { $0.isRunnable && !$0.inCheckout })
        expectTrue(anywhere.prose.contains("in any folder"))
        let empty = try Scratch.empty()
        defer { try? FileManager.default.removeItem(at: empty) }
        var checked = 0
        for block in blocks where block.inCheckout {
            expectTrue(
                block.prose.contains("`--root`"),
                "the Quick start does not say its checkout commands need --root elsewhere")
            for c in Self.commands(block) {
                let r = try Shell.run(c.text, in: empty)
                expectTrue(r.code == 2, "\(c.text): exit \(r.code) outside the checkout")
                expectTrue(
                    r.err.contains("--root") && r.err.contains(empty.standardizedFileURL.path), "\(c.text): \(r.err)")
                checked += 1
            }
        }
        expectTrue(checked > 0)
    }

    /// Every shell block of README and docs/ is run (`runnable`) or says why not
    /// (` ```sh not-runnable: REASON `), so no command a reader types goes unchecked by accident.
    @Test func everyShellBlockRunsOrSaysWhyNot() throws {
        for doc in try Self.docs() {
            for b in Self.blocks(doc.text) where b.info.first == "sh" && !b.isRunnable {
                expectTrue(
                    b.notRunnableReason != nil,
                    "\(doc.path):\(b.line): a sh block neither runnable nor 'not-runnable: REASON'")
            }
        }
    }

    /// Every complete `evidence …` line in the pages (inline code, and shell blocks) parses against
    /// its command's declared options, runnable or not.
    @Test func everyCommandLineInThePagesParses() throws {
        var checked = 0
        for doc in try Self.docs() where doc.path != "docs/reference/cli.md" {
            var lines: [String] = doc.text.matches(of: /`(evidence [^`]+)`/).map { String($0.output.1) }
            for b in Self.blocks(doc.text) where b.info.first == "sh" {
                lines += Self.commands(b).map(\.text).filter { $0.hasPrefix("evidence ") }
            }
            for line in lines where !line.contains(where: { "[]…|<>$\\\n".contains($0) }) {
                let command = line.split(separator: "#", maxSplits: 1).first.map(String.init) ?? line
                let words = command.split(separator: " ").map {
                    $0.trimmingCharacters(in: CharacterSet(charactersIn: "'\""))
                }
                // A placeholder (KEY, P, N, DIR) is a synopsis, not a line to run.
                guard !words.contains(where: { $0.wholeMatch(of: /[A-Z][A-Z0-9]*(\.png|\.json)?/) != nil }) else {
                    continue
                }
                guard words.count >= 2, let cmd = allCommands.first(where: { $0.name == words[1] }) else { continue }
                // A runnable line that states a non-zero exit may be a usage error on purpose.
                if line.contains("# exit 2") { continue }
                #expect(throws: Never.self, "\(doc.path): \(line)") {
                    _ = try cmd.options.parse(Array(words.dropFirst(2)))
                }
                checked += 1
            }
        }
        expectTrue(checked >= 20, "only \(checked) command lines checked")
    }

    // MARK: links

    /// GitHub's anchor for a heading: lower case, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(
            heading.lowercased().compactMap { c -> Character? in
                c == " " ? "-" : (c.isLetter || c.isNumber || c == "-" || c == "_") ? c : nil
            })
    }

    static func anchors(_ text: String) -> Set<String> {
        var inFence = false
        var out: Set<String> = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("```") {
                inFence.toggle()
                continue
            }
            if !inFence, let m = line.wholeMatch(of: /#{1,6} (.+)/) { out.insert(anchor(String(m.output.1))) }
        }
        return out
    }

    /// `docs/guides/../reference/cli.md` → `docs/reference/cli.md` (relative to the package root).
    static func normalized(_ path: String) -> String {
        var out: [Substring] = []
        for part in path.split(separator: "/") where part != "." {
            if part == "..", let last = out.last, last != ".." { out.removeLast() } else { out.append(part) }
        }
        return out.joined(separator: "/")
    }

    /// Every relative link and image of every page names a file that exists (a page of
    /// `pendingPages` while it is absent) and, with `#anchor`, a heading of that page.
    @Test func everyLinkResolves() throws {
        let docs = try Self.docs()
        let byPath = Dictionary(uniqueKeysWithValues: docs.map { ($0.path, $0) })
        var checked = 0
        for doc in docs {
            let here = (doc.path as NSString).deletingLastPathComponent
            for m in doc.text.matches(of: /\]\(([^)\s]+)\)/) {
                let link = String(m.output.1)
                if link.hasPrefix("http://") || link.hasPrefix("https://") || link.hasPrefix("mailto:") { continue }
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
                let target = parts[0].isEmpty ? doc.path : Self.normalized(here + "/" + parts[0])
                checked += 1
                let exists = FileManager.default.fileExists(
                    atPath: PackagePaths.root.appendingPathComponent(target).path)
                if !exists && Self.pendingPages.contains(target) { continue }
                expectTrue(exists, "\(doc.path): the link \(link) names \(target), which does not exist")
                if parts.count == 2, let page = byPath[target] {
                    expectTrue(
                        Self.anchors(page.text).contains(parts[1]),
                        "\(doc.path): \(link): \(target) has no heading #\(parts[1])")
                }
            }
        }
        expectTrue(checked >= 50)
    }

    /// Every page of docs/ is reachable from the index, so none is written and forgotten.
    @Test func theIndexLinksEveryPage() throws {
        let index = try Self.doc("docs/README.md").text
        for doc in try Self.docs() where doc.path.hasPrefix("docs/") && doc.path != "docs/README.md" {
            expectTrue(index.contains("](\(doc.path.dropFirst(5)))"), "docs/README.md does not link \(doc.path)")
        }
    }

    // MARK: generated and checked numbers

    /// docs/reference/cli.md is `evidence help --markdown`: the declarations' own help text.
    @Test func theCLIReferenceIsGenerated() throws {
        expectTrue(
            try Self.doc("docs/reference/cli.md").text == HelpCommand.optionsMarkdown,
            Comment(
                rawValue: "docs/reference/cli.md differs from the option declarations: run 'evidence help "
                    + "--markdown > docs/reference/cli.md'")
        )
        for cmd in allCommands { expectTrue(HelpCommand.optionsMarkdown.contains("## \(cmd.name)\n")) }
    }

    /// The keys `evidence list` prints (the binary, as a reader runs it).
    static func listedKeys() throws -> [String] {
        let r = try Shell.run(
            "evidence list --root '\(PackagePaths.root.path)'", in: FileManager.default.temporaryDirectory)
        expectTrue(r.code == 0)
        return r.out.split(separator: "\n").map(String.init)
    }

    /// Every table row whose first cell is a key glob (or globs joined by ` + `) and whose second
    /// is a number states how many keys `evidence list` prints for it; every "N goldens" in the
    /// prose is the whole matrix's or one platform's count.
    @Test func everyCountOfGoldensIsEvidenceLists() throws {
        let keys = try Self.listedKeys()
        expectTrue(try keys.count == FixtureCatalog.keys(matching: nil).count)
        func count(_ glob: String) -> Int { keys.filter { Glob.matches(glob, $0) }.count }
        var rows = 0
        for doc in try Self.docs() {
            for m in doc.text.matches(of: /\n\| ((?:`[^`|]+`(?: \+ )?)+) \| ([0-9][0-9,]*) \|/) {
                let globs = String(m.output.1).matches(of: /`([^`]+)`/).map { String($0.output.1) }
                let stated = Int(m.output.2.replacingOccurrences(of: ",", with: ""))
                let counted = globs.map(count).reduce(0, +)
                expectTrue(
                    stated == counted,
                    Comment(
                        rawValue: "\(doc.path): \(globs.joined(separator: " + ")) states \(m.output.2) goldens; "
                            + "evidence list has \(counted)")
                )
                rows += 1
            }
            let wholes = Set([keys.count, count("android/*"), count("ios/*")])
            for m in doc.text.matches(of: /([0-9][0-9,]*) goldens/) {
                let n = Int(m.output.1.replacingOccurrences(of: ",", with: "")) ?? -1
                expectTrue(
                    wholes.contains(n),
                    "\(doc.path): '\(m.output.0)' is not a count evidence list gives (\(wholes.sorted()))")
            }
        }
        expectTrue(rows >= 20, "only \(rows) counted rows")
    }

    /// Benchmark figures are scripts/bench.sh's: its file, over today's matrix, and no timing
    /// figure anywhere else in the pages.
    @Test func benchmarkFiguresLiveOnlyInTheFileBenchWrites() throws {
        let bench = try Self.doc(Self.benchmarks).text
        expectTrue(
            bench.hasPrefix(Self.benchmarksMarker),
            "\(Self.benchmarks) is not scripts/bench.sh's output: run scripts/bench.sh")
        let matrix = try #require(
            bench.firstMatch(of: /matrix: ([0-9]+) fixtures/), "\(Self.benchmarks) names no matrix")
        expectTrue(
            try Int(matrix.output.1) == FixtureCatalog.keys(matching: nil).count,
            "\(Self.benchmarks) measured a matrix of \(matrix.output.1) fixtures; run scripts/bench.sh again")
        let script = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("scripts/bench.sh"), encoding: .utf8)
        expectTrue(script.contains(Self.benchmarks) && script.contains(Self.benchmarksMarker))
        for doc in try Self.docs() where doc.path != Self.benchmarks {
            for m in doc.text.matches(of: /[0-9]+(?:\.[0-9]+)? ?ms\b|[0-9]+\.[0-9]+ s\b/) {
                Issue.record("\(doc.path): '\(m.output)' is a measurement: link \(Self.benchmarks) instead")
            }
        }
    }

    /// The Snapshot JSON page documents every field the decoder reads (read from its source, so a
    /// field added to Model/Snapshot.swift without a row fails here).
    @Test func theSnapshotPageDocumentsEveryField() throws {
        let source = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("Sources/WidgetModel/Model/Snapshot.swift"),
            encoding: .utf8)
        let fields = Set(
            source.matches(
                of:
                    #/
                    (?:required|string|bool|optionalString|optionalBool|count|date)\("([a-zA-Z]+)"\)
                    |members\["([a-zA-Z]+)"\]
                    /#
            )
            .compactMap { m in m.output.1.map(String.init) ?? m.output.2.map(String.init) })
        expectTrue(fields.count >= 12)
        let page = try Self.doc("docs/reference/snapshot-json.md").text
        for f in fields.sorted() { expectTrue(page.contains("| `\(f)` |"), "snapshot-json.md has no row for \(f)") }
    }

    /// The Plan JSON page has a row for every property of Schemas/plan.schema.json.
    @Test func thePlanPageDocumentsEverySchemaProperty() throws {
        let data = try Data(contentsOf: PackagePaths.root.appendingPathComponent("Schemas/plan.schema.json"))
        let schema = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let properties = try #require(schema["properties"] as? [String: Any])
        let page = try Self.doc("docs/reference/plan-json.md").text
        for name in properties.keys.sorted() {
            expectTrue(
                page.contains("| `\(name)` |") || page.contains("| `\(name)`, ") || page.contains(", `\(name)` |"),
                "plan-json.md has no row for \(name)")
        }
    }
}
