import EvidenceCore
import Foundation
import WidgetRaster
import WidgetScene

struct BenchCommand: DeclaredCommand {
    static let name = "bench"
    static let summary = "Time verify, record, the contrast audit and the sheet, per fixture and at N× the matrix"
    static let usage = """
        usage: evidence bench [--filter GLOB] [--jobs N] [--rounds N] [--scale N] [--phase P]
                              [--prepare DIR | --prepared DIR]

        Against the bundled goldens (anything written goes to a private temporary folder — made new
        by mkdtemp, removed at the end, or by the next bench if this one is killed — never Goldens/):
          verify          render + hash; file hash unchanged → no decode (the fast path)
          verify-decode   render + decode the golden + exact compare
          record          render + encode + write, into an empty folder
          record-same     render + hash against a copy of the goldens: nothing to write
          contrast        the rendered contrast audit (render + foreground-free render + scan)
          sheet           a contact sheet at scale 0.5, 24 columns, to a temporary PNG
        Without --phase: verify, verify-decode and record, best of --rounds, in ms per fixture.
        With --phase P: that phase once, printed as one line with its wall time and the process's
        peak memory (scripts/bench.sh runs each phase in its own process under /usr/bin/time).
        --scale N replicates the matrix N times in memory (same scenes, keys 'scale-k/…', goldens
        hard-linked into a temporary folder) to show how time and memory grow with its size.
        Making that folder writes an N-fold manifest; --prepare DIR makes it once (DIR must not
        exist) and exits, so that --prepared DIR runs a phase on it without that work counting
        toward the phase's process (scripts/bench.sh measures the scale rows this way).
        Build with 'swift build -c release' first: debug timings mean nothing.
        """
    static let phases = ["verify", "verify-decode", "record", "record-same", "contrast", "sheet"]
    static let rounds = OptionSpec.value(
        "rounds", "N", "repetitions without --phase; the best is reported", check: .int(1...100), default: .value("3"))
    static let scale = OptionSpec.value("scale", "N", "matrix copies", check: .int(1...64), default: .value("1"))
    static let phase = OptionSpec.value(
        "phase", "P", "run one phase once: \(phases.joined(separator: ", "))", check: .choice(phases))
    // An output (issue #55): the allow-list keeps it out of Goldens/, Cases/, Tokens/ … like any page folder.
    static let prepare = OptionSpec.output(
        "prepare", "DIR", "make the goldens folder for --scale N (and --filter) in DIR, then stop", writes: .folder)
    static let prepared = OptionSpec.value(
        "prepared", "DIR", "use a folder made by --prepare with the same --scale and --filter")
    struct Arguments: ParsableArguments {
        @OptionGroup var matrix: MatrixArguments
        @Option(BenchCommand.rounds) var rounds: Int
        @Option(BenchCommand.scale) var scale: Int
        @Option(BenchCommand.phase) var phase: String?
        @Option(BenchCommand.prepare) var prepare: String?
        @Option(BenchCommand.prepared) var prepared: String?
    }

    /// `--phase record-same` records into the `--prepared` folder: an output it owns, so the
    /// project's goldens (or any folder the run reads) are refused as one (issue #55: `--prepared
    /// Goldens --filter X --phase record-same` removed every golden outside X as stale).
    static func ownedOutputs(_ a: ParsedArguments) throws -> [OutputAllowList.Output] {
        guard a.string(phase)?.lowercased() == "record-same", let dir = a.given(prepared) else { return [] }
        return [.init("--prepared", dir, .ownedFolder(role: "prepared"))]
    }

    static func run(_ a: Arguments) throws -> Int32 {
        var o = try a.matrix.gateOptions()
        let rounds = a.rounds
        let scale = a.scale
        let phase = a.phase?.lowercased()  // the check is case-insensitive; the phases are lower case
        let base = try GateArguments.fixtures(o.filter, cases: try a.matrix.casesFolder())
        // A scaled matrix is a goldens folder like any other: refused before it is made, not after.
        let most = GoldensBounds.maxGoldens / max(1, base.count)
        guard scale <= most else {
            throw InputError(
                "--scale",
                "\(scale) copies of \(base.count) fixtures are \(scale * base.count) goldens, more than the "
                    + "\(GoldensBounds.maxGoldens) a goldens folder may hold; at most --scale \(most)")
        }
        let painter = try GateArguments.painter()
        o.comparison = .exact
        #if DEBUG
            printError(
                "warning: debug build — run 'swift build -c release' and .build/release/evidence bench for real numbers"
            )
        #endif

        // A private mkdtemp folder (never a predictable name that a planted link could redirect);
        // a killed bench's folder is removed by the next bench.
        let scratch = try PrivateFolder.make("evidence-bench")
        defer { scratch.remove() }
        let tmp = scratch.url
        let fixtures = ScaleBench.replicate(base, scale)
        o.filter = nil
        // A filtered or scaled run gets goldens of its own, so nothing outside it reads as stale.
        if a.prepare != nil && a.prepared != nil {
            throw InputError(
                "--prepare", "use --prepare DIR to make a folder, then --prepared DIR to use it: not both at once")
        }
        if let dir = a.prepare {
            let url = URL(fileURLWithPath: dir)
            var st = stat()  // lstat: a link (even a dangling one) counts as existing, and is never followed
            guard lstat(url.path, &st) != 0 else {
                throw InputError(dir, "already exists; --prepare makes a new folder and never writes into one")
            }
            do { try ScaleBench.makeGoldens(catalog: base, n: scale, from: a.matrix.goldensFolder, in: url) } catch {
                try? FileManager.default.removeItem(at: url)
                throw error
            }  // nothing half-made is left
            print("prepared \(fixtures.count) goldens (scale \(scale)) in \(dir)")
            return 0
        } else if let dir = a.prepared {
            o.goldens = URL(fileURLWithPath: dir)
            guard FileManager.default.fileExists(atPath: o.goldens.appendingPathComponent(Manifest.fileName).path)
            else {
                throw InputError(
                    dir, "has no \(Manifest.fileName); make it with 'evidence bench --scale \(scale) --prepare \(dir)'")
            }
        } else if scale > 1 || phase == "record-same" || a.matrix.filter != nil {
            o.goldens = tmp.appendingPathComponent("goldens")
            try ScaleBench.makeGoldens(catalog: base, n: scale, from: a.matrix.goldensFolder, in: o.goldens)
        }
        let phaseRuns = Phases(
            options: o, fixtures: fixtures, painter: painter, scratch: tmp.appendingPathComponent("out"))

        if let phase {
            let setupMB = peakMemoryMB()  // catalog, fonts and (scaled) goldens, before the phase
            let t0 = DispatchTime.now().uptimeNanoseconds
            let detail = try phaseRuns.run(phase)
            let ms = Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6
            print(
                String(
                    format:
                        "%@ scale %d: %d fixtures, %.0f ms wall (%.3f ms/fixture), peak memory %.0f MB (%.0f MB before "
                        + "the phase), jobs %d%@",
                    phase, scale, fixtures.count, ms, ms / Double(fixtures.count), peakMemoryMB(), setupMB, o.jobs,
                    detail))
            return 0
        }

        func best(_ phase: String) throws -> Double {
            var times: [Double] = []
            for _ in 0..<rounds {
                let t0 = DispatchTime.now().uptimeNanoseconds
                _ = try phaseRuns.run(phase)
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            return times.min()!
        }
        let n = Double(fixtures.count)
        let fastMs = try best("verify")
        let fullMs = try best("verify-decode")
        let recordMs = try best("record")
        print("fixtures: \(fixtures.count) (scale \(scale)), jobs: \(o.jobs), best of \(rounds) rounds")
        print(String(format: "verify, fast path    %8.3f ms/fixture   (%.0f ms total)", fastMs / n, fastMs))
        print(String(format: "verify, full decode  %8.3f ms/fixture   (%.0f ms total)", fullMs / n, fullMs))
        print(String(format: "record               %8.3f ms/fixture   (%.0f ms total)", recordMs / n, recordMs))
        print(String(format: "peak memory          %8.0f MB", peakMemoryMB()))
        return 0
    }

    /// Each phase once; returns a note for its line. Fails if verify does not pass.
    struct Phases {
        let options: GateOptions
        let fixtures: [Fixture]
        let painter: CairoPainter
        let scratch: URL

        func run(_ phase: String) throws -> String {
            switch phase {
            case "verify", "verify-decode":
                var o = options
                o.forceDecode = phase == "verify-decode"
                let r = try Verifier.verify(o, catalog: fixtures, painter: painter)
                guard r.failures.isEmpty else {
                    throw InputError("bench", "verify is failing (\(r.summaryLine)); fix that first")
                }
                return ", fast path settled \(r.fastPath)"
            case "record", "record-same":
                var o = options
                if phase == "record" {  // an empty folder: every golden is written
                    try? FileManager.default.removeItem(at: scratch)
                    try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                    o.goldens = scratch
                }
                let r = try Recorder.record(o, catalog: fixtures, painter: painter)
                return ", " + r.summaryLine
            case "contrast":
                let found = ContrastCheck.findings(fixtures, painter: painter, jobs: options.jobs)
                return ", \(found.reduce(0) { $0 + $1.count }) nodes measured"
            default:  // sheet
                try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
                // Unlimited: the CLI refuses sheets past 160 million pixels; this one is about memory.
                let size = try ContactSheet.write(
                    fixtures, painter: painter, columns: 24, scale: 0.5, jobs: options.jobs,
                    to: scratch.appendingPathComponent("sheet.png").path, limited: false)
                return ", \(size.width)×\(size.height) px"
            }
        }
    }

    /// The process's peak resident memory so far (Linux reports ru_maxrss in KiB).
    static func peakMemoryMB() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_maxrss) / 1024
    }
}
