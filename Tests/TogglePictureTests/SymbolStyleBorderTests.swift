import Raster
import Scene
import SceneRaster
import Testing
import TogglePicture

/// The symbol style's mixed border never covers the symbol: every pixel the off picture inks
/// (both draw `xmark.circle` and the label) is the same in the mixed one, and the border's orange
/// lies in the margin around them. Before, the stroke straddled the frame's edge
/// and hid the outer 1.5 pt of the circle on its left, right and bottom.
struct SymbolStyleBorderTests {
    func canvas(_ state: ToggleState, label: String, scale: Double) throws -> Canvas {
        var spec = ToggleSpec()
        spec.style = "symbol"
        spec.state = state
        spec.label = label
        spec.scale = scale
        spec.offSymbol = "xmark.circle"
        spec.mixedSymbol = "xmark.circle"
        return try SceneRasterizer.render(ToggleScene.scene(for: spec))
    }

    @Test(arguments: [("Bold", 3.0), ("Play with isMixed", 2.0), ("A", 1.0)])
    func borderLiesOutsideTheFrame(label: String, scale: Double) throws {
        let mixed = try canvas(.mixed, label: label, scale: scale)
        let off = try canvas(.off, label: label, scale: scale)
        #expect(mixed.width == off.width && mixed.height == off.height)
        // Every pixel the off picture inks (the circle, the cross, the label) is the same when mixed.
        var covered = 0
        for y in 0 ..< off.height {
            for x in 0 ..< off.width where off.pixel(x: x, y: y).a > 0 && mixed.pixel(x: x, y: y) != off.pixel(x: x, y: y) {
                covered += 1
            }
        }
        #expect(covered == 0, "the border covers \(covered) pixels of the symbol and label")
        // The border itself: orange (255, 149, 0) at the middle of each side's margin.
        let m = Int(1.5 * scale)
        for (x, y) in [(m, mixed.height / 2), (mixed.width - 1 - m, mixed.height / 2), (mixed.width / 2, m),
                       (mixed.width / 2, mixed.height - 1 - m)] {
            let p = mixed.pixel(x: x, y: y)
            #expect(p.r == 255 && p.g == 149 && p.b == 0 && p.a == 255, "(\(x), \(y)): \(p)")
        }
    }
}
