import Geometry
import Scene
/// Working memory for drawing one picture: accumulation cells and blur buffers, reused from
/// layer to layer so that each layer costs what its bounding box is worth, not the canvas.
///
/// Create one per picture (or per thread) and pass it to `Canvas.fill` and
/// `GaussianBlur.blurredCoverage`; it is not shared state. Between calls every cell is zero
/// (each call clears the rows it used as it reads them), so no call zeroes the whole buffer.
public struct RasterScratch {
    /// Signed area deltas, all zero between calls.
    var cells: [Float] = []
    /// Blur: one padded source row, then the horizontally blurred rows.
    var padded: [Float] = []
    var horizontal: [Float] = []

    public init() {}

    /// Accumulates `path` into the cells for clip box `box` (stride `box.width + 2`), then calls
    /// `body` with the cells and the rows (canvas coordinates) that received contributions;
    /// `body` must leave those rows zero. On a thrown error the cells are cleared.
    mutating func accumulate<R>(_ path: Path, transform: AffineTransform, tolerance: Double,
                                box: PixelBox,
                                _ body: (UnsafeMutablePointer<Float>, Range<Int>) -> R) throws(RasterError) -> R {
        let count = (box.width + 2) * box.height
        if cells.count < count { cells = [Float](repeating: 0, count: count) }
        let visible = Flattening.Box(minX: Double(box.x0), minY: Double(box.y0),
                                     maxX: Double(box.x1), maxY: Double(box.y1))
        return try cells.withUnsafeMutableBufferPointer { (buffer) throws(RasterError) -> R in
            let cells = buffer.baseAddress!
            var minRow = Int.max, maxRow = Int.min
            do throws(RasterError) {
                try Flattening.forEachSegment(of: path, transform: transform, tolerance: tolerance,
                                              visible: visible) { p0, p1 in
                    Rasterizer.addLine(p0, p1, into: cells, clip: box, minRow: &minRow, maxRow: &maxRow)
                }
            } catch {
                cells.update(repeating: 0, count: count)
                throw error
            }
            let first = max(minRow, box.y0), end = min(maxRow &+ 1, box.y1)
            return body(cells, first < end ? first..<end : box.y0..<box.y0)
        }
    }
}

/// Coverage over a box of pixels only (zero outside it), as a blurred shadow needs: row-major,
/// `stride` values per row, `box.height` rows; only the first `box.width` of each row count.
public struct BoxCoverage: Sendable {
    /// The canvas size the box lies in.
    public let width: Int
    public let height: Int
    let box: PixelBox
    let stride: Int
    let values: [Float]
    /// Pixels an opaque disc drawn later hides: their values are left zero and never composited.
    let hidden: OpaqueDisc?

    /// Memory the values take, in bytes.
    public var byteCount: Int { values.count * MemoryLayout<Float>.stride }

    /// Coverage of canvas pixel (x, y).
    public subscript(x: Int, y: Int) -> Float {
        guard x >= box.x0, x < box.x1, y >= box.y0, y < box.y1 else { return 0 }
        return values[(y - box.y0) * stride + (x - box.x0)]
    }

    /// The same values as a canvas-sized mask (zero where `hidden`).
    public var mask: CoverageMask {
        var mask = CoverageMask(width: width, height: height)
        for y in box.y0..<box.y1 {
            let hiddenColumns = hidden?.hiddenColumns(row: y) ?? 0..<0
            for x in box.x0..<box.x1 where !hiddenColumns.contains(x) {
                mask.values[y * width + x] = values[(y - box.y0) * stride + (x - box.x0)]
            }
        }
        mask.extent = box
        return mask
    }
}

/// A disc that will be drawn fully opaque over what is below (a knob over its own shadow):
/// the pixels it covers entirely need not be computed or composited before it.
public struct OpaqueDisc: Sendable, Equatable, Hashable {
    public var center: Point
    public var radius: Double

    public init(center: Point, radius: Double) {
        self.center = center
        self.radius = radius
    }

    /// Hashable by its numbers, for cache keys.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(center.x); hasher.combine(center.y); hasher.combine(radius)
    }

    /// The columns of pixel row `y` whose four corners all lie at least 0.05 px inside the
    /// circle: the flattened outline strays far less than that (tolerance 0.002 px, arc error
    /// 5e-6 of the radius), so such pixels get coverage 1 and an opaque fill replaces them.
    func hiddenColumns(row y: Int) -> Range<Int> {
        let r = radius - 0.05
        guard r > 0, center.isFinite else { return 0..<0 }
        let dy = max(abs(Double(y) - center.y), abs(Double(y + 1) - center.y))
        guard dy < r else { return 0..<0 }
        let half = (r * r - dy * dy).squareRoot()
        let lo = center.x - half, hi = center.x + half - 1
        guard lo > -1e9, hi < 1e9, lo <= hi else { return 0..<0 }
        let x0 = Int(lo.rounded(.up)), x1 = Int(hi.rounded(.down)) + 1
        return x0 < x1 ? x0..<x1 : 0..<0
    }
}

extension Canvas {
    /// Fills `path` mapped by `transform` with `color` at `opacity`: the same bytes as
    /// `composite(Rasterizer.coverage(of:...), color:, opacity:)`, without a canvas-sized mask.
    /// Rasterizes into the path's bounding box and composites each row as its coverage is summed.
    /// - Throws: `RasterError.nonFiniteCoordinate` for NaN or infinite coordinates.
    public mutating func fill(_ path: Path, transform: AffineTransform = .identity, color: RGBAColor,
                              opacity: Double = 1, fillRule: FillRule = .nonZero,
                              tolerance: Double = Flattening.defaultTolerance,
                              scratch: inout RasterScratch) throws(RasterError) {
        guard let bounds = try Flattening.controlBounds(of: path, transform: transform) else { return }
        let alpha = Float(color.alpha * min(max(opacity, 0), 1))
        let box = Rasterizer.clipBox(bounds, width: width, height: height)
        guard alpha > 0, !box.isEmpty else { return }
        let w = width
        let source = Source(color)
        try pixels.withUnsafeMutableBufferPointer { (px) throws(RasterError) in
            let raw = UnsafeMutableRawPointer(px.baseAddress!)
            try scratch.accumulate(path, transform: transform, tolerance: tolerance, box: box) { cells, rows in
                let stride = box.width + 2, bw = box.width
                for row in rows {
                    let src = cells + (row - box.y0) * stride
                    let dst = raw + (row * w + box.x0) * 4
                    var winding: Float = 0
                    switch fillRule {
                    case .nonZero:
                        // Coverage only changes where a cell is non-zero: runs between such cells
                        // repeat one alpha (adding zero leaves the winding as it is).
                        var a: UInt32 = 0
                        var x = 0
                        while x < bw {
                            let v = src[x]
                            if v != 0 {
                                winding += v
                                src[x] = 0
                                a = quantizedAlpha(alpha * min(abs(winding), 1) * 255)
                            }
                            source.blend(dst + x * 4, alpha: a)
                            x += 1
                            // Inside or outside the shape: four zero cells at a time.
                            if a == 255 {
                                while x + 4 <= bw && load4(src + x) == .zero {
                                    (dst + x * 4).storeBytes(of: SIMD4<UInt32>(repeating: source.solid.littleEndian),
                                                             as: SIMD4<UInt32>.self)
                                    x += 4
                                }
                            } else if a == 0 {
                                while x + 4 <= bw && load4(src + x) == .zero { x += 4 }
                            }
                        }
                    case .evenOdd:
                        for x in 0..<bw {
                            winding += src[x]
                            src[x] = 0
                            let m = abs(winding)
                            let folded = m - 2 * (m * 0.5).rounded(.down)
                            let c = folded > 1 ? 2 - folded : folded
                            source.blend(dst + x * 4, alpha: quantizedAlpha(alpha * c * 255))
                        }
                    }
                    src[bw] = 0
                    src[bw + 1] = 0
                }
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
                    let src = values.baseAddress! + row * coverage.stride
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
                    let hidden = coverage.hidden?.hiddenColumns(row: box.y0 + row) ?? 0..<0
                    let h0 = min(max(hidden.lowerBound - box.x0, 0), box.width)
                    let h1 = min(max(hidden.upperBound - box.x0, h0), box.width)
                    span(0, h0)
                    span(h1, box.width)
                }
            }
        }
    }

    /// A solid colour as source-over needs it: its channels spread into four 16-bit lanes.
    struct Source {
        /// (R, G, B, 255) in 16-bit lanes, lowest first.
        let lanes: UInt64
        /// The same for two pixels.
        let lanes8: SIMD8<UInt16>
        /// The opaque pixel (R, G, B, 255) as stored.
        let solid: UInt32

        init(_ color: RGBAColor) {
            solid = UInt32(color.red) | UInt32(color.green) << 8 | UInt32(color.blue) << 16 | 0xFF00_0000
            lanes = spread(solid)
            let r = UInt16(color.red), g = UInt16(color.green), b = UInt16(color.blue)
            lanes8 = SIMD8(r, g, b, 255, r, g, b, 255)
        }

        /// `blend` for the four pixels at `p` with alphas `a` (each 0...255).
        @inline(__always) func blend4(_ p: UnsafeMutableRawPointer, alpha a: SIMD4<UInt32>) {
            if a == .zero { return }
            if a == SIMD4(repeating: 255) {
                p.storeBytes(of: SIMD4<UInt32>(repeating: solid.littleEndian), as: SIMD4<UInt32>.self)
                return
            }
            let d = p.loadUnaligned(as: SIMD16<UInt8>.self)
            let a16 = SIMD4<UInt16>(truncatingIfNeeded: a)
            let lo = blend2(SIMD8(truncatingIfNeeded: d.lowHalf),
                            SIMD8(a16[0], a16[0], a16[0], a16[0], a16[1], a16[1], a16[1], a16[1]))
            let hi = blend2(SIMD8(truncatingIfNeeded: d.highHalf),
                            SIMD8(a16[2], a16[2], a16[2], a16[2], a16[3], a16[3], a16[3], a16[3]))
            p.storeBytes(of: SIMD16(lowHalf: SIMD8<UInt8>(truncatingIfNeeded: lo),
                                    highHalf: SIMD8<UInt8>(truncatingIfNeeded: hi)), as: SIMD16<UInt8>.self)
        }

        /// `(s a + d (255 - a) + 127) / 255` per 16-bit lane (a = 0 and 255 included).
        @inline(__always) func blend2(_ d: SIMD8<UInt16>, _ a: SIMD8<UInt16>) -> SIMD8<UInt16> {
            let t = lanes8 &* a &+ d &* (SIMD8(repeating: 255) &- a) &+ SIMD8(repeating: 127)
            return (t &+ SIMD8(repeating: 1) &+ (t &>> 8)) &>> 8
        }

        /// Source-over at source alpha `a / 255`: `a` is `alpha * coverage` quantized to 1/255
        /// steps first (as an RGBA8 source is, so colour and alpha round consistently), see
        /// `quantizedAlpha`. Each channel is rounded to nearest: `(s a + d (255 - a)) / 255` in
        /// integers, which is never a tie, so it equals what `Canvas.composite` computes in
        /// Float. Alpha 0 leaves the pixel alone.
        @inline(__always) func blend(_ p: UnsafeMutableRawPointer, alpha a: UInt32) {
            if a == 0 { return }
            if a == 255 { p.storeBytes(of: solid.littleEndian, as: UInt32.self); return }
            let d = spread(UInt32(littleEndian: p.load(as: UInt32.self)))
            let t = lanes &* UInt64(a) &+ d &* UInt64(255 - a) &+ 0x007F_007F_007F_007F
            p.storeBytes(of: pack(div255(t)).littleEndian, as: UInt32.self)
        }
    }
}

/// `x.rounded()` (half away from zero) for 0 <= x < 2^22, capped at 255.
@inline(__always) func quantizedAlpha(_ x: Float) -> UInt32 {
    // Adding 2^23 rounds x to an integer (ties to even) and leaves it in the low mantissa bits.
    let f = x + 8_388_608
    let even = f.bitPattern & 0x7F_FFFF
    // A tie n + 0.5 with n even went down; half away from zero goes up.
    let r = (f - 8_388_608) - x == -0.5 ? even &+ 1 : even
    return min(r, 255)
}

/// `quantizedAlpha` of four values.
@inline(__always) func quantizedAlpha4(_ x: SIMD4<Float>) -> SIMD4<UInt32> {
    let f = x + 8_388_608
    var r = unsafeBitCast(f, to: SIMD4<UInt32>.self) & 0x7F_FFFF
    r.replace(with: r &+ 1, where: (f - 8_388_608) - x .== -0.5)
    r.replace(with: 255, where: r .> 255)
    return r
}

@inline(__always) func load4(_ p: UnsafePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

@inline(__always) func load4(_ p: UnsafeMutablePointer<Float>) -> SIMD4<Float> {
    UnsafeRawPointer(p).loadUnaligned(as: SIMD4<Float>.self)
}

/// Bytes b0 b1 b2 b3 of `p` (b0 lowest) into 16-bit lanes.
@inline(__always) func spread(_ p: UInt32) -> UInt64 {
    var q = UInt64(p)
    q = (q | q << 16) & 0x0000_FFFF_0000_FFFF
    return (q | q << 8) & 0x00FF_00FF_00FF_00FF
}

/// The inverse of `spread` (each lane below 256).
@inline(__always) func pack(_ q: UInt64) -> UInt32 {
    var q = (q | q >> 8) & 0x0000_FFFF_0000_FFFF
    q |= q >> 16
    return UInt32(truncatingIfNeeded: q)
}

/// `lane / 255` rounded down in every 16-bit lane, exact for lanes up to 65279.
@inline(__always) func div255(_ t: UInt64) -> UInt64 {
    ((t &+ 0x0001_0001_0001_0001 &+ ((t >> 8) & 0x00FF_00FF_00FF_00FF)) >> 8) & 0x00FF_00FF_00FF_00FF
}
