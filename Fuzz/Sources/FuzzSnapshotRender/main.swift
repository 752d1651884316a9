import Foundation
import FuzzSupport
import WidgetRaster

/// Loaded once per process: the bundled fonts and tokens, as the CLI loads them.
let renderer: WidgetRenderer = {
    do throws(InputError) {
        let fonts = try FontLibrary.bundled.get()
        return WidgetRenderer(fonts: fonts, androidTokens: try TokenSet.bundled(), iosTokens: try AssetCatalogTokens.bundled())
    } catch { fatalError("bundled fonts or tokens unreadable: \(error)") }
}()
let zone = TimeZone(identifier: "Europe/Berlin")!

/// Snapshot JSON → decode → every moment of its timeline (sync, +1 h, midnight, DST edges, stale)
/// → an Android and an iOS scene at each → pixels. What `render --snapshot` and `timeline` do.
runFuzzer { data, size in
    // A painter per input: its caches die with the input, so LeakSanitizer sees everything freed
    // (a process-long painter's cached nodes read as leaks: Fuzz/lsan.supp).
    let painter = CairoPainter(fonts: renderer.fonts)
    do throws(InputError) {
        let snapshot = try decodeWidgetSnapshot(Data(bytes(data, size)))
        let frames = try Timeline.frames(snapshot: snapshot, from: snapshot.syncedAt, timeZone: zone)
        for platform in TimelinePlatforms.all(renderer: renderer) {
            for frame in frames {
                _ = painter.render(try platform.scene(snapshot: snapshot, asOf: frame.date, timeZone: zone, family: platform.families[0]))
            }
        }
    } catch { checkRefusal(error) }
    return 0
}
