import Geometry
import Scene

/// One fill's coverage as the sweep hands it to a `CoverageSink`: per canvas row, the runs of
/// equal coverage and the single pixels, left to right, without those of coverage 0 (which no
/// colour shows). It depends only on the geometry (canvas size, path, transform, fill rule,
/// flattening tolerance), not on the colour, so a backend may keep it and fill the same shape
/// in another colour: `Canvas.fill(_:color:opacity:)` replays the very calls `Canvas.fill`
/// makes, so the bytes are the same.
public struct CoverageRuns: Sendable {
    /// The canvas size the coverage was made for.
    public let width: Int
    public let height: Int
    /// Rows with at least one span: the canvas row, the canvas column the row's span columns
    /// count from, and the end of the row's spans in `spans` (they start where the previous row's end).
    struct Row { var y: Int32, x0: Int32, end: Int32 }
    /// Columns `x0..<x1` from the row's `x0`; a single pixel when `x1 == x0 + 1`.
    struct Span { var x0: Int32, x1: Int32, coverage: Float }
    var rows: [Row] = []
    var spans: [Span] = []

    /// Memory held, in bytes (for a bounded cache).
    public var byteCount: Int {
        rows.count * MemoryLayout<Row>.stride + spans.count * MemoryLayout<Span>.stride + 64
    }

    /// The coverage `Canvas.fill` would composite for `path` mapped by `transform` on a
    /// `width` x `height` canvas.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public init(_ path: Path, transform: AffineTransform = .identity, fillRule: FillRule = .nonZero,
                tolerance: Double = Flattening.defaultTolerance, width: Int, height: Int,
                scratch: inout RasterScratch) throws(RasterError) {
        self.width = width
        self.height = height
        guard let bounds = try Flattening.controlBounds(of: path, transform: transform) else { return }
        let box = Rasterizer.clipBox(bounds, width: width, height: height)
        guard !box.isEmpty, width <= Int(Int32.max), height <= Int(Int32.max) else { return }
        try scratch.accumulate(path, transform: transform, tolerance: tolerance, box: box)
        var sink = RecordingSink()
        scratch.accumulator.sweep(fillRule: fillRule, into: &sink)
        rows = sink.rows
        spans = sink.spans
    }

    /// Keeps what the sweep hands over.
    private struct RecordingSink: CoverageSink {
        var rows: [Row] = []
        var spans: [Span] = []
        private var y: Int32 = 0, x0: Int32 = 0

        mutating func beginRow(_ y: Int, x0: Int) {
            self.y = Int32(truncatingIfNeeded: y)
            self.x0 = Int32(truncatingIfNeeded: x0)
        }
        mutating func pixel(_ x: Int, coverage: Float) {
            if coverage != 0 { spans.append(Span(x0: Int32(truncatingIfNeeded: x), x1: Int32(truncatingIfNeeded: x + 1), coverage: coverage)) }
        }
        mutating func run(_ x0: Int, _ x1: Int, coverage: Float) {
            if coverage != 0 { spans.append(Span(x0: Int32(truncatingIfNeeded: x0), x1: Int32(truncatingIfNeeded: x1), coverage: coverage)) }
        }
        mutating func endRow(_ y: Int) {
            let end = Int32(truncatingIfNeeded: spans.count)
            if end != (rows.last?.end ?? 0) { rows.append(Row(y: self.y, x0: x0, end: end)) }
        }
    }
}

extension Canvas {
    /// Fills the shape `runs` holds with `color` at `opacity`: the same bytes as the
    /// `fill(_:transform:color:opacity:fillRule:tolerance:scratch:)` that made them.
    public mutating func fill(_ runs: CoverageRuns, color: RGBAColor, opacity: Double = 1) {
        precondition(runs.width == width && runs.height == height, "coverage size must match canvas")
        let alpha = Float(color.alpha * min(max(opacity, 0), 1))
        guard alpha > 0, !runs.rows.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { px in
            runs.spans.withUnsafeBufferPointer { spans in
                var sink = FillSink(pixels: UnsafeMutableRawPointer(px.baseAddress!), width: w,
                                    source: Source(color), alpha: alpha)
                var i = 0
                for row in runs.rows {
                    sink.beginRow(Int(row.y), x0: Int(row.x0))
                    let end = Int(row.end)
                    while i < end {
                        let span = spans[i]
                        if span.x1 &- span.x0 == 1 {
                            sink.pixel(Int(span.x0), coverage: span.coverage)
                        } else {
                            sink.run(Int(span.x0), Int(span.x1), coverage: span.coverage)
                        }
                        i += 1
                    }
                }
            }
        }
    }
}
