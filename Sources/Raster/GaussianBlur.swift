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
/// reached, each as a sum of shifted rows (contiguous, vectorizable inner loops).
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
        let radius = k.count / 2
        guard radius > 0 else { return mask }
        let w = mask.width, h = mask.height
        var out = CoverageMask(width: w, height: h)
        let source = mask.extent
        guard !source.isEmpty else { return out }
        let target = source.grown(by: radius, within: w, h)
        let taps = k.count
        // Columns are computed in chunks of 8 (SIMD8<Float>), so buffers are `lanes` wide.
        let lanes = (target.width + 7) & ~7
        // Horizontal pass over the rows holding coverage. `padded` holds one source row over
        // columns target.x0 - radius ..< target.x0 + lanes + radius; `horizontal` has
        // 2 radius zero rows above and below the source rows (output rows reach radius beyond
        // the source, and read radius further), so the vertical pass needs no bounds.
        var padded = [Float](repeating: 0, count: lanes + 2 * radius)
        var horizontal = [Float](repeating: 0, count: lanes * (source.height + 4 * radius))
        k.withUnsafeBufferPointer { k in
            let k = k.baseAddress!
            mask.values.withUnsafeBufferPointer { src in
                padded.withUnsafeMutableBufferPointer { padded in
                    horizontal.withUnsafeMutableBufferPointer { tmp in
                        let padded = padded.baseAddress!, src = src.baseAddress!
                        let copyOffset = source.x0 - (target.x0 - radius)
                        for row in 0..<source.height {
                            let from = src + (source.y0 + row) * w + source.x0
                            (padded + copyOffset).update(from: from, count: source.width)
                            let dst = tmp.baseAddress! + (row + 2 * radius) * lanes
                            convolveRow(padded, into: dst, lanes: lanes, kernel: k, radius: radius)
                        }
                    }
                }
            }
            // Vertical pass: output row y sums horizontal rows y - radius ... y + radius.
            horizontal.withUnsafeBufferPointer { tmp in
                out.values.withUnsafeMutableBufferPointer { dst in
                    let tmp = tmp.baseAddress!, dst = dst.baseAddress!
                    var chunk = [Float](repeating: 0, count: 8)
                    chunk.withUnsafeMutableBufferPointer { chunk in
                        let chunk = chunk.baseAddress!
                        for y in target.y0..<target.y1 {
                            let line = dst + y * w + target.x0
                            // Source row y - radius + t sits at padded row y - source.y0 + radius + t.
                            let rows = tmp + (y - source.y0 + radius) * lanes
                            var m = 0
                            while m < lanes {
                                var acc = k[radius] * load8(rows + radius * lanes + m)
                                for t in 0..<radius {
                                    acc += k[t] * (load8(rows + t * lanes + m) + load8(rows + (taps - 1 - t) * lanes + m))
                                }
                                if m + 8 <= target.width {
                                    store8(acc, line + m)
                                } else {
                                    store8(acc, chunk)
                                    for i in 0..<(target.width - m) { line[m + i] = chunk[i] }
                                }
                                m += 8
                            }
                        }
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
    /// only over the box they can be non-zero in, with no canvas-sized buffer on the way.
    /// With `hiddenUnder`, pixels that disc will cover opaquely are skipped (left zero, and
    /// `Canvas.composite` leaves them alone): a knob's shadow under the knob.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public static func blurredCoverage(of path: Path, transform: AffineTransform = .identity,
                                       width: Int, height: Int, sigma: Double,
                                       tolerance: Double = Flattening.defaultTolerance,
                                       hiddenUnder occluder: OpaqueDisc? = nil,
                                       scratch: inout RasterScratch) throws(RasterError) -> BoxCoverage {
        let none = BoxCoverage(width: width, height: height, box: .empty, stride: 0, values: [], hidden: nil)
        guard let bounds = try Flattening.controlBounds(of: path, transform: transform) else { return none }
        let clip = Rasterizer.clipBox(bounds, width: width, height: height)
        guard !clip.isEmpty else { return none }
        let k = kernel(sigma: sigma)
        let radius = k.count / 2, taps = k.count
        var padded = scratch.padded, horizontal = scratch.horizontal
        scratch.padded = []; scratch.horizontal = []
        defer { scratch.padded = padded; scratch.horizontal = horizontal }
        return try scratch.accumulate(path, transform: transform, tolerance: tolerance, box: clip) { cells, rows in
            let stride = clip.width + 2
            // The rows holding coverage, as `Rasterizer.coverage` reports them.
            let source = PixelBox(x0: clip.x0, y0: rows.lowerBound, x1: clip.x1, y1: rows.upperBound)
            guard !source.isEmpty else { return none }
            let target = radius > 0 ? source.grown(by: radius, within: width, height) : source
            let lanes = (target.width + 7) & ~7
            let paddedCount = lanes + 2 * radius, horizontalCount = lanes * (source.height + 4 * radius)
            if padded.count < paddedCount { padded = [Float](repeating: 0, count: paddedCount) }
            if horizontal.count < horizontalCount {
                // Every element is written before it is read: pad rows below, source rows by the pass.
                horizontal = [Float](unsafeUninitializedCapacity: horizontalCount) { $1 = horizontalCount }
            }
            let values = [Float](unsafeUninitializedCapacity: lanes * target.height) { out, count in
                let out = out.baseAddress!
                k.withUnsafeBufferPointer { k in
                    padded.withUnsafeMutableBufferPointer { padded in
                        horizontal.withUnsafeMutableBufferPointer { tmp in
                            let k = k.baseAddress!, padded = padded.baseAddress!, tmp = tmp.baseAddress!
                            padded.update(repeating: 0, count: paddedCount)
                            tmp.update(repeating: 0, count: 2 * radius * lanes)
                            (tmp + (source.height + 2 * radius) * lanes).update(repeating: 0, count: 2 * radius * lanes)
                            if radius == 0 { out.update(repeating: 0, count: lanes * target.height) }
                            let copyOffset = source.x0 - (target.x0 - radius)
                            for row in 0..<source.height {
                                // Coverage of the row (nonzero rule), clearing the cells read.
                                let src = cells + (source.y0 + row - clip.y0) * stride
                                let line = padded + copyOffset
                                var winding: Float = 0
                                for x in 0..<source.width {
                                    winding += src[x]
                                    src[x] = 0
                                    line[x] = min(abs(winding), 1)
                                }
                                src[source.width] = 0
                                src[source.width + 1] = 0
                                if radius == 0 {
                                    (out + row * lanes).update(from: line, count: source.width)
                                    continue
                                }
                                // Horizontal pass, exactly as `blur` does it.
                                let dst = tmp + (row + 2 * radius) * lanes
                                convolveRow(padded, into: dst, lanes: lanes, kernel: k, radius: radius)
                            }
                            guard radius > 0 else { return }
                            // Vertical pass: output row y sums horizontal rows y - radius ... y + radius.
                            for y in target.y0..<target.y1 {
                                let line = out + (y - target.y0) * lanes
                                let rows = tmp + (y - source.y0 + radius) * lanes
                                // Chunks of 8 wholly under the occluder: zero, not computed.
                                let hidden = occluder?.hiddenColumns(row: y) ?? 0..<0
                                let skip0 = hidden.lowerBound - target.x0, skip1 = hidden.upperBound - target.x0 - 8
                                var m = 0
                                while m < lanes {
                                    if m >= skip0 && m <= skip1 {
                                        store8(.zero, line + m)
                                        m += 8
                                        continue
                                    }
                                    var acc = k[radius] * load8(rows + radius * lanes + m)
                                    // Rows t and taps - 1 - t, walked towards each other.
                                    var near = rows + m, far = rows + (taps - 1) * lanes + m
                                    for t in 0..<radius {
                                        acc += k[t] * (load8(near) + load8(far))
                                        near += lanes
                                        far -= lanes
                                    }
                                    store8(acc, line + m)
                                    m += 8
                                }
                            }
                        }
                    }
                }
                count = lanes * target.height
            }
            return BoxCoverage(width: width, height: height, box: target, stride: lanes, values: values,
                               hidden: radius > 0 ? occluder : nil)
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
