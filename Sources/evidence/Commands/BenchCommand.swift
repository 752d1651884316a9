import Foundation
import WidgetRaster

struct BenchCommand: EvidenceCommand {
    static let name = "bench"
    static let summary = "Time verify (fast path and full decode) and record per fixture"
    static let help = """
        usage: evidence bench [--filter GLOB] [--jobs N] [--rounds N]

        Runs, against the bundled goldens (record goes to a temporary copy, never Goldens/):
          verify, fast path    render + hash, file hash unchanged → no decode
          verify, full decode  render + decode the golden + exact compare
          record               render + encode + write, into an empty folder
        and prints wall-clock milliseconds per fixture (best of --rounds, default 3). Build with
        'swift build -c release' first: debug timings mean nothing.
        Targets on a 2-core machine: fast path < 1 ms, decode + compare < 5 ms, record < 15 ms per fixture.
        \(GateArguments.help)
          --rounds N         repetitions; the best is reported (default 3)
        """
    static func run(_ args: [String]) throws -> Int32 {
        let a = try ArgumentParser.parse(args, valued: ["filter", "jobs", "goldens", "rounds"], switches: [])
        var o = try GateArguments.options(a)
        let rounds = try a.int("rounds", default: 3, in: 1...100)
        let fixtures = try GateArguments.fixtures(o.filter)
        let painter = try GateArguments.painter()
        o.comparison = .exact
        #if DEBUG
        printError("warning: debug build — run 'swift build -c release' and .build/release/evidence bench for real numbers")
        #endif

        func best(_ body: () throws -> Void) rethrows -> Double {
            var times: [Double] = []
            for _ in 0..<rounds {
                let t0 = DispatchTime.now().uptimeNanoseconds
                try body()
                times.append(Double(DispatchTime.now().uptimeNanoseconds - t0) / 1e6)
            }
            return times.min()!
        }
        var fast = 0
        let fastMs = try best {
            let r = try Verifier.verify(o, catalog: try FixtureCatalog.load(), painter: painter)
            fast = r.fastPath
            guard r.failures.isEmpty else { throw InputError("bench", "verify is failing (\(r.summaryLine)); fix that first") }
        }
        var full = o
        full.forceDecode = true
        let fullMs = try best { _ = try Verifier.verify(full, catalog: try FixtureCatalog.load(), painter: painter) }
        let tmp = FileManager.default.temporaryDirectory.appendingPathComponent("evidence-bench-\(getpid())")
        defer { try? FileManager.default.removeItem(at: tmp) }
        let recordMs = try best {
            try? FileManager.default.removeItem(at: tmp)
            var r = o
            r.goldens = tmp
            _ = try Recorder.record(r, catalog: try FixtureCatalog.load(), painter: painter)
        }
        let n = Double(fixtures.count)
        print("fixtures: \(fixtures.count), jobs: \(o.jobs), best of \(rounds) rounds (fast path settled \(fast)/\(fixtures.count))")
        print(String(format: "verify, fast path    %8.3f ms/fixture   (%.0f ms total)", fastMs / n, fastMs))
        print(String(format: "verify, full decode  %8.3f ms/fixture   (%.0f ms total)", fullMs / n, fullMs))
        print(String(format: "record               %8.3f ms/fixture   (%.0f ms total)", recordMs / n, recordMs))
        return 0
    }
}
