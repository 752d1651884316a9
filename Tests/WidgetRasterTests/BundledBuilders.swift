import WidgetScene
import WidgetText

@testable import WidgetRaster

extension IOSSceneBuilder {
    /// The bundled fonts and asset catalog, read once per test process. A suite's builder made on
    /// every access re-parsed the catalog's JSON per render: 3 % of the whole suite's CPU.
    static let bundled = IOSSceneBuilder(fonts: FontLibrary.shared, tokens: try! AssetCatalogTokens.bundled())
}
