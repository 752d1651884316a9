import Foundation
import WidgetRaster

/// A snapshot the app writes is a few KB; 16 MB leaves room for hostile-but-plausible titles.
let maxSnapshotBytes = 16 << 20

/// Shared by `resolve` and `render`: a snapshot from a file or standard input ("-").
/// Reads and decodes it; errors name the file and the JSON path.
func loadSnapshotFile(_ path: String) throws(InputError) -> WidgetSnapshot {
    let data: Data
    let name = path == "-" ? "<stdin>" : path
    if path == "-" {
        data = Data(try readAll(0, name: name, limit: maxSnapshotBytes))
    } else {
        guard FileManager.default.fileExists(atPath: path) else {
            throw InputError(path, "no such file (use --no-snapshot to render first run)")
        }
        data = Data(try readFile(atPath: path, limit: maxSnapshotBytes))
    }
    do {
        return try decodeWidgetSnapshot(data)
    } catch {
        throw InputError(error.location.isEmpty ? name : "\(name): \(error.location)", error.problem)
    }
}
