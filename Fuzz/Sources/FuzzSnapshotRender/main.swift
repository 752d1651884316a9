import EvidenceCore
import Foundation
import FuzzSupport
import WidgetRaster
import WidgetScene
import WidgetText

/// Loaded once per process: the bundled fonts and tokens, as the CLI loads them.
let renderer: WidgetRenderer = {
    do throws(InputError) {
        let fonts = try FontLibrary.bundled.get()
        return WidgetRenderer(
            fonts: fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled())
    } catch { fatalError("bundled fonts or tokens unreadable: \(error)") }
}()

/// `FuzzEntry.snapshotRender`: snapshot JSON → every moment of its timeline → Android and iOS pixels.
runFuzzer { data, size in
    // A painter per input: its caches die with the input, so LeakSanitizer sees everything freed
    // (a process-long painter's cached nodes read as leaks: Fuzz/lsan.supp).
    trapIfBroken(
        FuzzEntry.snapshotRender(bytes(data, size), renderer: renderer, painter: CairoPainter(fonts: renderer.fonts)))
}
