import Foundation

/// The verify result as JUnit XML for CI test tabs: one testcase per fixture (and per orphaned
/// golden), each failure with its kind and message, the key's parts as properties.
public enum JUnitReport {
    public static func render(_ result: VerifyResult) -> String {
        let byKey = Dictionary(grouping: result.failures, by: \.key)
        let failing = HTMLReport.orderedUnique(result.failures.map(\.key))
        let keys = (result.passed + failing).sorted()
        let name = "evidence verify" + (result.shard.map { " (shard \($0))" } ?? "")
        var s = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        s += "<testsuites name=\"\(xml(name))\" tests=\"\(keys.count)\" failures=\"\(failing.count)\" errors=\"0\">\n"
        s += "  <testsuite name=\"\(xml(name))\" tests=\"\(keys.count)\" failures=\"\(failing.count)\" errors=\"0\" skipped=\"0\">\n"
        s += "    <properties><property name=\"comparison\" value=\"\(xml(result.comparison))\"/></properties>\n"
        for key in keys {
            let parts = KeyParts(key)
            s += "    <testcase classname=\"\(xml("\(parts.platform).\(parts.family)"))\" name=\"\(xml(key))\">\n"
            s += "      <properties>"
            for (n, v) in parts.properties { s += "<property name=\"\(xml(n))\" value=\"\(xml(v))\"/>" }
            s += "</properties>\n"
            for f in byKey[key] ?? [] {
                let message = "\(f.kind.rawValue): \(f.detail)"
                s += "      <failure type=\"\(xml(f.kind.rawValue))\" message=\"\(xml(message))\">\(xml(message + "\n" + HTML.recordCommand(key)))</failure>\n"
            }
            s += "    </testcase>\n"
        }
        return s + "  </testsuite>\n</testsuites>\n"
    }

    /// Escaped for XML text and attributes; characters XML 1.0 cannot carry become U+FFFD.
    static func xml(_ s: String) -> String {
        var out = ""
        for c in s.unicodeScalars {
            if let e = HTML.entity(c) { out += e; continue }
            switch c {
            case "\n": out += "&#10;"
            case "\t": out += "&#9;"
            case "\r": out += "&#13;"
            default:
                let v = c.value
                let allowed = v >= 0x20 && !(0xD800...0xDFFF).contains(v) && v != 0xFFFE && v != 0xFFFF
                out.unicodeScalars.append(allowed ? c : "\u{FFFD}")
            }
        }
        return out
    }
}

/// GitHub Actions workflow commands: one `::error` line per failure, and one summary line.
public enum GitHubAnnotations {
    public static func errorLines(_ result: VerifyResult) -> [String] {
        result.failures.map { f in
            "::error title=\(property("evidence \(f.kind.rawValue): \(f.key)"))::\(data(f.detail))"
        }
    }

    /// The line appended to `$GITHUB_STEP_SUMMARY` (Markdown).
    public static func summaryLine(_ result: VerifyResult) -> String {
        let kinds = FailureKind.allCases.compactMap { k -> String? in
            let n = result.failures.filter { $0.kind == k }.count
            return n == 0 ? nil : "\(k.rawValue) \(n)"
        }
        let status = result.failures.isEmpty ? "✅" : "❌"
        return "\(status) evidence verify\(result.shard.map { " shard \($0)" } ?? ""): \(result.summaryLine)"
            + (kinds.isEmpty ? "" : " (\(kinds.joined(separator: ", ")))") + "\n"
    }

    /// Message text: `%`, CR and LF are the characters the runner decodes.
    static func data(_ s: String) -> String {
        s.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// Property values additionally escape `:` and `,`, which end a property.
    static func property(_ s: String) -> String {
        data(s).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
