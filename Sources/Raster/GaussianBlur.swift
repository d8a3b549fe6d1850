import Geometry
/// Separable Gaussian blur of a coverage mask, as used for drop shadows.
///
/// The kernel samples `exp(-x² / (2 sigma²))` at integer offsets out to `ceil(3 sigma)` px
/// and is normalized to sum 1, so total coverage is preserved (up to what falls off the mask's
/// edges, which is dropped: the mask is treated as zero outside). Truncating at 3 sigma moves
/// any value by less than 0.3 % of the peak compared with the untruncated Gaussian.
///
/// Only the mask's non-zero box, grown by the kernel radius, is computed: the horizontal pass
/// runs over the rows that hold coverage, the vertical pass over the columns the first pass
/// reached, each as a sum of shifted rows (contiguous, vectorizable inner loops); see
/// `BlurPasses`.
public enum GaussianBlur {
    /// The normalized 1-D kernel for `sigma` px; `kernel.count == 2 * radius + 1`.
    public static func kernel(sigma: Double) -> [Float] {
        guard sigma > 0, sigma.isFinite else { return [1] }
        let radius = Int(min((3 * sigma).rounded(.up), 4096))
        var k = [Double](repeating: 0, count: 2 * radius + 1)
        for i in -radius...radius {
            k[i + radius] = _exp(-Double(i * i) / (2 * sigma * sigma))
        }
        let sum = k.reduce(0, +)
        return k.map { Float($0 / sum) }
    }

    /// `mask` blurred with standard deviation `sigma` px horizontally then vertically.
    public static func blur(_ mask: CoverageMask, sigma: Double) -> CoverageMask {
        let k = kernel(sigma: sigma)
        guard k.count > 1 else { return mask }
        let w = mask.width
        var out = CoverageMask(width: w, height: mask.height)
        let source = mask.extent
        guard !source.isEmpty else { return out }
        let geometry = BlurGeometry(radius: k.count / 2, source: source, width: w, height: mask.height)
        let target = geometry.target
        var padded = [Float](repeating: 0, count: geometry.paddedCount)
        var horizontal = [Float](repeating: 0, count: geometry.horizontalCount)
        mask.values.withUnsafeBufferPointer { src in
            out.values.withUnsafeMutableBufferPointer { dst in
                let src = src.baseAddress!, dst = dst.baseAddress!
                BlurPasses.with(geometry, kernel: k, padded: &padded, horizontal: &horizontal) { passes in
                    for row in 0..<source.height {
                        passes.sourceRow.update(from: src + (source.y0 + row) * w + source.x0, count: source.width)
                        passes.horizontalPass(row: row)
                    }
                    for y in target.y0..<target.y1 {
                        passes.verticalPass(row: y, into: dst + y * w + target.x0, count: target.width)
                    }
                }
            }
        }
        out.extent = target
        return out
    }
}

extension GaussianBlur {
    /// The coverage of `path` mapped by `transform` in a `width` x `height` canvas, blurred
    /// with `sigma` px: the same values as `blur(Rasterizer.coverage(of:...), sigma:)`, kept
    /// only over the box they can be non-zero in, with no canvas-sized buffer on the way: each
    /// row's coverage goes from the accumulator straight into the horizontal pass.
    /// With `hiddenUnder`, pixels that shape will cover opaquely are skipped (left zero, and
    /// `Canvas.composite` leaves them alone): a knob's shadow under the knob.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public static func blurredCoverage(of path: Path, transform: AffineTransform = .identity,
                                       width: Int, height: Int, sigma: Double,
                                       tolerance: Double = Flattening.defaultTolerance,
                                       hiddenUnder occluder: (any Occluder)? = nil,
                                       scratch: inout RasterScratch) throws(RasterError) -> BoxCoverage {
        let none = BoxCoverage(width: width, height: height, box: .empty, stride: 0, values: [], hidden: [])
        guard let bounds = try Flattening.controlBounds(of: path, transform: transform) else { return none }
        let clip = Rasterizer.clipBox(bounds, width: width, height: height)
        guard !clip.isEmpty else { return none }
        try scratch.accumulate(path, transform: transform, tolerance: tolerance, box: clip)
        // The rows holding coverage, as `Rasterizer.coverage` reports them (no rows: no cells touched).
        let rows = scratch.accumulator.rows
        guard !rows.isEmpty else { return none }
        let source = PixelBox(x0: clip.x0, y0: rows.lowerBound, x1: clip.x1, y1: rows.upperBound)
        let k = kernel(sigma: sigma)
        let geometry = BlurGeometry(radius: k.count / 2, source: source, width: width, height: height)
        let target = geometry.target, lanes = geometry.lanes
        var hidden: [Range<Int>] = []
        if let occluder {
            hidden.reserveCapacity(target.height)
            for y in target.y0..<target.y1 { hidden.append(occluder.hiddenColumns(row: y)) }
        }
        var padded = scratch.padded, horizontal = scratch.horizontal
        scratch.padded = []; scratch.horizontal = []
        defer { scratch.padded = padded; scratch.horizontal = horizontal }
        if padded.count < geometry.paddedCount { padded = [Float](repeating: 0, count: geometry.paddedCount) }
        if horizontal.count < geometry.horizontalCount {
            // Every element is written before it is read: pad rows by `clearPadding`, source rows by the pass.
            horizontal = [Float](unsafeUninitializedCapacity: geometry.horizontalCount) { $1 = geometry.horizontalCount }
        }
        let values = [Float](unsafeUninitializedCapacity: lanes * target.height) { out, count in
            let out = out.baseAddress!
            BlurPasses.with(geometry, kernel: k, padded: &padded, horizontal: &horizontal) { passes in
                passes.clearPadding()
                var sink = BlurInputSink(passes: passes, y0: source.y0)
                scratch.accumulator.sweep(fillRule: .nonZero, into: &sink)
                for y in target.y0..<target.y1 {
                    passes.verticalPass(row: y, into: out + (y - target.y0) * lanes, count: lanes,
                                        skipping: hidden.isEmpty ? 0..<0 : hidden[y - target.y0])
                }
            }
            count = lanes * target.height
        }
        return BoxCoverage(width: width, height: height, box: target, stride: lanes, values: values, hidden: hidden)
    }

    /// Hands each row's coverage to the horizontal pass.
    private struct BlurInputSink: CoverageSink {
        let passes: BlurPasses
        /// The source's first row.
        let y0: Int
        /// `passes.sourceRow`: the source box's columns (those of the accumulator's box).
        let row: UnsafeMutablePointer<Float>

        init(passes: BlurPasses, y0: Int) {
            self.passes = passes
            self.y0 = y0
            row = passes.sourceRow
        }

        @inline(__always) mutating func beginRow(_ y: Int, x0: Int) {}
        @inline(__always) mutating func pixel(_ x: Int, coverage: Float) { row[x] = coverage }
        @inline(__always) mutating func run(_ x0: Int, _ x1: Int, coverage: Float) {
            (row + x0).update(repeating: coverage, count: x1 - x0)
        }
        @inline(__always) mutating func endRow(_ y: Int) { passes.horizontalPass(row: y - y0) }
    }
}

/// Where one blur reads and writes: `source` (the rows and columns that hold coverage) is
/// blurred into `target` (the source grown by the kernel radius, cut to the canvas).
struct BlurGeometry {
    let radius: Int
    let source: PixelBox
    let target: PixelBox
    /// Columns computed per row: the target's, rounded up to chunks of 8 (SIMD8<Float>).
    let lanes: Int

    init(radius: Int, source: PixelBox, width: Int, height: Int) {
        self.radius = radius
        self.source = source
        target = radius > 0 ? source.grown(by: radius, within: width, height) : source
        lanes = (target.width + 7) & ~7
    }

    /// One source row over columns `target.x0 - radius ..< target.x0 + lanes + radius`.
    var paddedCount: Int { lanes + 2 * radius }
    /// The source rows after the horizontal pass, with `2 radius` zero rows above and below.
    var horizontalCount: Int { lanes * (source.height + 4 * radius) }
}

/// The two passes of one blur over caller-owned buffers.
///
/// `padded` holds one source row (zero outside the source's columns); the horizontal pass
/// blurs it into a row of `horizontal`, which has `2 radius` zero rows above and below the
/// source rows (output rows reach `radius` beyond the source, and read `radius` further), so
/// the vertical pass needs no bounds: output row y sums horizontal rows `y - radius ... y + radius`.
struct BlurPasses {
    let geometry: BlurGeometry
    let kernel: UnsafePointer<Float>
    let padded: UnsafeMutablePointer<Float>
    let horizontal: UnsafeMutablePointer<Float>

    /// Calls `body` with passes over `padded` and `horizontal`, which must hold at least
    /// `geometry.paddedCount` and `geometry.horizontalCount` values.
    static func with<R>(_ geometry: BlurGeometry, kernel: [Float], padded: inout [Float], horizontal: inout [Float],
                        _ body: (BlurPasses) -> R) -> R {
        precondition(padded.count >= geometry.paddedCount && horizontal.count >= geometry.horizontalCount)
        return kernel.withUnsafeBufferPointer { k in
            padded.withUnsafeMutableBufferPointer { p in
                horizontal.withUnsafeMutableBufferPointer { h in
                    body(BlurPasses(geometry: geometry, kernel: k.baseAddress!, padded: p.baseAddress!,
                                    horizontal: h.baseAddress!))
                }
            }
        }
    }

    /// Where the source's first column goes in `padded`: write `source.width` values there.
    var sourceRow: UnsafeMutablePointer<Float> {
        padded + (geometry.source.x0 - (geometry.target.x0 - geometry.radius))
    }

    /// Zeroes `padded` and the zero rows of `horizontal` (for buffers reused from another blur).
    func clearPadding() {
        let g = geometry
        padded.update(repeating: 0, count: g.paddedCount)
        horizontal.update(repeating: 0, count: 2 * g.radius * g.lanes)
        (horizontal + (g.source.height + 2 * g.radius) * g.lanes).update(repeating: 0, count: 2 * g.radius * g.lanes)
    }

    /// Blurs `padded` horizontally into source row `row` (0 is the source's first).
    @inline(__always) func horizontalPass(row: Int) {
        let g = geometry
        convolveRow(padded, into: horizontal + (row + 2 * g.radius) * g.lanes, lanes: g.lanes,
                    kernel: kernel, radius: g.radius)
    }

    /// Canvas row `y` of the target, vertically blurred, into `line[0..<count]` (`count` at most
    /// `lanes`; the target's first column at `line[0]`). Chunks of 8 wholly inside the columns
    /// `skipping` are stored as zero, not computed.
    @inline(__always)
    func verticalPass(row y: Int, into line: UnsafeMutablePointer<Float>, count: Int, skipping: Range<Int> = 0..<0) {
        let g = geometry, radius = g.radius, lanes = g.lanes, k = kernel
        let taps = 2 * radius + 1
        // Source row y - radius + t sits at horizontal row y - source.y0 + radius + t.
        let rows = horizontal + (y - g.source.y0 + radius) * lanes
        let skip0 = skipping.lowerBound - g.target.x0, skip1 = skipping.upperBound - g.target.x0 - 8
        var m = 0
        while m < count {
            var acc = SIMD8<Float>.zero
            if !(m >= skip0 && m <= skip1) {
                acc = k[radius] * load8(rows + radius * lanes + m)
                // Rows t and taps - 1 - t, walked towards each other.
                var near = rows + m, far = rows + (taps - 1) * lanes + m
                for t in 0..<radius {
                    acc += k[t] * (load8(near) + load8(far))
                    near += lanes
                    far -= lanes
                }
            }
            if m + 8 <= count {
                store8(acc, line + m)
            } else {
                for i in 0..<(count - m) { line[m + i] = acc[i] }
            }
            m += 8
        }
    }
}

/// One row of the horizontal pass: `dst[m] = sum over t of kernel[t] * padded[m + t]`, eight
/// lanes at a time, pairing the symmetric taps (`kernel[t] == kernel[2 radius - t]`).
@inline(__always)
private func convolveRow(_ padded: UnsafeMutablePointer<Float>, into dst: UnsafeMutablePointer<Float>, lanes: Int,
                         kernel k: UnsafePointer<Float>, radius: Int) {
    var m = 0
    while m < lanes {
        var acc = k[radius] * load8(padded + m + radius)
        for t in 0..<radius {
            acc += k[t] * (load8(padded + m + t) + load8(padded + m + 2 * radius - t))
        }
        store8(acc, dst + m)
        m += 8
    }
}

@inline(__always) private func load8(_ p: UnsafePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
}

@inline(__always) private func load8(_ p: UnsafeMutablePointer<Float>) -> SIMD8<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD8<Float>.self)
}

@inline(__always) private func store8(_ v: SIMD8<Float>, _ p: UnsafeMutablePointer<Float>) {
    UnsafeMutableRawPointer(p).storeBytes(of: v, as: SIMD8<Float>.self)
}
