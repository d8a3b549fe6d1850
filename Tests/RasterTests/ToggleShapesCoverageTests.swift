import Scene
import XCTest
import Geometry
@testable import Raster

/// The shapes the toggle is made of, checked against areas computed here independently.
final class ToggleShapesCoverageTests: XCTestCase {
    func testCircleTotalCoverageIsItsArea() throws {
        let r = 13.0
        let mask = try Rasterizer.coverage(of: .circle(center: Point(20, 16), radius: r), width: 40, height: 32)
        // The flattened outline stays within the flattening tolerance of the circle, so the
        // area differs by at most tolerance x perimeter.
        XCTAssertEqual(mask.totalCoverage, Double.pi * r * r, accuracy: Flattening.defaultTolerance * 2 * Double.pi * r)
        XCTAssertEqual(mask[20, 16], 1)
        XCTAssertEqual(mask[0, 0], 0)
    }

    func testCapsuleFillingTheCanvasHasCrispStraightEdges() throws {
        // 58 x 32 capsule, radius 16: the straight parts of the top and bottom rows are fully
        // covered (the track fills the canvas exactly), the corners are empty.
        let mask = try Rasterizer.coverage(of: .capsule(x: 0, y: 0, width: 58, height: 32), width: 58, height: 32)
        for x in 17..<41 {
            XCTAssertEqual(mask[x, 0], 1, accuracy: 1e-5, "top row x=\(x)")
            XCTAssertEqual(mask[x, 31], 1, accuracy: 1e-5, "bottom row x=\(x)")
        }
        XCTAssertEqual(mask[0, 0], 0)
        // Area: rectangle 26 x 32 plus a circle of radius 16.
        XCTAssertEqual(mask.totalCoverage, 26 * 32 + Double.pi * 256,
                       accuracy: Flattening.defaultTolerance * 2 * Double.pi * 16)
    }

    func testHalfCoveredPixelAlongAVerticalEdge() throws {
        // A square from x = 2.5 to 6.5: the pixels at x = 2 and x = 6 are half covered.
        let mask = try Rasterizer.coverage(of: .polygon([Point(2.5, 0), Point(6.5, 0), Point(6.5, 4), Point(2.5, 4)]),
                                           width: 8, height: 4)
        XCTAssertEqual(mask[2, 1], 0.5, accuracy: 1e-6)
        XCTAssertEqual(mask[3, 1], 1, accuracy: 1e-6)
        XCTAssertEqual(mask[6, 1], 0.5, accuracy: 1e-6)
        XCTAssertEqual(mask[7, 1], 0, accuracy: 1e-6)
    }

    func testSourceOverOfOpaqueAndTranslucentColours() throws {
        var canvas = Canvas(width: 1, height: 1)
        var full = CoverageMask(width: 1, height: 1)
        full[0, 0] = 1
        canvas.composite(full, color: RGBAColor(red: 255, green: 0, blue: 0))
        canvas.composite(full, color: RGBAColor(red: 0, green: 0, blue: 255, alpha: 0.5))
        // 0.5 blue over opaque red: premultiplied (127.5, 0, 127.5, 255), rounded.
        let p = canvas.pixel(x: 0, y: 0)
        XCTAssertEqual([Int(p.r), Int(p.g), Int(p.b), Int(p.a)], [127, 0, 128, 255].map { $0 }, accuracy: 1)
    }
}

private func XCTAssertEqual(_ a: [Int], _ b: [Int], accuracy: Int, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, file: file, line: line)
    for (x, y) in zip(a, b) where abs(x - y) > accuracy {
        XCTFail("\(a) != \(b)", file: file, line: line)
        return
    }
}
