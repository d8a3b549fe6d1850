@testable import ImageWriters
import TestSupport
import TogglePicture
import XCTest
@testable import ToggleService
@testable import QueryLanguage

/// The service's PNGs read back by libpng (`DecodedPNG`) and `Tests/PNG/read_png.py`: sRGB and
/// pHYs per scale, palettes for small toggles with the rendered pixels, typed errors.
final class TogglePNGTests: XCTestCase {
    /// sRGB (perceptual) and pHYs of 72 dpi x scale, 2835 x scale px/m rounded.
    func testServicePNGsCarrySRGBAndPhysicalPixelsPerScale() throws {
        for (scale, expected) in [(1.0, 2835), (2, 5670), (2.5, 7088), (3, 8505)] {
            let spec = try ToggleQuery(rawQuery: "on=1&scale=\(scale)").spec
            let report = try PNGFileReport.read(try ToggleRequest(spec: spec, format: .png).bytes())
            XCTAssertEqual(report.srgb, 0, "rendering intent perceptual at scale \(scale)")
            XCTAssertEqual(report.phys, [expected, expected, 1], "pHYs at scale \(scale)")
            // Both before the image data, as PNG requires.
            let idat = try XCTUnwrap(report.chunks.firstIndex(of: "IDAT"))
            XCTAssertLessThan(try XCTUnwrap(report.chunks.firstIndex(of: "sRGB")), idat)
            XCTAssertLessThan(try XCTUnwrap(report.chunks.firstIndex(of: "pHYs")), idat)
        }
        // Animated PNGs too, so a @2x animation opens at its point size like the still.
        for (scale, expected) in [(1.0, 2835), (2, 5670)] {
            let query = try ToggleQuery(rawQuery: "on=1&animate=1&scale=\(scale)")
            let report = try PNGFileReport.read(try ToggleRequest(query: query, format: .png).bytes())
            XCTAssertEqual(report.phys, [expected, expected, 1], "APNG pHYs at scale \(scale)")
            XCTAssertEqual(report.srgb, 0, "APNG sRGB at scale \(scale)")
        }
    }

    /// A scale 1 toggle has well under 256 colours: the service writes it as a palette, and
    /// both decoders see the pixels the renderer drew.
    func testServiceWritesSmallTogglesAsPaletteWithTheRenderedPixels() throws {
        for query in ["on=1", "on=0&color=indigo", "state=mixed&theme=dark"] {
            let spec = try ToggleQuery(rawQuery: query).spec
            let png = try ToggleRequest(spec: spec, format: .png).bytes()
            let report = try PNGFileReport.read(png)
            XCTAssertEqual(report.ihdr.color_type, 3, query)
            let drawn = try ToggleRenderer.render(spec).straightAlphaPixels()
            XCTAssertEqual(report.rgba, drawn, query)
            XCTAssertEqual(try XCTUnwrap(DecodedPNG(png)).pixels, drawn, query)
        }
    }

    func testToggleImageErrorsKeepTheirType() throws {
        var spec = ToggleSpec()
        spec.onSymbol = "no.such.symbol"
        spec.state = .on
        XCTAssertThrowsError(try ToggleRequest(spec: spec, format: .png).bytes()) { error in
            XCTAssertEqual(error as? ToggleImageError, .render(.unknownSymbol("no.such.symbol")))
        }
    }

    func testDefaultImageIsTheFromStateStill() throws {
        let query = try ToggleQuery(rawQuery: "on=1&animate=1&scale=2&color=indigo")
        let apng = try ToggleRequest(query: query, format: .png).bytes()
        let from = try ToggleRequest(query: ToggleQuery(rawQuery: "on=0&scale=2&color=indigo"), format: .png).bytes()
        let decoded = try XCTUnwrap(DecodedPNG(apng)), still = try XCTUnwrap(DecodedPNG(from))
        XCTAssertEqual(decoded.width, still.width)
        XCTAssertEqual(decoded.pixels, still.pixels)
    }

    func testChunkOrderAndSequenceNumbers() throws {
        let apng = try ToggleRequest(query: ToggleQuery(rawQuery: "on=1&animate=1&motion=reduce"), format: .png).bytes()
        let chunks = try XCTUnwrap(PNGChunks.parse(apng), "every CRC checks")
        let types = chunks.map(\.type)
        XCTAssertEqual(Array(types.prefix(2)), ["IHDR", "acTL"])
        XCTAssertEqual(types.last, "IEND")
        XCTAssertLessThan(types.firstIndex(of: "fcTL")!, types.firstIndex(of: "IDAT")!)
        let actl = Array(chunks[1].data)
        XCTAssertEqual(actl, [0, 0, 0, 10, 0, 0, 0, 1], "10 frames (0.15 s at 60 fps), played once")
        let sequence = chunks.filter { $0.type == "fcTL" || $0.type == "fdAT" }
            .map { PNGChunks.readUInt32(Array($0.data), at: 0) }
        XCTAssertEqual(sequence, (0..<UInt32(sequence.count)).map { $0 })
        XCTAssertEqual(types.filter { $0 == "fcTL" }.count, 10)
        XCTAssertEqual(types.filter { $0 == "fdAT" }.count, 9)
    }
}
