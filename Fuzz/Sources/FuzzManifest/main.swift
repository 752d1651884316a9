import FuzzSupport
import WidgetRaster

/// The input as `manifest.json` of a goldens folder, through the loader verify and record use.
runFuzzer { data, size in
    _ = put(bytes(data, size), at: "goldens/" + Manifest.fileName)
    do throws(InputError) { _ = try Manifest.loadChecked(from: scratch.appendingPathComponent("goldens")) }
    catch { checkRefusal(error) }
    return 0
}
