import Foundation
import FuzzSupport
import WidgetRaster

/// A saved `verify --json` result (what `report --from` reads, possibly downloaded from CI)
/// → the HTML page and JUnit XML built from it.
runFuzzer { data, size in
    guard let result = try? JSONDecoder().decode(VerifyResult.self, from: Data(bytes(data, size))) else { return 0 }
    _ = HTMLReport.render(result)
    _ = JUnitReport.render(result)
    return 0
}
