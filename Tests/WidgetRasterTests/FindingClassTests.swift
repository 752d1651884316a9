import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// Issue #51 Build 3, "Honest about loss": every finding a check reports about a render is exactly
/// one of spec gap, known, outside the seed's scope, or failure — each reached here by a real
/// render — and the outputs show them apart, spec gaps first.
@Suite struct FindingClassTests {
    let fonts = FontLibrary.shared

    /// An ad-hoc render through the CLI's own pipeline, its findings classified against `known`.
    func report(_ args: [String], known: KnownFindings) throws -> (RenderReport, RenderedWidget) {
        let a = try ArgumentParser.parse(
            args + ["-o", "x.png"], valued: AdHocRenderOptions.valued, switches: AdHocRenderOptions.switches)
        let drawn = try WidgetPipeline.render(try AdHocRenderOptions.parse(a), fonts: fonts)
        let painter = CairoPainter(fonts: fonts)
        return (
            RenderReport(
                drawn, image: painter.render(drawn.scene), painter: painter, known: known, key: "render/ad-hoc"), drawn
        )
    }

    var committed: KnownFindings { get throws { try KnownFindings.load(from: PackagePaths.knownFindings) } }

    /// A snapshot file with habits due and no coachLine (LostMeaningTests' own).
    func coachLineAbsentSnapshot() throws -> String { try LostMeaningTests().coachLineAbsentSnapshot() }

    static let newDayAtTheFloor = [
        "--family", "small", "--width", "110", "--height", "147", "--font-scale", "2.0", "--state", "newDay",
    ]

    // MARK: Each class on a real render

    /// The coach-line entry quotes the rule that produces the repeat (`coachLine ?? captionText`):
    /// a spec gap, not a failure.
    @Test func theCoachLineRepeatIsASpecGap() throws {
        let (r, _) = try report(
            [
                "--platform", "ios", "--family", "systemMedium", "--device-class", "390x844", "--snapshot",
                try coachLineAbsentSnapshot(),
                "--as-of", "2026-09-17T08:30:00+02:00", "--time-zone", "Europe/Berlin",
            ], known: try committed)
        let repeated = try #require(
            r.findings.first { $0.kind == .lostMeaning && $0.element == .coachLine }, "\(r.findings.map(\.detail))")
        expectTrue(
            repeated.findingClass == .specGap && repeated.known
                && repeated.seed?.contains("snapshot?.coachLine ?? reactive.captionText") == true)
        expectTrue(r.findingClasses.specGap >= 1 && r.findingClasses.failure == 0)
    }

    /// The NEW_DAY caption at 110 dp × fontScale 2.0, under 160 dp: the seed's Known limitation names
    /// the condition — known. Without the file's entry the same finding is in scope: a failure.
    @Test func theNewDayFloorIsKnownAndWithoutItsEntryAFailure() throws {
        let (r, _) = try report(Self.newDayAtTheFloor, known: try committed)
        let caption = r.findings.filter { $0.kind == .truncated && $0.element == .caption }
        expectTrue(
            !caption.isEmpty && caption.allSatisfy { $0.findingClass == .known },
            "\(r.findings.map { "\($0.findingClass) \($0.detail)" })")
        let (bare, _) = try report(Self.newDayAtTheFloor, known: KnownFindings())
        let unlisted = bare.findings.filter { $0.kind == .truncated && $0.element == .caption }
        expectTrue(
            !unlisted.isEmpty
                && unlisted.allSatisfy {
                    $0.findingClass == .failure && !$0.known && $0.seed == nil && $0.boundary == nil
                })
        // New day's line shed at fontScale 2.0 is a height-budget loss past the height tables (≤ 1.3):
        // without the entry it is outside the seed's scope — reported, not a failure.
        let shed = try #require(
            bare.findings.first { $0.kind == .lostMeaning && $0.element == .newDayLine },
            "\(bare.findings.map(\.detail))")
        expectTrue(
            shed.findingClass == .outsideScope && shed.boundary == SeedScope.heightTableFontScale.name
                && shed.seed == SeedScope.heightTableFontScale.citation)
        expectTrue(
            bare.findingClasses == FindingCounts(bare.findings.map(\.findingClass)) && bare.findingClasses.known == 0
                && bare.findingClasses.failure == unlisted.count && bare.findingClasses.outsideScope == 1)
    }

    /// Below the declared 110 dp minimum width every layout finding is outside the seed's scope:
    /// reported with the boundary's passage, never failing.
    @Test func aRenderNarrowerThanTheDeclaredBoundsIsOutsideScope() throws {
        let (r, drawn) = try report(
            ["--family", "small", "--width", "90", "--height", "130", "--font-scale", "2.0", "--state", "newDay"],
            known: try committed)
        expectTrue(
            !r.findings.isEmpty && r.findings.allSatisfy { $0.findingClass == .outsideScope && !$0.known },
            "\(r.findings.map { "\($0.findingClass) \($0.detail)" })")
        expectTrue(
            r.findings.allSatisfy {
                $0.boundary == SeedScope.declaredWidth.name && $0.seed == SeedScope.declaredWidth.citation
            })
        expectTrue(r.findingClasses.outsideScope == r.findings.count && r.findingClasses.failure == 0)
        expectTrue(!SeedScope.declaredWidth.contains(drawn.facts))
    }

    /// A width-axis finding at fontScale 2.0 is inside the width table's coverage: the same caption
    /// cut that is outside the height tables' scope as a shed stays in scope as a cut.
    @Test func aCutAtFontScaleTwoIsInScope() throws {
        let (bare, drawn) = try report(Self.newDayAtTheFloor, known: KnownFindings())
        let cut = try #require(bare.findings.first { $0.kind == .truncated })
        let f = GateFailure(key: "k", kind: cut.kind, detail: cut.detail, node: cut.node, element: cut.element)
        expectTrue(
            SeedScope.rule(of: f, facts: drawn.facts) == .layout && SeedScope.crossed(f, facts: drawn.facts) == nil)
    }

    /// `verify` over real renders: the floor's caption cut without its entry fails; New day's shed
    /// at fontScale 2.0 and every finding of a 90 dp card are outside scope — listed, not failed;
    /// with the committed file the floor's findings are known. Spec gaps come from the iOS Coach row.
    @Test func verifySortsRealRendersIntoTheirClasses() throws {
        func fixture(_ key: String, _ args: [String]) throws -> Fixture {
            let a = try ArgumentParser.parse(
                args + ["-o", "x.png"], valued: AdHocRenderOptions.valued, switches: AdHocRenderOptions.switches)
            let drawn = try WidgetPipeline.render(try AdHocRenderOptions.parse(a), fonts: fonts)
            return Fixture(key: key) { _ in DrawnScene(scene: drawn.scene, facts: drawn.facts) }
        }
        let catalog = [
            try fixture("test/floor", Self.newDayAtTheFloor),
            try fixture(
                "test/narrow",
                ["--family", "small", "--width", "90", "--height", "130", "--font-scale", "2.0", "--state", "newDay"]),
            try fixture(
                "test/coach",
                [
                    "--platform", "ios", "--family", "systemMedium", "--device-class", "390x844", "--snapshot",
                    try coachLineAbsentSnapshot(), "--as-of", "2026-09-17T08:30:00+02:00", "--time-zone",
                    "Europe/Berlin",
                ]),
        ]
        let dir = try PrivateFolder.make("evidence-classes").url
        defer { try? FileManager.default.removeItem(at: dir) }
        let painter = CairoPainter(fonts: fonts)
        var o = GateOptions(goldens: dir, jobs: 1)
        _ = try Recorder.record(o, catalog: catalog, painter: painter)
        o.checks = CheckRegistry.renderChecks.filter { $0.kind == .truncated || $0.kind == .lostMeaning }
        let bare = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(
            bare.failures.map(\.key).sorted() == ["test/coach", "test/floor"],
            "\(bare.failures.map { "\($0.key) \($0.detail)" })")
        expectTrue(bare.failures.allSatisfy { $0.key != "test/floor" || $0.kind == .truncated })
        let outside = try #require(bare.outsideScope)
        expectTrue(
            Set(outside.map(\.key)) == ["test/floor", "test/narrow"]
                && outside.allSatisfy { $0.findingClass == .outsideScope })
        expectTrue(
            outside.filter { $0.key == "test/narrow" }.allSatisfy { $0.boundary == SeedScope.declaredWidth.name })
        expectTrue(bare.passed == ["test/narrow"] && bare.known.isEmpty)

        o.knownFindings = try committed
        let filed = try Verifier.verify(o, catalog: catalog, painter: painter)
        expectTrue(filed.failures.isEmpty, "\(filed.failures.map(\.detail))")
        expectTrue(Set(filed.known.filter { $0.findingClass == .known }.map(\.key)) == ["test/floor"])
        expectTrue(Set(filed.known.filter { $0.findingClass == .specGap }.map(\.key)) == ["test/coach"])
        expectTrue(filed.outsideScope?.allSatisfy { $0.key == "test/narrow" } == true)
        // Both results are what Schemas/result.schema.json describes, each class in its own list.
        let schema = try JSONValue.parse(
            Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("Schemas/result.schema.json"))))
        for r in [bare, filed] {
            let errors = SchemaValidator(root: schema).errors(try JSONValue.parse(Array(try resultJSON(r).utf8)))
            expectTrue(errors.isEmpty, "\(errors.prefix(5))")
        }
        let counts = filed.findingCounts
        expectTrue(
            counts.failure == 0 && counts.specGap >= 1 && counts.known == 2
                && counts.outsideScope == filed.outsideScope?.count)
        expectTrue(
            filed.classCountsLine
                == "\(counts.specGap) spec gap\(counts.specGap == 1 ? "" : "s"), 2 known, \(counts.outsideScope) "
                + "outside the seed's scope, 0 failures"
        )
        expectTrue(bare.findingCounts.failure == bare.failures.count)
    }

    // MARK: The boundaries

    /// A real render's facts, moved to the size, font scale and streak a row needs.
    func facts(
        family: FixtureFamily = .android(.small), width: Double = 150, height: Double = 150, fontScale: Double = 1,
        streak: Int = 12
    ) throws -> RenderFacts {
        var facts = try report(["--family", "small"], known: KnownFindings()).1.facts
        facts.family = family
        facts.size = Size(width, height)
        facts.fontScale = fontScale
        facts.resolved.streak = streak
        facts.resolved.longestStreak = streak
        return facts
    }

    /// Each boundary at its edges, and the rules that depend on it: a width finding at fontScale 2.0
    /// is in scope, a height shed is not; a 4-digit streak is outside only for the streak block.
    @Test(arguments: [
        // (width, height, fontScale, streak, element, kind, detail, outside boundary)
        (110.0, 130.0, 2.0, 999, ElementKind.numeral, FailureKind.clipped, "x", String?.none),
        (109.9, 130.0, 1.0, 12, .caption, .truncated, "x", "declared width"),
        (500.0, 400.0, 1.0, 12, .caption, .truncated, "x", nil),
        (500.1, 400.0, 1.0, 12, .caption, .truncated, "x", "declared width"),
        (200.0, 129.0, 1.0, 12, .caption, .truncated, "x", "declared height"),
        (200.0, 400.5, 1.0, 12, .caption, .truncated, "x", "declared height"),
        (200.0, 200.0, 2.01, 12, .caption, .truncated, "x", "font scale (any table)"),
        (200.0, 200.0, 1.3, 12, .progress, .lostMeaning, "absent: x", nil),
        (200.0, 200.0, 1.31, 12, .progress, .lostMeaning, "absent: x", "font scale (height tables)"),
        (200.0, 200.0, 1.6, 12, .habitTitle, .lostMeaning, "shed out of order: x", "font scale (height tables)"),
        (200.0, 200.0, 1.6, 12, .pip, .lostMeaning, "contradicting cues: x", nil),
        (200.0, 200.0, 1.6, 12, .caption, .lostMeaning, "repeated: x", nil),
        (200.0, 200.0, 1.0, 1000, .numeral, .clipped, "x", "streak digits"),
        (200.0, 200.0, 1.0, 1000, .caption, .truncated, "x", nil),
        (90.0, 90.0, 3.0, 99999, .caption, .contrast, "x", "declared width"),
        (200.0, 200.0, 1.6, 99999, .caption, .contrast, "x", nil),
        (90.0, 90.0, 3.0, 99999, .caption, .missingGlyph, "x", nil),
        (90.0, 90.0, 3.0, 99999, .pip, .colourAlone, "x", nil),
    ])
    func boundaries(
        width: Double, height: Double, fontScale: Double, streak: Int, element: ElementKind, kind: FailureKind,
        detail: String, outside: String?
    ) throws {
        let facts = try facts(width: width, height: height, fontScale: fontScale, streak: streak)
        let f = GateFailure(key: "k", kind: kind, detail: detail, node: element.rawValue, element: element)
        expectTrue(SeedScope.crossed(f, facts: facts)?.name == outside)
    }

    /// iOS has no boundary: the seeds bound no iOS size, Dynamic Type size or digit count.
    @Test func iOSIsAlwaysInScope() throws {
        var facts = try facts(family: .ios(.accessoryInline), width: 2000, height: 5, fontScale: 1, streak: 99999)
        facts.textSize = .accessibility3
        for kind in [FailureKind.truncated, .clipped, .lostMeaning] {
            expectTrue(
                SeedScope.crossed(
                    GateFailure(key: "k", kind: kind, detail: "absent: x", node: "inline-label", element: .inlineLabel),
                    facts: facts) == nil)
        }
    }

    /// Every boundary quotes seed 000 byte-exact: the file beside the package (../shared/seeds).
    @Test func everyBoundaryQuotesItsPassageByteExact() throws {
        let seeds = PackagePaths.root.deletingLastPathComponent().appendingPathComponent("shared/seeds")
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: seeds.path).first {
                $0.hasPrefix("000_") && $0.hasSuffix(".txt")
            },
            "no seed 000 in \(seeds.path)")
        let seed = try Data(contentsOf: seeds.appendingPathComponent(name))
        for b in SeedScope.boundaries {
            expectTrue(!b.passages.isEmpty, "\(b.name) quotes nothing")
            for p in b.passages {
                expectTrue(seed.range(of: Data(p.utf8)) != nil, "\(b.name): \"\(p)\" is not in \(name)")
            }
            expectTrue(b.citation.hasPrefix("000, \(b.section): \""))
        }
        expectTrue(Set(SeedScope.boundaries.map(\.name)).count == SeedScope.boundaries.count)
    }

    /// The failure-kinds page documents every boundary (its name and range) and every rule, so the
    /// table a reader trusts is the one the code applies.
    @Test func theDocsListEveryBoundaryAndRule() throws {
        let page = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("docs/reference/failure-kinds.md"), encoding: .utf8)
        for b in SeedScope.boundaries {
            expectTrue(page.contains("| \(b.name) | \(b.covers)"), "failure-kinds.md has no row for \(b.name)")
        }
        for r in SeedScope.Rule.allCases {
            expectTrue(page.contains("| \(r.rawValue) |"), "failure-kinds.md has no row for the \(r.rawValue) rule")
        }
        for c in FindingClass.allCases {
            expectTrue(page.contains("| `\(c.rawValue)` |"), "failure-kinds.md has no row for \(c.rawValue)")
        }
    }

    // MARK: The known-findings file's class

    @Test(arguments: [
        (
            #"{"findings":[{"conditions":{"platform":"ios"},"kind":"truncated","node":"caption","seed":"000"}]}"#,
            "findings[0]", "missing \"class\""
        ),
        (
            #"{"findings":[{"class":"outside-scope","conditions":{"platform":"ios"},"kind":"truncated","#
                + #""node":"caption","seed":"000"}]}"#,
            "findings[0].class", "'outside-scope' is not known or spec-gap"
        ),
        (
            #"{"findings":[{"class":"gap","conditions":{"platform":"ios"},"kind":"truncated","node":"caption","#
                + #""seed":"000"}]}"#,
            "findings[0].class", "'gap' is not known or spec-gap"
        ),
        (
            #"{"findings":[{"class":3,"conditions":{"platform":"ios"},"kind":"truncated","node":"caption","#
                + #""seed":"000"}]}"#,
            "findings[0].class", "expected a string"
        ),
    ])
    func aMissingOrUnknownClassIsRejected(json: String, at: String, problem: String) {
        #expect {
            _ = try KnownFindings.parse(Array(json.utf8), name: "known-findings.json")
        } throws: { e in
            guard let e = e as? InputError else { return false }
            return e.location == "known-findings.json: \(at)" && e.problem.hasPrefix(problem)
                && !e.description.contains("\n")
        }
    }

    @Test func bothClassesLoad() throws {
        let json =
            #"{"findings":[{"class":"spec-gap","conditions":{"platform":"ios","family":["systemSmall"]},"#
            + #""kind":"truncated","node":"caption","seed":"000"},{"class":"known","conditions":{"platform":"ios","#
            + #""family":["systemSmall"]},"kind":"truncated","node":"caption","seed":"000"}]}"#
        expectTrue(
            try KnownFindings.parse(Array(json.utf8), name: "k.json").entries.map(\.findingClass) == [.specGap, .known])
    }

    /// `Schemas/known-findings.schema.json` describes the file the loader reads: the committed file
    /// validates, its class and kind enums are the loader's, and an entry without a class fails both.
    @Test func theSchemaMatchesTheLoader() throws {
        let schema = try JSONValue.parse(
            Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("Schemas/known-findings.schema.json"))))
        let file = try JSONValue.parse(Array(try Data(contentsOf: PackagePaths.knownFindings)))
        expectTrue(SchemaValidator(root: schema).errors(file).isEmpty, "\(SchemaValidator(root: schema).errors(file))")
        func words(_ v: JSONValue?) -> Set<String> {
            guard case .array(let a)? = v else { return [] }
            return Set(a.compactMap { if case .string(let s) = $0 { s } else { nil } })
        }
        let entry = schema["$defs"]?["entry"]
        let classes = words(entry?["properties"]?["class"]?["enum"])
        let kinds = words(entry?["properties"]?["kind"]?["enum"])
        let required = words(entry?["required"])
        expectTrue(classes == Set(FindingClass.entryClasses.map(\.rawValue)))
        expectTrue(kinds == Set(KnownFinding.allowedKinds.map(\.rawValue)))
        expectTrue(required.contains("class") && required.isSubset(of: Set(KnownFinding.fields)))
        let classless =
            #"{"findings":[{"conditions":{"platform":"ios"},"kind":"truncated","node":"caption","seed":"000"}]}"#
        expectTrue(!SchemaValidator(root: schema).errors(try JSONValue.parse(Array(classless.utf8))).isEmpty)
        #expect(throws: InputError.self) { try KnownFindings.parse(Array(classless.utf8), name: "k.json") }
    }

    /// The committed entries: the passages naming their exact condition (a "Known limitation" or
    /// "Known gap") are known; every other entry quotes the rule that produces its loss — a spec
    /// gap (the coach-line fallback, issue #51's one-line floors and the core).
    @Test func theCommittedEntriesAreClassified() throws {
        let entries = try committed.entries
        expectTrue(entries.filter { $0.findingClass == .known }.count == 3)
        for e in entries {
            let namesItsCondition = e.seed.contains("Known limitation") || e.seed.contains("Known gap")
            expectTrue((e.findingClass == .known) == namesItsCondition, "\(e.kind) \(e.node): \(e.findingClass)")
        }
    }

    // MARK: The outputs

    func match(_ c: FindingClass, key: String, entry: KnownFinding? = nil, boundary: SeedScope.Boundary? = nil)
        -> KnownMatch
    {
        KnownMatch(
            key: key, kind: .lostMeaning, node: "coach-line", element: .coachLine, detail: "repeated: x",
            seed: boundary?.citation ?? entry?.seed ?? "000", findingClass: c, boundary: boundary?.name, entry: entry)
    }

    /// The verify summary: spec gaps listed first, then known, then outside scope, then the counts
    /// line — whatever order the run found them in.
    @Test func theSummaryListsSpecGapsFirst() throws {
        let known = KnownFinding(
            conditions: KnownConditions(platform: .android), kind: .lostMeaning, node: "coach-line",
            seed: "000, A: \"a\"")
        let gap = KnownFinding(
            conditions: KnownConditions(platform: .ios), kind: .lostMeaning, node: "coach-line", seed: "000, B: \"b\"",
            findingClass: .specGap)
        var result = VerifyResult(
            passed: ["android/small/default/flame/light", "ios/systemMedium/default/flame/light"], failures: [],
            comparison: "exact", fastPath: 0)
        result.known = [
            match(.known, key: "android/small/default/flame/light", entry: known),
            match(.specGap, key: "ios/systemMedium/default/flame/light", entry: gap),
        ]
        result.outsideScope = [
            match(
                .outsideScope, key: "android/medium/first-run/no-motif/legacy/light",
                boundary: SeedScope.heightTableFontScale)
        ]
        let lines = ConsoleHandler(knownFindings: KnownFindings(entries: [known, gap])).lines(result)
        let gapLine = try #require(
            lines.firstIndex { $0.hasPrefix("SPEC GAP lost-meaning ios coach-line: 1 fixture [seed 000, B]") },
            "\(lines)")
        let knownLine = try #require(
            lines.firstIndex { $0.hasPrefix("KNOWN lost-meaning android coach-line: 1 fixture [seed 000, A]") },
            "\(lines)")
        let outside = try #require(
            lines.firstIndex {
                $0.hasPrefix(
                    "OUTSIDE SCOPE lost-meaning android/medium beyond the font scale (height tables) (fontScale ≤ "
                        + "1.3): 1 finding in 1 fixture [seed 000, "
                )
            }, "\(lines)")
        expectTrue(gapLine < knownLine && knownLine < outside)
        expectTrue(
            lines.contains(
                "findings: 1 spec gap, 1 known, 1 outside the seed's scope, 0 failures (only failures fail; spec gaps "
                    + "and known are listed in known-findings.json)"
            ))
        expectTrue(lines.last == "2 passed, 0 failed")
        // The page: one table per class, spec gaps first.
        let page = HTMLReport.knownFindings(result.known + (result.outsideScope ?? []))
        let order = ["class=\"known spec-gap\"", "class=\"known known\"", "class=\"known outside-scope\""].map {
            page.range(of: $0)?.lowerBound
        }
        expectTrue(order.allSatisfy { $0 != nil } && order[0]! < order[1]! && order[1]! < order[2]!)
        // The page's header and the GitHub step summary count them too.
        expectTrue(
            try HTMLReport.render(result).contains(
                "<b>2 passed, 0 failed</b> · findings: 1 spec gap, 1 known, 1 outside the seed&#39;s scope, 0 failures")
        )
        expectTrue(
            GitHubAnnotations.summary(result, page: nil).contains(
                "findings: 1 spec gap, 1 known, 1 outside the seed's scope, 0 failures\n"))
        // JUnit's properties count them apart.
        let props = JUnitReport.properties(result)
        expectTrue(
            props.contains { $0 == ("spec-gaps", "1") } && props.contains { $0 == ("known-findings", "1") }
                && props.contains { $0 == ("outside-scope", "1") })
    }

    /// `render --json` and the result JSON carry each finding's class; `render --json` counts them.
    @Test func theJSONOutputsNameTheClass() throws {
        let (r, _) = try report(Self.newDayAtTheFloor, known: try committed)
        let json = try JSONValue.parse(Array(try JSONEncoder().encode(r)))
        guard case .object(let top) = json,
            case .object(let counts)? = top.first(where: { $0.key == "findingClasses" })?.value,
            case .array(let findings)? = top.first(where: { $0.key == "findings" })?.value,
            case .object(let first)? = findings.first
        else {
            Issue.record("no findingClasses / findings in \(json)")
            return
        }
        expectTrue(counts.map(\.key).sorted() == ["failure", "known", "outside-scope", "spec-gap"])
        expectTrue(first.contains { $0.key == "class" })
        var result = VerifyResult(passed: [], failures: [], comparison: "exact", fastPath: 0)
        result.outsideScope = [
            match(
                .outsideScope, key: "android/medium/first-run/no-motif/legacy/light", boundary: SeedScope.streakDigits)
        ]
        result.known = [match(.specGap, key: "ios/systemMedium/default/flame/light")]
        let text = String(decoding: try JSONEncoder().encode(result), as: UTF8.self)
        expectTrue(
            text.contains(#""class":"outside-scope""#) && text.contains(#""boundary":"streak digits""#)
                && text.contains(#""class":"spec-gap""#))
        // The result schema refuses an outside-scope match without its boundary, and a known match of another class.
        let schema = try JSONValue.parse(
            Array(try Data(contentsOf: PackagePaths.root.appendingPathComponent("Schemas/result.schema.json"))))
        expectTrue(SchemaValidator(root: schema).errors(try JSONValue.parse(Array(text.utf8))).isEmpty)
        var broken = result
        broken.outsideScope?[0].boundary = nil
        broken.known[0].findingClass = .outsideScope
        expectTrue(
            SchemaValidator(root: schema).errors(try JSONValue.parse(Array(try resultJSON(broken).utf8))).count == 2)
        let page = try String(
            contentsOf: PackagePaths.root.appendingPathComponent("docs/reference/result-json.md"), encoding: .utf8)
        guard case .object(let props)? = schema["properties"], props.count >= 12 else {
            Issue.record("the result schema lists no properties")
            return
        }
        for (name, _) in props { expectTrue(page.contains("| `\(name)` |"), "result-json.md has no row for \(name)") }
        let back = try JSONDecoder().decode(VerifyResult.self, from: Data(text.utf8))
        expectTrue(
            back.outsideScope?.first?.findingClass == .outsideScope && back.known.first?.findingClass == .specGap)
    }
}
