import CairoShim
import Foundation

/// Every Cairo scaled font a painter has drawn with, each held by one reference for as long as the
/// painter lives (the process, for the CLI's), so that none is destroyed while its workers draw.
/// Cairo 1.16 keeps a font whose last reference goes in a list of 256 holdovers and destroys the
/// oldest when the list is full; with two workers dropping and re-making the same fonts, one could
/// destroy a font the other was showing glyphs with (`cairo_scaled_font_destroy: Assertion
/// '! scaled_font->cache_frozen' failed`: 1 run in 26 of a cold 4× bench verify beside a long
/// goldens walk). A held font is the very object Cairo would have looked up again, so no pixel
/// changes; there are as many as the distinct faces × sizes × densities drawn.
package final class ScaledFontPins: @unchecked Sendable {  // guarded by `lock`
    private let lock = NSLock()
    private var held: Set<OpaquePointer> = []

    /// How many fonts are held.
    package var count: Int { lock.withLock { held.count } }

    deinit {
        for font in held { cairo_scaled_font_destroy(font) }
    }

    /// Holds `cr`'s current scaled font (made on first use) unless it is held already.
    func pinCurrent(of cr: OpaquePointer) {
        guard let font = cairo_get_scaled_font(cr) else { return }
        lock.withLock {
            if held.insert(font).inserted { cairo_scaled_font_reference(font) }
        }
    }
}
