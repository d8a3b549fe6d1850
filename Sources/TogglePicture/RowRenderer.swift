import Geometry
import Raster
import TextLayout

/// iOS's grouped backgrounds (docs/design-facts.md section 2): the screen behind a card and the card.
public enum GroupedBackgrounds {
    /// systemGroupedBackground: (242,242,247) light, (0,0,0) dark.
    public static func screen(_ appearance: Appearance) -> RGBAColor {
        appearance == .light ? RGBAColor(red: 242, green: 242, blue: 247) : RGBAColor(red: 0, green: 0, blue: 0)
    }
    /// secondarySystemGroupedBackground: (255,255,255) light, (28,28,30) dark.
    public static func card(_ appearance: Appearance) -> RGBAColor {
        appearance == .light ? RGBAColor(red: 255, green: 255, blue: 255) : RGBAColor(red: 28, green: 28, blue: 30)
    }
}

/// Draws `/row` and `/card` pictures (issue 14, docs/design-facts.md section 10): labels as glyph outlines
/// filled by our rasterizer, switches drawn by `ToggleRenderer` at whole-pixel positions (so
/// their edges stay as crisp as a lone toggle's).
public enum RowRenderer {
    /// Canvas size in px for a picture `width` x `height` pt: each rounded to whole pixels.
    public static func pixels(_ length: Double, scale: Double) -> Int { max(1, Int((length * scale).rounded())) }

    /// Draws one row with its top-left corner at (`x`, `y`) pt.
    static func draw(_ row: LabelledRow, spec: ToggleSpec, into canvas: inout Canvas, x: Double, y: Double,
                     scratch: inout RasterScratch) throws(ToggleRenderError) {
        let scale = spec.scale
        do {
            try canvas.fill(row.labelPath(x: x, y: y, scale: scale),
                            color: LabelColors.label(spec.appearance, disabled: spec.disabled),
                            tolerance: TextLayout.flatteningTolerance, scratch: &scratch)
        } catch {
            throw .raster(error)
        }
        var toggle = spec
        toggle.background = nil
        toggle.padding = 0
        toggle.mirrored = row.layout.direction == .rightToLeft
        let picture = try ToggleRenderer.render(toggle)
        canvas.draw(picture, x: Int(((x + row.layout.toggle.x) * scale).rounded()),
                    y: Int(((y + row.layout.toggle.y) * scale).rounded()))
    }

    /// A row picture (`/row`): `round(width s)` x `round(height s)` px plus `pad` on every side,
    /// transparent unless `bg`; `spec` gives the switch, the scale, theme and disabled.
    public static func render(row: LabelledRow, spec: ToggleSpec) throws(ToggleRenderError) -> Canvas {
        let pad = spec.padding
        var canvas = Canvas(width: pixels(row.layout.width + 2 * pad, scale: spec.scale),
                            height: pixels(row.layout.height + 2 * pad, scale: spec.scale))
        if let background = spec.background { canvas.fillAll(background.resolved(in: spec.appearance)) }
        var scratch = RasterScratch()
        try draw(row, spec: spec, into: &canvas, x: pad, y: pad, scratch: &scratch)
        return canvas
    }

    /// A card picture (`/card`), `width` pt wide: the grouped background, the continuous-corner
    /// card, the rows (each with its switch's spec; a row's `bg` fills its band).
    public static func render(card rows: [(row: LabelledRow, spec: ToggleSpec)], width: Double, scale s: Double,
                              appearance: Appearance) throws(ToggleRenderError) -> Canvas {
        let layout = CardLayout(width: width, rowHeights: rows.map(\.row.layout.height))
        var canvas = Canvas(width: pixels(layout.width, scale: s), height: pixels(layout.height, scale: s))
        canvas.fillAll(GroupedBackgrounds.screen(appearance))
        var scratch = RasterScratch()
        let card = layout.card
        let cardPath = Path.continuousRoundedRectangle(x: card.x * s, y: card.y * s, width: card.width * s,
                                                       height: card.height * s, radius: CardLayout.cornerRadius * s)
        do {
            try canvas.fill(cardPath, color: GroupedBackgrounds.card(appearance), scratch: &scratch)
            for (row, frame) in zip(rows, layout.rows) {
                if let background = row.spec.background {
                    let band = Path.polygon([Point(frame.x * s, frame.y * s), Point(frame.maxX * s, frame.y * s),
                                             Point(frame.maxX * s, (frame.y + frame.height) * s),
                                             Point(frame.x * s, (frame.y + frame.height) * s)])
                    try canvas.fill(band, color: background.resolved(in: appearance), scratch: &scratch)
                }
            }
        } catch {
            throw .raster(error)
        }
        for (row, frame) in zip(rows, layout.rows) {
            try draw(row.row, spec: row.spec, into: &canvas, x: frame.x, y: frame.y, scratch: &scratch)
        }
        return canvas
    }
}
