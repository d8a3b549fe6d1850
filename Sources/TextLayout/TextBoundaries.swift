import CICU

/// Where text may be divided, from ICU's break iterators, in Unicode scalar offsets.
enum TextBoundaries {
    /// The ends of the line-break segments of `scalars` (UAX #14 as ICU tailors it, dictionaries
    /// for Thai, Lao, Khmer and Burmese, kinsoku for Chinese and Japanese): a line may end after
    /// each offset, the last being `scalars.count`. `locale` is an ICU locale ("" for root, or
    /// the label's language); empty text has none.
    static func lineBreaks(_ scalars: [Unicode.Scalar], locale: String = "") -> [Int] {
        boundaries(scalars) { units, count, out, capacity in tis_line_breaks(units, count, locale, out, capacity) }
    }

    /// The ends of the extended grapheme clusters of `scalars` (UAX #29): a base with its marks,
    /// an emoji ZWJ sequence, a flag's two regional indicators are one cluster each.
    static func graphemeClusterEnds(_ scalars: [Unicode.Scalar]) -> [Int] {
        boundaries(scalars) { units, count, out, capacity in tis_grapheme_breaks(units, count, out, capacity) }
    }

    private static func boundaries(_ scalars: [Unicode.Scalar],
                                   _ find: ([UInt16], Int32, UnsafeMutablePointer<Int32>, Int32) -> Int32) -> [Int] {
        guard !scalars.isEmpty else { return [] }
        let text = UTF16Text(scalars)
        // At most one boundary per code unit, so one call always has room.
        var offsets = [Int32](repeating: 0, count: text.units.count)
        let count = offsets.withUnsafeMutableBufferPointer { buffer in
            find(text.units, Int32(text.units.count), buffer.baseAddress!, Int32(buffer.count))
        }
        // ICU fails only for bad arguments or missing data; one segment is then the safe answer.
        guard count > 0 else { return [scalars.count] }
        return offsets.prefix(Int(count)).map { text.scalarIndex(ofUnit: Int($0)) }
    }
}
