extension Canvas {
    /// Composites every pixel of `source` over this canvas with its top-left corner at pixel
    /// (`x`, `y`): source-over of premultiplied RGBA8, per channel `s + d (255 - sa) / 255`
    /// rounded to nearest. Parts of `source` outside this canvas are clipped.
    public mutating func draw(_ source: Canvas, x: Int, y: Int) {
        let x0 = max(0, x), y0 = max(0, y)
        let x1 = min(width, x + source.width), y1 = min(height, y + source.height)
        guard x0 < x1, y0 < y1 else { return }
        let w = width, sw = source.width
        pixels.withUnsafeMutableBufferPointer { dst in
            source.pixels.withUnsafeBufferPointer { src in
                for row in y0..<y1 {
                    for col in x0..<x1 {
                        let s = ((row - y) * sw + (col - x)) * 4
                        let sa = UInt32(src[s + 3])
                        if sa == 0 { continue }
                        let d = (row * w + col) * 4
                        if sa == 255 {
                            dst[d] = src[s]; dst[d + 1] = src[s + 1]; dst[d + 2] = src[s + 2]; dst[d + 3] = 255
                            continue
                        }
                        let keep = 255 - sa
                        for c in 0..<4 {
                            dst[d + c] = UInt8(min(255, UInt32(src[s + c]) + (UInt32(dst[d + c]) * keep + 127) / 255))
                        }
                    }
                }
            }
        }
    }
}
