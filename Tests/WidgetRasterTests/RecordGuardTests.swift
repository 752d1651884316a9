import EvidenceCore
import Foundation
import Testing

@testable import WidgetRaster

/// Issue #54: record refuses what verify said not to record, removes exactly the stale keys a
/// filter names, and records exactly what a reviewer approved (an accept file), at the hash reviewed.
/// Each test runs the CLI in a small project: the real token files, cases and manifest, and the
/// goldens of one area.
@Suite(.serialized) struct RecordGuardTests {
    static let area = "android/small/new-day"

    /// A project folder with the package's evidence.json, tokens, cases, known findings and
    /// manifest, and the goldens of `area` (a filtered run reads no others), plus one case's.
    func project(area: String = Self.area) throws -> PrivateFolder {
        let dir = try PrivateFolder.make("evidence-record-guard")
        let fm = FileManager.default
        let root = PackagePaths.root
        let to = dir.url
        for item in ["evidence.json", "known-findings.json", "Tokens", "Cases"] {
            try fm.copyItem(at: root.appendingPathComponent(item), to: to.appendingPathComponent(item))
        }
        let goldens = to.appendingPathComponent("Goldens")
        try fm.createDirectory(
            at: goldens.appendingPathComponent(area).deletingLastPathComponent(), withIntermediateDirectories: true)
        try fm.copyItem(
            at: PackagePaths.goldens.appendingPathComponent("manifest.json"),
            to: goldens.appendingPathComponent("manifest.json"))
        try fm.copyItem(at: PackagePaths.goldens.appendingPathComponent(area), to: goldens.appendingPathComponent(area))
        for k in ["cases/reported/obj-2428-narrow-large"] {
            try fm.createDirectory(
                at: goldens.appendingPathComponent(k).deletingLastPathComponent(), withIntermediateDirectories: true)
            try fm.copyItem(
                at: PackagePaths.goldens.appendingPathComponent(k + ".png"),
                to: goldens.appendingPathComponent(k + ".png"))
        }
        return dir
    }

    func evidence(_ args: [String], in dir: PrivateFolder) throws -> HostileCaseTests.Run {
        try HostileCaseTests.evidence(args + ["--root", dir.url.path], in: dir.url)
    }

    /// Every file below Goldens/ with its bytes.
    func goldens(_ dir: PrivateFolder) throws -> [String: Data] {
        let base = dir.url.appendingPathComponent("Goldens")
        var out: [String: Data] = [:]
        for case let url as URL in FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil)!
        where !url.hasDirectoryPath {
            out[String(url.path.dropFirst(base.path.count + 1))] = try Data(contentsOf: url)
        }
        return out
    }

    func changed(_ a: [String: Data], _ b: [String: Data]) -> Set<String> {
        Set(a.keys).union(b.keys).filter { a[$0] != b[$0] }
    }

    /// The keys whose `manifest.json` entries differ between two snapshots of the goldens folder;
    /// `ignoringFrames`: apart from their element frames (which a record adds to an entry without them).
    func changedEntries(_ a: [String: Data], _ b: [String: Data], ignoringFrames: Bool = false) throws -> Set<String> {
        func entries(_ d: Data?) throws -> [String: NSDictionary] {
            let all =
                (try JSONSerialization.jsonObject(with: d ?? Data()) as? [String: Any])?["goldens"]
                as? [String: [String: Any]] ?? [:]
            return all.mapValues { NSDictionary(dictionary: ignoringFrames ? $0.filter { $0.key != "frames" } : $0) }
        }
        let (x, y) = (try entries(a["manifest.json"]), try entries(b["manifest.json"]))
        return Set(x.keys).union(y.keys).filter { x[$0] != y[$0] }
    }

    @Test func aContrastFailingRenderIsRefusedUnlessAcceptedOnPurpose() throws {
        let dir = try project()
        defer { dir.remove() }
        let tokens = dir.url.appendingPathComponent("Tokens/android/res/values/colors_widget.xml")
        let xml = try String(contentsOf: tokens, encoding: .utf8)
        try Data(xml.replacingOccurrences(of: "widget_muted\">#757575<", with: "widget_muted\">#A3A3A3<").utf8).write(
            to: tokens)
        let key = Self.area + "/waves/legacy/light"
        let before = try goldens(dir)

        let refused = try evidence(["record", "--quiet", "--filter", key], in: dir)
        expectTrue(refused.code == 1, "\(refused.out)\(refused.err)")
        expectTrue(
            refused.out.contains("refused \(key) (contrast): daysLabel (widget_muted, text): 2.52:1 vs floor 4.50:1"),
            "\(refused.out)")
        expectTrue(
            refused.out.contains(
                "fix: a token or position bug: fix the colour against what lies beneath it (see evidence contrast); do "
                    + "not re-record; or, on purpose: evidence record --filter '\(key)' --accept-findings contrast"
            ))
        expectTrue(
            refused.out.hasSuffix("moved: 0, added: 0, removed: 0, unchanged: 0, refused: 1\n"), "\(refused.out)")
        expectTrue(changed(before, try goldens(dir)).isEmpty, "a refused render wrote nothing, the manifest included")

        let accepted = try evidence(["record", "--quiet", "--filter", key, "--accept-findings", "contrast"], in: dir)
        expectTrue(accepted.code == 0, "\(accepted.err)")
        expectTrue(accepted.out.contains("accepted on purpose \(key) (contrast, --accept-findings): daysLabel"))
        expectTrue(
            accepted.out.contains(
                "commit note: recorded with findings accepted on purpose (--accept-findings contrast) in 1 golden(s)"))
        expectTrue(changed(before, try goldens(dir)) == [key + ".png", "manifest.json"])

        // Another kind does not accept it; an unknown word is a usage error naming the kinds.
        let other = Self.area + "/stones/legacy/light"
        expectTrue(
            try evidence(["record", "--quiet", "--filter", other, "--accept-findings", "clipped"], in: dir).code == 1)
        let bad = try evidence(["record", "--filter", other, "--accept-findings", "pixels"], in: dir)
        expectTrue(
            bad.code == 2
                && bad.err.contains(
                    "--accept-findings: 'pixels' is not a finding kind record can accept; one of: clipped, truncated, "
                        + "contrast, colour-alone, missing-glyph, lost-meaning"
                ), "\(bad.err)")
    }

    @Test func aStaleKeyIsItsOwnFilterAndTheStaleFixNamesIt() throws {
        let dir = try project()
        defer { dir.remove() }
        let stale = "cases/reported/obj-2428-narrow-large"
        try FileManager.default.removeItem(
            at: dir.url.appendingPathComponent("Cases/reported/obj-2428-narrow-large.json"))
        let v = try evidence(["verify", "--quiet", "--filter", "cases/*"], in: dir)
        expectTrue(
            v.out.contains(
                "FAIL stale \(stale): \(stale).png is recorded but no fixture has this key\n     fix: no fixture has "
                    + "this key: evidence record --filter '\(stale)' removes just this golden"
            ), "\(v.out)")
        let before = try goldens(dir)
        let r = try evidence(["record", "--quiet", "--filter", stale], in: dir)
        expectTrue(
            r.code == 0 && r.out == "removed \(stale)\nmoved: 0, added: 0, removed: 1, unchanged: 0\n",
            "\(r.out)\(r.err)")
        expectTrue(changed(before, try goldens(dir)) == [stale + ".png", "manifest.json"])
        let none = try evidence(["record", "--filter", "cases/reported/never-recorded"], in: dir)
        expectTrue(none.code == 2 && none.err.contains("no fixture matches 'cases/reported/never-recorded'"))
    }

    @Test func anAcceptFileRecordsExactlyItsKeysAtTheReviewedHash() throws {
        let dir = try project()
        defer { dir.remove() }
        // Three goldens moved (another fixture's pixels copied over each).
        let keys = ["stones", "flame", "sprout"].map { Self.area + "/\($0)/legacy/dark" }
        let donor = try Data(contentsOf: dir.url.appendingPathComponent("Goldens/\(Self.area)/waves/kindling/dark.png"))
        for k in keys { try donor.write(to: dir.url.appendingPathComponent("Goldens/\(k).png")) }
        let v = try evidence(["verify", "--quiet", "--json", "--filter", Self.area + "/*"], in: dir)
        let result = try JSONDecoder().decode(VerifyResult.self, from: Data(v.out.utf8))
        let hashes = Dictionary(
            result.details.compactMap { d in d.pixelHash.flatMap(Hash128.init(hex:)).map { (d.key, $0) } },
            uniquingKeysWith: { a, _ in a })
        expectTrue(Set(hashes.keys) == Set(keys), "the details carry each failing render's pixel hash")
        // Two approved as reviewed; the third reviewed at pixels it no longer has.
        var wrong = try #require(hashes[keys[2]])
        wrong.low ^= 1
        let file = AcceptFile([
            (keys[0], .record(hashes[keys[0]]!)), (keys[1], .record(hashes[keys[1]]!)), (keys[2], .record(wrong)),
        ])
        let path = dir.url.appendingPathComponent("accept.txt")
        try Data(file.text.utf8).write(to: path)
        let before = try goldens(dir)
        let r = try evidence(["record", "--quiet", "--accept", path.path], in: dir)
        expectTrue(r.code == 1, "\(r.out)\(r.err)")
        expectTrue(
            r.out.contains(
                "refused \(keys[2]) (pixels): the render changed since it was reviewed: its pixels hash to "
                    + "\(hashes[keys[2]]!), the accept file approved \(wrong)"
            ))
        expectTrue(
            r.out.contains(
                "fix: review the render as it is now (evidence verify --html), then accept it again from the page"))
        let now = try goldens(dir)
        let touched = changed(before, now)
        expectTrue(
            touched.subtracting(["manifest.json"]) == [keys[0] + ".png", keys[1] + ".png"], "\(touched) \(r.out)")
        // Their manifest entries already named these pixels (only the files were hand-edited): an
        // entry changes at most by gaining its element frames, and only the two recorded keys' do.
        expectTrue(try changedEntries(before, now).isSubset(of: [keys[0], keys[1]]))
        expectTrue(try changedEntries(before, now, ignoringFrames: true).isEmpty)
        let after = try evidence(["verify", "--quiet", "--filter", Self.area + "/*"], in: dir)
        expectTrue(
            after.out.contains("FAIL pixels \(keys[2])") && !after.out.contains("FAIL pixels \(keys[0])")
                && !after.out.contains("FAIL pixels \(keys[1])"))
        // With --filter it is a usage error: the file selects.
        expectTrue(try evidence(["record", "--accept", path.path, "--filter", "x"], in: dir).code == 2)
    }

    @Test(arguments: [
        ("android/small/a 0123", "accept.txt:2", "'0123' is neither a pixel hash (32 hex digits) nor 'remove'"),
        ("android/small/a", "accept.txt:2", "expected 'KEY PIXELHASH' or 'KEY remove', got 1 word"),
        ("android/small/a remove\nandroid/small/a remove", "accept.txt:3", "'android/small/a' is listed twice"),
        ("../x remove", "accept.txt:2", "'../x' is not a fixture key"),
        ("", "accept.txt", "lists no fixture to accept"),
    ])
    func aBadAcceptFileNamesItsLine(body: String, location: String, problem: String) {
        #expect {
            _ = try AcceptFile.parse("# reviewed\n" + body, name: "accept.txt")
        } throws: { e in
            guard let e = e as? InputError else { return false }
            return e.location == location && e.problem.hasPrefix(problem)
        }
    }

    @Test func anAcceptFileRoundTrips() throws {
        let h = try #require(Hash128(hex: "0123456789abcdef0123456789ABCDEF"))
        let file = AcceptFile([("android/small/a", .record(h)), ("cases/reported/old", .remove)])
        expectTrue(
            file.text == AcceptFile.header
                + "\nandroid/small/a 0123456789abcdef0123456789abcdef\ncases/reported/old remove\n")
        expectTrue(try AcceptFile.parse(file.text, name: "f") == file)
        #expect(throws: InputError.self) { try file.check(catalogKeys: ["android/small/a"], recorded: [], name: "f") }
        #expect(throws: Never.self) {
            try file.check(catalogKeys: ["android/small/a"], recorded: ["cases/reported/old"], name: "f")
        }
    }
}
