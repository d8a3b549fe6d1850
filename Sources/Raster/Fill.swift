import Geometry
import Scene

extension Canvas {
    /// Fills `path` mapped by `transform` with `color` at `opacity`: the same bytes as
    /// `composite(Rasterizer.coverage(of:...), color:, opacity:)`, without a canvas-sized mask.
    /// Rasterizes into the path's bounding box and composites each run of equal coverage as
    /// the rows are summed: a run fully covered becomes stores of the opaque colour, an empty
    /// one is skipped.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public mutating func fill(_ path: Path, transform: AffineTransform = .identity, color: RGBAColor,
                              opacity: Double = 1, fillRule: FillRule = .nonZero,
                              tolerance: Double = Flattening.defaultTolerance,
                              scratch: inout RasterScratch) throws(RasterError) {
        guard let bounds = try Flattening.controlBounds(of: path, transform: transform) else { return }
        let alpha = Float(color.alpha * min(max(opacity, 0), 1))
        let box = Rasterizer.clipBox(bounds, width: width, height: height)
        guard alpha > 0, !box.isEmpty else { return }
        try scratch.accumulate(path, transform: transform, tolerance: tolerance, box: box)
        let w = width
        pixels.withUnsafeMutableBufferPointer { px in
            var sink = FillSink(pixels: UnsafeMutableRawPointer(px.baseAddress!), width: w,
                                source: Source(color), alpha: alpha)
            scratch.accumulator.sweep(fillRule: fillRule, into: &sink)
        }
    }

    /// Composites a solid colour at `alpha` through the coverage it is handed.
    struct FillSink: CoverageSink {
        let pixels: UnsafeMutableRawPointer
        let width: Int
        let source: Source
        let alpha: Float
        /// The current row's first pixel in the box.
        private var row: UnsafeMutableRawPointer

        init(pixels: UnsafeMutableRawPointer, width: Int, source: Source, alpha: Float) {
            self.pixels = pixels
            self.width = width
            self.source = source
            self.alpha = alpha
            row = pixels
        }

        @inline(__always) mutating func beginRow(_ y: Int, x0: Int) { row = pixels + (y * width + x0) * 4 }

        @inline(__always) mutating func pixel(_ x: Int, coverage: Float) {
            source.blend(row + x * 4, alpha: quantizedAlpha(alpha * coverage * 255))
        }

        /// A covered run becomes stores of the opaque colour; an empty one is skipped.
        @inline(__always) mutating func run(_ x0: Int, _ x1: Int, coverage: Float) {
            let a = quantizedAlpha(alpha * coverage * 255)
            if a == 0 { return }
            var p = row + x0 * 4
            let end = row + x1 * 4
            if a == 255 {
                let solid = source.solid.littleEndian
                while p + 16 <= end {
                    p.storeBytes(of: SIMD4<UInt32>(repeating: solid), as: SIMD4<UInt32>.self)
                    p += 16
                }
                while p < end {
                    p.storeBytes(of: solid, as: UInt32.self)
                    p += 4
                }
                return
            }
            // A run over one colour (a track drawn over the transparent canvas) blends once.
            var lastIn = p.load(as: UInt32.self), lastOut = source.blended(lastIn, alpha: a)
            while p < end {
                let d = p.load(as: UInt32.self)
                if d != lastIn {
                    lastIn = d
                    lastOut = source.blended(d, alpha: a)
                }
                p.storeBytes(of: lastOut, as: UInt32.self)
                p += 4
            }
        }
    }

    /// Composites `color` through `coverage`, as `composite(coverage.mask, color:, opacity:)`.
    public mutating func composite(_ coverage: BoxCoverage, color: RGBAColor, opacity: Double = 1) {
        precondition(coverage.width == width && coverage.height == height, "mask size must match canvas")
        let alpha = Float(color.alpha * min(max(opacity, 0), 1))
        let box = coverage.box
        guard alpha > 0, !box.isEmpty else { return }
        let w = width
        let source = Source(color)
        pixels.withUnsafeMutableBufferPointer { px in
            coverage.values.withUnsafeBufferPointer { values in
                let raw = UnsafeMutableRawPointer(px.baseAddress!)
                for row in 0..<box.height {
                    let src = values.baseAddress! + coverage.start + row * coverage.stride
                    let dst = raw + ((box.y0 + row) * w + box.x0) * 4
                    /// Columns `from..<to` of the box's row.
                    func span(_ from: Int, _ to: Int) {
                        var x = from
                        while x + 4 <= to {
                            source.blend4(dst + x * 4, alpha: quantizedAlpha4(SIMD4(repeating: alpha) * load4(src + x) * 255))
                            x += 4
                        }
                        while x < to {
                            source.blend(dst + x * 4, alpha: quantizedAlpha(alpha * src[x] * 255))
                            x += 1
                        }
                    }
                    let hidden = coverage.hiddenColumns(row: box.y0 + row)
                    let h0 = min(max(hidden.lowerBound - box.x0, 0), box.width)
                    let h1 = min(max(hidden.upperBound - box.x0, h0), box.width)
                    span(0, h0)
                    span(h1, box.width)
                }
            }
        }
    }
}
