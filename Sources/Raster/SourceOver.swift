import Scene
/// Source-over of a solid colour in integers: the arithmetic `Canvas.fill` and
/// `Canvas.composite(BoxCoverage)` share.
extension Canvas {
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
            p.storeBytes(of: blended(p.load(as: UInt32.self), alpha: a), as: UInt32.self)
        }

        /// `blend` of one pixel as stored (memory order), for 0 < `a` < 255: the pixel to store.
        @inline(__always) func blended(_ stored: UInt32, alpha a: UInt32) -> UInt32 {
            let d = spread(UInt32(littleEndian: stored))
            let t = lanes &* UInt64(a) &+ d &* UInt64(255 - a) &+ 0x007F_007F_007F_007F
            return pack(div255(t)).littleEndian
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
