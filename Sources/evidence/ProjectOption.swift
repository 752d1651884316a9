import Foundation
import WidgetRaster

/// `--root DIR`, which every command takes: the project whose goldens, token folders and
/// known-findings file the command reads. Without it the project is found from the working folder
/// upward (`Project.discover`), as git finds its repository — never the path evidence was built at.
enum ProjectOption {
    static let spec = OptionSpec.value("root", "DIR", "the project folder (its \(Project.configName) or \(Project.defaultGoldens)/)",
                                       default: .note("found from the working folder upward"))

    /// Takes `--root DIR` / `--root=DIR` out of `arguments` and resolves the project.
    static func resolve(_ arguments: inout [String]) throws(InputError) -> Project {
        var root: String?
        var kept: [String] = []
        var i = 0
        while i < arguments.count {
            let arg = arguments[i]
            if arg == "--" { kept += arguments[i...]; break }
            if arg == "--root" || arg.hasPrefix("--root=") {
                if root != nil { throw InputError("--root", "given twice; name one project folder") }
                if arg == "--root" {
                    guard i + 1 < arguments.count else { throw InputError("--root", "needs a value: the project folder") }
                    root = arguments[i + 1]; i += 2
                } else {
                    root = String(arg.dropFirst("--root=".count)); i += 1
                }
                continue
            }
            kept.append(arg); i += 1
        }
        arguments = kept
        guard let root else { return try Project.discover() }
        guard !root.isEmpty else { throw InputError("--root", "empty path; name the project folder") }
        return try Project.at(root: URL(fileURLWithPath: root), origin: "--root")
    }
}
