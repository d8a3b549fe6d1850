import Geometry
import ImageWriters
import Raster
import Scene
import SceneRaster
import TogglePicture
import QueryLanguage

/// Rows and cards as image bytes: `RowScene`'s scenes as PNG (with text chunks that say what they
/// show: tEXt, or iTXt when the label is not Latin-1) or as SVG (title and aria-label), encoded
/// as toggles are. `theme=auto` (SVG only) writes the light and the dark scene into one file.
public enum RowImage {
    /// The encoder for rows and cards: `ToggleImage.stillEncoder`, but zlib level 6 instead of 8
    /// for RGBA image data over 100,000 bytes. A row has more than 256 colours (antialiased text
    /// over the switch), so it is RGBA. Level 6: about half level 8's time for under 5 % more bytes
    /// (`row-bench N encode-level=L` under callgrind). Palettes stay exact (no merged colours),
    /// so that an animated row ends on its still row's very pixels.
    static let encoder: PNGEncoder = {
        var encoder = ToggleImage.stillEncoder
        encoder.compressionLevel = 6
        encoder.paletteMinimumPSNR = 0
        return encoder
    }()

    /// The `/row` picture in `format`: the still row, or with `animate=1` an APNG or an animated SVG.
    public static func bytes(_ query: RowQuery, format: ImageFormat) throws(ToggleImageError) -> [UInt8] {
        if let animation = query.animation {
            switch format {
            case .png: return try apng(query, animation: animation)
            case .svg: return try animatedSVG(query, animation: animation)
            }
        }
        func scene(_ appearance: Appearance?) throws(ToggleImageError) -> Scene {
            var spec = query.spec
            if let appearance { spec.appearance = appearance }
            do { return try RowScene.scene(row: query.row, label: query.label, spec: spec) } catch { throw .render(error) }
        }
        return try bytes(scene: scene, followsColorScheme: query.followsColorScheme, format: format,
                         scale: query.spec.scale)
    }

    /// The `/card` picture in `format`.
    public static func bytes(_ query: CardQuery, format: ImageFormat) throws(ToggleImageError) -> [UInt8] {
        func scene(_ appearance: Appearance?) throws(ToggleImageError) -> Scene {
            let theme = appearance ?? query.appearance
            let rows = query.rows.map { row -> (row: LabelledRow, label: String, spec: ToggleSpec) in
                var spec = row.spec
                spec.appearance = theme
                return (row.row, row.label, spec)
            }
            do {
                return try RowScene.scene(card: rows, width: query.width, scale: query.scale, appearance: theme)
            } catch {
                throw .render(error)
            }
        }
        return try bytes(scene: scene, followsColorScheme: query.followsColorScheme, format: format, scale: query.scale)
    }

    /// One frame of an animated row (`RowScene.scene(row:label:spec:frame:stillBodySize:)`).
    static func scene(_ query: RowQuery, frame: ToggleAnimation.Frame,
                      stillBodySize: (width: Int, height: Int)) throws(ToggleImageError) -> Scene {
        do {
            return try RowScene.scene(row: query.row, label: query.label, spec: query.spec, frame: frame,
                                      stillBodySize: stillBodySize)
        } catch {
            throw .render(error)
        }
    }

    /// `RowScene.stillBodySize(row:spec:)` of `query`.
    static func stillBodySize(_ query: RowQuery) throws(ToggleImageError) -> (width: Int, height: Int) {
        do { return try RowScene.stillBodySize(row: query.row, spec: query.spec) } catch { throw .render(error) }
    }

    /// The Description of an animated row: the animation's (`ToggleAnimation.accessibilityDescription`,
    /// "..., animated from off to on, ..., spring") with the row's words (its label) in front.
    static func description(_ query: RowQuery, animation: ToggleAnimation, title: String) -> String {
        let text = animation.accessibilityDescription
        let words = ToggleScene.accessibilityText(animation.transition.spec)
        guard text.hasPrefix(words) else { return title + ", " + text }
        return title + text.dropFirst(words.count)
    }

    /// The APNG of an animated row (still `image/png`): every frame of `animation` (the row's
    /// canvas each time, the label still), drawn by the raster backend and written by `APNGWriter`
    /// with `ToggleImage.frameEncoder`, as `/toggle`'s APNG; Title as the still row's, Description
    /// `description(_:animation:title:)`.
    static func apng(_ query: RowQuery, animation: ToggleAnimation) throws(ToggleImageError) -> [UInt8] {
        let (w, h) = query.canvasSize
        let still = try stillBodySize(query)
        let title = RowScene.title(query.row, spec: query.spec)
        return try ToggleImage.apng(for: animation, width: w, height: h, title: title,
                                    description: description(query, animation: animation, title: title))
        { frame throws(ToggleImageError) in
            let picture = try scene(query, frame: frame, stillBodySize: still)
            do throws(RasterError) { return try SceneRasterizer.render(picture) } catch { throw .raster(error) }
        }
    }

    /// The animated SVG of a row: the APNG's frames as CSS keyframes (`SVGWriter.animatedSVG`),
    /// with the Reduce Motion timeline for `prefers-reduced-motion: reduce`, as `/toggle.svg`.
    static func animatedSVG(_ query: RowQuery, animation: ToggleAnimation) throws(ToggleImageError) -> [UInt8] {
        let still = try stillBodySize(query)
        return try ToggleImage.animatedSVG(for: animation) { frame throws(ToggleImageError) in
            try scene(query, frame: frame, stillBodySize: still)
        }
    }

    /// `scene(nil)` is the asked theme; `scene(.light)` and `scene(.dark)` the two of `theme=auto`.
    static func bytes(scene: (Appearance?) throws(ToggleImageError) -> Scene, followsColorScheme: Bool,
                      format: ImageFormat, scale: Double) throws(ToggleImageError) -> [UInt8] {
        switch format {
        case .svg:
            guard followsColorScheme else { return SVGWriter.svg(try scene(nil)) }
            let light = try scene(.light), dark = try scene(.dark)
            do { return try SVGWriter.svg(light: light, dark: dark) } catch { throw .svg(error) }
        case .png:
            let picture = try scene(nil)
            let canvas: Canvas
            do { canvas = try SceneRasterizer.render(picture) } catch { throw .raster(error) }
            do {
                return try encoder.encode(canvas, text: [
                    .init(keyword: "Title", text: picture.title),
                    .init(keyword: "Description", text: picture.title),
                    .init(keyword: "Software", text: ToggleImage.software),
                ], pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: scale))
            } catch {
                throw .encoding(error)
            }
        }
    }
}
