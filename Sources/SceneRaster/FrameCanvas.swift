import Geometry
import Raster
import Scene

/// An animation's frames drawn one after another on one canvas, redrawing only what changes:
/// the leading operations every frame shares (a row's label, its background) are drawn once,
/// and each frame restores the region the previous frame's own operations drew, then draws its
/// own. Every frame's pixels are those `SceneRasterizer.render` gives for its scene (the same
/// operations in the same order on the same pixels).
public struct FrameCanvas {
    /// The frames' size, px.
    public let width: Int
    public let height: Int
    /// How many leading operations every frame has in common.
    public let sharedCount: Int
    /// The shared operations drawn on a transparent canvas.
    private let base: Canvas
    /// The frame drawn last.
    public private(set) var canvas: Canvas
    /// Where the last frame's own operations may have drawn; nil before the first frame.
    private var drawn: PixelBox?
    /// Pixels of the boxes `draw` will return for the frames given at `init`, in all (the first
    /// frame whole): what the frames' conversion and compression work over.
    public let redrawnPixels: Int

    /// Draws the operations that every scene of `frames` (all of one size) begins with.
    /// - Throws: `RasterError.nonFiniteCoordinate` when a path has NaN or infinite coordinates.
    public init(frames: [Scene], fills: FillCache?) throws(RasterError) {
        let first = frames.first?.operations ?? []
        width = frames.first?.width ?? 0
        height = frames.first?.height ?? 0
        var shared = first.count
        for frame in frames.dropFirst() {
            precondition(frame.width == width && frame.height == height)
            var n = 0
            let ops = frame.operations
            while n < min(shared, ops.count), ops[n] == first[n] { n += 1 }
            shared = n
        }
        sharedCount = shared
        var pixels = width * height, last: PixelBox?
        for frame in frames {
            let own = try Self.bounds(frame.operations[shared...], width: width, height: height)
            if let last { pixels += own.union(last).width * own.union(last).height }
            last = own
        }
        redrawnPixels = pixels
        var base = Canvas(width: width, height: height)
        try SceneRasterizer.draw(first[0..<shared], onto: &base, shadows: nil, fills: fills)
        self.base = base
        canvas = base
    }

    /// Draws `scene` (one of the frames given at `init`, in order) with the caches given, its
    /// shadows from `moving` when given (`SceneRasterizer.render`).
    /// - Returns: the box outside which its pixels equal the previous frame's (the whole canvas
    ///   for the first frame).
    /// - Throws: `RasterError.nonFiniteCoordinate` when a path has NaN or infinite coordinates.
    public mutating func draw(_ scene: Scene, shadows: ShadowCache?, fills: FillCache?,
                              moving: MovingShadows? = nil) throws(RasterError) -> PixelBox {
        let own = scene.operations[sharedCount...]
        let box = try Self.bounds(own, width: width, height: height)
        if let drawn { canvas.copy(drawn, from: base) }
        try SceneRasterizer.draw(own, onto: &canvas, shadows: shadows, fills: fills, moving: moving)
        let changed = drawn.map { box.union($0) } ?? PixelBox(x0: 0, y0: 0, x1: width, y1: height)
        drawn = box
        return changed
    }

    /// The union of the operations' `pixelBounds`.
    static func bounds(_ operations: ArraySlice<SceneOperation>, width: Int, height: Int) throws(RasterError) -> PixelBox {
        var box = PixelBox.empty
        for operation in operations { box = box.union(try operation.pixelBounds(width: width, height: height)) }
        return box
    }
}

extension SceneOperation {
    /// A box holding every pixel this operation can change on a `width` x `height` canvas
    /// (generous by a pixel; `empty` when none).
    /// - Throws: `RasterError.nonFiniteCoordinate` when a path has NaN or infinite coordinates.
    public func pixelBounds(width: Int, height: Int) throws(RasterError) -> PixelBox {
        func around(_ path: Path, _ transform: AffineTransform, margin: Int) throws(RasterError) -> PixelBox {
            guard let b = try Flattening.controlBounds(of: path, transform: transform) else { return .empty }
            func whole(_ v: Double) -> Int { Int(min(max(v, -1e9), 1e9)) }
            return PixelBox(x0: whole(b.minX.rounded(.down)) - margin, y0: whole(b.minY.rounded(.down)) - margin,
                            x1: whole(b.maxX.rounded(.up)) + margin, y1: whole(b.maxY.rounded(.up)) + margin)
                .clipped(width: width, height: height)
        }
        switch self {
        case .paint:
            return PixelBox(x0: 0, y0: 0, x1: width, y1: height).clipped(width: width, height: height)
        case .fill(let fill):
            return try around(fill.path, fill.transform, margin: 1)
        case .shadow(let shadow):
            let radius = GaussianBlur.kernel(sigma: shadow.sigma).count / 2
            return try around(shadow.path, shadow.placement, margin: radius + 1)
        case .layer(let layer):
            return PixelBox(x0: layer.x, y0: layer.y, x1: layer.x + layer.scene.width, y1: layer.y + layer.scene.height)
                .clipped(width: width, height: height)
        case .image(let image):
            return PixelBox(x0: image.x, y0: image.y, x1: image.x + image.width, y1: image.y + image.height)
                .clipped(width: width, height: height)
        }
    }
}
