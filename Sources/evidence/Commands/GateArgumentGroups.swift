import EvidenceCore
import Foundation
import WidgetRaster

/// `--filter`, `--jobs`, `--goldens`, `--cases`: which fixtures a run over the matrix takes, with
/// how many workers, against which goldens (verify, record, bench; list and gallery take some).
struct MatrixArguments: ParsableArguments {
    @Option(GateArguments.filter) var filter: String?
    @Option(GateArguments.jobs, absent: { ProcessInfo.processInfo.activeProcessorCount }) var jobs: Int
    @Option(GateArguments.goldens) var goldens: String?
    @Option(GateArguments.cases) var cases: String?

    /// `--goldens`, else the project's.
    var goldensFolder: URL { GateArguments.goldensFolder(given: goldens) }

    /// `--cases`, else the project's (named ones must exist).
    func casesFolder(mustExist: Bool = true) throws(InputError) -> URL {
        try GateArguments.casesFolder(given: cases, mustExist: mustExist)
    }

    /// The gate's options for this selection: filter, workers, goldens, this machine's proofs, and
    /// the slice `shard` names (`--shard`, where the command declares it).
    func gateOptions(shard: String? = nil) throws -> GateOptions {
        var o = GateOptions()
        o.filter = filter
        o.jobs = jobs
        o.goldens = goldensFolder
        o.shard = try GateArguments.shard(given: shard)
        o.proofs = try GateArguments.proofs()
        return o
    }
}

/// `--compare` and `--threshold`: how verify compares a render with its golden.
struct ComparisonArguments: ParsableArguments {
    @Option(GateArguments.compare) var mode: GateArguments.CompareFlag
    /// Only as given: a threshold beside exact comparison is refused, not ignored.
    @Option(given: GateArguments.threshold) var threshold: Double?

    func validate() throws(InputError) {
        if threshold != nil && mode != .perceptual {
            throw InputError("--threshold", "applies only to --compare perceptual (auto and exact compare every byte)")
        }
    }

    var choice: ComparisonChoice {
        switch mode {
        case .auto: .automatic
        case .exact: .exact
        case .perceptual: .perceptual(threshold: threshold ?? ImageComparator.defaultThreshold)
        }
    }
}

extension GateArguments {
    /// `--goldens` as given, else the project's goldens folder.
    static func goldensFolder(given: String?) -> URL {
        given.map { URL(fileURLWithPath: $0) } ?? Project.current.goldens
    }
    /// `--shard i/n` as given, read against the project's shard count.
    static func shard(given: String?) throws(InputError) -> Shard? {
        try given.map { s throws(InputError) in try Shard.parse(s, configured: Project.current.shards) }
    }
}
