import EvidenceCore
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The least address space a command may start with under `ulimit -v` (RLIMIT_AS). A whole-matrix
/// verify peaks near 520 MB of address space on two cores (threads' stacks, the fonts' maps,
/// Foundation), a single render near 300 MB; this is half as much again as the first. Swift ends
/// the process with a fatal error on a failed allocation — no error can be thrown — so a limit
/// below this is refused up front, naming it (issue #34); a limit met later by a library that
/// reports ENOMEM is exit 2 where it happens (`resourceError`).
let minimumAddressSpace: UInt64 = 768 << 20

/// Exit 2 with one line when `ulimit -v` leaves less address space than a run may need.
func checkAddressSpaceHeadroom() {
    guard let limit = addressSpaceLimit, limit < minimumAddressSpace else { return }
    printError(
        "evidence: the address-space limit is \(limit >> 20) MB (ulimit -v \(limit >> 10)); evidence needs at least "
            + "\(minimumAddressSpace >> 20) MB — raise it (ulimit -v \(minimumAddressSpace >> 10)) and run again"
    )
    exit(2)
}
