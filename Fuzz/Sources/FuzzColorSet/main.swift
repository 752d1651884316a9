import Foundation
import FuzzSupport
import WidgetRaster

/// One `*.colorset/Contents.json` through the asset-catalog reader.
runFuzzer { data, size in
    do throws(InputError) { _ = try AssetCatalogTokens.parseColorSet(Data(bytes(data, size)), file: "Fuzz.colorset/Contents.json") }
    catch { checkRefusal(error) }
    return 0
}
