import Foundation

/// Issue #57: the long sweeps are kept fast by what they run. By default each runs a fixed-seed,
/// stratified sample of its cases — every value of every dimension it sweeps (device class, type
/// size, family, state, motif, host mode, each input a user controls) still appears, and the same
/// cases every run — and `EVIDENCE_SWEEPS=full` runs every case (.ci/run's "whole sweeps" step).
/// Tests may read the environment; rendering code may not.
enum Sweep {
    /// Whether this run sweeps every case.
    static let full = ProcessInfo.processInfo.environment["EVIDENCE_SWEEPS"] == "full"

    /// Printed beside a sweep's counts, so a reader (and DocsTests) knows which run said them.
    static var size: String { full ? "the whole sweep" : "the default sample; EVIDENCE_SWEEPS=full runs all" }

    /// The seed every sample is drawn with: the same cases every run.
    static let seed: UInt64 = 57

    /// `all` under EVIDENCE_SWEEPS=full; else about one case in `oneIn`, drawn with the fixed seed,
    /// plus, in `all`'s order, each case that has a stratum (one of `strata(case)`, e.g. "class
    /// tightest", "type AX3") no case drawn so far has. The result keeps `all`'s order.
    static func sample<T>(_ all: [T], oneIn: Int, strata: (T) -> [String]) -> [T] {
        if full || oneIn <= 1 { return all }
        var rng = SplitMix(seed: seed)
        var kept = all.indices.map { _ in rng.next() % UInt64(oneIn) == 0 }
        var covered = Set<String>()
        for i in all.indices where kept[i] { covered.formUnion(strata(all[i])) }
        for i in all.indices where !kept[i] {
            let s = strata(all[i])
            if !covered.isSuperset(of: s) {
                kept[i] = true
                covered.formUnion(s)
            }
        }
        return all.indices.filter { kept[$0] }.map { all[$0] }
    }

    /// A stride's values under EVIDENCE_SWEEPS=full; else every `step`-th one, always with the
    /// first and the last (a sweep's ends are where its thresholds sit).
    static func thin<T>(_ values: [T], every step: Int) -> [T] {
        if full || step <= 1 || values.count <= 2 { return values }
        return values.indices.filter { $0 % step == 0 || $0 == values.count - 1 }.map { values[$0] }
    }
}
