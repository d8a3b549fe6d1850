// APNG benchmark: bytes, frames and time to make the animated toggles (render + encode of every
// frame), against the still PNG of the same parameters made in the same run. Not a test; run
//   swift run -c release apng-bench [--write DIR]
// or Benchmarks/apng/run.sh, which also compares the sizes with `apngopt -z0`.
import Foundation
import ToggleService

let cases = [
    "on=1&animate=1", "on=1&animate=1&scale=2", "on=1&animate=1&scale=3",
    "on=1&animate=1&scale=2&motion=reduce", "on=1&animate=1&scale=2&loop=1",
    "on=0&animate=1&scale=2&theme=dark&color=indigo", "on=1&animate=1&scale=2&fps=30",
]
var writeDirectory: String?
if let i = CommandLine.arguments.firstIndex(of: "--write"), i + 1 < CommandLine.arguments.count {
    writeDirectory = CommandLine.arguments[i + 1]
    try FileManager.default.createDirectory(atPath: writeDirectory!, withIntermediateDirectories: true)
}

/// Median wall time of `runs` calls, in ms.
func median(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    var times: [Double] = []
    for _ in 0..<runs {
        let start = DispatchTime.now().uptimeNanoseconds
        try body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6)
    }
    return times.sorted()[runs / 2]
}

print("query | frames | APNG bytes | APNG ms | still PNG ms | APNG / still time")
for (index, query) in cases.enumerated() {
    let q = try ToggleQuery(rawQuery: query)
    var still = q
    still.animation = nil
    let bytes = try q.image()
    let frames = q.animation!.frames.count
    let apngTime = try median(runs: 5) { _ = try q.image() }
    let stillTime = try median(runs: 21) { _ = try still.image() }
    print("\(query) | \(frames) | \(bytes.count) | \(String(format: "%.1f", apngTime)) | "
          + "\(String(format: "%.2f", stillTime)) | \(String(format: "%.1f", apngTime / stillTime))x")
    if let dir = writeDirectory {
        FileManager.default.createFile(atPath: "\(dir)/animation-\(index).png", contents: Data(bytes))
        try Data(query.utf8).write(to: URL(fileURLWithPath: "\(dir)/animation-\(index).txt"))
    }
}
