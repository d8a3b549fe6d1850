// What each toggle style costs to draw and encode (button and symbol with the label "Label"),
// against the icon switch (the product's own style) in alternating rounds of the same run: median
// over rounds of (style time / iconSwitch time), each round rendering every state at scales 1, 2
// and 3, shadows blurred and fills rasterized every time (no caches), then PNG-encoded. Not a test; run with
//   swift run -c release --package-path Benchmarks style-bench [ROUNDS]
import Dispatch
import Foundation
import ImageWriters
import TogglePicture
import ToggleService
import QueryLanguage

let styles = ["iconSwitch", "switch", "button&label=Label", "symbol&label=Label", "tutorial"]
let states = ["on=1", "on=0", "state=mixed"]
let scales = ["1", "2", "3"]
let rounds = CommandLine.arguments.count > 1 ? Int(CommandLine.arguments[1]) ?? 15 : 15
let repeats = 10

let specs: [[ToggleSpec]] = styles.map { style in
    states.flatMap { state in scales.map { try! ToggleQuery(rawQuery: "style=\(style)&\($0 == "1" ? "" : "scale=\($0)&")\(state)").spec } }
}

/// Seconds to render and encode `group` `repeats` times.
func time(_ group: [ToggleSpec]) -> Double {
    var bytes = 0
    let start = DispatchTime.now().uptimeNanoseconds
    for _ in 0..<repeats {
        for spec in group {
            let canvas = try! ToggleRenderer.render(spec, shadows: nil, fills: nil)
            bytes += try! PNGEncoder.rgba.encode(canvas, text: []).count
        }
    }
    precondition(bytes > 0)
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

var ratios = [[Double]](repeating: [], count: styles.count)
var reference: [Double] = []
for _ in 0..<rounds {
    let base = time(specs[0])
    reference.append(base)
    for i in styles.indices.dropFirst() { ratios[i].append(time(specs[i]) / base) }
}
func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }
let perPicture = median(reference) / Double(repeats * specs[0].count) * 1e6
print("style-bench: \(rounds) rounds, \(specs[0].count) pictures per style (3 states x scales 1, 2, 3), "
      + "render (shadows blurred every time) + PNG encode")
print(String(format: "  %-10@ 1.00x (reference, %.0f us per picture)", "iconSwitch" as NSString, perPicture))
for i in styles.indices.dropFirst() {
    let name = String(styles[i].split(separator: "&")[0])
    print(String(format: "  %-10@ %.2fx iconSwitch", name as NSString, median(ratios[i])))
}
