import Dispatch
import ImageWriters
import Raster
import TestSupport
import TogglePicture
import Utilities
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// The image-data cache (`PNGEncoder.reusesImageData`): a palette image whose index bytes were
/// encoded before takes the IDAT chunks from then instead of compressing. The files must be the
/// bytes libpng and zlib write when compressing (the same encoder with the cache off), whether the
/// cache is cold or hot; the pixels are checked by decoders that share no code with the encoder.
final class PNGImageDataReuseTests: XCTestCase {
    /// Toggles in many tints, both states, scales 1 to 3, a few symbols, styles and themes: the
    /// uncached benchmark's tints (`uncached.lua`'s stride) and named ones.
    static let reuseQueries: [String] = {
        let tints = (1...6).map { String(format: "%06x", ($0 * 2_654_435_761) % 16_777_216) } + ["indigo", "red", "mint"]
        var queries: [String] = []
        for extra in ["", "&sym=moon.fill", "&style=switch", "&sym=bolt.fill&theme=dark"] {
            for scale in [1, 2, 3] {
                for on in [0, 1] {
                    queries += tints.map { "on=\(on)&scale=\(scale)&color=\($0)\(extra)" }
                }
            }
        }
        return queries
    }()

    /// The text chunks both encodes get (their bytes are libpng's either way).
    static let reuseText: [PNGEncoder.TextChunk] = [.init(keyword: "Title", text: "Switch")]

    static func encodeForReuse(_ canvas: Canvas, reusing: Bool, scale: Double) throws -> [UInt8] {
        var encoder = PNGEncoder.toggleStill
        encoder.reusesImageData = reusing
        return try encoder.encode(canvas, text: Self.reuseText, pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: scale))
    }

    func testReusedImageDataGivesTheBytesZlibWrites() throws {
        PNGEncoder.clearImageDataCache()
        let before = PNGEncoder.imageDataCacheCounts
        var palettes = 0
        for query in Self.reuseQueries {
            let spec = try ToggleQuery(rawQuery: query).spec
            let canvas = try ToggleRenderer.render(spec)
            let compressed = try Self.encodeForReuse(canvas, reusing: false, scale: spec.scale)
            if compressed[25] == 3 { palettes += 1 }  // IHDR's colour type
            // Cold, offered once, then stored, then (normally) taken from the cache.
            for round in 0..<3 {
                let png = try Self.encodeForReuse(canvas, reusing: true, scale: spec.scale)
                XCTAssertTrue(png == compressed, "\(query), round \(round): the file differs from the compressed one")
            }
        }
        let after = PNGEncoder.imageDataCacheCounts
        XCTAssertGreaterThan(palettes, 100, "the queries should give mostly palette images")
        // Every palette image was encoded a third time after being stored; a slot may have been
        // taken by a later image with the same hash bits, so allow a few misses.
        XCTAssertGreaterThanOrEqual(after.hits - before.hits, palettes * 9 / 10, "the cache was not used")
        XCTAssertLessThanOrEqual(after.bytes, PNGEncoder.imageDataCacheBytes)
    }

    /// An off toggle does not show its tint, so every tint has the same index bytes: after two
    /// tints the service's own PNGs take their image data from the cache, and two decoders that
    /// share no code with the encoder (libpng's reader, Python's zlib in read_png.py) read the
    /// pixels the renderer drew, with the palette of the tint asked for.
    func testOffTogglesInOtherTintsReuseImageDataWithTheirOwnPixels() throws {
        PNGEncoder.clearImageDataCache()
        let tints = ["indigo", "ff0000", "00ff00", "123456", "orange", "abcdef"]
        let before = PNGEncoder.imageDataCacheCounts
        for (n, tint) in tints.enumerated() {
            let spec = try ToggleQuery(rawQuery: "on=0&scale=2&sym=moon.fill&theme=dark&color=\(tint)").spec
            let png = try ToggleRequest(spec: spec, format: .png).bytes()
            let drawn = try ToggleRenderer.render(spec).straightAlphaPixels()
            XCTAssertEqual(try XCTUnwrap(DecodedPNG(png)).pixels, drawn, tint)
            if n == tints.count - 1 {
                let report = try PNGFileReport.read(png)
                XCTAssertEqual(report.ihdr.color_type, 3)
                XCTAssertEqual(report.rgba, drawn, tint)
            }
        }
        XCTAssertEqual(PNGEncoder.imageDataCacheCounts.hits - before.hits, tints.count - 2,
                       "the first tint is noted, the second stored, the rest reuse")
    }

    /// The same index bytes under other settings (zlib level, row filters, strategy, memory
    /// level) compress differently: each setting gets its own entry, never another's data.
    func testOtherCompressionSettingsDoNotShareImageData() throws {
        PNGEncoder.clearImageDataCache()
        let spec = try ToggleQuery(rawQuery: "on=0&scale=2").spec
        let canvas = try ToggleRenderer.render(spec)
        var encoders: [PNGEncoder] = []
        for (level, filters, strategy, memory) in [(3, 0x08, 0, 0), (9, 0x08, 0, 0), (3, 0xF8, 0, 0), (3, 0x08, 1, 0), (3, 0x08, 0, 8)] as [(Int32, Int32, Int32, Int32)] {
            var encoder = PNGEncoder()
            encoder.allowsPalette = true
            encoder.compressionLevel = level
            encoder.filters = filters
            encoder.strategy = strategy
            encoder.memoryLevel = memory
            encoders.append(encoder)
        }
        let expected = try encoders.map { encoder -> [UInt8] in
            var plain = encoder
            plain.reusesImageData = false
            return try plain.encode(canvas)
        }
        XCTAssertGreaterThan(Set(expected).count, 1, "the settings should give different files")
        let before = PNGEncoder.imageDataCacheCounts.hits
        for round in 0..<3 {
            for (i, encoder) in encoders.enumerated() {
                XCTAssertTrue(try encoder.encode(canvas) == expected[i], "setting \(i), round \(round)")
            }
        }
        XCTAssertEqual(PNGEncoder.imageDataCacheCounts.hits - before, encoders.count, "each setting's third encode reuses its own")
    }

    /// A hash only picks the slot: an index image with the same hash and size but other bytes,
    /// or the same bytes at another size, never gets the held image's data.
    func testImageDataCacheComparesTheIndexBytesNotJustTheHash() {
        PNGEncoder.clearImageDataCache()
        let held = [UInt8](0..<64), other = [UInt8](0..<63) + [200], idat: [UInt8] = [1, 2, 3, 4, 5]
        let hash: UInt64 = 0xDEAD_BEEF_0123_4567
        for _ in 0..<2 { PNGEncoder.offerToImageDataCache(width: 8, height: 8, hash: hash, indices: held, idat: idat) }
        XCTAssertEqual(PNGEncoder.imageDataCacheLookup(width: 8, height: 8, hash: hash, indices: held), idat.count)
        XCTAssertEqual(PNGEncoder.imageDataCacheLookup(width: 8, height: 8, hash: hash, indices: other), 0)
        XCTAssertEqual(PNGEncoder.imageDataCacheLookup(width: 16, height: 4, hash: hash, indices: held), 0)
        XCTAssertEqual(PNGEncoder.imageDataCacheLookup(width: 8, height: 8, hash: hash ^ 1, indices: held), 0)
    }

    /// Renders from several threads at once (event loops and workers do) get the same bytes as
    /// compressing.
    func testConcurrentEncodesWithTheCacheGiveTheCompressedBytes() throws {
        PNGEncoder.clearImageDataCache()
        let queries = Self.reuseQueries.filter { $0.contains("scale=1") }
        let expected = try queries.map { query -> [UInt8] in
            let spec = try ToggleQuery(rawQuery: query).spec
            return try Self.encodeForReuse(try ToggleRenderer.render(spec), reusing: false, scale: spec.scale)
        }
        let mismatches = Locked(0)
        DispatchQueue.concurrentPerform(iterations: 8) { thread in
            for round in 0..<3 {
                for (i, query) in queries.enumerated() where (i + thread + round) % 2 == 0 {
                    guard let spec = try? ToggleQuery(rawQuery: query).spec,
                          let canvas = try? ToggleRenderer.render(spec),
                          let png = try? Self.encodeForReuse(canvas, reusing: true, scale: spec.scale),
                          png == expected[i] else {
                        mismatches.withLock { $0 += 1 }
                        continue
                    }
                }
            }
        }
        XCTAssertEqual(mismatches.withLock { $0 }, 0)
    }

    /// The cache never holds more than its budget: 40 different 300 x 300 palette images of
    /// noise (about 90,000 index bytes and as many IDAT bytes each, 7 MB together), each
    /// encoded twice so that each is stored, still give the compressed bytes.
    func testImageDataCacheStaysWithinItsBudget() throws {
        PNGEncoder.clearImageDataCache()
        var encoder = PNGEncoder()
        encoder.allowsPalette = true
        var plain = encoder
        plain.reusesImageData = false
        var state: UInt64 = 0x1234_5678
        let storesBefore = PNGEncoder.imageDataCacheCounts.stores
        for image in 0..<40 {
            var pixels = [UInt8](repeating: 255, count: 300 * 300 * 4)
            for i in 0..<(300 * 300) {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                pixels[i * 4] = UInt8(truncatingIfNeeded: state >> 56)  // 256 reds, opaque
            }
            let compressed = try plain.encode(straightRGBA: pixels, width: 300, height: 300)
            for _ in 0..<2 {
                XCTAssertTrue(try encoder.encode(straightRGBA: pixels, width: 300, height: 300) == compressed, "image \(image)")
            }
            XCTAssertLessThanOrEqual(PNGEncoder.imageDataCacheCounts.bytes, PNGEncoder.imageDataCacheBytes)
        }
        let stored = PNGEncoder.imageDataCacheCounts.stores - storesBefore
        XCTAssertGreaterThan(stored, 0)
        XCTAssertLessThan(stored, 40, "more than the budget's worth was stored")
    }
}
