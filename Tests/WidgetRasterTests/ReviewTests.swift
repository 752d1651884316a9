import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
@testable import evidence
@testable import WidgetRaster

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
            if FileManager.default.fileExists(atPath: dir.appendingPathComponent(rel).path, isDirectory: &isDir), !isDir.boolValue {
                out[rel] = FileManager.default.contents(atPath: dir.appendingPathComponent(rel).path)
            }
        }
        return out
    }

    // MARK: key parts

    @Test func keyPartsComeFromTheFixturesTypedIdentity() {
        let k = KeyParts("android/medium/default-some-extended/stones/kindling/dark")
        #expect(k.platform == "android" && k.family == "medium" && k.state == "default-some-extended" && k.area == "android/medium")
        #expect(k.facets == ["motif": "stones", "body": "kindling", "theme": "dark"])
        #expect(KeyParts("android/small/default-none-baseline/any-motif/legacy/light").facets["motif"] == "any-motif")
        let two = FixtureID(family: .android(.small), state: .empty, motifs: Cover<StreakMotif>([.stones, .flame]), bodies: .one(.kindling), theme: .light)
        #expect(KeyParts(two).facets["motif"] == "stones+flame")
        var tinted = FixtureID(family: .ios(.systemSmall), state: .allDone, branch: .notyet, motifs: .one(.flame), bodies: .one(.legacy), theme: .dark)
        tinted.hostMode = .tinted
        let ios = KeyParts(tinted)
        #expect(ios.platform == "ios" && ios.family == "systemSmall" && ios.state == "all-done-notyet")
        #expect(ios.facets == ["motif": "flame", "body": "legacy", "theme": "dark", "host-mode": "tinted"])
        let band = KeyParts("android/bands/width/w110-fs1.0/1-digit")
        #expect(band.facets.isEmpty && band.family == "bands" && band.state == "width" && band.variants == ["w110-fs1.0", "1-digit"])
        // A key no fixture has (a stale golden) is never taken apart: it has no facets and groups as stale.
        let stale = KeyParts("android/medium/retired-state/stones/kindling/dark")
        #expect(stale.area == "stale" && stale.facets.isEmpty)
    }

    // MARK: shards

    @Test func shardsPartitionTheWholeMatrixOnceWhateverTheOrder() throws {
        let all = try ListCommand.keys(filter: nil, shard: nil)
        var union: [String] = []
        for i in 1...4 { union += try ListCommand.keys(filter: nil, shard: Shard(index: i, count: 4)) }
        #expect(union.count == all.count)
        #expect(Set(union) == Set(all))
        // Membership depends on the key alone: the same answer in any order.
        let shuffled = all.shuffled()
        for i in 1...4 {
            let s = Shard(index: i, count: 4)
            #expect(Set(shuffled.filter(s.contains)) == Set(all.filter(s.contains)))
            #expect(!all.filter(s.contains).isEmpty)
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
                #expect(v.failures.isEmpty)
                #expect(v.shard == "\(i)/4")
                results.append(v.passed)
            }
            #expect(results[0] == results[1])
            #expect(Set(results[0]) == Set(keys.filter(shard.contains)))
            covered += results[0]
        }
        #expect(covered.sorted() == keys.sorted())
    }

    @Test func onlyShardOneJudgesOrphans() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        try FileManager.default.copyItem(at: dir.appendingPathComponent(catalog[0].goldenPath), to: dir.appendingPathComponent("starter/orphan.png"))
        var stale: [Int: [String]] = [:]
        var checked: [String] = []
        for i in 1...3 {
            let v = try Verifier.verify(options(dir, shard: Shard(index: i, count: 3)), catalog: catalog, painter: painter)
            stale[i] = v.failures.filter { $0.kind == .stale }.map(\.key)
            checked += v.passed
        }
        #expect(stale[1] == ["starter/orphan"] && stale[2] == [] && stale[3] == [])
        #expect(checked.sorted() == catalog.map(\.key).sorted())
        // Record on shard 2 does not judge the orphan; shard 1 does, and (it never wrote that file,
        // so the manifest cannot prove it is ours) leaves it alone and says so.
        let r2 = try Recorder.record(options(dir, shard: Shard(index: 2, count: 3)), catalog: catalog, painter: painter)
        #expect(r2.leftAlone.isEmpty)
        let r = try Recorder.record(options(dir, shard: Shard(index: 1, count: 3)), catalog: catalog, painter: painter)
        #expect(r.removed.isEmpty && r.leftAlone.count == 1 && r.leftAlone[0].hasPrefix("starter/orphan.png"))
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("starter/orphan.png").path))
        // A golden the manifest does not list but a fixture owns is its fixture's shard's business, never deleted as an orphan.
        let owned = catalog.first { !Shard(index: 1, count: 3).contains($0.key) }!
        var manifest = try #require(try Manifest.load(from: dir))
        manifest.goldens[owned.key] = nil
        try Data(manifest.encoded()).write(to: dir.appendingPathComponent(Manifest.fileName))
        let again = try Recorder.record(options(dir, shard: Shard(index: 1, count: 3)), catalog: catalog, painter: painter)
        #expect(again.removed.isEmpty)
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent(owned.goldenPath).path))
    }

    // MARK: record modes

    @Test func recordModeMissingOnlyAddsAndAllRewritesEveryFile() throws {
        let dir = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        // Move one golden (another fixture's pixels), delete one, add an orphan, pad one with bytes after IEND.
        let moved = catalog[0], gone = catalog[1], padded = catalog[2]
        try FileManager.default.removeItem(at: dir.appendingPathComponent(moved.goldenPath))
        try FileManager.default.copyItem(at: dir.appendingPathComponent(catalog[4].goldenPath), to: dir.appendingPathComponent(moved.goldenPath))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(gone.goldenPath))
        try FileManager.default.copyItem(at: dir.appendingPathComponent(catalog[5].goldenPath), to: dir.appendingPathComponent("starter/orphan.png"))
        let paddedURL = dir.appendingPathComponent(padded.goldenPath)
        try (Data(contentsOf: paddedURL) + Data([0, 0, 0, 0])).write(to: paddedURL)
        let before = files(dir)

        for mode in RecordMode.allCases {
            let dry = try Recorder.record(options(dir, mode: mode), catalog: catalog, painter: painter, dryRun: true)
            #expect(files(dir) == before, "dry run with --mode \(mode) wrote something")
            #expect(dry.added == [gone.key])
        }
        let missing = try Recorder.record(options(dir, mode: .missing), catalog: catalog, painter: painter)
        #expect(missing.added == [gone.key] && missing.moved.isEmpty && missing.removed.isEmpty && missing.heldBack == [moved.key])
        var after = files(dir)
        #expect(after[moved.goldenPath] == before[moved.goldenPath] && after["starter/orphan.png"] != nil)
        #expect(after[padded.goldenPath] == before[padded.goldenPath])

        let all = try Recorder.record(options(dir, mode: .all), catalog: catalog, painter: painter)
        // The orphan was never recorded, so no mode deletes it (#13): it is reported as left alone.
        #expect(all.moved.map(\.key) == [moved.key] && all.removed.isEmpty && all.leftAlone.count == 1)
        after = files(dir)
        #expect(after[padded.goldenPath] != before[padded.goldenPath], "--mode all rewrites even a same-pixel file")
        #expect(after[padded.goldenPath] == Data(PNGCodec.encode(painter.render(padded.makeScene(painter.fonts)))))
        try FileManager.default.removeItem(at: dir.appendingPathComponent("starter/orphan.png"))
        #expect(try Verifier.verify(options(dir), catalog: catalog, painter: painter).failures.isEmpty)
    }

    @Test func recordModeFlagParses() throws {
        #expect(throws: InputError.self) { try ArgumentParser.parse(["--mode", "some"], valued: ["mode"], switches: [])
            .choice("mode", default: RecordMode.changed, RecordMode.allCases) }
        #expect(try ArgumentParser.parse(["--mode=all"], valued: ["mode"], switches: []).choice("mode", default: RecordMode.changed, RecordMode.allCases) == .all)
    }

    // MARK: CI outputs

    func damagedResult() throws -> VerifyResult {
        let dir = tempDir(), report = tempDir()
        _ = try Recorder.record(options(dir), catalog: catalog, painter: painter)
        try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[0].goldenPath))
        try FileManager.default.copyItem(at: dir.appendingPathComponent(catalog[2].goldenPath), to: dir.appendingPathComponent(catalog[0].goldenPath))
        try FileManager.default.removeItem(at: dir.appendingPathComponent(catalog[1].goldenPath))
        var o = options(dir)
        o.reportDirectory = report
        return try Verifier.verify(o, catalog: catalog, painter: painter)
    }

    @Test func junitIsValidXMLWithOneTestcasePerFixture() throws {
        var v = try damagedResult()
        v.failures[0].detail += " <&\"'> \u{1} ]]>"  // hostile text survives as data
        let xml = JUnitReport.render(v)
        let doc = try XMLDocument(data: Data(xml.utf8))
        let cases = try doc.nodes(forXPath: "//testcase")
        #expect(cases.count == catalog.count)
        let names = cases.compactMap { ($0 as? XMLElement)?.attribute(forName: "name")?.stringValue }
        #expect(Set(names) == Set(catalog.map(\.key)))
        let failures = try doc.nodes(forXPath: "//testcase/failure")
        #expect(failures.count == v.failures.count)
        let types = Set(failures.compactMap { ($0 as? XMLElement)?.attribute(forName: "type")?.stringValue })
        #expect(types == Set(v.failures.map(\.kind.rawValue)))
        let suite = try doc.nodes(forXPath: "/testsuites/testsuite").first as? XMLElement
        #expect(suite?.attribute(forName: "tests")?.stringValue == "\(catalog.count)")
        #expect(suite?.attribute(forName: "failures")?.stringValue == "2")
        let props = try doc.nodes(forXPath: "//testcase[@name='\(catalog[3].key)']/properties/property")
            .compactMap { $0 as? XMLElement }.map { ($0.attribute(forName: "name")!.stringValue!, $0.attribute(forName: "value")!.stringValue!) }
        // An ad-hoc fixture has no identity, so no facet is guessed from its key (the catalog's keys have theirs: keyParts… above).
        #expect(props.map(\.0) == ["platform", "family", "state"] && props.allSatisfy { $0.1 == "-" })
    }

    @Test func githubAnnotationsOnePerFailureOnOneLine() throws {
        var v = try damagedResult()
        v.failures[0].detail = "50% off\nsecond line"
        let lines = GitHubAnnotations.errorLines(v)
        #expect(lines.count == v.failures.count)
        #expect(lines.allSatisfy { $0.hasPrefix("::error title=evidence ") && !$0.contains("\n") })
        #expect(lines[0].hasSuffix("::50%25 off%0Asecond line"))
        #expect(lines[0].contains("title=evidence \(v.failures[0].kind.rawValue)%3A \(v.failures[0].key)::"))
        let summary = GitHubAnnotations.summaryLine(v)
        #expect(summary == "❌ evidence verify: 4 passed, 2 failed (pixels 1, missing 1)\n")
    }

    @Test func reviewOutputsFollowTheEnvironment() throws {
        let a = try ArgumentParser.parse([], valued: ReviewOutputs.valued, switches: [])
        #expect(try ReviewOutputs.parse(a, environment: ["GITHUB_ACTIONS": "true"]).githubActions)
        #expect(try !ReviewOutputs.parse(a, environment: [:]).githubActions)
        #expect(try ReviewOutputs.parse(a, environment: ["GITHUB_STEP_SUMMARY": "/tmp/s"]).stepSummary == "/tmp/s")
        let summary = tempDir().appendingPathComponent("summary.md")
        let outputs = try ReviewOutputs.parse(a, environment: ["GITHUB_STEP_SUMMARY": summary.path])
        let v = try damagedResult()
        try outputs.emit(v, json: true)
        try outputs.emit(v, json: true)
        #expect(try String(contentsOf: summary, encoding: .utf8) == GitHubAnnotations.summaryLine(v) + GitHubAnnotations.summaryLine(v))
        let html = try ArgumentParser.parse(["--html", "/tmp/x", "--report", "/tmp/y"], valued: ReviewOutputs.valued.union(["report"]), switches: [])
        #expect(throws: InputError.self) { try ReviewOutputs.parse(html).reportDirectory(html.value("report")) }
    }

    // MARK: the page, without a browser

    @Test func htmlReportEscapesEverythingAndListsTheFailures() throws {
        let v = try HostileFixture.result(reportDirectory: tempDir())
        let page = HTMLReport.render(v)
        #expect(!page.contains("<img src=x"))
        #expect(page.contains("&lt;img src=x onerror=alert(1)&gt;"))
        #expect(page.contains("data-key=\"review/&lt;img src=x onerror=alert(1)&gt;\""))
        #expect(page.contains(HTML.escape(HTML.recordCommand(HostileFixture.key))))
        #expect(HTML.recordCommand("a'b") == "evidence record --filter 'a'\\''b'")
    }

    /// A card with one text node spilling out of its container, in a colour too pale for its floor.
    @Test func clipAndContrastFindingsCarryNodeAndPixelBoxToThePage() throws {
        let card = Rect(x: 0, y: 0, width: 100, height: 60)
        let style = TextStyle.roboto(.regular, sp: 11, fontScale: 1)
        let bounds = Rect(x: 10, y: 40, width: 60, height: 30)
        let scene = Scene(size: Size(100, 60), density: 2, card: card, nodes: [
            SceneNode(.card, name: "card", role: .decorative, token: "widget_card", bounds: card, container: card, content: .rect(cornerRadius: 0, fill: .solid(.white))),
            SceneNode(.habitRow(HabitRowElement(position: 0, habit: 0, done: false, isNextDue: true), .title), name: "habit-row-1.title", role: .text, token: "widget_ink", bounds: bounds, container: Rect(x: 10, y: 10, width: 80, height: 40),
                      content: .text(TextContent(lines: ["Pale"], style: style, color: Color(r: 0xEE, g: 0xEE, b: 0xEE), lineHeight: 15))),
        ], accessibilityLabel: "")
        let image = painter.render(scene)
        let clipped = ClipCheck.gateCheck.run("t/k", scene, image, painter)
        let contrast = ContrastCheck.gateCheck.run("t/k", scene, image, painter)
        let box = PixelRect(x: 20, y: 80, width: 120, height: 60)
        #expect(!clipped.isEmpty && clipped.allSatisfy { $0.node == "habit-row-1.title" && $0.box == box })
        #expect(contrast.count == 1 && contrast[0].node == "habit-row-1.title" && contrast[0].box == box)
        let detail = FixtureDetail(key: "t/k", width: 200, height: 120, expectedText: nil, actualText: ["Pale"], expectedLabel: nil, actualLabel: "")
        var failures = clipped + contrast
        failures[0].artifacts = ["t/k/actual.png"]
        let page = HTMLReport.render(VerifyResult(passed: [], failures: failures, comparison: "exact", fastPath: 0, reportDirectory: nil, details: [detail]))
        #expect(page.contains("<div class=\"box k-clipped\" style=\"left:10.000%;top:66.667%;width:60.000%;height:50.000%\""))
        #expect(page.contains("<div class=\"box k-contrast\""))
    }

    @Test func textDiffMarksOnlyWhatChanged() {
        let d = TextDiff.diff(["Add a stone", "12", "days"], ["Lay a stone", "12", "days"])
        #expect(d == [.removed("Add a stone"), .added("Lay a stone"), .same("12"), .same("days")])
        #expect(TextDiff.words("Objectuve. 12 day streak").joined() == "Objectuve. 12 day streak")
    }

    @Test func reportCommandRebuildsThePageFromSavedJSON() throws {
        let v = try damagedResult()
        let json = tempDir().appendingPathComponent("r.json")
        let enc = JSONEncoder()
        try enc.encode(v).write(to: json)
        let out = tempDir().appendingPathComponent("page")
        #expect(try ReportCommand.run(["--from", json.path, "-o", out.path]) == 0)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page == HTMLReport.render(v))
        for a in v.failures.flatMap(\.artifacts) { #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(a).path)) }
        // Paths in the file are checked before anything is copied.
        var hostile = v
        hostile.failures[0].artifacts = ["../../escape/actual.png"]
        let hostileJSON = tempDir().appendingPathComponent("h.json")
        try enc.encode(hostile).write(to: hostileJSON)
        #expect(throws: InputError.self) { try ReportCommand.run(["--from", hostileJSON.path, "-o", tempDir().path]) }
        #expect(HTMLReport.isArtifactPath("android/small/x/actual.png") && !HTMLReport.isArtifactPath("/abs/actual.png")
                && !HTMLReport.isArtifactPath("a/./diff.png") && !HTMLReport.isArtifactPath("a/b/index.html") && !HTMLReport.isArtifactPath("actual.png"))
        let bad = tempDir().appendingPathComponent("bad.json")
        try Data("{}".utf8).write(to: bad)
        #expect(throws: InputError.self) { try ReportCommand.run(["--from", bad.path]) }
    }

    @Test func progressLineSaysDoneFailedAndRate() {
        #expect(ProgressLine.text(GateProgress(done: 100, total: 745, failures: 2), verb: "verified", seconds: 0.5)
                == "100/745 verified · 2 failed · 200/s")
        #expect(ProgressLine.make(quiet: true, verb: "verified") == nil)
    }

    // MARK: timeline

    /// Synced 22:30 the night before Berlin springs forward (29 Mar 2026, 02:00 → 03:00).
    @Test func timelineAcrossADSTNightFromTheResolver() throws {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let sync = ISO8601DateFormatter().date(from: "2026-03-28T22:30:00+01:00")!
        let snap = WidgetSnapshot(syncedAt: sync, streak: 12, longestStreak: 21,
                                  habits: [WidgetHabit(title: "Morning run", checkedInToday: true), WidgetHabit(title: "Read", checkedInToday: false)],
                                  extendedToday: true, streakMetaphor: "flame", kindlingEnabled: true)
        let frames = try Timeline.frames(snapshot: snap, from: sync, timeZone: zone)
        #expect(frames.map(\.label) == ["sync", "+1 h", "midnight", "DST edge", "+18 h (stale)"])
        #expect(frames.map(\.localTime) == ["Sat 28 Mar 22:30 GMT+1", "Sat 28 Mar 23:30 GMT+1", "Sun 29 Mar 00:00 GMT+1",
                                            "Sun 29 Mar 03:00 GMT+2", "Sun 29 Mar 17:30 GMT+2"])
        #expect(frames.map(\.state) == [.defaultProgress, .defaultProgress, .newDay, .newDay, .stale])
        // 18 elapsed hours, not 18 wall-clock hours: 22:30 + 18 h lands at 17:30 on the short day.
        #expect(frames.last!.date.timeIntervalSince(sync) == widgetStaleThreshold + 1)
        let platform = TimelinePlatforms.all(renderer: WidgetRenderer(fonts: painter.fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled()))[0]
        let strip = try Timeline.strip(frames, platform: platform, snapshot: snap, timeZone: zone, family: "small", painter: painter)
        #expect(strip.width == 24 + frames.count * (340 + 24))
        #expect(throws: InputError.self) { try platform.scene(snapshot: snap, asOf: sync, timeZone: zone, family: "huge") }
    }

    @Test func timelineWithoutTheReactiveLayerHasNoNewDay() throws {
        let zone = TimeZone(identifier: "America/New_York")!
        let sync = ISO8601DateFormatter().date(from: "2026-11-30T20:00:00-05:00")!
        let snap = WidgetSnapshot(syncedAt: sync, streak: 3, longestStreak: 3, habits: [WidgetHabit(title: "Run", checkedInToday: false)],
                                  extendedToday: nil, streakMetaphor: nil, kindlingEnabled: true)
        let frames = try Timeline.frames(snapshot: snap, from: sync, timeZone: zone)
        #expect(frames.map(\.state) == [.defaultProgress, .defaultProgress, .defaultProgress, .stale])
        #expect(!frames.contains { $0.label.contains("DST") })
    }
}

/// A test-only fixture whose habit title and key are markup: the report must show them as text.
enum HostileFixture {
    static let title = "<img src=x onerror=alert(1)>"
    static let key = "review/" + title

    static func fixture() -> Fixture {
        let snap = WidgetSnapshot(syncedAt: MatrixCases.asOf.addingTimeInterval(-3600), streak: 12, longestStreak: 21,
                                  habits: [WidgetHabit(title: title, checkedInToday: true), WidgetHabit(title: "Read", checkedInToday: false)],
                                  extendedToday: false, streakMetaphor: "stones", kindlingEnabled: true)
        let request = AndroidRenderRequest(family: .medium, widthDp: 300, heightDp: 180, snapshot: snap,
                                           asOf: MatrixCases.asOf, timeZone: MatrixCases.timeZone)
        return Fixture(key: key) { fonts in AndroidSceneBuilder(fonts: fonts, tokens: try! TokenSet.bundled()).scene(request) }
    }

    /// Verify against an empty goldens folder: the fixture is `missing`, with its render and words in the report.
    static func result(reportDirectory: URL) throws -> VerifyResult {
        let goldens = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-hostile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        var o = GateOptions(goldens: goldens, jobs: 1, comparison: .automatic, reportDirectory: reportDirectory)
        o.checks = []
        let v = try Verifier.verify(o, catalog: [fixture()], painter: CairoPainter(fonts: .shared))
        #expect(v.details.first?.actualText.contains(title) == true, "the title must reach the report's words")
        return v
    }
}
