import Geometry

/// Exact-area coverage rasterizer: paths in, a canvas-sized `CoverageMask` out.
///
/// The work is `CoverageAccumulator`'s (signed-area cells, one running sum per row, the fill
/// rule's fold; see there for why it is exact); this is its canvas-sized face. Work is restricted
/// to a clip box: the canvas, or for `coverage(of:...)` the part of it the path's control points
/// can reach.
public struct Rasterizer {
    public let width: Int
    public let height: Int
    /// The cells; its box is the clip box (the pixels accumulated; the rest stays zero).
    private var accumulator = CoverageAccumulator()

    public init(width: Int, height: Int) {
        self.init(width: width, height: height, clip: PixelBox(x0: 0, y0: 0, x1: width, y1: height))
    }

    init(width: Int, height: Int, clip: PixelBox) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        accumulator.reset(box: clip)
    }

    /// Coverage of `path` mapped by `transform` into a `width` x `height` px canvas.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public static func coverage(of path: Path, transform: AffineTransform = .identity,
                                width: Int, height: Int, fillRule: FillRule = .nonZero,
                                tolerance: Double = Flattening.defaultTolerance) throws(RasterError) -> CoverageMask {
        guard let bounds = try Flattening.controlBounds(of: path, transform: transform) else {
            return CoverageMask(width: width, height: height)
        }
        let box = clipBox(bounds, width: width, height: height)
        // A path wholly left of the canvas still covers nothing: its winding sums to zero per row.
        var r = Rasterizer(width: width, height: height, clip: box)
        try r.add(path, transform: transform, tolerance: tolerance)
        return r.sweptCoverage(fillRule: fillRule)
    }

    /// The pixels of a `width` x `height` canvas that a path with control bounds `bounds` can
    /// reach: every curve stays inside its control points' hull, so nothing lies outside.
    static func clipBox(_ bounds: Flattening.Box, width: Int, height: Int) -> PixelBox {
        PixelBox(x0: clampToInt(bounds.minX.rounded(.down), 0, width),
                 y0: clampToInt(bounds.minY.rounded(.down), 0, height),
                 x1: clampToInt(bounds.maxX.rounded(.up), 0, width),
                 y1: clampToInt(bounds.maxY.rounded(.up), 0, height))
    }

    /// Adds the outline of `path` mapped by `transform`.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public mutating func add(_ path: Path, transform: AffineTransform = .identity,
                             tolerance: Double = Flattening.defaultTolerance) throws(RasterError) {
        try accumulator.add(path, transform: transform, tolerance: tolerance)
    }

    /// Adds one directed line segment in device px. Downward segments count +1, upward -1.
    /// Segments with a NaN or infinite coordinate are ignored.
    public mutating func addLine(_ p0: Point, _ p1: Point) {
        accumulator.addLine(p0, p1)
    }

    /// The coverage of everything added so far under `fillRule`.
    public func coverage(fillRule: FillRule) -> CoverageMask {
        var copy = self
        return copy.sweptCoverage(fillRule: fillRule)
    }

    /// `coverage(fillRule:)`, leaving the cells zero (nothing added any more).
    private mutating func sweptCoverage(fillRule: FillRule) -> CoverageMask {
        var mask = CoverageMask(width: width, height: height)
        let rows = accumulator.rows, box = accumulator.box
        guard !rows.isEmpty else { return mask }
        let width = self.width
        mask.values.withUnsafeMutableBufferPointer { values in
            var sink = MaskSink(values: values.baseAddress!, width: width)
            accumulator.sweep(fillRule: fillRule, into: &sink)
        }
        mask.extent = PixelBox(x0: box.x0, y0: rows.lowerBound, x1: box.x1, y1: rows.upperBound)
        return mask
    }
}

/// `Int(v.rounded(.down))` for 0 <= v < 2^53, without a call to libm's floor (which baseline
/// x86-64 code makes for every `rounded`).
@inline(__always) func floorToInt(_ v: Double) -> Int { Int(v) }

/// `Int(v.rounded(.up))` for 0 <= v < 2^53.
@inline(__always) func ceilToInt(_ v: Double) -> Int {
    let t = Int(v)
    return Double(t) < v ? t + 1 : t
}

/// `Int(v)` for v clamped to `lo...hi` (v finite).
@inline(__always) func clampToInt(_ v: Double, _ lo: Int, _ hi: Int) -> Int {
    v <= Double(lo) ? lo : (v >= Double(hi) ? hi : Int(v))
}
