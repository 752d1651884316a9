import Foundation

/// One fixture's verdict the moment verify has judged it: the event every review output is a
/// handler of (cashapp/paparazzi's `SnapshotHandler` shape). The finished `VerifyResult` follows
/// with what only the end knows (colour-alone pairs, orphaned goldens, run time).
///
/// Contract with the finish: `VerifyResult.failures` begins with every event's `failures`, in event
/// order; failures found only at the end follow them. Handlers rely on it to reuse what they
/// streamed (and check it, falling back to the whole result where it does not hold).
public struct FixtureResult: Sendable, Equatable {
    /// The fixture's typed identity (nil for hand-made test catalogs).
    public var id: FixtureID?
    /// The testcase: key, facets from the typed identity, time.
    public var record: CaseRecord
    public var failures: [GateFailure]
    /// Findings the known-findings file covers (never failing).
    public var known: [KnownMatch]
    /// Findings of checks not enforced yet (never failing).
    public var advisory: [GateFailure]
    /// Findings outside the seed's scope (`SeedScope`; never failing).
    public var outsideScope: [KnownMatch] = []

    public var key: String { record.key }

    public enum Outcome: String, Sendable { case passed, failed, known, outsideScope = "outside-scope", advisory }
    /// Failed if anything fails; else known, outside scope or advisory when it carries such findings; else passed.
    public var outcome: Outcome {
        if !failures.isEmpty { return .failed }
        if !known.isEmpty { return .known }
        if !outsideScope.isEmpty { return .outsideScope }
        if !advisory.isEmpty { return .advisory }
        return .passed
    }
}

/// What a run tells its handlers before the first fixture.
public struct RunStart: Sendable, Equatable {
    /// The goldens folder as hints and annotations name it (`RunInfo.goldens` once stamped).
    public var goldens: String
    public init(goldens: String) { self.goldens = goldens }
}

/// Hands values produced on worker threads to `consume` one at a time, in index order, whatever
/// order the workers finish in: a value waits only until every lower index has been delivered.
/// `consume` runs on whichever worker completed the gap, under the lock, so handlers see a serial,
/// deterministic stream without a barrier between batches of renders.
final class OrderedDelivery<T: Sendable>: @unchecked Sendable {
    private var pending: [Int: T] = [:]
    private var next = 0
    private let lock = NSLock()
    private let consume: @Sendable (T) -> Void

    init(_ consume: @escaping @Sendable (T) -> Void) { self.consume = consume }

    func deliver(_ index: Int, _ value: T) {
        lock.lock()
        defer { lock.unlock() }
        pending[index] = value
        while let v = pending.removeValue(forKey: next) {
            consume(v)
            next += 1
        }
    }
}

/// One fixture's decision in `evidence record`, in catalog order as each is decided. Decided, not
/// yet written: nothing is renamed into place before every fixture has been decided, so a handler
/// that must report what is on disk waits for the finished `RecordResult`.
public struct RecordedFixture: Sendable, Equatable {
    public enum Change: Sendable, Equatable {
        case moved(RecordResult.Moved)
        case added
        case unchanged
        /// `--mode missing` leaves a moved golden as it is.
        case heldBack
        /// A recorded golden no fixture has (decided after every fixture; deleted last).
        case removed
        /// Not written: a finding no record may accept, or a render moved since review (`RecordGuard`).
        case refused
    }
    public var key: String
    public var change: Change
}
