/// Edit distance between short byte strings, for "did you mean" suggestions (symbol names,
/// parameter names).
public enum EditDistance {
    /// `s`'s UTF-8 bytes with ASCII letters lowercased.
    public static func lowercasedASCII(_ s: String) -> [UInt8] {
        s.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 0x20 : $0 }
    }

    /// Optimal string alignment distance between `a` and `b` (insertions, deletions,
    /// substitutions and transpositions of adjacent bytes each cost 1), or `Int.max` once it is
    /// certain to exceed `bound`. `rows` is scratch space, reused between calls.
    public static func distance(_ a: [UInt8], _ b: [UInt8], bound: Int, rows: inout [Int]) -> Int {
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
