import Geometry
/// Exact-area coverage rasterizer.
///
/// Every line segment adds, to each pixel cell it crosses, the signed change it makes to the
/// winding-weighted area of that cell and of the cells to its right; one running sum along each
/// row then gives the exact area-weighted winding number of every pixel (the idea behind
/// FreeType's "smooth" rasterizer and font-rs). The fill rule folds that number into coverage:
/// nonzero takes `min(|w|, 1)`, even-odd folds `|w|` modulo 2. This is exact wherever the winding
/// numbers inside a pixel take at most two adjacent values (both folds are linear between
/// consecutive integers): everywhere except pixels holding a point where edges cross or meet.
///
/// Work is restricted to a clip box: the canvas, or for `coverage(of:...)` the part of it the
/// path's control points can reach. Segments are cut to the box's rows; parts left of it are
/// moved onto its left edge (which leaves the coverage of every pixel to their right unchanged)
/// and parts right of it onto its right edge (which no visible pixel sees).
public struct Rasterizer {
    public let width: Int
    public let height: Int
    /// The pixels this rasterizer accumulates; the rest of the canvas stays zero.
    let clip: PixelBox
    /// Signed area deltas: `clip.height` rows of `clip.width + 2` cells (two spare cells take
    /// contributions on or right of the box's last column).
    private var cells: [Float]
    /// Rows that received any contribution, relative to the canvas.
    private var minRow: Int
    private var maxRow: Int

    public init(width: Int, height: Int) {
        self.init(width: width, height: height, clip: PixelBox(x0: 0, y0: 0, x1: width, y1: height))
    }

    init(width: Int, height: Int, clip: PixelBox) {
        precondition(width >= 0 && height >= 0)
        self.width = width
        self.height = height
        self.clip = clip.isEmpty ? .empty : clip
        cells = [Float](repeating: 0, count: clip.isEmpty ? 0 : (clip.width + 2) * clip.height)
        minRow = Int.max
        maxRow = Int.min
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
        return r.coverage(fillRule: fillRule)
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
        let clip = self.clip
        var minRow = self.minRow, maxRow = self.maxRow
        let visible = Flattening.Box(minX: Double(clip.x0), minY: Double(clip.y0),
                                     maxX: Double(clip.x1), maxY: Double(clip.y1))
        try cells.withUnsafeMutableBufferPointer { (cells) throws(RasterError) in
            let cells = cells.baseAddress
            try Flattening.forEachSegment(of: path, transform: transform, tolerance: tolerance,
                                          visible: visible) { p0, p1 in
                Self.addLine(p0, p1, into: cells, clip: clip, minRow: &minRow, maxRow: &maxRow)
            }
        }
        self.minRow = minRow
        self.maxRow = maxRow
    }

    /// Adds one directed line segment in device px. Downward segments count +1, upward -1.
    /// Segments with a NaN or infinite coordinate are ignored.
    public mutating func addLine(_ p0: Point, _ p1: Point) {
        guard p0.isFinite, p1.isFinite else { return }
        let clip = self.clip
        var minRow = self.minRow, maxRow = self.maxRow
        cells.withUnsafeMutableBufferPointer { cells in
            Self.addLine(p0, p1, into: cells.baseAddress, clip: clip, minRow: &minRow, maxRow: &maxRow)
        }
        self.minRow = minRow
        self.maxRow = maxRow
    }

    /// Cuts the segment to the clip box's rows and at its left and right edges, then
    /// accumulates each piece with x clamped into the box.
    @inline(__always)
    static func addLine(_ p0: Point, _ p1: Point, into cells: UnsafeMutablePointer<Float>?,
                                clip: PixelBox, minRow: inout Int, maxRow: inout Int) {
        // Non-finite points only come from arithmetic overflow on coordinates near 1e308.
        guard let cells, p0.y != p1.y, p0.isFinite, p1.isFinite else { return }
        // Orient downwards; `sign` remembers the direction.
        var (a, b, sign) = p0.y < p1.y ? (p0, p1, Float(1)) : (p1, p0, Float(-1))
        let top = Double(clip.y0), bottom = Double(clip.y1)
        guard b.y > top, a.y < bottom else { return }
        if a.y < top { a = Point(lerpX(a, b, atY: top), top) }
        if b.y > bottom { b = Point(lerpX(a, b, atY: bottom), bottom) }
        guard a.y < b.y else { return }
        // `accumulate` extends minRow...maxRow to the rows its pieces touch.
        let left = Double(clip.x0), right = Double(clip.x1)
        // Now y is bounded; x may still be huge. Split at the left and right edges.
        let (lo, hi) = a.x < b.x ? (a, b) : (b, a)
        if lo.x >= left && hi.x <= right {
            accumulate(a, b, sign, cells, clip, &minRow, &maxRow)
            return
        }
        var pieces = (a, a, a, b)   // up to three pieces: a-p, p-q, q-b
        var count = 1
        var cut1: Point? = nil, cut2: Point? = nil
        if lo.x < left && hi.x > left { cut1 = Point(left, lerpY(a, b, atX: left)) }
        if lo.x < right && hi.x > right { cut2 = Point(right, lerpY(a, b, atX: right)) }
        switch (cut1, cut2) {
        case (nil, nil):
            pieces.3 = b
        case (let c?, nil), (nil, let c?):
            pieces = (a, c, c, b); count = 2
        case (let c1?, let c2?):
            // Cuts in the order the segment meets them, top to bottom.
            let (f, s) = c1.y <= c2.y ? (c1, c2) : (c2, c1)
            accumulate(a, f, sign, cells, clip, &minRow, &maxRow)
            pieces = (f, s, s, b); count = 2
        }
        if count == 1 {
            accumulate(a, b, sign, cells, clip, &minRow, &maxRow)
        } else {
            accumulate(pieces.0, pieces.1, sign, cells, clip, &minRow, &maxRow)
            accumulate(pieces.2, pieces.3, sign, cells, clip, &minRow, &maxRow)
        }
    }

    /// x where the line through `a` and `b` meets height `y`, computed without overflow.
    @inline(__always) private static func lerpX(_ a: Point, _ b: Point, atY y: Double) -> Double {
        let t = (y * 0.5 - a.y * 0.5) / (b.y * 0.5 - a.y * 0.5)
        let x = a.x * (1 - t) + b.x * t
        return x.isFinite ? x : (t < 0.5 ? a.x : b.x)
    }

    @inline(__always) private static func lerpY(_ a: Point, _ b: Point, atX x: Double) -> Double {
        let t = (x * 0.5 - a.x * 0.5) / (b.x * 0.5 - a.x * 0.5)
        return min(max(a.y * (1 - t) + b.y * t, a.y), b.y)
    }

    /// Accumulates a downward segment (`a.y < b.y`, both within the clip box's rows) with its
    /// x clamped into the box. Per row the piece spans `x0...x1`; cell c gets
    /// `dy * (F(c) - F(c - 1))`, F(c) being the mean over the piece of the part of cell c
    /// right of the edge, so that the running sum along the row is `dy` times the covered
    /// fraction of each cell.
    @inline(__always)
    private static func accumulate(_ a: Point, _ b: Point, _ sign: Float,
                                   _ cells: UnsafeMutablePointer<Float>, _ clip: PixelBox,
                                   _ minRow: inout Int, _ maxRow: inout Int) {
        let dyTotal = b.y - a.y
        guard dyTotal > 0 else { return }
        let boxWidth = Double(clip.width)
        let ox = Double(clip.x0), oy = Double(clip.y0)
        // Box-relative coordinates; x clamped into the box.
        let ax = min(max(a.x - ox, 0), boxWidth), bx = min(max(b.x - ox, 0), boxWidth)
        let ay = a.y - oy, by = b.y - oy
        let dxdy = (bx - ax) / dyTotal
        let stride = clip.width + 2
        let firstRow = floorToInt(ay), endRow = min(ceilToInt(by), clip.height)
        // ay and by are exact (a.y - oy with oy a whole number), so these are floor(a.y) and
        // ceil(b.y) - 1 in canvas rows.
        minRow = min(minRow, firstRow &+ clip.y0)
        maxRow = max(maxRow, endRow &- 1 &+ clip.y0)
        var x = ax
        var y = ay
        var row = firstRow
        while row < endRow {
            let rowBottom = min(Double(row + 1), by)
            let dy = rowBottom - y
            let xNext = row + 1 >= endRow ? bx : min(max(x + dxdy * dy, 0), boxWidth)
            let d = Float(dy) * sign
            let line = cells.advanced(by: row * stride)
            let (x0, x1) = x < xNext ? (x, xNext) : (xNext, x)
            let i0 = floorToInt(x0)
            let x0Floor = Double(i0)
            let i1 = ceilToInt(x1)
            if i1 <= i0 + 1 {
                // Within one cell: the covered fraction right of the edge is 1 - (mid - floor).
                let fraction = Float((x0 + x1) * 0.5 - x0Floor)
                line[i0] += d - d * fraction
                line[i0 + 1] += d * fraction
            } else {
                let s = 1 / (x1 - x0)
                let f0 = x0 - x0Floor                 // where the edge enters the first cell
                let f1 = x1 - Double(i1 - 1)          // where it leaves the last cell
                let a0 = 0.5 * s * (1 - f0) * (1 - f0) // share of the first cell
                let am = 0.5 * s * f1 * f1             // share beyond the last cell
                line[i0] += d * Float(a0)
                if i1 == i0 + 2 {
                    line[i0 + 1] += d * Float(1 - a0 - am)
                } else {
                    let a1 = s * (1.5 - f0)
                    line[i0 + 1] += d * Float(a1 - a0)
                    let ds = d * Float(s)
                    var i = i0 + 2
                    while i < i1 - 1 { line[i] += ds; i += 1 }
                    let a2 = a1 + Double(i1 - i0 - 3) * s
                    line[i1 - 1] += d * Float(1 - a2 - am)
                }
                line[i1] += d * Float(am)
            }
            x = xNext
            y = rowBottom
            row += 1
        }
    }

    /// The coverage of everything added so far under `fillRule`.
    public func coverage(fillRule: FillRule) -> CoverageMask {
        var mask = CoverageMask(width: width, height: height)
        let firstRow = max(minRow, clip.y0), endRow = min(maxRow &+ 1, clip.y1)
        guard firstRow < endRow, !clip.isEmpty else { return mask }
        let rows = firstRow..<endRow
        let stride = clip.width + 2, boxWidth = clip.width
        let width = self.width, x0 = clip.x0, y0 = clip.y0
        mask.values.withUnsafeMutableBufferPointer { out in
            cells.withUnsafeBufferPointer { cells in
                let out = out.baseAddress!, cells = cells.baseAddress!
                for row in rows {
                    let src = cells.advanced(by: (row - y0) * stride)
                    let dst = out.advanced(by: row * width + x0)
                    var winding: Float = 0
                    switch fillRule {
                    case .nonZero:
                        for x in 0..<boxWidth {
                            winding += src[x]
                            dst[x] = min(abs(winding), 1)
                        }
                    case .evenOdd:
                        for x in 0..<boxWidth {
                            winding += src[x]
                            let m = abs(winding)
                            let folded = m - 2 * (m * 0.5).rounded(.down)
                            dst[x] = folded > 1 ? 2 - folded : folded
                        }
                    }
                }
            }
        }
        mask.extent = PixelBox(x0: clip.x0, y0: rows.lowerBound, x1: clip.x1, y1: rows.upperBound)
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
