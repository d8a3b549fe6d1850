import ImageWriters
import SceneRaster
import TextLayout
import TogglePicture
import Utilities

extension Caches {
    /// Gives the process-wide caches (fills, shadows, scaled images, symbols, style shapes, the shared
    /// layout's runs, outlines and colour glyphs, the PNG encoder's image data and coverage classes, and the SVG
    /// writer's path data and templates) their shares of this budget. The server calls
    /// it once at startup; the image cache and the memo of parsed requests belong to a responder
    /// and get theirs when made (`images`, `ToggleResponder.Configuration.preparedRequestBytes`).
    /// Until it is called, the shared caches hold `Caches.standard`'s shares.
    public func applyToSharedCaches() {
        FillCache.shared.setCapacityBytes(fills)
        ShadowCache.shared.setCapacityBytes(shadows)
        ResampledImageCache.shared.setCapacityBytes(resampledImages)
        SymbolCatalog.setCacheBytes(symbols)
        StyleShapes.setCacheBytes(styleShapes)
        TextLayout.shared.setCacheBudget(self)
        PNGEncoder.setImageDataCacheBytes(imageData)
        PaletteClasses.setCacheBytes(paletteClasses)
        SVGWriter.setCacheBudget(self)
    }
}
