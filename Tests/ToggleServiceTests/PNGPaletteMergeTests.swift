import ImageWriters
import TestSupport
import TogglePicture
import XCTest
@testable import ToggleService
import QueryLanguage

/// Pictures a few colours over 256: with `paletteMinimumPSNR` the encoder merges their rarest
/// colours into their nearest neighbours and writes a palette, only while the picture stays
/// within the bound, measured here by libpng's reader (`DecodedPNG`) and the fidelity tests' PSNR
/// (R, G, B composited on black and on white), not by the encoder's own count.
final class PNGPaletteMergeTests: XCTestCase {
    /// 64 x 40 straight-alpha pixels: 256 base colours in blocks of 8 pixels (translucent ones
    /// among them), then `extra` single pixels, each a base colour moved by `offset` in red and
    /// blue (a distinct colour). Returns the pixels and where the extras are.
    func picture(extra: Int, offset: Int) -> (pixels: [UInt8], extras: Set<Int>) {
        var pixels = [UInt8](repeating: 0, count: 64 * 40 * 4)
        var extras = Set<Int>()
        func base(_ k: Int) -> [UInt8] { [UInt8(k), UInt8(255 - k), UInt8(k * 7 % 256), k < 64 ? UInt8(128 + k) : 255] }
        for k in 0..<256 {
            for i in k * 8 ..< k * 8 + 8 { pixels[i * 4 ..< i * 4 + 4] = base(k)[...] }
        }
        for n in 0..<extra {  // pixels 2048 onward, each near base colour 64 + 2n (opaque, red below 200)
            let i = 2048 + n
            var colour = base(64 + 2 * n)
            colour[0] = UInt8(Int(colour[0]) + offset)
            colour[2] = UInt8((Int(colour[2]) + offset) % 256)
            pixels[i * 4 ..< i * 4 + 4] = colour[...]
            extras.insert(i)
        }
        for i in 2048 + extra ..< 64 * 40 { pixels[i * 4 ..< i * 4 + 4] = base(200)[...] }
        return (pixels, extras)
    }

    func colourType(_ png: [UInt8]) -> UInt8 { png[25] }  // IHDR data starts at byte 16; colour type is its tenth byte

    func decoded(_ png: [UInt8]) throws -> DecodedPNG { try XCTUnwrap(DecodedPNG(png)) }

    /// The fidelity tests' PSNR of `png` against `reference`, the worse of black and white.
    func psnr(_ png: [UInt8], against reference: [UInt8], width: Int, height: Int) throws -> Double {
        let exact = try decoded(try PNGEncoder().encode(straightRGBA: reference, width: width, height: height))
        XCTAssertEqual(exact.pixels, reference)
        let image = try decoded(png)
        return min(SVGFidelityTests.psnr(image, exact, over: 0), SVGFidelityTests.psnr(image, exact, over: 255))
    }

    func testNearColoursOver256AreMergedIntoAPaletteWithinTheBound() throws {
        let (pixels, extras) = picture(extra: 44, offset: 1)
        var encoder = PNGEncoder()
        encoder.allowsPalette = true
        encoder.paletteMinimumPSNR = 50
        let png = try encoder.encode(straightRGBA: pixels, width: 64, height: 40)
        XCTAssertEqual(colourType(png), 3)
        XCTAssertGreaterThanOrEqual(try psnr(png, against: pixels, width: 64, height: 40), 50)
        // The rare colours moved; every other pixel is exact.
        let image = try decoded(png).pixels
        for i in 0..<64 * 40 where !extras.contains(i) {
            XCTAssertEqual(image[i * 4 ..< i * 4 + 4], pixels[i * 4 ..< i * 4 + 4], "pixel \(i)")
        }
        XCTAssertNotEqual(image, pixels)
    }

    func testWithoutABoundOrPastItThePictureStaysExactRGBA() throws {
        var encoder = PNGEncoder()
        encoder.allowsPalette = true
        let near = picture(extra: 44, offset: 1).pixels
        var png = try encoder.encode(straightRGBA: near, width: 64, height: 40)
        XCTAssertEqual(colourType(png), 6, "paletteMinimumPSNR 0: exact palettes only")
        XCTAssertEqual(try decoded(png).pixels, near)

        // 44 pixels 60 levels off in two channels: merging them would leave about 37 dB.
        encoder.paletteMinimumPSNR = 50
        let far = picture(extra: 44, offset: 60).pixels
        png = try encoder.encode(straightRGBA: far, width: 64, height: 40)
        XCTAssertEqual(colourType(png), 6)
        XCTAssertEqual(try decoded(png).pixels, far)
        encoder.paletteMinimumPSNR = 30
        png = try encoder.encode(straightRGBA: far, width: 64, height: 40)
        XCTAssertEqual(colourType(png), 3, "the same picture within a bound of 30 dB")
        XCTAssertGreaterThanOrEqual(try psnr(png, against: far, width: 64, height: 40), 30)
    }

    func testMoreThan512ColoursStayRGBA() throws {
        var pixels = picture(extra: 0, offset: 0).pixels
        for n in 0..<300 {  // 300 more colours, each one red level from a neighbour
            let i = 2048 + n
            pixels[i * 4 ..< i * 4 + 4] = [UInt8(n % 256), UInt8(n / 256), 9, 255]
        }
        var encoder = PNGEncoder()
        encoder.allowsPalette = true
        encoder.paletteMinimumPSNR = 50
        let png = try encoder.encode(straightRGBA: pixels, width: 64, height: 40)
        XCTAssertEqual(colourType(png), 6)
        XCTAssertEqual(try decoded(png).pixels, pixels)
    }

    func testPaletteDataTakesItsOwnLevelSteps() {
        var encoder = PNGEncoder()
        encoder.compressionLevel = 8
        encoder.smallImageLevels = [.init(belowBytes: 40_000, level: 3)]
        XCTAssertEqual(encoder.level(forPaletteDataBytes: 16_704), 3, "no palette steps: the RGBA ones")
        encoder.paletteImageLevels = [.init(belowBytes: 10_000, level: 3), .init(belowBytes: 100_000, level: 5)]
        XCTAssertEqual(encoder.level(forPaletteDataBytes: 7_424), 3)
        XCTAssertEqual(encoder.level(forPaletteDataBytes: 16_704), 5)
        XCTAssertEqual(encoder.level(forPaletteDataBytes: 100_000), 8)
        XCTAssertEqual(encoder.level(forDataBytes: 16_704), 3, "RGBA data keeps its steps")
    }

    /// The service's stills at scales 2 to 4 have 260-450 colours: palettes within 50 dB of the
    /// render (in practice near 70 dB), and smaller than the same pixels as RGBA.
    func testServiceStillsAFewColoursOver256AreWrittenAsPalettesWithinTheBound() throws {
        for query in ["on=1&scale=2", "on=1&scale=2&theme=dark", "on=1&sym=moon.fill&color=indigo&scale=2",
                      "on=1&scale=3", "on=0&scale=3&theme=dark", "on=1&scale=4"] {
            let spec = try ToggleQuery(rawQuery: query).spec
            let png = try ToggleRequest(spec: spec, format: .png).bytes()
            let render = try ToggleRenderer.render(spec)
            let drawn = render.straightAlphaPixels()
            XCTAssertEqual(colourType(png), 3, query)
            let db = try psnr(png, against: drawn, width: render.width, height: render.height)
            XCTAssertGreaterThanOrEqual(db, 50, query)
            let rgba = try PNGEncoder.rgba.encode(straightRGBA: drawn, width: render.width, height: render.height)
            XCTAssertLessThan(png.count, rgba.count, query)
        }
    }
}
