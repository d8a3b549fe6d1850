import Geometry
import Raster
import Scene
import SceneRaster
import Testing

/// The raster backend against values worked out by hand (source-over, premultiplied bytes).
struct SceneRasterizerTests {
    let square = Path.polygon([Point(1, 1), Point(3, 1), Point(3, 3), Point(1, 3)])

    @Test func paintThenFillComposeSourceOver() throws {
        var scene = Scene(width: 4, height: 4, title: "t")
        scene.append(.paint(RGBAColor(red: 0, green: 0, blue: 255)))
        scene.append(.fill(PathFill(square, color: RGBAColor(red: 255, green: 0, blue: 0), opacity: 0.5)))
        let canvas = try SceneRasterizer.render(scene, shadows: nil)
        #expect(canvas.width == 4 && canvas.height == 4)
        // Outside the square: the opaque blue paint.
        #expect(canvas.pixel(x: 0, y: 0) == (0, 0, 255, 255))
        // Inside: red at alpha 0.5 over blue: 255 x 0.5 = 127.5 -> 128 red, blue keeps 0.5 -> 127 or 128.
        let p = canvas.pixel(x: 1, y: 2)
        #expect(p.r == 128 && p.g == 0 && (127...128).contains(p.b) && p.a == 255)
    }

    @Test func fillTransformMapsPathUnitsToPixels() throws {
        // A 1 x 1 unit square scaled by 2 and moved by (2, 0) covers pixels x 2...3, y 0...1.
        let unit = Path.polygon([Point(0, 0), Point(1, 0), Point(1, 1), Point(0, 1)])
        let t = AffineTransform.scale(2, 2).then(.translation(2, 0))
        let scene = Scene(width: 4, height: 4, title: "t",
                          operations: [.fill(PathFill(unit, transform: t, color: .white))])
        let canvas = try SceneRasterizer.render(scene, shadows: nil)
        #expect(canvas.pixel(x: 3, y: 1) == (255, 255, 255, 255))
        #expect(canvas.pixel(x: 1, y: 1) == (0, 0, 0, 0))
        #expect(canvas.pixel(x: 2, y: 2) == (0, 0, 0, 0))
    }

    /// A knob over its shadow, as the toggle draws it, with a given shadow hint and cache.
    func knobOverShadow(hint: Bool, cache: ShadowCache?) throws -> Canvas {
        let center = Point(20, 16), r = 13.0
        let knob = Path.circle(center: center, radius: r)
        let shadow = PathShadow(knob, offset: Point(0, 1), sigma: 2, color: RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2),
                                hiddenUnder: hint ? Disc(center: center, radius: r) : nil)
        let scene = Scene(width: 40, height: 32, title: "t",
                          operations: [.shadow(shadow), .fill(PathFill(knob, color: .white))])
        return try SceneRasterizer.render(scene, shadows: cache)
    }

    @Test func hiddenUnderHintAndCacheNeverChangeTheBytes() throws {
        let plain = try knobOverShadow(hint: false, cache: nil)
        let cache = ShadowCache()
        #expect(try knobOverShadow(hint: true, cache: nil).pixels == plain.pixels)
        #expect(try knobOverShadow(hint: true, cache: cache).pixels == plain.pixels)
        #expect(cache.count == 1)
        #expect(try knobOverShadow(hint: true, cache: cache).pixels == plain.pixels)   // a hit
        #expect(cache.count == 1)
    }

    @Test func shadowIsOffsetAndBlurred() throws {
        let canvas = try knobOverShadow(hint: false, cache: nil)
        // Below the knob (bottom edge y = 29) the shadow shows: moved down 1 px, blurred 2 px.
        let below = canvas.pixel(x: 20, y: 30)
        #expect(below.a > 0 && below.r == 0)
        // Further than offset + 3 sigma from the disc, nothing.
        #expect(canvas.pixel(x: 20, y: 0).a == 0 || canvas.pixel(x: 20, y: 0).a < 3)
        // Symmetric left and right, asymmetric up and down (the offset).
        #expect(canvas.pixel(x: 5, y: 16) == canvas.pixel(x: 34, y: 16))
        #expect(canvas.pixel(x: 20, y: 30).a > canvas.pixel(x: 20, y: 1).a)
    }

    @Test func nonFiniteCoordinatesThrow() {
        let bad = Path.polygon([Point(0, 0), Point(.nan, 1), Point(1, 1)])
        let scene = Scene(width: 4, height: 4, title: "t", operations: [.fill(PathFill(bad, color: .black))])
        #expect(throws: RasterError.self) { try SceneRasterizer.render(scene, shadows: nil) }
    }

    @Test func layerIsItsOwnCanvasCompositedAtAnOffsetAndOpacity() throws {
        // The layer's paint fills only its 2 x 2 canvas; at opacity 0.5 red lands as 128 (127.5 rounded).
        let inner = Scene(width: 2, height: 2, title: "inner", operations: [.paint(RGBAColor(red: 255, green: 0, blue: 0))])
        let scene = Scene(width: 4, height: 4, title: "t", operations: [.layer(SceneLayer(inner, x: 1, y: 2, opacity: 0.5))])
        let canvas = try SceneRasterizer.render(scene, shadows: nil)
        #expect(canvas.pixel(x: 1, y: 2) == (128, 0, 0, 128))
        #expect(canvas.pixel(x: 2, y: 3) == (128, 0, 0, 128))
        #expect(canvas.pixel(x: 0, y: 2) == (0, 0, 0, 0))
        #expect(canvas.pixel(x: 3, y: 2) == (0, 0, 0, 0))
        #expect(canvas.pixel(x: 1, y: 1) == (0, 0, 0, 0))
    }

    @Test func layerContentIsClippedToItsCanvas() throws {
        // A square reaching outside the 2 x 2 layer draws only inside it.
        let big = Path.polygon([Point(-5, -5), Point(5, -5), Point(5, 5), Point(-5, 5)])
        let inner = Scene(width: 2, height: 2, title: "inner", operations: [.fill(PathFill(big, color: .white))])
        let scene = Scene(width: 4, height: 4, title: "t", operations: [.layer(SceneLayer(inner, x: 1, y: 1))])
        let canvas = try SceneRasterizer.render(scene, shadows: nil)
        #expect(canvas.pixel(x: 2, y: 2) == (255, 255, 255, 255))
        #expect(canvas.pixel(x: 3, y: 3) == (0, 0, 0, 0))
        #expect(canvas.pixel(x: 0, y: 0) == (0, 0, 0, 0))
    }
}

/// `FillCache` against rasterizing afresh, on shapes the toggles do not cover: even-odd, a
/// path partly off the canvas, translucent colours, a layer.
struct FillCacheTests {
    func scene(_ color: RGBAColor) -> Scene {
        var ring = Path.circle(center: Point(10, 10), radius: 8)
        ring.append(Path.circle(center: Point(10, 10), radius: 4))
        let offCanvas = Path.polygon([Point(-5, 12.3), Point(14.7, 3.1), Point(30, 25.5)])
        var inner = Scene(width: 8, height: 6, title: "layer")
        inner.append(.fill(PathFill(Path.circle(center: Point(4, 3), radius: 2.6), color: color)))
        return Scene(width: 24, height: 20, title: "t", operations: [
            .fill(PathFill(ring, color: color, fillRule: .evenOdd)),
            .fill(PathFill(offCanvas, color: color, opacity: 0.4)),
            .layer(SceneLayer(inner, x: 3, y: 11, opacity: 0.7)),
        ])
    }

    @Test func cachedCoverageGivesTheBytesOfAFreshFill() throws {
        let cache = FillCache()
        let colours = [RGBAColor(red: 255, green: 0, blue: 0), RGBAColor(red: 10, green: 200, blue: 90, alpha: 0.35),
                       RGBAColor(red: 0, green: 0, blue: 255, alpha: 0.8)]
        for colour in colours {
            let fresh = try SceneRasterizer.render(scene(colour), shadows: nil, fills: nil)
            #expect(fresh.pixels.contains { $0 != 0 })
            #expect(try SceneRasterizer.render(scene(colour), shadows: nil, fills: cache).pixels == fresh.pixels)
        }
        #expect(cache.count == 3)   // three shapes, whatever the colour
    }
}
