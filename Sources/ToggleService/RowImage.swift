import ImageWriters
import Raster
import TogglePicture

/// Rows and cards as PNG: `RowRenderer`'s pictures with text chunks that say what they show
/// (tEXt, or iTXt when the label is not Latin-1), encoded as toggles are.
public enum RowImage {
    /// The `/row` PNG; its Title and Description say what a screen reader would ("Dark Mode,
    /// switch, on").
    public static func png(_ query: RowQuery) throws(ToggleImageError) -> [UInt8] {
        let text = LabelledRow.accessibilityLabel(query.label, state: query.spec.state, disabled: query.spec.disabled)
        let canvas: Canvas
        do {
            canvas = try RowRenderer.render(row: query.row, spec: query.spec)
        } catch {
            throw .render(error)
        }
        return try encode(canvas, title: text, description: text, scale: query.spec.scale)
    }

    /// The `/card` PNG; its Description lists every row ("Automatic Updates, switch, on; ...").
    public static func png(_ query: CardQuery) throws(ToggleImageError) -> [UInt8] {
        let canvas: Canvas
        do {
            canvas = try RowRenderer.render(card: query.rows.map { ($0.row, $0.spec) }, width: query.width,
                                            scale: query.scale, appearance: query.appearance)
        } catch {
            throw .render(error)
        }
        return try encode(canvas, title: "Settings", description: accessibilityText(query), scale: query.scale)
    }

    /// Every row's accessibility text, joined by "; ".
    public static func accessibilityText(_ query: CardQuery) -> String {
        query.rows.map { LabelledRow.accessibilityLabel($0.label, state: $0.spec.state, disabled: $0.spec.disabled) }
            .joined(separator: "; ")
    }

    static func encode(_ canvas: Canvas, title: String, description: String,
                       scale: Double) throws(ToggleImageError) -> [UInt8] {
        do {
            return try ToggleImage.stillEncoder.encode(canvas, text: [
                .init(keyword: "Title", text: title),
                .init(keyword: "Description", text: description),
                .init(keyword: "Software", text: ToggleImage.software),
            ], pixelsPerMetre: PNGEncoder.pixelsPerMetre(scale: scale))
        } catch {
            throw .encoding(error)
        }
    }
}
