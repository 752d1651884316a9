import WidgetRaster

/// The checks `evidence verify` runs on every render besides the golden comparison.
enum GateChecks {
    static let all: [RenderCheck] = [ClipCheck.gateCheck, TruncationCheck.gateCheck, ContrastCheck.gateCheck, GlyphCoverageCheck.gateCheck]
}
