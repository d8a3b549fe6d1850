import Geometry
import Scene
import TextLayout

/// A laid-out label as scene operations: its outline glyphs as one fill, its colour glyphs
/// (emoji, from Noto Color Emoji's bitmaps) as images on top, in the label's opacity.
enum LabelDrawing {
    /// Appends `block` with its box's top-left corner at (`x`, `y`) pt, `boxWidth` pt wide
    /// (right-to-left lines end at its right edge), px = pt x `scale`: the outlines filled with
    /// `color` at `opacity` (none when the label has only colour glyphs), then each colour glyph
    /// at `color.alpha x opacity` (a disabled row's emoji dims with its text, keeping its colours).
    /// - Parameter flatteningTolerance: the fill's hint (`PathFill.flatteningTolerance`), px.
    static func append(_ block: TextBlock, x: Double, y: Double, boxWidth: Double, scale: Double, color: RGBAColor,
                       opacity: Double = 1, flatteningTolerance: Double? = TextLayout.flatteningTolerance,
                       to scene: inout Scene, textLayout: TextLayout = .shared) {
        let path = textLayout.path(of: block, x: x, y: y, boxWidth: boxWidth, scale: scale)
        let images = textLayout.images(of: block, x: x, y: y, boxWidth: boxWidth, scale: scale)
        if !path.isEmpty || images.isEmpty {
            scene.append(.fill(PathFill(path, color: color, opacity: opacity, flatteningTolerance: flatteningTolerance)))
        }
        for var image in images {
            image.opacity = color.alpha * opacity
            scene.append(.image(image))
        }
    }
}
