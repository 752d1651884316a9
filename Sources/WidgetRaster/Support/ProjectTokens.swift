import EvidenceCore
import Foundation
import WidgetScene

// The bundled token folders are the current project's (`Project.current`): Paint reads any folder
// it is given; which folder is the project's is decided up here.

extension AndroidTokens {
    public static var bundledResDirectory: URL {
        Project.current.androidTokens
    }
}

extension AssetCatalogTokens {
    public static var bundledDirectory: URL {
        Project.current.iosTokens
    }

    /// The bundled catalog (`Tokens/ios/Assets.xcassets`).
    public static func bundled() throws(InputError) -> TokenSet {
        try load(directory: bundledDirectory).tokens
    }
}

extension TokenSet {
    /// The bundled default set (`Tokens/android/res`), mirroring seed 000.
    public static func bundled() throws(InputError) -> TokenSet {
        try AndroidTokens.load(resDirectory: AndroidTokens.bundledResDirectory)
    }
}
