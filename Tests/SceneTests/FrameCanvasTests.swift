import Geometry
import Raster
import Scene
import SceneRaster
import Testing

/// `FrameCanvas` against drawing each frame whole (`SceneRasterizer.render`, which draws every
/// operation on a fresh canvas), and operation bounds against the pixels an operation changes.
struct FrameCanvasTests {
    let label = Path.polygon([Point(2, 3), Point(30, 3), Point(30, 12), Point(2, 12)])

    /// A row-like frame: a shared background and label, then a knob at `x` with its shadow.
    func frame(knobAt x: Double, color: RGBAColor) -> Scene {
        let knob = Path.circle(center: Point(x, 20), radius: 6)
        return Scene(width: 64, height: 32, title: "t", operations: [
            .paint(RGBAColor(red: 240, green: 240, blue: 245)),
            .fill(PathFill(label, color: RGBAColor(red: 10, green: 20, blue: 30), opacity: 0.7)),
            .shadow(PathShadow(knob, offset: Point(0, 1), sigma: 2, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2))),
            .fill(PathFill(knob, color: color)),
        ])
    }

    @Test func everyFrameEqualsTheWholeRender() throws {
        let frames = [frame(knobAt: 40, color: .white), frame(knobAt: 44.3, color: .white),
                      frame(knobAt: 51.7, color: RGBAColor(red: 52, green: 199, blue: 89)),
                      frame(knobAt: 51.7, color: RGBAColor(red: 52, green: 199, blue: 89)), frame(knobAt: 38.1, color: .white)]
        var drawer = try FrameCanvas(frames: frames, fills: nil)
        #expect(drawer.sharedCount == 2)
        var previous: Canvas?, redrawn = 0
        defer { #expect(redrawn == drawer.redrawnPixels) }   // what the cost estimate counts
        for scene in frames {
            let box = try drawer.draw(scene, shadows: nil, fills: nil)
            redrawn += box.width * box.height
            let whole = try SceneRasterizer.render(scene, shadows: nil, fills: nil)
            #expect(drawer.canvas.pixels == whole.pixels)
            if let previous {
                // Outside the box the frame is the one before.
                for y in 0..<whole.height {
                    for x in 0..<whole.width where !(box.x0..<box.x1 ~= x && box.y0..<box.y1 ~= y) {
                        #expect(whole.pixel(x: x, y: y) == previous.pixel(x: x, y: y))
                    }
                }
            } else {
                #expect(box == PixelBox(x0: 0, y0: 0, x1: 64, y1: 32))
            }
            previous = whole
        }
    }

    @Test func boundsHoldEveryChangedPixel() throws {
        let knob = Path.circle(center: Point(10.4, 9.6), radius: 5.2)
        let operations: [SceneOperation] = [
            .fill(PathFill(knob, color: .white)),
            .shadow(PathShadow(knob, offset: Point(0, 1), sigma: 2.5, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5))),
            .fill(PathFill(knob, transform: .translation(-8, 0), color: .white)),
        ]
        for operation in operations {
            var canvas = Canvas(width: 40, height: 30)
            try SceneRasterizer.draw([operation][...], onto: &canvas, shadows: nil, fills: nil)
            let box = try operation.pixelBounds(width: 40, height: 30)
            var changed = 0
            for y in 0..<30 {
                for x in 0..<40 where canvas.pixel(x: x, y: y).a != 0 {
                    changed += 1
                    #expect(box.x0..<box.x1 ~= x && box.y0..<box.y1 ~= y)
                }
            }
            #expect(changed > 0)
        }
    }
}
