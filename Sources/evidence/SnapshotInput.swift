import EvidenceCore
import Foundation
import WidgetModel

/// A snapshot the app writes is a few KB; 16 MB leaves room for hostile-but-plausible titles.
let maxSnapshotBytes = 16 << 20

/// Shared by `resolve` and `render`: a snapshot from a file or standard input ("-").
/// Reads and decodes it; errors name the file and the JSON path.
func loadSnapshotFile(_ path: String) throws(InputError) -> WidgetSnapshot {
    let (data, name) = try readSnapshotFile(path)
    return try decodeSnapshot(data, name: name)
}

/// The snapshot file's bytes and the name errors use. A missing or unreadable file is always an
/// error (exit 2): there is nothing to fall back *from*.
func readSnapshotFile(_ path: String) throws(InputError) -> (Data, name: String) {
    let name = path == "-" ? "<stdin>" : path
    if path == "-" { return (Data(try readAll(0, name: name, limit: maxSnapshotBytes)), name) }
    guard FileManager.default.fileExists(atPath: path) else {
        throw InputError(path, "no such file (use --no-snapshot to render first run)")
    }
    return (Data(try readFile(atPath: path, limit: maxSnapshotBytes)), name)
}

/// Decodes snapshot bytes; the error's location is the file plus the JSON path or line/column.
func decodeSnapshot(_ data: Data, name: String) throws(InputError) -> WidgetSnapshot {
    try BadSnapshotPolicy.fail.decode(data, name: name).snapshot!
}
