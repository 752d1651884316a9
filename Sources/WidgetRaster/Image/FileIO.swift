import Foundation

/// Reads a whole file as bytes; failure is an `InputError` naming the path (never a crash).
func readFile(atPath path: String) throws(InputError) -> [UInt8] {
    do {
        return [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    } catch {
        var isDirectory: ObjCBool = false
        if !FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
            throw InputError(path, "no such file")
        }
        if isDirectory.boolValue { throw InputError(path, "is a directory, expected a PNG file") }
        throw InputError(path, "cannot read the file")
    }
}
