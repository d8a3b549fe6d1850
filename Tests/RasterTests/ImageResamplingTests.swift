import Raster
import Scene
import XCTest

/// The bitmap scaler's filters on pictures whose answer is known by hand.
final class ImageResamplingTests: XCTestCase {
    private func bitmap(_ width: Int, _ height: Int, _ pixels: [UInt8]) -> RGBABitmap {
        RGBABitmap(width: width, height: height, pixels: pixels, png: pixels)
    }

    func testShrinkingAveragesTheCoveredPixels() {
        // 2 x 2 to 1 x 1: the mean of four premultiplied pixels (two opaque red, two transparent).
        let red: [UInt8] = [255, 0, 0, 255], clear: [UInt8] = [0, 0, 0, 0]
        let source = bitmap(2, 2, red + clear + clear + red)
        XCTAssertEqual(ImageResampling.resampled(source, width: 1, height: 1), [128, 0, 0, 128])
        // 3 to 2 across: destination pixels cover source [0, 1.5) and [1.5, 3); the centres they
        // cover are 0.5 and 1.5 (on the right edge, included), then 2.5: Pillow's BOX gives
        // [45, 180] for [0, 90, 180] (checked with Pillow 13).
        let ramp = bitmap(3, 1, [0, 0, 0, 0] + [90, 90, 90, 90] + [180, 180, 180, 180])
        XCTAssertEqual(ImageResampling.resampled(ramp, width: 2, height: 1), [45, 45, 45, 45, 180, 180, 180, 180])
    }

    func testGrowingInterpolatesBetweenCentresAndClampsAtTheEdges() {
        // 2 to 4 across: destination centres at source -0.25, 0.25, 0.75, 1.25 (Pillow's
        // BILINEAR gives [0, 50, 150, 200] for [0, 200]).
        let ramp = bitmap(2, 1, [0, 0, 0, 0] + [200, 200, 200, 200])
        XCTAssertEqual(ImageResampling.resampled(ramp, width: 4, height: 1).enumerated().filter { $0.offset % 4 == 3 }
            .map(\.element), [0, 50, 150, 200])
    }

    func testUniformColourStaysAndColourNeverExceedsAlpha() {
        let pixel: [UInt8] = [40, 80, 120, 160]
        let source = bitmap(7, 5, Array([[UInt8]](repeating: pixel, count: 35).joined()))
        for (w, h) in [(3, 2), (7, 5), (20, 11)] {
            let out = ImageResampling.resampled(source, width: w, height: h)
            XCTAssertEqual(out, Array([[UInt8]](repeating: pixel, count: w * h).joined()), "\(w) x \(h)")
        }
    }
}
