import EvidenceCore
import Foundation
import Testing
import WidgetModel
import WidgetScene

@testable import WidgetRaster

/// Issue #34, one test (or a few) per class of defect: nothing can turn a failure green, nothing the
/// gate reads can trap or stall it, nothing it writes can destroy its inputs, and its words and exit
/// codes are right. Each failed before its fix (noted per test).
@Suite(.serialized) struct GateTrustTests {
    /// `evidence args…` run in `cwd`.
    static func evidence(_ args: [String], in cwd: URL) throws -> HostileCaseTests.Run {
        try HostileCaseTests.evidence(args, in: cwd)
    }

    static func scratch() throws -> PrivateFolder { try PrivateFolder.make("evidence-trust") }

    // MARK: Traps

    /// `-o x`, `-o -` and every one-character name trapped (SIGILL) in NSString's path methods.
    @Test(arguments: [
        ("x", ".", "x"), ("-", ".", "-"), ("/x", "/", "x"), ("a/b", "a", "b"), ("a//b/", "a", "b"), ("/", "/", "/"),
        ("./x", ".", "x"), ("..", ".", ".."), ("/a/b/c.png", "/a/b", "c.png"), ("é", ".", "é"),
    ])
    func pathsSplitWithoutFoundation(path: String, folder: String, name: String) {
        let split = splitPath(path)
        expectTrue(split.folder == folder)
        expectTrue(split.name == name)
    }

    @Test func aOneCharacterOutputIsWritten() throws {
        let dir = try Self.scratch()
        defer { dir.remove() }
        for name in ["x", "./-"] {
            // The scratch folder is no project: the clone is named (the binary finds its project from the working
            // folder).
            let r = try Self.evidence(
                ["render", "--fixture", HostileCaseTests.realEntry, "--root", PackagePaths.root.path, "-o", name],
                in: dir.url)
            expectTrue(r.code == 0, "\(name): \(r.err)")
            expectTrue(FileManager.default.fileExists(atPath: dir.url.appendingPathComponent(name).path))
        }
    }

    /// `-o -` wrote a file called `-` (issue #55): standard output is refused for every file and
    /// folder output, one line naming the flag, nothing written.
    @Test(arguments: [
        ["render", "--fixture", HostileCaseTests.realEntry, "-o", "-"],
        ["timeline", "--snapshot", "s.json", "--from", "2026-03-28T22:30:00+01:00", "-o", "-"],
        ["sheet", "--filter", "android/small/*", "-o", "-"],
        ["compare", "a.png", "b.png", "-o", "-"],
        ["verify", "--filter", "android/small/*", "--junit", "-"],
        ["report", "--from", "r.json", "-o", "-"],
        ["gallery", "-o", "-"],
    ])
    func standardOutputIsNoOutputFile(args: [String]) throws {
        let dir = try Self.scratch()
        defer { dir.remove() }
        let r = try Self.evidence(args + ["--root", PackagePaths.root.path], in: dir.url)
        expectTrue(r.code == 2, "\(args): \(r.err)")
        expectTrue(
            r.errLines.count == 1 && r.err.contains("'-' (standard output) is not an output here"), "\(args): \(r.err)")
        expectTrue(!FileManager.default.fileExists(atPath: dir.url.appendingPathComponent("-").path))
    }

    /// `"width": [0, 1e19]` trapped converting to Int when printed (verify's KNOWN line, contrast --rendered).
    @Test func aRangeBeyondIntPrints() throws {
        let c = KnownConditions(platform: .android, width: [0, 1e19], height: [-1e300, 1e300], fontScale: [1, 2])
        expectTrue(c.summary == "android w0–1e+19 h-1e+300–1e+300 fs1.0–2.0")
        expectTrue(KnownConditions(width: [110, 110]).summary == "w110")
    }

    /// ENOMEM under `ulimit -v` was "fallback font not installed", or a Swift fatal error mid-run.
    /// Not under scripts/sanitize.sh: AddressSanitizer reserves its shadow memory at start-up, so no
    /// instrumented process starts under a 300 MB limit ("failed to allocate 0x10000000 bytes").
    @Test(
        .disabled(
            if: ProcessInfo.processInfo.environment["ASAN_OPTIONS"] != nil,
            "an instrumented process cannot start under ulimit -v"))
    func anAddressSpaceLimitIsExit2NamingIt() throws {
        let dir = try Self.scratch()
        defer { dir.remove() }
        let r = try HostileCaseTests.evidence(
            shell: "render --fixture \(HostileCaseTests.realEntry) -o m.png", before: "ulimit -v 300000;", in: dir.url)
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1)
        expectTrue(r.err.contains("address-space limit is 292 MB"), "\(r.err)")
        expectTrue(resourceError(ENOMEM, "f", "loading")?.problem.contains("ENOMEM") == true)
    }

    // MARK: Outputs never touch inputs

    /// A copy of the goldens of one family with a planted marker, inside `root/repo`.
    static func plantedGoldens(in root: URL) throws -> URL {
        let goldens = root.appendingPathComponent("G")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let source = PackagePaths.goldens
        var manifest = try #require(try PackagePaths.manifest.get())
        manifest.goldens = manifest.goldens.filter { Glob.matches(HostileCaseTests.filter, $0.key) }
        for entry in manifest.goldens.values {
            let dest = goldens.appendingPathComponent(entry.file)
            try FileManager.default.createDirectory(
                at: dest.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.copyItem(at: source.appendingPathComponent(entry.file), to: dest)
        }
        try Data(manifest.encoded()).write(to: goldens.appendingPathComponent(Manifest.fileName))
        try Data(PageFolder.markerText.utf8).write(to: goldens.appendingPathComponent(PageFolder.markerName))
        return goldens
    }

    static func tree(_ root: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: root.path)!
        while let rel = e.nextObject() as? String {
            out[rel] = FileManager.default.contents(atPath: root.appendingPathComponent(rel).path) ?? Data()
        }
        return out
    }

    /// gallery -o G with a planted marker deleted every golden; verify --junit / --report wrote into them.
    @Test(arguments: [
        ["gallery", "--filter", HostileCaseTests.filter, "--goldens", "G", "-o", "G"],
        ["gallery", "--filter", HostileCaseTests.filter, "--goldens", "G", "-o", "."],
        ["verify", "--filter", HostileCaseTests.filter, "--goldens", "G", "--junit", "G/manifest.json"],
        ["verify", "--filter", HostileCaseTests.filter, "--goldens", "G", "--report", "G/rep"],
        ["verify", "--filter", HostileCaseTests.filter, "--goldens", "G", "--html", "link-to-G/page"],
        // (The bundled fonts are compiled into the binary, so Fonts/ is no input of a run.)
        [
            "render", "--fixture", HostileCaseTests.realEntry, "--root", PackagePaths.root.path, "-o",
            PackagePaths.knownFindings.path,
        ],
    ])
    func anOutputOverAnInputIsRefusedBeforeAnyWork(args: [String]) throws {
        let dir = try Self.scratch()
        defer { dir.remove() }
        let goldens = try Self.plantedGoldens(in: dir.url)
        try FileManager.default.createSymbolicLink(
            atPath: dir.url.appendingPathComponent("link-to-G").path, withDestinationPath: goldens.path)
        let before = Self.tree(dir.url)
        let r = try Self.evidence(args, in: dir.url)
        expectTrue(r.code == 2, "\(args): \(r.err)")
        expectTrue(r.errLines.count == 1)
        expectTrue(r.err.contains("which this command reads"), "\(r.err)")
        expectTrue(Self.tree(dir.url) == before)
        expectTrue(!FileManager.default.fileExists(atPath: PackagePaths.fonts.appendingPathComponent("x.png").path))
    }

    @Test func theRelationsAreIsHoldsAndLiesInside() throws {
        let inputs = [
            ProtectedInput("the goldens folder", "/r/G"), ProtectedInput("the known-findings file", "/r/k.json"),
        ]
        for bad in ["/r/G", "/r", "/r/G/x/y", "/r/k.json", "/", "/r/G/../G"] {
            #expect(throws: InputError.self, "\(bad)") {
                try ProtectedInput.check(output: bad, flag: "-o", against: inputs)
            }
        }
        for fine in ["/r/G2", "/r/report", "/r/k.json.bak", "/q"] {
            try ProtectedInput.check(output: fine, flag: "-o", against: inputs)
        }
    }

    /// A page folder is replaced only when its marker is one evidence wrote and it holds only what a page holds.
    @Test func aPlantedMarkerProvesNothing() throws {
        let dir = try Self.scratch()
        defer { dir.remove() }
        let page = dir.url.appendingPathComponent("page")
        try FileManager.default.createDirectory(
            at: page.appendingPathComponent("img/a"), withIntermediateDirectories: true)
        try Data("x".utf8).write(to: page.appendingPathComponent("img/a/b.png"))
        try Data("<html>".utf8).write(to: page.appendingPathComponent("index.html"))
        try Data("planted".utf8).write(to: page.appendingPathComponent(PageFolder.markerName))
        #expect(throws: InputError.self) { try PageFolder.checkReplaceable(page, workingDirectory: "/") }
        try Data(PageFolder.markerText.utf8).write(to: page.appendingPathComponent(PageFolder.markerName))
        try PageFolder.checkReplaceable(page, workingDirectory: "/")
        for intruder in ["main.swift", "manifest.json", "img/notes.txt"] {
            let url = page.appendingPathComponent(intruder)
            try Data("x".utf8).write(to: url)
            #expect(throws: InputError.self, "\(intruder)") {
                try PageFolder.checkReplaceable(page, workingDirectory: "/")
            }
            // verify writes into it (it replaces nothing), so a file a CI put there does not block it.
            try PageFolder.checkReplaceable(page, replacing: false, workingDirectory: "/")
            try FileManager.default.removeItem(at: url)
        }
    }

    // MARK: Bounded work

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        func be(_ v: UInt32) -> [UInt8] {
            [UInt8(v >> 24), UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)]
        }
        let body = Array(type.utf8) + data
        return be(UInt32(data.count)) + body + be(cpngCRC(body))
    }
    static func cpngCRC(_ b: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in b {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        }
        return ~crc
    }

    /// Inflation stops at the rows IHDR declares: libpng reads nothing after them — not the rest of
    /// the IDAT stream (here a second IDAT of bytes that are no deflate data), not the chunks after
    /// it (here an unknown critical chunk, which libpng refuses when it reads it) — so a golden padded
    /// with gigabytes of deflated zeros costs nothing. The chunk walk has checked every chunk's
    /// length and CRC. Before: png_read_end read on, inflating it all, and refused this file.
    @Test func inflationStopsAtTheDeclaredRows() throws {
        // zlib header and one stored block (not final) holding the 1×1 RGBA row.
        let row: [UInt8] = [0, 0x10, 0x20, 0x30, 0xFF]
        let stored: [UInt8] = [0x78, 0x01, 0x00, 0x05, 0x00, 0xFA, 0xFF] + row
        let ihdr: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
        let png =
            PNGCodec.signature + Self.chunk("IHDR", ihdr) + Self.chunk("IDAT", stored)
            + Self.chunk("IDAT", [0xFF, 0xFF, 0xFF, 0xFF]) + Self.chunk("ZZZZ", [1]) + Self.chunk("IEND", [])
        let image = try PNGCodec.decode(png, name: "long.png")
        expectTrue(image.pixels == [0x10, 0x20, 0x30, 0xFF])
    }

    /// The work is bounded by the declared rows, not by the IDAT stream: a 1×1 golden followed by
    /// 16 MB of deflated zeros (about 100 KB of compressed data) is decoded from its first piece.
    /// Before: the sequential reader's last png_read_row inflated all of it (png_read_finish_IDAT).
    @Test func aLongIDATStreamIsNotInflatedPastTheLastRow() throws {
        let compressed = deflatedZeros(afterRow: [0, 0x10, 0x20, 0x30, 0xFF], megabytes: 16)
        let ihdr: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]
        let png =
            PNGCodec.signature + Self.chunk("IHDR", ihdr) + Self.chunk("IDAT", compressed) + Self.chunk("IEND", [])
        expectTrue(png.count > 60_000)
        let header = try PNGCodec.validate(png, name: "long.png")
        let (image, fed) = try PNGCodec.decodeCountingInput(png, validated: header, name: "long.png")
        expectTrue(image.pixels == [0x10, 0x20, 0x30, 0xFF])
        expectTrue(fed <= 8192, "libpng was handed \(fed) of \(png.count) bytes")
        // An image whose data ends before its last row is still refused.
        let cut =
            PNGCodec.signature + Self.chunk("IHDR", [0, 0, 0, 1, 0, 0, 0, 2, 8, 6, 0, 0, 0])
            + Self.chunk("IDAT", [0x78, 0x01, 0x00, 0x05, 0x00, 0xFA, 0xFF, 0, 1, 2, 3, 4]) + Self.chunk("IEND", [])
        #expect(throws: InputError.self) { try PNGCodec.decode(cut, name: "cut.png") }
    }

    /// A zlib stream of `row` (a stored block) then `megabytes` of zeros: one fixed-Huffman block of
    /// a literal 0 and length-258, distance-1 copies (RFC 1951 §3.2.6), then its Adler-32.
    private func deflatedZeros(afterRow row: [UInt8], megabytes: Int) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01, 0x00, UInt8(row.count), 0x00, ~UInt8(row.count), 0xFF] + row
        var acc: UInt32 = 0
        var used = 0
        func bits(_ value: UInt32, _ n: Int) {  // LSB first
            acc |= value << used
            used += n
            while used >= 8 {
                out.append(UInt8(acc & 0xFF))
                acc >>= 8
                used -= 8
            }
        }
        func code(_ value: UInt32, _ n: Int) {  // Huffman codes go most significant bit first
            var r: UInt32 = 0
            for i in 0..<n where value & (1 << i) != 0 { r |= 1 << (n - 1 - i) }
            bits(r, n)
        }
        let zeros = megabytes << 20
        bits(1, 1)
        bits(1, 2)  // final block, fixed Huffman
        code(0x30, 8)  // literal 0
        for _ in 0..<((zeros - 1) / 258) {
            code(0xC5, 8)
            code(0, 5)
        }  // length 258 (code 285), distance 1
        for _ in 0..<((zeros - 1) % 258) { code(0x30, 8) }
        code(0, 7)  // end of block
        if used > 0 { out.append(UInt8(acc & 0xFF)) }
        var a: UInt32 = 1
        var b: UInt32 = 0
        for byte in row {
            a = (a + UInt32(byte)) % 65521
            b = (b + a) % 65521
        }
        b = UInt32((UInt64(b) + UInt64(a) * UInt64(zeros)) % 65521)
        let adler = b << 16 | a
        return out + [UInt8(adler >> 24), UInt8(adler >> 16 & 0xFF), UInt8(adler >> 8 & 0xFF), UInt8(adler & 0xFF)]
    }

    /// An element with 100,000 attributes took over 150 s in libxml2 (its duplicate check is quadratic).
    @Test func anAttributeStormIsRefusedBeforeParsing() throws {
        func file(_ attributes: Int) -> [UInt8] {
            Array(
                ("<resources><color name=\"a\" " + (0..<attributes).map { "a\($0)=\"=\"" }.joined(separator: " ")
                    + ">#FF000000</color></resources>").utf8)
        }
        expectTrue(try ResourceXML.colors(file(XMLShape.maxAttributesPerElement - 1), file: "v.xml").count == 1)
        #expect(throws: InputError.self) { try ResourceXML.colors(file(100_000), file: "v.xml") }
        do { _ = try ResourceXML.colors(file(XMLShape.maxAttributesPerElement + 1), file: "v.xml") } catch {
            expectTrue(error.problem.contains("more than \(XMLShape.maxAttributesPerElement) attributes"))
        }
        let deep = Array(
            ("<resources>" + String(repeating: "<a>", count: 70) + String(repeating: "</a>", count: 70)
                + "</resources>")
                .utf8)
        #expect(throws: InputError.self) { try XMLShape.check(deep, file: "v.xml") }
        // Comments, CDATA and quoted values holding '<', '>' and '=' are not counted.
        try XMLShape.check(
            Array("<resources><!-- <a b=c> --><![CDATA[<x=y>]]><color name=\"a>=b\">#FFF</color></resources>".utf8),
            file: "v.xml")
        // The bundled files are far inside every bound.
        for f in [AndroidTokens.lightFile, AndroidTokens.nightFile] {
            try XMLShape.check(
                try readFile(atPath: PackagePaths.tokens.appendingPathComponent("android/res/" + f).path), file: f)
        }
    }

    /// Did-you-mean on a 16,000-character key took 25 s: a word the lengths rule out is never compared.
    @Test func aSuggestionIsNotSearchedForAWordLongerThanEveryCandidate() throws {
        let long = Array(String(repeating: "a", count: 16_000))
        expectTrue(Suggestion.distance(long, Array("android/small"), within: 3) == nil)
        expectTrue(Suggestion.distance(Array("verfy"), Array("verify"), within: 1) == 1)
        expectTrue(try Suggestion.nearest(String(long), among: FixtureCatalog.keys(matching: nil)) == nil)
        expectTrue(Suggestion.nearest("verfiy", among: ["verify", "record"]) == "verify")
    }

    // MARK: Right words and codes

    /// fontScale (Android's) matched every iOS render, textSize (iOS's) every Android one.
    @Test func aConditionAPlatformLacksNeverMatchesIt() throws {
        let resolved = resolveWidget(snapshot: nil, asOf: Scenario.asOf, timeZone: Scenario.timeZone)
        let ios = RenderFacts(family: .ios(.systemSmall), resolved: resolved, size: Size(170, 170))
        let android = RenderFacts(family: .android(.small), resolved: resolved, size: Size(110, 130))
        expectTrue(!KnownConditions(fontScale: [1, 1]).matches(ios))
        expectTrue(KnownConditions(fontScale: [1, 1]).matches(android))
        expectTrue(!KnownConditions(textSize: [.large]).matches(android))
        expectTrue(KnownConditions(textSize: [.large]).matches(ios))
        let entry =
            #"{"findings":[{"conditions":{"platform":"ios","fontScale":[1,1]},"kind":"truncated","node":"*","#
            + #""seed":"000"}]}"#
        #expect(throws: InputError.self) { try KnownFindings.parse(Array(entry.utf8), name: "k.json") }
        let both =
            #"{"findings":[{"conditions":{"fontScale":[1,1],"textSize":["large"]},"kind":"truncated","node":"*","#
            + #""seed":"000"}]}"#
        #expect(throws: InputError.self) { try KnownFindings.parse(Array(both.utf8), name: "k.json") }
    }

    /// libxml2 printed three raw lines ("encoding error : input conversion failed …", "I/O error :
    /// encoder error") before evidence's own line for text its declared encoding cannot convert.
    @Test func libxml2sMessagesAreInTheOneLine() throws {
        let dir = try Self.scratch()
        defer { dir.remove() }
        for sub in ["values", "values-night"] {
            let folder = dir.url.appendingPathComponent("res/\(sub)")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            // Bytes BIG5 cannot convert: iconv's complaint went through libxml2's generic handler.
            try Data(
                Array("<?xml version=\"1.0\" encoding=\"BIG5\"?>\n<resources><color name=\"widget_ink\">#FF".utf8) + [
                    0xFF, 0xFE,
                ]
                    + Array("000000</color></resources>\n".utf8)
            )
            .write(to: folder.appendingPathComponent("colors_widget.xml"))
        }
        let r = try Self.evidence(["contrast", "--android-res", "res"], in: dir.url)
        expectTrue(r.code == 2)
        expectTrue(r.errLines.count == 1, "\(r.err)")
        expectTrue(r.err.contains("input conversion failed"), "\(r.err)")
    }

    /// The report folder is marked before its first image: a run stopped part-way left an unmarked
    /// folder that blocked every later run (the marker was written after the whole run).
    @Test func theReportFolderIsMarkedBeforeItsFirstImage() throws {
        let dir = try Self.scratch()
        defer { dir.remove() }
        let report = dir.url.appendingPathComponent("report")
        let image = RGBAImage(width: 1, height: 1, pixels: [1, 2, 3, 255])
        var outcome = Verifier.FixtureOutcome(key: "android/small/x")
        outcome.failures = [GateFailure(key: "android/small/x", kind: .pixels, detail: "d")]
        outcome.actual = image
        Verifier.writeReport(&outcome, to: report, comparator: .exact)
        expectTrue(outcome.reportError == nil)
        expectTrue(
            FileManager.default.contents(atPath: report.appendingPathComponent(PageFolder.markerName).path)
                == Data(PageFolder.markerText.utf8))
        try PageFolder.checkReplaceable(report, workingDirectory: "/")
    }

    // MARK: A result that judged nothing is not a pass

    static func result(
        matrix keys: [String], passed: [String], checks: [String]? = ResultFile.expectedChecks, filter: String? = nil
    ) -> VerifyResult {
        let env = RendererEnvironment(cairo: "c", freetype: "f", harfbuzz: "h", libpng: "p", zlib: "z", fonts: [:])
        var r = VerifyResult(
            run: RunInfo(matrix: RunInfo.matrixID(keys), environment: env, filter: filter, checks: checks),
            passed: passed, failures: [], comparison: "exact", fastPath: 0, reportDirectory: nil)
        r.cases = passed.map { CaseRecord(key: $0, id: nil, seconds: 0) }
        return r
    }

    /// `report --from` exited 0 for a whole-run result cut to 10 or 0 cases, and for shards with empty run.checks.
    @Test func aResultThatJudgedLessThanItsRunIsNotAPass() {
        let keys = (0..<12).map { "android/k\($0)" }
        func failures(_ r: VerifyResult) -> [GateFailure] {
            ResultFile.coverageFailures(r, catalog: { MatrixIndex(keys: keys, entries: keys) })
        }
        expectTrue(failures(Self.result(matrix: keys, passed: keys)).isEmpty)
        expectTrue(failures(Self.result(matrix: keys, passed: Array(keys.prefix(10)))).count == 1)
        expectTrue(failures(Self.result(matrix: keys, passed: [])).first?.kind == .selfCheck)
        expectTrue(failures(Self.result(matrix: keys, passed: keys, checks: [])).count == 1)
        expectTrue(failures(Self.result(matrix: keys, passed: keys, checks: nil)).count == 1)
        var noRun = Self.result(matrix: keys, passed: keys)
        noRun.run = nil
        expectTrue(failures(noRun).count == 1)
        // A filtered run covers its filter's keys of the catalog, when the matrix is this catalog's.
        let some = keys.filter { Glob.matches("android/k1*", $0) }
        expectTrue(failures(Self.result(matrix: keys, passed: some, filter: "android/k1*")).isEmpty)
        expectTrue(
            failures(Self.result(matrix: keys, passed: Array(some.dropLast()), filter: "android/k1*")).count == 1)
        // Of another matrix: at least one key, each inside the filter.
        let other = ["ios/a", "ios/b"]
        expectTrue(failures(Self.result(matrix: other, passed: ["ios/a"], filter: "ios/*")).isEmpty)
        expectTrue(failures(Self.result(matrix: other, passed: [], filter: "ios/*")).count == 1)
        // A known part (a shard) is judged at the merge; a run-wide refusal already fails.
        var shard = Self.result(matrix: keys, passed: [])
        shard.shard = "1/4"
        expectTrue(failures(shard).isEmpty)
    }

    /// A matrix with case files: each case's line carries its file's hash. A whole green run of
    /// such a matrix failed `report` ("judged 2048 fixtures, not the whole matrix"), and a filtered
    /// result cut to 3 of its 20 fixtures passed (the catalog's keys never matched its matrix).
    @Test func coverageIsJudgedWithTheCaseFilesHashes() {
        let keys = (0..<6).map { "android/k\($0)" } + ["cases/reported/a", "cases/reported/b"]
        let digests = ["cases/reported/a": "d1", "cases/reported/b": "d2"]
        let entries = keys.map { RunInfo.matrixEntry(key: $0, caseDigest: digests[$0]) }
        func result(passed: [String], filter: String? = nil, caseDigests: [String: String]? = digests) -> VerifyResult {
            var r = Self.result(matrix: keys, passed: passed, filter: filter)
            r.run?.matrix = RunInfo.matrixID(entries)
            r.run?.cases = caseDigests
            return r
        }
        let catalog = { MatrixIndex(keys: keys, entries: entries) }
        func failures(_ r: VerifyResult) -> [GateFailure] { ResultFile.coverageFailures(r, catalog: catalog) }
        expectTrue(failures(result(passed: keys)).isEmpty)
        expectTrue(failures(result(passed: Array(keys.dropLast()))).count == 1)
        expectTrue(
            failures(result(passed: keys, caseDigests: ["cases/reported/a": "d1", "cases/reported/b": "edited"])).count
                == 1)
        let some = keys.filter { Glob.matches("android/*", $0) }
        expectTrue(failures(result(passed: some, filter: "android/*")).isEmpty)
        expectTrue(failures(result(passed: Array(some.prefix(3)), filter: "android/*")).count == 1)
    }
}
