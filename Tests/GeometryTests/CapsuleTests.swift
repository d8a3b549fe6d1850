import Testing
@testable import Geometry

/// Signed area (shoelace) of the flattened path, positive for clockwise on screen (y down).
private func flattenedArea(_ path: Path) throws -> Double {
    var twiceArea = 0.0
    try Flattening.forEachSegment(of: path, transform: .identity, tolerance: 1e-6) { p0, p1 in
        twiceArea += p0.x * p1.y - p1.x * p0.y
    }
    return twiceArea / 2
}

@Suite struct CapsuleTests {
    /// A capsule of radius r and straight length l encloses pi r² + 2 r l (a disc plus a
    /// rectangle), whichever way it lies.
    @Test(arguments: [(0.0, 0.0, 58.0, 32.0), (3.0, 5.0, 10.0, 30.0), (0.0, 0.0, 20.0, 20.0)])
    func capsuleInARectangleEnclosesDiscPlusRectangle(x: Double, y: Double, w: Double, h: Double) throws {
        let r = min(w, h) / 2
        let expected = Double.pi * r * r + 2 * r * (max(w, h) - 2 * r)
        let area = try flattenedArea(.capsule(x: x, y: y, width: w, height: h))
        #expect(abs(area - expected) < 1e-4 * expected)
        let box = try #require(try Flattening.controlBounds(of: .capsule(x: x, y: y, width: w, height: h),
                                                           transform: .identity))
        // Cubic control points of a circular arc stay within 0.0001 r of the circle's box.
        #expect(box.minX >= x - 1e-9 && box.maxX <= x + w + 1e-9)
        #expect(box.minY >= y - 1e-9 && box.maxY <= y + h + 1e-9)
    }

    /// A slanted stroke from a to b with round caps: the same disc-plus-rectangle area, with the
    /// segment's length as the straight part.
    @Test func capsuleAlongASegment() throws {
        let a = Point(2, 3), b = Point(14, 8)  // length 13
        let area = try flattenedArea(.capsule(from: a, to: b, radius: 1.5))
        let expected = Double.pi * 1.5 * 1.5 + 2 * 1.5 * 13
        #expect(abs(area - expected) < 1e-4 * expected)
    }
}
