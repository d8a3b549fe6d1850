import ImageWriters
import Geometry
import Raster
import Scene
import TogglePicture

/// Why a toggle image could not be made: the drawing or the PNG encoding, each with its own
/// typed error.
public enum ToggleImageError: Error, Equatable, Sendable {
    case render(ToggleRenderError)
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
    /// a small image costs few bytes and most of a request's time (zlib was 75-86 % of an
    /// uncached request at scales 1 and 2 with level 8 everywhere): level 3 under 40,000 bytes of
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

    /// What one image response shows: the picture, its file format, and whether it follows the
    /// viewer's colour scheme (`theme=auto`, SVG only: `spec` then holds the light theme).
    public struct Picture: Sendable, Equatable {
        public var spec: ToggleSpec
        public var format: ImageFormat
        public var followsColorScheme: Bool

        public init(spec: ToggleSpec, format: ImageFormat, followsColorScheme: Bool = false) {
            self.spec = spec
            self.format = format
            self.followsColorScheme = followsColorScheme
        }

        public init(query: ToggleQuery, format: ImageFormat) {
            self.init(spec: query.spec, format: format, followsColorScheme: query.followsColorScheme)
        }

        /// Equal for two pictures exactly when their bytes are equal: the spec's canonical key
        /// (both themes' for `theme=auto`, whose dark colours the light key does not fix), then
        /// the format. The image cache's key; its hash is the ETag.
        public var canonicalKey: String {
            guard followsColorScheme else { return spec.canonicalKey + ";" + format.rawValue }
            return themed(.light).canonicalKey + "|" + themed(.dark).canonicalKey + ";" + format.rawValue + ";auto"
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
            return try png(for: picture.spec)
        case .svg:
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
    /// values, as most toggles at scales 1 and 2 do: a quarter of the data to compress, and
    /// smaller files. Used for still images; APNG frames share one header, so they stay RGBA.
    public static let stillEncoder: PNGEncoder = {
        var still = ToggleImage.encoder
        still.allowsPalette = true
        return still
    }()

    /// The PNG for `spec`, with text chunks Title, Description and Software (tEXt, or iTXt when
    /// not Latin-1), sRGB, and pHYs of 72 dpi times the spec's scale.
    /// - Throws: `ToggleImageError.render` if the spec cannot be drawn, `.encoding` if libpng fails.
    public static func png(for spec: ToggleSpec) throws(ToggleImageError) -> [UInt8] {
        let canvas: Canvas
        do {
            canvas = try ToggleRenderer.render(spec)
        } catch {
            throw .render(error)
        }
        do {
            return try stillEncoder.encode(canvas, text: [
                .init(keyword: "Title", text: "Switch"),
                .init(keyword: "Description", text: spec.accessibilityDescription),
                .init(keyword: "Software", text: software),
            ], pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: spec.scale))
        } catch {
            throw .encoding(error)
        }
    }
}
