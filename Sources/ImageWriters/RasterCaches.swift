import SceneRaster

/// The blurred-shadow and fill-coverage caches a picture is drawn with (`SceneRasterizer`).
struct RasterCaches {
    var shadows: ShadowCache?
    var fills: FillCache?

    /// The process's shared caches, the raster backend's default.
    static let shared = RasterCaches(shadows: .shared, fills: .shared)

    /// The most bytes each cache of `forOneStill()` holds.
    static let ownBytes = 4 << 20

    /// For a still drawn several times over (its coverage classes made): the shared caches, or
    /// where one keeps nothing (`--cache-bytes 0`), a cache of this still's own, so that its fills
    /// are swept and its shadow blurred once however often it is drawn.
    static func forOneStill() -> RasterCaches {
        RasterCaches(shadows: ShadowCache.shared.capacityBytes > 0 ? .shared : ShadowCache(capacityBytes: ownBytes),
                     fills: FillCache.shared.capacityBytes > 0 ? .shared : FillCache(capacityBytes: ownBytes))
    }
}
