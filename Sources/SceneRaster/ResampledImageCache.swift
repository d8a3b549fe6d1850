import Raster
import Scene
import Utilities

/// Bitmaps (colour emoji) already scaled to the size a scene draws them at, shared by every
/// thread that renders: a label's emoji is scaled once per size, then only composited.
/// Bounded in bytes; when full, new sizes are scaled per request and not kept (no eviction), as
/// `FillCache` does. Entries are exact: a hit gives the bytes `ImageResampling.resampled` gives.
public final class ResampledImageCache: Sendable {
    struct Key: Hashable, Sendable {
        var bitmap: RGBABitmap
        var width: Int, height: Int
    }

    /// The cache `SceneRasterizer` uses by default, `Caches.standard.resampledImages` until the
    /// server sets its share (`setCapacityBytes`): about 400 emoji at 34 px (17 pt at scale 2).
    public static let shared = ResampledImageCache()

    /// Most bytes held: an entry costs its scaled pixels and `Caches.entryOverheadBytes` (the
    /// key's bitmap is the layout's, shared, not a copy).
    public var capacityBytes: Int { storage.capacity }
    private let storage: BoundedCache<Key, [UInt8]>

    /// - Parameter capacityBytes: most bytes held (default `Caches.standard.resampledImages`); 0
    ///   disables it.
    public init(capacityBytes: Int = Caches.standard.resampledImages) {
        storage = BoundedCache(capacity: capacityBytes, cost: { _, pixels in pixels.count + Caches.entryOverheadBytes })
    }

    /// Sets the budget (`Caches.resampledImages`); sizes held beyond it are dropped.
    public func setCapacityBytes(_ bytes: Int) { storage.setCapacity(bytes) }

    /// Bytes held.
    public var bytesHeld: Int { storage.totalCost }

    /// `image.bitmap` scaled to `image`'s rectangle, from the cache or made and kept if there is room.
    func pixels(for image: SceneImage) -> [UInt8] {
        storage.value(for: Key(bitmap: image.bitmap, width: image.width, height: image.height)) {
            ImageResampling.resampled(image.bitmap, width: image.width, height: image.height)
        }
    }

    /// Sizes held.
    public var count: Int { storage.count }
}
