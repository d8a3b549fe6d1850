import ImageWriters
import QueryLanguage
import Scene
import TogglePicture

/// `/row`, `/row.png`, `/row.svg`: a settings row (`RowScene`), still or animated.
public struct RowRequest: PictureRequest {
    public let query: RowQuery
    public let format: ImageFormat

    public init(query: RowQuery, format: ImageFormat) {
        self.query = query
        self.format = format
    }

    public var route: PictureRoute { .row }
    public var stillPixels: Int? { query.animation == nil ? query.canvasSize.width * query.canvasSize.height : nil }
    public var ignoredFieldValue: String? { ignoredFieldValue(query.ignored) }

    public var canonicalKey: [UInt8] {
        CanonicalKey.row(label: query.label, width: query.width, spec: query.spec, format: format.rawValue,
                         followsColorScheme: query.followsColorScheme, animation: query.animation)
    }

    /// The still row (both themes' for `theme=auto`), Title and Description its title; or with
    /// `animate=1` every frame of the row's canvas (the label still, the switch moving), Title the
    /// still row's, Description the animation's with the row's words in front.
    public func scenes() throws(ToggleRenderError) -> PictureScenes {
        let query = query
        guard let animation = query.animation else {
            return try labelledScenes(followsColorScheme: query.followsColorScheme, scale: query.spec.scale,
                                      compression: query.compression) { theme throws(ToggleRenderError) in
                var spec = query.spec
                if let theme { spec.appearance = theme }
                return try RowScene.scene(row: query.row, label: query.label, spec: spec)
            }
        }
        let still = try RowScene.stillBodySize(row: query.row, spec: query.spec)
        let (w, h) = query.canvasSize
        // The label stays put: laid out once, not per frame (with every cache off, a long
        // label's glyph outlines were read again for each frame).
        let label = RowScene.labelOperations(row: query.row, spec: query.spec)
        let bodies = CrossfadeBodies()
        let frames = try animation.sceneAnimation(for: format, width: w, height: h, cachesEveryFrame: true)
        { frame throws(ToggleRenderError) in
            try RowScene.scene(row: query.row, label: query.label, spec: query.spec, frame: frame, stillBodySize: still,
                               labelOperations: label, bodies: bodies)
        }
        let title = RowScene.title(query.row, spec: query.spec)
        return PictureScenes(.animation(frames), kind: .labelled, title: title,
                             description: Self.description(animation, title: title), scale: query.spec.scale,
                             labelInstructions: query.labelInstructions)
    }

    /// The Description of an animated row: the animation's (`ToggleAnimation.accessibilityDescription`,
    /// "..., animated from off to on, ..., spring") with the row's words (its title) in front.
    static func description(_ animation: ToggleAnimation, title: String) -> String {
        let text = animation.accessibilityDescription
        let words = ToggleScene.accessibilityText(animation.transition.spec)
        guard text.hasPrefix(words) else { return title + ", " + text }
        return title + text.dropFirst(words.count)
    }
}

/// `/card`, `/card.png`, `/card.svg`: rows in a rounded group (`RowScene.scene(card:...)`).
public struct CardRequest: PictureRequest {
    public let query: CardQuery
    public let format: ImageFormat

    public init(query: CardQuery, format: ImageFormat) {
        self.query = query
        self.format = format
    }

    public var route: PictureRoute { .card }
    public var stillPixels: Int? { query.pixelSize.width * query.pixelSize.height }
    public var ignoredFieldValue: String? { ignoredFieldValue(query.ignored) }

    public var canonicalKey: [UInt8] {
        CanonicalKey.card(width: query.width, scale: query.scale, size: query.size, appearance: query.appearance,
                          format: format.rawValue, followsColorScheme: query.followsColorScheme,
                          rows: query.rows.map { ($0.label, $0.spec) })
    }

    /// The card (both themes' for `theme=auto`), Title and Description its title.
    public func scenes() throws(ToggleRenderError) -> PictureScenes {
        let query = query
        return try labelledScenes(followsColorScheme: query.followsColorScheme, scale: query.scale,
                                  compression: query.compression) { appearance throws(ToggleRenderError) in
            let theme = appearance ?? query.appearance
            let rows = query.rows.map { row -> (row: LabelledRow, label: String, spec: ToggleSpec) in
                var spec = row.spec
                spec.appearance = theme
                return (row.row, row.label, spec)
            }
            return try RowScene.scene(card: rows, width: query.width, scale: query.scale, appearance: theme)
        }
    }
}

extension PictureRequest {
    /// A row's or card's still: `scene(nil)` in the asked theme, or `scene(.light)` and
    /// `scene(.dark)` for `theme=auto`; Title and Description the scene's title.
    func labelledScenes(followsColorScheme: Bool, scale: Double, compression: StillCost.Compression,
                        scene: (Appearance?) throws(ToggleRenderError) -> Scene) throws(ToggleRenderError) -> PictureScenes {
        let content: PictureScenes.Content, title: String
        if followsColorScheme {
            let light = try scene(.light)
            content = .lightAndDark(light: light, dark: try scene(.dark))
            title = light.title
        } else {
            let still = try scene(nil)
            content = .still(still)
            title = still.title
        }
        return PictureScenes(content, kind: .labelled, title: title, description: title, scale: scale,
                             compression: compression)
    }
}
