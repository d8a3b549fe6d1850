import Geometry
import Raster
import Scene

extension SceneRasterizer {
    /// The most operations `operationAlphas(of:)` takes.
    public static let maximumAlphaPlanes = 32

    /// The source alpha (0-255) at which each operation of `scene` composites at each pixel: one
    /// plane of `scene.width * scene.height` bytes per operation, in drawing order, rows packed.
    /// Each operation is drawn alone, in white at its own alpha and opacity, on a transparent
    /// canvas, whose alpha is then that source alpha (`Canvas` quantizes it to 1/255 before
    /// compositing). Two pixels with the same alphas, from the last 255 on, get the same colour in
    /// `render` whatever the operations' colours (CPNGEncoder's PaletteClasses.c says why).
    /// Nil for a scene with a layer or an image (composited as a picture, not at one alpha) or
    /// with more than `maximumAlphaPlanes` operations. `shadows` and `fills` as for `render`.
    /// - Throws: `RasterError.nonFiniteCoordinate` when a path has NaN or infinite coordinates.
    public static func operationAlphas(of scene: Scene, shadows: ShadowCache? = .shared,
                                       fills: FillCache? = .shared) throws(RasterError) -> [UInt8]? {
        guard scene.operations.count <= maximumAlphaPlanes else { return nil }
        let count = scene.width * scene.height
        var planes = [UInt8](repeating: 0, count: count * scene.operations.count)
        for (k, operation) in scene.operations.enumerated() {
            let white: SceneOperation
            switch operation {
            case .paint(let color): white = .paint(inWhite(color))
            case .fill(var fill): fill.color = inWhite(fill.color); white = .fill(fill)
            case .shadow(var shadow): shadow.color = inWhite(shadow.color); white = .shadow(shadow)
            case .layer, .image: return nil
            }
            let alone = Scene(width: scene.width, height: scene.height, title: "", operations: [white])
            let canvas = try render(alone, shadows: shadows, fills: fills)
            canvas.pixels.withUnsafeBufferPointer { px in
                planes.withUnsafeMutableBufferPointer { out in
                    for i in 0..<count { out[k * count + i] = px[i * 4 + 3] }
                }
            }
        }
        return planes
    }

    /// White at `color`'s alpha.
    private static func inWhite(_ color: RGBAColor) -> RGBAColor {
        RGBAColor(red: 255, green: 255, blue: 255, alpha: color.alpha)
    }
}
