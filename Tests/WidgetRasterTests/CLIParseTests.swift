import EvidenceCore
import Foundation
import Testing
import WidgetLayout
import WidgetModel
import WidgetScene
import WidgetText

@testable import WidgetRaster
@testable import evidence

/// The CLI's argument parsing: plain values first, validation second, each a pure function.
@Suite struct CLIParseTests {
    @Test func gateOptionsDefaultsAndFlags() throws {
        let a = try ArgumentParser.parse(
            ["--filter", "android/small/*", "--jobs=1", "--compare", "perceptual", "--threshold", "0.2"],
            valued: GateArguments.valued, switches: ["json"])
        let o = try VerifyCommand.Arguments.parse(a).gateOptions()
        expectTrue(o.filter == "android/small/*" && o.jobs == 1)
        expectTrue(o.comparison == .perceptual(threshold: 0.2))
        let d = try VerifyCommand.Arguments.parse(ArgumentParser.parse([], valued: GateArguments.valued, switches: []))
            .gateOptions()
        expectTrue(d.comparison == .automatic && d.goldens == PackagePaths.goldens)
    }

    @Test(arguments: [
        ["--jobs", "0"], ["--jobs", "x"], ["--compare", "fuzzy"], ["--compare", "perceptual", "--threshold", "2"],
        ["--compare", "perceptual", "--threshold", "-0.1"], ["--threshold", "0.2"],
        ["--compare", "exact", "--threshold", "0.2"],
    ])
    func badGateOptions(args: [String]) {
        #expect(throws: InputError.self) {
            try VerifyCommand.Arguments.parse(ArgumentParser.parse(args, valued: GateArguments.valued, switches: []))
                .gateOptions()
        }
    }

    @Test func unknownFilterIsAnError() {
        #expect(throws: InputError.self) { try GateArguments.fixtures("no/such/*") }
    }

    @Test func planDefaultsAreTheReferenceCase() throws {
        let o = try PlanCommand.parse([])
        guard case .android(let r) = o.target, case .synthetic(let w) = o.input.source else {
            Issue.record("not android/synthetic")
            return
        }
        expectTrue(!o.json && r.widthDp == 230 && r.heightDp == 330 && r.fontScale == 1 && r.family == .auto)
        expectTrue(
            w.streak == 12 && w.longest == 21 && w.habits == 5 && w.done == 0 && w.extendedToday == false && w.kindling
                && w.state == .defaultProgress && w.motif == .stones)
    }

    @Test(arguments: [
        ["--width", "0"], ["--width", "100000"], ["--font-scale", "0"], ["--streak", "-3"],
        ["--habits", "3", "--done", "9"], ["--state", "bogus"], ["--kindling", "maybe"],
        ["--state", "newDay", "--snapshot", "s.json"], ["-o", "x.png"], ["--platform", "ios", "--font-scale", "2"],
    ])
    func badPlanOptions(args: [String]) {
        #expect(throws: InputError.self) { try PlanCommand.parse(args) }
    }

    static let renderBase = ["--as-of", "2026-11-30T20:00:00Z", "--time-zone", "UTC", "-o", "x.png"]
    static func renderArgs(_ extra: [String]) throws -> AdHocRenderOptions {
        try AdHocRenderOptions.parse(
            ArgumentParser.parse(
                extra + renderBase, valued: AdHocRenderOptions.valued,
                switches: AdHocRenderOptions.switches))
    }

    /// `render` with only size options draws what --help says the defaults are (it used to ask for
    /// a snapshot): the reference widget, the same one `plan` with the same flags plans.
    @Test func renderWithOnlySizeOptionsDrawsTheDefaultWidget() throws {
        let size = [
            "--platform", "android", "--family", "medium", "--width", "300", "--height", "180", "--font-scale", "1.3",
        ]
        let o = try AdHocRenderOptions.parse(RenderCommand.options.parse(size + ["-o", "x.png"]))
        expectTrue(o.input.source == .synthetic(SyntheticWidget()))
        expectTrue(o.input == (try PlanCommand.parse(size)).input)
        guard case .synthetic(let w) = o.input.source else { return }
        expectTrue(w.state.rawValue == WidgetInputOptions.state.defaultValue?.literal)
        #expect(throws: Never.self) { try AdHocRenderOptions.parse(RenderCommand.options.parse(["-o", "x.png"])) }
    }

    @Test func onBadSnapshotDefaultsToFailAndTakesFallback() throws {
        expectTrue(try Self.renderArgs(["--snapshot", "s.json"]).onBadSnapshot == .fail)
        expectTrue(
            try Self.renderArgs(["--snapshot", "s.json", "--on-bad-snapshot", "fallback"]).onBadSnapshot == .fallback)
        #expect(throws: InputError.self) {
            try Self.renderArgs(["--snapshot", "s.json", "--on-bad-snapshot", "ignore"])
        }
        #expect(throws: InputError.self) { try Self.renderArgs(["--no-snapshot", "--on-bad-snapshot", "fallback"]) }
    }

    @Test func iosTargetDefaultsAndFlags() throws {
        func target(_ args: [String]) throws -> IOSRenderRequest {
            let o = try PlanCommand.parse(["--platform", "ios"] + args)
            guard case .ios(let r) = o.target else { throw InputError("test", "not ios") }
            return r
        }
        let d = try target([])
        expectTrue(
            d.family == .systemMedium && d.size == Size(338, 158) && d.scale == 2 && d.deviceClass == "393x852"
                && d.textSize == .large)
        let c = try target([
            "--family", "systemLarge", "--device-class", "375x667", "--scale", "3", "--text-size", "AX3",
        ])
        expectTrue(c.size == Size(321, 324) && c.scale == 3 && c.textSize == .accessibility3)
        let e = try target(["--family", "systemSmall", "--width", "200", "--height", "180"])
        expectTrue(e.size == Size(200, 180) && e.deviceClass == nil)
        // The accessories default to the 430 × 932 class (the seed's 172 × 76 pt rectangular).
        let a = try target(["--family", "accessoryRectangular"])
        expectTrue(
            a.family == .accessoryRectangular && a.size == Size(172, 76) && a.deviceClass == "430x932"
                && a.hostMode == .full)
        expectTrue(try target(["--family", "accessoryCircular", "--device-class", "375x667"]).size == Size(68, 68))
        expectTrue(try target(["--family", "accessoryInline"]).size == Size(257, 26))
        expectTrue(try target(["--family", "systemSmall", "--host-mode", "night"]).hostMode == .night)
        // Android has no host modes
        #expect(throws: InputError.self) { try PlanCommand.parse(["--host-mode", "tinted"]) }
    }

    /// StandBy and Night draw systemSmall only (issue #21 item 5), tinted every Home Screen family,
    /// no host mode an accessory: `render` / `plan` refuse the rest with one line naming the flag.
    @Test func hostModesAreRefusedWhereNoHostDrawsThem() throws {
        for family in IOSFamily.allCases {
            for mode in HostMode.allCases {
                let args = ["--platform", "ios", "--family", family.rawValue, "--host-mode", mode.rawValue]
                if mode.draws(family) {
                    #expect(throws: Never.self, "\(family) \(mode)") { try PlanCommand.parse(args) }
                } else {
                    #expect(throws: InputError.self, "\(family) \(mode)") { try PlanCommand.parse(args) }
                }
            }
        }
        expectTrue(HostMode.allCases.filter { $0.draws(.systemMedium) } == [.full, .tinted, .ios16])
        expectTrue(HostMode.allCases.filter { $0.draws(.systemSmall) } == HostMode.allCases)
        let refused = #expect(throws: InputError.self) {
            try PlanCommand.parse(["--platform", "ios", "--family", "systemMedium", "--host-mode", "standby"])
        }
        expectTrue(
            refused?.description
                == "--host-mode: standby draws systemSmall only: StandBy shows small-family widgets only, not "
                + "systemMedium"
        )
    }

    @Test(arguments: [
        ["--device-class", "1x1"], ["--device-class", "393x852", "--width", "100"], ["--width", "100"],
        ["--scale", "4"], ["--scale", "1"], ["--font-scale", "1.3"], ["--family", "small"], ["--text-size", "huge"],
        ["--family", "accessoryCircular", "--host-mode", "tinted"],
        ["--family", "accessoryInline", "--device-class", "320x568"],
        ["--host-mode", "dim"],
    ])
    func badIOSOptions(args: [String]) {
        #expect(throws: InputError.self) { try PlanCommand.parse(["--platform", "ios"] + args) }
    }

    /// The size flags' edges on each platform, with the exact error each refusal prints (the
    /// platform's declaration checks the value once --platform is known).
    @Test(
        arguments: [
            (["--width", "40", "--height", "1000", "--font-scale", "0.5", "--density", "4"], nil, nil),
            (["--width", "1000", "--height", "40", "--font-scale", "3", "--density", "0.5"], nil, nil),
            (["--width", "39.9"], "--width", "39.9 is outside 40.0…1000.0 dp"),
            (["--width", "1000.1"], "--width", "1000.1 is outside 40.0…1000.0 dp"),
            (["--width", "abc"], "--width", "expected a number, got 'abc' dp"),
            (["--width", "nan"], "--width", "nan is outside 40.0…1000.0 dp"),
            (["--height", "inf"], "--height", "inf is outside 40.0…1000.0 dp"),
            (["--height", "39"], "--height", "39 is outside 40.0…1000.0 dp"),
            (["--font-scale", "0.49"], "--font-scale", "0.49 is outside 0.5…3.0"),
            (["--font-scale", "3.01"], "--font-scale", "3.01 is outside 0.5…3.0"),
            (["--density", "0.4"], "--density", "0.4 is outside 0.5…4.0 px per dp"),
            (["--density", "q"], "--density", "expected a number, got 'q' px per dp"),
            (
                ["--family", "systemSmall"], "--family",
                "'systemSmall' is an ios family: add --platform ios (--platform android takes small, medium, large, "
                    + "auto)"
            ),
            (["--family", "tiny"], "--family", "unknown value 'tiny'; expected one of small, medium, large, auto"),
            (["--scale", "2"], "--scale", "only applies to --platform ios"),
            (["--platform", "ios", "--width", "20", "--height", "1000", "--scale", "3"], nil, nil),
            (["--platform", "ios", "--width", "1000", "--height", "20", "--scale", "2"], nil, nil),
            (["--platform", "ios", "--width", "19.9", "--height", "100"], "--width", "19.9 is outside 20.0…1000.0"),
            (
                ["--platform", "ios", "--width", "100", "--height", "1000.5"], "--height",
                "1000.5 is outside 20.0…1000.0"
            ),
            (["--platform", "ios", "--width", "x", "--height", "100"], "--width", "expected a number, got 'x'"),
            (["--platform", "ios", "--scale", "1"], "--scale", "1 is outside 2…3"),
            (["--platform", "ios", "--scale", "4"], "--scale", "4 is outside 2…3"),
            (["--platform", "ios", "--scale", "2.5"], "--scale", "expected a whole number, got '2.5'"),
            (
                ["--platform", "ios", "--family", "small"], "--family",
                "'small' is an android family: add --platform android "
                    + "(--platform ios takes systemSmall, systemMedium, systemLarge, accessoryCircular, "
                    + "accessoryRectangular, accessoryInline)"
            ),
            (
                ["--platform", "ios", "--family", "wide"], "--family",
                "unknown value 'wide'; expected one of systemSmall, systemMedium, systemLarge, accessoryCircular, "
                    + "accessoryRectangular, accessoryInline"
            ),
            (
                ["--platform", "ios", "--density", "9"], "--density",
                "only applies to --platform android (iOS: --scale, --text-size)"
            ),
            (
                ["--platform", "ios", "--width", "100"], "--height",
                "an explicit iOS size needs both --width and --height (pt)"
            ),
        ] as [([String], String?, String?)])
    func sizeFlagEdges(args: [String], location: String?, problem: String?) {
        guard let location, let problem else {
            #expect(throws: Never.self) { try PlanCommand.parse(args) }
            return
        }
        #expect { try PlanCommand.parse(args) } throws: { e in
            guard let e = e as? InputError else { return false }
            return e.location == location && e.problem == problem
        }
    }

    /// The size flags' defaults are the declarations' own: what `--help` prints is what is drawn.
    @Test func sizeFlagDefaultsAreTheDeclarations() throws {
        guard case .android(let r) = try PlanCommand.parse(["--family", "medium"]).target else {
            Issue.record("not android")
            return
        }
        expectTrue(r.fontScale == Double(AndroidRenderRequest.fontScaleOption.defaultValue?.literal ?? ""))
        expectTrue(r.density == Double(AndroidRenderRequest.densityOption.defaultValue?.literal ?? ""))
        expectTrue(Size(r.widthDp, r.heightDp) == AndroidRenderRequest.typicalSize(.medium))
        guard case .ios(let i) = try PlanCommand.parse(["--platform", "ios"]).target else {
            Issue.record("not ios")
            return
        }
        expectTrue(i.family.rawValue == IOSRenderRequest.familyOption.defaultValue?.literal)
        expectTrue(i.scale == Double(IOSRenderRequest.scaleOption.defaultValue?.literal ?? ""))
        // Each platform's range and default appear under its one flag in --help.
        for line in [
            "(40…1000 dp; default: the family's typical size (small 170 × 180", "(0.5…3; default 1)",
            "(0.5…4 px per dp; default 2)",
            "ios: the width in pt, with --height, instead of a device class (20…1000)", "(2…3; default 2)",
            "(small|medium|large|auto; default auto)", "accessoryInline; default systemMedium)",
        ] {
            expectTrue(RenderCommand.help.contains(line), "render --help lacks \(line)")
            expectTrue(PlanCommand.help.contains(line), "plan --help lacks \(line)")
        }
    }

    // MARK: one declaration per option: parse, check and --help from the same table

    /// A value each option's check accepts, so a walk can give every option once.
    static func sample(_ spec: OptionSpec) -> [String] {
        switch spec.check {
        case .none: return ["--\(spec.name)"]
        case .text: return ["--\(spec.name)", "x"]
        case .int(let r): return ["--\(spec.name)", String(r.lowerBound)]
        case .number(let r): return ["--\(spec.name)", String(r.upperBound)]
        case .choice(let words): return ["--\(spec.name)", words[0]]
        }
    }

    @Test func everyCommandDocumentsExactlyWhatItAccepts() throws {
        for cmd in allCommands {
            let table = cmd.options
            let help = cmd.help
            let names = table.all.map(\.name)
            expectTrue(Set(names).count == names.count, "\(cmd.name): an option declared twice")
            let shorts = table.all.compactMap(\.short)
            expectTrue(Set(shorts).count == shorts.count, "\(cmd.name): a short option declared twice")
            for spec in table.all {
                // Accepted → documented: the signature is in --help, and the parser takes it.
                expectTrue(help.contains("  " + spec.signature), "\(cmd.name) --help lacks \(spec.signature)")
                #expect(throws: Never.self, "\(cmd.name) rejects \(spec.signature)") {
                    _ = try table.parse(Self.sample(spec))
                }
            }
            // Documented → accepted: every --flag the help text names anywhere is in the table.
            // ('evidence verify --json' in another command's help names verify's option.)
            let mentioned = help.matches(of: /(?:evidence ([a-z]+) )?--([a-z][a-z-]*[a-z])/)
                .filter { $0.output.1.map { $0 == cmd.name } ?? true }.map { String($0.output.2) }
            for flag in Set(mentioned).subtracting(["help", "version"]) {
                expectTrue(names.contains(flag), "\(cmd.name) --help mentions --\(flag), which it does not accept")
            }
            #expect { try table.parse(["--no-such-option"]) } throws: {
                ($0 as? InputError)?.location == "--no-such-option"
            }
        }
    }

    @Test func theFlagsTheIssueFoundUndocumentedAreInHelp() {
        expectTrue(RenderCommand.help.contains("--host-mode M"))
        expectTrue(SheetCommand.help.contains("--jobs N"))
    }

    @Test func helpShowsDefaultsRangesAndChoicesFromTheDeclaration() {
        expectTrue(SheetCommand.help.contains("--columns N        cells per row (1…64; default 8)"))
        expectTrue(VerifyCommand.help.contains("--compare auto|exact|perceptual"))
        expectTrue(RecordCommand.help.contains("changed|missing|all; default changed"))
    }

    @Test func declaredDefaultsAreWhatTheCommandUses() throws {
        expectTrue(try SheetCommand.Arguments.parse(["-o", "s.png"]).columns == 8)
        expectTrue(try SheetCommand.Arguments.parse(["--columns", "3", "-o", "s.png"]).columns == 3)
        expectTrue(try BenchCommand.options.parse([]).int(BenchCommand.rounds) == 3)
        expectTrue(try RecordCommand.options.parse([]).choice(RecordCommand.mode, RecordMode.allCases) == .changed)
        let o = try VerifyCommand.Arguments.parse([]).gateOptions()
        expectTrue(o.comparison == .automatic && o.jobs == ProcessInfo.processInfo.activeProcessorCount)
        expectTrue(try VerifyCommand.Arguments.parse(["--compare", "EXACT"]).gateOptions().comparison == .exact)
    }

    @Test(arguments: [
        (["--columns", "0"], "--columns", "0 is outside 1…64"),
        (["--columns", "two"], "--columns", "expected a whole number, got 'two'"),
        (["--scale", "3"], "--scale", "3 is outside 0.25…2.0"),
        (["--scale", "nan"], "--scale", "nan is outside 0.25…2.0"),
        (["--filter", "a", "--filter", "b"], "--filter", "given twice ('a' and 'b'); it takes one value"),
        (["-o", "a.png", "--output=b.png"], "--output", "given twice ('a.png' and 'b.png'); it takes one value"),
        (["--colums", "3"], "--colums", "unknown option; did you mean --columns? see --help"),
        (["--zzz"], "--zzz", "unknown option; see --help"),
        (["--filter"], "--filter", "needs a value"),
        (["stray"], "stray", "unexpected argument; see --help"),
    ])
    func sheetArgumentErrors(args: [String], location: String, problem: String) {
        #expect { try SheetCommand.options.parse(args) } throws: { e in
            guard let e = e as? InputError else { return false }
            return e.location == location && e.problem == problem
        }
    }

    @Test func aRepeatedSwitchMeansTheSameAndARepeatableOptionKeepsEveryValue() throws {
        expectTrue(try ListCommand.options.parse(["--json", "--json"]).has(ListCommand.json))
        let from = OptionSpec.value("from", "FILE", "a result", repeats: true)
        let many = OptionTable([from])
        let a = try many.parse(["--from", "a.json", "--from=b.json"])
        expectTrue(a.values(from) == ["a.json", "b.json"])
        expectTrue(many.help.contains("may be repeated"))
    }

    @Test func didYouMeanForFlagsAndCommands() throws {
        #expect { try VerifyCommand.options.parse(["--fliter", "x"]) } throws: {
            ($0 as? InputError)?.problem == "unknown option; did you mean --filter? see --help"
        }
        #expect { try HelpCommand.command(named: "verfy") } throws: {
            "\($0)" == "unknown command 'verfy'; did you mean 'verify'? run 'evidence help' for the list"
        }
        #expect { try HelpCommand.command(named: "frobnicate") } throws: {
            "\($0)" == "unknown command 'frobnicate'; run 'evidence help' for the list"
        }
        expectTrue(Suggestion.nearest("jbos", among: ["jobs", "json"]) == "jobs")
        expectTrue(Suggestion.nearest("thresh", among: ["threshold", "theme"]) == "threshold")  // a unique prefix
        expectTrue(Suggestion.nearest("fo", among: ["foa", "fob"]) == nil)  // two equally near: no guess
        expectTrue(Suggestion.nearest("wibble", among: ["filter", "jobs"]) == nil)
    }

    @Test func versionPrintsTheToolAndTheRendererEnvironment() throws {
        for args in [["--version"], ["version"]] {
            let run = try HostileCaseTests.evidence(args)
            expectTrue(run.code == 0)
            let env = RendererEnvironment.current(fonts: try FontLibrary.bundled.get())
            let lines = run.out.split(separator: "\n")
            expectTrue(lines.first == "evidence \(ToolVersion.current)"[...])
            let renderer =
                "renderer: cairo \(env.cairo), freetype \(env.freetype), harfbuzz \(env.harfbuzz), libpng "
                + "\(env.libpng), zlib \(env.zlib)"
            expectTrue(lines.dropFirst().first == renderer[...])
        }
    }

    @Test func mistypedCommandAndFlagExitTwoWithASuggestion() throws {
        let flag = try HostileCaseTests.evidence(["verify", "--fliter", "x"])
        expectTrue(
            flag.code == 2
                && flag.err == "evidence verify: --fliter: unknown option; did you mean --filter? see --help\n")
        let cmd = try HostileCaseTests.evidence(["verfy"])
        expectTrue(
            cmd.code == 2
                && cmd.err
                    == "evidence: unknown command 'verfy'; did you mean 'verify'? run 'evidence help' for the list\n"
        )
    }

    // MARK: known findings on the console: one short line per entry

    @Test func knownFindingsPrintOneShortLinePerEntry() throws {
        let known = try KnownFindings.load(from: PackagePaths.knownFindings)
        expectTrue(!known.entries.isEmpty)
        // Two fixtures under each entry whose glob matches its own text ('*' crosses anything; '[01]' does not match
        // itself).
        let entries = known.entries.filter { Glob.matches($0.fixture, $0.fixture + "/x") }
        expectTrue(entries.count >= 3)
        let matches = entries.flatMap { e in
            [e.fixture, e.fixture + "/x"].map {
                KnownMatch(
                    key: $0, kind: e.kind, node: e.node, element: e.element, detail: "long detail", seed: e.seed,
                    findingClass: e.findingClass, entry: e)
            }
        }
        let lines = KnownFindingLines.lines(matches, entries: known)
        expectTrue(lines.count == entries.count)
        // Spec gaps first (issue #51), each line under its entry's class.
        for (line, e) in zip(lines, FindingClass.specGapsFirst(entries, \.findingClass)) {
            // An entry decided by its conditions alone names them (`android small w110 fs2.0`).
            expectTrue(
                line.hasPrefix(
                    "\(e.findingClass.label) \(e.kind.rawValue) \(e.fixture == "*" ? e.conditions.summary : e.fixture) "
                        + "\(e.node): 2 fixtures [seed "
                ))
            expectTrue(line.count <= 200 && !line.contains("long detail"), "\(line)")
        }
    }

    @Test func theSeedSectionIsTheReferenceWithoutItsQuotation() {
        expectTrue(
            KnownFindingLines.section(of: "000, Width budget, Structural floor: \"Every single-line TextView\" …")
                == "000, Width budget, Structural floor")
        expectTrue(KnownFindingLines.section(of: "001 §4") == "001 §4")
        expectTrue(KnownFindingLines.section(of: String(repeating: "a", count: 200)).count == 80)
    }

    // MARK: spellings a user guesses (issue #35 item 4; README and docs are checked by DocsTests)

    /// `--state` takes the fixture keys' spelling too, and a near miss is answered with it.
    @Test func theStateTakesTheKeySpelling() throws {
        for (spelling, state) in [
            ("all-done", WidgetState.allDone), ("new-day", .newDay), ("first-run", .firstRun),
            ("default", .defaultProgress),
            ("stale", .stale), ("ALL-DONE", .allDone), ("allDone", .allDone),
        ] {
            let a = try RenderCommand.options.parse(["--state", spelling, "-o", "x.png"])
            guard case .synthetic(let w) = try WidgetInputOptions.parse(a).source else {
                Issue.record("\(spelling): not synthesized")
                continue
            }
            expectTrue(w.state == state, "\(spelling)")
        }
        #expect { try RenderCommand.options.parse(["--state", "all_done"]) } throws: {
            "\($0)".contains("did you mean 'all-done'?") && "\($0)".contains("expected one of firstRun")
        }
        #expect { try RenderCommand.options.parse(["--state", "new_day"]) } throws: {
            "\($0)".contains("did you mean 'new-day'?")
        }
        #expect { try RenderCommand.options.parse(["--state", "alldon"]) } throws: {
            "\($0)".contains("did you mean 'allDone'?")
        }
        expectTrue(RenderCommand.help.contains("also first-run, new-day, all-done, default"))
    }

    /// `--family systemSmall` without `--platform ios` says which platform takes it (and the reverse).
    @Test func aFamilyOfTheOtherPlatformNamesItsPlatform() throws {
        func refusal(_ args: [String]) -> String? {
            do {
                _ = try RenderTarget.parse(RenderCommand.options.parse(args))
                return nil
            } catch { return "\(error)" }
        }
        let ios = try #require(refusal(["--family", "systemSmall"]))
        expectTrue(ios.contains("'systemSmall' is an ios family: add --platform ios"), "\(ios)")
        let android = try #require(refusal(["--platform", "ios", "--family", "Small"]))
        expectTrue(android.contains("'Small' is an android family: add --platform android"), "\(android)")
        expectTrue(refusal(["--family", "huge"])?.contains("expected one of small, medium, large, auto") == true)
        expectTrue(refusal(["--platform", "ios", "--family", "systemSmall"]) == nil)
        // timeline names only the families it draws
        let timeline = try #require(
            RenderTarget.familyOfOtherPlatform("systemLarge", platform: .android, own: ["medium", "small", "large"]))
        expectTrue("\(timeline)".hasSuffix("(--platform android takes medium, small, large)"))
    }

    /// A time zone in the wrong case, or one letter off, gets the IANA spelling — in every command that takes one.
    @Test func aTimeZoneInTheWrongCaseGetsItsSpelling() throws {
        #expect { try ianaTimeZone(parsing: "europe/berlin") } throws: {
            "\($0)".hasSuffix("did you mean 'Europe/Berlin'?")
        }
        #expect { try ianaTimeZone(parsing: "America/New_Yrok") } throws: {
            "\($0)".hasSuffix("did you mean 'America/New_York'?")
        }
        #expect { try ianaTimeZone(parsing: String(repeating: "x", count: 5000)) } throws: {
            "\($0)".contains("e.g. America/New_York")
        }
        expectTrue(try ianaTimeZone(parsing: "Europe/Berlin").identifier == "Europe/Berlin")
        let moment = ["--as-of", "2026-09-17T08:30:00+02:00", "--time-zone", "asia/tokyo"]
        #expect {
            try WidgetInputOptions.parse(RenderCommand.options.parse(["--snapshot", "s.json"] + moment))
        } throws: {
            "\($0)".contains("did you mean 'Asia/Tokyo'?")
        }
        #expect { try ResolveOptions.parse(["--no-snapshot"] + moment) } throws: {
            "\($0)".contains("did you mean 'Asia/Tokyo'?")
        }
    }

    /// A filter that matches nothing because of its case or one letter gets the respelled glob.
    @Test func aFilterInTheWrongCaseGetsItsSpelling() throws {
        expectTrue(FixtureCatalog.respelled(filter: "Android/small/*") == "android/small/*")
        expectTrue(FixtureCatalog.respelled(filter: "iOS/systemsmall/*/DARK") == "ios/systemSmall/*/dark")
        expectTrue(FixtureCatalog.respelled(filter: "android/smal/*") == "android/small/*")
        expectTrue(FixtureCatalog.respelled(filter: "android/small/*") == nil)  // it matches: nothing to respell
        expectTrue(FixtureCatalog.respelled(filter: "windows/*") == nil)
        expectTrue(FixtureCatalog.respelled(filter: String(repeating: "a/", count: 1000)) == nil)
        #expect { try GateArguments.keys("IOS/*") } throws: {
            "\($0)".contains("did you mean 'ios/*'? run 'evidence list'")
        }
    }

    @Test func renderFixtureRefusesWidgetOptionsItWouldIgnore() throws {
        func check(_ args: [String]) throws {
            try RenderCommand.checkFixtureAlone(RenderCommand.options.parse(["--fixture", "k", "-o", "x.png"] + args))
        }
        try check(["--json"])
        #expect { try check(["--width", "100"]) } throws: { ($0 as? InputError)?.location == "--width" }
        #expect { try check(["--no-snapshot"]) } throws: { ($0 as? InputError)?.location == "--no-snapshot" }
    }

    @Test func aMistypedFixtureKeyGetsTheNearestKey() throws {
        let key = try #require(try FixtureCatalog.load().first?.key)
        let typo = String(key.dropLast())
        expectTrue(Suggestion.nearest(typo, among: try FixtureCatalog.load().map(\.key)) == key)
    }
}
