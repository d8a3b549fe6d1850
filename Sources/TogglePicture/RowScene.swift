import Geometry
import Scene
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

/// Lays out `/row` and `/card` pictures (docs/design-facts.md section 10) as scenes:
/// labels as glyph outlines (paths) in the label colour, switches as `ToggleScene` lays them out,
/// moved to whole-pixel positions (so their edges stay as crisp as a lone toggle's); the card on
/// the grouped background with continuous corners. Every backend (PNG, SVG) draws these scenes.
public enum RowScene {
    /// A length in pt as whole pixels at `scale` (at least 1).
    public static func pixels(_ length: Double, scale: Double) -> Int { max(1, Int((length * scale).rounded())) }

    /// Appends one row's operations, its top-left corner at (`x`, `y`) pt: the label (unless the
    /// style draws it), then the style's body (`LabelledRow.body(_:)`) moved to whole pixels.
    static func append(_ row: LabelledRow, spec: ToggleSpec, to scene: inout Scene, x: Double, y: Double)
        throws(ToggleRenderError) {
        append(row, spec: spec, body: try ToggleScene.scene(for: row.body(spec)), to: &scene, x: x, y: y)
    }

    /// `append(_:spec:to:x:y:)` with `body` (the style's body laid out in px, its top-left corner at
    /// its origin: the still's scene, or an animation frame's) in place of the still body. A body
    /// larger than the still's (`stillSize`, px: a crossfade between bodies of different sizes,
    /// `Crossfade`, centres both in the larger canvas) is moved so that the still body's place in
    /// it lands where the still row has the still body.
    static func append(_ row: LabelledRow, spec: ToggleSpec, body: Scene, stillSize: (width: Int, height: Int)? = nil,
                       label: [SceneOperation]? = nil, to scene: inout Scene, x: Double, y: Double) {
        let scale = spec.scale
        if let label {
            scene.operations.append(contentsOf: label)
        } else if !row.styleDrawsLabel {
            LabelDrawing.append(row.text, x: x + row.layout.label.x, y: y + row.layout.label.y,
                                boxWidth: row.layout.label.width, scale: scale,
                                color: LabelColors.label(spec.appearance, disabled: spec.disabled), to: &scene)
        }
        var dx = ((x + row.layout.toggle.x) * scale).rounded(), dy = ((y + row.layout.toggle.y) * scale).rounded()
        if let still = stillSize {
            // Crossfade's integer centring: the still body sits at ((W - w) / 2, (H - h) / 2).
            dx -= Double((body.width - still.width) / 2)
            dy -= Double((body.height - still.height) / 2)
        }
        for operation in body.operations {
            scene.append(operation.translated(by: Point(dx, dy)))
        }
    }

    /// What a screen reader says for the row: "Dark Mode, switch, on" (`ToggleScene.accessibilityText`
    /// with the row's label; "toggle button" for the button style).
    public static func title(_ row: LabelledRow, spec: ToggleSpec) -> String {
        var labelled = spec
        labelled.label = row.label
        return ToggleScene.accessibilityText(labelled)
    }

    /// A row (`/row`): `round(width s)` x `round(height s)` px plus `pad` on every side, transparent
    /// unless `bg`; `spec` gives the switch, the scale, theme and disabled. Title: "Dark Mode,
    /// switch, on".
    public static func scene(row: LabelledRow, label: String, spec: ToggleSpec) throws(ToggleRenderError) -> Scene {
        scene(row: row, spec: spec, body: try ToggleScene.scene(for: row.body(spec)))
    }

    /// One frame of an animated row: `scene(row:label:spec:)` with `frame` (a frame of the
    /// animation built over `row.body(spec)`) in place of the still body; the label, drawn by the
    /// row or by the style, stays where the still has it. `stillBodySize` is
    /// `stillBodySize(row:spec:)` (the same for every frame). The last frame is the still row.
    /// - Throws: `ToggleRenderError` for a symbol that cannot be drawn.
    public static func scene(row: LabelledRow, label: String, spec: ToggleSpec, frame: ToggleAnimation.Frame,
                             stillBodySize: (width: Int, height: Int), labelOperations: [SceneOperation]? = nil,
                             bodies: CrossfadeBodies? = nil) throws(ToggleRenderError) -> Scene {
        let body: Scene
        if let bodies { body = try frame.scene(bodies: bodies) } else { body = try frame.scene() }
        return scene(row: row, spec: spec, body: body, stillSize: stillBodySize, label: labelOperations)
    }

    /// The operations that draw the row's label (none when the style draws it), as every frame
    /// of an animated row has them: laid out once, they are given to each frame's
    /// `scene(row:label:spec:frame:stillBodySize:labelOperations:)`.
    public static func labelOperations(row: LabelledRow, spec: ToggleSpec) -> [SceneOperation] {
        guard !row.styleDrawsLabel else { return [] }
        var scene = Scene(width: 0, height: 0, title: "")
        LabelDrawing.append(row.text, x: spec.padding + row.layout.label.x, y: spec.padding + row.layout.label.y,
                            boxWidth: row.layout.label.width, scale: spec.scale,
                            color: LabelColors.label(spec.appearance, disabled: spec.disabled), to: &scene)
        return scene.operations
    }

    /// The still row's body (`ToggleScene.scene(for: row.body(spec))`), width and height in px.
    /// - Throws: `ToggleRenderError` for a symbol that cannot be drawn.
    public static func stillBodySize(row: LabelledRow, spec: ToggleSpec) throws(ToggleRenderError) -> (width: Int, height: Int) {
        let body = try ToggleScene.scene(for: row.body(spec))
        return (body.width, body.height)
    }

    /// The row's canvas, its `bg`, and the row with `body` as its switch.
    static func scene(row: LabelledRow, spec: ToggleSpec, body: Scene, stillSize: (width: Int, height: Int)? = nil,
                      label: [SceneOperation]? = nil) -> Scene {
        let pad = spec.padding
        var scene = Scene(width: pixels(row.layout.width + 2 * pad, scale: spec.scale),
                          height: pixels(row.layout.height + 2 * pad, scale: spec.scale),
                          title: title(row, spec: spec))
        if let background = spec.background { scene.append(.paint(background.resolved(in: spec.appearance))) }
        append(row, spec: spec, body: body, stillSize: stillSize, label: label, to: &scene, x: pad, y: pad)
        return scene
    }

    /// A card (`/card`), `width` pt wide: the grouped background, the continuous-corner card, the
    /// rows (each with its label and its switch's spec; a row's `bg` fills its band). Title: every
    /// row's, joined by "; ".
    public static func scene(card rows: [(row: LabelledRow, label: String, spec: ToggleSpec)], width: Double,
                             scale s: Double, appearance: Appearance) throws(ToggleRenderError) -> Scene {
        let layout = CardLayout(width: width, rowHeights: rows.map(\.row.layout.height))
        let title = rows.map { Self.title($0.row, spec: $0.spec) }.joined(separator: "; ")
        var scene = Scene(width: pixels(layout.width, scale: s), height: pixels(layout.height, scale: s), title: title)
        scene.append(.paint(GroupedBackgrounds.screen(appearance)))
        let card = layout.card
        scene.append(.fill(PathFill(.continuousRoundedRectangle(x: card.x * s, y: card.y * s, width: card.width * s,
                                                                 height: card.height * s,
                                                                 radius: CardLayout.cornerRadius * s),
                                    color: GroupedBackgrounds.card(appearance))))
        for (row, frame) in zip(rows, layout.rows) {
            if let background = row.spec.background {
                let band = Path.polygon([Point(frame.x * s, frame.y * s), Point(frame.maxX * s, frame.y * s),
                                         Point(frame.maxX * s, (frame.y + frame.height) * s),
                                         Point(frame.x * s, (frame.y + frame.height) * s)])
                scene.append(.fill(PathFill(band, color: background.resolved(in: appearance))))
            }
            try append(row.row, spec: row.spec, to: &scene, x: frame.x, y: frame.y)
        }
        return scene
    }
}

extension SceneOperation {
    /// The operation moved by `offset` px, whole pixels (fills, shadows and layers; a paint covers
    /// the canvas wherever).
    func translated(by offset: Point) -> SceneOperation {
        let move = AffineTransform.translation(offset.x, offset.y)
        switch self {
        case .paint:
            return self
        case .fill(var fill):
            fill.transform = fill.transform.then(move)
            return .fill(fill)
        case .shadow(var shadow):
            shadow.transform = shadow.transform.then(move)
            shadow.hiddenUnder = shadow.hiddenUnder.map { Disc(center: $0.center + offset, radius: $0.radius) }
            return .shadow(shadow)
        case .layer(var layer):
            layer.x += Int(offset.x)
            layer.y += Int(offset.y)
            return .layer(layer)
        case .image(var image):
            image.x += Int(offset.x)
            image.y += Int(offset.y)
            return .image(image)
        }
    }
}
