import Scene
import Testing
import Geometry
@testable import Raster

/// The fast path (`Canvas.fill`, `GaussianBlur.blurredCoverage`, `composite(BoxCoverage)`) must
/// draw exactly the bytes the mask-by-mask path draws.
@Suite struct FillTests {
    /// A canvas with something under every layer: a vertical gradient, partly transparent.
    func background(width: Int, height: Int) -> Canvas {
        var canvas = Canvas(width: width, height: height)
        for y in 0..<height {
            var mask = CoverageMask(width: width, height: height)
            for x in 0..<width { mask[x, y] = Float((x * 7 + y * 13) % 256) / 255 }
            canvas.composite(mask, color: RGBAColor(red: UInt8(y * 37 % 256), green: 90, blue: 200,
                                                    alpha: Double(y % 5) / 4))
        }
        return canvas
    }

    @Test func overlappingAndClippedShapes() throws {
        var path = Path.circle(center: Point(10, 10), radius: 14)
        path.append(.circle(center: Point(25, 12), radius: 9))
        path.append(.polygon([Point(-5, 3), Point(40, 18), Point(-20, 22)]))
        for rule in [FillRule.nonZero, .evenOdd] {
            var slow = background(width: 31, height: 23)
            var fast = slow
            var scratch = RasterScratch()
            slow.composite(try Rasterizer.coverage(of: path, width: 31, height: 23, fillRule: rule),
                           color: RGBAColor(red: 200, green: 10, blue: 77, alpha: 0.7))
            try fast.fill(path, color: RGBAColor(red: 200, green: 10, blue: 77, alpha: 0.7), fillRule: rule,
                          scratch: &scratch)
            #expect(fast.pixels == slow.pixels)
            let mask = GaussianBlur.blur(try Rasterizer.coverage(of: path, width: 31, height: 23), sigma: 1.7)
            let boxed = try GaussianBlur.blurredCoverage(of: path, width: 31, height: 23, sigma: 1.7,
                                                         scratch: &scratch)
            #expect(boxed.mask.values == mask.values)
        }
    }

    /// Columns 8..<20 of every row, as if an opaque shape drawn later covered them.
    struct Band: Occluder {
        func hiddenColumns(row y: Int) -> Range<Int> { 8..<20 }
    }

    @Test func occludedPixelsAreSkippedAndNothingElse() throws {
        let path = Path.circle(center: Point(15, 11), radius: 8)
        let color = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2)
        var scratch = RasterScratch()
        let mask = GaussianBlur.blur(try Rasterizer.coverage(of: path, width: 31, height: 23), sigma: 1.7)
        let boxed = try GaussianBlur.blurredCoverage(of: path, width: 31, height: 23, sigma: 1.7,
                                                     hiddenUnder: Band(), scratch: &scratch)
        var skipped = 0
        for y in 0..<23 {
            for x in 0..<31 where boxed.mask[x, y] != mask[x, y] {
                #expect(boxed.mask[x, y] == 0 && (8..<20).contains(x))
                skipped += 1
            }
        }
        #expect(skipped > 0)
        // Compositing leaves the hidden columns as they were and draws the rest as the mask does.
        let below = background(width: 31, height: 23)
        var slow = below, fast = below
        slow.composite(mask, color: color)
        fast.composite(boxed, color: color)
        for y in 0..<23 {
            for x in 0..<31 {
                let expected = (8..<20).contains(x) ? below.pixel(x: x, y: y) : slow.pixel(x: x, y: y)
                #expect(fast.pixel(x: x, y: y) == expected, "pixel \(x), \(y)")
            }
        }
        #expect(slow.pixels != below.pixels)
    }

    @Test func fillAllIsACompositeOfOnes() {
        var ones = CoverageMask(width: 13, height: 9)
        ones.values = [Float](repeating: 1, count: 13 * 9)
        for alpha in [1.0, 0.5, 0.3, 0.01, 0.001, 0] {
            let color = RGBAColor(red: 250, green: 128, blue: 3, alpha: alpha)
            var slow = background(width: 13, height: 9)
            var fast = slow
            slow.composite(ones, color: color)
            fast.fillAll(color)
            #expect(fast.pixels == slow.pixels, "alpha \(alpha)")
        }
    }

    @Test func errorsLeaveTheScratchClean() throws {
        var canvas = Canvas(width: 10, height: 10)
        var scratch = RasterScratch()
        let bad = Path.polygon([Point(1, 1), Point(8, 2), Point(.nan, 5)])
        #expect(throws: RasterError.nonFiniteCoordinate) {
            try canvas.fill(bad, color: .white, scratch: &scratch)
        }
        #expect(throws: RasterError.nonFiniteCoordinate) {
            try canvas.fill(bad, color: .clear, scratch: &scratch)
        }
        try canvas.fill(.circle(center: Point(5, 5), radius: 3), color: .white, scratch: &scratch)
        #expect(scratch.cells.allSatisfy { $0 == 0 })
        // Nothing on the canvas: no work, no output.
        try canvas.fill(.circle(center: Point(-50, 5), radius: 3), color: .white, scratch: &scratch)
        let empty = try GaussianBlur.blurredCoverage(of: .circle(center: Point(-50, 5), radius: 3),
                                                     width: 10, height: 10, sigma: 2, scratch: &scratch)
        #expect(empty.mask.totalCoverage == 0)
    }

    @Test func integerArithmetic() {
        let badQuotients = (0...65279).filter { t in
            let lanes = UInt64(t) | UInt64(t) << 16 | UInt64(t) << 32 | UInt64(t) << 48
            return div255(lanes) != UInt64(t / 255) * 0x0001_0001_0001_0001
        }
        #expect(badQuotients.isEmpty)
        #expect(pack(spread(0x8040_20FF)) == 0x8040_20FF)
        // quantizedAlpha is Float.rounded() on a fine grid, its neighbours and every tie.
        var wrong: [Float] = []
        for i in 0..<(255 * 1024) {
            let base = Float(i) / 1024
            for x in [base, base.nextUp, base.nextDown] where x >= 0 && quantizedAlpha(x) != UInt32(x.rounded()) {
                wrong.append(x)
            }
        }
        for n in 0..<255 {
            let tie = Float(n) + 0.5
            for x in [tie, tie.nextUp, tie.nextDown] where quantizedAlpha(x) != UInt32(x.rounded()) { wrong.append(x) }
        }
        #expect(wrong.isEmpty, "\(wrong.prefix(5))")
        #expect(quantizedAlpha(255.4) == 255 && quantizedAlpha(1000) == 255)
    }
}
