import Foundation
import Geometry
import Raster
import Scene
import SceneRaster
import Testing

/// A moving frame's shadow, moved from its blur at the nearest step (a quarter of a pixel),
/// against the shadow blurred in place: off by at most the Gaussian edge's steepest slope,
/// 1 / (sigma sqrt(2 pi)) per px, times half a step.
struct MovingShadowsTests {
    /// A knob of radius 13 px at `x` over its black shadow (opacity 1, the worst case), as a toggle draws it.
    func knob(at x: Double, width: Int = 80, sigma: Double = 4) -> Scene {
        let center = Point(x, 20), knob = Path.circle(center: center, radius: 13)
        return Scene(width: width, height: 40, title: "t", operations: [
            .shadow(PathShadow(knob, offset: Point(0, 2), sigma: sigma, color: RGBAColor(red: 0, green: 0, blue: 0),
                               hiddenUnder: Disc(center: center, radius: 13))),
            .fill(PathFill(knob, color: .white)),
        ])
    }

    @Test func movedShadowsStayWithinHalfAStepOfTheBlurInPlace() throws {
        let sigma = 4.0
        let halfStep = 0.5 / Double(MovingShadows.stepsPerPixel)
        let bound = 255 / (sigma * (2 * Double.pi).squareRoot()) * halfStep + 1   // levels, plus one for rounding
        let moving = MovingShadows(capacityBytes: 1 << 20)
        var largest = 0
        for x in [30.0, 30.3, 31.77, 40.06, 47.5, 49.9375] {
            let exact = try SceneRasterizer.render(knob(at: x), shadows: nil, fills: nil)
            let moved = try SceneRasterizer.render(knob(at: x), shadows: nil, fills: nil, moving: moving)
            for (a, b) in zip(exact.pixels, moved.pixels) { largest = max(largest, abs(Int(a) - Int(b))) }
        }
        #expect(Double(largest) <= bound, "\(largest) levels apart, bound \(bound)")
        #expect(largest > 0)   // not the blur in place
        #expect(moving.bytesHeld > 0)
    }

    @Test func aPositionOnAStepIsTheBlurInPlace() throws {
        let moving = MovingShadows(capacityBytes: 1 << 20)
        for x in [30.0, 41.0, 44.25] {
            let exact = try SceneRasterizer.render(knob(at: x), shadows: nil, fills: nil)
            let moved = try SceneRasterizer.render(knob(at: x), shadows: nil, fills: nil, moving: moving)
            let apart = zip(exact.pixels, moved.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
            #expect(apart <= 1, "x \(x): \(apart) levels apart")
        }
    }

    @Test func aShapeCutByTheCanvasEdgeIsBlurredInPlace() throws {
        let moving = MovingShadows(capacityBytes: 1 << 20)
        for x in [8.0, 73.5] {   // the disc crosses the left or the right edge
            let exact = try SceneRasterizer.render(knob(at: x), shadows: nil, fills: nil)
            #expect(try SceneRasterizer.render(knob(at: x), shadows: nil, fills: nil, moving: moving).pixels == exact.pixels)
        }
        #expect(moving.bytesHeld == 0)
    }

    @Test func nothingIsHeldPastTheBudget() throws {
        let moving = MovingShadows(capacityBytes: 0)
        let exact = try SceneRasterizer.render(knob(at: 30), shadows: nil, fills: nil)
        #expect(try SceneRasterizer.render(knob(at: 30), shadows: nil, fills: nil, moving: moving).pixels.count == exact.pixels.count)
        #expect(moving.bytesHeld == 0)
    }
}
