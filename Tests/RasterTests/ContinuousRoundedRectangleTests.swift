import Geometry
import Raster
import XCTest

/// The continuous-corner rectangle filled by the rasterizer (its points are checked in
/// GeometryTests).
final class ContinuousRoundedRectangleFillTests: XCTestCase {
    /// Filled: the corner pixel is empty, the middle of every edge is fully covered, and the shape
    /// lies between a circular rounded rectangle of radius 1.52866483 r (less area) and one of
    /// radius r (more area): a continuous corner starts earlier but ends tighter.
    func testFilledShapeSitsBetweenCircularCorners() throws {
        let r = 16.0
        let mask = try Rasterizer.coverage(of: .continuousRoundedRectangle(x: 0, y: 0, width: 100, height: 100, radius: r),
                                           width: 100, height: 100)
        XCTAssertEqual(mask.values[0], 0, accuracy: 1e-6)
        XCTAssertEqual(mask.values[50], 1, accuracy: 1e-6)
        XCTAssertEqual(mask.values[50 * 100], 1, accuracy: 1e-6)
        let area = mask.values.reduce(0) { $0 + Double($1) }
        func circular(_ radius: Double) -> Double { 100 * 100 - (4 - Double.pi) * radius * radius }
        XCTAssertLessThan(area, circular(r))
        XCTAssertGreaterThan(area, circular(1.52866483 * r))
    }
}
