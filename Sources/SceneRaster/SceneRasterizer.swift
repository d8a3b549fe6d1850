import Geometry
import Raster
import Scene

/// The raster backend: draws a `Scene` onto a premultiplied RGBA canvas with our rasterizer,
/// operation by operation, source-over (`Canvas`), at the scene's size.
///
/// Backend concerns stay here: one `RasterScratch` for the whole picture, blurred shadows from a
/// `ShadowCache`, fills' coverage from a `FillCache`, and the `hiddenUnder` hint (pixels an opaque disc drawn later covers are
/// neither blurred nor composited; the bytes are the same without the hint).
public enum SceneRasterizer {
    /// Most bytes of scaled images one `render` keeps for the scene's repeats.
    static let scaledImageBytesPerScene = 4 << 20

    /// `scene` drawn on a transparent canvas of `scene.width` x `scene.height` px. Blurred
    /// shadows come from `shadows` when it holds the same geometry (nil: always blur), fills'
    /// coverage from `fills` (nil: always rasterize), scaled bitmaps from `images` (nil: each
    /// distinct image scaled once per call, up to `scaledImageBytesPerScene`); the bytes are the
    /// same either way. With `moving` (an animation's moving frames), shadows are moved from
    /// their blur at the nearest sub-pixel step (`MovingShadows`), which is not exact.
    /// - Throws: `RasterError.nonFiniteCoordinate` when a path has NaN or infinite coordinates.
    public static func render(_ scene: Scene, shadows: ShadowCache? = .shared, fills: FillCache? = .shared,
                              images: ResampledImageCache? = .shared,
                              moving: MovingShadows? = nil) throws(RasterError) -> Canvas {
        var canvas = Canvas(width: scene.width, height: scene.height)
        try draw(scene.operations[...], onto: &canvas, shadows: shadows, fills: fills, images: images, moving: moving)
        return canvas
    }

    /// `operations` drawn over `canvas` (of their scene's size) as `render` draws a scene's, with
    /// the same caches: `render` is a transparent canvas and every operation.
    /// - Throws: `RasterError.nonFiniteCoordinate` when a path has NaN or infinite coordinates.
    public static func draw(_ operations: ArraySlice<SceneOperation>, onto canvas: inout Canvas,
                            shadows: ShadowCache? = .shared, fills: FillCache? = .shared,
                            images: ResampledImageCache? = .shared, moving: MovingShadows? = nil) throws(RasterError) {
        var scratch = RasterScratch()
        // A scene's repeated images (a label's emoji) scale once, also when `images` keeps
        // nothing; up to `scaledImageBytesPerScene` of them.
        var scaledHere: [ResampledImageCache.Key: [UInt8]] = [:], scaledBytes = 0
        for operation in operations {
            switch operation {
            case .paint(let color):
                canvas.fillAll(color)
            case .fill(let fill):
                let tolerance = fill.flatteningTolerance ?? Flattening.defaultTolerance
                guard let fills else {
                    try canvas.fill(fill.path, transform: fill.transform, color: fill.color, opacity: fill.opacity,
                                    fillRule: fill.fillRule, tolerance: tolerance, scratch: &scratch)
                    continue
                }
                let key = FillCache.Key(width: canvas.width, height: canvas.height, path: fill.path,
                                        transform: fill.transform, fillRule: fill.fillRule, tolerance: tolerance)
                let runs = try fills.runs(for: key) { () throws(RasterError) in
                    try CoverageRuns(fill.path, transform: fill.transform, fillRule: fill.fillRule, tolerance: tolerance,
                                     width: key.width, height: key.height, scratch: &scratch)
                }
                canvas.fill(runs, color: fill.color, opacity: fill.opacity)
            case .shadow(let shadow):
                var coverage = try moving?.coverage(of: shadow, width: canvas.width, height: canvas.height,
                                                    scratch: &scratch)
                if coverage == nil {
                    coverage = try blurredCoverage(of: shadow, width: canvas.width, height: canvas.height,
                                                   shadows: shadows, scratch: &scratch)
                }
                canvas.composite(coverage!, color: shadow.color, opacity: shadow.opacity)
            case .layer(let layer):
                var picture = try render(layer.scene, shadows: shadows, fills: fills, images: images, moving: moving)
                let opacity = min(max(layer.opacity, 0), 1)
                guard opacity > 0 else { continue }
                if opacity < 1 { picture.multiply(by: opacity) }
                canvas.draw(picture, x: layer.x, y: layer.y)
            case .image(let image):
                let opacity = min(max(image.opacity, 0), 1)
                guard opacity > 0 else { continue }
                let key = ResampledImageCache.Key(bitmap: image.bitmap, width: image.width, height: image.height)
                let pixels: [UInt8]
                if let scaled = scaledHere[key] {
                    pixels = scaled
                } else {
                    pixels = images?.pixels(for: image)
                        ?? ImageResampling.resampled(image.bitmap, width: image.width, height: image.height)
                    if scaledBytes + pixels.count <= scaledImageBytesPerScene {
                        scaledHere[key] = pixels
                        scaledBytes += pixels.count
                    }
                }
                var picture = Canvas(width: image.width, height: image.height, premultipliedPixels: pixels)
                if opacity < 1 { picture.multiply(by: opacity) }
                canvas.draw(picture, x: image.x, y: image.y)
            }
        }
    }

    /// The shadow's blurred coverage on a `width` x `height` canvas, from `shadows` if it has it.
    static func blurredCoverage(of shadow: PathShadow, width: Int, height: Int, shadows: ShadowCache?,
                                scratch: inout RasterScratch) throws(RasterError) -> BoxCoverage {
        let placement = shadow.placement
        func blur(_ scratch: inout RasterScratch) throws(RasterError) -> BoxCoverage {
            try GaussianBlur.blurredCoverage(of: shadow.path, transform: placement, width: width, height: height,
                                             sigma: shadow.sigma, hiddenUnder: shadow.hiddenUnder, scratch: &scratch)
        }
        guard let shadows else { return try blur(&scratch) }
        let key = ShadowCache.Key(width: width, height: height, path: shadow.path, placement: placement,
                                  sigma: shadow.sigma, hiddenUnder: shadow.hiddenUnder)
        return try shadows.shadow(for: key) { () throws(RasterError) in try blur(&scratch) }
    }
}

extension Canvas {
    /// Every premultiplied channel times `opacity` (0...1), rounded to nearest: the canvas as a
    /// layer seen through that opacity.
    mutating func multiply(by opacity: Double) {
        let k = Float(opacity)
        pixels.withUnsafeMutableBufferPointer { px in
            for i in px.indices { px[i] = UInt8(min(Float(px[i]) * k + 0.5, 255)) }
        }
    }
}
