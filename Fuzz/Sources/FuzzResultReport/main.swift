import Foundation
import FuzzSupport
import WidgetRaster

/// A saved `verify --json` result (what `report --from` reads, possibly downloaded from CI) through
/// the bounded reader `report` uses (size cap, schema, caps, key grammar), then the HTML page and
/// JUnit XML built from what it accepts.
runFuzzer { data, size in
    let url = put(bytes(data, size), at: "result.json")
    do throws(InputError) {
        let file = try ResultFile.load(url.path)
        _ = HTMLReport.render(file.result)
        _ = JUnitReport.render(file.result)
    } catch { checkRefusal(error) }
    return 0
}
