import XCTest
@testable import ImageWriters
import Raster
import TestSupport

/// The APNG writer's structure: CRCs, chunks, sequence numbers, frame regions, read back by
/// libpng's own decoder (which ignores the animation chunks). Pillow, pngcheck and apngdis read
/// the frames in Tests/Animation.
final class APNGWriterTests: XCTestCase {
    func testCRCCheckValues() {
        // The CRC-32 check value of "123456789" (ISO 3309 / ITU-T V.42) and IEND's CRC (PNG spec).
        XCTAssertEqual(CRC32.checksum(Array("123456789".utf8)), 0xCBF4_3926)
        XCTAssertEqual(CRC32.checksum(Array("IEND".utf8)), 0xAE42_6082)
    }

    func testChangedRectangleAndBlendOps() throws {
        var writer = APNGWriter(width: 4, height: 3, frameCount: 3, encoder: PNGEncoder())
        var a = Canvas(width: 4, height: 3)
        a.fillAll(.white)
        var b = a
        b.pixels[(1 * 4 + 2) * 4] = 0  // pixel (2, 1): cyan, still opaque
        var c = b
        c.pixels[(2 * 4 + 3) * 4 + 3] = 128 // pixel (3, 2): alpha 128 (premultiplied colour stays <= alpha below)
        for i in 0..<3 { c.pixels[(2 * 4 + 3) * 4 + i] = 100 }
        let delay = FrameDelay(numerator: 1, denominator: 30)
        try writer.append(a, delay: delay)
        try writer.append(b, delay: delay)
        try writer.append(c, delay: delay)
        let chunks = try XCTUnwrap(PNGChunks.parse(try writer.finish()))
        let controls = chunks.filter { $0.type == "fcTL" }.map { Array($0.data) }
        func field(_ d: [UInt8], _ i: Int) -> UInt32 { PNGChunks.readUInt32(d, at: i) }
        // frame 1: only (2,1), opaque: 1x1 at (2,1), OVER
        XCTAssertEqual([field(controls[1], 4), field(controls[1], 8), field(controls[1], 12), field(controls[1], 16)], [1, 1, 2, 1])
        XCTAssertEqual(controls[1][25], 1, "OVER")
        XCTAssertEqual(controls[1][20...23], [0, 1, 0, 30], "delay 1/30")
        // frame 2: (3,2) becomes translucent: SOURCE
        XCTAssertEqual([field(controls[2], 4), field(controls[2], 8), field(controls[2], 12), field(controls[2], 16)], [1, 1, 3, 2])
        XCTAssertEqual(controls[2][25], 0, "SOURCE")
        XCTAssertEqual(controls.map { $0[24] }, [0, 0, 0], "dispose NONE")
    }

    func testWrongFrameCountIsAnError() throws {
        var writer = APNGWriter(width: 2, height: 2, frameCount: 2, encoder: PNGEncoder())
        try writer.append(Canvas(width: 2, height: 2), delay: FrameDelay(numerator: 1, denominator: 60))
        XCTAssertThrowsError(try writer.finish())
        XCTAssertThrowsError(try writer.append(Canvas(width: 3, height: 2), delay: FrameDelay(numerator: 1, denominator: 60)))
    }
}
