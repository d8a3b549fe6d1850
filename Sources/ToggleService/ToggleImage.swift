import ImageWriters
import Geometry
import Raster
import TogglePicture

/// Why a toggle image could not be made: the drawing or the PNG encoding, each with its own
/// typed error.
public enum ToggleImageError: Error, Equatable, Sendable {
    case render(ToggleRenderError)
    case encoding(PNGEncodingError)
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
