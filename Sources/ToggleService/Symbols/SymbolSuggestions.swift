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
    static func closest(to query: String, in candidates: [Candidate], limit: Int) -> [String] {
        let q = lowercasedBytes(query)
        guard !q.isEmpty, q.count <= maxQueryLength, limit > 0 else { return [] }
        let bound = maxDistance(for: q.count)
        var best: [(distance: Int, name: String)] = []
        var row0 = [Int](), row1 = [Int](), row2 = [Int]()
        let qStem = stem(of: q)
        for candidate in candidates {
            let budget = bound - candidate.penalty
            guard budget >= 0 else { continue }
            var d = Int.max
            if abs(candidate.key.count - q.count) <= budget {
                d = distance(q, candidate.key, rows: &row0, &row1, &row2)
            }
            if qStem != nil || candidate.stem != nil {
                let a = qStem ?? q, b = candidate.stem ?? candidate.key
                if abs(a.count - b.count) + 1 <= budget {
                    d = min(d, distance(a, b, rows: &row0, &row1, &row2) + 1)
                }
            }
            guard d != Int.max, d + candidate.penalty <= bound else { continue }
            best.append((d + candidate.penalty, candidate.name))
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

    /// Optimal string alignment distance: insertions, deletions, substitutions and transpositions
    /// of adjacent bytes each cost 1.
    static func distance(_ a: [UInt8], _ b: [UInt8], rows r0: inout [Int], _ r1: inout [Int],
                         _ r2: inout [Int]) -> Int {
        let n = b.count
        if a.isEmpty { return n }
        if n == 0 { return a.count }
        // r2: row i-2, r1: row i-1, r0: row i.
        r1 = Array(0...n)
        r2 = [Int](repeating: 0, count: n + 1)
        r0 = [Int](repeating: 0, count: n + 1)
        for i in 1...a.count {
            r0[0] = i
            for j in 1...n {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var v = min(r1[j] + 1, r0[j - 1] + 1, r1[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    v = min(v, r2[j - 2] + 1)
                }
                r0[j] = v
            }
            swap(&r2, &r1)
            swap(&r1, &r0)
        }
        return r1[n]
    }
}
