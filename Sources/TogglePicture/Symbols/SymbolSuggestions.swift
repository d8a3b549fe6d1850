/// Closest known names for an unknown one, by edit distance.
enum SymbolSuggestions {
    /// Names longer than this get no suggestions (queries are attacker-controlled).
    static let maxQueryLength = 64

    /// A candidate name with its comparison key (lowercased bytes).
    struct Candidate: Sendable {
        var name: String
        var key: [UInt8]
        /// Added to the distance (e.g. for `mdi:` names offered for a bare query).
        var penalty: Int
        /// `key` without a trailing `.fill`, if it has one.
        var stem: [UInt8]?

        init(name: String, key: [UInt8], penalty: Int) {
            self.name = name
            self.key = key
            self.penalty = penalty
            stem = SymbolSuggestions.stem(of: key)
        }
    }

    static let fillSuffix = Array(".fill".utf8)

    /// `key` without a trailing `.fill`, or nil when it has none.
    static func stem(of key: [UInt8]) -> [UInt8]? {
        key.count > fillSuffix.count && key.suffix(fillSuffix.count).elementsEqual(fillSuffix)
            ? Array(key.dropLast(fillSuffix.count)) : nil
    }

    /// Up to `limit` names from `candidates` closest to `query` (optimal string alignment
    /// distance, case-insensitive, so `Moon.Fill` suggests `moon.fill`), nearest first and
    /// alphabetical among equals; only names within `maxDistance(for:)`. Adding or dropping a
    /// trailing `.fill` counts as one step, so `speaker.slash` suggests `speaker.slash.fill`.
    static func closest(to query: String, in lists: [Candidate]..., limit: Int) -> [String] {
        let q = lowercasedBytes(query)
        guard !q.isEmpty, q.count <= maxQueryLength, limit > 0 else { return [] }
        let bound = maxDistance(for: q.count)
        var best: [(distance: Int, name: String)] = []
        var rows = [Int]()
        let qStem = stem(of: q)
        for candidates in lists {
            for candidate in candidates {
                let budget = bound - candidate.penalty
                guard budget >= 0 else { continue }
                var d = distance(q, candidate.key, bound: budget, rows: &rows)
                if qStem != nil || candidate.stem != nil {
                    let a = qStem ?? q, b = candidate.stem ?? candidate.key
                    let stemmed = distance(a, b, bound: budget - 1, rows: &rows)
                    if stemmed != Int.max { d = min(d, stemmed + 1) }
                }
                guard d != Int.max else { continue }
                best.append((d + candidate.penalty, candidate.name))
            }
        }
        best.sort { $0.distance != $1.distance ? $0.distance < $1.distance : $0.name < $1.name }
        var names: [String] = []
        for entry in best where !names.contains(entry.name) {
            names.append(entry.name)
            if names.count == limit { break }
        }
        return names
    }

    /// The largest distance still offered: a third of the name, at least 2.
    static func maxDistance(for length: Int) -> Int { max(2, length / 3) }

    static func lowercasedBytes(_ s: String) -> [UInt8] {
        s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// Optimal string alignment distance between `a` and `b` (insertions, deletions,
    /// substitutions and transpositions of adjacent bytes each cost 1), or `Int.max` once it is
    /// certain to exceed `bound`. `rows` is scratch space, reused between calls.
    static func distance(_ a: [UInt8], _ b: [UInt8], bound: Int, rows: inout [Int]) -> Int {
        let m = a.count, n = b.count
        guard bound >= 0, abs(m - n) <= bound else { return Int.max }
        if m == 0 || n == 0 { return max(m, n) }
        let width = n + 1
        if rows.count < 3 * width { rows = [Int](repeating: 0, count: 3 * width) }
        return rows.withUnsafeMutableBufferPointer { rows in
            a.withUnsafeBufferPointer { a in
                b.withUnsafeBufferPointer { b in
                    // Three rows (i-2, i-1, i) in rotating slots of `width` entries.
                    var previous2 = 2 * width, previous = 0, current = width
                    for j in 0...n { rows[previous + j] = j }
                    var previousMinimum = 0
                    for i in 1...m {
                        rows[current] = i
                        var minimum = i
                        for j in 1...n {
                            let cost = a[i - 1] == b[j - 1] ? 0 : 1
                            var v = min(rows[previous + j] + 1, rows[current + j - 1] + 1,
                                        rows[previous + j - 1] + cost)
                            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                                v = min(v, rows[previous2 + j - 2] + 1)
                            }
                            rows[current + j] = v
                            minimum = min(minimum, v)
                        }
                        // Every entry of a row is at least the smaller of the two rows above's
                        // minima, so two rows over the bound settle it.
                        if minimum > bound && previousMinimum > bound { return Int.max }
                        previousMinimum = minimum
                        (previous2, previous, current) = (previous, current, previous2)
                    }
                    let d = rows[previous + n]
                    return d <= bound ? d : Int.max
                }
            }
        }
    }
}
