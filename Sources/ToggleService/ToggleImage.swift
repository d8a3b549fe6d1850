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
    /// - Throws: `ToggleRenderError` if the spec cannot be drawn or encoded.
    public static func bytes(for picture: Picture) throws(ToggleRenderError) -> [UInt8] {
        switch picture.format {
        case .png:
            return try png(for: picture.spec)
        case .svg:
            guard picture.followsColorScheme else { return SVGWriter.svg(try ToggleScene.scene(for: picture.spec)) }
            let light = try ToggleScene.scene(for: picture.themed(.light))
            let dark = try ToggleScene.scene(for: picture.themed(.dark))
            do {
                return try SVGWriter.svg(light: light, dark: dark)
            } catch {
                throw .encoding("light and dark scenes differ in more than colour")
            }
        }
    }

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
}
