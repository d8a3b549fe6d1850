@testable import ImageWriters
import Raster
import SceneRaster
import TestSupport
import TogglePicture
import Utilities
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// Toggle stills that draw their tint, numbered by coverage class (`PaletteClasses`): the bytes
/// depend on the query alone (cold, warm, after eviction, in any order, with no cache at all),
/// and decoders that share no code with the encoder read the pixels the renderer drew, exactly
/// where the picture has at most 256 classes and within the fidelity bound past that.
final class PNGPaletteClassTests: XCTestCase {
    override func tearDown() {
        PaletteClasses.setCacheBytes(Caches.standard.paletteClasses)
    }

    /// On and mixed toggles of several geometries, in the uncached benchmark's tints
    /// (`uncached.lua`'s stride) and named ones.
    static let queries: [String] = {
        let tints = (1...8).map { String(format: "%06x", ($0 * 2 * 2_654_435_761) % 16_777_216) } + ["indigo", "red", "mint"]
        var queries: [String] = []
        for geometry in ["on=1", "state=mixed&theme=dark", "on=1&sym=moon.fill&scale=2", "on=1&scale=3&pad=2",
                         "on=1&style=switch&scale=2", "on=1&disabled=1&bg=white", "on=1&style=tutorial&label=Wi-Fi"] {
            queries += tints.map { "\(geometry)&color=\($0)" }
        }
        return queries
    }()

    static func png(_ query: String) throws -> [UInt8] {
        try ToggleRequest(spec: try ToggleQuery(rawQuery: query).spec, format: .png).bytes()
    }

    static func emptyClassCache() {
        PaletteClasses.setCacheBytes(0)
        PaletteClasses.setCacheBytes(Caches.standard.paletteClasses)
    }

    func testTheBytesDependOnTheQueryAlone() throws {
        Self.emptyClassCache()
        let cold = try Self.queries.map(Self.png)
        let warm = try Self.queries.map(Self.png)
        Self.emptyClassCache()
        PNGEncoder.clearImageDataCache()
        let reversed = try Self.queries.reversed().map(Self.png).reversed() as [[UInt8]]
        PaletteClasses.setCacheBytes(0)
        let uncached = try Self.queries.map(Self.png)
        // Room for a few geometries, the queries in an order that mixes them: the cache empties
        // itself and the classes are made again.
        PaletteClasses.setCacheBytes(64 << 10)
        let order = Self.queries.indices.sorted { ($0 * 37) % Self.queries.count < ($1 * 37) % Self.queries.count }
        var evicted = [[UInt8]](repeating: [], count: Self.queries.count)
        for i in order + order { evicted[i] = try Self.png(Self.queries[i]) }
        for (i, query) in Self.queries.enumerated() {
            XCTAssertTrue(warm[i] == cold[i], "warm: \(query)")
            XCTAssertTrue(reversed[i] == cold[i], "another order: \(query)")
            XCTAssertTrue(uncached[i] == cold[i], "no cache: \(query)")
            XCTAssertTrue(evicted[i] == cold[i], "evicted: \(query)")
        }
    }

    /// libpng's reader and read_png.py see the drawn pixels: exactly at scale 1 (no classes
    /// merged), within PSNR 50 dB on black and on white past 256 classes; and most tints of each
    /// geometry share one index image (written by class, not by colour).
    func testDecodersSeeTheDrawnPixels() throws {
        var imageDataByGeometry: [String: [[UInt8]: Int]] = [:]
        for (n, query) in Self.queries.enumerated() {
            let spec = try ToggleQuery(rawQuery: query).spec
            let png = try Self.png(query)
            let drawn = try ToggleRenderer.render(spec).straightAlphaPixels()
            let decoded = try XCTUnwrap(DecodedPNG(png))
            XCTAssertEqual(png[25], 3, "a palette: \(query)")
            if spec.scale == 1 {
                XCTAssertEqual(decoded.pixels, drawn, query)
            } else {
                let exact = try XCTUnwrap(DecodedPNG(try PNGEncoder.rgba.encode(try ToggleRenderer.render(spec))))
                XCTAssertEqual(exact.pixels, drawn)
                let psnr = min(SVGFidelityTests.psnr(decoded, exact, over: 0), SVGFidelityTests.psnr(decoded, exact, over: 255))
                XCTAssertGreaterThanOrEqual(psnr, 50, query)
            }
            if n % 5 == 0 { XCTAssertEqual(try PNGFileReport.read(png).rgba, decoded.pixels, query) }
            let geometry = String(query[..<query.range(of: "&color=")!.lowerBound])
            let idat = try XCTUnwrap(PNGChunks.parse(png)).filter { $0.type == "IDAT" }.flatMap { Array($0.data) }
            imageDataByGeometry[geometry, default: [:]][idat, default: 0] += 1
        }
        for (geometry, counts) in imageDataByGeometry {
            XCTAssertGreaterThanOrEqual(counts.values.max() ?? 0, 6, "\(geometry): most of 11 tints by class")
        }
    }

    /// Off toggles (their tint is not drawn) and translucent tints are numbered by colour, as
    /// before classes: the bytes of the same scenes encoded without `tintVariants`.
    func testOffTogglesAndTranslucentTintsAreNumberedByColour() throws {
        for query in ["on=0&color=123456", "on=0&scale=2&sym=moon.fill", "on=1&color=34c75980", "state=mixed&color=clear",
                      "on=1&color=rgba(255,149,0,0.5)&scale=2"] {
            let request = ToggleRequest(spec: try ToggleQuery(rawQuery: query).spec, format: .png)
            let scenes = try request.scenes()
            XCTAssertNil(scenes.tintVariants, query)
            XCTAssertTrue(try request.bytes() == SceneEncoder.bytes(scenes, format: .png), query)
        }
        // An opaque tint has them, and the picture differs only in its palette from another tint's.
        let request = ToggleRequest(spec: try ToggleQuery(rawQuery: "on=1&color=123456").spec, format: .png)
        XCTAssertNotNil(try request.scenes().tintVariants)
    }

    /// A picture past `PaletteClasses.maximumPixels` has no classes and is numbered by colour,
    /// as one without tint variants is, byte for byte; one within it has classes.
    func testLargePicturesAreNumberedByColour() throws {
        for (query, grouped) in [("on=1&scale=2&pad=64&color=123456", false),
                                 ("on=1&scale=2&color=123456", true)] {
            let request = ToggleRequest(spec: try ToggleQuery(rawQuery: query).spec, format: .png)
            var scenes = try request.scenes()
            guard case .still(let scene) = scenes.content, let variants = scenes.tintVariants else { return XCTFail(query) }
            XCTAssertEqual(scene.width * scene.height <= PaletteClasses.maximumPixels, grouped, query)
            let classes = PaletteClasses.classes(for: variants, width: scene.width, height: scene.height)
            XCTAssertEqual(classes != nil, grouped, query)
            guard !grouped else { continue }
            let withVariants = try SceneEncoder.bytes(scenes, format: .png)
            scenes.tintVariants = nil
            XCTAssertTrue(try withVariants == SceneEncoder.bytes(scenes, format: .png), query)
        }
    }
}
