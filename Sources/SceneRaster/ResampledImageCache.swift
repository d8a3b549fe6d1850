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

    /// The cache `SceneRasterizer` uses by default: about 500 emoji at 34 px (17 pt at scale 2).
    public static let shared = ResampledImageCache()

    public var capacityBytes: Int { storage.capacity }
    private let storage: BoundedCache<Key, [UInt8]>

    /// - Parameter capacityBytes: most bytes of scaled pixels held (default 2 MiB); 0 disables it.
    public init(capacityBytes: Int = 2 << 20) {
        storage = BoundedCache(capacity: capacityBytes, cost: { $0.count })
    }

    /// `image.bitmap` scaled to `image`'s rectangle, from the cache or made and kept if there is room.
    func pixels(for image: SceneImage) -> [UInt8] {
        storage.value(for: Key(bitmap: image.bitmap, width: image.width, height: image.height)) {
            ImageResampling.resampled(image.bitmap, width: image.width, height: image.height)
        }
    }

    /// Sizes held.
    public var count: Int { storage.count }
}
