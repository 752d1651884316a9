import CBundledFonts

/// Fonts/' files as compiled into the binary (`Sources/CBundledFonts`, C23 `#embed`): the primaries
/// every render draws with, identical in a clone's build, a copied binary and an install.
public enum BundledFonts {
    /// How a `FontFile` path names an embedded font (never a real path: no folder is read).
    public static let prefix = "evidence:Fonts/"

    /// Each embedded file's name and bytes, in the table's fixed order.
    nonisolated(unsafe) public static let all: [(name: String, bytes: UnsafeRawBufferPointer)] = embeddedFiles(
        evidence_bundled_font_at)

    /// The bytes of the embedded file called `name` (`Roboto-Regular.ttf`), nil when none is.
    public static func bytes(named name: String) -> UnsafeRawBufferPointer? {
        all.first { $0.name == name }?.bytes
    }
}

/// The entries of one of CBundledFonts' tables (`at(i)`, NULL past the last): each file's name and bytes.
package func embeddedFiles(_ at: (Int32) -> UnsafePointer<evidence_bundled_font>?) -> [(
    name: String, bytes: UnsafeRawBufferPointer
)] {
    var out: [(name: String, bytes: UnsafeRawBufferPointer)] = []
    var i: Int32 = 0
    while let entry = at(i) {
        out.append(
            (
                String(cString: entry.pointee.name),
                UnsafeRawBufferPointer(start: entry.pointee.bytes, count: entry.pointee.count)
            ))
        i += 1
    }
    return out
}
