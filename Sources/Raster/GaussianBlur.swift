/// Separable Gaussian blur of a coverage mask, as used for drop shadows.
///
/// The kernel samples `exp(-x² / (2 sigma²))` at integer offsets out to `ceil(3 sigma)` px
/// and is normalized to sum 1, so total coverage is preserved (up to what falls off the mask's
/// edges, which is dropped: the mask is treated as zero outside).
public enum GaussianBlur {
    /// The normalized 1-D kernel for `sigma` px; `kernel.count == 2 * radius + 1`.
    public static func kernel(sigma: Double) -> [Float] {
        guard sigma > 0 else { return [1] }
        let radius = Int((3 * sigma).rounded(.up))
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
        var tmp = CoverageMask(width: w, height: h)
        var out = CoverageMask(width: w, height: h)
        k.withUnsafeBufferPointer { k in
            mask.values.withUnsafeBufferPointer { src in
                tmp.values.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        let row = y * w
                        for x in 0..<w {
                            let lo = max(-radius, -x), hi = min(radius, w - 1 - x)
                            var s: Float = 0
                            for i in lo...hi { s += src[row + x + i] * k[i + radius] }
                            dst[row + x] = s
                        }
                    }
                }
            }
            tmp.values.withUnsafeBufferPointer { src in
                out.values.withUnsafeMutableBufferPointer { dst in
                    for y in 0..<h {
                        let lo = max(-radius, -y), hi = min(radius, h - 1 - y)
                        for x in 0..<w {
                            var s: Float = 0
                            for i in lo...hi { s += src[(y + i) * w + x] * k[i + radius] }
                            dst[y * w + x] = s
                        }
                    }
                }
            }
        }
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
