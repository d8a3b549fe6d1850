import Geometry

/// Exact-area coverage accumulation over a box of pixels: the scan half of the rasterizer
/// (tiny-skia's scan / blitter split; font-rs's `accumulate` is the model).
///
/// Every line segment adds, to each pixel cell it crosses, the signed change it makes to the
/// winding-weighted area of that cell and of the cells to its right; one running sum along each
/// row then gives the exact area-weighted winding number of every pixel (the idea behind
/// FreeType's "smooth" rasterizer and font-rs). The fill rule folds that number into coverage:
/// nonzero takes `min(|w|, 1)`, even-odd folds `|w|` modulo 2. This is exact wherever the winding
/// numbers inside a pixel take at most two adjacent values (both folds are linear between
/// consecutive integers): everywhere except pixels holding a point where edges cross or meet.
///
/// Work is restricted to a box: the canvas, or the part of it a path's control points can reach.
/// Segments are cut to the box's rows; parts left of it are moved onto its left edge (which
/// leaves the coverage of every pixel to their right unchanged) and parts right of it onto its
/// right edge (which no visible pixel sees).
///
/// `sweep` integrates the rows, hands each row's coverage to a `CoverageSink` as runs of equal
/// coverage, and leaves the cells zero, so one accumulator serves picture after picture.
struct CoverageAccumulator {
    /// Signed area deltas: `box.height` rows of `box.width + 2` cells (two spare cells take
    /// contributions on or right of the box's last column). Zero outside the rows being
    /// accumulated; may be longer than the box needs (kept from a larger box).
    private(set) var cells: [Float] = []
    /// The pixels accumulated, in canvas coordinates.
    private(set) var box: PixelBox = .empty
    /// Rows that received any contribution, relative to the canvas.
    private var minRow = Int.max
    private var maxRow = Int.min

    /// Starts accumulating over `box`. The cells it needs must be zero: they are when new, after
    /// `sweep` and after `clear`.
    mutating func reset(box: PixelBox) {
        let box = box.isEmpty ? PixelBox.empty : box
        self.box = box
        if cells.count < cellCount { cells = [Float](repeating: 0, count: cellCount) }
        minRow = .max
        maxRow = .min
    }

    /// Cells the box uses.
    private var cellCount: Int { box.isEmpty ? 0 : (box.width + 2) * box.height }

    /// Zeroes every cell of the box (after an error left a path half added).
    mutating func clear() {
        let count = cellCount
        cells.withUnsafeMutableBufferPointer { $0.baseAddress?.update(repeating: 0, count: count) }
        minRow = .max
        maxRow = .min
    }

    /// The canvas rows that received contributions, within the box (empty if none).
    var rows: Range<Int> {
        let first = max(minRow, box.y0), end = min(maxRow &+ 1, box.y1)
        return first < end ? first..<end : box.y0..<box.y0
    }

    /// Adds the outline of `path` mapped by `transform`.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates (what was
    ///   added before the bad point stays in the cells; `clear` removes it).
    mutating func add(_ path: Path, transform: AffineTransform, tolerance: Double) throws(RasterError) {
        let clip = box
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
    mutating func addLine(_ p0: Point, _ p1: Point) {
        let clip = box
        var minRow = self.minRow, maxRow = self.maxRow
        cells.withUnsafeMutableBufferPointer { cells in
            Self.addLine(p0, p1, into: cells.baseAddress, clip: clip, minRow: &minRow, maxRow: &maxRow)
        }
        self.minRow = minRow
        self.maxRow = maxRow
    }

    /// Integrates every row that received contributions, folds its winding numbers into coverage
    /// under `fillRule` and hands them to `sink` as runs (see `CoverageSink`), zeroing the cells
    /// read. Rows without contributions are not visited: their coverage is zero.
    mutating func sweep<Sink: CoverageSink>(fillRule: FillRule, into sink: inout Sink) {
        let rows = self.rows, box = self.box
        minRow = .max
        maxRow = .min
        guard !rows.isEmpty else { return }
        let stride = box.width + 2
        cells.withUnsafeMutableBufferPointer { buffer in
            let cells = buffer.baseAddress!
            for y in rows {
                let line = cells + (y - box.y0) * stride
                sink.beginRow(y, x0: box.x0)
                switch fillRule {
                case .nonZero:
                    Self.integrate(line, count: box.width, into: &sink) { winding in
                        min(abs(winding), 1)
                    }
                case .evenOdd:
                    Self.integrate(line, count: box.width, into: &sink) { winding in
                        let m = abs(winding)
                        let folded = m - 2 * (m * 0.5).rounded(.down)
                        return folded > 1 ? 2 - folded : folded
                    }
                }
                line[box.width] = 0
                line[box.width + 1] = 0
                sink.endRow(y)
            }
        }
    }

    /// One row: the running sum of `line[0..<count]`, folded by `coverage`. A cell that adds
    /// nothing leaves the winding number, so the coverage, as it was: a cell with a contribution
    /// (or the row's first) followed by empty cells is one run of equal coverage; followed by
    /// another contribution, a single pixel.
    @inline(__always)
    private static func integrate<Sink: CoverageSink>(_ line: UnsafeMutablePointer<Float>, count: Int,
                                                      into sink: inout Sink, coverage: (Float) -> Float) {
        var winding: Float = 0
        var x = 0
        while x < count {
            winding += line[x]
            line[x] = 0
            var end = x + 1
            if end < count && line[end] == 0 {
                end += 1
                while end + 4 <= count && load4(line + end) == .zero { end += 4 }
                while end < count && line[end] == 0 { end += 1 }
                sink.run(x, end, coverage: coverage(winding))
            } else {
                sink.pixel(x, coverage: coverage(winding))
            }
            x = end
        }
    }

    /// Cuts the segment to the clip box's rows and at its left and right edges, then
    /// accumulates each piece with x clamped into the box.
    @inline(__always)
    private static func addLine(_ p0: Point, _ p1: Point, into cells: UnsafeMutablePointer<Float>?,
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
}

/// Where a `CoverageAccumulator` delivers coverage (tiny-skia's blitter): a canvas filled with a
/// colour, a coverage mask, the input of a blur.
///
/// Per row: `beginRow`, then pixels and runs left to right, each starting where the one before
/// ended, together spanning the accumulator's box, then `endRow`. Columns count from the
/// box's first (`x0` of `beginRow`).
protocol CoverageSink {
    /// Canvas row `y` starts; its column 0 is canvas column `x0`.
    mutating func beginRow(_ y: Int, x0: Int)
    /// Pixel `x` has coverage `coverage` (0...1).
    mutating func pixel(_ x: Int, coverage: Float)
    /// Pixels `x0..<x1` (at least two) all have coverage `coverage` (0...1).
    mutating func run(_ x0: Int, _ x1: Int, coverage: Float)
    /// Row `y` is complete.
    mutating func endRow(_ y: Int)
}

extension CoverageSink {
    mutating func endRow(_ y: Int) {}
}

/// Writes coverage into a canvas-sized, row-major buffer of `width` values per row.
struct MaskSink: CoverageSink {
    let values: UnsafeMutablePointer<Float>
    let width: Int
    /// The current row's first column in the box.
    private var row: UnsafeMutablePointer<Float>

    init(values: UnsafeMutablePointer<Float>, width: Int) {
        self.values = values
        self.width = width
        row = values
    }

    @inline(__always) mutating func beginRow(_ y: Int, x0: Int) { row = values + y * width + x0 }
    @inline(__always) mutating func pixel(_ x: Int, coverage: Float) { row[x] = coverage }
    @inline(__always) mutating func run(_ x0: Int, _ x1: Int, coverage: Float) {
        (row + x0).update(repeating: coverage, count: x1 - x0)
    }
}
