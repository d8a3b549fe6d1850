import Scene

/// What a picture shows, as scenes for `SceneEncoder` to draw and encode, with the words its PNG
/// carries. Made by a picture request for the format it asks: an animation's frames differ
/// between APNG and SVG (the SVG keeps hidden layers, so every frame has the same operations).
public struct PictureScenes: Sendable {
    /// The scenes.
    public enum Content: Sendable {
        /// One scene.
        case still(Scene)
        /// The light and the dark scene of `theme=auto`, one SVG following the viewer's colour
        /// scheme; a PNG, which cannot, shows `light`.
        case lightAndDark(light: Scene, dark: Scene)
        /// Frames shown one after another (an APNG, or an animated SVG).
        case animation(SceneAnimation)
    }

    /// Which still encoder a PNG takes (`PNGEncoder.toggleStill`, `PNGEncoder.labelledStill`);
    /// animation frames always take `PNGEncoder.animationFrame`.
    public enum Kind: Sendable {
        /// A toggle alone: few colours, a palette merged within 50 dB.
        case toggle
        /// A row or card: antialiased text, exact palettes only.
        case labelled
    }

    public var content: Content
    public var kind: Kind
    /// The PNG's Title text chunk (what the SVG's `<title>` says).
    public var title: String
    /// The PNG's Description text chunk.
    public var description: String
    /// px per pt, for the PNG's pHYs (72 dpi times the scale).
    public var scale: Double
    /// For a toggle's still PNG in an opaque tint (`kind` `.toggle`): what it shares with the
    /// same picture in other tints, so that its palette is numbered by coverage class
    /// (`PaletteClasses`); nil numbers it by colour.
    public var tintVariants: TintVariants?
    /// How hard zlib works on a still PNG's image data: the effort the query's cost check chose
    /// (`StillCost.compression`); animations choose their own (`FrameCost`).
    public var compression: StillCost.Compression
    /// What laying out and drawing the label costs once, instructions (the query's estimate),
    /// which an animation's zlib level leaves room for (`FrameCost.Work.labelInstructions`).
    public var labelInstructions: Int

    public init(_ content: Content, kind: Kind, title: String, description: String, scale: Double,
                tintVariants: TintVariants? = nil, compression: StillCost.Compression = .best, labelInstructions: Int = 0) {
        self.content = content
        self.kind = kind
        self.title = title
        self.description = description
        self.scale = scale
        self.tintVariants = tintVariants
        self.compression = compression
        self.labelInstructions = labelInstructions
    }
}

/// An animation's frames on a `width` x `height` px canvas.
public struct SceneAnimation: Sendable {
    /// One frame: its scene, how long it is shown, whether the raster backend's shadow and
    /// fill caches serve it (the rest poses, which are stills too; frames whose shapes stay put),
    /// and whether it is a rest pose, drawn exactly as the still (a moving frame's shadows are
    /// moved from a blur at the nearest sub-pixel step, `MovingShadows`).
    public struct Frame: Sendable {
        public var scene: Scene
        public var delay: FrameDelay
        public var usesCaches: Bool
        public var isRest: Bool

        public init(scene: Scene, delay: FrameDelay, usesCaches: Bool, isRest: Bool = true) {
            self.scene = scene
            self.delay = delay
            self.usesCaches = usesCaches
            self.isRest = isRest
        }
    }

    public var width: Int
    public var height: Int
    public var frames: [Frame]
    /// Play forever; false plays once and stays on the last frame.
    public var loops: Bool
    /// The same transition under Reduce Motion, for an SVG's `prefers-reduced-motion: reduce`
    /// (nil: none, or the animation is Reduce Motion's already). PNG ignores it.
    public var reducedMotion: [Frame]?

    public init(width: Int, height: Int, frames: [Frame], loops: Bool, reducedMotion: [Frame]? = nil) {
        self.width = width
        self.height = height
        self.frames = frames
        self.loops = loops
        self.reducedMotion = reducedMotion
    }
}
