import ImageWriters
import Geometry
import Raster
import TogglePicture

/// Rendering plus PNG encoding: the bytes a `/toggle` response or `render` command returns.
public enum ToggleImage {
    /// The name written in the PNG Software chunk.
    public static let software = "toggle-server (toggle image service)"

    /// The encoder settings used for every image, chosen by measurement
    /// (`swift run -c release png-tuning`, 10 typical toggles): no row filter, zlib level 8,
    /// default strategy gave 33,241 bytes against 30,909 for `optipng -o7` of the same pixels
    /// (1.075x) and 45,509 for libpng's defaults, at half the time of level 9 (which saves
    /// another 1 %). Flat-colour pictures with transparent corners compress best unfiltered.
    public static let encoder: PNGEncoder = {
        var encoder = PNGEncoder()
        encoder.filters = 0x08        // PNG_FILTER_NONE
        encoder.compressionLevel = 8
        encoder.strategy = 0          // Z_DEFAULT_STRATEGY
        return encoder
    }()

    /// The settings for animation frames: no row filter, zlib level 7, default strategy. Chosen
    /// with `Benchmarks/apng/run.sh` (7 animations; zlib is three quarters of an animation's
    /// time): against `apngopt -z0` of the same frames, level 8 (the stills' setting) gives 1.016x
    /// the bytes, level 7 1.038x (at most 1.072x) and level 6 1.049x (at most 1.087x); the default
    /// animation at scales 1 / 2 / 3 takes 9.0 / 31.7 / 61.2 ms of CPU at level 8, 5.4 / 16.7 /
    /// 33.9 at level 7 and 4.9 / 14.8 / 29.4 at level 6. Level 7: nearly level 6's speed, with a
    /// margin under the 1.10x target.
    public static let frameEncoder: PNGEncoder = {
        var encoder = PNGEncoder()
        encoder.filters = 0x08        // PNG_FILTER_NONE
        encoder.compressionLevel = 7
        encoder.strategy = 0          // Z_DEFAULT_STRATEGY
        return encoder
    }()

    /// The PNG for `spec`, with tEXt chunks Title, Description and Software.
    /// - Throws: `ToggleRenderError` if the spec cannot be drawn or encoded.
    public static func png(for spec: ToggleSpec) throws(ToggleRenderError) -> [UInt8] {
        let canvas = try ToggleRenderer.render(spec)
        do {
            return try encoder.encode(canvas, text: [
                .init(keyword: "Title", text: "Switch"),
                .init(keyword: "Description", text: spec.accessibilityDescription),
                .init(keyword: "Software", text: software),
            ])
        } catch {
            throw .encoding(String(describing: error))
        }
    }

    /// The APNG for `animation` (still `image/png`): frames rendered from the transition's poses,
    /// compressed by libpng with `encoder`'s settings and wrapped by `APNGWriter`; tEXt chunks
    /// Title, Description and Software.
    /// - Throws: `ToggleRenderError` if a frame cannot be drawn or encoded.
    public static func apng(for animation: ToggleAnimation) throws(ToggleRenderError) -> [UInt8] {
        let frames = animation.frames
        let (w, h) = animation.canvasSize
        var writer = APNGWriter(width: w, height: h, frameCount: frames.count, plays: animation.loops ? 0 : 1,
                                encoder: frameEncoder, text: [
                                    .init(keyword: "Title", text: "Switch"),
                                    .init(keyword: "Description", text: animation.accessibilityDescription),
                                    .init(keyword: "Software", text: software),
                                ])
        do {
            for frame in frames {
                let canvas = try ToggleRenderer.render(frame.spec, pose: frame.pose,
                                                       shadows: frame.isRest ? .shared : nil)
                try writer.append(canvas, delay: FrameDelay(numerator: UInt16(frame.delay.numerator),
                                                            denominator: UInt16(frame.delay.denominator)))
            }
            return try writer.finish()
        } catch let error as ToggleRenderError {
            throw error
        } catch {
            throw .encoding(String(describing: error))
        }
    }
}
