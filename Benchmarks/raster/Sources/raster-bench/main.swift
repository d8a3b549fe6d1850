// raster-bench: time to draw the toggle's shapes (docs/design-facts.md section 2, "on" state, default
// size) at scales 1, 2 and 3 with the Raster module: capsule track, shadow circle blurred with
// sigma 2 pt, knob circle, checkmark polygon, each composited source-over onto a fresh canvas.
// The same shapes as cairo_bench.c. Usage: raster-bench [iterations] [scale...]
// RASTER_BENCH_WARM=1: shadows come from a cache after the first toggle.
// Prints one line per scale: "swift scale=S us_per_toggle=T checksum=C".
import Scene
import Geometry
import Raster
import SceneRaster

#if canImport(Glibc)
import Glibc
#endif

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

let checkmark = [(9, 20.42), (2.79, 14.21), (5.62, 11.38), (9, 14.77), (18.88, 4.88), (21.71, 7.71)]
    .map { Point($0.0, $0.1) }
let tint = RGBAColor(red: 52, green: 199, blue: 89)
let shadowColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.2)

/// The toggle drawn layer by layer through canvas-sized coverage masks: the reference the
/// fast path must match byte for byte.
func drawToggleThroughMasks(scale s: Double) throws -> Canvas {
    let h = 32.0, d = h - 6
    let w = Int((1.8 * h * s).rounded()), hp = Int((h * s).rounded())
    var canvas = Canvas(width: w, height: hp)
    let track = Path.capsule(x: 0, y: 0, width: Double(w), height: Double(hp))
    canvas.composite(try Rasterizer.coverage(of: track, width: w, height: hp), color: tint)
    let r = d * s / 2
    let center = Point(Double(w) - 3 * s - r, Double(hp) / 2)
    let shadowShape = Path.circle(center: center + Point(0, s), radius: r)
    let shadow = GaussianBlur.blur(try Rasterizer.coverage(of: shadowShape, width: w, height: hp), sigma: 2 * s)
    canvas.composite(shadow, color: shadowColor)
    canvas.composite(try Rasterizer.coverage(of: .circle(center: center, radius: r), width: w, height: hp),
                     color: .white)
    let k = 0.54 * d * s / 24
    let toCanvas = AffineTransform.scale(k, k).then(.translation(center.x - 12 * k, center.y - 12 * k))
    canvas.composite(try Rasterizer.coverage(of: .polygon(checkmark), transform: toCanvas, width: w, height: hp),
                     color: tint)
    return canvas
}

/// Blurred shadows by exact geometry (canvas size, centre, radius, sigma), for the warm run.
struct ShadowKey: Hashable { var w: Int, h: Int, cx: Double, cy: Double, r: Double, sigma: Double }
nonisolated(unsafe) var shadowCache: [ShadowKey: BoxCoverage]? = nil

/// The same picture through the fast path: fills rasterized into their bounding boxes and
/// composited row by row, one scratch arena per toggle (as the service does).
func drawToggle(scale s: Double) throws -> Canvas {
    let h = 32.0, d = h - 6
    let w = Int((1.8 * h * s).rounded()), hp = Int((h * s).rounded())
    var canvas = Canvas(width: w, height: hp)
    var scratch = RasterScratch()
    let track = Path.capsule(x: 0, y: 0, width: Double(w), height: Double(hp))
    try canvas.fill(track, color: tint, scratch: &scratch)
    let r = d * s / 2
    let center = Point(Double(w) - 3 * s - r, Double(hp) / 2)
    let shadowCenter = center + Point(0, s)
    let key = ShadowKey(w: w, h: hp, cx: shadowCenter.x, cy: shadowCenter.y, r: r, sigma: 2 * s)
    let shadow: BoxCoverage
    if let hit = shadowCache?[key] {
        shadow = hit
    } else {
        // The knob, drawn opaque next, hides most of its shadow: those pixels are skipped.
        shadow = try GaussianBlur.blurredCoverage(of: .circle(center: shadowCenter, radius: r),
                                                  width: w, height: hp, sigma: 2 * s,
                                                  hiddenUnder: Disc(center: center, radius: r),
                                                  scratch: &scratch)
        shadowCache?[key] = shadow
    }
    canvas.composite(shadow, color: shadowColor)
    try canvas.fill(.circle(center: center, radius: r), color: .white, scratch: &scratch)
    let k = 0.54 * d * s / 24
    let toCanvas = AffineTransform.scale(k, k).then(.translation(center.x - 12 * k, center.y - 12 * k))
    try canvas.fill(.polygon(checkmark), transform: toCanvas, color: tint, scratch: &scratch)
    return canvas
}

let arguments = CommandLine.arguments.dropFirst()
let iterations = arguments.first.flatMap { Int($0) } ?? 2000
let scales = arguments.count > 1 ? arguments.dropFirst().compactMap { Double($0) } : [1, 2, 3]
// RASTER_BENCH_WARM=1 keeps blurred shadows in a cache (the service's warm state).
if getenv("RASTER_BENCH_WARM").map({ String(cString: $0) }) == "1" { shadowCache = [:] }
for s in scales {
    // The fast path must draw exactly what the mask-by-mask path draws.
    guard try drawToggle(scale: s).pixels == drawToggleThroughMasks(scale: s).pixels else {
        print("raster-bench: fast path differs from the reference at scale \(s)")
        exit(1)
    }
    var checksum = 0
    // Warm up, then time.
    for _ in 0..<min(iterations, 50) { checksum &+= Int(try drawToggle(scale: s).pixels[0]) }
    let start = now()
    for _ in 0..<iterations {
        let canvas = try drawToggle(scale: s)
        checksum &+= canvas.pixels.withUnsafeBufferPointer { Int($0[$0.count / 2]) }
    }
    let elapsed = now() - start
    let microseconds = iterations > 0 ? elapsed / Double(iterations) * 1e6 : 0
    print("swift scale=\(Int(s)) us_per_toggle=\((microseconds * 100).rounded() / 100) checksum=\(checksum)")
}
