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

    static let checkmark = [(9, 20.42), (2.79, 14.21), (5.62, 11.38), (9, 14.77), (18.88, 4.88), (21.71, 7.71)]
        .map { Point($0.0, $0.1) }

    @Test(arguments: [1.0, 2.0, 3.0, 1.5, 2.37])
    func toggleLayersMatchTheMaskPath(scale s: Double) throws {
        let h = 32.0, d = h - 6
        let w = Int((1.8 * h * s).rounded()), hp = Int((h * s).rounded())
        let r = d * s / 2
        let center = Point(Double(w) - 3 * s - r - 0.3, Double(hp) / 2 + 0.17)
        let k = 0.54 * d * s / 24
        let toCanvas = AffineTransform.scale(k, k).then(.translation(center.x - 12 * k, center.y - 12 * k))
        let tint = RGBAColor(red: 52, green: 199, blue: 89)
        for (opacity, occluded) in [(1.0, false), (0.4, false), (1.0, true)] {
            var slow = background(width: w, height: hp)
            var fast = slow
            var scratch = RasterScratch()
            let occluder = occluded ? OpaqueDisc(center: center, radius: r) : nil
            let track = Path.capsule(x: 0, y: 0, width: Double(w), height: Double(hp))
            slow.composite(try Rasterizer.coverage(of: track, width: w, height: hp), color: tint, opacity: opacity)
            try fast.fill(track, color: tint, opacity: opacity, scratch: &scratch)
            #expect(fast.pixels == slow.pixels)

            let shadowShape = Path.circle(center: center + Point(0, s), radius: r)
            let shadowColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2)
            let mask = GaussianBlur.blur(try Rasterizer.coverage(of: shadowShape, width: w, height: hp), sigma: 2 * s)
            let boxed = try GaussianBlur.blurredCoverage(of: shadowShape, width: w, height: hp, sigma: 2 * s,
                                                         hiddenUnder: occluder, scratch: &scratch)
            slow.composite(mask, color: shadowColor, opacity: opacity)
            fast.composite(boxed, color: shadowColor, opacity: opacity)
            if occluded {
                // Only the hidden pixels differ, and the knob covers them.
                var skipped = 0
                for y in 0..<hp {
                    for x in 0..<w where boxed.mask[x, y] != mask[x, y] {
                        #expect(boxed.mask[x, y] == 0 && occluder!.hiddenColumns(row: y).contains(x))
                        skipped += 1
                    }
                }
                #expect(skipped > 0)
            } else {
                #expect(boxed.mask.values == mask.values)
                #expect(fast.pixels == slow.pixels)
            }

            let knob = Path.circle(center: center, radius: r)
            slow.composite(try Rasterizer.coverage(of: knob, width: w, height: hp), color: .white, opacity: opacity)
            try fast.fill(knob, color: .white, opacity: opacity, scratch: &scratch)
            for rule in [FillRule.nonZero, .evenOdd] {
                slow.composite(try Rasterizer.coverage(of: .polygon(Self.checkmark), transform: toCanvas,
                                                       width: w, height: hp, fillRule: rule),
                               color: tint, opacity: opacity)
                try fast.fill(.polygon(Self.checkmark), transform: toCanvas, color: tint, opacity: opacity,
                              fillRule: rule, scratch: &scratch)
            }
            #expect(fast.pixels == slow.pixels)
            // Every cell was left zero for the next layer.
            #expect(scratch.cells.allSatisfy { $0 == 0 })
        }
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
