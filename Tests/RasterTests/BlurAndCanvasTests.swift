import Scene
import Testing
import Geometry
@testable import Raster

/// The Gaussian computed directly: every output pixel sums every input pixel weighted by the
/// untruncated 2-D Gaussian (normalized over the integer lattice), in Double.
private func directGaussian(_ mask: CoverageMask, sigma: Double) -> [Double] {
    let w = mask.width, h = mask.height
    let reach = Int((6 * sigma).rounded(.up))
    var norm = 0.0
    for dy in -reach...reach { for dx in -reach...reach { norm += _exp(-Double(dx * dx + dy * dy) / (2 * sigma * sigma)) } }
    var out = [Double](repeating: 0, count: w * h)
    for y in 0..<h {
        for x in 0..<w {
            var s = 0.0
            for qy in max(0, y - reach)..<min(h, y + reach + 1) {
                for qx in max(0, x - reach)..<min(w, x + reach + 1) {
                    let v = Double(mask[qx, qy])
                    if v == 0 { continue }
                    let d2 = Double((qx - x) * (qx - x) + (qy - y) * (qy - y))
                    s += v * _exp(-d2 / (2 * sigma * sigma))
                }
            }
            out[y * w + x] = s / norm
        }
    }
    return out
}

@Suite struct GaussianBlurTests {
    @Test(arguments: [2.0, 4.0, 6.0])
    func matchesADirectGaussianAndPreservesAlpha(sigma: Double) throws {
        let size = Int(8 * sigma) + 20
        let c = Double(size) / 2 + 0.3
        let mask = try Rasterizer.coverage(of: .circle(center: Point(c, c - 0.6), radius: Double(size) / 8),
                                           width: size, height: size)
        let blurred = GaussianBlur.blur(mask, sigma: sigma)
        let direct = directGaussian(mask, sigma: sigma)
        let peak = direct.max()!
        var worst = 0.0
        for i in direct.indices { worst = max(worst, abs(Double(blurred.values[i]) - direct[i])) }
        #expect(worst <= 0.01 * peak, "worst \(worst) peak \(peak)")
        // The shape sits more than 3 sigma from every edge: nothing falls off.
        #expect(abs(blurred.totalCoverage - mask.totalCoverage) < 1e-4 * mask.totalCoverage)
        #expect(abs(blurred.values.reduce(0, +) - Float(mask.totalCoverage)) < 1e-3)
    }

    @Test func singlePixelGivesTheKernel() {
        var mask = CoverageMask(width: 21, height: 21)
        mask[10, 10] = 1
        let k = GaussianBlur.kernel(sigma: 2)
        #expect(k.count == 13 && abs(k.reduce(0, +) - 1) < 1e-6)
        let blurred = GaussianBlur.blur(mask, sigma: 2)
        for y in 0..<21 {
            for x in 0..<21 {
                let dx = x - 10, dy = y - 10
                let expected: Float = abs(dx) <= 6 && abs(dy) <= 6 ? k[dx + 6] * k[dy + 6] : 0
                #expect(abs(blurred[x, y] - expected) < 1e-7)
            }
        }
    }

    @Test func edgesAndEmptyMasks() {
        #expect(GaussianBlur.blur(CoverageMask(width: 5, height: 5), sigma: 2).totalCoverage == 0)
        var corner = CoverageMask(width: 9, height: 7)
        corner[0, 0] = 1
        let blurred = GaussianBlur.blur(corner, sigma: 1.5)
        #expect(blurred.values.allSatisfy { $0 >= 0 && $0 < 1 })
        #expect(blurred.totalCoverage < 1 && blurred.totalCoverage > 0.2)
        #expect(GaussianBlur.blur(corner, sigma: 0).values == corner.values)
    }
}

@Suite struct CanvasTests {
    @Test func sourceOverInPremultipliedSRGB() throws {
        var canvas = Canvas(width: 4, height: 1)
        canvas.fillAll(RGBAColor(red: 60, green: 60, blue: 67, alpha: 0.21))
        let p = canvas.pixel(x: 2, y: 0)
        #expect(p.a == 54 && p.r == 13 && p.g == 13 && p.b == 14)   // 0.21 * 255 = 53.55
        var mask = CoverageMask(width: 4, height: 1)
        mask[1, 0] = 1
        mask[2, 0] = 0.5
        canvas.composite(mask, color: .white, opacity: 1)
        #expect(canvas.pixel(x: 1, y: 0) == (255, 255, 255, 255))
        // Half white over the grey: 127.5 + 0.5 * 13 = 134; alpha 127.5 + 0.5 * 54 = 154.5.
        let half = canvas.pixel(x: 2, y: 0)
        #expect(half.r == 134 && half.a == 155)
        #expect(canvas.pixel(x: 3, y: 0) == p)
    }

    @Test func layerOpacityAndStraightAlpha() {
        var canvas = Canvas(width: 2, height: 1)
        var mask = CoverageMask(width: 2, height: 1)
        mask[0, 0] = 1
        canvas.composite(mask, color: RGBAColor(red: 52, green: 199, blue: 89), opacity: 0.4)
        let p = canvas.pixel(x: 0, y: 0)
        #expect(p == (21, 80, 36, 102))
        let straight = canvas.straightAlphaPixels()
        #expect(Array(straight[0..<4]) == [53, 200, 90, 102])
        #expect(Array(straight[4..<8]) == [0, 0, 0, 0])
    }

    /// Every premultiplied channel value at every alpha, converted by `straightAlphaWords` and
    /// `straightAlphaPixels`, against
    /// c x 255 / a rounded to nearest in Double (capped at 255; alpha 0 gives 0,0,0,0).
    @Test func straightAlphaWordsAtEveryAlpha() {
        var canvas = Canvas(width: 256, height: 256)
        for a in 0..<256 { for c in 0..<256 {
            let i = (a * 256 + c) * 4
            canvas.pixels[i] = UInt8(c); canvas.pixels[i + 1] = UInt8(255 - c); canvas.pixels[i + 2] = UInt8(c / 2)
            canvas.pixels[i + 3] = UInt8(a)
        } }
        func straight(_ c: Int, _ a: Int) -> UInt8 {
            a == 0 ? 0 : a == 255 ? UInt8(c) : UInt8(min(255, (Double(c * 255) / Double(a)).rounded(.toNearestOrAwayFromZero)))
        }
        let words = canvas.straightAlphaWords(), bytes = canvas.straightAlphaPixels()
        var mismatches = 0, byteMismatches = 0
        for a in 0..<256 { for c in 0..<256 {
            let word = withUnsafeBytes(of: words[a * 256 + c]) { Array($0) }
            let expected = [straight(c, a), straight(255 - c, a), straight(c / 2, a), UInt8(a)]
            if word != expected { mismatches += 1 }
            let i = (a * 256 + c) * 4
            if Array(bytes[i..<(i + 4)]) != expected { byteMismatches += 1 }
        } }
        #expect(mismatches == 0)
        #expect(byteMismatches == 0)
    }

    @Test func compositeVisitsOnlyTheMasksBox() throws {
        var canvas = Canvas(width: 20, height: 10)
        canvas.fillAll(.black)
        let mask = try Rasterizer.coverage(of: .circle(center: Point(5, 5), radius: 3), width: 20, height: 10)
        canvas.composite(mask, color: .white)
        #expect(canvas.pixel(x: 5, y: 5) == (255, 255, 255, 255))
        #expect(canvas.pixel(x: 15, y: 5) == (0, 0, 0, 255))
        // A mask written by hand is composited everywhere.
        var manual = CoverageMask(width: 20, height: 10)
        manual.values = [Float](repeating: 1, count: 200)
        canvas.composite(manual, color: .white)
        #expect(canvas.pixel(x: 19, y: 9) == (255, 255, 255, 255))
    }
}
