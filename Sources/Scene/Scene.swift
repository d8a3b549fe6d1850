import Geometry

/// One picture as an ordered list of drawing operations in device pixels, laid out once and
/// consumed by every backend (the rasterizer for PNG, the SVG writer), so the formats cannot
/// disagree: a backend draws what the scene says and never recomputes geometry. The same idea
/// as Skia's `SkPicture` or resvg's `usvg` tree (docs/design-facts.md section 9).
///
/// Coordinates: px, origin at the top-left corner of the canvas, y down. Operations are drawn
/// in order, each composited source-over onto what the earlier ones drew, on a transparent
/// canvas of `width` x `height` px; nothing is drawn outside the canvas.
public struct Scene: Sendable, Hashable {
    /// Canvas size, px (the PNG's pixel size; the SVG's width, height and viewBox).
    public var width: Int
    public var height: Int
    /// What the picture shows, for assistive technology: "Switch, on" (SVG `aria-label` and
    /// `<title>`).
    public var title: String
    /// Drawing operations, bottom to top.
    public var operations: [SceneOperation]

    public init(width: Int, height: Int, title: String, operations: [SceneOperation] = []) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.title = title
        self.operations = operations
    }

    /// Appends `operation` on top of what is there. Inlinable: the styles append a few
    /// operations per scene, and a call across modules cost more than the append (Benchmarks/scene).
    @inlinable
    public mutating func append(_ operation: SceneOperation) {
        operations.append(operation)
    }
}
