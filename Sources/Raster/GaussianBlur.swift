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
        // Horizontal pass: rows source.y0..<source.y1, columns target.x0..<target.x1.
        // `padded` holds one source row over columns target.x0 - radius ..< target.x1 + radius.
        let paddedCount = target.width + 2 * radius
        var padded = [Float](repeating: 0, count: paddedCount)
        var horizontal = [Float](repeating: 0, count: target.width * source.height)
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
                            let dst = tmp.baseAddress! + row * target.width
                            let center = k[radius]
                            for m in 0..<target.width { dst[m] = center * padded[m + radius] }
                            // Symmetric taps in pairs: k[t] == k[2 radius - t].
                            for t in 0..<radius {
                                let kt = k[t], far = 2 * radius - t
                                for m in 0..<target.width {
                                    dst[m] += kt * (padded[m + t] + padded[m + far])
                                }
                            }
                        }
                    }
                }
            }
            // Vertical pass: output rows target.y0..<target.y1 from the horizontal rows.
            horizontal.withUnsafeBufferPointer { tmp in
                out.values.withUnsafeMutableBufferPointer { dst in
                    let tmp = tmp.baseAddress!, dst = dst.baseAddress!
                    for y in target.y0..<target.y1 {
                        let line = dst + y * w + target.x0
                        // Tap t reads source row y - radius + t, present if inside source's rows.
                        let tFirst = max(0, source.y0 - (y - radius))
                        let tEnd = min(taps, source.y1 - (y - radius))
                        guard tFirst < tEnd else { continue }
                        for t in tFirst..<tEnd {
                            let kt = k[t]
                            let from = tmp + (y - radius + t - source.y0) * target.width
                            for m in 0..<target.width { line[m] += kt * from[m] }
                        }
                    }
                }
            }
        }
        out.extent = target
        return out
    }
}

#if canImport(Glibc)
import Glibc
@inline(__always) func _exp(_ x: Double) -> Double { Glibc.exp(x) }
#else
import Darwin
@inline(__always) func _exp(_ x: Double) -> Double { Darwin.exp(x) }
#endif
