import EvidenceCore
import Foundation

/// The matrix made N times larger in memory, for measuring how time and memory grow with it
/// (`evidence bench --scale N`): the same scenes under distinct keys, with goldens to match.
public enum ScaleBench {
    /// `catalog` repeated `n` times: copy 0 keeps its keys, copy k > 0 is keyed `scale-k/<key>`.
    public static func replicate(_ catalog: [Fixture], _ n: Int) -> [Fixture] {
        (0..<max(1, n)).flatMap { k in
            catalog.map { f in k == 0 ? f : Fixture(key: "scale-\(k)/\(f.key)", draw: f.draw) }
        }
    }

    /// A goldens folder for `replicate(catalog, n)` in `dir`: each replica's golden is a hard link
    /// (a copy where links are refused) of its original, and the manifest lists every replica. The
    /// originals are never written: record replaces a file by renaming a new one over the link.
    public static func makeGoldens(catalog: [Fixture], n: Int, from goldens: URL, in dir: URL) throws(InputError) {
        guard let manifest = try Manifest.load(from: goldens) else {
            throw InputError(goldens.path, "no \(Manifest.fileName); run 'evidence record' first")
        }
        var scaled = Manifest(environment: manifest.environment)
        let fm = FileManager.default
        var made: Set<String> = []
        for k in 0..<max(1, n) {
            for f in catalog {
                guard var entry = manifest.goldens[f.key] else { continue }
                let key = k == 0 ? f.key : "scale-\(k)/\(f.key)"
                let source = goldens.appendingPathComponent(entry.file)
                entry.file = key + ".png"
                let target = dir.appendingPathComponent(entry.file)
                do {
                    let parent = target.deletingLastPathComponent()
                    if made.insert(parent.path).inserted {
                        try fm.createDirectory(at: parent, withIntermediateDirectories: true)
                    }
                    if link(source.path, target.path) != 0 { try fm.copyItem(at: source, to: target) }
                } catch {
                    throw InputError(target.path, "cannot link or copy the golden: \(error.localizedDescription)")
                }
                scaled.goldens[key] = entry
            }
        }
        try scaled.write(into: ContainedFolder(dir))
    }
}
