import EvidenceCore
import Foundation

/// The verify result as JUnit XML for CI test tabs, valid against the Jenkins / JUnit 5 schema
/// (`Tests/WidgetRasterTests/Fixtures/junit.xsd` names its source): the run's facts as the suite's
/// properties, `time` on every case and suite, one testcase per judged fixture (and per orphaned
/// golden) with at most one `failure` whose text lists every finding with its hint.
public enum JUnitReport {
    public static func render(_ result: VerifyResult) -> String {
        let byKey = Dictionary(grouping: result.failures, by: \.key)
        let cases = ReviewOrder.cases(result)
        let goldens = result.run?.goldens ?? "Goldens"
        return header(result, cases: cases, byKey: byKey)
            + cases.map { testcase($0, failures: byKey[$0.key], goldens: goldens) }.joined() + footer
    }

    /// The document up to the first testcase: counts, time and properties, which only the end knows.
    static func header(_ result: VerifyResult, cases: [CaseRecord], byKey: [String: [GateFailure]]) -> String {
        let failing = cases.filter { byKey[$0.key] != nil }.count
        let seconds = time(result.run?.seconds ?? cases.reduce(0) { $0 + $1.seconds })
        let name = "evidence verify" + (result.shard.map { " (shard \($0))" } ?? "")
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        let counts = "tests=\"\(cases.count)\" failures=\"\(failing)\" errors=\"0\""
        s += "<testsuites name=\"\(xml(name))\" \(counts) time=\"\(seconds)\">\n"
        s += "  <testsuite name=\"\(xml(name))\" \(counts) skipped=\"0\" time=\"\(seconds)\""
        if let t = result.run?.startedAt { s += " timestamp=\"\(xml(t))\"" }
        s += ">\n    <properties>\n"
        for (n, v) in properties(result) { s += "      <property name=\"\(xml(n))\" value=\"\(xml(v))\"/>\n" }
        return s + "    </properties>\n"
    }

    static let footer = "  </testsuite>\n</testsuites>\n"

    /// One testcase: known as soon as its fixture is judged (`JUnitStream` writes it then).
    static func testcase(_ c: CaseRecord, failures: [GateFailure]?, goldens: String) -> String {
        var s = "    <testcase classname=\"\(xml(c.className))\" name=\"\(xml(c.key))\" time=\"\(time(c.seconds))\""
        guard let failures, let first = failures.first else { return s + "/>\n" }
        let more = failures.count > 1 ? " (+\(failures.count - 1) more)" : ""
        let kinds = HTMLReport.orderedUnique(failures.map(\.kind.rawValue)).joined(separator: " ")
        let text = failures.map { "\($0.kind.rawValue): \($0.detail)\n  fix: \(AcceptHint.text($0, goldens: goldens))" }
            .joined(separator: "\n")
        s +=
            ">\n      <failure type=\"\(xml(kinds))\" "
            + "message=\"\(xml("\(first.kind.rawValue): \(first.detail)\(more)"))\">"
        return s + xml(text) + "</failure>\n    </testcase>\n"
    }

    /// The run's facts for the suite: tool, comparison, matrix, shard, commit.
    static func properties(_ result: VerifyResult) -> [(String, String)] {
        var p = [
            ("tool", "\(result.run?.tool ?? "evidence") \(result.run?.version ?? ToolVersion.current)"),
            ("comparison", result.comparison), ("schema", result.schema),
        ]
        if let run = result.run {
            p.append(("matrix", run.matrix))
            if let f = run.filter { p.append(("filter", f)) }
            if let c = run.commit { p.append(("commit", c)) }
            if let checks = run.checks { p.append(("checks", checks.joined(separator: " "))) }
        }
        if let shard = result.shard { p.append(("shard", shard)) }
        // The classes apart (issue #51): spec gaps first; none of them fails a testcase.
        p.append(("spec-gaps", "\(result.known.count { $0.findingClass == .specGap })"))
        p.append(("known-findings", "\(result.known.count { $0.findingClass == .known })"))
        p.append(("outside-scope", "\(result.outsideScope?.count ?? 0)"))
        return p
    }

    /// Seconds with millisecond precision, in the schema's SUREFIRE_TIME form (no exponent, no sign).
    static func time(_ seconds: Double) -> String {
        String(format: "%.3f", max(0, seconds.isFinite ? seconds : 0))
    }

    /// Escaped for XML text and attributes; characters XML 1.0 cannot carry become U+FFFD.
    static func xml(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            switch c {
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                if let e = HTML.entity(c) {
                    out += e
                    continue
                }
                let v = c.value
                let allowed = v >= 0x20 && !(0xD800...0xDFFF).contains(v) && v != 0xFFFE && v != 0xFFFF
                out.unicodeScalars.append(allowed ? c : "\u{FFFD}")
            }
        }
        return out
    }
}

/// The order every review output shows failures in: the kinds that must never be re-recorded first
/// (a record would bury a bug), then the ones a record can accept, each in `FailureKind` order.
public enum ReviewOrder {
    public static let kinds: [FailureKind] =
        FailureKind.allCases.filter { !Remedy.default(for: $0).recordsAGolden }
        + FailureKind.allCases.filter { Remedy.default(for: $0).recordsAGolden }

    /// Each kind's place in `kinds`.
    static let rank = Dictionary(uniqueKeysWithValues: kinds.enumerated().map { ($1, $0) })

    /// Failures sorted by kind (stable within a kind).
    public static func failures(_ fs: [GateFailure]) -> [GateFailure] {
        return fs.enumerated().sorted { (rank[$0.element.kind]!, $0.offset) < (rank[$1.element.kind]!, $1.offset) }.map(
            \.element)
    }

    /// Every case once, in key order; a result without cases (built by hand) gets them from its
    /// keys' identities.
    static func cases(_ result: VerifyResult) -> [CaseRecord] {
        var seen = Set<String>()
        var out = result.cases.filter { seen.insert($0.key).inserted }
        for key in result.passed + result.failures.map(\.key) where seen.insert(key).inserted {
            out.append(CaseRecord(key: key, id: FixtureCatalog.id(forKey: key), seconds: 0))
        }
        return out.sorted { $0.key < $1.key }
    }
}
