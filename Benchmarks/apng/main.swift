// APNG benchmark: bytes, frames and time to make the animated toggles (render + encode of every
// frame), against the still PNG of the same parameters made in the same run. Not a test; run
//   swift run -c release --package-path Benchmarks apng-bench [--write DIR]
// or Benchmarks/apng/run.sh, which also compares the sizes with `apngopt -z0`.
import Foundation
import ToggleService
import QueryLanguage

let cases = [
    "on=1&animate=1", "on=1&animate=1&scale=2", "on=1&animate=1&scale=3",
    "on=1&animate=1&scale=2&motion=reduce", "on=1&animate=1&scale=2&loop=1",
    "on=0&animate=1&scale=2&theme=dark&color=indigo", "on=1&animate=1&scale=2&fps=30",
    // Each style's own animation: switch spring, tutorial linear 0.15 s, button and
    // symbol crossfades on SwiftUI's default spring.
    "style=switch&on=1&animate=1&scale=2", "style=tutorial&on=1&animate=1&scale=2",
    "style=button&label=Wi-Fi&on=1&animate=1&scale=2", "style=symbol&label=Hare&on=1&animate=1&scale=2",
    "style=symbol&label=Hare&sources=1,0&animate=1&scale=2",
]
var writeDirectory: String?
if let i = CommandLine.arguments.firstIndex(of: "--write"), i + 1 < CommandLine.arguments.count {
    writeDirectory = CommandLine.arguments[i + 1]
    try FileManager.default.createDirectory(atPath: writeDirectory!, withIntermediateDirectories: true)
}

/// CPU time of this thread during one call, in ms (CLOCK_THREAD_CPUTIME_ID: time the thread
/// waits while other processes run on a shared machine is not counted).
func time(_ body: () throws -> Void) rethrows -> Double {
    func now() -> Double {
        var t = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t)
        return Double(t.tv_sec) * 1e3 + Double(t.tv_nsec) / 1e6
    }
    let start = now()
    try body()
    return now() - start
}

/// Median times of `a` and `b` over `rounds` A/B rounds (interleaved, so load from other processes
/// falls on both alike), in ms.
func medians(rounds: Int, _ a: () throws -> Void, _ b: () throws -> Void) rethrows -> (Double, Double) {
    var ta: [Double] = [], tb: [Double] = []
    for _ in 0..<rounds {
        ta.append(try time(a))
        tb.append(try time(b))
    }
    return (ta.sorted()[rounds / 2], tb.sorted()[rounds / 2])
}

print("query | frames | APNG bytes | APNG CPU ms | of which layout ms | still PNG CPU ms | APNG / still")
for (index, query) in cases.enumerated() {
    let q = try ToggleQuery(rawQuery: query)
    let animated = ToggleRequest(query: q, format: .png)
    let still = ToggleRequest(spec: q.spec, format: .png)
    let bytes = try animated.bytes()
    let frames = q.animation!.frames.count
    let (apngTime, stillTime) = try medians(rounds: 9, { _ = try animated.bytes() },
                                            { _ = try still.bytes() })
    // Laying every frame out as a scene (no drawing, no encoding): the styles' share.
    let (layoutTime, _) = try medians(rounds: 9, { for f in q.animation!.frames { _ = try f.scene() } }, {})
    print("\(query) | \(frames) | \(bytes.count) | \(String(format: "%.1f", apngTime)) | \(String(format: "%.1f", layoutTime)) | "
          + "\(String(format: "%.2f", stillTime)) | \(String(format: "%.1f", apngTime / stillTime))x")
    if let dir = writeDirectory {
        try Data(bytes).write(to: URL(fileURLWithPath: "\(dir)/animation-\(index).png"))
        try Data(query.utf8).write(to: URL(fileURLWithPath: "\(dir)/animation-\(index).txt"))
    }
}
