import TogglePicture
// PNG encoder tuning: bytes and time per image for libpng filter / zlib level / strategy
// choices, over a fixed set of toggles. Not a test; run with
//   swift run -c release --package-path Benchmarks png-tuning [--write DIR]
// `--write DIR` also writes each toggle with the chosen settings, for comparing with optipng.
import Dispatch
import Foundation
import ImageWriters
import Geometry
import Raster
import ToggleService
import QueryLanguage

let queries = [
    "on=1", "on=0", "state=mixed", "on=1&scale=2", "on=0&scale=2&theme=dark",
    "on=1&scale=3&color=indigo", "on=0&scale=3&bg=white", "on=1&scale=4&size=accessibility2",
    "on=1&disabled=1&scale=2", "on=1&scale=2&pad=8&bg=f2f2f7",
]
let canvases = queries.map { try! ToggleRenderer.render(try! ToggleQuery(rawQuery: $0).spec) }
let pixels = canvases.map { $0.straightAlphaPixels() }

struct Setting {
    let name: String
    let filters: Int32
    let level: Int32
    let strategy: Int32
    var palette = false
    /// The whole encoder, when the row is one of the service's encoders.
    var encoder: PNGEncoder? = nil
}
// libpng filter bits (png.h): NONE 0x08, SUB 0x10, UP 0x20, AVG 0x40, PAETH 0x80.
let filterChoices: [(String, Int32)] = [
    ("none", 0x08), ("sub", 0x10), ("up", 0x20), ("avg", 0x40), ("paeth", 0x80), ("all", 0xf8),
]
var settings: [Setting] = [Setting(name: "libpng default", filters: 0, level: -1, strategy: -1)]
for (fname, f) in filterChoices {
    for level: Int32 in (fname == "none" ? [1, 3, 5, 6, 7, 8, 9] : [6, 9]) {
        for (sname, s): (String, Int32) in [("default", 0), ("filtered", 1), ("rle", 3)] {
            settings.append(Setting(name: "filter \(fname), level \(level), \(sname)", filters: f, level: level, strategy: s))
        }
    }
}

// Palette (colour type 3) when a toggle has at most 256 colours, RGBA otherwise.
for level: Int32 in [1, 3, 5, 8, 9] {
    settings.append(Setting(name: "palette if possible, filter none, level \(level), default", filters: 0x08,
                            level: level, strategy: 0, palette: true))
}
settings.append(Setting(name: "service RGBA (PNGEncoder.rgba: levels 3/5/8 by size)", filters: 0, level: 0,
                        strategy: 0, encoder: PNGEncoder.rgba))
settings.append(Setting(name: "service stills (PNGEncoder.toggleStill: palette, levels 3/5/8 by size)", filters: 0,
                        level: 0, strategy: 0, encoder: PNGEncoder.toggleStill))

func measure(_ setting: Setting) -> (bytes: Int, microseconds: Double) {
    var encoder = PNGEncoder()
    encoder.filters = setting.filters
    encoder.compressionLevel = setting.level
    encoder.strategy = setting.strategy
    encoder.allowsPalette = setting.palette
    if let service = setting.encoder { encoder = service }
    var total = 0
    let rounds = 20
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<rounds {
        total = 0
        for (i, c) in canvases.enumerated() {
            total += try! encoder.encode(straightRGBA: pixels[i], width: c.width, height: c.height).count
        }
    }
    let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start) / 1000
    return (total, elapsed / Double(rounds * canvases.count))
}

print("setting | total bytes (\(queries.count) toggles) | µs per image")
for setting in settings {
    let (bytes, us) = measure(setting)
    print("\(setting.name) | \(bytes) | \(String(format: "%.1f", us))")
}

let args = CommandLine.arguments
if let i = args.firstIndex(of: "--write"), i + 1 < args.count {
    let dir = args[i + 1]
    try? FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    for (n, q) in queries.enumerated() {
        let png = try! ToggleRequest(spec: try! ToggleQuery(rawQuery: q).spec, format: .png).bytes()
        guard FileManager.default.createFile(atPath: "\(dir)/toggle-\(n).png", contents: Data(png)) else {
            fatalError("cannot write \(dir)/toggle-\(n).png")
        }
    }
    print("wrote \(queries.count) toggles with the service's settings to \(dir)")
}
