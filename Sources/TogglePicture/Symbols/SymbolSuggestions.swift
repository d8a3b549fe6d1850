import Utilities

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
        let q = EditDistance.lowercasedASCII(query)
        guard !q.isEmpty, q.count <= maxQueryLength, limit > 0 else { return [] }
        let bound = maxDistance(for: q.count)
        var best: [(distance: Int, name: String)] = []
        var rows = [Int]()
        let qStem = stem(of: q)
        for candidates in lists {
            for candidate in candidates {
                let budget = bound - candidate.penalty
                guard budget >= 0 else { continue }
                var d = EditDistance.distance(q, candidate.key, bound: budget, rows: &rows)
                if qStem != nil || candidate.stem != nil {
                    let a = qStem ?? q, b = candidate.stem ?? candidate.key
                    let stemmed = EditDistance.distance(a, b, bound: budget - 1, rows: &rows)
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
}
