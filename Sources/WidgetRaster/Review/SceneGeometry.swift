import EvidenceCore
import WidgetScene

extension Scene {
    /// A layout-unit rectangle as whole pixels of this scene's render (rounded outward).
    public func pixelRect(_ r: Rect) -> PixelRect { r.pixelRect(density: density) }
}
