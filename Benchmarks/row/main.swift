// row-bench: what a /row picture costs against a plain /toggle at scale 2 (the target:
// less than 3x), both measured in this run, caches warm (shaped runs, glyph outlines, knob shadows), as the
// service draws them: canvas only, and canvas plus PNG encoding.
// Usage: swift run -c release --package-path Benchmarks row-bench [iterations]
// Prints one line per measurement and the ratios row / toggle.
//   row-bench N only=toggle|row|toggle-png|row-png   runs just that loop N times (after one
//   warm-up call), for `valgrind --tool=callgrind`, whose instruction counts do not drift with
//   machine load: the count for N = 200 minus N = 100, over 100, is one call's cost.
//   row-bench N encode-level=L [card]   encodes the row's (or the card's) canvas N times at zlib
//   level L as the service would (palette when it fits), for callgrind, and prints the bytes.
//   ROW_QUERY=QUERY sets the row measured (default: Dark Mode, on, moon.fill, indigo, scale 2).
import Foundation
import ImageWriters
import Raster
import SceneRaster
import TogglePicture
import ToggleService

#if canImport(Glibc)
import Glibc
import QueryLanguage
#endif

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

/// Median of `rounds` timings of `iterations` calls each, microseconds per call.
func measure(_ iterations: Int, rounds: Int = 5, _ body: () throws -> Int) rethrows -> (us: Double, checksum: Int) {
    var checksum = 0
    for _ in 0..<max(1, iterations / 10) { checksum &+= try body() }  // warm-up: fills the caches
    var times: [Double] = []
    for _ in 0..<rounds {
        let start = now()
        for _ in 0..<iterations { checksum &+= try body() }
        times.append((now() - start) / Double(iterations) * 1e6)
    }
    return (times.sorted()[rounds / 2], checksum)
}

let iterations = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 300 : 300
let toggle = try ToggleQuery(rawQuery: "on=1&color=indigo&sym=moon.fill&scale=2").spec
// ROW_QUERY=... measures another row (e.g. `label=Bold&style=button&on=1&scale=2`, a styled row).
let row = try RowQuery(rawQuery: ProcessInfo.processInfo.environment["ROW_QUERY"]
                           ?? "label=Dark%20Mode&on=1&color=indigo&sym=moon.fill&scale=2")
let card = try CardQuery(rawQuery: "scale=2")

/// The row's picture drawn as the service draws it: its scene, then the raster backend.
func renderRow() throws -> Canvas {
    try SceneRasterizer.render(RowScene.scene(row: row.row, label: row.label, spec: row.spec))
}
func renderCard() throws -> Canvas {
    try SceneRasterizer.render(RowScene.scene(card: card.rows.map { ($0.row, $0.label, $0.spec) }, width: card.width,
                                              scale: card.scale, appearance: card.appearance))
}

if CommandLine.arguments.dropFirst(2).contains("levels") {
    // Bytes and time of the row's and card's PNGs at each zlib level (palette when it fits).
    let rowCanvas = try renderRow()
    let cardCanvas = try renderCard()
    for level: Int32 in [1, 3, 5, 6, 8, 9] {
        var encoder = PNGEncoder.toggleStill
        encoder.smallImageLevels = []
        encoder.compressionLevel = level
        let rowBytes = try encoder.encode(rowCanvas).count, cardBytes = try encoder.encode(cardCanvas).count
        let t = measure(max(1, iterations / 10)) { (try? encoder.encode(rowCanvas).count) ?? 0 }
        print("level=\(level) row-bytes=\(rowBytes) card-bytes=\(cardBytes) row-encode-us=\(String(format: "%.0f", t.us))")
    }
    exit(0)
}

if let level = CommandLine.arguments.dropFirst(2).first(where: { $0.hasPrefix("encode-level=") })
    .flatMap({ Int32($0.dropFirst(13)) }) {
    let canvas = CommandLine.arguments.contains("card") ? try renderCard() : try renderRow()
    var encoder = PNGEncoder.toggleStill
    encoder.smallImageLevels = []
    encoder.compressionLevel = level
    var bytes = 0
    for _ in 0...iterations { bytes = try encoder.encode(canvas).count }
    print("encode-level=\(level) bytes=\(bytes) iterations=\(iterations)")
    exit(0)
}

if let only = CommandLine.arguments.dropFirst(2).first(where: { $0.hasPrefix("only=") })?.dropFirst(5) {
    let body: () throws -> Int
    switch only {
    case "toggle": body = { try ToggleRenderer.render(toggle).pixels.count }
    case "row": body = { try renderRow().pixels.count }
    case "toggle-png": body = { try ToggleRequest(spec: toggle, format: .png).bytes().count }
    case "row-png": body = { try RowRequest(query: row, format: .png).bytes().count }
    default: fatalError("only=toggle|row|toggle-png|row-png")
    }
    var checksum = try body()
    for _ in 0..<iterations { checksum &+= try body() }
    print("only=\(only) iterations=\(iterations) checksum=\(checksum)")
    exit(0)
}

let toggleCanvas = try measure(iterations) { try ToggleRenderer.render(toggle).pixels.count }
let rowCanvas = try measure(iterations) { try renderRow().pixels.count }
let togglePNG = try measure(iterations) { try ToggleRequest(spec: toggle, format: .png).bytes().count }
let rowPNG = try measure(iterations) { try RowRequest(query: row, format: .png).bytes().count }
let cardPNG = try measure(max(1, iterations / 4)) { try CardRequest(query: card, format: .png).bytes().count }

func line(_ name: String, _ m: (us: Double, checksum: Int)) {
    print("\(name) us=\(String(format: "%.1f", m.us)) checksum=\(m.checksum)")
}
line("toggle-canvas", toggleCanvas)
line("row-canvas", rowCanvas)
line("toggle-png", togglePNG)
line("row-png", rowPNG)
line("card-png", cardPNG)
print(String(format: "ratio row/toggle canvas=%.2f png=%.2f (target < 3)",
             rowCanvas.us / toggleCanvas.us, rowPNG.us / togglePNG.us))

// Where a row's canvas time goes.
let labelPath = measure(iterations) { row.row.labelPath(x: 0, y: 0, scale: 2).elements.count }
let path = row.row.labelPath(x: 0, y: 0, scale: 2)
let labelFill = try measure(iterations) {
    var canvas = Canvas(width: 700, height: 88)
    var scratch = RasterScratch()
    try canvas.fill(path, color: .white, scratch: &scratch)
    return canvas.pixels.count
}
let emptyCanvas = measure(iterations) { Canvas(width: 700, height: 88).pixels.count }
print("breakdown of row-canvas:")
line("label-path", labelPath)
line("label-fill+canvas", labelFill)
line("empty-canvas", emptyCanvas)
