import Geometry
import Raster
import Scene
import Utilities

/// Blurred shadow coverage by exact geometry, shared by every thread that renders.
///
/// A shadow's coverage depends only on the canvas size, the path and where it is placed (px),
/// sigma and the disc that hides part of it; for a toggle, every image with the same size,
/// scale, state and padding (whatever its colours, symbol or theme) has the same one. Entries are exact: a hit
/// returns the very values a fresh blur would compute, so the cache never changes the output.
/// Bounded in bytes; when full, new shadows are computed per request and not kept (no
/// eviction), as `SymbolCache` does with outlines.
public final class ShadowCache: Sendable {
    /// The geometry a shadow is computed from, compared exactly.
    struct Key: Hashable, Sendable {
        var width: Int, height: Int
        var path: Path
        /// Path units -> px, the shadow's offset included.
        var placement: AffineTransform
        var sigma: Double
        var hiddenUnder: Disc?

        func hash(into hasher: inout Hasher) {
            var h = GeometryHash()
            h.mix(width); h.mix(height); h.mix(path); h.mix(placement); h.mix(sigma)
            if let disc = hiddenUnder { h.mix(1); h.mix(disc.center); h.mix(disc.radius) } else { h.mix(0) }
            hasher.combine(h.value)
        }
    }

    /// The cache `SceneRasterizer` uses by default, `Caches.standard.shadows` until the server
    /// sets its share (`setCapacityBytes`).
    public static let shared = ShadowCache()

    /// Most bytes held: an entry costs its coverage, its key's path and `Caches.entryOverheadBytes`.
    public var capacityBytes: Int { storage.capacity }
    private let storage: BoundedCache<Key, BoxCoverage>

    /// - Parameter capacityBytes: most bytes held (default `Caches.standard.shadows`); 0 disables it.
    public init(capacityBytes: Int = Caches.standard.shadows) {
        storage = BoundedCache(capacity: capacityBytes, cost: { key, coverage in
            coverage.byteCount + key.path.byteCount + Caches.entryOverheadBytes
        })
    }

    /// Sets the budget (`Caches.shadows`); shadows held beyond it are dropped.
    public func setCapacityBytes(_ bytes: Int) { storage.setCapacity(bytes) }

    /// Bytes held.
    public var bytesHeld: Int { storage.totalCost }

    /// The cached shadow for `key`, or `make()`'s result, stored if there is room.
    func shadow(for key: Key, make: () throws(RasterError) -> BoxCoverage) throws(RasterError) -> BoxCoverage {
        try storage.value(for: key, orMake: make)
    }

    /// Shadows held.
    public var count: Int { storage.count }
}
