import Testing
import Geometry
@testable import Raster

private let oneLevel = 1.0 / 255

/// Largest |mask - reference| over pixels for which `include(x, y)` holds.
private func maxError(_ mask: CoverageMask, _ reference: [Double],
                      include: (Int, Int) -> Bool = { _, _ in true }) -> (error: Double, x: Int, y: Int) {
    var worst = (error: 0.0, x: -1, y: -1)
    for y in 0..<mask.height {
        for x in 0..<mask.width where include(x, y) {
            let e = abs(Double(mask[x, y]) - reference[y * mask.width + x])
            if e > worst.error { worst = (e, x, y) }
        }
    }
    return worst
}

private func rotated(_ points: [Point], by degrees: Double, about c: Point) -> [Point] {
    let t = AffineTransform.translation(-c.x, -c.y)
        .then(.rotation(degrees * Double.pi / 180)).then(.translation(c.x, c.y))
    return points.map { t.apply($0) }
}

@Suite struct RasterizerCoverageTests {
    @Test(arguments: [
        (Point(16, 16), 12.0), (Point(10.3, 7.7), 5.5), (Point(20.5, 20.5), 19.7),
        (Point(3.25, 4.6), 0.3), (Point(8, 8.5), 0.05), (Point(0.4, 30.2), 9.0),  // the last one partly outside
    ])
    func circleMatchesAnalyticCoverage(center: Point, radius: Double) throws {
        let w = 41, h = 41
        let mask = try Rasterizer.coverage(of: .circle(center: center, radius: radius), width: w, height: h)
        let reference = CoverageReference.circleMask(center: center, radius: radius, width: w, height: h)
        let worst = maxError(mask, reference)
        #expect(worst.error <= oneLevel, "worst \(worst)")
        // Chords cut inside the curve by at most the flattening tolerance.
        let perimeter = 2 * Double.pi * radius
        #expect(abs(mask.totalCoverage - reference.reduce(0, +)) < Flattening.defaultTolerance * perimeter + 1e-4)
    }

    @Test func circleUnderScaleTransform() throws {
        // A unit circle scaled by 14.3 in device space is flattened for its size on screen.
        let mask = try Rasterizer.coverage(of: .circle(center: Point(1, 1), radius: 1),
                                           transform: .scale(14.3, 14.3), width: 32, height: 32)
        let reference = CoverageReference.circleMask(center: Point(14.3, 14.3), radius: 14.3, width: 32, height: 32)
        #expect(maxError(mask, reference).error <= oneLevel)
    }

    @Test(arguments: [(0.0, 0.0, 40.0, 20.0), (1.3, 2.6, 37.1, 17.1), (-5.5, 3.2, 30.0, 11.0)])
    func capsuleMatchesAnalyticCoverage(x: Double, y: Double, width: Double, height: Double) throws {
        let w = 40, h = 24
        let mask = try Rasterizer.coverage(of: .capsule(x: x, y: y, width: width, height: height), width: w, height: h)
        let reference = CoverageReference.capsuleMask(x: x, y: y, width: width, height: height,
                                                      canvasWidth: w, canvasHeight: h)
        let worst = maxError(mask, reference)
        #expect(worst.error <= oneLevel, "worst \(worst)")
    }

    @Test(arguments: [0.0, 7.5, 30.0, 45.0, 62.0, 90.0, 133.0])
    func rotatedSquareIsExact(degrees: Double) throws {
        let square = [Point(8.3, 8.1), Point(23.7, 8.1), Point(23.7, 23.5), Point(8.3, 23.5)]
        let polygon = rotated(square, by: degrees, about: Point(16.2, 15.9))
        let mask = try Rasterizer.coverage(of: .polygon(polygon), width: 32, height: 32)
        let reference = CoverageReference.polygonMask(polygon, width: 32, height: 32)
        #expect(maxError(mask, reference).error <= 1e-5)
        #expect(abs(mask.totalCoverage - abs(CoverageReference.shoelace(polygon))) < 1e-3)
    }

    @Test func rotatedSquareThroughTransform() throws {
        // The same square given in user space and rotated by the transform.
        let t = AffineTransform.translation(-0.5, -0.5).then(.rotation(0.4)).then(.scale(11, 11))
            .then(.translation(15.3, 14.8))
        let unit = [Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)]
        let mask = try Rasterizer.coverage(of: .polygon(unit), transform: t, width: 32, height: 32)
        let reference = CoverageReference.polygonMask(unit.map { t.apply($0) }, width: 32, height: 32)
        #expect(maxError(mask, reference).error <= 1e-5)
    }

    @Test func sliversAndSubPixelShapes() throws {
        let shapes: [[Point]] = [
            [Point(2.1, 3.3), Point(29.7, 5.1), Point(29.7, 5.16)],             // long thin sliver
            [Point(15.02, 1.1), Point(15.09, 1.1), Point(15.4, 30.6), Point(15.33, 30.6)], // near-vertical
            [Point(4.2, 4.3), Point(4.7, 4.35), Point(4.4, 4.8)],               // inside one pixel
            [Point(9.9, 9.9), Point(10.1, 9.95), Point(10.05, 10.2)],           // across four pixels
            [Point(20.5, 20.5), Point(20.5001, 20.5), Point(20.5, 20.5001)],    // a speck
        ]
        for polygon in shapes {
            let mask = try Rasterizer.coverage(of: .polygon(polygon), width: 32, height: 32)
            let reference = CoverageReference.polygonMask(polygon, width: 32, height: 32)
            #expect(maxError(mask, reference).error <= 1e-5, "\(polygon)")
            #expect(abs(mask.totalCoverage - abs(CoverageReference.shoelace(polygon))) < 1e-5)
        }
    }

    /// A pentagram drawn as one self-overlapping path: winding 1 in the points, 2 in the
    /// central pentagon. Nonzero fills the outline (a concave decagon), even-odd only the
    /// points. Pixels holding one of the five edge crossings, where three winding values meet,
    /// are left out (there the fold of the area-weighted winding is the usual approximation).
    @Test(arguments: [FillRule.nonZero, FillRule.evenOdd])
    func selfOverlappingStar(rule: FillRule) throws {
        let c = Point(20.3, 19.6), R = 17.2
        let outer = (0..<5).map { k in
            let a = -Double.pi / 2 + Double(k) * 2 * Double.pi / 5
            return Point(c.x + R * _cos(a), c.y + R * _sin(a))
        }
        let star = (0..<5).map { outer[($0 * 2) % 5] }
        // Inner vertices: where edge k crosses its neighbours; radius R cos(72°) / cos(36°).
        let r = R * _cos(2 * Double.pi / 5) / _cos(Double.pi / 5)
        let inner = (0..<5).map { k in
            let a = -Double.pi / 2 + Double.pi / 5 + Double(k) * 2 * Double.pi / 5
            return Point(c.x + r * _cos(a), c.y + r * _sin(a))
        }
        var decagon: [Point] = []
        for k in 0..<5 { decagon.append(outer[k]); decagon.append(inner[k]) }
        let w = 41, h = 41
        let mask = try Rasterizer.coverage(of: .polygon(star), width: w, height: h, fillRule: rule)
        var reference = CoverageReference.polygonMask(decagon, width: w, height: h)
        if rule == .evenOdd {
            let pentagon = CoverageReference.polygonMask(inner, width: w, height: h)
            for i in reference.indices { reference[i] -= pentagon[i] }
        }
        let awayFromCrossings = { (x: Int, y: Int) -> Bool in
            !inner.contains { Double(x) - 1 < $0.x && $0.x < Double(x) + 2 && Double(y) - 1 < $0.y && $0.y < Double(y) + 2 }
        }
        let worst = maxError(mask, reference, include: awayFromCrossings)
        #expect(worst.error <= oneLevel, "worst \(worst)")
    }

    @Test func nestedSquaresUnderBothRules() throws {
        var path = Path.polygon([Point(2, 2), Point(18, 2), Point(18, 18), Point(2, 18)])
        path.append(.polygon([Point(6, 6), Point(14, 6), Point(14, 14), Point(6, 14)]))
        let nonZero = try Rasterizer.coverage(of: path, width: 20, height: 20, fillRule: .nonZero)
        let evenOdd = try Rasterizer.coverage(of: path, width: 20, height: 20, fillRule: .evenOdd)
        #expect(nonZero[10, 10] == 1 && evenOdd[10, 10] == 0)
        #expect(nonZero[3, 3] == 1 && evenOdd[3, 3] == 1)
        #expect(abs(nonZero.totalCoverage - 256) < 1e-4)
        #expect(abs(evenOdd.totalCoverage - 192) < 1e-4)
    }

    @Test func polygonTotalCoverageIsItsArea() throws {
        var state: UInt64 = 12345
        func random() -> Double {
            state = state &* 6364136223846793005 &+ 1442695040888963407
            return Double(state >> 11) / Double(1 << 53)
        }
        for _ in 0..<20 {
            // A star-shaped (so simple) polygon with 12 random radii inside the canvas.
            let c = Point(24 + random() * 8, 24 + random() * 8)
            let polygon = (0..<12).map { k -> Point in
                let a = Double(k) * Double.pi / 6, r = 2 + random() * 14
                return Point(c.x + r * _cos(a), c.y + r * _sin(a))
            }
            let mask = try Rasterizer.coverage(of: .polygon(polygon), width: 56, height: 56)
            #expect(abs(mask.totalCoverage - abs(CoverageReference.shoelace(polygon))) < 1e-3)
        }
    }
}

@Suite struct RasterizerClippingTests {
    @Test func shapesPartlyOutsideTheCanvas() throws {
        // A square sticking out on every side, rotated so its edges cross the borders.
        let polygon = rotated([Point(-6, -6), Point(26, -6), Point(26, 26), Point(-6, 26)], by: 20, about: Point(10, 10))
        let mask = try Rasterizer.coverage(of: .polygon(polygon), width: 20, height: 20)
        let reference = CoverageReference.polygonMask(polygon, width: 20, height: 20)
        #expect(maxError(mask, reference).error <= 1e-5)
    }

    @Test func shapesWhollyOutsideCoverNothing() throws {
        for dx in [-100.0, 100.0] {
            for dy in [-100.0, 0, 100.0] where !(dy == 0 && dx == 0) {
                let mask = try Rasterizer.coverage(of: .circle(center: Point(10 + dx, 10 + dy), radius: 8),
                                                   width: 20, height: 20)
                #expect(mask.totalCoverage == 0)
                #expect(mask.values.allSatisfy { $0 == 0 })
            }
        }
        let left = try Rasterizer.coverage(of: .polygon([Point(-50, -5), Point(-1, 3), Point(-20, 40)]), width: 20, height: 20)
        #expect(left.values.allSatisfy { $0 == 0 })
    }

    @Test func hugeCoordinates() throws {
        // Half-plane y < x through a huge triangle: the diagonal pixels are half covered.
        let triangle = [Point(-1e12, -1e12), Point(1e12, -1e12), Point(1e12, 1e12)]
        let mask = try Rasterizer.coverage(of: .polygon(triangle), width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 {
                let expected: Float = x > y ? 1 : (x == y ? 0.5 : 0)
                #expect(abs(mask[x, y] - expected) < 1e-4)
            }
        }
        let big = try Rasterizer.coverage(of: .circle(center: Point(8, 1e7), radius: 1e7 - 4), width: 16, height: 16)
        for y in 0..<16 {
            for x in 0..<16 { #expect(abs(Double(big[x, y]) - (y >= 4 ? 1 : 0)) < 0.02) }
        }
        let absurd = try Rasterizer.coverage(of: .polygon([Point(-1e300, -1e300), Point(1e300, -1e300), Point(0, 1e300)]),
                                             width: 8, height: 8)
        #expect(absurd.values.allSatisfy { $0.isFinite && $0 >= 0 && $0 <= 1 })
    }

    @Test func nonFiniteCoordinatesAreAnError() {
        for bad in [Double.nan, .infinity, -.infinity] {
            #expect(throws: RasterError.nonFiniteCoordinate) {
                try Rasterizer.coverage(of: .polygon([Point(0, 0), Point(bad, 3), Point(5, 5)]), width: 8, height: 8)
            }
            #expect(throws: RasterError.nonFiniteCoordinate) {
                try Rasterizer.coverage(of: .circle(center: Point(4, 4), radius: 3),
                                        transform: .scale(bad, 1), width: 8, height: 8)
            }
        }
    }

    @Test func emptyCanvasAndEmptyPath() throws {
        #expect(try Rasterizer.coverage(of: .circle(center: Point(0, 0), radius: 5), width: 0, height: 0).values.isEmpty)
        #expect(try Rasterizer.coverage(of: Path(), width: 4, height: 4).totalCoverage == 0)
    }

    @Test func incrementalAPIMatchesTheStaticOne() throws {
        let path = Path.circle(center: Point(9.5, 7.25), radius: 6.1)
        var r = Rasterizer(width: 20, height: 16)
        try r.add(path)
        let a = r.coverage(fillRule: .nonZero)
        let b = try Rasterizer.coverage(of: path, width: 20, height: 16)
        #expect(maxError(a, b.values.map(Double.init)).error < 1e-6)
        var lines = Rasterizer(width: 4, height: 4)
        lines.addLine(Point(1, 0), Point(1, 4))
        lines.addLine(Point(3, 4), Point(3, 0))
        #expect(abs(lines.coverage(fillRule: .nonZero).totalCoverage - 8) < 1e-6)
    }

    @Test func coverageLeavesTheAddedOutlineInPlace() throws {
        // Two nested squares turning the same way: nonzero fills the inner one, even-odd leaves
        // it open; asking for one rule must not use up the cells the other needs.
        func square(_ lo: Double, _ hi: Double) -> Path {
            .polygon([Point(lo, lo), Point(hi, lo), Point(hi, hi), Point(lo, hi)])
        }
        var r = Rasterizer(width: 24, height: 24)
        try r.add(square(1.5, 21.5))
        try r.add(square(6.5, 16.5))
        let nonZero = r.coverage(fillRule: .nonZero)
        let evenOdd = r.coverage(fillRule: .evenOdd)
        #expect(abs(nonZero.totalCoverage - 400) < 1e-4)
        #expect(abs(evenOdd.totalCoverage - 300) < 1e-4)
        #expect(r.coverage(fillRule: .nonZero).values == nonZero.values)
    }
}
