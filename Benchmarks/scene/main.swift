// What the scene costs: render time per PNG through the scene (ToggleScene -> SceneRasterizer)
// against the same drawing done directly on a canvas, as ToggleRenderer did before the scene,
// in alternating rounds of the same run; plus the scene alone, the SVG, and PNG encoding for
// scale. Not a test; run with
//   swift run -c release --package-path Benchmarks scene-bench [ROUNDS]
// Instructions instead of time (stable under load): each variant N once under callgrind,
//   SCENE_BENCH_ONLY=N valgrind --tool=callgrind Benchmarks/.build/release/scene-bench
import Dispatch
import Foundation
import Geometry
import ImageWriters
import Raster
import Scene
import SceneRaster
import TogglePicture
import ToggleService
import Utilities
import QueryLanguage

let queries = [
    "on=1", "on=0", "state=mixed", "on=1&scale=2", "on=0&scale=2&theme=dark",
    "on=1&scale=3&color=indigo", "on=0&scale=3&bg=white", "on=1&scale=4&size=accessibility2",
    "on=1&disabled=1&scale=2", "on=1&scale=2&pad=8&bg=f2f2f7",
]
let specs = queries.map { try! ToggleQuery(rawQuery: $0).spec }
let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 30 : 30
let repeats = 20   // renders of each toggle per round and variant

/// The pre-scene shadow cache's key (numbers, no path) and a cache like it, for the reference.
struct OldShadowKey: Hashable, Sendable {
    var width: Int, height: Int, centerX: Double, centerY: Double, radius: Double, sigma: Double, hidden: Bool
}
let oldShadowCache = BoundedCache<OldShadowKey, BoxCoverage>(capacity: 16 << 20, cost: { $1.byteCount })

/// The pre-scene renderer (ToggleRenderer before the Scene commit), kept here as the reference:
/// the same layers drawn straight onto the canvas, blurred shadows from a cache keyed as it was
/// (`cached`) or blurred every time.
func direct(_ spec: ToggleSpec, cached: Bool) -> Canvas {
    let layout = ToggleLayout(spec: spec)
    let symbol = try! SymbolCatalog.outline(named: spec.symbolName)
    let opacity = spec.disabled ? 0.4 : 1
    let w = layout.canvasWidth, h = layout.canvasHeight
    var canvas = Canvas(width: w, height: h)
    var scratch = RasterScratch()
    if let background = spec.background { canvas.fillAll(background.resolved(in: spec.appearance)) }
    let pad = Double(layout.padding)
    let track = Path.capsule(x: pad, y: pad, width: Double(layout.trackWidth), height: Double(layout.trackHeight))
    let (trackColor, symbolColor) = spec.resolvedColors
    try! canvas.fill(track, color: trackColor, opacity: opacity, scratch: &scratch)
    let center = Point(layout.knobCenterX, layout.knobCenterY)
    let shadowCenter = center + Point(0, ToggleLayout.shadowOffsetY * layout.scale)
    let hidden = StyleColors.knob.alpha * opacity >= 1 ? Disc(center: center, radius: layout.knobRadius) : nil
    let sigma = ToggleLayout.shadowSigma * layout.scale
    func blur() -> BoxCoverage {
        try! GaussianBlur.blurredCoverage(of: Path.circle(center: shadowCenter, radius: layout.knobRadius), width: w,
                                          height: h, sigma: sigma, hiddenUnder: hidden, scratch: &scratch)
    }
    let key = OldShadowKey(width: w, height: h, centerX: shadowCenter.x, centerY: shadowCenter.y,
                           radius: layout.knobRadius, sigma: sigma, hidden: hidden != nil)
    let blurred = cached ? oldShadowCache.value(for: key, orMake: blur) : blur()
    canvas.composite(blurred, color: StyleColors.shadow, opacity: opacity)
    try! canvas.fill(Path.circle(center: center, radius: layout.knobRadius), color: StyleColors.knob, opacity: opacity,
                     scratch: &scratch)
    let k = layout.symbolBoxSide / 24
    let toCanvas = AffineTransform.scale(k, k).then(.translation(center.x - 12 * k, center.y - 12 * k))
    try! canvas.fill(symbol, transform: toCanvas, color: symbolColor, opacity: opacity, scratch: &scratch)
    return canvas
}

// The reference draws the same pixels (checked once, so the comparison is fair).
for spec in specs {
    precondition(direct(spec, cached: false).pixels == (try! ToggleRenderer.render(spec, shadows: nil, fills: nil)).pixels)
    precondition(direct(spec, cached: true).pixels == (try! ToggleRenderer.render(spec, fills: nil)).pixels)
    precondition(direct(spec, cached: true).pixels == (try! ToggleRenderer.render(spec)).pixels)
}

var sink = 0
func time(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1000 / Double(repeats * specs.count)
}

let variants: [(String, () -> Void)] = [
    ("direct, blur every time (reference)", { for s in specs { for _ in 0..<repeats { sink &+= direct(s, cached: false).width } } }),
    ("scene + raster backend, blur every time", { for s in specs { for _ in 0..<repeats { sink &+= (try! ToggleRenderer.render(s, shadows: nil, fills: nil)).width } } }),
    ("direct, shadow cache hit (reference)", { for s in specs { for _ in 0..<repeats { sink &+= direct(s, cached: true).width } } }),
    ("scene + raster backend, ShadowCache hit", { for s in specs { for _ in 0..<repeats { sink &+= (try! ToggleRenderer.render(s, fills: nil)).width } } }),
    ("scene only (layout -> Scene)", { for s in specs { for _ in 0..<repeats { sink &+= (try! ToggleScene.scene(for: s)).operations.count } } }),
    ("SVG (scene + SVGWriter)", { for s in specs { for _ in 0..<repeats { sink &+= SVGWriter.svg(try! ToggleScene.scene(for: s)).count } } }),
    ("PNG (scene + raster + encode, shadow cached)", { for s in specs { for _ in 0..<repeats { sink &+= (try! ToggleRequest(spec: s, format: .png).bytes()).count } } }),
    ("scene + raster, Shadow+FillCache hit", { for s in specs { for _ in 0..<repeats { sink &+= (try! ToggleRenderer.render(s)).width } } }),
]
// SCENE_BENCH_ONLY=N runs variant N once and prints nothing else (for callgrind's instruction counts).
// SCENE_BENCH_ONLY=-1 does the set-up alone, to subtract.
if let only = ProcessInfo.processInfo.environment["SCENE_BENCH_ONLY"].flatMap(Int.init) {
    if variants.indices.contains(only) { variants[only].1() }
    exit(0)
}
var times = [[Double]](repeating: [], count: variants.count)
for _ in 0..<rounds {
    for (i, v) in variants.enumerated() { times[i].append(time(v.1)) }
}
func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }
print("µs per toggle, median of \(rounds) rounds x \(repeats) renders of \(specs.count) toggles (variants alternate):")
for (i, v) in variants.enumerated() {
    print("  " + v.0.padding(toLength: 46, withPad: " ", startingAt: 0) + String(format: "%9.2f", median(times[i])))
}
// Ratios per round (the two sides ran back to back), then their median.
let blurring = median(zip(times[1], times[0]).map { $0 / $1 })
let cachedRatio = median(zip(times[3], times[2]).map { $0 / $1 })
print(String(format: "scene / direct, median of per-round ratios: %.3fx blurring, %.3fx on a shadow-cache hit",
             blurring, cachedRatio))
if sink == 42 { print("") }
