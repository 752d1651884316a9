import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The review side without a browser: key parts, shards, record modes, JUnit, annotations,
/// escaping, the timeline's moments, and rebuilding the page from a saved result.
@Suite(.serialized) struct ReviewTests {
    let painter = CairoPainter(fonts: .shared)
    let catalog = StarterCatalog.fixtures()

    func tempDir() -> URL {
        let u = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-review-\(UUID().uuidString)")
        try! FileManager.default.createDirectory(at: u, withIntermediateDirectories: true)
        return u
    }
    func options(_ dir: URL, jobs: Int = 2, shard: Shard? = nil, mode: RecordMode = .changed) -> GateOptions {
        var o = GateOptions(goldens: dir, jobs: jobs, comparison: .automatic)
        o.shard = shard
        o.recordMode = mode
        return o
    }
    func files(_ dir: URL) -> [String: Data] {
        var out: [String: Data] = [:]
        let e = FileManager.default.enumerator(atPath: dir.path)!
        while let rel = e.nextObject() as? String {
            var isDir: ObjCBool = false
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(rel).path, isDirectory: &isDir),
                !isDir.boolValue
            {
                out[rel] = FileManager.default.contents(atPath: dir.appendingPathComponent(rel).path)
            }
        }
        return out
    }

    // MARK: key parts

    @Test func keyPartsComeFromTheFixturesTypedIdentity() {
        let k = KeyParts("android/medium/default-some-extended/stones/kindling/dark")
        expectTrue(
            k.platform == "android" && k.family == "medium" && k.state == "default-some-extended"
                && k.area == "android/medium")
        expectTrue(k.facets == ["motif": "stones", "body": "kindling", "theme": "dark"])
        expectTrue(
            KeyParts("android/small/default-none-baseline/any-motif/legacy/light").facets["motif"] == "any-motif")
        let two = FixtureID(
            family: .android(.small), state: .empty, motifs: Cover<StreakMotif>([.stones, .flame]),
            bodies: .one(.kindling), theme: .light)
        expectTrue(KeyParts(two).facets["motif"] == "stones+flame")
        var tinted = FixtureID(
            family: .ios(.systemSmall), state: .allDone, branch: .notyet, motifs: .one(.flame), bodies: .one(.legacy),
            theme: .dark)
        tinted.hostMode = .tinted
        let ios = KeyParts(tinted)
        expectTrue(ios.platform == "ios" && ios.family == "systemSmall" && ios.state == "all-done-notyet")
        expectTrue(ios.facets == ["motif": "flame", "body": "legacy", "theme": "dark", "host-mode": "tinted"])
        let band = KeyParts("android/bands/width/w110-fs1.0/1-digit")
        expectTrue(
            band.facets.isEmpty && band.family == "bands" && band.state == "width"
                && band.variants == ["w110-fs1.0", "1-digit"])
        // A key no fixture has (a stale golden) is never taken apart: it has no facets and groups as stale.
        let stale = KeyParts("android/medium/retired-state/stones/kindling/dark")
        expectTrue(stale.area == "stale" && stale.facets.isEmpty)
    }

    // MARK: shards

    @Test func shardsPartitionTheWholeMatrixOnceWhateverTheOrder() throws {
        let all = try ListCommand.keys(filter: nil, shard: nil)
        var union: [String] = []
        for i in 1...4 { union += try ListCommand.keys(filter: nil, shard: Shard(index: i, count: 4)) }
        expectTrue(union.count == all.count)
        expectTrue(Set(union) == Set(all))
        // Membership depends on the key alone: the same answer in any order.
        let shuffled = all.shuffled()
        for i in 1...4 {
            let s = Shard(index: i, count: 4)
            expectTrue(Set(shuffled.filter(s.contains)) == Set(all.filter(s.contains)))
            expectTrue(!all.filter(s.contains).isEmpty)
        }
    }

    @Test(arguments: ["0/4", "5/4", "1/0", "x/4", "1/4/2", "", "2"])
    func badShardIsAnInputError(text: String) {
        #expect(throws: InputError.self) { try Shard.parse(text) }
    }

    @Test func verifyShardChecksExactlyItsKeysUnderOneOrTwoJobs() throws {
        let filter = "android/bands/width/*"
        let keys = try FixtureCatalog.filtered(filter).map(\.key)
        var covered: [String] = []
        for i in 1...4 {
            let shard = Shard(index: i, count: 4)
            var results: [[String]] = []
            for jobs in [1, 2] {
                var o = GateOptions(goldens: PackagePaths.goldens, filter: filter, jobs: jobs, comparison: .automatic)
                o.shard = shard
                let v = try Verifier.verify(o, catalog: try FixtureCatalog.load(), painter: painter)
                expectTrue(v.failures.isEmpty)
                expectTrue(v.shard == "\(i)/4")
                results.append(v.passed)
            }
            expectTrue(results[0] == results[1])
            expectTrue(Set(results[0]) == Set(keys.filter(shard.contains)))
            covered += results[0]
        }
        expectTrue(covered.sorted() == keys.sorted())
    }

    @Test func onlyShardOneJudgesOrphans() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent(catalog[0].goldenPath), to: dir.appendingPathComponent("starter/orphan.png"))
        var stale: [Int: [String]] = [:]
        var checked: [String] = []
        for i in 1...3 {
            let v = try Verifier.verify(
                options(dir, shard: Shard(index: i, count: 3)), catalog: catalog, painter: painter)
            stale[i] = v.failures.filter { $0.kind == .stale }.map(\.key)
            checked += v.passed
        }
        expectTrue(stale[1] == ["starter/orphan"] && stale[2] == [] && stale[3] == [])
        expectTrue(checked.sorted() == catalog.map(\.key).sorted())
        // Record on shard 2 does not judge the orphan; shard 1 does, and (it never wrote that file,
        // so the manifest cannot prove it is ours) leaves it alone and says so.
        let r2 = try Recorder.record(options(dir, shard: Shard(index: 2, count: 3)), catalog: catalog, painter: painter)
        expectTrue(r2.leftAlone.isEmpty)
        let r = try Recorder.record(options(dir, shard: Shard(index: 1, count: 3)), catalog: catalog, painter: painter)
        expectTrue(r.removed.isEmpty && r.leftAlone.count == 1 && r.leftAlone[0].hasPrefix("starter/orphan.png"))
        expectTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent("starter/orphan.png").path))
        // A golden the manifest does not list but a fixture owns is its fixture's shard's business, never deleted as an
        // orphan.
        let owned = catalog.first { !Shard(index: 1, count: 3).contains($0.key) }!
        var manifest = try #require(try Manifest.load(from: dir))
        manifest.goldens[owned.key] = nil
        try Data(manifest.encoded()).write(to: dir.appendingPathComponent(Manifest.fileName))
        let again = try Recorder.record(
            options(dir, shard: Shard(index: 1, count: 3)), catalog: catalog, painter: painter)
        expectTrue(again.removed.isEmpty)
        expectTrue(FileManager.default.fileExists(atPath: dir.appendingPathComponent(owned.goldenPath).path))
    }

    /// A link in the goldens is reported once across the shards (review item 3: every shard reported
    /// every link, so `report` refused to merge them): a stray link by slice 1, a link at a
    /// fixture's golden by that fixture's shard, as `unreadable`.
    @Test func aLinkInTheGoldensIsReportedByOneShardSoShardsMerge() throws {
        let dir = tempDir()
        let results = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let fm = FileManager.default
        try fm.createSymbolicLink(
            at: dir.appendingPathComponent("starter/zz-link.png"),
            withDestinationURL: URL(fileURLWithPath: "/etc/hostname"))
        let linked = catalog[1]
        try fm.removeItem(at: dir.appendingPathComponent(linked.goldenPath))
        try fm.createSymbolicLink(
            at: dir.appendingPathComponent(linked.goldenPath), withDestinationURL: URL(fileURLWithPath: "/etc/hostname")
        )
        var reported: [String: [Int]] = [:]
        for i in 1...3 {
            let v = try Verifier.verify(
                options(dir, shard: Shard(index: i, count: 3)), catalog: catalog, painter: painter)
            for f in v.failures { reported[f.key, default: []].append(i) }
            try JSONEncoder().encode(v).write(to: results.appendingPathComponent("r\(i).json"))
        }
        let owner = (1...3).first { Shard(index: $0, count: 3).contains(linked.key) }!
        expectTrue(reported == ["starter/zz-link.png": [1], linked.key: [owner]])
        let merged = try ResultFile.merge(
            (1...3).map { try ResultFile.load(results.appendingPathComponent("r\($0).json").path) })
        expectTrue(merged.shard == nil)
        expectTrue(merged.failures.filter { $0.kind != .selfCheck }.map(\.kind) == [.unreadable, .unreadable])
        // These runs applied no checks, so the merge is judged as not a pass (issue #34).
        expectTrue(
            merged.failures.filter { $0.kind == .selfCheck }.map(\.detail).allSatisfy { $0.contains("lists no checks") }
        )
    }

    /// Review item 4: a sharded gate never ran the self-check (a shard does not judge it, and the
    /// merge did not either). Merged shards covering 1…n judge it as the whole run does.
    @Test func mergedShardsJudgeTheSelfCheckAsAWholeRunDoes() throws {
        let textless = catalog.map { f in
            Fixture(key: f.key) { fonts in
                var s = f.makeScene(fonts)
                s.nodes.removeAll { if case .text = $0.content { true } else { false } }
                return s
            }
        }
        let dir = tempDir()
        let results = tempDir()
        var o = options(dir)
        o.checks = CheckRegistry.renderChecks
        _ = try Recorder.record(o, catalog: textless, painter: painter)
        let whole = try Verifier.verify(o, catalog: textless, painter: painter).failures.filter {
            $0.kind == .selfCheck
        }
        expectTrue(
            whole.contains { $0.detail.hasPrefix("the truncation check found nothing") }
                && whole.contains { $0.detail.hasPrefix("the glyphs check found nothing") },
            "\(whole.map(\.detail))")
        for i in 1...2 {
            o.shard = Shard(index: i, count: 2)
            let v = try Verifier.verify(o, catalog: textless, painter: painter)
            expectTrue(!v.failures.contains { $0.kind == .selfCheck }, "a shard alone does not judge it")
            try JSONEncoder().encode(v).write(to: results.appendingPathComponent("r\(i).json"))
        }
        let files = try (1...2).map { try ResultFile.load(results.appendingPathComponent("r\($0).json").path) }
        let merged = try ResultFile.merge(files)
        expectTrue(merged.failures.filter { $0.kind == .selfCheck } == whole)
        expectTrue(merged.cases.contains { $0.key == CheckRegistry.selfCheckKey })
        expectTrue(
            try ReportCommand.run(["--from", results.path, "-o", tempDir().appendingPathComponent("page").path]) == 1)
        // One shard of two does not cover the matrix: not judged.
        expectTrue(try ResultFile.merge([files[0]]).failures.allSatisfy { $0.kind != .selfCheck })
        // Each shard recorded its counts; the merge sums them.
        expectTrue(files.map { $0.result.run?.applied?.renders ?? 0 }.reduce(0, +) == textless.count)
        expectTrue(
            merged.run?.applied?.checks[TruncationCheck.gateCheck.name] == 0
                && merged.run?.applied?.checks[ClipCheck.gateCheck.name] == textless.count)
        // A result of an older tool (no counts) still reads and merges, unjudged.
        var old = files
        old[1].result.run?.applied = nil
        let unjudged = try ResultFile.merge(old)
        expectTrue(
            unjudged.shard == nil && unjudged.run?.applied == nil
                && unjudged.failures.allSatisfy { $0.kind != .selfCheck })
    }

    /// Review item 8: a fixture with an identity drawn without facts (a hand-built scene, not a
    /// builder's) was skipped by lost-meaning and known findings' conditions without a word.
    @Test func aFixtureWithAnIdentityButNoFactsFailsTheSelfCheck() throws {
        let id = FixtureID(family: .android(.small), state: nil, motifs: nil, bodies: .one(.kindling), theme: .light)
        let starter = catalog[0]
        expectTrue(starter.draw(painter.fonts).facts == nil)
        let catalog = [Fixture(id: id, makeScene: { starter.makeScene($0) })]
        let dir = tempDir()
        var o = options(dir)
        o.checks = CheckRegistry.renderChecks
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        o.filter = id.key  // a filtered run: the finding is the fixture's own, not the whole run's
        let v = try Verifier.verify(o, catalog: catalog, painter: painter)
        let selfCheck = v.failures.filter { $0.kind == .selfCheck }
        expectTrue(selfCheck.map(\.key) == [id.key], "\(v.failures)")
        expectTrue(
            selfCheck.first?.detail.contains("\(id.key) was drawn without what it was asked to show") == true,
            "\(selfCheck)")
    }

    /// Review item 16: a golden whose size (or, under a perceptual comparison, pixels record never
    /// wrote) and words changed reported only the size or the pixels; the words' change rides on
    /// that failure's detail, as it does on a pixel diff's.
    @Test func theTextDifferenceRidesOnEverySizeAndPixelVerdict() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        var manifest = try #require(try Manifest.load(from: dir))
        for f in catalog.prefix(2) { manifest.goldens[f.key]?.visibleText = ["words the render no longer draws"] }
        try Data(manifest.encoded()).write(to: dir.appendingPathComponent(Manifest.fileName))
        // [0]: another size; [1]: one channel of one pixel off by one — perceptually the same, but not what record
        // wrote.
        try Data(PNGCodec.encode(RGBAImage(width: 10, height: 10, fill: .clear))).write(
            to: dir.appendingPathComponent(catalog[0].goldenPath))
        var nudged = try PNGCodec.decodeFile(atPath: dir.appendingPathComponent(catalog[1].goldenPath).path)
        nudged.pixels[(55 * nudged.width + 90) * 4] ^= 1
        try Data(PNGCodec.encode(nudged)).write(to: dir.appendingPathComponent(catalog[1].goldenPath))
        for comparison in [ComparisonChoice.automatic, .perceptual(threshold: 0.1)] {
            var o = options(dir)
            o.comparison = comparison
            let v = try Verifier.verify(o, catalog: catalog, painter: painter)
            let size = v.failures.filter { $0.key == catalog[0].key }
            expectTrue(
                size.map(\.kind) == [.size] && size.first?.detail.contains("visible text changed") == true,
                "\(comparison): \(size)")
            let pixels = v.failures.filter { $0.key == catalog[1].key }
            expectTrue(
                pixels.map(\.kind) == [.pixels] && pixels.first?.detail.contains("visible text changed") == true,
                "\(comparison): \(pixels)")
        }
    }

    /// Colour-alone compares pairs of renders, which a shard split apart: a pair whose two keys fell
    /// in different shards was compared by none. Each shard draws its filter's one-tint renders and
    /// judges the pairs whose blamed render is its own, so the shards together compare every pair
    /// exactly once — the same findings and counts as the whole run.
    @Test func shardsTogetherCompareEveryColourAlonePairOnce() throws {
        let filter = "ios/accessory*/*/waves/*"
        let catalog = try FixtureCatalog.load()
        var o = GateOptions(goldens: PackagePaths.goldens, filter: filter, jobs: 2, comparison: .automatic)
        o.colourAlone = true
        o.knownFindings = try KnownFindings.load(from: PackagePaths.knownFindings)
        let whole = try Verifier.verify(o, catalog: catalog, painter: painter)
        let wholeTally = try #require(whole.run?.applied?.colourAlone)
        expectTrue(!whole.known.isEmpty && wholeTally.meanings.values.reduce(0, +) > 0)
        var known: [String] = []
        var tallies: [CheckApplications?] = []
        for i in 1...4 {
            o.shard = Shard(index: i, count: 4)
            let v = try Verifier.verify(o, catalog: catalog, painter: painter)
            known += v.known.map(\.key) + v.failures.filter { $0.kind == .colourAlone }.map(\.key)
            tallies.append(v.run?.applied)
        }
        expectTrue(
            known.sorted()
                == (whole.known.map(\.key) + whole.failures.filter { $0.kind == .colourAlone }.map(\.key)).sorted())
        expectTrue(CheckApplications.sum(tallies)?.colourAlone == wholeTally)
    }

    // MARK: record modes

    @Test func recordModeMissingOnlyAddsAndAllRewritesEveryFile() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        // Move one golden (another fixture's pixels), delete one, add an orphan, pad one with bytes after IEND.
        let moved = catalog[0]
        let gone = catalog[1]
        let padded = catalog[2]
        try FileManager.default.removeItem(at: dir.appendingPathComponent(moved.goldenPath))
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent(catalog[4].goldenPath), to: dir.appendingPathComponent(moved.goldenPath))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(gone.goldenPath))
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent(catalog[5].goldenPath), to: dir.appendingPathComponent("starter/orphan.png"))
        let paddedURL = dir.appendingPathComponent(padded.goldenPath)
        try (Data(contentsOf: paddedURL) + Data([0, 0, 0, 0])).write(to: paddedURL)
        let before = files(dir)

        for mode in RecordMode.allCases {
            let dry = try Recorder.record(options(dir, mode: mode), catalog: catalog, painter: painter, dryRun: true)
            expectTrue(files(dir) == before, "dry run with --mode \(mode) wrote something")
            expectTrue(dry.added == [gone.key])
        }
        let missing = try Recorder.record(options(dir, mode: .missing), catalog: catalog, painter: painter)
        expectTrue(
            missing.added == [gone.key] && missing.moved.isEmpty && missing.removed.isEmpty
                && missing.heldBack == [moved.key])
        var after = files(dir)
        expectTrue(after[moved.goldenPath] == before[moved.goldenPath] && after["starter/orphan.png"] != nil)
        expectTrue(after[padded.goldenPath] == before[padded.goldenPath])

        let all = try Recorder.record(options(dir, mode: .all), catalog: catalog, painter: painter)
        // The orphan was never recorded, so no mode deletes it (#13): it is reported as left alone.
        expectTrue(all.moved.map(\.key) == [moved.key] && all.removed.isEmpty && all.leftAlone.count == 1)
        after = files(dir)
        expectTrue(after[padded.goldenPath] != before[padded.goldenPath], "--mode all rewrites even a same-pixel file")
        expectTrue(after[padded.goldenPath] == Data(PNGCodec.encode(painter.render(padded.makeScene(painter.fonts)))))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("starter/orphan.png"))
        expectTrue(try Verifier.verify(options(dir), catalog: catalog, painter: painter).failures.isEmpty)
    }

    @Test func recordModeFlagParses() throws {
        #expect(throws: InputError.self) {
            try ArgumentParser.parse(["--mode", "some"], valued: ["mode"], switches: [])
                .choice(RecordCommand.mode, RecordMode.allCases)
        }
        expectTrue(
            try ArgumentParser.parse(["--mode=all"], valued: ["mode"], switches: []).choice(
                RecordCommand.mode, RecordMode.allCases) == .all)
    }

    // MARK: CI outputs

    func damagedResult() throws -> VerifyResult {
        let dir = tempDir()
        let report = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[0].goldenPath))
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent(catalog[2].goldenPath), to: dir.appendingPathComponent(catalog[0].goldenPath)
        )
        try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[1].goldenPath))
        var o = options(dir)
        o.reportDirectory = report
        return try Verifier.verify(o, catalog: catalog, painter: painter)
    }

    @Test func junitIsValidXMLWithOneTestcasePerFixture() throws {
        var v = try damagedResult()
        v.failures[0].detail += " <&\"'> \u{1} ]]>"  // hostile text survives as data
        v.failures.append(
            GateFailure(key: v.failures[0].key, kind: .contrast, detail: "second finding", node: "status"))
        let xml = JUnitReport.render(v)
        let doc = try XMLDocument(data: Data(xml.utf8))
        let cases = try doc.nodes(forXPath: "//testcase").compactMap { $0 as? XMLElement }
        expectTrue(cases.count == catalog.count)
        expectTrue(Set(cases.compactMap { $0.attribute(forName: "name")?.stringValue }) == Set(catalog.map(\.key)))
        expectTrue(cases.allSatisfy { $0.attribute(forName: "time")?.stringValue?.contains(".") == true })
        // One failure per failing case, every finding (and its hint) in its text.
        let failures = try doc.nodes(forXPath: "//testcase/failure").compactMap { $0 as? XMLElement }
        expectTrue(failures.count == Set(v.failures.map(\.key)).count)
        let first = try doc.nodes(forXPath: "//testcase[@name='\(v.failures[0].key)']/failure").first as? XMLElement
        expectTrue(
            first?.stringValue?.contains("second finding") == true && first?.stringValue?.contains("fix: ") == true)
        expectTrue(first?.attribute(forName: "message")?.stringValue?.hasSuffix("(+1 more)") == true)
        expectTrue(try doc.nodes(forXPath: "//testcase/properties").isEmpty, "properties belong to the suite")
        let suite = try doc.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement
        expectTrue(suite?.attribute(forName: "tests")?.stringValue == "\(catalog.count)")
        expectTrue(suite?.attribute(forName: "failures")?.stringValue == "2")
        expectTrue(suite?.attribute(forName: "time") != nil)
        let props = try doc.nodes(forXPath: "/testsuites/testsuite/properties/property").compactMap {
            $0 as? XMLElement
        }
        .map { ($0.attribute(forName: "name")!.stringValue!, $0.attribute(forName: "value")!.stringValue!) }
        expectTrue(
            props.contains { $0 == ("tool", "evidence \(ToolVersion.current)") } && props.contains { $0.0 == "matrix" })
        try expectValidJUnit(xml)
    }

    /// The schemas a JUnit file must pass, through libxml2's xmllint: Jenkins' own junit-10.xsd
    /// (Fixtures/junit-10.xsd, byte-exact from jenkinsci/xunit-plugin at 8c515de, MIT, licence inside:
    /// src/main/resources/org/jenkinsci/plugins/xunit/types/model/xsd/junit-10.xsd), and our stricter
    /// transcription of it (Fixtures/junit.xsd: `time` required, one failure per testcase).
    static let junitSchemas = ["Fixtures/junit-10.xsd", "Fixtures/junit.xsd"].map {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent($0)
    }

    func expectValidJUnit(_ xml: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let xmllint = "/usr/bin/xmllint"
        guard FileManager.default.isExecutableFile(atPath: xmllint) else {
            Issue.record(
                "xmllint is not installed (scripts/ensure-deps.sh installs libxml2-utils)",
                sourceLocation: sourceLocation)
            return
        }
        let file = tempDir().appendingPathComponent("junit.xml")
        try Data(xml.utf8).write(to: file)
        for xsd in Self.junitSchemas {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: xmllint)
            p.arguments = ["--noout", "--schema", xsd.path, file.path]
            let err = Pipe()
            p.standardError = err
            p.standardOutput = FileHandle.nullDevice
            try p.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            p.waitForExit()
            expectTrue(
                p.terminationStatus == 0, "xmllint (\(xsd.lastPathComponent)): \(message)",
                sourceLocation: sourceLocation)
        }
    }

    @Test func junitOfEveryKindAndOfAnEmptyRunValidates() throws {
        var failures = FailureKind.allCases.map {
            GateFailure(key: "android/small/\($0.rawValue)/x", kind: $0, detail: "d \u{7}")
        }
        failures.append(GateFailure(key: "android/small/pixels/x", kind: .text, detail: "also the words"))
        let v = VerifyResult(
            passed: ["android/small/ok/x"], failures: failures, comparison: "exact", fastPath: 0, reportDirectory: nil)
        try expectValidJUnit(JUnitReport.render(v))
        try expectValidJUnit(
            JUnitReport.render(
                VerifyResult(passed: [], failures: [], comparison: "exact", fastPath: 0, reportDirectory: nil)))
        // The schema itself refuses what the old writer did: properties inside a testcase, no time.
        let old =
            "<testsuites><testsuite name=\"s\" tests=\"1\" failures=\"0\" errors=\"0\" time=\"0\"><testcase "
            + "name=\"k\"><properties/></testcase></testsuite></testsuites>"
        let file = tempDir().appendingPathComponent("old.xml")
        try Data(old.utf8).write(to: file)
        for xsd in Self.junitSchemas where FileManager.default.isExecutableFile(atPath: "/usr/bin/xmllint") {
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/xmllint")
            p.arguments = ["--noout", "--schema", xsd.path, file.path]
            p.standardError = FileHandle.nullDevice
            try p.run()
            p.waitForExit()
            expectTrue(p.terminationStatus != 0, "\(xsd.lastPathComponent) must refuse properties in a testcase")
        }
    }

    @Test func githubAnnotationsLandOnTheGoldenTenAtMost() throws {
        var v = try damagedResult()
        v.failures[0].detail = "50% off\nsecond line \u{1b}[31m"
        let lines = GitHubAnnotations.errorLines(v)
        expectTrue(lines.count == v.failures.count)
        expectTrue(
            lines.allSatisfy { $0.hasPrefix("::error file=Goldens/") && !$0.contains("\n") && !$0.contains("\u{1b}") })
        let f0 = lines.first { $0.contains(v.failures[0].key.replacingOccurrences(of: ":", with: "%3A") + "::") }!
        expectTrue(
            f0.contains(
                "file=Goldens/\(v.failures[0].key).png,title=evidence \(v.failures[0].kind.rawValue)%3A "
                    + "\(v.failures[0].key)::50%25 off%0Asecond line \\u{1b}[31m — "
            ))
        // Ten shown, the eleventh says how many more.
        v.failures = (0..<25).map {
            GateFailure(key: "android/small/s\($0)/x", kind: .pixels, detail: "1 pixels differ")
        }
        let many = GitHubAnnotations.errorLines(v)
        expectTrue(many.count == 11 && many[10].contains("15 more failures"))
        expectTrue(many.prefix(10).allSatisfy { $0.contains("file=Goldens/android/small/s") })
    }

    @Test func stepSummaryIsAMarkdownTable() throws {
        var v = try damagedResult()
        v.failures.append(GateFailure(key: "a|b`c", kind: .clipped, detail: "x | y", node: "status"))
        let md = GitHubAnnotations.summary(v, page: "report")
        expectTrue(md.hasPrefix("### ❌ evidence verify: 4 passed, 3 failed\n"))
        expectTrue(md.contains("| kind | failures | what to do |\n|---|---:|---|\n| clipped | 1 | a layout bug"))
        expectTrue(md.contains("| pixels | 1 |") && md.contains("| missing | 1 |"))
        expectTrue(md.contains("| `a\\|b'c` | clipped | x \\| y |"))
        expectTrue(md.contains("Report: `"))
        // Every row of each table has the header's column count (pipes inside cells are escaped).
        for line in md.split(separator: "\n") where line.hasPrefix("|") {
            let cols = line.replacingOccurrences(of: "\\|", with: "").filter { $0 == "|" }.count
            expectTrue(cols == 4 || cols == 5, "\(line)")
        }
    }

    /// The summary names `DIR/index.html` only when the run wrote that page (review item 10: it
    /// named one whenever there was a report folder, which without `--html` holds only images).
    @Test func theStepSummaryNamesThePageOnlyWhenOneWasWritten() throws {
        let v = try damagedResult()
        let images = try #require(v.reportDirectory)
        for html in [false, true] {
            let summary = tempDir().appendingPathComponent("summary.md")
            let page = tempDir().appendingPathComponent("page")
            let a = try ArgumentParser.parse(
                html ? ["--html", page.path] : [], valued: ReviewOutputs.valued, switches: [])
            let outputs = try ReviewOutputs.parse(a, environment: ["GITHUB_STEP_SUMMARY": summary.path])
            for h in outputs.handlers(console: ConsoleHandler(), json: true)
            where h is HTMLPageHandler || h is StepSummaryHandler {
                try h.handle(v)
            }
            let md = try String(contentsOf: summary, encoding: .utf8)
            if html {
                expectTrue(FileManager.default.fileExists(atPath: page.appendingPathComponent("index.html").path))
                expectTrue(md.contains("Report: `\(page.path)/index.html`"), "\(md)")
            } else {
                expectTrue(!md.contains("index.html"), "\(md)")
                expectTrue(md.contains("`\(images)`") && md.contains("actual / expected / diff PNGs"), "\(md)")
            }
        }
    }

    /// Review D1: the step summary followed a link (appending to its target) and blocked on a FIFO
    /// with no reader, and report declared its own --junit. The summary is opened append-only,
    /// never through a link, never waiting, and must be a regular file; report takes verify's flags.
    @Test func theStepSummaryNeverFollowsALinkAndReportSharesVerifysOutputs() throws {
        let v = try damagedResult()
        let dir = tempDir()
        let target = dir.appendingPathComponent("target.md")
        try Data("keep\n".utf8).write(to: target)
        let link = dir.appendingPathComponent("summary.md")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        #expect(throws: InputError.self) { try StepSummaryHandler(path: link.path, page: nil).handle(v) }
        expectTrue(try String(contentsOf: target, encoding: .utf8) == "keep\n")
        // A new file is made, an existing one appended to.
        let fresh = dir.appendingPathComponent("fresh.md")
        for _ in 0..<2 { try StepSummaryHandler(path: fresh.path, page: nil).handle(v) }
        expectTrue(
            try String(contentsOf: fresh, encoding: .utf8) == GitHubAnnotations.summary(v, page: nil)
                + GitHubAnnotations.summary(v, page: nil))
        // A FIFO nobody reads is an error at once, never a hang; a folder is refused.
        let fifo = dir.appendingPathComponent("fifo")
        expectTrue(mkfifo(fifo.path, 0o644) == 0)
        #expect(throws: InputError.self) { try StepSummaryHandler(path: fifo.path, page: nil).handle(v) }
        #expect(throws: InputError.self) { try StepSummaryHandler(path: dir.path, page: nil).handle(v) }
        expectTrue(ReportCommand.options.all.contains(ReviewOutputs.junit), "report's --junit is verify's declaration")
    }

    /// Review C: the "matched nothing" note named a conditions-based entry by its fixture glob, `*`
    /// for every one of them; it names it as its KNOWN line does.
    @Test func anUnmatchedEntryIsNamedAsItsKnownLine() throws {
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        let entry = try #require(known.entries.first { $0.fixture == "*" })
        var v = VerifyResult(passed: [], failures: [], comparison: "exact", fastPath: 0, reportDirectory: nil)
        // Only a run that rendered can say an entry matched nothing (issue #32).
        v.run = RunInfo(matrix: "m", environment: RendererEnvironment.current(), filter: nil)
        v.run?.applied = CheckApplications(renders: 1, checks: [:], colourAlone: nil)
        let notes = ConsoleHandler(knownFindings: KnownFindings(entries: [entry]), wholeRun: true).lines(v).filter {
            $0.hasPrefix("note: ")
        }
        expectTrue(
            notes == [
                "note: \(KnownFindings.fileName) entry \(entry.kind.rawValue) \(entry.conditions.summary) "
                    + "\(entry.node) matched nothing in this run; remove it if the render no longer needs it"
            ])
    }

    /// Review C: the page's checks table said "applied" for a check that was merely configured; it
    /// gives what each check found to read (`run.applied`), and "configured" for an older result.
    @Test func theChecksTableSaysWhatEachCheckFoundToRead() throws {
        let dir = tempDir()
        var o = options(dir)
        o.checks = CheckRegistry.renderChecks
        o.colourAlone = true
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        var v = try Verifier.verify(o, catalog: catalog, painter: painter)
        let table = HTMLReport.checksTable(v)
        expectTrue(table.contains("<td>applied to \(catalog.count) of \(catalog.count) renders</td>"), "\(table)")
        expectTrue(table.contains("<td>0 comparisons</td>"), "colour-alone: the starter cards are full colour")
        expectTrue(!table.contains(">applied<"))
        v.run?.applied = nil
        expectTrue(HTMLReport.checksTable(v).contains("<td>configured</td>"))
        v.run?.checks = nil
        expectTrue(HTMLReport.checksTable(v).contains("<td>not recorded</td>"))
    }

    /// Review E: the review side reads a key's identity, never the key — a Lock Screen accessory is
    /// drawn over the wallpaper because its family is one (not because its key has "/accessory" in
    /// it), and a case rebuilt for a key is classed by its family.
    @Test func theReviewSideReadsTheIdentityNotTheKey() throws {
        let accessory = try #require(FixtureCatalog.keys(matching: "ios/accessoryCircular/*").first)
        let home = try #require(FixtureCatalog.keys(matching: "ios/systemSmall/*").first)
        expectTrue(HTML.isVibrant(accessory) && !HTML.isVibrant(home))
        expectTrue(!HTML.isVibrant("starter/accessory/x"), "a key no fixture has is not taken apart")
        let v = VerifyResult(passed: [home], failures: [], comparison: "exact", fastPath: 0, reportDirectory: nil)
        expectTrue(ReviewOrder.cases(v).map(\.className) == ["ios.systemSmall"])
    }

    /// Review E: data JSON cannot hold was written as "{}", a page whose summary says N failed with
    /// no list under it; it is an error.
    @Test func pageDataJSONCannotHoldIsAnError() throws {
        #expect(throws: InputError.self) { try HTMLReport.json(["x": Double.nan]) }
        expectTrue(try HTMLReport.json(["a": "<"]) == #"{"a":"\u003c"}"#)
    }

    /// The page's JSON data (`<script type="application/json" id="data">`).
    func pageData(_ page: String) -> [String: Any] {
        guard let r = page.range(of: "<script type=\"application/json\" id=\"data\">"),
            let e = page[r.upperBound...].range(of: "</script>")
        else { return [:] }
        return (try? JSONSerialization.jsonObject(with: Data(page[r.upperBound..<e.lowerBound].utf8))) as? [String: Any]
            ?? [:]
    }
    /// The hints the page shows for `key`, as its script spells them out.
    func pageHints(_ page: String, key: String) -> [String] {
        let d = pageData(page)
        let hints = d["hints"] as? [String] ?? []
        let fixture = (d["f"] as? [[Any]])?.first { $0.first as? String == key }
        return (fixture?[3] as? [[Any]] ?? []).compactMap {
            ($0[4] as? Int).map { hints[$0].replacingOccurrences(of: "\u{0}", with: key) }
        }
        .reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
    }

    // MARK: accept hints

    /// pixels (a swapped golden), missing, an LFS pointer, a stale file, a stale manifest entry — from a real run.
    func hintResult() throws -> VerifyResult { try streamedRun(jobs: 2).result }

    @Test func theHintFitsTheKindAndIsTheSameEverywhere() throws {
        var v = try hintResult()
        let lastKey = catalog.last!.key
        func hint(_ key: String) -> String? { v.failures.first { $0.key == key }.map { AcceptHint.text($0) } }
        expectTrue(hint(catalog[0].key) == "after reviewing the render: evidence record --filter '\(catalog[0].key)'")
        expectTrue(
            hint(catalog[1].key)
                == "fetch the real file: git lfs pull (recording would replace it with an unreviewed render)")
        expectTrue(hint(catalog[3].key) == "after reviewing the render: evidence record --filter '\(catalog[3].key)'")
        expectTrue(
            hint("starter/zz-stray")
                == "delete it by hand: rm 'Goldens/starter/zz-stray.png' (record never recorded it, so it leaves it "
                + "alone)"
        )
        expectTrue(
            hint(lastKey) == "no fixture has this key: evidence record --filter '\(lastKey)' removes just this golden")
        // The checks' kinds say what to fix and never offer a record.
        for kind in [FailureKind.clipped, .truncated, .contrast, .colourAlone, .missingGlyph, .lostMeaning, .selfCheck]
        {
            let f = GateFailure(key: "k/\(kind.rawValue)", kind: kind, detail: "d")
            v.failures.append(f)
            expectTrue(!AcceptHint.text(f).contains("evidence record"), "\(kind)")
            expectTrue(kind == .selfCheck || AcceptHint.text(f).hasSuffix("do not re-record"), "\(kind)")
        }
        expectTrue(
            AcceptHint.text(GateFailure(key: "a/b", kind: .unreadable, detail: "bad CRC"))
                == "restore it from git: git checkout -- 'Goldens/a/b.png' (do not record over a golden you cannot "
                + "read)"
        )
        // One text on the console, the page, JUnit and the annotations.
        let console = ConsoleHandler().lines(v).joined(separator: "\n")
        let page = try HTMLReport.render(v)
        let junit = JUnitReport.render(v)
        var all = v
        all.failures = Array(v.failures.prefix(GitHubAnnotations.shown))
        let annotations = GitHubAnnotations.errorLines(all).joined(separator: "\n")
        for f in v.failures {
            let text = AcceptHint.text(f)
            expectTrue(console.contains("     fix: " + text), "console: \(f.kind)")
            expectTrue(pageHints(page, key: f.key).contains(text), "page: \(f.kind)")
            expectTrue(junit.contains(JUnitReport.xml(text)), "junit: \(f.kind)")
            if all.failures.contains(f) {
                expectTrue(annotations.contains(GitHubAnnotations.data(text)), "annotation: \(f.kind)")
            }
        }
        // The never-re-record kinds come first everywhere.
        let never: Set<FailureKind> = [
            .unreadable, .clipped, .truncated, .contrast, .colourAlone, .missingGlyph, .lostMeaning, .selfCheck,
        ]
        expectTrue(Set(ReviewOrder.kinds.prefix(never.count)) == never)
        let neverCount = v.failures.filter { never.contains($0.kind) }.count
        expectTrue(ReviewOrder.failures(v.failures).prefix(neverCount).allSatisfy { never.contains($0.kind) })
    }

    /// The page, JUnit and `verify --help` take the failure kinds and the checks from `FailureKind`
    /// and `CheckRegistry`: a kind or check added there appears in all three with no edit to them.
    @Test func kindsAndChecksComeFromTheRegistry() throws {
        var v = try hintResult()
        expectTrue(
            RunInfo.checkNames(CheckRegistry.renderChecks, acrossFixtures: true) == CheckRegistry.checks.map(\.name))
        let perRender = RunInfo.checkNames(CheckRegistry.renderChecks, acrossFixtures: false)
        expectTrue(perRender == CheckRegistry.checks.filter { $0.render != nil }.map(\.name))
        v.run?.checks = perRender
        let page = try HTMLReport.render(v)
        for k in FailureKind.allCases { expectTrue(page.contains(".k-\(k.rawValue) { background: #"), "\(k)") }
        let colours = FailureKind.allCases.prefix(HTMLReport.kindPalette.count).compactMap { k in
            page.range(of: ".k-\(k.rawValue) { background: ").map { String(page[$0.upperBound...].prefix(7)) }
        }
        expectTrue(Set(colours).count == colours.count, "each kind its own colour")
        for c in CheckRegistry.checks {
            expectTrue(
                page.contains(
                    "<td><code>\(c.name)</code></td><td><span class=\"kind "
                        + "k-\(c.kind.rawValue)\">\(c.kind.rawValue)</span></td>"
                ), "\(c.name)")
            expectTrue(page.contains(HTML.escape(c.reads)), "\(c.name)")
        }
        expectTrue(
            page.contains(
                "<td><code>colour-alone</code></td><td><span class=\"kind "
                    + "k-colour-alone\">colour-alone</span></td><td>verify, contrast</td><td>not run</td>"
            ))
        let junit = JUnitReport.render(v)
        expectTrue(junit.contains("<property name=\"checks\" value=\"\(perRender.joined(separator: " "))\"/>"))
        try expectValidJUnit(junit)
        let help = VerifyCommand.failureKindsHelp
        for k in FailureKind.allCases { expectTrue(help.contains(k.rawValue), "\(k)") }
        for c in CheckRegistry.checks {
            expectTrue(help.contains("  \(c.name) → \(c.kind.rawValue) (runs in "), "\(c.name)")
        }
    }

    @Test func resultJSONIsVersionedWithRunFactsAndRelativeFolders() throws {
        var v = try damagedResult()
        expectTrue(v.schema == "evidence-result/2")
        expectTrue(v.run?.matrix == RunInfo.matrixID(catalog.map(\.key).reversed()))
        expectTrue(v.cases.count == catalog.count && v.cases.allSatisfy { $0.seconds >= 0 })
        let a = try ArgumentParser.parse([], valued: ReviewOutputs.valued, switches: [])
        let outputs = try ReviewOutputs.parse(a, environment: ["GITHUB_SHA": "abc123"])
        v.reportDirectory = "/work/x/report"
        outputs.stamp(
            &v, startedAt: Date(timeIntervalSince1970: 0), seconds: 1.5,
            goldens: URL(fileURLWithPath: "/work/x/Goldens"), workingDirectory: "/work/x")
        expectTrue(v.reportDirectory == "report" && v.run?.goldens == "Goldens")
        expectTrue(v.run?.startedAt == "1970-01-01T00:00:00Z" && v.run?.seconds == 1.5 && v.run?.commit == "abc123")
        expectTrue(ReviewOutputs.relative("/elsewhere/r", to: "/work/x") == "/elsewhere/r")
        let decoded = try JSONDecoder().decode(VerifyResult.self, from: try JSONEncoder().encode(v))
        expectTrue(decoded.run == v.run && decoded.cases == v.cases)
        let empty = try ArgumentParser.parse(["--html", ""], valued: ReviewOutputs.valued, switches: [])
        #expect(throws: InputError.self) { try ReviewOutputs.parse(empty) }
    }

    @Test func reviewOutputsFollowTheEnvironment() throws {
        let a = try ArgumentParser.parse([], valued: ReviewOutputs.valued, switches: [])
        expectTrue(try ReviewOutputs.parse(a, environment: ["GITHUB_ACTIONS": "true"]).githubActions)
        expectTrue(try !ReviewOutputs.parse(a, environment: [:]).githubActions)
        expectTrue(try ReviewOutputs.parse(a, environment: ["GITHUB_STEP_SUMMARY": "/tmp/s"]).stepSummary == "/tmp/s")
        let summary = tempDir().appendingPathComponent("summary.md")
        let outputs = try ReviewOutputs.parse(a, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        let v = try damagedResult()
        let summaryHandlers = outputs.handlers(console: ConsoleHandler(), json: true).filter {
            $0 is StepSummaryHandler
        }
        expectTrue(summaryHandlers.count == 1)
        for h in summaryHandlers + summaryHandlers { try h.handle(v) }
        expectTrue(
            try String(contentsOf: summary, encoding: .utf8) == GitHubAnnotations.summary(v, page: nil)
                + GitHubAnnotations.summary(v, page: nil))
        let html = try VerifyCommand.options.parse(["--html", "/tmp/x", "--report", "/tmp/y"])
        #expect(throws: InputError.self) {
            try ReviewOutputs.parse(html).reportDirectory(html.given(GateArguments.report))
        }
    }

    // MARK: the page, without a browser

    @Test func htmlReportEscapesEverythingAndListsTheFailures() throws {
        let v = try HostileFixture.result(reportDirectory: tempDir())
        let page = try HTMLReport.render(v)
        expectTrue(!page.contains("<img src=x"))
        expectTrue(!page.contains("</script><"), "the data cannot close its script")
        expectTrue(page.contains("review/\\u003cimg src=x onerror=alert(1)>"))
        expectTrue((pageData(page)["f"] as? [[Any]])?.first?.first as? String == HostileFixture.key)
        expectTrue(
            pageHints(page, key: HostileFixture.key) == [AcceptHint.text(v.failures[0])]
                && AcceptHint.text(v.failures[0]).contains(HostileFixture.key))
        expectTrue(AcceptHint.recordCommand("a'b") == "evidence record --filter 'a'\\''b'")
    }

    /// A card with one text node spilling out of its container, in a colour too pale for its floor.
    @Test func clipAndContrastFindingsCarryNodeAndPixelBoxToThePage() throws {
        let card = Rect(x: 0, y: 0, width: 100, height: 60)
        let style = TextStyle.roboto(.regular, sp: 11, fontScale: 1)
        let bounds = Rect(x: 10, y: 40, width: 60, height: 30)
        let scene = Scene(
            size: Size(100, 60), density: 2, card: card,
            nodes: [
                SceneNode(
                    .card, on: .android, role: .decorative, token: "widget_card", bounds: card, container: card,
                    content: .rect(cornerRadius: 0, fill: .solid(.white))),
                SceneNode(
                    .habitRow(HabitRowElement(position: 0, habit: 0, done: false, isNextDue: true), .title),
                    on: .android, role: .text, token: "widget_ink", bounds: bounds,
                    container: Rect(x: 10, y: 10, width: 80, height: 40),
                    content: .text(
                        TextContent(
                            lines: ["Pale"], style: style, color: Color(r: 0xEE, g: 0xEE, b: 0xEE), lineHeight: 15))),
            ], accessibilityLabel: "")
        let image = painter.render(scene)
        let clipped = ClipCheck.gateCheck.run("t/k", scene, image, painter)
        let contrast = ContrastCheck.gateCheck.run("t/k", scene, image, painter)
        let box = PixelRect(x: 20, y: 80, width: 120, height: 60)
        expectTrue(!clipped.isEmpty && clipped.allSatisfy { $0.node == "habit-row-1.title" && $0.box == box })
        expectTrue(contrast.count == 1 && contrast[0].node == "habit-row-1.title" && contrast[0].box == box)
        let detail = FixtureDetail(
            key: "t/k", width: 200, height: 120, expectedText: nil, actualText: ["Pale"], expectedLabel: nil,
            actualLabel: "")
        var failures = clipped + contrast
        failures[0].artifacts = ["t/k/actual.png"]
        let page = try HTMLReport.render(
            VerifyResult(
                passed: [], failures: failures, comparison: "exact", fastPath: 0, reportDirectory: nil,
                details: [detail]))
        // The page's data carries each finding's node and box and the render's size (the script draws the boxes).
        let fixture = (pageData(page)["f"] as? [[Any]])?.first
        let findings = fixture?[3] as? [[Any]] ?? []
        expectTrue(
            findings.contains {
                $0[0] as? String == "clipped" && $0[1] as? String == "habit-row-1.title"
                    && ($0[3] as? [Int]) == [20, 80, 120, 60]
            })
        expectTrue(findings.contains { $0[0] as? String == "contrast" && ($0[3] as? [Int]) == [20, 80, 120, 60] })
        expectTrue((fixture?[4] as? [Any])?.prefix(2).compactMap { $0 as? Int } == [200, 120])
    }

    @Test func textDiffMarksOnlyWhatChanged() {
        let d = TextDiff.diff(["Add a stone", "12", "days"], ["Lay a stone", "12", "days"])
        expectTrue(d == [.removed("Add a stone"), .added("Lay a stone"), .same("12"), .same("days")])
        expectTrue(TextDiff.words("Objectuve. 12 day streak").joined() == "Objectuve. 12 day streak")
    }

    @Test func reportCommandRebuildsThePageFromSavedJSON() throws {
        let v = try damagedResult()
        let json = tempDir().appendingPathComponent("r.json")
        let enc = JSONEncoder()
        try enc.encode(v).write(to: json)
        let out = tempDir().appendingPathComponent("page")
        expectTrue(
            try ReportCommand.run(["--from", json.path, "-o", out.path]) == 1, "a result with failures never exits 0")
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        // The page of the result as report judges it: its run applied no checks, which is never a pass (issue #34).
        expectTrue(try page == HTMLReport.render(ResultFile.merge([ResultFile.load(json.path)])))
        for a in v.failures.flatMap(\.artifacts) {
            expectTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(a).path))
        }
        // Paths in the file are checked before anything is copied.
        var hostile = v
        hostile.failures[0].artifacts = ["../../escape/actual.png"]
        let hostileJSON = tempDir().appendingPathComponent("h.json")
        try enc.encode(hostile).write(to: hostileJSON)
        #expect(throws: InputError.self) { try ReportCommand.run(["--from", hostileJSON.path, "-o", tempDir().path]) }
        expectTrue(
            HTMLReport.isArtifactPath("android/small/x/actual.png") && !HTMLReport.isArtifactPath("/abs/actual.png")
                && !HTMLReport.isArtifactPath("a/./diff.png") && !HTMLReport.isArtifactPath("a/b/index.html")
                && !HTMLReport.isArtifactPath("actual.png"))
        let bad = tempDir().appendingPathComponent("bad.json")
        try Data("{}".utf8).write(to: bad)
        #expect(throws: InputError.self) { try ReportCommand.run(["--from", bad.path]) }
    }

    /// The run where the gate must be loudest — a check found nothing to read — still gets its page
    /// (review item 2: its '(self-check)' case key was refused as "not a fixture key").
    @Test func aResultThatFailedItsSelfCheckReadsBack() throws {
        var v = try damagedResult()
        let selfCheck = CheckRegistry.selfCheckFailures(unapplied: [ClipCheck.gateCheck.name], fixtures: catalog.count)
        v.failures += selfCheck
        v.cases += Verifier.orphanCases(selfCheck, judged: Set(v.cases.map(\.key)))
        expectTrue(v.cases.contains { $0.key == "(self-check)" })
        let json = tempDir().appendingPathComponent("r.json")
        try JSONEncoder().encode(v).write(to: json)
        let out = tempDir().appendingPathComponent("page")
        expectTrue(try ReportCommand.run(["--from", json.path, "-o", out.path]) == 1)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        expectTrue(page.contains("self-check"))
        // A fixture case under a hostile key is still refused.
        var hostile = v
        hostile.cases[0].key = "../x"
        try JSONEncoder().encode(hostile).write(to: json)
        #expect(throws: InputError.self) {
            try ReportCommand.run(["--from", json.path, "-o", tempDir().appendingPathComponent("p").path])
        }
    }

    // MARK: report --from: shards, bounds, containment

    /// Two shard results with their report folders, written into one folder the way CI would
    /// (`verify --shard i/2 --json > rI.json`, images in `reportI/`), and that folder's path.
    func shardResults() throws -> URL {
        let dir = tempDir()
        let ci = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        for i in [0, 3] {
            try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[i].goldenPath))
            try FileManager.default.copyItem(
                at: dir.appendingPathComponent(catalog[i + 1].goldenPath),
                to: dir.appendingPathComponent(catalog[i].goldenPath))
        }
        for i in 1...2 {
            var o = options(dir, shard: Shard(index: i, count: 2))
            o.reportDirectory = ci.appendingPathComponent("report\(i)")
            var r = try Verifier.verify(o, catalog: catalog, painter: painter)
            // as verify --json writes it from the folder it ran in
            r.reportDirectory = r.reportDirectory.map { _ in "report\(i)" }
            // These shards test merging, not checks: named as the CLI's run names them, since a run
            // that lists no checks is never a pass (issue #34).
            r.run?.checks = RunInfo.checkNames(CheckRegistry.renderChecks, acrossFixtures: false)
            try JSONEncoder().encode(r).write(to: ci.appendingPathComponent("r\(i).json"))
        }
        return ci
    }

    @Test func shardResultsMovedElsewhereMergeIntoOnePageAndOneJUnit() throws {
        let ci = try shardResults()
        let moved = tempDir().appendingPathComponent("artefacts")
        try FileManager.default.moveItem(at: ci, to: moved)  // downloaded to another machine's folder
        let out = tempDir().appendingPathComponent("page")
        let junit = tempDir().appendingPathComponent("j.xml")
        expectTrue(
            try ReportCommand.run([
                "--from", moved.appendingPathComponent("r1.json").path,
                "--from=\(moved.appendingPathComponent("r2.json").path)",
                "-o", out.path, "--junit", junit.path,
            ]) == 1, "two failures: the merged report fails too")
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        let damaged = [catalog[0].key, catalog[3].key]
        for k in damaged {
            expectTrue(
                (pageData(page)["f"] as? [[Any]] ?? []).filter { $0.first as? String == k }.count == 1,
                "\(k) once on the page")
            expectTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent(k + "/diff.png").path))
        }
        expectTrue(page.contains("\(catalog.count - 2) passed, 2 failed"))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        expectTrue(xml.components(separatedBy: "<testcase ").count == catalog.count + 1)
        expectTrue(xml.components(separatedBy: "<failure ").count == 3)
        try expectValidJUnit(xml)
        // A folder of results is the same as naming each.
        let out2 = tempDir().appendingPathComponent("page")
        expectTrue(try ReportCommand.run(["--from", moved.path, "-o", out2.path]) == 1)
        expectTrue(try String(contentsOf: out2.appendingPathComponent("index.html"), encoding: .utf8) == page)
        // One file reached twice (a folder and its file) is read once (issue #32: any layout); a
        // copy of a shard under another name, or results of another matrix, are refused with one line.
        expectTrue(
            try ReportCommand.run([
                "--from", moved.path, "--from", moved.appendingPathComponent("r1.json").path, "-o",
                tempDir().appendingPathComponent("x").path,
            ]) == 1)
        let copy = tempDir().appendingPathComponent("copy.json")
        try FileManager.default.copyItem(at: moved.appendingPathComponent("r1.json"), to: copy)
        #expect(throws: InputError.self) {
            try ReportCommand.run([
                "--from", moved.appendingPathComponent("r1.json").path, "--from", copy.path, "-o",
                tempDir().appendingPathComponent("x").path,
            ])
        }
        var other = try JSONDecoder().decode(
            VerifyResult.self, from: Data(contentsOf: moved.appendingPathComponent("r2.json")))
        other.run?.matrix = "0"
        let otherFile = tempDir().appendingPathComponent("o.json")
        try JSONEncoder().encode(other).write(to: otherFile)
        do {
            _ = try ReportCommand.run([
                "--from", moved.appendingPathComponent("r1.json").path, "--from", otherFile.path, "-o",
                tempDir().appendingPathComponent("x").path,
            ])
            Issue.record("a result of another matrix merged")
        } catch let e as InputError {
            expectTrue(e.description.contains("the fixture matrix differs") && !e.description.contains("\n"))
        }
    }

    /// Review item 15: known matches merge through a set (the list check was quadratic in input
    /// that may hold 50,000): one both shards report is listed once, every other kept, in order.
    @Test func knownMatchesMergeOnceEachInOrder() throws {
        let ci = try shardResults()
        var files = try (1...2).map { try ResultFile.load(ci.appendingPathComponent("r\($0).json").path) }
        func match(_ i: Int) -> KnownMatch {
            KnownMatch(
                key: "starter/k\(i)", kind: .truncated, node: "caption", element: .caption, detail: "d\(i)",
                seed: "000, x")
        }
        files[0].result.known = (0..<2_000).map(match)
        files[1].result.known = (1_000..<3_000).map(match) + [match(5)]
        let merged = try ResultFile.merge(files)
        expectTrue(merged.known.map(\.key) == (0..<3_000).map { "starter/k\($0)" })
    }

    @Test func reportRefusesHostileResultsAndWritesNothingHalfway() throws {
        let ci = try shardResults()
        // The shard with a failure (both damaged fixtures may fall in one).
        let shard = try [1, 2].first { i in
            try !JSONDecoder().decode(
                VerifyResult.self, from: Data(contentsOf: ci.appendingPathComponent("r\(i).json"))
            ).failures.isEmpty
        }!
        let r1 = ci.appendingPathComponent("r\(shard).json")
        let good = try JSONDecoder().decode(VerifyResult.self, from: Data(contentsOf: r1))
        func attempt(_ v: VerifyResult, out: URL? = nil) -> InputError? {
            let f = ci.appendingPathComponent("h-\(UUID().uuidString).json")
            try! JSONEncoder().encode(v).write(to: f)
            do {
                _ = try ReportCommand.run(["--from", f.path, "-o", (out ?? tempDir().appendingPathComponent("o")).path])
                return nil
            } catch let e as InputError { return e } catch { return InputError("?", "\(error)") }
        }
        var bad = good
        bad.failures[0].key = "<img src=x>"
        expectTrue(attempt(bad)?.description.contains("not a fixture key") == true)
        bad = good
        bad.schema = "evidence-result/1"
        expectTrue(attempt(bad)?.description.contains("this evidence reads evidence-result/2") == true)
        bad = good
        bad.failures[0].detail = String(repeating: "x", count: ResultFile.maxText + 1)
        expectTrue(attempt(bad) != nil)
        bad = good
        bad.passed = (0...ResultFile.maxFixtures).map { "k/\($0)" }
        expectTrue(attempt(bad)?.description.contains("more than the \(ResultFile.maxFixtures)") == true)
        // An image that is not a PNG is never copied: drawn as missing (issue #32: one bad image no
        // longer aborts the page), the finding saying so.
        let failing = good.failures.first { !$0.artifacts.isEmpty }!
        try Data("not a png".utf8).write(to: ci.appendingPathComponent("report\(shard)/" + failing.artifacts[0]))
        let out = tempDir().appendingPathComponent("o")
        expectTrue(attempt(good, out: out) == nil)
        expectTrue(!FileManager.default.fileExists(atPath: out.appendingPathComponent(failing.artifacts[0]).path))
        expectTrue(
            try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8).contains(
                "missing from the result"))
        // -o '' / a link / someone's own folder are refused; a dead run's staging folder is swept.
        #expect(throws: InputError.self) { try ReportCommand.run(["--from", r1.path, "-o", ""]) }
        let parent = tempDir()
        let outside = tempDir()
        try FileManager.default.createSymbolicLink(
            at: parent.appendingPathComponent("link"), withDestinationURL: outside)
        #expect(throws: InputError.self) {
            try ReportCommand.run(["--from", r1.path, "-o", parent.appendingPathComponent("link").path])
        }
        try FileManager.default.createDirectory(
            at: parent.appendingPathComponent("mine"), withIntermediateDirectories: true)
        try Data("keep".utf8).write(to: parent.appendingPathComponent("mine/notes.txt"))
        #expect(throws: InputError.self) {
            try ReportCommand.run(["--from", r1.path, "-o", parent.appendingPathComponent("mine").path])
        }
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        let dead = parent.appendingPathComponent(".page.tmp-999999")
        try FileManager.default.createDirectory(at: dead, withIntermediateDirectories: true)
        try Data("half".utf8).write(to: dead.appendingPathComponent("index.html"))
        let r2 = ci.appendingPathComponent("r\(3 - shard).json")
        // One shard of two, passing: the page is written, and the exit says it is not the whole matrix.
        expectTrue(try ReportCommand.run(["--from", r2.path, "-o", parent.appendingPathComponent("page").path]) == 1)
        expectTrue(FileManager.default.fileExists(atPath: parent.appendingPathComponent("page/index.html").path))
        expectTrue(!FileManager.default.fileExists(atPath: dead.path), "a dead run's staging folder is swept")
        // A page folder of ours with a planted link inside holds what no page holds (issue #34): it is
        // refused, not replaced; the link's target is untouched.
        try FileManager.default.createSymbolicLink(
            at: parent.appendingPathComponent("page/starter"), withDestinationURL: outside)
        #expect(throws: InputError.self) {
            try ReportCommand.run(["--from", r2.path, "-o", parent.appendingPathComponent("page").path])
        }
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
    }

    @Test func progressLineSaysDoneFailedAndRate() {
        expectTrue(
            ProgressLine.text(GateProgress(done: 100, total: 745, failures: 2), verb: "verified", seconds: 0.5)
                == "100/745 verified · 2 failed · 200/s")
        expectTrue(ProgressLine.make(quiet: true, verb: "verified") == nil)
    }

    // MARK: the result stream

    /// Collects a stream's events (delivered serially, from the verifier's workers).
    final class Collected<T: Sendable>: @unchecked Sendable {
        private var items: [T] = []
        private let lock = NSLock()
        func add(_ x: T) {
            lock.lock()
            items.append(x)
            lock.unlock()
        }
        var all: [T] {
            lock.lock()
            defer { lock.unlock() }
            return items
        }
    }

    /// `hintResult`'s damaged run (a swapped golden, a missing one, an LFS pointer, a stale file
    /// and entry): its fixture events and the finished result, under `jobs` workers.
    func streamedRun(jobs: Int) throws -> (events: [FixtureResult], result: VerifyResult) {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        func url(_ i: Int) -> URL { dir.appendingPathComponent(catalog[i].goldenPath) }
        try FileManager.default.removeItem(at: url(0))
        try FileManager.default.copyItem(at: url(2), to: url(0))
        try Data("version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 12\n".utf8).write(to: url(1))
        try FileManager.default.removeItem(at: url(3))
        try FileManager.default.copyItem(at: url(2), to: dir.appendingPathComponent("starter/zz-stray.png"))
        var o = options(dir, jobs: jobs)
        o.reportDirectory = tempDir()
        let events = Collected<FixtureResult>()
        let result = try Verifier.verify(o, catalog: Array(catalog.dropLast()), painter: painter, onFixture: events.add)
        return (events.all, result)
    }

    /// Feeds a stream to handlers the way `verify` does.
    func replay(_ events: [FixtureResult], _ result: VerifyResult, into handlers: [any VerifyResultHandler]) throws {
        let stream = ResultStream(handlers)
        try stream.begin(RunStart(goldens: result.run?.goldens ?? "Goldens"))
        events.forEach(stream.fixture)
        try stream.finish(result)
    }

    @Test func verifyStreamsEachFixtureOnceInCatalogOrderWhateverTheJobs() throws {
        let keys = catalog.dropLast().map(\.key)
        for jobs in [1, 3] {
            let (events, result) = try streamedRun(jobs: jobs)
            expectTrue(events.map(\.key) == keys, "jobs \(jobs)")
            expectTrue(events.map(\.id) == catalog.dropLast().map(\.id))
            expectTrue(events.map(\.record) == result.cases.prefix(events.count).map { $0 })
            // The finish's contract: its failures begin with the events', in event order.
            let streamed = events.flatMap(\.failures)
            expectTrue(Array(result.failures.prefix(streamed.count)) == streamed)
            expectTrue(result.failures.count > streamed.count, "the stale file and entry are the end's own")
            expectTrue(
                events.filter { $0.outcome == .failed }.map(\.key) == [catalog[0].key, catalog[1].key, catalog[3].key])
            expectTrue(events.filter { $0.outcome == .passed }.count == result.passed.count)
        }
    }

    @Test func streamedJUnitIsByteIdenticalToTheWholeResults() throws {
        var (events, result) = try streamedRun(jobs: 2)
        let cases = result.cases
        for variant in 0..<3 {
            var v = result
            if variant == 1 {
                // The end adds a finding to a streamed case (as colour-alone does): that case is written afresh.
                v.failures.append(GateFailure(key: catalog[4].key, kind: .colourAlone, detail: "late finding"))
                v.passed.removeAll { $0 == catalog[4].key }
            }
            if variant == 2 {
                v.run?.seconds = 12.5
                v.run?.startedAt = "2026-12-01T00:00:00Z"
                v.cases = cases.reversed()
            }
            let file = tempDir().appendingPathComponent("ci/junit.xml")
            try replay(events, v, into: [JUnitFileHandler(file: file)])
            let streamed = try String(contentsOf: file, encoding: .utf8)
            expectTrue(streamed == JUnitReport.render(v), "variant \(variant)")
            expectTrue(
                try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path) == [
                    "junit.xml"
                ], "no temp file left")
            try expectValidJUnit(streamed)
        }
        // Given only the finished result (`report --from`), the same file.
        let alone = tempDir().appendingPathComponent("junit.xml")
        try JUnitFileHandler(file: alone).handle(result)
        expectTrue(try String(contentsOf: alone, encoding: .utf8) == JUnitReport.render(result))
        // Streamed under other goldens names than the finish's: rendered afresh, still identical.
        events = events.map {
            var e = $0
            e.failures = e.failures.map {
                var f = $0
                f.detail += " "
                return f
            }
            return e
        }
        let renamed = tempDir().appendingPathComponent("junit.xml")
        let handler = JUnitFileHandler(file: renamed)
        try handler.begin(RunStart(goldens: "elsewhere/Goldens"))
        for e in events { try handler.fixture(e) }
        try handler.finish(result)
        expectTrue(try String(contentsOf: renamed, encoding: .utf8) == JUnitReport.render(result))
    }

    @Test func streamedAnnotationsAreTheWholeResultsAndTheFirstKindComesAtOnce() throws {
        let (events, result) = try streamedRun(jobs: 2)
        let stream = GitHubAnnotations.Stream()
        stream.begin(RunStart(goldens: "Goldens"))
        var lines = events.flatMap(stream.fixture)
        // The LFS pointer is `unreadable`, the first kind: nothing later can outrank it.
        expectTrue(lines.count == 1 && lines[0].contains(catalog[1].key))
        lines += stream.finish(result)
        expectTrue(lines == GitHubAnnotations.errorLines(result))

        // Many failures: a clipped one late in the run outranks earlier pixel diffs; extras at the end.
        func event(_ i: Int, _ kind: FailureKind?) -> FixtureResult {
            let key = "android/small/s\(String(format: "%02d", i))/x"
            return FixtureResult(
                id: nil, record: CaseRecord(key: key, platform: "android", family: "small", seconds: 0),
                failures: kind.map { [GateFailure(key: key, kind: $0, detail: "d\(i)")] } ?? [], known: [], advisory: []
            )
        }
        let many = (0..<30).map { event($0, $0 == 3 ? nil : $0 == 20 ? .clipped : $0 % 7 == 5 ? .unreadable : .pixels) }
        var v = VerifyResult(
            passed: [many[3].key],
            failures: many.flatMap(\.failures) + [
                GateFailure(key: "starter/gone", kind: .stale, detail: "s"),
                GateFailure(key: "(self-check)", kind: .selfCheck, detail: "x"),
            ],
            comparison: "exact", fastPath: 0, reportDirectory: "report")
        v.run = result.run
        v.run?.goldens = "Goldens"
        let s2 = GitHubAnnotations.Stream()
        s2.begin(RunStart(goldens: "Goldens"))
        var early: [String] = []
        for e in many { early += s2.fixture(e) }
        expectTrue(early.count == 4 && early.allSatisfy { $0.contains("evidence unreadable") })
        let all = early + s2.finish(v)
        expectTrue(all == GitHubAnnotations.errorLines(v))
        expectTrue(all.count == 11 && all[10].contains("\(v.failures.count - 10) more failures"))
        // A finish that does not begin with the streamed failures is annotated whole, less what was printed.
        let s3 = GitHubAnnotations.Stream()
        for e in many { _ = s3.fixture(e) }
        var shuffled = v
        shuffled.failures.reverse()
        let rest = s3.finish(shuffled)
        expectTrue(early + rest == early + GitHubAnnotations.errorLines(shuffled).filter { !early.contains($0) })
    }

    /// Over seeded random streams (0–40 fixtures, 0–3 findings each of any kind, findings the end
    /// adds under new and streamed keys, both goldens names): the streamed JUnit and annotations are
    /// the whole result's, byte for byte.
    @Test func streamedOutputsEqualTheWholeResultsOverRandomStreams() throws {
        var rng = FuzzTests.SplitMix(state: 25)
        let kinds = FailureKind.allCases
        let environment = RendererEnvironment.current(fonts: painter.fonts)
        for seed in 0..<120 {
            let n = Int(rng.next() % 41)
            let events = (0..<n).map { i -> FixtureResult in
                let key = "android/small/s\(i)/x"
                let failures = (0..<Int(rng.next() % 4)).map { j in
                    GateFailure(
                        key: key, kind: kinds[Int(rng.next() % UInt64(kinds.count))], detail: "d\(seed).\(i).\(j)")
                }
                return FixtureResult(
                    id: nil, record: CaseRecord(key: key, platform: "android", family: "small", seconds: Double(i) / 8),
                    failures: failures, known: [], advisory: [])
            }
            let extras = (0..<Int(rng.next() % 4)).map { j in
                GateFailure(
                    key: n > 0 && j % 2 == 0 ? events[Int(rng.next() % UInt64(n))].key : "starter/gone\(j)",
                    kind: kinds[Int(rng.next() % UInt64(kinds.count))], detail: "late \(j)")
            }
            let failures = events.flatMap(\.failures) + extras
            var v = VerifyResult(
                passed: events.filter(\.failures.isEmpty).map(\.key).filter { k in !extras.contains { $0.key == k } },
                failures: failures, comparison: "exact", fastPath: 0,
                reportDirectory: rng.next() % 2 == 0 ? "report" : nil)
            v.cases = events.map(\.record)
            let goldens = rng.next() % 2 == 0 ? "Goldens" : "../elsewhere/Goldens"
            v.run = RunInfo(matrix: "m", environment: environment, filter: nil)
            v.run?.goldens = goldens
            let annotations = GitHubAnnotations.Stream()
            annotations.begin(RunStart(goldens: goldens))
            let lines = events.flatMap(annotations.fixture) + annotations.finish(v)
            expectTrue(lines == GitHubAnnotations.errorLines(v), "seed \(seed)")
            let file = tempDir().appendingPathComponent("junit.xml")
            try replay(events, v, into: [JUnitFileHandler(file: file)])
            expectTrue(try String(contentsOf: file, encoding: .utf8) == JUnitReport.render(v), "seed \(seed)")
        }
    }

    /// Throws at its `at`-th fixture event.
    final class FailingHandler: VerifyResultHandler, @unchecked Sendable {
        let at: Int
        var seen = 0
        init(at: Int) { self.at = at }
        func fixture(_ result: FixtureResult) throws {
            seen += 1
            if seen == at { throw InputError("failing-handler", "disk full (simulated)") }
        }
        func finish(_ result: VerifyResult) throws {}
    }

    @Test func aHandlerThrowingMidStreamLeavesNoHalfWrittenFile() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        let out = tempDir()
        let junit = out.appendingPathComponent("new/junit.xml")
        let failing = FailingHandler(at: 3)
        let stream = ResultStream([JUnitFileHandler(file: junit), failing])
        try stream.begin(RunStart(goldens: "Goldens"))
        expectTrue(FileManager.default.fileExists(atPath: out.appendingPathComponent("new").path))
        let result = try Verifier.verify(options(dir), catalog: catalog, painter: painter, onFixture: stream.fixture)
        expectTrue(failing.seen == 3, "no event after the failure")
        #expect(throws: InputError.self) { try stream.finish(result) }
        expectTrue(
            try FileManager.default.contentsOfDirectory(atPath: out.path).isEmpty,
            "no JUnit, no temp file, no folder made for it")

        // A destination that cannot be written fails before the run, not after it.
        let folder = tempDir()
        #expect(throws: InputError.self) {
            try ResultStream([JUnitFileHandler(file: folder)]).begin(RunStart(goldens: "Goldens"))
        }
        let file = tempDir().appendingPathComponent("a-file")
        try Data().write(to: file)
        #expect(throws: InputError(file.path, "is not a folder; the JUnit file goes inside one")) {
            try JUnitFileHandler(file: file.appendingPathComponent("deeper/junit.xml")).begin(
                RunStart(goldens: "Goldens"))
        }
        // A handler failing in its finish abandons those after it: the JUnit after it leaves nothing.
        let late = tempDir().appendingPathComponent("junit.xml")
        let lateStream = ResultStream([StepSummaryHandler(path: folder.path, page: nil), JUnitFileHandler(file: late)])
        try lateStream.begin(RunStart(goldens: "Goldens"))
        #expect(throws: InputError.self) { try lateStream.finish(result) }
        expectTrue(try FileManager.default.contentsOfDirectory(atPath: late.deletingLastPathComponent().path).isEmpty)
    }

    @Test func recordStreamsEachDecisionInCatalogOrder() throws {
        let dir = tempDir()
        let first = Collected<RecordedFixture>()
        let added = try Recorder.record(options(dir), catalog: catalog, painter: painter, onFixture: first.add)
        expectTrue(first.all == catalog.map { RecordedFixture(key: $0.key, change: .added) })
        expectTrue(added.added == catalog.map(\.key).sorted())
        // Swap one golden's pixels and drop the last fixture: moved, unchanged, then removed.
        try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[0].goldenPath))
        try FileManager.default.copyItem(
            at: dir.appendingPathComponent(catalog[2].goldenPath), to: dir.appendingPathComponent(catalog[0].goldenPath)
        )
        let second = Collected<RecordedFixture>()
        let r = try Recorder.record(
            options(dir), catalog: Array(catalog.dropLast()), painter: painter, onFixture: second.add)
        let events = second.all
        expectTrue(events.map(\.key) == catalog.dropLast().map(\.key) + [catalog.last!.key])
        expectTrue(events.compactMap { if case .moved(let m) = $0.change { m } else { nil } } == r.moved)
        expectTrue(events.filter { $0.change == .unchanged }.count == r.unchanged)
        expectTrue(events.filter { $0.change == .removed }.map(\.key) == r.removed)
        // The console and --json are handlers of the finished result: the console's last line is the summary.
        expectTrue(RecordConsoleHandler().lines(r).last == r.summaryLine)
        expectTrue(RecordConsoleHandler(dryRun: true).lines(r).last == "dry run, nothing written — " + r.summaryLine)
        expectTrue(RecordConsoleHandler().lines(r).contains("removed \(catalog.last!.key)"))
    }

    // MARK: timeline

    /// Synced 22:30 the night before Berlin springs forward (29 Mar 2026, 02:00 → 03:00).
    @Test func timelineAcrossADSTNightFromTheResolver() throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let sync = ISO8601DateFormatter().date(from: "2026-03-28T22:30:00+01:00")!
        let snap = WidgetSnapshot(
            syncedAt: sync, streak: 12, longestStreak: 21,
            habits: [
                WidgetHabit(title: "Morning run", checkedInToday: true),
                WidgetHabit(title: "Read", checkedInToday: false),
            ],
            extendedToday: true, streakMetaphor: "flame", kindlingEnabled: true)
        let frames = try Timeline.frames(snapshot: snap, from: sync, timeZone: zone)
        expectTrue(frames.map(\.label) == ["sync", "+1 h", "midnight", "DST edge", "+18 h (stale)"])
        expectTrue(
            frames.map(\.localTime) == [
                "Sat 28 Mar 22:30 GMT+1", "Sat 28 Mar 23:30 GMT+1", "Sun 29 Mar 00:00 GMT+1",
                "Sun 29 Mar 03:00 GMT+2", "Sun 29 Mar 17:30 GMT+2",
            ])
        expectTrue(frames.map(\.state) == [.defaultProgress, .defaultProgress, .newDay, .newDay, .stale])
        // 18 elapsed hours, not 18 wall-clock hours: 22:30 + 18 h lands at 17:30 on the short day.
        expectTrue(frames.last!.date.timeIntervalSince(sync) == widgetStaleThreshold + 1)
        let platform = TimelinePlatforms.all(
            renderer: WidgetRenderer(
                fonts: painter.fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled()
            ))[0]
        let strip = try Timeline.strip(
            frames, platform: platform, snapshot: snap, timeZone: zone, family: "small", painter: painter)
        expectTrue(strip.width == 24 + frames.count * (340 + 24))
        #expect(throws: InputError.self) {
            try platform.scene(snapshot: snap, asOf: sync, timeZone: zone, family: "huge")
        }
    }

    @Test func timelineWithoutTheReactiveLayerHasNoNewDay() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let sync = ISO8601DateFormatter().date(from: "2026-11-30T20:00:00-05:00")!
        let snap = WidgetSnapshot(
            syncedAt: sync, streak: 3, longestStreak: 3, habits: [WidgetHabit(title: "Run", checkedInToday: false)],
            extendedToday: nil, streakMetaphor: nil, kindlingEnabled: true)
        let frames = try Timeline.frames(snapshot: snap, from: sync, timeZone: zone)
        expectTrue(frames.map(\.state) == [.defaultProgress, .defaultProgress, .defaultProgress, .stale])
        expectTrue(!frames.contains { $0.label.contains("DST") })
    }
}

/// A test-only fixture whose habit title and key are markup: the report must show them as text.
enum HostileFixture {
    static let title = "<img src=x onerror=alert(1)>"
    static let key = "review/" + title

    static func fixture() -> Fixture {
        let snap = WidgetSnapshot(
            syncedAt: MatrixCases.asOf.addingTimeInterval(-3600), streak: 12, longestStreak: 21,
            habits: [
                WidgetHabit(title: title, checkedInToday: true), WidgetHabit(title: "Read", checkedInToday: false),
            ],
            extendedToday: false, streakMetaphor: "stones", kindlingEnabled: true)
        let request = AndroidRenderRequest(
            family: .medium, widthDp: 300, heightDp: 180, snapshot: snap,
            asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
        return Fixture(key: key) { fonts in
            AndroidSceneBuilder(fonts: fonts, tokens: try! TokenSet.bundled()).scene(request)
        }
    }

    /// Verify against an empty goldens folder: the fixture is `missing`, with its render and words in the report.
    static func result(reportDirectory: URL) throws -> VerifyResult {
        let goldens = FileManager.default.temporaryDirectory.appendingPathComponent(
            "evidence-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        var o = GateOptions(goldens: goldens, jobs: 1, comparison: .automatic, reportDirectory: reportDirectory)
        o.checks = []
        let v = try Verifier.verify(o, catalog: [fixture()], painter: CairoPainter(fonts: .shared))
        expectTrue(v.details.first?.actualText.contains(title) == true, "the title must reach the report's words")
        return v
    }
}
