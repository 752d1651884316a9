import FuzzSupport
import WidgetRaster

/// A golden's bytes (or a report image) through the PNG decoder: decoded pixels or a one-line refusal.
runFuzzer { data, size in
    do throws(InputError) {
        let image = try PNGCodec.decode(bytes(data, size), name: "fuzz.png")
        if image.pixels.count != image.width * image.height * 4 { fatalError("decoded \(image.pixels.count) bytes for \(image.width)×\(image.height)") }
    } catch { checkRefusal(error) }
    return 0
}
