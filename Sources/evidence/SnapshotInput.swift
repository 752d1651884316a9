import Foundation
import WidgetRaster

/// Shared by `resolve` and `render`: a snapshot from a file or standard input ("-").
/// Reads and decodes it; errors name the file and the JSON path.
func loadSnapshotFile(_ path: String) throws(InputError) -> WidgetSnapshot {
    let (data, name) = try readSnapshotFile(path)
    return try decodeSnapshot(data, name: name)
}

/// The snapshot file's bytes and the name errors use. A missing or unreadable file is always an
/// error (exit 2): there is nothing to fall back *from*.
func readSnapshotFile(_ path: String) throws(InputError) -> (Data, name: String) {
    if path == "-" { return (FileHandle.standardInput.readDataToEndOfFile(), "<stdin>") }
    var isDir: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
        throw InputError(path, "no such file (use --no-snapshot to render first run)")
    }
    guard !isDir.boolValue, let d = FileManager.default.contents(atPath: path) else {
        throw InputError(path, "cannot be read as a file")
    }
    return (d, path)
}

/// Decodes snapshot bytes; the error's location is the file plus the JSON path or line/column.
func decodeSnapshot(_ data: Data, name: String) throws(InputError) -> WidgetSnapshot {
    try BadSnapshotPolicy.fail.decode(data, name: name).snapshot!
}
