import HTTPServer
import ImageWriters
import SceneRaster
import TextLayout
@testable import ToggleService
import TogglePicture
import Utilities
import XCTest
@testable import QueryLanguage

/// One budget reaches every cache: the shares of docs/deployment.md ("Cache budget"), in 64ths,
/// and no cache holds more than its share after drawing pictures of every kind.
final class CacheBudgetTests: XCTestCase {
    override func tearDown() {
        Caches.standard.applyToSharedCaches()
    }

    /// Toggles with shadows and symbols, labels in Latin text and emoji (runs, outlines, colour
    /// glyphs, scaled bitmaps), at a few scales, as PNG (twice, so the encoder offers its image
    /// data again) and SVG (path data, templates).
    @discardableResult
    private func drawPictures() throws -> [[UInt8]] {
        let queries = ["on=1", "on=0&sym=moon.fill", "on=1&sym=mdi:home&scale=2", "on=1&sym=mdi:wifi&scale=3",
                       "style=button&label=Bold%20text", "style=button&label=%F0%9F%98%80%20hi&scale=2",
                       "style=switch&label=Wi-Fi&on=1", "style=symbol&label=Bold&on=1&scale=1.5"]
        var pictures: [[UInt8]] = []
        for q in queries {
            for format in [ImageFormat.png, .png, .svg] {
                pictures.append(try ToggleRequest(spec: try ToggleQuery(rawQuery: q).spec, format: format).bytes())
            }
        }
        return pictures
    }

    private func sharedCapacities() -> [String: Int] {
        let text = TextLayout.shared.cacheCapacities
        return ["fills": FillCache.shared.capacityBytes, "shadows": ShadowCache.shared.capacityBytes,
                "resampledImages": ResampledImageCache.shared.capacityBytes,
                "symbols": SymbolCatalog.cacheCapacityBytes, "shapedRuns": text.runs,
                "glyphOutlines": text.outlines, "colorGlyphs": text.colorGlyphs,
                "imageData": PNGEncoder.imageDataCacheBytes, "paletteClasses": PaletteClasses.cacheCapacityBytes,
                "svgPathData": SVGWriter.cacheCapacities.pathData,
                "svgDocuments": SVGWriter.cacheCapacities.documents, "styleShapes": StyleShapes.cacheCapacityBytes]
    }

    private func sharedBytesHeld() -> [String: Int] {
        let text = TextLayout.shared.cacheBytesHeld
        return ["fills": FillCache.shared.bytesHeld, "shadows": ShadowCache.shared.bytesHeld,
                "resampledImages": ResampledImageCache.shared.bytesHeld,
                "symbols": SymbolCatalog.cacheBytesHeld, "shapedRuns": text.runs,
                "glyphOutlines": text.outlines, "colorGlyphs": text.colorGlyphs,
                "imageData": PNGEncoder.imageDataCacheCounts.bytes, "paletteClasses": PaletteClasses.cacheBytesHeld,
                "svgPathData": SVGWriter.cacheBytesHeld.pathData,
                "svgDocuments": SVGWriter.cacheBytesHeld.documents, "styleShapes": StyleShapes.cacheBytesHeld]
    }

    func testASmallBudgetReachesEveryCache() {
        // 64 KiB: 1 KiB per 64th.
        Caches(totalBytes: 64 << 10).applyToSharedCaches()
        XCTAssertEqual(sharedCapacities(), ["fills": 4 << 10, "shadows": 10 << 10, "resampledImages": 2 << 10,
                                            "symbols": 2 << 10, "shapedRuns": 2 << 10, "glyphOutlines": 2 << 10,
                                            "colorGlyphs": 4 << 10, "imageData": 4 << 10, "paletteClasses": 2 << 10,
                                            "svgPathData": 1 << 10, "svgDocuments": 1 << 10, "styleShapes": 1 << 10])
        var configuration = ToggleResponder.Configuration()
        configuration.preparedRequestBytes = Caches(totalBytes: 64 << 10).preparedRequests
        let responder = ToggleResponder(configuration: configuration)
        // 8 KiB of 2 KiB slots.
        XCTAssertEqual(responder.pictures.memo.slotCount, 4)
        XCTAssertLessThanOrEqual(responder.pictures.memo.capacityBytes, 8 << 10)
    }

    func testNoCacheHoldsMoreThanItsShare() throws {
        let caches = Caches(totalBytes: 64 << 10)
        caches.applyToSharedCaches()
        try drawPictures()
        let held = sharedBytesHeld()
        for (name, capacity) in sharedCapacities() {
            XCTAssertLessThanOrEqual(held[name] ?? .max, capacity, name)
        }
        // The pictures kept something: the limits were met by holding, not by being unused.
        XCTAssertGreaterThan(held.values.reduce(0, +), 0)
    }

    func testZeroCachesNothing() throws {
        try drawPictures()
        Caches(totalBytes: 0).applyToSharedCaches()
        try drawPictures()
        XCTAssertEqual(sharedBytesHeld().values.filter { $0 != 0 }, [])
        XCTAssertEqual(PreparedPictures(bytes: Caches(totalBytes: 0).preparedRequests).slotCount, 0)
        XCTAssertEqual(Caches(totalBytes: 0).images, 0)
    }

    /// The caches change the time, never the bytes: warm caches and none give the same files.
    func testPicturesAreTheSameWithAndWithoutCaches() throws {
        Caches.standard.applyToSharedCaches()
        try drawPictures()
        let cached = try drawPictures()
        Caches(totalBytes: 0).applyToSharedCaches()
        let uncached = try drawPictures()
        XCTAssertEqual(cached.count, uncached.count)
        for i in cached.indices { XCTAssertTrue(cached[i] == uncached[i], "picture \(i)") }
    }

    func testTheDefaultBudgetKeepsTheMemoAt4096Targets() {
        XCTAssertEqual(PreparedPictures(bytes: Caches.standard.preparedRequests).slotCount, 4096)
    }
}
