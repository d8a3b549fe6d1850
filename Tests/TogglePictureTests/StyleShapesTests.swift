import XCTest
import Geometry
@testable import TogglePicture

/// Kept track and knob paths are the paths `Path` builds for the same numbers, also after the
/// memo has replaced its oldest entries.
final class StyleShapesTests: XCTestCase {
    func testKeptShapesEqualFreshOnes() {
        for round in 0..<3 {
            for i in 0..<100 {
                let x = Double(i % 7), w = 57.6 + Double(i), h = 32 + Double(i % 5) * 0.5
                XCTAssertEqual(StyleShapes.capsule(x: x, y: x, width: w, height: h),
                               Path.capsule(x: x, y: x, width: w, height: h), "round \(round), \(i)")
                let c = Point(12.5 + Double(i), 16), r = 13 + Double(i % 3)
                XCTAssertEqual(StyleShapes.circle(center: c, radius: r), Path.circle(center: c, radius: r))
            }
        }
        XCTAssertEqual(StyleShapes.capsules.count, StyleShapes.capsules.capacity)
    }

    func testMemoKeysCompareBits() {
        let memo = ShapeMemo(capacity: 2)
        let a = Path.circle(center: Point(1, 1), radius: 1), b = Path.circle(center: Point(2, 2), radius: 2)
        memo.keep(a, for: .init(0.0, 1, 1, 1))
        XCTAssertNil(memo.path(for: .init(-0.0, 1, 1, 1)))
        XCTAssertEqual(memo.path(for: .init(0.0, 1, 1, 1)), a)
        memo.keep(b, for: .init(2, 2, 2, 2))
        memo.keep(b, for: .init(3, 3, 3, 3))  // replaces the oldest, (0, 1, 1, 1)
        XCTAssertNil(memo.path(for: .init(0.0, 1, 1, 1)))
        XCTAssertEqual(memo.path(for: .init(2, 2, 2, 2)), b)
        XCTAssertEqual(memo.count, 2)
    }

    func testMemoStaysWithinItsBytes() {
        let circle = Path.circle(center: Point(1, 1), radius: 1)
        let memo = ShapeMemo(capacity: 64, capacityBytes: ShapeMemo.cost(circle) * 3)
        for i in 0..<20 {
            memo.keep(Path.circle(center: Point(1, 1), radius: Double(i + 1)), for: .init(Double(i), 0, 0, 0))
            XCTAssertLessThanOrEqual(memo.bytesHeld, memo.capacityBytes)
        }
        XCTAssertGreaterThan(memo.count, 0)
        memo.setCapacityBytes(0)
        XCTAssertEqual(memo.bytesHeld, 0)
        memo.keep(circle, for: .init(99, 0, 0, 0))
        XCTAssertEqual(memo.count, 0)
        XCTAssertNil(memo.path(for: .init(99, 0, 0, 0)))
    }
}
