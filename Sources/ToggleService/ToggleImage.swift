import ImageWriters
import Geometry
import Raster
import Scene
import TogglePicture
import QueryLanguage

/// Why a toggle image could not be made: the drawing or the PNG encoding, each with its own
/// typed error.
public enum ToggleImageError: Error, Equatable, Sendable {
    case render(ToggleRenderError)
    /// The canvas could not be made (`RasterError`).
    case raster(RasterError)
    case encoding(PNGEncodingError)
    case svg(SVGWriterError)
}

/// Rendering plus PNG encoding: the bytes a `/toggle` response or `render` command returns.
public enum ToggleImage {
    /// The name written in the PNG Software chunk.
    public static let software = "toggle-server (toggle image service)"

    /// The encoder settings for RGBA images, chosen by measurement (`Benchmarks/png-size/run.sh`
    /// for bytes against `optipng -o7` of the same pixels, `Benchmarks/profile/uncached-callgrind.sh`
    /// and `Benchmarks/raster/render-encode.sh` for instructions): no row filter (flat colour with
    /// transparent corners compresses best unfiltered); zlib's effort grows with the image, since
    /// a small image costs few bytes and most of a request's time: level 3 under 40,000 bytes of
    /// image data (scales 1 and 2), level 5 under 100,000 (scale 3 RGBA), level 8 above (scale 4
    /// and large sizes, which carry most of the bytes); zlib's hash table sized to the image; sRGB.
    public static let encoder: PNGEncoder = {
        var encoder = PNGEncoder()
        encoder.filters = 0x08        // PNG_FILTER_NONE
        encoder.compressionLevel = 8
        encoder.smallImageLevels = [.init(belowBytes: 40_000, level: 3), .init(belowBytes: 100_000, level: 5)]
        encoder.strategy = 0          // Z_DEFAULT_STRATEGY
        return encoder
    }()

    /// The settings for animation frames: no row filter, zlib level 7, default strategy, RGBA
    /// (frames share one header, so no palette). Chosen with `Benchmarks/apng/run.sh` against
    /// `apngopt -z0` of the same frames: level 7 has nearly level 6's speed, with a margin under
    /// the 1.10x target for bytes.
    public static let frameEncoder: PNGEncoder = {
        var encoder = PNGEncoder()
        encoder.filters = 0x08        // PNG_FILTER_NONE
        encoder.compressionLevel = 7
        encoder.strategy = 0          // Z_DEFAULT_STRATEGY
        return encoder
    }()

    /// What one image response shows: the picture, its file format, whether it follows the
    /// viewer's colour scheme (`theme=auto`, SVG only: `spec` then holds the light theme), and
    /// the animation into `spec`'s state when `animate=1` was asked (an APNG, or an animated SVG).
    public struct Picture: Sendable, Equatable {
        public var spec: ToggleSpec
        public var format: ImageFormat
        public var followsColorScheme: Bool
        public var animation: ToggleAnimation?

        public init(spec: ToggleSpec, format: ImageFormat, followsColorScheme: Bool = false,
                    animation: ToggleAnimation? = nil) {
            self.spec = spec
            self.format = format
            self.followsColorScheme = followsColorScheme
            self.animation = animation
        }

        public init(query: ToggleQuery, format: ImageFormat) {
            self.init(spec: query.spec, format: format, followsColorScheme: query.followsColorScheme,
                      animation: query.animation)
        }

        /// Equal for two pictures exactly when their bytes are equal (`CanonicalKey.toggle`): the
        /// image cache's key; its hash is the ETag.
        public var canonicalKey: String { String(decoding: canonicalKeyBytes, as: UTF8.self) }

        /// `canonicalKey`'s UTF-8 (what its hashes are taken of, before it becomes a `String`).
        var canonicalKeyBytes: [UInt8] {
            CanonicalKey.toggle(spec, format: format.rawValue, followsColorScheme: followsColorScheme,
                                animation: animation)
        }

        func themed(_ appearance: Appearance) -> ToggleSpec {
            var s = spec
            s.appearance = appearance
            return s
        }
    }

    /// The bytes of `picture` in its format.
    /// - Throws: `ToggleImageError.render` if the spec cannot be drawn, `.encoding` if libpng
    ///   fails, `.svg` if the light and dark scenes of `theme=auto` differ in more than colour.
    public static func bytes(for picture: Picture) throws(ToggleImageError) -> [UInt8] {
        switch picture.format {
        case .png:
            if let animation = picture.animation { return try apng(for: animation) }
            return try png(for: picture.spec)
        case .svg:
            if let animation = picture.animation { return try animatedSVG(for: animation) }
            return try svg(picture)
        }
    }

    /// The SVG of `picture`: one theme, or light and dark in one file for `theme=auto`.
    static func svg(_ picture: Picture) throws(ToggleImageError) -> [UInt8] {
        func scene(_ spec: ToggleSpec) throws(ToggleImageError) -> Scene {
            do { return try ToggleScene.scene(for: spec) } catch { throw .render(error) }
        }
        guard picture.followsColorScheme else { return SVGWriter.svg(try scene(picture.spec)) }
        let light = try scene(picture.themed(.light)), dark = try scene(picture.themed(.dark))
        do { return try SVGWriter.svg(light: light, dark: dark) } catch { throw .svg(error) }
    }

    /// `encoder` plus a palette (colour type 3) when the picture has at most 256 distinct RGBA
    /// values, as toggles at scale 1 do, or up to 512 whose rarest colours can be drawn with a
    /// neighbour at 50 dB PSNR or better (the fidelity bound), as at scales 2 to 4: a quarter of
    /// the data to compress, and smaller files. Palette data takes zlib level 3 under 10,000
    /// bytes (scales 1 and 2), 5 under 100,000 (scales 3 and 4), 8 above, chosen with
    /// `Benchmarks/png-size/toggles.sh`. Used for still images; APNG frames share one header, so
    /// they stay RGBA.
    public static let stillEncoder: PNGEncoder = {
        var still = ToggleImage.encoder
        still.allowsPalette = true
        still.paletteMinimumPSNR = 50
        still.paletteImageLevels = [.init(belowBytes: 10_000, level: 3), .init(belowBytes: 100_000, level: 5)]
        return still
    }()

    /// The PNG for `spec`, with text chunks Title (the SVG's `<title>` and `aria-label`),
    /// Description (the same words and what the picture shows: style, symbol, tint) and Software
    /// (tEXt, or iTXt when not Latin-1), sRGB, and pHYs of 72 dpi times the spec's scale.
    /// - Throws: `ToggleImageError.render` if the spec cannot be drawn, `.encoding` if libpng fails.
    public static func png(for spec: ToggleSpec) throws(ToggleImageError) -> [UInt8] {
        let canvas = try ToggleRenderer.render(spec)
        do {
            return try stillEncoder.encode(canvas, text: [
                .init(keyword: "Title", text: ToggleScene.accessibilityText(spec)),   // the SVG's <title>
                .init(keyword: "Description", text: spec.accessibilityDescription),
                .init(keyword: "Software", text: software),
            ], pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: spec.scale))
        } catch {
            throw .encoding(error)
        }
    }

    /// The APNG for `animation` (still `image/png`): every frame laid out by its style at its
    /// time (`ToggleAnimation.Frame.scene()`), drawn by the raster backend, compressed by libpng with
    /// `frameEncoder` and wrapped by `APNGWriter`; text chunks Title, Description and Software, and
    /// pHYs of 72 dpi times the scale, as the still has.
    /// - Throws: `ToggleImageError.render` if a frame cannot be drawn, `.encoding` if libpng fails.
    public static func apng(for animation: ToggleAnimation) throws(ToggleImageError) -> [UInt8] {
        let (w, h): (Int, Int)
        do { (w, h) = try animation.canvasSize() } catch { throw .render(error) }
        return try apng(for: animation, width: w, height: h,
                        title: ToggleScene.accessibilityText(animation.transition.spec),
                        description: animation.accessibilityDescription) { frame throws(ToggleImageError) in
            try ToggleRenderer.render(frame, shadows: frame.isRest ? .shared : nil, fills: frame.isRest ? .shared : nil)
        }
    }

    /// The APNG of `animation`'s frames, each drawn by `canvas` on a `width` x `height` px canvas
    /// (a toggle's, or a row around it), compressed with `frameEncoder` and wrapped by
    /// `APNGWriter`; text chunks Title, Description and Software, pHYs of 72 dpi times the scale.
    /// - Throws: what `canvas` throws, `.encoding` if libpng fails.
    static func apng(for animation: ToggleAnimation, width: Int, height: Int, title: String, description: String,
                     canvas: (ToggleAnimation.Frame) throws(ToggleImageError) -> Canvas)
        throws(ToggleImageError) -> [UInt8] {
        let frames = animation.frames
        var writer = APNGWriter(width: width, height: height, frameCount: frames.count,
                                plays: animation.loops ? 0 : 1, encoder: frameEncoder, text: [
                                    .init(keyword: "Title", text: title),
                                    .init(keyword: "Description", text: description),
                                    .init(keyword: "Software", text: software),
                                ],
                                pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: animation.transition.spec.scale))
        for frame in frames {
            let picture = try canvas(frame)
            do {
                try writer.append(picture, delay: FrameDelay(numerator: UInt16(frame.delay.numerator),
                                                             denominator: UInt16(frame.delay.denominator)))
            } catch {
                throw .encoding(error)
            }
        }
        do { return try writer.finish() } catch { throw .encoding(error) }
    }

    /// The animated SVG for `animation`: the same frames as the APNG (each laid out by its
    /// style), as CSS keyframes, with the Reduce Motion variant for viewers who ask for
    /// reduced motion (`prefers-reduced-motion: reduce`). Without CSS animation it shows the
    /// still SVG of the asked state.
    /// - Throws: `ToggleImageError.render` if a frame cannot be laid out, `.svg` if the frames
    ///   differ in more than CSS can animate.
    public static func animatedSVG(for animation: ToggleAnimation) throws(ToggleImageError) -> [UInt8] {
        try animatedSVG(for: animation) { frame throws(ToggleImageError) in
            do throws(ToggleRenderError) { return try frame.scene() } catch { throw .render(error) }
        }
    }

    /// The animated SVG of `animation` with each frame laid out by `frameScene` (a toggle's own
    /// scene, or a row around it): the frames as CSS keyframes (`SVGWriter.animatedSVG`) and, unless
    /// the animation already is Reduce Motion's, the same transition under Reduce Motion for
    /// `prefers-reduced-motion: reduce`.
    static func animatedSVG(for animation: ToggleAnimation,
                            frameScene: (ToggleAnimation.Frame) throws(ToggleImageError) -> Scene)
        throws(ToggleImageError) -> [UInt8] {
        func timeline(_ a: ToggleAnimation) throws(ToggleImageError) -> SceneTimeline {
            var scenes: [Scene] = [], durations: [Double] = []
            for frame in a.frames(keepsHiddenSymbols: true) {
                scenes.append(try frameScene(frame))
                durations.append(frame.delay.seconds)
            }
            return SceneTimeline(frames: scenes, durations: durations, loops: a.loops)
        }
        let main = try timeline(animation)
        var reduced: SceneTimeline?
        if animation.transition.motion.curve != .reduce {
            var r = animation
            var motion = r.transition.motion
            motion.curve = .reduce
            r.transition = ToggleTransition(spec: r.transition.spec, from: r.transition.from, motion: motion)
            reduced = try timeline(r)
        }
        do { return try SVGWriter.animatedSVG(main, reducedMotion: reduced) } catch { throw .svg(error) }
    }
}
