import Testing
import Geometry
@testable import Raster
@testable import TogglePicture
import Scene
import SceneRaster

/// The toggle's layers through the fast path (`Canvas.fill`, `GaussianBlur.blurredCoverage`
/// with the knob as a `Disc` occluder, `composite(BoxCoverage)`) must draw exactly the bytes the
/// mask-by-mask path draws; under an opaque knob only the pixels it hides may be skipped.
@Suite struct ToggleLayersTests {
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
            let occluder = occluded ? Disc(center: center, radius: r) : nil
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
}
