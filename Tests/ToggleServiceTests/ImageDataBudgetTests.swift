import ImageWriters
import Raster
import TogglePicture
import Utilities
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// The PNG encoder's image-data cache takes its share of `--cache-bytes` (`Caches.imageData`):
/// it never holds more, and a budget of 0 keeps nothing while the files stay the same.
final class ImageDataBudgetTests: XCTestCase {
    override func tearDown() {
        Caches.standard.applyToSharedCaches()
        PNGEncoder.clearImageDataCache()
    }

    /// Offers `count` different 64 x 64 index images with 1,000 IDAT bytes each, twice each (the
    /// first offer only notes an image), about 5 KiB an entry.
    private func offerImages(_ count: Int, seed: UInt8 = 0) {
        for i in 0..<count {
            var indices = [UInt8](repeating: seed, count: 64 * 64)
            indices[0] = UInt8(truncatingIfNeeded: i)
            indices[1] = UInt8(truncatingIfNeeded: i >> 8)
            let idat = [UInt8](repeating: UInt8(truncatingIfNeeded: i), count: 1000)
            for _ in 0..<2 {
                PNGEncoder.offerToImageDataCache(width: 64, height: 64, hash: UInt64(i), indices: indices, idat: idat)
            }
        }
    }

    func testTheEncodersDefaultIsTheStandardShare() {
        XCTAssertEqual(PNGEncoder.defaultImageDataCacheBytes, Caches.standard.imageData)
    }

    func testASmallBudgetBoundsTheImageDataCache() {
        // 1 MiB: a 64 KiB share, offered about 1.3 MB.
        let caches = Caches(totalBytes: 1 << 20)
        XCTAssertEqual(caches.imageData, 64 << 10)
        PNGEncoder.clearImageDataCache()
        caches.applyToSharedCaches()
        XCTAssertEqual(PNGEncoder.imageDataCacheBytes, 64 << 10)
        offerImages(256)
        let held = PNGEncoder.imageDataCacheCounts.bytes
        XCTAssertGreaterThan(held, 32 << 10, "the cache should fill most of its share")
        XCTAssertLessThanOrEqual(held, caches.imageData)
    }

    func testShrinkingTheBudgetDropsWhatNoLongerFits() {
        PNGEncoder.clearImageDataCache()
        Caches.standard.applyToSharedCaches()
        offerImages(200)
        XCTAssertGreaterThan(PNGEncoder.imageDataCacheCounts.bytes, 64 << 10)
        Caches(totalBytes: 1 << 20).applyToSharedCaches()
        XCTAssertLessThanOrEqual(PNGEncoder.imageDataCacheCounts.bytes, 64 << 10)
    }

    func testBudgetZeroStoresNoImageData() throws {
        PNGEncoder.clearImageDataCache()
        offerImages(8)
        XCTAssertGreaterThan(PNGEncoder.imageDataCacheCounts.bytes, 0)
        Caches(totalBytes: 0).applyToSharedCaches()
        XCTAssertEqual(PNGEncoder.imageDataCacheBytes, 0)
        XCTAssertEqual(PNGEncoder.imageDataCacheCounts.bytes, 0, "setting 0 empties the cache")
        offerImages(8, seed: 1)
        XCTAssertEqual(PNGEncoder.imageDataCacheCounts.bytes, 0)
        XCTAssertEqual(PNGEncoder.imageDataCacheLookup(width: 64, height: 64, hash: 0,
                                                       indices: [UInt8](repeating: 1, count: 64 * 64)), 0)

        // Real encodes: never a hit, and the bytes zlib writes.
        let before = PNGEncoder.imageDataCacheCounts
        for query in ["on=0&color=red", "on=0&color=mint", "on=0&color=indigo&scale=2", "on=0&color=teal&scale=2"] {
            let spec = try ToggleQuery(rawQuery: query).spec
            let canvas = try ToggleRenderer.render(spec)
            let compressed = try PNGImageDataReuseTests.encodeForReuse(canvas, reusing: false, scale: spec.scale)
            for _ in 0..<3 {
                let png = try PNGImageDataReuseTests.encodeForReuse(canvas, reusing: true, scale: spec.scale)
                XCTAssertTrue(png == compressed, query)
            }
        }
        let after = PNGEncoder.imageDataCacheCounts
        XCTAssertEqual(after.hits, before.hits)
        XCTAssertEqual(after.stores, before.stores)
        XCTAssertEqual(after.bytes, 0)
    }
}
