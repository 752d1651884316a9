import Foundation
import WidgetRaster

/// Shared by `resolve` and `render`: a snapshot from a file or standard input ("-").
/// Reads and decodes it; errors name the file and the JSON path.
func loadSnapshotFile(_ path: String) throws(InputError) -> WidgetSnapshot {
    let data: Data
    let name = path == "-" ? "<stdin>" : path
    if path == "-" {
        data = FileHandle.standardInput.readDataToEndOfFile()
    } else {
        var isDir: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDir) else {
            throw InputError(path, "no such file (use --no-snapshot to render first run)")
        }
        guard !isDir.boolValue, let d = FileManager.default.contents(atPath: path) else {
            throw InputError(path, "cannot be read as a file")
        }
        data = d
    }
    do {
        return try decodeWidgetSnapshot(data)
    } catch {
        throw InputError(error.location.isEmpty ? name : "\(name): \(error.location)", error.problem)
    }
}
