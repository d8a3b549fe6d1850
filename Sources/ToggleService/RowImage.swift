import ImageWriters
import Raster
import TogglePicture

/// Rows and cards as PNG: `RowRenderer`'s pictures with text chunks that say what they show.
public enum RowImage {
    /// The `/row` PNG; its Title and Description say what a screen reader would ("Dark Mode,
    /// switch, on").
    public static func png(_ query: RowQuery) throws(ToggleRenderError) -> [UInt8] {
        let text = LabelledRow.accessibilityLabel(query.label, state: query.spec.state, disabled: query.spec.disabled)
        return try encode(RowRenderer.render(row: query.row, spec: query.spec), title: text, description: text)
    }

    /// The `/card` PNG; its Description lists every row ("Automatic Updates, switch, on; ...").
    public static func png(_ query: CardQuery) throws(ToggleRenderError) -> [UInt8] {
        try encode(RowRenderer.render(card: query.rows.map { ($0.row, $0.spec) }, width: query.width,
                                      scale: query.scale, appearance: query.appearance),
                   title: "Settings", description: accessibilityText(query))
    }

    /// Every row's accessibility text, joined by "; ".
    public static func accessibilityText(_ query: CardQuery) -> String {
        query.rows.map { LabelledRow.accessibilityLabel($0.label, state: $0.spec.state, disabled: $0.spec.disabled) }
            .joined(separator: "; ")
    }

    static func encode(_ canvas: Canvas, title: String, description: String) throws(ToggleRenderError) -> [UInt8] {
        do {
            return try ToggleImage.encoder.encode(canvas, text: [
                .init(keyword: "Title", text: title),
                .init(keyword: "Description", text: description),
                .init(keyword: "Software", text: ToggleImage.software),
            ])
        } catch {
            throw .encoding(String(describing: error))
        }
    }
}
