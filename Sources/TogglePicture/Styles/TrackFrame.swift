import Geometry

/// A capsule track of a fixed size in pt, with a margin on every side, in px: what the `switch`
/// and `tutorial` styles (both 51 x 31 pt, docs/design-facts.md section 11) lay out alike.
public struct TrackFrame: Sendable, Equatable {
    /// Track size, px: `round(width s)` x `round(height s)`.
    public let trackWidth: Int
    public let trackHeight: Int
    /// Margin on every side, px: `round(pad s)`.
    public let padding: Int
    /// Canvas size, px: the track plus the margin.
    public var canvasWidth: Int { trackWidth + 2 * padding }
    public var canvasHeight: Int { trackHeight + 2 * padding }

    /// A `width` x `height` pt track at `spec`'s scale and margin.
    public init(width: Double, height: Double, spec: ToggleSpec) {
        trackWidth = StyleDrawing.pixels(width, scale: spec.scale)
        trackHeight = StyleDrawing.pixels(height, scale: spec.scale)
        padding = StyleDrawing.pixels(spec.padding, scale: spec.scale)
    }

    /// The track's centre, px, canvas coordinates.
    public var center: Point {
        Point(Double(padding) + Double(trackWidth) / 2, Double(padding) + Double(trackHeight) / 2)
    }

    /// The capsule, px.
    public var track: Path {
        StyleShapes.capsule(x: Double(padding), y: Double(padding), width: Double(trackWidth), height: Double(trackHeight))
    }
}
