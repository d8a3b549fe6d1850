import Scene

/// Scales premultiplied RGBA8 bitmaps with a separable filter, each axis on its own: the box
/// filter when that axis shrinks or keeps its size (each destination pixel the mean of the
/// source pixels whose centres it covers: an area average, as Pillow's BOX defines it), linear
/// interpolation between pixel centres (the triangle filter, edges clamped; Pillow's BILINEAR)
/// when it grows. Never nearest neighbour. Premultiplied, so colour does not bleed from
/// transparent pixels.
public enum ImageResampling {
    /// One destination sample's source samples and their weights (summing to 1).
    struct Taps {
        var first: Int
        var weights: [Float]
    }

    /// The taps that map `source` samples onto `destination` samples.
    static func taps(source: Int, destination: Int) -> [Taps] {
        let scale = Double(source) / Double(destination)
        return (0..<destination).map { j in
            if destination <= source {
                // Destination sample j covers source [j * scale, (j + 1) * scale): the mean of the
                // source samples whose centres it covers, those on its right edge included.
                let start = Double(j) * scale, end = start + scale
                let first = max(0, Int((start - 0.5).rounded(.down)) + 1)
                var last = min(source - 1, Int((end - 0.5).rounded(.down)))
                if last < first { last = first }
                return Taps(first: first, weights: Array(repeating: Float(1) / Float(last - first + 1),
                                                          count: last - first + 1))
            }
            // Centre of destination sample j in source coordinates, between two source centres.
            let centre = min(max((Double(j) + 0.5) * scale - 0.5, 0), Double(source - 1))
            let first = min(Int(centre), source - 1)
            let t = Float(centre - Double(first))
            return first + 1 < source ? Taps(first: first, weights: [1 - t, t]) : Taps(first: first, weights: [1])
        }
    }

    /// `bitmap`'s pixels scaled to `width` x `height` (each at least 1): premultiplied RGBA8,
    /// row-major; every colour channel at most its alpha.
    public static func resampled(_ bitmap: RGBABitmap, width: Int, height: Int) -> [UInt8] {
        precondition(width > 0 && height > 0)
        let columns = taps(source: bitmap.width, destination: width)
        let rows = taps(source: bitmap.height, destination: height)
        // Across first (source rows x destination columns), then down.
        var across = [Float](repeating: 0, count: bitmap.height * width * 4)
        bitmap.pixels.withUnsafeBufferPointer { src in
            for y in 0..<bitmap.height {
                for (x, tap) in columns.enumerated() {
                    var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                    for (k, w) in tap.weights.enumerated() {
                        let s = (y * bitmap.width + tap.first + k) * 4
                        sum.0 += w * Float(src[s]); sum.1 += w * Float(src[s + 1])
                        sum.2 += w * Float(src[s + 2]); sum.3 += w * Float(src[s + 3])
                    }
                    let d = (y * width + x) * 4
                    across[d] = sum.0; across[d + 1] = sum.1; across[d + 2] = sum.2; across[d + 3] = sum.3
                }
            }
        }
        var out = [UInt8](repeating: 0, count: width * height * 4)
        for (y, tap) in rows.enumerated() {
            for x in 0..<width {
                var sum: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (k, w) in tap.weights.enumerated() {
                    let s = ((tap.first + k) * width + x) * 4
                    sum.0 += w * across[s]; sum.1 += w * across[s + 1]; sum.2 += w * across[s + 2]; sum.3 += w * across[s + 3]
                }
                let d = (y * width + x) * 4
                let alpha = min(255, max(0, (sum.3 + 0.5).rounded(.down)))
                out[d + 3] = UInt8(alpha)
                out[d] = UInt8(min(alpha, max(0, (sum.0 + 0.5).rounded(.down))))
                out[d + 1] = UInt8(min(alpha, max(0, (sum.1 + 0.5).rounded(.down))))
                out[d + 2] = UInt8(min(alpha, max(0, (sum.2 + 0.5).rounded(.down))))
            }
        }
        return out
    }
}

extension Canvas {
    /// A canvas holding `pixels` (premultiplied RGBA8, row-major, `width * height * 4` bytes).
    public init(width: Int, height: Int, premultipliedPixels pixels: [UInt8]) {
        precondition(width >= 0 && height >= 0 && pixels.count == width * height * 4)
        self.init(width: width, height: height)
        self.pixels = pixels
    }
}
