import FuzzSupport
import WidgetRaster

/// The input as `known-findings.json`.
runFuzzer { data, size in
    do throws(InputError) { _ = try KnownFindings.parse(bytes(data, size), name: KnownFindings.fileName) }
    catch { checkRefusal(error) }
    return 0
}
