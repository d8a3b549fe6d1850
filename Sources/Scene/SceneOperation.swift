import Geometry

/// One drawing operation of a `Scene`. Each case carries a value type with everything a backend
/// needs, so a new kind of operation is a new case plus one `switch` arm per backend.
public enum SceneOperation: Sendable, Hashable {
    /// Source-over of one colour over the whole canvas (a background; Skia's `drawColor`).
    case paint(RGBAColor)
    /// A path filled with a colour.
    case fill(PathFill)
    /// The Gaussian-blurred silhouette of a path (a drop shadow).
    case shadow(PathShadow)
    /// Another scene drawn on its own transparent canvas, then composited as one layer at a
    /// whole-pixel offset and an opacity (a switch inside a row; a crossfade).
    case layer(SceneLayer)
    /// A bitmap scaled into a rectangle of whole pixels (a colour emoji).
    case image(SceneImage)
}

/// A nested scene placed in its parent: its operations are drawn on a transparent canvas of
/// `scene.width` x `scene.height` px (so they are clipped to it, and `.paint` fills only it), and
/// that canvas is composited source-over at (`x`, `y`) px with `opacity` (SwiftUI's
/// `compositingGroup().opacity(_:)`). Whole pixels keep the layer's edges as crisp as the scene
/// drawn alone. Backends that do not clip (SVG) expect fills to lie within the layer's canvas.
public struct SceneLayer: Sendable, Hashable {
    public var scene: Scene
    /// Offset of the layer's top-left corner in the parent, px.
    public var x: Int
    public var y: Int
    /// 0...1, applied to the composited layer as a whole.
    public var opacity: Double

    public init(_ scene: Scene, x: Int = 0, y: Int = 0, opacity: Double = 1) {
        self.scene = scene
        self.x = x
        self.y = y
        self.opacity = opacity
    }
}

/// A path filled with a colour at an opacity: source alpha `color.alpha * opacity * coverage`.
///
/// `transform` maps the path's own units to px, so a path authored in other units (a 24-unit
/// symbol) keeps its compact data and a backend that can transform (SVG) writes it unchanged.
public struct PathFill: Sendable, Hashable {
    public var path: Path
    /// Path units -> px.
    public var transform: AffineTransform
    public var color: RGBAColor
    /// 0...1, multiplies `color.alpha` (e.g. 0.4 for a disabled control's layers).
    public var opacity: Double
    public var fillRule: FillRule
    /// A hint for raster backends: how far, in px, the segments that approximate the path's
    /// curves may stray from them (nil: the backend's default). Glyph outlines take a coarser one
    /// than the toggle's large shapes; a vector backend (SVG) ignores it.
    public var flatteningTolerance: Double?

    public init(_ path: Path, transform: AffineTransform = .identity, color: RGBAColor, opacity: Double = 1,
                fillRule: FillRule = .nonZero, flatteningTolerance: Double? = nil) {
        self.path = path
        self.transform = transform
        self.color = color
        self.opacity = opacity
        self.fillRule = fillRule
        self.flatteningTolerance = flatteningTolerance
    }
}

/// A drop shadow: the coverage of `path` (mapped by `transform`, then moved by `offset`)
/// blurred by a Gaussian of standard deviation `sigma` px, composited in `color` at `opacity`.
/// Coverage outside the canvas is treated as zero and nothing is drawn outside it (the blur is
/// clipped to the canvas).
public struct PathShadow: Sendable, Hashable {
    public var path: Path
    /// Path units -> px, before `offset`.
    public var transform: AffineTransform
    /// Shadow offset, px (SwiftUI `shadow(x:y:)`; +y is down).
    public var offset: Point
    /// Gaussian standard deviation, px (SVG `feGaussianBlur stdDeviation`).
    public var sigma: Double
    public var color: RGBAColor
    /// 0...1, multiplies `color.alpha`.
    public var opacity: Double
    /// A hint for backends: a disc (px) that a later operation fills fully opaque, so the
    /// pixels it covers entirely need not be computed or composited here. The picture is the
    /// same with or without it; nil when nothing opaque is drawn over the shadow.
    public var hiddenUnder: Disc?

    public init(_ path: Path, transform: AffineTransform = .identity, offset: Point, sigma: Double,
                color: RGBAColor, opacity: Double = 1, hiddenUnder: Disc? = nil) {
        self.path = path
        self.transform = transform
        self.offset = offset
        self.sigma = sigma
        self.color = color
        self.opacity = opacity
        self.hiddenUnder = hiddenUnder
    }

    /// Path units -> px, offset included: where the shadow's shape lies before blurring.
    public var placement: AffineTransform {
        offset == Point(0, 0) ? transform : transform.then(.translation(offset.x, offset.y))
    }
}

/// A disc in px: centre and radius.
public struct Disc: Sendable, Hashable {
    public var center: Point
    public var radius: Double

    public init(center: Point, radius: Double) {
        self.center = center
        self.radius = radius
    }
}
