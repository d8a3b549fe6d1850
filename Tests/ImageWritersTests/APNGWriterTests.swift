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

    func testChangedBoxSpansTheFirstAndLastDifferingPixels() {
        let width = 7, height = 5
        let a = [UInt32](repeating: 0xFF00_00FF, count: width * height)
        XCTAssertNil(APNGWriter.changedBox(a, a, width: width, height: height))
        var b = a
        b[1 * width + 5] = 0  // (5, 1)
        b[3 * width + 1] = 0  // (1, 3)
        b[3 * width + 2] = 0  // (2, 3)
        let box = APNGWriter.changedBox(a, b, width: width, height: height)
        XCTAssertEqual(box.map { [$0.x0, $0.y0, $0.x1, $0.y1] }, [1, 1, 6, 4])
        var corners = a
        corners[0] = 1; corners[width * height - 1] = 1
        let whole = APNGWriter.changedBox(a, corners, width: width, height: height)
        XCTAssertEqual(whole.map { [$0.x0, $0.y0, $0.x1, $0.y1] }, [0, 0, width, height])
    }

    /// Frames given as the boxes that changed make the same file as the whole frames.
    func testUpdatesWriteTheSameFileAsWholeFrames() throws {
        let width = 9, height = 6
        let a = [UInt32](repeating: 0xFF10_2030, count: width * height)
        var b = a, c = a
        b[2 * width + 3] = 0x8000_0000; b[3 * width + 4] = 0xFF00_00FF
        c[5 * width + 8] = 0
        let box = PixelBox(x0: 2, y0: 1, x1: 6, y1: 5), corner = PixelBox(x0: 7, y0: 4, x1: 9, y1: 6)
        func inside(_ f: [UInt32], _ box: PixelBox) -> [UInt32] {
            (box.y0..<box.y1).flatMap { y in f[(y * width + box.x0)..<(y * width + box.x1)] }
        }
        let delay = FrameDelay(numerator: 1, denominator: 60)
        var whole = APNGWriter(width: width, height: height, frameCount: 4, encoder: .animationFrame)
        var parts = whole
        for f in [a, b, a, c] { try whole.append(straightPixels: f, delay: delay) }
        try parts.append(straightPixels: a, delay: delay)
        try parts.append(FrameUpdate(box: box, pixels: inside(b, box)), delay: delay)
        try parts.append(FrameUpdate(box: box, pixels: inside(a, box)), delay: delay)
        try parts.append(FrameUpdate(box: corner, pixels: inside(c, corner)), delay: delay)
        XCTAssertEqual(try parts.finish(), try whole.finish())
        var first = APNGWriter(width: width, height: height, frameCount: 1, encoder: .animationFrame)
        XCTAssertThrowsError(try first.append(FrameUpdate(box: box, pixels: inside(a, box)), delay: delay))
    }

    func testWrongFrameCountIsAnError() throws {
        var writer = APNGWriter(width: 2, height: 2, frameCount: 2, encoder: PNGEncoder())
        try writer.append(Canvas(width: 2, height: 2), delay: FrameDelay(numerator: 1, denominator: 60))
        XCTAssertThrowsError(try writer.finish())
        XCTAssertThrowsError(try writer.append(Canvas(width: 3, height: 2), delay: FrameDelay(numerator: 1, denominator: 60)))
    }

    /// Frames that share one palette: the file is colour type 3 with one PLTE and tRNS before the
    /// first IDAT; the default image and each later frame (its `fdAT` data put in a PNG of the
    /// frame's size with the file's PLTE and tRNS) read back by `Tests/PNG/read_png.py` are the
    /// pixels given: the changed box, with unchanged pixels transparent in an OVER frame.
    func testFramesSharingOnePaletteReadBackAsTheirPixels() throws {
        var a = Canvas(width: 4, height: 3)
        a.fillAll(.white)
        var b = a
        b.pixels[(1 * 4 + 2) * 4] = 0                          // (2, 1) cyan: an OVER frame
        var c = b
        c.pixels[(2 * 4 + 3) * 4 ..< (2 * 4 + 3) * 4 + 4] = [0, 0, 64, 128] // (3, 2) translucent: SOURCE
        let frames = [a, b, c].map(APNGWriter.straightPixels)
        var palette = FramePalette()
        for f in frames { XCTAssertTrue(palette.insert(contentsOf: f)) }
        var writer = APNGWriter(width: 4, height: 3, frameCount: 3, encoder: PNGEncoder(), palette: palette)
        for f in frames { try writer.append(straightPixels: f, delay: FrameDelay(numerator: 1, denominator: 60)) }
        let file = try writer.finish()
        let report = try PNGFileReport.read(file)
        XCTAssertEqual(report.ihdr.color_type, 3)
        XCTAssertEqual(report.chunks.filter { $0 == "PLTE" }.count, 1)
        XCTAssertEqual(report.rgba, a.straightAlphaPixels())

        let chunks = try XCTUnwrap(PNGChunks.parse(file))
        let header = try XCTUnwrap(chunks.first { $0.type == "IHDR" }).data
        let shared = chunks.filter { $0.type == "PLTE" || $0.type == "tRNS" }
        let controls = chunks.filter { $0.type == "fcTL" }.map { Array($0.data) }
        let data = chunks.filter { $0.type == "fdAT" }.map { Array($0.data.dropFirst(4)) }
        func bytes(_ pixels: [UInt32]) -> [UInt8] { pixels.withUnsafeBytes { Array($0) } }
        // Frame 1: the 1 x 1 box at (2, 1), OVER, the new pixel; frame 2: the 1 x 1 box at
        // (3, 2), SOURCE, the translucent pixel.
        let expected: [(box: [UInt32], blend: UInt8, pixels: [UInt8])] = [
            ([1, 1, 2, 1], 1, bytes([frames[1][1 * 4 + 2]])),
            ([1, 1, 3, 2], 0, bytes([frames[2][2 * 4 + 3]])),
        ]
        for (i, want) in expected.enumerated() {
            let control = controls[i + 1]
            XCTAssertEqual([4, 8, 12, 16].map { PNGChunks.readUInt32(control, at: $0) }, want.box)
            XCTAssertEqual(control[25], want.blend)
            var ihdr = Array(header)
            ihdr.replaceSubrange(0..<8, with: control[4..<12])
            var png = PNGChunks.signature
            PNGChunks.append(type: "IHDR", data: ihdr, to: &png)
            for chunk in shared { PNGChunks.append(type: chunk.type, data: Array(chunk.data), to: &png) }
            PNGChunks.append(type: "IDAT", data: data[i], to: &png)
            PNGChunks.append(type: "IEND", data: [], to: &png)
            XCTAssertEqual(try PNGFileReport.read(png).rgba, want.pixels, "frame \(i + 1)")
        }
    }

    /// A frame with a colour the palette does not hold is an error, not a wrong picture.
    func testAColourOutsideThePaletteIsAnError() throws {
        var a = Canvas(width: 2, height: 2)
        a.fillAll(.white)
        var palette = FramePalette()
        XCTAssertTrue(palette.insert(contentsOf: APNGWriter.straightPixels(a)))
        var writer = APNGWriter(width: 2, height: 2, frameCount: 2, encoder: PNGEncoder(), palette: palette)
        try writer.append(a, delay: FrameDelay(numerator: 1, denominator: 60))
        var b = a
        b.pixels[0] = 0
        XCTAssertThrowsError(try writer.append(b, delay: FrameDelay(numerator: 1, denominator: 60)))
    }

    /// 256 entries at most, transparent 0 always one of them, translucent entries first, each
    /// group in order of first appearance.
    func testFramePaletteOrderAndCapacity() {
        func pixel(_ r: UInt8, _ a: UInt8) -> UInt32 { UInt32(r) | UInt32(a) << 24 }  // memory order R, G, B, A (little-endian)
        var palette = FramePalette()
        XCTAssertTrue(palette.insert(contentsOf: [pixel(9, 255), pixel(5, 128), pixel(9, 255), pixel(7, 255), pixel(3, 1)]))
        XCTAssertEqual(palette.entries, [0, pixel(5, 128), pixel(3, 1), pixel(9, 255), pixel(7, 255)])
        var full = FramePalette()
        XCTAssertTrue(full.insert(contentsOf: (0..<255).map { pixel(UInt8($0), 255) }))
        XCTAssertEqual(full.entries.count, 256)
        XCTAssertTrue(full.insert(contentsOf: [pixel(3, 255), 0]), "colours already held still fit")
        XCTAssertFalse(full.insert(contentsOf: [pixel(0, 254)]))
    }
}
