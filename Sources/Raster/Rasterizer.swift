/// Exact-area coverage rasterizer.
///
/// Every line segment adds, to each pixel cell it crosses, the signed change it makes to the
/// winding-weighted area of that cell and the cells to its right; one running sum along each row
/// then gives the exact area-weighted winding number of every pixel (the idea behind FreeType's
/// "smooth" rasterizer and font-rs). The fill rule folds that number into coverage: nonzero takes
/// `min(|w|, 1)`, even-odd folds `|w|` modulo 2. Exact wherever at most one winding change
/// crosses a pixel; where edges of different subpaths meet inside one pixel the fold is the usual
/// approximation.
///
/// Clipping: rows outside the canvas are skipped; parts of segments left of x = 0 or right of
/// x = width are moved onto those borders, which leaves the coverage of every visible pixel
/// unchanged.
public struct Rasterizer {
    public let width: Int
    public let height: Int
    /// Signed area deltas, `height` rows of `width + 2` cells (two spare cells take the
    /// contributions of segments on or right of the last column).
    private var cells: [Double]
    private var minRow: Int
    private var maxRow: Int

    public init(width: Int, height: Int) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        cells = [Double](repeating: 0, count: (width + 2) * height)
        minRow = height
        maxRow = -1
    }

    /// Coverage of `path` mapped by `transform` into a `width` x `height` px canvas.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public static func coverage(of path: Path, transform: AffineTransform = .identity,
                                width: Int, height: Int, fillRule: FillRule = .nonZero,
                                tolerance: Double = Flattening.defaultTolerance) throws(RasterError) -> CoverageMask {
        var r = Rasterizer(width: width, height: height)
        try r.add(path, transform: transform, tolerance: tolerance)
        return r.coverage(fillRule: fillRule)
    }

    /// Adds the outline of `path` mapped by `transform`.
    public mutating func add(_ path: Path, transform: AffineTransform = .identity,
                             tolerance: Double = Flattening.defaultTolerance) throws(RasterError) {
        try Flattening.forEachSegment(of: path, transform: transform, tolerance: tolerance) { p0, p1 in
            addLine(p0, p1)
        }
    }

    /// Adds one directed line segment in device px. Downward segments count +1, upward -1.
    public mutating func addLine(_ p0: Point, _ p1: Point) {
        guard p0.y != p1.y, p0.isFinite, p1.isFinite else { return }
        let w = Double(width)
        // Split at x = 0 and x = w so each piece lies inside, left of, or right of the canvas.
        var cuts: [Double] = []
        for edge in [0.0, w] where (p0.x - edge) * (p1.x - edge) < 0 {
            cuts.append((edge - p0.x) / (p1.x - p0.x))
        }
        if cuts.count == 2 && cuts[0] > cuts[1] { cuts.swapAt(0, 1) }
        var a = p0
        for t in cuts {
            let b = Point(p0.x + (p1.x - p0.x) * t, p0.y + (p1.y - p0.y) * t)
            addClampedLine(a, b)
            a = b
        }
        addClampedLine(a, p1)
    }

    private mutating func addClampedLine(_ p0: Point, _ p1: Point) {
        let w = Double(width)
        let x0 = min(max(p0.x, 0), w), x1 = min(max(p1.x, 0), w)
        let direction: Double
        let (xa, ya, xb, yb): (Double, Double, Double, Double)
        if p0.y < p1.y {
            direction = 1; (xa, ya, xb, yb) = (x0, p0.y, x1, p1.y)
        } else if p0.y > p1.y {
            direction = -1; (xa, ya, xb, yb) = (x1, p1.y, x0, p0.y)
        } else {
            return
        }
        let firstRow = Int(max(ya, 0).rounded(.down))
        let endRow = Int(min(yb, Double(height)).rounded(.up))
        guard firstRow < endRow else { return }
        minRow = min(minRow, firstRow)
        maxRow = max(maxRow, endRow - 1)
        let dxdy = (xb - xa) / (yb - ya)
        for row in firstRow..<endRow {
            let top = max(ya, Double(row)), bottom = min(yb, Double(row + 1))
            let dy = bottom - top
            if dy <= 0 { continue }
            let xTop = xa + (top - ya) * dxdy, xBottom = xa + (bottom - ya) * dxdy
            accumulate(row: row, from: min(xTop, xBottom), to: max(xTop, xBottom), weight: dy * direction)
        }
    }

    /// Adds a segment piece that stays within one row, spanning x in `x0...x1` (0 <= x0 <= x1 <= width)
    /// with signed height `weight`. Cell c receives `weight * (F(c) - F(c-1))`, where F(c) is the
    /// mean over the piece of `clamp(c + 1 - x, 0, 1)`: the part of pixel c right of the edge.
    @inline(__always)
    private mutating func accumulate(row: Int, from x0: Double, to x1: Double, weight: Double) {
        let base = row * (width + 2)
        let c0 = Int(x0.rounded(.down))
        if x1 - x0 < 1e-6 {
            let f = Double(c0 + 1) - (x0 + x1) * 0.5
            cells[base + c0] += weight * f
            cells[base + c0 + 1] += weight * (1 - f)
            return
        }
        let c1 = min(Int(x1.rounded(.down)) + 1, width + 1)
        let inverseSpan = 1 / (x1 - x0)
        var previous = 0.0
        cells.withUnsafeMutableBufferPointer { cells in
            for c in c0...c1 {
                let t = Double(c + 1)
                let f = (Self.rampIntegral(t - x0) - Self.rampIntegral(t - x1)) * inverseSpan
                cells[base + c] += weight * (f - previous)
                previous = f
            }
        }
    }

    /// Antiderivative of `clamp(t, 0, 1)` that is 0 for t <= 0.
    @inline(__always) private static func rampIntegral(_ t: Double) -> Double {
        t <= 0 ? 0 : (t < 1 ? 0.5 * t * t : t - 0.5)
    }

    /// The coverage of everything added so far under `fillRule`.
    public func coverage(fillRule: FillRule) -> CoverageMask {
        var mask = CoverageMask(width: width, height: height)
        guard minRow <= maxRow else { return mask }
        let stride = width + 2
        mask.values.withUnsafeMutableBufferPointer { out in
            cells.withUnsafeBufferPointer { cells in
                for row in minRow...maxRow {
                    var winding = 0.0
                    let base = row * stride, outBase = row * width
                    for x in 0..<width {
                        winding += cells[base + x]
                        let magnitude = abs(winding)
                        let value: Double
                        switch fillRule {
                        case .nonZero:
                            value = min(magnitude, 1)
                        case .evenOdd:
                            let folded = magnitude.truncatingRemainder(dividingBy: 2)
                            value = folded > 1 ? 2 - folded : folded
                        }
                        out[outBase + x] = Float(value)
                    }
                }
            }
        }
        return mask
    }
}
