extension Scene {
    /// A layout-unit rectangle as whole pixels of this scene's render (rounded outward).
    public func pixelRect(_ r: Rect) -> PixelRect {
        let x0 = Int((r.minX * density).rounded(.down)), y0 = Int((r.minY * density).rounded(.down))
        let x1 = Int((r.maxX * density).rounded(.up)), y1 = Int((r.maxY * density).rounded(.up))
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}
