import Foundation
@testable import ImageWriters
import Raster
import Scene
import TestSupport
import XCTest

/// The encoder's output read back by two decoders that share no code with it: libpng's
/// simplified read API (`DecodedPNG`) for pixels, and `Tests/PNG/read_png.py` (Python's zlib and
/// struct, CRCs checked) for chunks, palette and pixels.
final class PNGEncoderTests: XCTestCase {
    /// A canvas with a few flat colours, translucent ones included: a transparent field, an
    /// opaque red box, a half-transparent blue box, and `extraColours` distinct grey pixels.
    func canvas(extraColours: Int) -> Canvas {
        var canvas = Canvas(width: 40, height: 30)
        for y in 0..<30 {
            for x in 0..<40 {
                let i = (y * 40 + x) * 4
                if x < 10 { canvas.pixels[i..<i + 4] = [200, 0, 0, 255] }
                else if x < 20 { canvas.pixels[i..<i + 4] = [0, 0, 64, 128] }
            }
        }
        for n in 0..<extraColours {  // premultiplied grey, each a different alpha and level
            let i = ((20 + n % 20) + (n / 20) * 40) * 4
            let a = UInt8(1 + n % 254)
            canvas.pixels[i..<i + 4] = [a / 2, UInt8(n / 254), a / 3, a]
        }
        return canvas
    }

    func testPaletteWhenAtMost256ColoursWithTheSamePixels() throws {
        var encoder = PNGEncoder()
        encoder.allowsPalette = true
        let source = canvas(extraColours: 100)
        let png = try encoder.encode(source)
        let report = try PNGFileReport.read(png)
        XCTAssertEqual(report.ihdr.color_type, 3)
        let plte = try XCTUnwrap(report.plte)
        XCTAssertEqual(plte.count, 103)  // transparent, red, blue, 100 greys
        // tRNS covers the translucent entries only, and they come first.
        let trns = try XCTUnwrap(report.trns)
        XCTAssertEqual(trns.count, 102)
        XCTAssertTrue(trns.allSatisfy { $0 < 255 })
        XCTAssertEqual(report.rgba, source.straightAlphaPixels())
        XCTAssertEqual(try XCTUnwrap(DecodedPNG(png)).pixels, source.straightAlphaPixels())
    }

    /// Only opaque entries (no tRNS), only translucent ones, and a full 256-entry palette.
    func testPaletteEdgeCases() throws {
        var encoder = PNGEncoder()
        encoder.allowsPalette = true
        var opaque = Canvas(width: 16, height: 16)
        opaque.fillAll(RGBAColor(red: 10, green: 20, blue: 30, alpha: 1))
        for x in 0..<16 { opaque.pixels[x * 4] = UInt8(x * 10) }
        var report = try PNGFileReport.read(try encoder.encode(opaque))
        XCTAssertEqual(report.ihdr.color_type, 3)
        XCTAssertNil(report.trns)
        XCTAssertEqual(report.rgba, opaque.straightAlphaPixels())

        var translucent = Canvas(width: 16, height: 16)
        for i in 0..<256 { translucent.pixels[i * 4 + 3] = UInt8(1 + i % 7); translucent.pixels[i * 4] = UInt8(i % 7) / 2 }
        report = try PNGFileReport.read(try encoder.encode(translucent))
        XCTAssertEqual(report.ihdr.color_type, 3)
        XCTAssertEqual(report.trns?.count, report.plte?.count)
        XCTAssertEqual(report.rgba, translucent.straightAlphaPixels())

        var full = Canvas(width: 16, height: 16)
        for i in 0..<256 { full.pixels[i * 4 ..< i * 4 + 4] = i < 100 ? [0, 0, 0, UInt8(i)] : [UInt8(i), 0, 0, 255] }
        report = try PNGFileReport.read(try encoder.encode(full))
        XCTAssertEqual(report.ihdr.color_type, 3)
        XCTAssertEqual(report.plte?.count, 256)
        XCTAssertEqual(report.trns?.count, 100)
        XCTAssertEqual(report.rgba, full.straightAlphaPixels())
    }

    func testRGBAWhenMoreThan256ColoursOrPaletteNotAllowed() throws {
        var encoder = PNGEncoder()
        encoder.allowsPalette = true
        let many = canvas(extraColours: 300)
        let manyReport = try PNGFileReport.read(try encoder.encode(many))
        XCTAssertEqual(manyReport.ihdr.color_type, 6)
        XCTAssertNil(manyReport.plte)
        XCTAssertEqual(manyReport.rgba, many.straightAlphaPixels())

        let few = canvas(extraColours: 3)
        let rgbaReport = try PNGFileReport.read(try PNGEncoder().encode(few))
        XCTAssertEqual(rgbaReport.ihdr.color_type, 6)
        XCTAssertEqual(rgbaReport.rgba, few.straightAlphaPixels())
    }

    func testLevelStepsAndMemoryLevelKeepThePixels() throws {
        let source = canvas(extraColours: 50)
        for (level, steps, memory) in [(8, [(100_000, 1)], 0), (8, [(0, 3)], 2), (9, [], 9)] as [(Int32, [(Int, Int32)], Int32)] {
            var encoder = PNGEncoder()
            encoder.compressionLevel = level
            encoder.smallImageLevels = steps.map { .init(belowBytes: $0.0, level: $0.1) }
            encoder.memoryLevel = memory
            XCTAssertEqual(try PNGFileReport.read(try encoder.encode(source)).rgba, source.straightAlphaPixels())
        }
    }

    func testLevelForDataBytesTakesTheFirstStepThatFits() {
        var encoder = PNGEncoder()
        encoder.compressionLevel = 8
        encoder.smallImageLevels = [.init(belowBytes: 40_000, level: 3), .init(belowBytes: 100_000, level: 5)]
        XCTAssertEqual(encoder.level(forDataBytes: 1_888), 3)
        XCTAssertEqual(encoder.level(forDataBytes: 39_999), 3)
        XCTAssertEqual(encoder.level(forDataBytes: 40_000), 5)
        XCTAssertEqual(encoder.level(forDataBytes: 99_999), 5)
        XCTAssertEqual(encoder.level(forDataBytes: 100_000), 8)
    }

    func testPlainEncoderWritesSRGBButNoPhysUnlessAsked() throws {
        let report = try PNGFileReport.read(try PNGEncoder().encode(canvas(extraColours: 0)))
        XCTAssertEqual(report.srgb, 0)
        XCTAssertNil(report.phys)
        var encoder = PNGEncoder()
        encoder.writesSRGB = false
        XCTAssertNil(try PNGFileReport.read(try encoder.encode(canvas(extraColours: 0))).srgb)
    }

    /// review.md "PNGEncoder iTXt": text outside Latin-1 used to become `?`.
    func testNonLatin1TextGoesIntoITXtAsUTF8() throws {
        let text = "Schalter, an, Symbol Mond ☾, Farbe 靛蓝 🌙"
        let png = try PNGEncoder().encode(canvas(extraColours: 0), text: [
            .init(keyword: "Title", text: "Switch"),
            .init(keyword: "Description", text: text),
            .init(keyword: "Author", text: "Zoë"),   // Latin-1: stays tEXt
        ])
        let report = try PNGFileReport.read(png)
        XCTAssertEqual(report.itxt["Description"], text)
        XCTAssertNil(report.text["Description"])
        XCTAssertEqual(report.text["Title"], "Switch")
        XCTAssertEqual(report.text["Author"], "Zoë")
        XCTAssertNil(report.itxt["Author"])
    }

    /// The PNG error stays typed, with libpng's message, instead of becoming a string.
    func testLibpngErrorsAreTyped() throws {
        XCTAssertThrowsError(try PNGEncoder().encode(canvas(extraColours: 0), text: [.init(keyword: "", text: "x")])) { error in
            guard case .libpng(let message) = error as? PNGEncodingError else {
                return XCTFail("expected PNGEncodingError.libpng, got \(error)")
            }
            XCTAssertTrue(message.contains("keyword"), message)
        }
        XCTAssertThrowsError(try PNGEncoder().encode(straightRGBA: [0, 0, 0], width: 1, height: 1)) { error in
            XCTAssertEqual(error as? PNGEncodingError, .invalidDimensions(width: 1, height: 1))
        }
    }
}
