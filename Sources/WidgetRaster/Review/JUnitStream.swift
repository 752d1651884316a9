import EvidenceCore
import Foundation

/// JUnit written as the run goes: each testcase is appended, as its fixture is judged, to a temp
/// file beside the destination (`.NAME.cases.tmp-PID`, removed on an interrupt like every temp
/// file); `finish` writes the suite header (counts, time, properties — only the end knows them),
/// the cases in key order and the footer in one atomic rename, then removes the temp file.
/// A case the end changed (a colour-alone pair, a refused manifest entry under a fixture's key) is
/// written afresh, so the file is byte-identical to `JUnitReport.render` of the finished result.
/// Calls are serial (the verifier's ordered delivery); without `begin` it renders the whole result.
public final class JUnitStream: @unchecked Sendable {
    public let destination: URL
    private var goldens: String?
    private var fd: Int32 = -1
    private var tempPath: String?
    /// Folders `begin` created for the destination (deepest first), removed again by `abandon` when empty.
    private var createdFolders: [String] = []
    private var written = 0
    private var streamed: [String: Streamed] = [:]

    private struct Streamed {
        var range: Range<Int>
        var record: CaseRecord
        var failures: [GateFailure]
    }

    public init(destination: URL) { self.destination = destination }

    /// Creates the destination's folder (as the final write would) and the temp file, and checks
    /// the destination can be replaced — so a long run never ends in "cannot write".
    public func begin(_ run: RunStart) throws(InputError) {
        goldens = run.goldens
        let folder = destination.deletingLastPathComponent().path
        var missing: [String] = []
        var d = folder
        while !d.isEmpty, d != "/", !FileManager.default.fileExists(atPath: d) {
            missing.append(d)
            d = (d as NSString).deletingLastPathComponent
        }
        var isFolder: ObjCBool = true
        if FileManager.default.fileExists(atPath: d, isDirectory: &isFolder), !isFolder.boolValue {
            throw InputError(d, "is not a folder; the JUnit file goes inside one")
        }
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw InputError(folder, "cannot create the folder (\(String(cString: strerror(errno))))")
        }
        createdFolders = missing
        do { try OutputFile.check(destination.path) } catch {
            abandon()
            throw error
        }
        let path = folder + "/" + TempFiles.name(for: destination.lastPathComponent + ".cases")
        unlink(path)  // our own PID's leftover, if any
        fd = TempFiles.create(path) { open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600) }
        guard fd >= 0 else {
            let err = errno
            abandon()
            throw InputError(
                destination.path, "cannot create a temp file beside it (\(String(cString: strerror(err))))")
        }
        tempPath = path
    }

    /// Appends the fixture's testcase to the temp file.
    public func fixture(_ r: FixtureResult) throws(InputError) {
        guard fd >= 0, let goldens else { return }
        let bytes = Array(
            JUnitReport.testcase(r.record, failures: r.failures.isEmpty ? nil : r.failures, goldens: goldens).utf8)
        let failure = bytes.withUnsafeBytes { writeAll(fd, $0) }
        if failure != 0 {
            throw InputError(
                destination.path, "cannot write its testcases beside it (\(String(cString: strerror(failure))))")
        }
        streamed[r.key] = Streamed(range: written..<(written + bytes.count), record: r.record, failures: r.failures)
        written += bytes.count
    }

    /// Writes the whole file atomically, reusing every streamed testcase the end left as it was.
    /// Without `begin` (a result read back), it begins first: the same folder and destination checks.
    public func finish(_ result: VerifyResult) throws(InputError) {
        if tempPath == nil { try begin(RunStart(goldens: result.run?.goldens ?? "Goldens")) }
        var cached: [UInt8] = []
        if fd >= 0, let tempPath {
            close(fd)
            fd = -1
            // Streamed cases name the goldens as `begin` did; if the result names them otherwise, all are rendered
            // afresh.
            if goldens == (result.run?.goldens ?? "Goldens") {
                cached = FileManager.default.contents(atPath: tempPath).map { [UInt8]($0) } ?? []
            }
        }
        defer { removeTemp() }
        let byKey = Dictionary(grouping: result.failures, by: \.key)
        let cases = ReviewOrder.cases(result)
        let goldens = result.run?.goldens ?? "Goldens"
        var out = Array(JUnitReport.header(result, cases: cases, byKey: byKey).utf8)
        out.reserveCapacity(out.count + cached.count + JUnitReport.footer.utf8.count)
        for c in cases {
            if let s = streamed[c.key], s.range.upperBound <= cached.count, s.record == c,
                s.failures == (byKey[c.key] ?? [])
            {
                out += cached[s.range]
            } else {
                out += Array(JUnitReport.testcase(c, failures: byKey[c.key], goldens: goldens).utf8)
            }
        }
        out += Array(JUnitReport.footer.utf8)
        do { try OutputFile.write(out, to: destination.path) } catch {
            abandon()
            throw error
        }
    }

    /// The run failed: the temp file goes, and the folders `begin` made while they are empty.
    public func abandon() {
        if fd >= 0 {
            close(fd)
            fd = -1
        }
        removeTemp()
        for folder in createdFolders { rmdir(folder) }
        createdFolders = []
    }

    private func removeTemp() {
        guard let tempPath else { return }
        unlink(tempPath)
        TempFiles.unregister(tempPath)
        self.tempPath = nil
    }
}
