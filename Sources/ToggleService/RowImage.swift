import ImageWriters
import Raster
import Scene
import SceneRaster
import TogglePicture

/// Rows and cards as image bytes: `RowScene`'s scenes as PNG (with text chunks that say what they
/// show: tEXt, or iTXt when the label is not Latin-1) or as SVG (title and aria-label), encoded
/// as toggles are. `theme=auto` (SVG only) writes the light and the dark scene into one file.
public enum RowImage {
    /// The `/row` picture in `format`.
    public static func bytes(_ query: RowQuery, format: ImageFormat) throws(ToggleImageError) -> [UInt8] {
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
            do { canvas = try SceneRasterizer.render(picture) } catch { throw .render(.raster(error)) }
            do {
                return try ToggleImage.stillEncoder.encode(canvas, text: [
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
