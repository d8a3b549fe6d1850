import Foundation
import XCTest

/// Unicode's own test data, from Debian's `unicode-data` package (`.ci/run` installs it), whose
/// Unicode version (15.0 in Debian 12) is ICU 72's.
enum UnicodeTestFiles {
    static let directory = URL(fileURLWithPath: "/usr/share/unicode")

    /// The data lines of `path` (under `directory`): comments after `#` and blank lines dropped,
    /// each with its 1-based line number in the file.
    static func dataLines(_ path: String) throws -> [(number: Int, text: Substring)] {
        let url = directory.appendingPathComponent(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            XCTFail("\(url.path) is missing: apt-get install unicode-data (.ci/run does)")
            throw XCTSkip("unicode-data missing")
        }
        var lines: [(Int, Substring)] = []
        for (index, line) in String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
            .enumerated() {
            let text = line.prefix { $0 != "#" }.trimmingCharacters(in: .whitespaces)
            if !text.isEmpty { lines.append((index + 1, Substring(text))) }
        }
        return lines
    }

    /// Scalars from space-separated hex code points ("05D0 0020 0031").
    static func scalars(_ field: Substring) -> [Unicode.Scalar] {
        field.split(separator: " ").map { Unicode.Scalar(UInt32($0, radix: 16)!)! }
    }
}

/// A fixed pseudo-random sample, the same on every run: SplitMix64 (Steele, Lea and Flood,
/// "Fast splittable pseudorandom number generators", 2014) from a seed.
struct SeededSample: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// `count` distinct indices of `0..<total`, in increasing order.
    static func indices(_ count: Int, of total: Int, seed: UInt64) -> [Int] {
        var generator = SeededSample(seed: seed)
        var chosen = Set<Int>()
        while chosen.count < min(count, total) { chosen.insert(Int.random(in: 0..<total, using: &generator)) }
        return chosen.sorted()
    }
}
