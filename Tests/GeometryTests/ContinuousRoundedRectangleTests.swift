import XCTest
import Geometry

/// The continuous-corner rectangle against the published points (PaintCode's "code for iOS 7
/// rounded rectangles", as docs/design-facts.md section 10 lists them), written out here in absolute
/// coordinates for one rectangle.
final class ContinuousRoundedRectangleTests: XCTestCase {
    /// A 300 x 200 rectangle at (10, 20) with r = 24: the top-right corner is at (310, 20).
    func testTopRightCornerIsThePublishedCurve() {
        let path = Path.continuousRoundedRectangle(x: 10, y: 20, width: 300, height: 200, radius: 24)
        let e = path.elements
        XCTAssertEqual(e.count, 1 + 4 * 6 + 1, "move, then per corner: line, curve, line, curve, line, curve; close")
        assertPoint(e[0], 10 + 1.52866483 * 24, 20)
        // Top edge to where the top-right corner starts: 310 - 1.52866483 x 24 = 273.31204408.
        assertPoint(e[1], 273.31204408, 20)
        guard case .cubic(let c1, let c2, let p) = e[2] else { return XCTFail("\(e[2])") }
        assertClose(c1, 310 - 1.08849323 * 24, 20)
        assertClose(c2, 310 - 0.86840689 * 24, 20)
        assertClose(p, 310 - 0.66993427 * 24, 20 + 0.06549600 * 24)
        assertPoint(e[3], 310 - 0.63149399 * 24, 20 + 0.07491100 * 24)
        guard case .cubic(let d1, let d2, let q) = e[4] else { return XCTFail("\(e[4])") }
        assertClose(d1, 310 - 0.37282392 * 24, 20 + 0.16905899 * 24)
        assertClose(d2, 310 - 0.16905899 * 24, 20 + 0.37282392 * 24)
        assertClose(q, 310 - 0.07491100 * 24, 20 + 0.63149399 * 24)
        assertPoint(e[5], 310 - 0.06549600 * 24, 20 + 0.66993427 * 24)
        guard case .cubic(let f1, let f2, let end) = e[6] else { return XCTFail("\(e[6])") }
        assertClose(f1, 310, 20 + 0.86840689 * 24)
        assertClose(f2, 310, 20 + 1.08849323 * 24)
        assertClose(end, 310, 56.68795592)  // 20 + 1.52866483 x 24, on the right edge
    }

    /// The four corners are the same curve turned: the bottom-left corner, the third, mirrors the
    /// top-right through the centre.
    func testCornersArePointSymmetric() {
        let path = Path.continuousRoundedRectangle(x: 0, y: 0, width: 120, height: 80, radius: 10)
        let points = path.elements.compactMap { element -> Point? in
            switch element {
            case .move(let p), .line(let p), .quad(_, let p), .cubic(_, _, let p): return p
            case .close: return nil
            }
        }
        // Elements 1...6 are the top-right corner, 13...18 the bottom-left one.
        for i in 1...6 {
            let a = points[i], b = points[i + 12]
            XCTAssertEqual(a.x + b.x, 120, accuracy: 1e-9)
            XCTAssertEqual(a.y + b.y, 80, accuracy: 1e-9)
        }
    }

    func testRadiusIsLimitedSoCornersJustMeet() {
        XCTAssertEqual(ContinuousCorner.maximumRadius(width: 100, height: 40), 20 / 1.52866483, accuracy: 1e-12)
        let path = Path.continuousRoundedRectangle(x: 0, y: 0, width: 100, height: 40, radius: 500)
        // The right edge's corners meet at mid-height: the top-right corner ends at y = 20.
        guard case .cubic(_, _, let end) = path.elements[6] else { return XCTFail() }
        XCTAssertEqual(end.x, 100, accuracy: 1e-9)
        XCTAssertEqual(end.y, 20, accuracy: 1e-9)
        XCTAssertEqual(Path.continuousRoundedRectangle(x: 0, y: 0, width: 10, height: 10, radius: 0).elements.count, 5,
                       "radius 0 is the plain rectangle")
    }

    private func assertPoint(_ element: Path.Element, _ x: Double, _ y: Double, line: UInt = #line) {
        switch element {
        case .move(let p), .line(let p): assertClose(p, x, y, line: line)
        default: XCTFail("expected a point, got \(element)", line: line)
        }
    }

    private func assertClose(_ p: Point, _ x: Double, _ y: Double, line: UInt = #line) {
        XCTAssertEqual(p.x, x, accuracy: 1e-6, line: line)
        XCTAssertEqual(p.y, y, accuracy: 1e-6, line: line)
    }
}
