import Geometry
import Raster
import Scene
import SceneRaster

/// Why a picture's scenes could not become bytes.
public enum SceneEncodingError: Error, Equatable, Sendable {
    /// The canvas could not be drawn (`RasterError`).
    case raster(RasterError)
    case png(PNGEncodingError)
    /// The light and dark scenes, or an animation's frames, differ in more than an SVG can say.
    case svg(SVGWriterError)
}

/// The one way from scenes to image bytes: PNG (drawn by the raster backend, `SceneRasterizer`,
/// then libpng), APNG, SVG and animated SVG.
public enum SceneEncoder {
    /// The name written in the PNG Software chunk.
    public static let software = "toggle-server (toggle image service)"

    /// `picture` in `format`: a PNG with text chunks Title, Description and Software (tEXt, or
    /// iTXt when not Latin-1), sRGB and pHYs of 72 dpi times the scale; an APNG with the same
    /// chunks; an SVG (the scene's title as `<title>` and `aria-label`), light and dark in one
    /// file, or CSS keyframes with the Reduce Motion variant.
    /// - Throws: `SceneEncodingError`.
    public static func bytes(_ picture: PictureScenes, format: ImageFormat) throws(SceneEncodingError) -> [UInt8] {
        switch (format, picture.content) {
        case (.svg, .still(let scene)):
            return SVGWriter.svg(scene)
        case (.svg, .lightAndDark(let light, let dark)):
            do { return try SVGWriter.svg(light: light, dark: dark) } catch { throw .svg(error) }
        case (.svg, .animation(let animation)):
            return try animatedSVG(animation)
        case (.png, .still(let scene)), (.png, .lightAndDark(let scene, _)):
            return try png(scene, picture)
        case (.png, .animation(let animation)):
            return try apng(animation, picture)
        }
    }

    /// A still: drawn, then encoded by the toggle or labelled still encoder (at zlib level 3 for
    /// `compression` `.cheapest`, `PNGEncoder.cheapest(_:)`); a toggle's still with
    /// `tintVariants` numbers its palette by coverage class when its pixels fit the classes of
    /// its geometry (`PaletteClasses`).
    static func png(_ scene: Scene, _ picture: PictureScenes) throws(SceneEncodingError) -> [UInt8] {
        let toggle = picture.kind == .toggle
        let variants = toggle ? picture.tintVariants : nil
        // A still that may make its classes draws its shapes several times: with the shared
        // caches off (`--cache-bytes 0`) it keeps their coverage for itself, so that every fill
        // is swept and the shadow blurred once (Benchmarks/raster/peers.sh, nothing cached).
        let caches = variants == nil ? RasterCaches.shared : RasterCaches.forOneStill()
        let canvas: Canvas
        do { canvas = try SceneRasterizer.render(scene, shadows: caches.shadows, fills: caches.fills) } catch {
            throw .raster(error)
        }
        let classes = variants.flatMap { variants in
            PaletteClasses.classes(for: variants, width: canvas.width, height: canvas.height, caches: caches)
        }
        let best = toggle ? PNGEncoder.toggleStill : PNGEncoder.labelledStill
        let encoder = picture.compression == .best ? best : PNGEncoder.cheapest(best)
        do {
            // Consumed: the encoder takes the canvas's pixels as they are, not a copy.
            return try encoder.encode(consume canvas, text: textChunks(picture),
                                      pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: picture.scale), classes: classes)
        } catch {
            throw .png(error)
        }
    }

    /// The most bytes of drawn frames `apng` holds while it finds out whether an animation's
    /// colours fit one palette (a symbol style's crossfade at scale 3 is about 8 MB); past it the
    /// frames are written as RGBA as they are drawn.
    static let paletteTrialBytes = 8 << 20

    /// Every frame drawn by the raster backend (`FrameCanvas`: what every frame shares once, then
    /// each frame's own operations, converted to straight alpha over the box they change),
    /// compressed by libpng with `PNGEncoder.animationFrames(_:palette:)` (its zlib level by
    /// `FrameCost`) and wrapped by `APNGWriter`: as one palette image when all the frames'
    /// colours fit a `FramePalette` (a quarter of the data for zlib), else RGBA. Frames are held,
    /// not written, only while that may still be the case.
    static func apng(_ animation: SceneAnimation, _ picture: PictureScenes) throws(SceneEncodingError) -> [UInt8] {
        var palette: FramePalette? = FramePalette()
        let movingFills = FillCache(capacityBytes: movingFrameFillBytes)
        let movingShadows = MovingShadows(capacityBytes: movingShadowBytes)
        var drawer: FrameCanvas
        do { drawer = try FrameCanvas(frames: animation.frames.map(\.scene), fills: movingFills) } catch { throw .raster(error) }
        let work = frameWork(animation, drawer: drawer, scale: picture.scale, labelInstructions: picture.labelInstructions)
        func writer(_ palette: FramePalette?) -> APNGWriter {
            APNGWriter(width: animation.width, height: animation.height, frameCount: animation.frames.count,
                       plays: animation.loops ? 0 : 1, encoder: .animationFrames(work, palette: palette != nil),
                       text: textChunks(picture),
                       pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: picture.scale), palette: palette)
        }
        var held: [(update: FrameUpdate, delay: FrameDelay)] = [], heldBytes = 0
        var rgba: APNGWriter? = nil
        for frame in animation.frames {
            let box = try draw(frame, on: &drawer, movingFills: movingFills, movingShadows: movingShadows)
            let update = FrameUpdate(box: box, pixels: drawer.canvas.straightAlphaWords(in: box))
            if rgba == nil, palette?.insert(contentsOf: update.pixels) == true,
               heldBytes + update.pixels.count * 4 <= paletteTrialBytes {
                held.append((update, frame.delay))
                heldBytes += update.pixels.count * 4
                continue
            }
            if rgba == nil {
                palette = nil
                rgba = writer(nil)
                for h in held { try encoding { () throws(PNGEncodingError) in try rgba!.append(h.update, delay: h.delay) } }
                held = []
            }
            try encoding { () throws(PNGEncodingError) in try rgba!.append(update, delay: frame.delay) }
        }
        var file = rgba ?? writer(palette)
        for h in held { try encoding { () throws(PNGEncodingError) in try file.append(h.update, delay: h.delay) } }
        return try encoding { () throws(PNGEncodingError) in try file.finish() }
    }

    /// What `animation`'s frames hold for `FrameCost`: the pixels `drawer` redraws, and the
    /// most shadows and curves a frame draws besides what every frame shares.
    static func frameWork(_ animation: SceneAnimation, drawer: FrameCanvas, scale: Double,
                          labelInstructions: Int) -> FrameCost.Work {
        let own = animation.frames.map { $0.scene.operations[drawer.sharedCount...] }
        return FrameCost.Work(frames: animation.frames.count, pixels: drawer.redrawnPixels,
                              shadows: own.map { FrameCost.shadows(in: $0) }.max() ?? 0,
                              curves: own.map { FrameCost.curves(in: $0) }.max() ?? 0, scale: scale,
                              labelInstructions: labelInstructions)
    }

    /// `body`'s result, its PNG error as a `SceneEncodingError`.
    static func encoding<T>(_ body: () throws(PNGEncodingError) -> T) throws(SceneEncodingError) -> T {
        do { return try body() } catch { throw .png(error) }
    }

    /// Most bytes of blurred shadows one animation keeps for its moving frames (`MovingShadows`:
    /// a knob's shadow at `MovingShadows.stepsPerPixel` sub-pixel positions).
    static let movingShadowBytes = 4 << 20

    /// Most bytes of fill coverage one animation keeps for its moving frames (a 200-character
    /// label's runs at scale 2 are about 1 MB).
    static let movingFrameFillBytes = 8 << 20

    /// One frame drawn by the raster backend on `drawer` (only what differs from the operations
    /// every frame shares); returns the box outside which it equals the frame before. A frame
    /// that `usesCaches` (a rest pose, which is a still too; every frame of a row, whose knob's
    /// shadow and fills recur in the same row in another colour) takes the shared shadow and fill
    /// caches; its fills fall back to `movingFills`, the animation's own, when the shared fill
    /// cache is off (`--cache-bytes 0`). Other frames (a toggle's moving ones) take
    /// `movingFills`, so that what stays put (the track) is rasterized once per
    /// animation and a knob's one-off positions never fill the shared cache (they fill
    /// `movingFills`, within its bound, unread). A frame that is not a rest pose takes its
    /// shadows from `movingShadows`, blurred once per sub-pixel step.
    static func draw(_ frame: SceneAnimation.Frame, on drawer: inout FrameCanvas, movingFills: FillCache,
                     movingShadows: MovingShadows) throws(SceneEncodingError) -> PixelBox {
        let sharedFills = frame.usesCaches && FillCache.shared.capacityBytes > 0
        do {
            return try drawer.draw(frame.scene, shadows: frame.usesCaches ? .shared : nil,
                                   fills: sharedFills ? .shared : movingFills, moving: frame.isRest ? nil : movingShadows)
        } catch {
            throw .raster(error)
        }
    }

    static func animatedSVG(_ animation: SceneAnimation) throws(SceneEncodingError) -> [UInt8] {
        func timeline(_ frames: [SceneAnimation.Frame]) -> SceneTimeline {
            SceneTimeline(frames: frames.map(\.scene), durations: frames.map(\.delay.seconds), loops: animation.loops)
        }
        do {
            return try SVGWriter.animatedSVG(timeline(animation.frames), reducedMotion: animation.reducedMotion.map(timeline))
        } catch {
            throw .svg(error)
        }
    }

    static func textChunks(_ picture: PictureScenes) -> [PNGEncoder.TextChunk] {
        [.init(keyword: "Title", text: picture.title), .init(keyword: "Description", text: picture.description),
         .init(keyword: "Software", text: software)]
    }
}
