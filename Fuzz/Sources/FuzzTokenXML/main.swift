import FuzzSupport
import WidgetRaster

/// The input as both `values/colors_widget.xml` and `values-night/colors_widget.xml` of a res
/// folder, through the Android token loader the CLI's `--android-res` uses.
runFuzzer { data, size in
    let input = bytes(data, size)
    _ = put(input, at: "res/" + AndroidTokens.lightFile)
    _ = put(input, at: "res/" + AndroidTokens.nightFile)
    do throws(InputError) { _ = try AndroidTokens.load(resDirectory: scratch.appendingPathComponent("res")) }
    catch { checkRefusal(error) }
    return 0
}
