import PNGEncoder
import Raster

/// Rendering plus PNG encoding: the bytes a `/toggle` response or `render` command returns.
public enum ToggleImage {
    /// The name written in the PNG Software chunk.
    public static let software = "toggle-server (toggle image service)"

    /// The encoder settings used for every image.
    public static let encoder = PNGEncoder()

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
