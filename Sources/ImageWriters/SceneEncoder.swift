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

    static func png(_ scene: Scene, _ picture: PictureScenes) throws(SceneEncodingError) -> [UInt8] {
        let canvas: Canvas
        do { canvas = try SceneRasterizer.render(scene) } catch { throw .raster(error) }
        let encoder = picture.kind == .toggle ? PNGEncoder.toggleStill : PNGEncoder.labelledStill
        do {
            return try encoder.encode(canvas, text: textChunks(picture),
                                      pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: picture.scale))
        } catch {
            throw .png(error)
        }
    }

    /// Every frame drawn by the raster backend, compressed by libpng with
    /// `PNGEncoder.animationFrame` and wrapped by `APNGWriter`.
    static func apng(_ animation: SceneAnimation, _ picture: PictureScenes) throws(SceneEncodingError) -> [UInt8] {
        var writer = APNGWriter(width: animation.width, height: animation.height, frameCount: animation.frames.count,
                                plays: animation.loops ? 0 : 1, encoder: .animationFrame, text: textChunks(picture),
                                pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: picture.scale))
        for frame in animation.frames {
            let canvas: Canvas
            do {
                canvas = try SceneRasterizer.render(frame.scene, shadows: frame.usesCaches ? .shared : nil,
                                                    fills: frame.usesCaches ? .shared : nil)
            } catch {
                throw .raster(error)
            }
            do { try writer.append(canvas, delay: frame.delay) } catch { throw .png(error) }
        }
        do { return try writer.finish() } catch { throw .png(error) }
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
