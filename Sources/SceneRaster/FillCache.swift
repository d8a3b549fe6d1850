import Geometry
import Raster
import Utilities

/// The coverage of filled shapes by exact geometry, shared by every thread that renders.
///
/// A fill's coverage depends only on the canvas size, the path, its transform, the fill rule
/// and the flattening tolerance, not on its colour or opacity: toggles that differ only in
/// colour or theme (a new `color=` per request is the usual uncached request) have the same
/// track, knob and symbol shapes. Entries are exact: a hit replays the runs a fresh sweep would
/// hand over, so the cache never changes the output (tested against `fills: nil`).
/// Bounded in bytes; when full, new shapes are rasterized per request and not kept (no
/// eviction), as `ShadowCache` does.
public final class FillCache: Sendable {
    /// The geometry a fill's coverage is computed from, compared exactly.
    struct Key: Hashable, Sendable {
        var width: Int, height: Int
        var path: Path
        var transform: AffineTransform
        var fillRule: FillRule
        var tolerance: Double

        func hash(into hasher: inout Hasher) {
            var h = GeometryHash()
            h.mix(width); h.mix(height); h.mix(path); h.mix(transform)
            h.mix(fillRule == .nonZero ? 0 : 1); h.mix(tolerance)
            hasher.combine(h.value)
        }
    }

    /// The cache `SceneRasterizer` uses by default, `Caches.standard.fills` until the server sets
    /// its share (`setCapacityBytes`): about 1,000 scale 1 toggles' shapes in 4 MiB.
    public static let shared = FillCache()

    /// Most bytes held: an entry costs its runs, its key's path and `Caches.entryOverheadBytes`.
    public var capacityBytes: Int { storage.capacity }
    private let storage: BoundedCache<Key, CoverageRuns>

    /// - Parameter capacityBytes: most bytes held (default `Caches.standard.fills`); 0 disables it.
    public init(capacityBytes: Int = Caches.standard.fills) {
        storage = BoundedCache(capacity: capacityBytes, cost: { key, runs in
            runs.byteCount + key.path.byteCount + Caches.entryOverheadBytes
        })
    }

    /// Sets the budget (`Caches.fills`); shapes held beyond it are dropped.
    public func setCapacityBytes(_ bytes: Int) { storage.setCapacity(bytes) }

    /// Bytes held.
    public var bytesHeld: Int { storage.totalCost }

    /// The cached coverage for `key`, or `make()`'s result, stored if there is room.
    func runs(for key: Key, make: () throws(RasterError) -> CoverageRuns) throws(RasterError) -> CoverageRuns {
        try storage.value(for: key, orMake: make)
    }

    /// Shapes held.
    public var count: Int { storage.count }
}
