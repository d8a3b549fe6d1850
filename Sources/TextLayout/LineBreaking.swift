/// Greedy line breaking over break opportunities (UAX #14, `TextBoundaries.lineBreaks`):
/// segments are added to a line while its width stays within `maxWidth`; a segment wider than a
/// line on its own is cut between grapheme clusters (UAX #29) wherever it must. White space at
/// the end of a line hangs: it is not measured. Never returns an empty list; every line holds at
/// least one grapheme cluster, so the result always ends.
///
/// - Parameters:
///   - opportunities: increasing offsets after which a line may end, the last one the text's end.
///   - clusterEnds: increasing offsets ending the grapheme clusters, the last one the text's end.
///   - maxWidth: the widest a line may be, pt.
///   - width: the width of a range of the text (white space at its end already left out), pt.
/// - Returns: contiguous ranges covering the text, trailing white space included; one empty
///   range for empty text.
func breakLines(opportunities: [Int], clusterEnds: [Int], maxWidth: Double,
                width: (Range<Int>) -> Double) -> [Range<Int>] {
    guard let end = opportunities.last, end > 0 else { return [0..<0] }
    var lines: [Range<Int>] = []
    var start = 0
    var fitEnd: Int? = nil
    for opportunity in opportunities {
        if width(start..<opportunity) <= maxWidth {
            fitEnd = opportunity
            continue
        }
        if let fit = fitEnd {
            lines.append(start..<fit)
            start = fit
            fitEnd = nil
            if width(start..<opportunity) <= maxWidth {
                fitEnd = opportunity
                continue
            }
        }
        // One segment wider than a line: cut it between grapheme clusters.
        var last: Int? = nil
        for cluster in clusterEnds where cluster > start && cluster <= opportunity {
            if let previous = last, width(start..<cluster) > maxWidth {
                lines.append(start..<previous)
                start = previous
            }
            last = cluster
        }
        fitEnd = opportunity
    }
    if start < end { lines.append(start..<(fitEnd ?? end)) }
    return lines
}
